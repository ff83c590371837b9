/**
 * The RestClient's guild invite methods, with the bot token: invites with target users and roles
 * (docs resources/channel.mdx "Create Channel Invite", resources/invite.mdx; platform document,
 * Resources: Invites and target users), what a game server sends players to the guild its lobbies
 * link to with. Installed on RestClient.prototype when rest/index.ts loads this module.
 * @module
 */
import { checkBoolean, checkInteger, typeName } from '../common/validate.js';
import { toSnowflake, type SnowflakeInput } from '../model/ids.js';
import { ROUTES } from '../routes/table.js';
import { checkRequestOptions } from './bodies.js';
import { defineRestMethods, internals } from './client.js';
import { targetUsersCsv, toChannelInvite, toChannelInvites, toTargetUserIds, toTargetUsersJobStatus, type ChannelInvite, type TargetUsersJobStatus } from './invites.js';
import { route } from './routes.js';
import type { RequestOptions } from './types.js';

/** What {@link RestClient.createChannelInvite} makes. */
export interface CreateChannelInviteInput {
  /** Seconds it lasts, 0 (forever) to 604,800 (7 days); default 86,400 (the service's). */
  maxAge?: number;
  /** Uses allowed, 0 (any) to 100; default 0. */
  maxUses?: number;
  /** Membership that lasts while the member is connected. */
  temporary?: boolean;
  /** Roles given to whoever accepts (MANAGE_ROLES; only roles below the bot's highest). */
  roleIds?: readonly SnowflakeInput[];
  /** The only users who may accept, sent as `target_user_ids` (MANAGE_GUILD). */
  targetUserIds?: readonly SnowflakeInput[];
  /**
   * The only users who may accept, uploaded as the CSV `target_users_file` (for long lists; the
   * service takes it as a job: {@link RestClient.getInviteTargetUsersJobStatus}). Not with `targetUserIds`.
   */
  targetUsersFile?: readonly SnowflakeInput[];
}

/** The most users a CSV this client builds may hold (our bound: the docs give none). */
const TARGET_USERS_MAX = 100_000;

function checkIds(value: unknown, name: string, max: number): string[] {
  if (!Array.isArray(value)) throw new TypeError(`${name} must be an array of IDs, got ${typeName(value)}`);
  if (value.length > max) throw new RangeError(`${name} holds at most ${max} IDs, got ${value.length}`);
  return value.map((id, i) => toSnowflake(id as SnowflakeInput, `${name}[${i}]`));
}

function inviteBody(input: CreateChannelInviteInput): { body: Record<string, unknown>; file: string[] | undefined } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new TypeError(`invite must be an object, got ${typeName(input)}`);
  const body: Record<string, unknown> = {};
  if (input.maxAge !== undefined) body['max_age'] = checkInteger(input.maxAge, 'invite.maxAge', 0, 604_800);
  if (input.maxUses !== undefined) body['max_uses'] = checkInteger(input.maxUses, 'invite.maxUses', 0, 100);
  if (input.temporary !== undefined) body['temporary'] = checkBoolean(input.temporary, 'invite.temporary');
  if (input.roleIds !== undefined) body['role_ids'] = checkIds(input.roleIds, 'invite.roleIds', 250);
  if (input.targetUserIds !== undefined && input.targetUsersFile !== undefined) throw new TypeError('invite.targetUserIds and invite.targetUsersFile are alternatives: give one');
  if (input.targetUserIds !== undefined) body['target_user_ids'] = checkIds(input.targetUserIds, 'invite.targetUserIds', TARGET_USERS_MAX);
  const file = input.targetUsersFile === undefined ? undefined : checkIds(input.targetUsersFile, 'invite.targetUsersFile', TARGET_USERS_MAX);
  return { body, file };
}

function csvFile(userIds: readonly string[]): { field: string; filename: string; contentType: string; data: string } {
  return { field: 'target_users_file', filename: 'target_users.csv', contentType: 'text/csv', data: targetUsersCsv(userIds) };
}

