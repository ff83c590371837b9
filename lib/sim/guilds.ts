/**
 * The simulator's guild model as the harness describes it: permissions by name, permission
 * overwrites, channel specs; checked and given the native shape.
 * @module
 */
import { toSnowflake, type Snowflake, type SnowflakeInput } from '../model/ids.js';
import { limits } from '../common/limits.js';
import type { NativeOverwrite, NativeWorld } from '../addon/native.js';
import { CHANNEL_TYPE_VALUES, type ChannelType } from '../model/types.js';
import type { User } from '../model/user.js';
import { checkInteger, checkText, describe, typeName } from '../common/validate.js';
import { checkRequiredOptions } from './harness-input.js';
import { PermissionFlagsBits } from 'discord-api-types/v10';

/**
 * A permission, by the camel-cased name of discord-api-types' `PermissionFlagsBits` (the service's
 * bit positions: `viewChannel` 1 << 10, `pinMessages` 1 << 51, `bypassSlowmode` 1 << 52, ...).
 * `@everyone` has `viewChannel` and `sendMessages` until {@link Simulator.updateGuildRole} changes
 * them; members gain more through roles ({@link Simulator.createGuildRole}) or guild-level grants
 * ({@link Simulator.addGuildMember}). The guild owner, and a member with `administrator`, have every
 * permission whatever the overwrites.
 */
export type GuildPermission = Uncapitalize<Exclude<keyof typeof PermissionFlagsBits, 'ManageEmojisAndStickers'>>;

/**
 * The service's bit of each permission (bigint: BYPASS_SLOWMODE is 1 << 52), from
 * `PermissionFlagsBits`; its deprecated alias ManageEmojisAndStickers (ManageGuildExpressions' bit)
 * is left out, so a bit has one name.
 */
const PERMISSION_BITS: Readonly<Record<GuildPermission, bigint>> = Object.freeze(
  Object.fromEntries(
    Object.entries(PermissionFlagsBits)
      .filter(([name]) => name !== 'ManageEmojisAndStickers')
      .map(([name, bit]) => [name[0]!.toLowerCase() + name.slice(1), bit]),
  ) as Record<GuildPermission, bigint>,
);

/** @internal Every permission bit the service defines: what the HTTP service shows of ALL (the owner's, an administrator's). */
export const KNOWN_PERMISSION_BITS: bigint = Object.values(PERMISSION_BITS).reduce((all, bit) => all | bit, 0n);

/**
 * A permission overwrite of a channel or category. Overwrites apply as the service applies them
 * (public docs, topics/permissions.mdx): the `@everyone` overwrite first (deny, then allow), then
 * the member's roles' (their denies combined, then their allows), then the member's own.
 */
export interface ChannelOverwrite {
  /** `'everyone'` (the `@everyone` role), a role (`{ role }`) or a member. */
  target: 'everyone' | { role: { id: Snowflake } | SnowflakeInput } | User | SnowflakeInput;
  allow?: readonly GuildPermission[];
  deny?: readonly GuildPermission[];
}

/** A simulated guild. */
export interface SimulatedGuild {
  id: Snowflake;
  name: string;
}

/** Options of {@link Simulator.createGuild}. */
export interface CreateGuildOptions {
  name: string;
  /** A member from the start, with every permission whatever the overwrites. */
  owner: User | SnowflakeInput;
  /** Further members (no guild-level grants). */
  members?: readonly (User | SnowflakeInput)[];
}

/** Options of {@link Simulator.createGuildChannel}. */
export interface CreateGuildChannelOptions {
  name: string;
  /** Default `GuildText`. A `GuildCategory` holds other channels. */
  type?: ChannelType;
  /** Place in the guild's channel list (lower first); default 0. */
  position?: number;
  /** The category (a `GuildCategory` channel of the same guild) it is in. */
  parent?: { id: Snowflake } | SnowflakeInput;
  /**
   * The channel's own overwrites. Left out, the channel follows its category's overwrites (it is
   * "synced"); an empty array gives it its own, empty, set.
   */
  overwrites?: readonly ChannelOverwrite[];
}

/** Options of {@link Simulator.updateGuildChannel}: what is left out is unchanged. */
export interface UpdateGuildChannelOptions {
  name?: string;
  position?: number;
  /** null: out of its category. */
  parent?: { id: Snowflake } | SnowflakeInput | null;
  /** null: drop its own overwrites and follow its category again. */
  overwrites?: readonly ChannelOverwrite[] | null;
}

/** @internal Guild-level permission bits from names. */
export function permissionBits(permissions: unknown, name: string): number {
  if (!Array.isArray(permissions)) throw new TypeError(`${name} must be an array of permission names, got ${typeName(permissions)}`);
  let bits = 0n;
  const names = Object.keys(PERMISSION_BITS) as GuildPermission[];
  (permissions as unknown[]).forEach((permission, i) => {
    const what = `${name}[${i}]`;
    if (typeof permission === 'string' && Object.hasOwn(PERMISSION_BITS, permission)) {
      bits |= PERMISSION_BITS[permission as GuildPermission];
      return;
    }
    // 52 names are too many to list: say where they come from, and the near one (case).
    const near = names.find((n) => typeof permission === 'string' && n.toLowerCase() === permission.toLowerCase());
    const rule = `${what} must be a permission name (PermissionFlagsBits' names, camel-cased: viewChannel, manageChannels, ...)`;
    if (typeof permission !== 'string') throw new TypeError(`${rule}, got ${typeName(permission)}`);
    throw new RangeError(`${rule}, got ${describe(permission)}${near === undefined ? '' : ` (names are case-sensitive: did you mean '${near}'?)`}`);
  });
  // Below 2^53, so the native side reads the number exactly.
  return Number(bits);
}

