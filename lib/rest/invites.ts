/**
 * The RestClient's guild invite shapes (invites with target users and roles, the target-user job)
 * and their reading from the service's JSON and CSV (docs resources/invite.mdx; platform document,
 * Resources: Invites and target users).
 * @module
 */
import { Reader } from './payloads.js';

/** A role an invite grants, as Get Channel Invites shows it: a partial role (platform document: "Only id, name, position, color, colors, icon, unicode_emoji"). */
export interface InviteRole {
  id: string;
  name: string;
  position: number;
  color: number;
}

/** A guild channel invite. */
export interface ChannelInvite {
  code: string;
  guildId: string;
  channelId: string;
  /** Who made it (its user id). */
  inviterId: string | null;
  /** Seconds it lasts (0: forever). */
  maxAge: number;
  /** How many times it may be used (0: any). */
  maxUses: number;
  uses: number;
  temporary: boolean;
  createdAt: Date;
  expiresAt: Date | null;
  /** The roles a user who accepts is given. */
  roles: InviteRole[];
}

/** The docs' Target Users Job Status: 0 UNSPECIFIED, 1 PROCESSING, 2 COMPLETED, 3 FAILED. */
export type TargetUsersJobStatusCode = 0 | 1 | 2 | 3;

/** The state of an invite's target-user job (`GET /invites/{code}/target-users/job-status`). */
export interface TargetUsersJobStatus {
  status: TargetUsersJobStatusCode;
  totalUsers: number;
  processedUsers: number;
  createdAt: Date | null;
  completedAt: Date | null;
  errorMessage: string | null;
}

function date(read: Reader, value: unknown, path: string): Date | null {
  if (value === null || value === undefined) return null;
  const ms = Date.parse(read.string(value, path));
  if (!Number.isFinite(ms)) read.fail(path, 'an ISO 8601 timestamp');
  return new Date(ms);
}

function readInvite(read: Reader, value: unknown, path: string): ChannelInvite {
  const wire = read.object(value, path);
  const channel = read.object(wire.channel, `${path}.channel`);
  const inviter = wire.inviter === undefined || wire.inviter === null ? null : read.object(wire.inviter, `${path}.inviter`);
  const roles = wire.roles === undefined ? [] : read.array(wire.roles, `${path}.roles`);
  return {
    code: read.string(wire.code, `${path}.code`),
    guildId: read.id(wire.guild_id, `${path}.guild_id`),
    channelId: read.id(channel.id, `${path}.channel.id`),
    inviterId: inviter === null ? null : read.id(inviter.id, `${path}.inviter.id`),
    maxAge: read.number(wire.max_age, `${path}.max_age`, 0),
    maxUses: read.number(wire.max_uses, `${path}.max_uses`, 0),
    uses: read.number(wire.uses, `${path}.uses`, 0),
    temporary: wire.temporary === true,
    createdAt: date(read, wire.created_at, `${path}.created_at`) ?? new Date(0),
    expiresAt: date(read, wire.expires_at, `${path}.expires_at`),
    roles: roles.map((entry, i) => {
      const at = `${path}.roles[${i}]`;
      const role = read.object(entry, at);
      return { id: read.id(role.id, `${at}.id`), name: read.string(role.name, `${at}.name`), position: read.number(role.position, `${at}.position`), color: read.number(role.color, `${at}.color`, 0) };
    }),
  };
}

/** @internal */
export function toChannelInvite(route: string, body: unknown): ChannelInvite {
  return readInvite(new Reader(route), body, 'answer');
}

/** @internal */
export function toChannelInvites(route: string, body: unknown): ChannelInvite[] {
  const read = new Reader(route);
  return read.array(body, 'answer').map((entry, i) => readInvite(read, entry, `answer[${i}]`));
}

/** @internal The user ids of Get Target Users' CSV: the header line `user_id`, then one id per line. */
export function toTargetUserIds(route: string, body: unknown): string[] {
  const read = new Reader(route);
  const lines = read.string(body, 'answer').split(/\r?\n/).filter((line) => line !== '');
  if (lines[0] !== 'user_id') read.fail('answer', 'CSV whose first line is exactly user_id');
  return lines.slice(1).map((line, i) => read.id(line, `answer line ${i + 2}`));
}

/** @internal */
export function toTargetUsersJobStatus(route: string, body: unknown): TargetUsersJobStatus {
  const read = new Reader(route);
  const wire = read.object(body, 'answer');
  const status = read.number(wire.status, 'answer.status');
  if (![0, 1, 2, 3].includes(status)) read.fail('answer.status', 'a job status (0 to 3)');
  return {
    status: status as TargetUsersJobStatusCode,
    totalUsers: read.number(wire.total_users, 'answer.total_users', 0),
    processedUsers: read.number(wire.processed_users, 'answer.processed_users', 0),
    createdAt: date(read, wire.created_at, 'answer.created_at'),
    completedAt: date(read, wire.completed_at, 'answer.completed_at'),
    errorMessage: wire.error_message === null || wire.error_message === undefined ? null : read.string(wire.error_message, 'answer.error_message'),
  };
}

/** @internal A CSV of user ids as the service takes it (`target_users_file`): the header, then one id per line. */
export function targetUsersCsv(userIds: readonly string[]): string {
  return `user_id\n${userIds.join('\n')}\n`;
}
