/**
 * The simulated HTTP service's guild objects (the official description's GuildChannelResponse,
 * GuildRoleResponse, MyGuildResponse, GuildBanResponse) from the world's view of one guild
 * (NativeWorld.getGuild), and the guild-route helpers every guild route shares: the bot's guild,
 * its permissions, and the dated changes of the platform document on the simulator's calendar.
 * @internal
 * @module
 */
import type { NativeOverwrite, NativeWorld, NativeWorldGuild } from '../../addon/native.js';
import { KNOWN_PERMISSION_BITS } from '../guilds.js';
import { channelSlowmode, PERMISSION_SPLITS_FROM } from '../channel-messages.js';
import { mintedAtOrAfter } from '../snowflake-minter.js';
import { channelOverwrites } from '../world-changes.js';
import { notFound, ServiceRefusal } from './errors.js';
import type { Caller, ServiceContext } from './routes.js';
import { snowflakeField, wireUser } from './wire.js';

type Json = Record<string, unknown>;
type WorldChannel = NativeWorldGuild['channels'][number];
type WorldRole = NativeWorldGuild['roles'][number];

/** The platform document's dated changes ("Versioning"), applied from their date on the simulator's clock. */
export const DATED_CHANGES = {
  /** "2026-11-16: GET /guilds/{guild.id}/channels omits channels lacking VIEW_CHANNEL." */
  guildChannelsOmitUnviewable: Date.UTC(2026, 10, 16),
  /** "2026-02-23: PIN_MESSAGES required to pin messages ... The older permissions alone no longer suffice." */
  permissionSplits: PERMISSION_SPLITS_FROM,
  /**
   * "Channel application_id may be null" (Resources: Channel object; public change log, August 5,
   * 2026: "For future guild channels, this field can be serialized as null"): guild channels made
   * from that day (their id's time) carry `application_id: null`; older ones leave the field out.
   */
  channelApplicationIdNull: Date.UTC(2026, 7, 5),
} as const;


/** The service's JSON error codes these routes answer (public docs, topics/opcodes-and-status-codes.mdx). */
export const GUILD_ERRORS = { unknownGuild: 10004, unknownUser: 10013, unknownBan: 10026, missingAccess: 50001, missingPermissions: 50013 } as const;

/** Permission bits as the routes check them (PermissionFlagsBits' positions). */
export const BITS = {
  createInstantInvite: 1n << 0n,
  kickMembers: 1n << 1n,
  banMembers: 1n << 2n,
  administrator: 1n << 3n,
  manageChannels: 1n << 4n,
  manageGuild: 1n << 5n,
  viewAuditLog: 1n << 7n,
  viewChannel: 1n << 10n,
  manageRoles: 1n << 28n,
  manageGuildExpressions: 1n << 30n,
  manageEvents: 1n << 33n,
  createGuildExpressions: 1n << 43n,
  createEvents: 1n << 44n,
} as const;

/** The guild a bot-token request names, and the bot user, which must be its member. */
export function botGuild(context: ServiceContext, caller: Caller, id: string | undefined): { guild: NativeWorldGuild; botUserId: string } {
  const guildId = snowflakeField('guild.id', id);
  const guild = context.world.getGuild(guildId);
  if (!guild) throw notFound(GUILD_ERRORS.unknownGuild, 'Unknown Guild');
  const botUserId = context.world.getApplication(caller.applicationId)!.botUserId;
  if (!guild.members.some((member) => member.userId === botUserId)) {
    throw new ServiceRefusal(403, GUILD_ERRORS.missingAccess, 'Missing Access');
  }
  return { guild, botUserId };
}

/** The user's computed permissions in the guild (or a channel of it), as a bigint of the bits the service defines. */
export function permissionsOf(world: NativeWorld, guildId: string, userId: string, channelId?: string): bigint {
  const bits = channelId === undefined ? world.guildPermissions(guildId, userId) : world.guildPermissions(guildId, userId, channelId);
  return BigInt(bits) & KNOWN_PERMISSION_BITS;
}

