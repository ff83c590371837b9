/**
 * The Simulator's methods for guild roles, member roles, guild features and an application's large
 * bot sharding: what the bot-side HTTP rules read (lib/sim/http/routes-guilds.ts). Declared on
 * {@link SimulatorRoleMethods}, which the Simulator interface extends, and installed on
 * Simulator.prototype by simulator.ts, as guild-methods.ts does.
 * @module
 */
import type { Snowflake, SnowflakeInput } from '../model/ids.js';
import type { User } from '../model/user.js';
import { checkBoolean, checkInteger, checkText, describe, typeName } from '../common/validate.js';
import { nativeWorldOf } from '../addon/native-worlds.js';
import { checkRequiredOptions, idOf } from './harness-input.js';
import type { Application } from './applications.js';
import { permissionBits, type GuildPermission } from './guilds.js';
import { setLargeBotSharding } from './bot-settings.js';
import { GUILD_CHANGES } from './world-changes.js';
import { GuildFeature } from 'discord-api-types/v10';

/** A guild role the harness made. */
export interface SimulatedRole {
  id: Snowflake;
  name: string;
}

/** Options of {@link Simulator.createGuildRole}. */
export interface CreateGuildRoleOptions {
  /** 1 to 100 characters (public docs, topics/permissions.mdx, Role Object). */
  name: string;
  /** What the role grants in every channel of the guild, before overwrites. */
  permissions?: readonly GuildPermission[];
  /** RGB, 0 to 0xFFFFFF; default 0 (no color). */
  color?: number;
  /** 1 or more (0 is @everyone's); default: above every other role. */
  position?: number;
  hoist?: boolean;
  mentionable?: boolean;
}

/** Options of {@link Simulator.updateGuildRole}: what is left out is unchanged. */
export type UpdateGuildRoleOptions = Partial<CreateGuildRoleOptions>;

/** The most characters of a role's name (public docs, resources/guild.mdx, Create Guild Role: "name of the role, max 100 characters"). */
const ROLE_NAME_LENGTH = 100;
/** The service's guild features (discord-api-types' GuildFeature: PRUNE_REQUIRES_ADMIN, COMMUNITY, ...). */
const FEATURES: ReadonlySet<string> = new Set(Object.values(GuildFeature));

/** The guild role methods of {@link Simulator}. */
export interface SimulatorRoleMethods {
  /**
   * Creates a role in a guild; returns it. Members hold it through {@link setGuildMemberRoles}.
   * @throws RangeError for an unknown guild or a bad field; TypeError for a field of the wrong type.
   */
  createGuildRole(guild: { id: Snowflake } | SnowflakeInput, options: CreateGuildRoleOptions): SimulatedRole;

  /**
   * Changes a role; `'everyone'` (the role whose id is the guild's) takes `permissions` only.
   * @throws RangeError for an unknown guild or role, or another change of `@everyone`.
   */
  updateGuildRole(guild: { id: Snowflake } | SnowflakeInput, role: { id: Snowflake } | SnowflakeInput | 'everyone', changes: UpdateGuildRoleOptions): void;

  /**
   * Replaces the roles a member holds (never `@everyone`, which every member has).
   * @throws RangeError for an unknown guild, a user that is not a member, or a role not of the guild.
   */
  setGuildMemberRoles(guild: { id: Snowflake } | SnowflakeInput, user: User | SnowflakeInput, roles: readonly ({ id: Snowflake } | SnowflakeInput)[]): void;

  /**
   * Replaces a guild's features (the owner enables `PRUNE_REQUIRES_ADMIN`, for one: the prune
   * routes then need ADMINISTRATOR).
   * @throws RangeError for an unknown guild or a name that is not a guild feature of the service.
   */
  setGuildFeatures(guild: { id: Snowflake } | SnowflakeInput, features: readonly string[]): void;

  /**
   * Marks an application as using large bot sharding with `maxConcurrency` (2 to 1024; GET
   * /gateway/bot answers it), or (`false`) not. Its Get Current User Guilds then requires `shard`.
   * @throws RangeError for an unknown application or a bad `maxConcurrency`.
   */
  setLargeBotSharding(application: Application | SnowflakeInput, maxConcurrency: number | false): void;
}

