/**
 * Guild routes of the simulated HTTP service, with a bot token (the platform document's HTTP rules
 * for bots; the application's bot user must be a member of the guild, else 403 Missing Access):
 * Get Guild Channels (from 2026-11-16 on the simulator's calendar it omits the channels the bot
 * cannot view; before, it lists them), Get Guild Roles and Role Member Counts, bans (a banned user
 * is removed and cannot come back through an invite), prune (ADMINISTRATOR under the guild
 * feature PRUNE_REQUIRES_ADMIN, else MANAGE_GUILD and KICK_MEMBERS) and Get Current User Guilds
 * (`shard` required for an application using large bot sharding, 0 to max_concurrency − 1).
 * @internal
 * @module
 */
import { checkBoolean, typeName } from '../../common/validate.js';
import { largeBotSharding } from '../bot-settings.js';
import { noteWorldChange } from '../world-changes.js';
import { invalidForm, notFound, ServiceRefusal, worldCall } from './errors.js';
import type { RouteHandlers, ServiceContext } from './routes.js';
import { bodyObject, snowflakeField } from './wire.js';
import { banJson, BITS, botGuild, DATED_CHANGES, GUILD_ERRORS, guildChannelJson, permissionsOf, requirePermissions, roleJson, topPosition } from './wire-guilds.js';

/** An optional integer query parameter from `min` to `max` (400 Invalid Form Body otherwise); the channel message routes use it too. */
export function queryInteger(query: URLSearchParams, name: string, min: number, max: number): number | undefined {
  const text = query.get(name);
  if (text === null) return undefined;
  const value = /^-?\d+$/.test(text) ? Number(text) : NaN;
  if (!(value >= min && value <= max)) throw invalidForm(name, `${name} must be an integer from ${min} to ${max}`);
  return value;
}

export function querySnowflake(query: URLSearchParams, name: string): bigint | undefined {
  const text = query.get(name);
  return text === null ? undefined : BigInt(snowflakeField(name, text));
}

/** Role ids of `include_roles`: a comma-separated string (the docs' query form) or an array in a body. */
function includeRoles(value: unknown, roles: readonly { id: string }[]): string[] {
  if (value === undefined || value === null || value === '') return [];
  const list = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(list)) throw invalidForm('include_roles', `include_roles must be role ids, got ${typeName(value)}`);
  if (list.length > 100) throw invalidForm('include_roles', 'include_roles must have at most 100 roles');
  return list.map((id, i) => {
    const roleId = snowflakeField(`include_roles.${i}`, id);
    if (!roles.some((role) => role.id === roleId)) throw invalidForm(`include_roles.${i}`, `role ${roleId} is not a role of the guild`);
    return roleId;
  });
}

/**
 * Who may prune: "Require ADMINISTRATOR when the guild has feature PRUNE_REQUIRES_ADMIN;
 * otherwise require MANAGE_GUILD and KICK_MEMBERS" (platform document, Endpoints).
 */
function requirePrunePermissions(context: ServiceContext, guild: { id: string; features: string[] }, botUserId: string): void {
  const held = permissionsOf(context.world, guild.id, botUserId);
  if (guild.features.includes('PRUNE_REQUIRES_ADMIN')) requirePermissions(held, BITS.administrator);
  else requirePermissions(held, BITS.manageGuild | BITS.kickMembers);
}

/** The simulator's prune: `days` 1 to 30, default 7 (resources/guild.mdx, Get Guild Prune Count). */
function prune(context: ServiceContext, guildId: string, days: number, roles: string[], apply: boolean): string[] {
  const pruned = worldCall(() => context.world.pruneGuild(guildId, days, roles, apply));
  if (apply) for (const userId of pruned) noteWorldChange(context.world, { kind: 'memberRemoved', guildId, userId });
  return pruned;
}

