/**
 * The invites a bot makes with Create Channel Invite (beside the world's lobby channel invites):
 * the roles they grant and the users allowed to accept them (the platform document, "Invites and
 * target users"), the asynchronous job that reads an uploaded target-user file, and accepting one.
 * One record per world, held weakly.
 *
 * The job runs on the simulator's clock: it completes {@link TARGET_USERS_JOB_MS} after it was
 * started (our choice: the document says "States and transitions ...: not shown"; the states are
 * the docs' TargetUsersJobStatus, resources/invite.mdx). Until then the previous list stays in
 * force (none yet, on an invite created with a file: nobody may accept it before the job ends).
 * @internal
 * @module
 */
import type { NativeWorld } from '../addon/native.js';

/** A refusal as the world's own calls throw one: a RangeError with the service's status and code. */
function refused(status: number, code: number, message: string): RangeError {
  return Object.assign(new RangeError(message), { status, code });
}

/** How long (simulator's clock) a target-user job takes: our choice. */
export const TARGET_USERS_JOB_MS = 1_000;

/** The docs' job states (resources/invite.mdx, "Get Target Users Job Status", Status Codes). */
export const JOB_STATUS = { unspecified: 0, processing: 1, completed: 2, failed: 3 } as const;

export interface TargetUsersJob {
  status: (typeof JOB_STATUS)[keyof typeof JOB_STATUS];
  /** The ids the file gave, applied when the job completes. */
  readonly pending: readonly string[];
  readonly createdAt: number;
  completedAt: number | null;
}

export interface GuildInvite {
  readonly code: string;
  readonly guildId: string;
  readonly channelId: string;
  readonly inviterId: string;
  readonly roleIds: readonly string[];
  /** Seconds; 0: never expires. */
  readonly maxAge: number;
  /** 0: unlimited. */
  readonly maxUses: number;
  readonly temporary: boolean;
  readonly createdAt: number;
  uses: number;
  /** The users allowed to accept it; null: anyone. */
  targets: Set<string> | null;
  job: TargetUsersJob | null;
}

const invitesOf = new WeakMap<NativeWorld, Map<string, GuildInvite>>();

function store(world: NativeWorld): Map<string, GuildInvite> {
  let invites = invitesOf.get(world);
  if (!invites) invitesOf.set(world, (invites = new Map()));
  return invites;
}

/** The job has run its time: its list replaces the invite's. */
function settle(invite: GuildInvite, now: number): void {
  const job = invite.job;
  if (job?.status !== JOB_STATUS.processing || now < job.createdAt + TARGET_USERS_JOB_MS) return;
  invite.targets = new Set(job.pending);
  job.status = JOB_STATUS.completed;
  job.completedAt = job.createdAt + TARGET_USERS_JOB_MS;
}

function expired(invite: GuildInvite, now: number): boolean {
  return (invite.maxAge > 0 && now >= invite.createdAt + invite.maxAge * 1000) || (invite.maxUses > 0 && invite.uses >= invite.maxUses);
}

const CODE_ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * Records a new invite. Its code has 8 characters (the world's lobby invites have 10, so the two
 * never meet).
 */
export function createGuildInvite(world: NativeWorld, fields: Omit<GuildInvite, 'code' | 'uses' | 'job' | 'createdAt'>, file: readonly string[] | null): GuildInvite {
  const invites = store(world);
  const now = world.now();
  // Expired and used-up invites are dropped as new ones are made: the store holds the valid ones.
  for (const [known, invite] of invites) if (expired(invite, now)) invites.delete(known);
  let code: string;
  do {
    code = Array.from({ length: 8 }, () => CODE_ALPHABET[Math.floor(Math.random() * CODE_ALPHABET.length)]).join('');
  } while (invites.has(code));
  const invite: GuildInvite = { ...fields, code, uses: 0, createdAt: now, job: null };
  if (file !== null) startTargetUsersJob(invite, file, now);
  invites.set(code, invite);
  return invite;
}

/** Starts the job that replaces the invite's target users with `ids` (a running one is replaced). */
export function startTargetUsersJob(invite: GuildInvite, ids: readonly string[], now: number): void {
  invite.job = { status: JOB_STATUS.processing, pending: ids, createdAt: now, completedAt: null };
  if (invite.targets === null) invite.targets = new Set();
}

/** The invite of `code` as of now (its job settled), or undefined: unknown or expired. */
export function findGuildInvite(world: NativeWorld, code: string): GuildInvite | undefined {
  const invite = invitesOf.get(world)?.get(code);
  if (!invite) return undefined;
  const now = world.now();
  if (expired(invite, now)) return undefined;
  settle(invite, now);
  return invite;
}

/** The channel's invites that are still valid, oldest first. */
export function channelGuildInvites(world: NativeWorld, channelId: string): GuildInvite[] {
  return [...(invitesOf.get(world)?.values() ?? [])].filter((invite) => invite.channelId === channelId && findGuildInvite(world, invite.code) !== undefined);
}

/**
 * A user accepts a bot's invite: they join the guild (if not a member) and receive its roles that
 * still exist. Refusals change nothing: 404 Unknown Invite (10006) for an unknown, used up or
 * expired code, 403 (40007) for a banned user, and 403 Missing Access (50001) for a user the
 * invite does not target (our choice of code: the docs say only "Only users in that list can see
 * and accept the invite"; a lobby invite answers another user the same way).
 * `joined`: the user was not a member before (GUILD_CHANGES tells the watchers). Returns undefined
 * when `code` is not a bot's invite (the world's lobby invites are tried next).
 */
export function acceptGuildInvite(world: NativeWorld, code: string, userId: string): { guildId: string; channelId: string; joined: boolean; rolesGranted: boolean } | undefined {
  if (!invitesOf.get(world)?.has(code)) return undefined;
  if (world.getUser(userId) === null) throw refused(404, 10013, 'Unknown User');
  const invite = findGuildInvite(world, code);
  const guild = invite && world.getGuild(invite.guildId);
  if (!invite || !guild) throw refused(404, 10006, 'Unknown Invite');
  if (guild.bans.some((ban) => ban.userId === userId)) throw refused(403, 40007, 'The user is banned from this guild.');
  if (invite.targets !== null && !invite.targets.has(userId)) throw refused(403, 50001, 'Missing Access: the invite does not target this user');
  const member = guild.members.find((candidate) => candidate.userId === userId);
  if (!member) world.addGuildMember(guild.id, userId, 0);
  // "Roles assigned to a user who accepts" (platform document); a role deleted since is skipped.
  const granted = invite.roleIds.filter((roleId) => guild.roles.some((role) => role.id === roleId));
  const held = member?.roleIds ?? [];
  const rolesGranted = granted.some((roleId) => !held.includes(roleId));
  if (rolesGranted) world.setGuildMemberRoles(guild.id, userId, [...new Set([...held, ...granted])]);
  invite.uses++;
  return { guildId: invite.guildId, channelId: invite.channelId, joined: !member, rolesGranted };
}
