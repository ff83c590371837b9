/**
 * The world file: one description of a simulated world in JSON, what `social-sdk-node sim --world`
 * starts from and what {@link Simulator.snapshot} writes. Its type ({@link WorldFile}) and its
 * check ({@link checkWorldFile}, exact messages, the whole file before anything is created); the
 * builder is world-build.ts.
 * @module
 */
import { limits } from '../common/limits.js';
import { MODERATION_METADATA_BOUNDS, checkBoolean, checkContent, checkInteger, checkMetadata, checkOneOf, checkSecret, checkText, typeName } from '../common/validate.js';
import { toSnowflake } from '../model/ids.js';
import type { ChannelType, Metadata } from '../model/types.js';
import { toNativeProfile, type ExternalIdentityProviderType } from '../model/presence.js';
import { checkApplicationOptions } from './applications.js';
import { PROFILE_PRIVACY, type ProfilePrivacy } from './chat-client.js';
import { permissionBits, toNativeChannel, type GuildPermission } from './guilds.js';
import { toNativeMemberUpdates } from './lobbies.js';
import { toNativeUserSpec } from './users.js';

/** The version of the world file {@link Simulator.snapshot} writes, and the newest this build reads. */
export const WORLD_FILE_VERSION = 1;

/**
 * A simulated world in a file. Without `version` (the CLI's original world file) entries refer to
 * each other by name: applications and guilds by `name`, users by `username`, channels by `name`
 * in their guild. With `version: 1` (a snapshot) they refer by the saved `id` every application,
 * user, guild and channel then has. Loading creates the world anew: users keep their ids
 * (`createUser({ id })`); applications (and their bot users), guilds, channels and lobbies get
 * new ones (the load returns the map); lobby messages are sent again by their authors, in order,
 * so their ids and times are new. Tokens and client secrets are never in a file (they are issued
 * anew); a lobby's secret only when the snapshot was taken with `{ secrets: true }`.
 */
export interface WorldFile {
  /** Absent: the original world file (references by name). 1: a snapshot (references by id). */
  version?: number;
  /** The world's clock (ms since the Unix epoch): the load advances a newer world's clock to it; an earlier time is not restored (the clock only moves forward). */
  clock?: number;
  /** The application a Simulator signs clients in to when none is given. */
  defaultApplication?: string;
  applications?: WorldFileApplication[];
  users?: WorldFileUser[];
  /** Friends (Discord and game friends), each pair once. */
  relationships?: WorldFileRelationship[];
  guilds?: WorldFileGuild[];
  lobbies?: WorldFileLobby[];
}

export interface WorldFileApplication {
  id?: string;
  name: string;
  /** The publisher application it belongs to: one listed before it. */
  parent?: string;
  publisherLinking?: boolean;
  inviteCoverImage?: string;
  connectionEntrypointUrl?: string;
}

export interface WorldFileUser {
  /** Kept at load: the user's id in the new world too. */
  id?: string;
  username: string;
  globalName?: string;
  provisional?: boolean;
  profilePrivacy?: ProfilePrivacy;
  applicationProfiles?: WorldFileProfile[];
}

export interface WorldFileProfile {
  application: string;
  providerType: ExternalIdentityProviderType;
  providerId?: string;
  providerIssuedUserId: string;
  username: string;
  avatarHash?: string;
  metadata?: string;
}

export interface WorldFileRelationship {
  users: [string, string];
  /** Discord friends (default true). */
  discord?: boolean;
  /** Game friends (default false). */
  game?: boolean;
}

export interface WorldFileGuild {
  id?: string;
  name: string;
  owner: string;
  /** Members besides the owner: a user, or a user with guild-level permissions. */
  members?: (string | { user: string; permissions?: GuildPermission[] })[];
  /** Applications whose bot user is a member, with its permissions. */
  bots?: { application: string; permissions?: GuildPermission[] }[];
  channels?: WorldFileChannel[];
}

export interface WorldFileChannel {
  id?: string;
  name: string;
  type?: ChannelType;
  position?: number;
  /** Its category: a channel of the same guild. */
  parent?: string;
}

