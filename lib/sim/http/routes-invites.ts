/**
 * Invite routes of the simulated HTTP service with a bot token (the platform document, "Invites
 * and target users", and the public docs, resources/channel.mdx and resources/invite.mdx): Create
 * Channel Invite with `target_user_ids`, `target_users_file` (CSV, multipart) and `role_ids`; Get
 * Channel Invites (roles as partial roles); Get and Update Target Users and the update's job status.
 * The invites live in lib/sim/guild-invites.ts, where accepting one happens.
 * @internal
 * @module
 */
import type { NativeWorld, NativeWorldGuild } from '../../addon/native.js';
import { channelGuildInvites, createGuildInvite, findGuildInvite, startTargetUsersJob, type GuildInvite } from '../guild-invites.js';
import { noteWorldChange } from '../world-changes.js';
import { invalidForm, notFound, ServiceRefusal } from './errors.js';
import type { RouteHandlers, ServiceContext } from './routes.js';
import { bodyObject, snowflakeField, wireUser } from './wire.js';
import { BITS, botGuild, GUILD_ERRORS, partialRoleJson, permissionsOf, requirePermissions, topPosition } from './wire-guilds.js';

const UNKNOWN_INVITE = 10006;
const SNOWFLAKE = /^\d{1,20}$/;