declare module './client.js' {
  interface RestClient {
    /**
     * Creates an invite to a guild channel (`POST /channels/{channel}/invites`, CREATE_INSTANT_INVITE),
     * optionally only for some users and granting roles to whoever accepts.
     * @example
     * const invite = await rest.createChannelInvite(channelId, { targetUserIds: [playerId], roleIds: [raiderRole], maxUses: 1 });
     */
    createChannelInvite(channelId: SnowflakeInput, invite?: CreateChannelInviteInput, options?: RequestOptions): Promise<ChannelInvite>;

    /** The channel's invites (`GET /channels/{channel}/invites`, MANAGE_CHANNELS), their roles partial. */
    getChannelInvites(channelId: SnowflakeInput, options?: RequestOptions): Promise<ChannelInvite[]>;

    /** The users an invite is for (`GET /invites/{code}/target-users`: the inviter, MANAGE_GUILD or VIEW_AUDIT_LOG). */
    getInviteTargetUsers(code: string, options?: RequestOptions): Promise<string[]>;

    /**
     * Replaces an invite's whole target-user list (`PUT /invites/{code}/target-users`: the inviter
     * or MANAGE_GUILD). The service applies it as a job; the old list holds until it completes.
     */
    updateInviteTargetUsers(code: string, userIds: readonly SnowflakeInput[], options?: RequestOptions): Promise<void>;

    /** The state of an invite's target-user job (`GET /invites/{code}/target-users/job-status`). */
    getInviteTargetUsersJobStatus(code: string, options?: RequestOptions): Promise<TargetUsersJobStatus>;
  }
}

/** An invite code: letters, digits, `-` and `_` (it goes into the path). */
function checkCode(code: unknown): string {
  if (typeof code !== 'string') throw new TypeError(`code must be a string, got ${typeName(code)}`);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(code)) throw new RangeError('code must be an invite code: 1 to 64 letters, digits, - or _');
  return code;
}

defineRestMethods({
  async createChannelInvite(channelId: SnowflakeInput, invite: CreateChannelInviteInput = {}, options?: RequestOptions): Promise<ChannelInvite> {
    const target = route(ROUTES.createChannelInvite, toSnowflake(channelId, 'channelId'));
    const { body, file } = inviteBody(invite);
    const checked = checkRequestOptions(options, false);
    const request = file === undefined ? { body } : { multipart: { payload: body, files: [csvFile(file)] } };
    return toChannelInvite(target.shape, (await internals(this).transport.execute({ route: target, ...checked, ...request })).body);
  },

  async getChannelInvites(channelId: SnowflakeInput, options?: RequestOptions): Promise<ChannelInvite[]> {
    return toChannelInvites(...(await internals(this).get(ROUTES.getChannelInvites, [toSnowflake(channelId, 'channelId')], options)));
  },

  async getInviteTargetUsers(code: string, options?: RequestOptions): Promise<string[]> {
    return toTargetUserIds(...(await internals(this).get(ROUTES.getInviteTargetUsers, [checkCode(code)], options)));
  },

  async updateInviteTargetUsers(code: string, userIds: readonly SnowflakeInput[], options?: RequestOptions): Promise<void> {
    const target = route(ROUTES.updateInviteTargetUsers, checkCode(code));
    const file = csvFile(checkIds(userIds, 'userIds', TARGET_USERS_MAX));
    await internals(this).transport.execute({ route: target, ...checkRequestOptions(options, false), multipart: { payload: {}, files: [file] } });
  },

  async getInviteTargetUsersJobStatus(code: string, options?: RequestOptions): Promise<TargetUsersJobStatus> {
    return toTargetUsersJobStatus(...(await internals(this).get(ROUTES.getInviteTargetUsersJobStatus, [checkCode(code)], options)));
  },
});