export interface WorldFileLobby {
  /** The saved id: the load maps it to the new lobby's. */
  id?: string;
  application: string;
  /** Only in a snapshot taken with `{ secrets: true }`. */
  secret?: string;
  metadata?: Metadata;
  /** Default 300. */
  idleTimeoutSeconds?: number;
  members?: WorldFileLobbyMember[];
  /** The guild channel linked to it. */
  linkedChannel?: { guild: string; channel: string };
  /** Sent again at load by their authors, in order (new ids and times). */
  messages?: WorldFileMessage[];
}

export interface WorldFileLobbyMember {
  user: string;
  metadata?: Metadata;
  additionalName?: string;
  /** LobbyMemberFlags (1: CanLinkLobby). */
  flags?: number;
}

export interface WorldFileMessage {
  author: string;
  content: string;
  metadata?: Metadata;
  moderationMetadata?: Metadata;
}

const FIELDS = {
  file: ['$schema', 'version', 'clock', 'defaultApplication', 'applications', 'users', 'relationships', 'guilds', 'lobbies'],
  application: ['id', 'name', 'parent', 'publisherLinking', 'inviteCoverImage', 'connectionEntrypointUrl'],
  user: ['id', 'username', 'globalName', 'provisional', 'profilePrivacy', 'applicationProfiles'],
  profile: ['application', 'providerType', 'providerId', 'providerIssuedUserId', 'username', 'avatarHash', 'metadata'],
  relationship: ['users', 'discord', 'game'],
  guild: ['id', 'name', 'owner', 'members', 'bots', 'channels'],
  member: ['user', 'permissions'],
  bot: ['application', 'permissions'],
  channel: ['id', 'name', 'type', 'position', 'parent'],
  lobby: ['id', 'application', 'secret', 'metadata', 'idleTimeoutSeconds', 'members', 'linkedChannel', 'messages'],
  lobbyMember: ['user', 'metadata', 'additionalName', 'flags'],
  linkedChannel: ['guild', 'channel'],
  message: ['author', 'content', 'metadata', 'moderationMetadata'],
} as const;

/** Runs `check`, its TypeError or RangeError prefixed with where in the file it is. */
function at<T>(where: string, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof TypeError) throw new TypeError(`${where}: ${error.message}`);
    if (error instanceof RangeError) throw new RangeError(`${where}: ${error.message}`);
    throw error;
  }
}

function object(value: unknown, where: string, fields: readonly string[]): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TypeError(`${where} must be an object, got ${typeName(value)}`);
  for (const key of Object.keys(value)) if (!fields.includes(key)) throw new RangeError(`${where}: unknown field '${key}'`);
  return value as Record<string, unknown>;
}

function list(value: unknown, where: string): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new TypeError(`${where} must be an array, got ${typeName(value)}`);
  return value;
}

/** The entries of one kind, found by reference: by id in a snapshot, by name in the original file. */
export class Names {
  readonly #byKey = new Map<string, number>();
  constructor(
    readonly kind: string,
    readonly byId: boolean,
    readonly nameField: string,
  ) {}
  /** Adds the entry at `index`, known as `key` (its id or name); a second id is refused (a second name finds the first). */
  add(key: string, index: number, where: string): void {
    if (this.#byKey.has(key)) {
      if (this.byId) throw new RangeError(`${where}: the id ${key} is given twice`);
      return;
    }
    this.#byKey.set(key, index);
  }
  /** The index of the entry `ref` names. */
  find(ref: unknown, where: string): number {
    if (typeof ref !== 'string') throw new TypeError(`${where} must be a string, got ${typeName(ref)}`);
    const found = this.#byKey.get(ref);
    if (found === undefined) throw new RangeError(this.byId ? `${where}: no ${this.kind} with id ${ref} in the world file` : `no ${this.kind} named '${ref}' in the world file`);
    return found;
  }
}

/** What {@link checkWorldFile} found: the file, and its entries' indexes by reference. */
export interface CheckedWorldFile {
  file: WorldFile;
  applications: Names;
  users: Names;
  guilds: Names;
  /** One per guild: its channels. */
  channels: Names[];
}