/** `2016-03-31T19:15:39.954000+00:00`, as the docs' invite metadata example writes times. */
function inviteTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, -1)}000+00:00`;
}

/**
 * The user ids of a target-user CSV: "a csv file with a single column of user IDs" (channel.mdx);
 * a first line `user_id` is a header (Get Target Users answers one, so a file read back can be sent
 * again); blank lines are skipped; "Duplicate user IDs in the file will be ignored". "Uploading a
 * file with invalid user IDs will result in a 400 with the invalid IDs described": each bad line
 * as the docs' example words it ("Line 5: invalid user ID format"), in the service's error body.
 */
export function parseTargetUsersCsv(text: string): string[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const ids = new Set<string>();
  const problems: string[] = [];
  lines.forEach((raw, index) => {
    const line = raw.trim().replace(/^"(.*)"$/, '$1');
    if (line === '' || (index === 0 && line === 'user_id')) return;
    if (!SNOWFLAKE.test(line) || BigInt(line) >= 1n << 64n) problems.push(`Line ${index + 1}: invalid user ID format`);
    else ids.add(line);
  });
  if (problems.length > 0) {
    throw new ServiceRefusal(400, 50035, 'Invalid Form Body', { target_users_file: { _errors: problems.slice(0, 50).map((message) => ({ code: 'BASE_TYPE_INVALID', message })) } });
  }
  return [...ids];
}

/** Snowflakes of a list field: a JSON array, or in a plain form field a comma-separated string (our choice). */
function snowflakeList(name: string, value: unknown, max: number): string[] {
  if (value === undefined || value === null) return [];
  const list = typeof value === 'string' ? value.split(',').filter((item) => item !== '') : value;
  if (!Array.isArray(list)) throw invalidForm(name, `${name} must be an array of snowflakes`);
  if (list.length > max) throw invalidForm(name, `${name} must have at most ${max} items`);
  return [...new Set(list.map((item, i) => snowflakeField(`${name}.${i}`, item)))];
}

function integerField(given: Record<string, unknown>, name: string, min: number, max: number, fallback: number): number {
  const value = given[name];
  if (value === undefined || value === null) return fallback;
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (!(Number.isInteger(number) && (number as number) >= min && (number as number) <= max)) throw invalidForm(name, `${name} must be an integer from ${min} to ${max}`);
  return number as number;
}

/** The guild of a channel (a guild channel only: "Only usable for guild channels"). */
function channelGuild(world: NativeWorld, id: string | undefined): { guildId: string; channel: NativeWorldGuild['channels'][number] } {
  const channelId = snowflakeField('channel.id', id);
  for (const guild of world.describeWorld(0).guilds) {
    const channel = guild.channels.find((candidate) => candidate.id === channelId);
    if (channel) return { guildId: guild.id, channel };
  }
  throw notFound(10003, 'Unknown Channel');
}

/**
 * `role_ids`: "Requires the MANAGE_ROLES permission and cannot assign roles with higher permissions
 * than the sender" (channel.mdx). Also our choice, as for any role a bot hands out: only roles below
 * its highest role (topics/permissions.mdx, "Permission Hierarchy"), never @everyone.
 */
function checkGrantableRoles(guild: NativeWorldGuild, botUserId: string, held: bigint, roleIds: readonly string[]): void {
  if (roleIds.length === 0) return;
  requirePermissions(held, BITS.manageRoles);
  roleIds.forEach((roleId, i) => {
    const role = guild.roles.find((candidate) => candidate.id === roleId);
    if (!role || role.id === guild.id) throw invalidForm(`role_ids.${i}`, `role ${roleId} is not a role of the guild that can be granted`);
    const higher = (held & BITS.administrator) === 0n && (BigInt(role.permissions) & ~held) !== 0n;
    if (botUserId !== guild.ownerId && (higher || role.position >= topPosition(guild, botUserId))) {
      throw new ServiceRefusal(403, GUILD_ERRORS.missingPermissions, 'Missing Permissions');
    }
  });
}

/** An invite object with its metadata (GuildInviteResponse); its roles partial. */
function inviteJson(world: NativeWorld, invite: GuildInvite): Record<string, unknown> {
  const guild = world.getGuild(invite.guildId)!;
  const channel = guild.channels.find((candidate) => candidate.id === invite.channelId);
  return {
    type: 0,
    code: invite.code,
    inviter: wireUser(world, invite.inviterId),
    max_age: invite.maxAge,
    created_at: inviteTime(invite.createdAt),
    expires_at: invite.maxAge === 0 ? null : inviteTime(invite.createdAt + invite.maxAge * 1000),
    flags: 0,
    guild: { id: guild.id, name: guild.name, splash: null, banner: null, description: null, icon: null, features: guild.features, verification_level: 0, vanity_url_code: null, nsfw_level: 0, nsfw: false, premium_subscription_count: 0 },
    guild_id: guild.id,
    channel: { id: invite.channelId, type: channel?.type ?? 0, name: channel?.name ?? null },
    uses: invite.uses,
    max_uses: invite.maxUses,
    temporary: invite.temporary,
    roles: guild.roles.filter((role) => invite.roleIds.includes(role.id)).map(partialRoleJson),
  };
}

/** The gateway's Invite Create payload (events/gateway-events.mdx, "Invite Create Event Fields"). */
function inviteCreateEvent(world: NativeWorld, invite: GuildInvite): Record<string, unknown> {
  return {
    channel_id: invite.channelId,
    code: invite.code,
    created_at: inviteTime(invite.createdAt),
    guild_id: invite.guildId,
    inviter: wireUser(world, invite.inviterId),
    max_age: invite.maxAge,
    max_uses: invite.maxUses,
    temporary: invite.temporary,
    uses: 0,
    expires_at: invite.maxAge === 0 ? null : inviteTime(invite.createdAt + invite.maxAge * 1000),
    ...(invite.roleIds.length > 0 ? { role_ids: [...invite.roleIds] } : {}),
  };
}

/** The invite of a `code` path parameter and the bot's guild; the bot must be its inviter or hold one of `options`. */
function ownInvite(context: ServiceContext, caller: Parameters<typeof botGuild>[1], code: string | undefined, ...options: bigint[]): GuildInvite {
  const invite = findGuildInvite(context.world, code ?? '');
  if (!invite) throw notFound(UNKNOWN_INVITE, 'Unknown Invite');
  const { guild, botUserId } = botGuild(context, caller, invite.guildId);
  if (invite.inviterId !== botUserId) requirePermissions(permissionsOf(context.world, guild.id, botUserId), ...options);
  return invite;
}

export const INVITE_HANDLERS = {
  createChannelInvite: {
    handle({ caller, params, body, files }, context) {
      const world = context.world;
      const { guildId, channel } = channelGuild(world, params['channel_id']);
      const { guild, botUserId } = botGuild(context, caller, guildId);
      // "All JSON parameters for this route are optional, however the request body is not."
      if (body === undefined && files.size === 0) throw invalidForm('_errors', 'a body is required: send {} for no fields', 'BASE_TYPE_REQUIRED');
      const given = body === undefined ? {} : bodyObject(body);
      const maxAge = integerField(given, 'max_age', 0, 604800, 86400);
      const maxUses = integerField(given, 'max_uses', 0, 100, 0);
      const temporary = given['temporary'] === true || given['temporary'] === 'true';
      const roleIds = snowflakeList('role_ids', given['role_ids'], 250);
      const listed = given['target_user_ids'] === undefined || given['target_user_ids'] === null ? null : snowflakeList('target_user_ids', given['target_user_ids'], 10_000);
      const csv = files.get('target_users_file');
      // Both at once: our choice to refuse (the document: target_user_ids "gives the target users without a CSV upload").
      if (listed !== null && csv !== undefined) throw invalidForm('target_user_ids', 'give target_user_ids or target_users_file, not both');
      const file = csv === undefined ? null : parseTargetUsersCsv(csv);
      requirePermissions(permissionsOf(world, guild.id, botUserId, channel.id), BITS.createInstantInvite);
      // "Manage Guild (required for targeted invites with target_users_file)" (tutorials/using-community-invites.mdx); target_user_ids likewise (our choice).
      if (listed !== null || file !== null) requirePermissions(permissionsOf(world, guild.id, botUserId), BITS.manageGuild);
      checkGrantableRoles(guild, botUserId, permissionsOf(world, guild.id, botUserId), roleIds);
      const invite = createGuildInvite(world, { guildId, channelId: channel.id, inviterId: botUserId, roleIds, maxAge, maxUses, temporary, targets: listed === null ? null : new Set(listed) }, file);
      noteWorldChange(world, { kind: 'inviteCreated', guildId, channelId: channel.id, event: inviteCreateEvent(world, invite) });
      return { status: 200, body: inviteJson(world, invite) };
    },
  },
  getChannelInvites: {
    handle({ caller, params }, context) {
      const { guildId, channel } = channelGuild(context.world, params['channel_id']);
      const { guild, botUserId } = botGuild(context, caller, guildId);
      // "Requires the MANAGE_CHANNELS permission" (channel.mdx, Get Channel Invites).
      requirePermissions(permissionsOf(context.world, guild.id, botUserId, channel.id), BITS.manageChannels);
      return { status: 200, body: channelGuildInvites(context.world, channel.id).map((invite) => inviteJson(context.world, invite)) };
    },
  },
  getInviteTargetUsers: {
    handle({ caller, params }, context) {
      // "Requires the caller to be the inviter, or have MANAGE_GUILD permission, or have VIEW_AUDIT_LOG permission."
      const invite = ownInvite(context, caller, params['code'], BITS.manageGuild, BITS.viewAuditLog);
      // "Single header line user_id, then one user ID per line" (platform document); an invite without a list: the header alone (our choice).
      const lines = ['user_id', ...(invite.targets ?? [])];
      return { status: 200, contentType: 'text/csv', body: `${lines.join('\n')}\n` };
    },
  },
  updateInviteTargetUsers: {
    handle({ caller, params, files }, context) {
      // "Requires the caller to be the inviter or have the MANAGE_GUILD permission."
      const invite = ownInvite(context, caller, params['code'], BITS.manageGuild);
      const csv = files.get('target_users_file');
      if (csv === undefined) throw invalidForm('target_users_file', 'target_users_file is required', 'BASE_TYPE_REQUIRED');
      // "Update replaces the entire list as an asynchronous job" (platform document).
      startTargetUsersJob(invite, parseTargetUsersCsv(csv), context.world.now());
      return { status: 204 };
    },
  },
  getInviteTargetUsersJobStatus: {
    handle({ caller, params }, context) {
      const invite = ownInvite(context, caller, params['code'], BITS.manageGuild, BITS.viewAuditLog);
      const job = invite.job;
      // No file was ever sent: UNSPECIFIED ("The default value"), nothing counted (our choice).
      if (!job) return { status: 200, body: { status: 0, total_users: 0, processed_users: 0, created_at: null, completed_at: null, error_message: null } };
      const done = job.completedAt !== null;
      return {
        status: 200,
        body: { status: job.status, total_users: job.pending.length, processed_users: done ? job.pending.length : 0, created_at: inviteTime(job.createdAt), completed_at: done ? inviteTime(job.completedAt!) : null, error_message: null },
      };
    },
  },
} satisfies RouteHandlers;