/** @internal The names of the permissions `bits` grants (the inverse of {@link permissionBits}), in the order of {@link GuildPermission}. */
export function permissionNames(bits: number): GuildPermission[] {
  const value = BigInt(bits);
  return (Object.keys(PERMISSION_BITS) as GuildPermission[]).filter((name) => (value & PERMISSION_BITS[name]) !== 0n);
}

/** @internal */
export function toNativeOverwrites(overwrites: unknown, name: string): NativeOverwrite[] {
  if (!Array.isArray(overwrites)) throw new TypeError(`${name} must be an array, got ${typeName(overwrites)}`);
  const seen = new Set<string>();
  return (overwrites as unknown[]).map((entry, i) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw new TypeError(`${name}[${i}] must be an object, got ${typeName(entry)}`);
    const { target, allow = [], deny = [] } = entry as ChannelOverwrite;
    const role = typeof target === 'object' && target !== null && 'role' in target;
    const userId = target === 'everyone' ? '0' : role ? idOf(target.role, `${name}[${i}].target.role`) : idOf(target, `${name}[${i}].target`);
    const key = `${role ? 'role' : 'user'} ${userId}`;
    if (seen.has(key)) throw new RangeError(`${name} has two overwrites for ${target === 'everyone' ? 'everyone' : key}`);
    seen.add(key);
    const overwrite: NativeOverwrite = { userId, allow: permissionBits(allow, `${name}[${i}].allow`), deny: permissionBits(deny, `${name}[${i}].deny`) };
    if (role) overwrite.role = true;
    return overwrite;
  });
}

/** @internal */
export function channelTypeValue(type: unknown): number {
  if (typeof type === 'string' && Object.hasOwn(CHANNEL_TYPE_VALUES, type)) return CHANNEL_TYPE_VALUES[type as ChannelType];
  const what = `type must be a channel type (${Object.keys(CHANNEL_TYPE_VALUES).join(', ')})`;
  if (typeof type !== 'string') throw new TypeError(`${what}, got ${typeName(type)}`);
  throw new RangeError(`${what}, got ${describe(type)}`);
}

/** @internal A channel position: an integer from 0 to 2^31 - 1. */
export function checkPosition(position: unknown): number {
  return checkInteger(position, 'position', 0, 0x7fffffff);
}

/** @internal A channel spec of {@link Simulator.createGuildChannel}, checked, in the native shape. */
export function toNativeChannel(options: CreateGuildChannelOptions): Parameters<NativeWorld['createGuildChannel']>[1] {
  const channel: Parameters<NativeWorld['createGuildChannel']>[1] = {
    name: checkText(options.name, 'name', 1, limits.channelNameLength),
    type: channelTypeValue(options.type ?? 'GuildText'),
    position: checkPosition(options.position ?? 0),
  };
  if (options.parent !== undefined) channel.parentId = idOf(options.parent, 'parent');
  if (options.overwrites !== undefined) channel.overwrites = toNativeOverwrites(options.overwrites, 'overwrites');
  return channel;
}

/** @internal The changes of {@link Simulator.updateGuildChannel}, checked, in the native shape. */
export function toNativeChannelChanges(changes: UpdateGuildChannelOptions): Parameters<NativeWorld['updateGuildChannel']>[1] {
  const native: Parameters<NativeWorld['updateGuildChannel']>[1] = {};
  if (changes.name !== undefined) native.name = checkText(changes.name, 'name', 1, limits.channelNameLength);
  if (changes.position !== undefined) native.position = checkPosition(changes.position);
  if (changes.parent !== undefined) native.parentId = changes.parent === null ? null : idOf(changes.parent, 'parent');
  if (changes.overwrites !== undefined) {
    native.overwrites = changes.overwrites === null ? null : toNativeOverwrites(changes.overwrites, 'overwrites');
  }
  return native;
}

/** @internal The options of {@link Simulator.createGuild}, checked (its users' existence is the world's to check). */
export function checkGuildOptions(options: CreateGuildOptions): { name: string; owner: Snowflake; memberIds: Snowflake[] } {
  checkRequiredOptions(options);
  const name = checkText(options.name, 'name', 1, limits.guildNameLength);
  const owner = idOf(options.owner, 'owner');
  const members = options.members ?? [];
  if (!Array.isArray(members)) throw new TypeError(`members must be an array, got ${typeName(members)}`);
  return { name, owner, memberIds: members.map((member, i) => idOf(member, `members[${i}]`)) };
}

function idOf(value: unknown, name: string): Snowflake {
  if (typeof value === 'object' && value !== null) return toSnowflake((value as { id: SnowflakeInput }).id, `${name}.id`);
  return toSnowflake(value as SnowflakeInput, name);
}