/** The key an entry is referred to by: its id (checked) in a snapshot, its name otherwise. */
function keyOf(entry: Record<string, unknown>, byId: boolean, nameField: string, where: string): string {
  if (byId) {
    if (entry.id === undefined) throw new TypeError(`${where}.id must be given in a world file of version ${WORLD_FILE_VERSION}`);
    return toSnowflake(entry.id as string, `${where}.id`);
  }
  if (entry.id !== undefined) toSnowflake(entry.id as string, `${where}.id`);
  return entry[nameField] as string;
}

/**
 * Checks a parsed world file whole: its shape, every field as the harness call that creates it
 * checks it, and every reference. Throws a TypeError or RangeError naming where (`users[1].username
 * must be a string, got number`); returns the file as given with its indexes.
 */
export function checkWorldFile(value: unknown): CheckedWorldFile {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TypeError(`the world file must be a JSON object, got ${typeName(value)}`);
  const file = object(value, 'the world file', FIELDS.file) as WorldFile & Record<string, unknown>;
  if (file.version !== undefined) {
    if (typeof file.version !== 'number') throw new TypeError(`version must be a number, got ${typeName(file.version)}`);
    if (file.version !== WORLD_FILE_VERSION) throw new RangeError(`version ${file.version} is not supported: this build reads world files of version ${WORLD_FILE_VERSION} (or without a version)`);
  }
  const byId = file.version !== undefined;
  if (file.clock !== undefined) checkInteger(file.clock, 'clock', 0, Number.MAX_SAFE_INTEGER);
  const names = { applications: new Names('application', byId, 'name'), users: new Names('user', byId, 'username'), guilds: new Names('guild', byId, 'name') };
  const channels: Names[] = [];

  const applications = list(file.applications, 'applications');
  applications.forEach((entry, i) => {
    const where = `applications[${i}]`;
    const app = object(entry, where, FIELDS.application);
    at(where, () => checkApplicationOptions({ ...app, parent: undefined } as never));
    if (app.parent !== undefined) names.applications.find(app.parent, `${where}.parent`);
    names.applications.add(keyOf(app, byId, 'name', where), i, where);
  });
  if (file.defaultApplication !== undefined) names.applications.find(file.defaultApplication, 'defaultApplication');

  const users = list(file.users, 'users');
  const provisional: boolean[] = [];
  users.forEach((entry, i) => {
    const where = `users[${i}]`;
    const user = object(entry, where, FIELDS.user);
    at(where, () => toNativeUserSpec({ ...user, applicationProfiles: undefined } as never));
    provisional.push(user.provisional === true);
    if (user.profilePrivacy !== undefined) checkOneOf(user.profilePrivacy, PROFILE_PRIVACY, `${where}.profilePrivacy`);
    const seen = new Set<number>();
    list(user.applicationProfiles, `${where}.applicationProfiles`).forEach((p, j) => {
      const name = `${where}.applicationProfiles[${j}]`;
      const profile = object(p, name, FIELDS.profile);
      const app = names.applications.find(profile.application, `${name}.application`);
      if (seen.has(app)) throw new RangeError(`${name}: a user has at most one application profile per application`);
      seen.add(app);
      toNativeProfile(profile as never, '0', name);
    });
    names.users.add(keyOf(user, byId, 'username', where), i, where);
  });

  list(file.relationships, 'relationships').forEach((entry, i) => {
    const where = `relationships[${i}]`;
    const relationship = object(entry, where, FIELDS.relationship);
    const pair = list(relationship.users, `${where}.users`);
    if (pair.length !== 2) throw new RangeError(`${where}.users must name two users, got ${pair.length}`);
    const [a, b] = pair.map((ref, j) => names.users.find(ref, `${where}.users[${j}]`)) as [number, number];
    if (a === b) throw new RangeError(`${where}: a user cannot be its own friend`);
    const discord = checkBoolean(relationship.discord ?? true, `${where}.discord`);
    checkBoolean(relationship.game ?? false, `${where}.game`);
    if (discord && (provisional[a] || provisional[b])) throw new RangeError(`${where}: a provisional account has game friends only, not Discord friends`);
  });

  list(file.guilds, 'guilds').forEach((entry, i) => {
    const where = `guilds[${i}]`;
    const guild = object(entry, where, FIELDS.guild);
    at(where, () => checkText(guild.name, 'name', 1, limits.guildNameLength));
    names.users.find(guild.owner, `${where}.owner`);
    list(guild.members, `${where}.members`).forEach((m, j) => {
      const name = `${where}.members[${j}]`;
      if (typeof m === 'string') return void names.users.find(m, name);
      const member = object(m, name, FIELDS.member);
      names.users.find(member.user, `${name}.user`);
      permissionBits(member.permissions ?? [], `${name}.permissions`);
    });
    list(guild.bots, `${where}.bots`).forEach((b, j) => {
      const name = `${where}.bots[${j}]`;
      const bot = object(b, name, FIELDS.bot);
      names.applications.find(bot.application, `${name}.application`);
      permissionBits(bot.permissions ?? [], `${name}.permissions`);
    });
    const own = new Names(`channel of ${where}`, byId, 'name');
    list(guild.channels, `${where}.channels`).forEach((c, j) => {
      const name = `${where}.channels[${j}]`;
      const channel = object(c, name, FIELDS.channel);
      at(name, () => toNativeChannel({ ...channel, parent: undefined } as never));
      own.add(keyOf(channel, byId, 'name', name), j, name);
    });
    list(guild.channels, `${where}.channels`).forEach((c, j) => {
      const parent = (c as WorldFileChannel).parent;
      if (parent !== undefined) own.find(parent, `${where}.channels[${j}].parent`);
    });
    channels.push(own);
    names.guilds.add(keyOf(guild, byId, 'name', where), i, where);
  });

  const secrets = new Set<string>();
  list(file.lobbies, 'lobbies').forEach((entry, i) => {
    const where = `lobbies[${i}]`;
    const lobby = object(entry, where, FIELDS.lobby);
    if (lobby.id !== undefined) toSnowflake(lobby.id as string, `${where}.id`);
    const app = names.applications.find(lobby.application, `${where}.application`);
    if (lobby.secret !== undefined) {
      checkSecret(lobby.secret, `${where}.secret`);
      if (secrets.has(`${app} ${lobby.secret as string}`)) throw new RangeError(`${where}.secret: another lobby of the application has the same secret`);
      secrets.add(`${app} ${lobby.secret as string}`);
    }
    if (lobby.metadata !== undefined) checkMetadata(lobby.metadata, `${where}.metadata`);
    if (lobby.idleTimeoutSeconds !== undefined) checkInteger(lobby.idleTimeoutSeconds, `${where}.idleTimeoutSeconds`, 0, 0xffffffff);
    const members = list(lobby.members, `${where}.members`);
    if (members.length > limits.lobbyMembers) throw new RangeError(`${where}.members: a lobby has at most ${limits.lobbyMembers} members, got ${members.length}`);
    const seen = new Set<number>();
    members.forEach((m, j) => {
      const name = `${where}.members[${j}]`;
      const member = object(m, name, FIELDS.lobbyMember);
      const user = names.users.find(member.user, `${name}.user`);
      if (seen.has(user)) throw new RangeError(`${name}.user: the user is listed twice`);
      seen.add(user);
      at(name, () => toNativeMemberUpdates([{ ...member, user: '1' } as never]));
    });
    if (lobby.linkedChannel !== undefined) {
      const link = object(lobby.linkedChannel, `${where}.linkedChannel`, FIELDS.linkedChannel);
      const guild = names.guilds.find(link.guild, `${where}.linkedChannel.guild`);
      channels[guild]!.find(link.channel, `${where}.linkedChannel.channel`);
    }
    list(lobby.messages, `${where}.messages`).forEach((m, j) => {
      const name = `${where}.messages[${j}]`;
      const message = object(m, name, FIELDS.message);
      names.users.find(message.author, `${name}.author`);
      at(name, () => checkContent(message.content));
      if (message.metadata !== undefined) checkMetadata(message.metadata, `${name}.metadata`);
      if (message.moderationMetadata !== undefined) checkMetadata(message.moderationMetadata, `${name}.moderationMetadata`, MODERATION_METADATA_BOUNDS);
    });
  });
  return { file, ...names, channels };
}