export const GUILD_HANDLERS = {
  getGuildChannels: {
    handle({ caller, params }, context) {
      const { guild, botUserId } = botGuild(context, caller, params['guild_id']);
      // "From 2026-11-16 omits channels the bot lacks VIEW_CHANNEL on. No early opt-in over HTTP."
      const omit = context.world.now() >= DATED_CHANGES.guildChannelsOmitUnviewable;
      const listed = guild.channels.filter((channel) => !omit || (permissionsOf(context.world, guild.id, botUserId, channel.id) & BITS.viewChannel) !== 0n);
      return { status: 200, body: listed.map((channel) => guildChannelJson(context.world, guild.id, channel)) };
    },
  },
  getGuildRoles: {
    handle({ caller, params }, context) {
      const { guild } = botGuild(context, caller, params['guild_id']);
      return { status: 200, body: guild.roles.map(roleJson) };
    },
  },
  getGuildRoleMemberCounts: {
    handle({ caller, params }, context) {
      const { guild } = botGuild(context, caller, params['guild_id']);
      // "Returns a map of role IDs to the number of members with the role. Does not include the @everyone role."
      const counts: Record<string, number> = {};
      for (const role of guild.roles) if (role.id !== guild.id) counts[role.id] = 0;
      for (const member of guild.members) for (const roleId of member.roleIds) counts[roleId] = (counts[roleId] ?? 0) + 1;
      return { status: 200, body: counts };
    },
  },
  getGuildBans: {
    handle({ caller, params, query }, context) {
      const { guild, botUserId } = botGuild(context, caller, params['guild_id']);
      requirePermissions(permissionsOf(context.world, guild.id, botUserId), BITS.banMembers);
      const limit = queryInteger(query, 'limit', 1, 1000) ?? 1000;
      const before = querySnowflake(query, 'before');
      const after = querySnowflake(query, 'after');
      let bans = guild.bans.filter((ban) => (before === undefined || BigInt(ban.userId) < before) && (after === undefined || BigInt(ban.userId) > after));
      // "before": the bans just before it; otherwise from the oldest (after) on.
      bans = before !== undefined && after === undefined ? bans.slice(-limit) : bans.slice(0, limit);
      return { status: 200, body: bans.map((ban) => banJson(context.world, ban)) };
    },
  },
  banUserFromGuild: {
    handle({ caller, params, body, auditLogReason }, context) {
      const { guild, botUserId } = botGuild(context, caller, params['guild_id']);
      const userId = snowflakeField('user.id', params['user_id']);
      const given = body === undefined ? {} : bodyObject(body);
      const seconds = given['delete_message_seconds'];
      if (seconds !== undefined && seconds !== null && !(Number.isInteger(seconds) && (seconds as number) >= 0 && (seconds as number) <= 604800)) {
        throw invalidForm('delete_message_seconds', 'delete_message_seconds must be an integer from 0 to 604800');
      }
      const days = given['delete_message_days'];
      if (days !== undefined && days !== null && !(Number.isInteger(days) && (days as number) >= 0 && (days as number) <= 7)) {
        throw invalidForm('delete_message_days', 'delete_message_days must be an integer from 0 to 7');
      }
      requirePermissions(permissionsOf(context.world, guild.id, botUserId), BITS.banMembers);
      if (context.world.getUser(userId) === null) throw notFound(GUILD_ERRORS.unknownUser, 'Unknown User');
      // The role hierarchy: a bot bans only members below its highest role, never the owner
      // (public docs, topics/permissions.mdx, "Permission Hierarchy").
      const member = guild.members.some((candidate) => candidate.userId === userId);
      if (userId === guild.ownerId || (member && botUserId !== guild.ownerId && topPosition(guild, userId) >= topPosition(guild, botUserId))) {
        throw new ServiceRefusal(403, GUILD_ERRORS.missingPermissions, 'Missing Permissions');
      }
      worldCall(() => context.world.banGuildMember(guild.id, userId, auditLogReason ?? null));
      if (member) noteWorldChange(context.world, { kind: 'memberRemoved', guildId: guild.id, userId });
      return { status: 204 };
    },
  },
  unbanUserFromGuild: {
    handle({ caller, params }, context) {
      const { guild, botUserId } = botGuild(context, caller, params['guild_id']);
      const userId = snowflakeField('user.id', params['user_id']);
      requirePermissions(permissionsOf(context.world, guild.id, botUserId), BITS.banMembers);
      if (!worldCall(() => context.world.unbanGuildMember(guild.id, userId))) throw notFound(GUILD_ERRORS.unknownBan, 'Unknown Ban');
      return { status: 204 };
    },
  },
  getGuildPruneCount: {
    handle({ caller, params, query }, context) {
      const { guild, botUserId } = botGuild(context, caller, params['guild_id']);
      requirePrunePermissions(context, guild, botUserId);
      const days = queryInteger(query, 'days', 1, 30) ?? 7;
      const roles = includeRoles(query.get('include_roles') ?? undefined, guild.roles);
      return { status: 200, body: { pruned: prune(context, guild.id, days, roles, false).length } };
    },
  },
  beginGuildPrune: {
    handle({ caller, params, body }, context) {
      const { guild, botUserId } = botGuild(context, caller, params['guild_id']);
      const given = body === undefined ? {} : bodyObject(body);
      const days = given['days'] ?? 7;
      if (!(Number.isInteger(days) && (days as number) >= 1 && (days as number) <= 30)) throw invalidForm('days', 'days must be an integer from 1 to 30');
      const compute = given['compute_prune_count'] === undefined || given['compute_prune_count'] === null ? true : checkBoolean(given['compute_prune_count'], 'compute_prune_count');
      const roles = includeRoles(given['include_roles'], guild.roles);
      requirePrunePermissions(context, guild, botUserId);
      const pruned = prune(context, guild.id, days as number, roles, true);
      // "compute_prune_count ... false ... pruned: null" (resources/guild.mdx, Begin Guild Prune).
      return { status: 200, body: { pruned: compute ? pruned.length : null } };
    },
  },
  getCurrentUserGuilds: {
    handle({ caller, query }, context) {
      const world = context.world;
      const botUserId = world.getApplication(caller.applicationId)!.botUserId;
      const maxConcurrency = largeBotSharding(world, caller.applicationId);
      let shard: number | undefined;
      if (maxConcurrency !== undefined) {
        // Platform document, Endpoints: "For apps using large bot sharding the parameter is
        // required; valid values are 0 through max_concurrency - 1 ... A request without it
        // returns 400 Bad Request." Apps not using it are unaffected: there `shard` is ignored.
        if (query.get('shard') === null) throw invalidForm('shard', 'shard is required for an application using large bot sharding', 'BASE_TYPE_REQUIRED');
        shard = queryInteger(query, 'shard', 0, maxConcurrency - 1);
      }
      const limit = queryInteger(query, 'limit', 1, 200) ?? 200;
      const before = querySnowflake(query, 'before');
      const after = querySnowflake(query, 'after');
      const withCounts = query.get('with_counts') === 'true';
      // The world's guilds, oldest (lowest id) first: those the bot user is a member of.
      let guilds = world.describeWorld(0).guilds.filter((guild) => {
        if (!guild.members.some((member) => member.userId === botUserId)) return false;
        const id = BigInt(guild.id);
        // "Returns only guilds stored in that shard": the docs' shard formula, (guild_id >> 22) % count, over max_concurrency (our choice).
        if (shard !== undefined && Number((id >> 22n) % BigInt(maxConcurrency!)) !== shard) return false;
        return (before === undefined || id < before) && (after === undefined || id > after);
      });
      guilds = before !== undefined && after === undefined ? guilds.slice(-limit) : guilds.slice(0, limit);
      const body = guilds.map((guild) => {
        const id = guild.id;
        return {
          id,
          name: guild.name,
          icon: null,
          banner: null,
          owner: guild.ownerId === botUserId,
          permissions: String(permissionsOf(world, id, botUserId)),
          features: guild.features,
          ...(withCounts ? { approximate_member_count: guild.members.length, approximate_presence_count: 0 } : {}),
        };
      });
      return { status: 200, body };
    },
  },
} satisfies RouteHandlers;