/** 403 Missing Permissions unless `held` has every bit of one of `options` (the alternatives a route accepts). */
export function requirePermissions(held: bigint, ...options: bigint[]): void {
  if (options.some((needed) => (held & needed) === needed)) return;
  throw new ServiceRefusal(403, GUILD_ERRORS.missingPermissions, 'Missing Permissions');
}

function overwriteJson(guildId: string, overwrite: NativeOverwrite): Json {
  const everyone = overwrite.userId === '0';
  // type 0: a role (@everyone's id is the guild's); 1: a member (resources/channel.mdx, Overwrite Object).
  return { id: everyone ? guildId : overwrite.userId, type: everyone || overwrite.role === true ? 0 : 1, allow: String(overwrite.allow), deny: String(overwrite.deny) };
}

/** A guild channel (GuildChannelResponse); its overwrites as the harness gave them (its category's when it follows it: synced). */
export function guildChannelJson(world: NativeWorld, guildId: string, channel: WorldChannel): Json {
  const own = channelOverwrites(world, channel.id) ?? (channel.parentId === null ? undefined : channelOverwrites(world, channel.parentId));
  // Built by adding fields to one literal rather than by spreads: a spread of a conditional object
  // made every channel a slow-path clone (the gateway's dispatch of a channel change spends most
  // of its JS time here).
  const json: Json = {
    id: channel.id,
    type: channel.type,
    guild_id: guildId,
    name: channel.name,
    position: channel.position,
    parent_id: channel.parentId,
    permission_overwrites: own === undefined ? [] : own.map((overwrite) => overwriteJson(guildId, overwrite)),
    flags: 0,
    nsfw: false,
  };
  if (mintedAtOrAfter(channel.id, DATED_CHANGES.channelApplicationIdNull)) json.application_id = null;
  // Text and announcement channels; voice and stage channels (resources/channel.mdx's examples).
  // Slowmode as the harness set it (sim.setChannelSlowmode; lib/sim/channel-messages.ts keeps it).
  if (channel.type === 0 || channel.type === 5) {
    json.topic = null;
  } else if (channel.type === 2 || channel.type === 13) {
    json.bitrate = 64000;
    json.user_limit = 0;
    json.rtc_region = null;
  } else {
    return json;
  }
  json.last_message_id = null;
  json.rate_limit_per_user = channelSlowmode(world, channel.id);
  return json;
}

/** A role's colors: the simulator keeps one color (secondary and tertiary: none). */
function colorsJson(role: WorldRole): Json {
  return { primary_color: role.color, secondary_color: null, tertiary_color: null };
}

/** A role (GuildRoleResponse); the simulator keeps no icon, emoji, tags or flags. */
export function roleJson(role: WorldRole): Json {
  return {
    id: role.id,
    name: role.name,
    permissions: String(BigInt(role.permissions) & KNOWN_PERMISSION_BITS),
    position: role.position,
    color: role.color,
    colors: colorsJson(role),
    hoist: role.hoist,
    managed: false,
    mentionable: role.mentionable,
    icon: null,
    unicode_emoji: null,
    flags: 0,
  };
}

/**
 * A partial role, as Get Channel Invites shows an invite's roles: "Only id, name, position, color,
 * colors, icon, unicode_emoji (no other role fields)" (platform document, Resources: Invites).
 */
export function partialRoleJson(role: WorldRole): Json {
  return { id: role.id, name: role.name, position: role.position, color: role.color, colors: colorsJson(role), icon: null, unicode_emoji: null };
}

/** A ban (GuildBanResponse). */
export function banJson(world: NativeWorld, ban: NativeWorldGuild['bans'][number]): Json {
  return { user: wireUser(world, ban.userId), reason: ban.reason };
}

/** The highest position among a member's roles (0: @everyone's only); the owner above all. */
export function topPosition(guild: NativeWorldGuild, userId: string): number {
  if (userId === guild.ownerId) return Number.POSITIVE_INFINITY;
  const member = guild.members.find((candidate) => candidate.userId === userId);
  if (!member) return -1;
  return Math.max(0, ...guild.roles.filter((role) => member.roleIds.includes(role.id)).map((role) => role.position));
}