function checkRoleFields(options: UpdateGuildRoleOptions, create: boolean): Parameters<ReturnType<typeof nativeWorldOf>['updateGuildRole']>[2] {
  const out: Parameters<ReturnType<typeof nativeWorldOf>['updateGuildRole']>[2] = {};
  if (create || options.name !== undefined) out.name = checkText(options.name, 'name', 1, ROLE_NAME_LENGTH);
  if (options.permissions !== undefined) out.permissions = permissionBits(options.permissions, 'permissions');
  if (options.color !== undefined) out.color = checkInteger(options.color, 'color', 0, 0xffffff);
  if (options.position !== undefined) out.position = checkInteger(options.position, 'position', 1, 0x7fffffff);
  if (options.hoist !== undefined) out.hoist = checkBoolean(options.hoist, 'hoist');
  if (options.mentionable !== undefined) out.mentionable = checkBoolean(options.mentionable, 'mentionable');
  return out;
}

/** @internal Their implementations, installed on Simulator.prototype. */
export const roleMethods = {
  createGuildRole(this: object, guild: { id: Snowflake } | SnowflakeInput, options: CreateGuildRoleOptions): SimulatedRole {
    const world = nativeWorldOf(this);
    const guildId = idOf(guild, 'guild');
    const fields = checkRoleFields(checkRequiredOptions(options), true);
    const role = { name: fields.name!, color: fields.color ?? 0, permissions: fields.permissions ?? 0, hoist: fields.hoist ?? false, mentionable: fields.mentionable ?? false };
    const id = GUILD_CHANGES.createRole(world, guildId, fields.position === undefined ? role : { ...role, position: fields.position });
    return { id, name: role.name };
  },

  updateGuildRole(this: object, guild: { id: Snowflake } | SnowflakeInput, role: { id: Snowflake } | SnowflakeInput | 'everyone', changes: UpdateGuildRoleOptions): void {
    const world = nativeWorldOf(this);
    const guildId = idOf(guild, 'guild');
    GUILD_CHANGES.updateRole(world, guildId, role === 'everyone' ? guildId : idOf(role, 'role'), checkRoleFields(checkRequiredOptions(changes, 'changes'), false));
  },

  setGuildMemberRoles(this: object, guild: { id: Snowflake } | SnowflakeInput, user: User | SnowflakeInput, roles: readonly ({ id: Snowflake } | SnowflakeInput)[]): void {
    const world = nativeWorldOf(this);
    if (!Array.isArray(roles)) throw new TypeError(`roles must be an array, got ${typeName(roles)}`);
    GUILD_CHANGES.setMemberRoles(world, idOf(guild, 'guild'), idOf(user, 'user'), roles.map((role, i) => idOf(role, `roles[${i}]`)));
  },

  setGuildFeatures(this: object, guild: { id: Snowflake } | SnowflakeInput, features: readonly string[]): void {
    const world = nativeWorldOf(this);
    if (!Array.isArray(features)) throw new TypeError(`features must be an array, got ${typeName(features)}`);
    const names = (features as unknown[]).map((feature, i) => {
      if (typeof feature !== 'string') throw new TypeError(`features[${i}] must be a string, got ${typeName(feature)}`);
      if (!FEATURES.has(feature)) throw new RangeError(`features[${i}] must be a guild feature (discord-api-types' GuildFeature, e.g. PRUNE_REQUIRES_ADMIN), got ${describe(feature)}`);
      return feature;
    });
    world.setGuildFeatures(idOf(guild, 'guild'), names);
  },

  setLargeBotSharding(this: object, application: Application | SnowflakeInput, maxConcurrency: number | false): void {
    const world = nativeWorldOf(this);
    const id = idOf(application, 'application');
    if (world.getApplication(id) === null) throw new RangeError(`no application with id ${id}`);
    setLargeBotSharding(world, id, maxConcurrency === false ? null : checkInteger(maxConcurrency, 'maxConcurrency', 2, 1024));
  },
};
