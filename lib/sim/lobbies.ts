/**
 * The game backend's lobbies in the harness: the options of {@link Simulator.createLobby} and
 * {@link Simulator.bulkUpdateLobbyMembers}, a lobby as the backend sees it, and the member updates
 * checked and given the native shape.
 * @module
 */
import { limits } from '../common/limits.js';
import { checkBoolean, checkInteger, checkOptionalMetadata, checkOptions, checkSecret, checkText, typeName } from '../common/validate.js';
import { toSnowflake, type Snowflake, type SnowflakeInput } from '../model/ids.js';
import type { Lobby, LobbyMember, Metadata } from '../model/types.js';
import type { User } from '../model/user.js';
import type { NativeMemberUpdate } from '../addon/native.js';
import type { Application } from './applications.js';
import { idOf } from './harness-input.js';

/** Options of {@link Simulator.createLobby}. */
export interface CreateLobbyOptions {
  /** The simulator's default application when absent. */
  application?: Application | SnowflakeInput;
  /**
   * Reserves the secret in the application's namespace (1 to 250 characters, well-formed). Clients
   * still cannot join the lobby with `createOrJoinLobby(secret)` nor leave it (403, code 50001): the
   * service lets SDK clients join and leave only lobbies created by secret from a client, never one
   * the game backend created; the backend manages its members.
   */
  secret?: string;
  metadata?: Metadata;
}

/** One entry of {@link Simulator.bulkUpdateLobbyMembers}. */
export interface LobbyMemberUpdate {
  user: User | SnowflakeInput;
  /** Removes the member (a no-op when it is not one). */
  remove?: boolean;
  /** Replaces the member's metadata (empty for a new member when absent). */
  metadata?: Metadata;
  /** The member's additional display name (e.g. a character name, 1 to 80 characters), carried by the messages it sends from now on; null clears it. Only the game backend can set it. */
  additionalName?: string | null;
  /**
   * The member's flags (the server API's LobbyMemberFlags): 1 (`CanLinkLobby`) lets it link a
   * channel to the lobby from its client ({@link Client.linkChannelToLobby}), 0 none. Unchanged
   * when absent (0 for a new member). Clients do not see flags.
   */
  flags?: number;
}

/** A member as the game backend sees it. */
export interface ServerLobbyMember extends Omit<LobbyMember, 'user'> {
  /** Always null: the backend's view is no user's, and a member's user is what one user sees of another. */
  user: null;
  additionalName: string | null;
  /** LobbyMemberFlags: 1 `CanLinkLobby`, 0 none. */
  flags: number;
}

/** A lobby as the game backend sees it. */
export interface ServerLobby extends Lobby {
  applicationId: Snowflake;
  /** Whether it has a secret (the secret itself is not shown). Clients join and leave only lobbies a client created by secret. */
  hasSecret: boolean;
  /** Seconds with nobody connected after which the service deletes the lobby (set over HTTP; default 300). */
  idleTimeoutSeconds: number;
  members: ServerLobbyMember[];
}

/** @internal The options of {@link Simulator.createLobby}, checked; no application means the default one. */
export function checkCreateLobbyOptions(options: CreateLobbyOptions): { applicationId: Snowflake | undefined; secret: string | undefined; metadata: Metadata } {
  const { application, secret, metadata } = checkOptions(options);
  const checkedSecret = secret === undefined ? undefined : checkSecret(secret);
  const checkedMetadata = checkOptionalMetadata(metadata, 'metadata') ?? {};
  return { applicationId: application === undefined ? undefined : idOf(application, 'application'), secret: checkedSecret, metadata: checkedMetadata };
}

/** @internal The channel of {@link Simulator.linkLobbyChannel}, checked, in the native shape (null unlinks). */
export function toNativeLinkedChannel(
  channel: { id: SnowflakeInput; name: string; guildId: SnowflakeInput } | null,
): { id: Snowflake; name: string; guildId: Snowflake } | null {
  if (channel === null) return null;
  if (typeof channel !== 'object' || Array.isArray(channel)) throw new TypeError(`channel must be an object or null, got ${typeName(channel)}`);
  return {
    id: toSnowflake(channel.id, 'channel.id'),
    name: checkText(channel.name, 'channel.name', 1, limits.channelNameLength),
    guildId: toSnowflake(channel.guildId, 'channel.guildId'),
  };
}

/** Every LobbyMemberFlags bit: CanLinkLobby (1) is the only one. */
const LOBBY_MEMBER_FLAGS_ALL = 1;

/** @internal The entries of {@link Simulator.bulkUpdateLobbyMembers}: at most 25, each checked. */
export function toNativeMemberUpdates(members: readonly LobbyMemberUpdate[]): NativeMemberUpdate[] {
  if (!Array.isArray(members)) throw new TypeError(`members must be an array, got ${typeName(members)}`);
  const max = limits.lobbyMembersPerBulkRequest;
  if (members.length > max) {
    throw new RangeError(`a bulk update changes at most ${max} members per request, got ${members.length}`);
  }
  return members.map((entry: LobbyMemberUpdate, i): NativeMemberUpdate => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw new TypeError(`members[${i}] must be an object, got ${typeName(entry)}`);
    const update: NativeMemberUpdate = {
      userId: idOf(entry.user, `members[${i}].user`),
      remove: entry.remove === undefined ? false : checkBoolean(entry.remove, `members[${i}].remove`),
    };
    const metadata = checkOptionalMetadata(entry.metadata, `members[${i}].metadata`);
    if (metadata) update.metadata = metadata;
    if (entry.additionalName !== undefined) {
      update.additionalName =
        entry.additionalName === null ? null : checkText(entry.additionalName, `members[${i}].additionalName`, 1, limits.additionalNameLength);
    }
    if (entry.flags !== undefined) update.flags = checkInteger(entry.flags, `members[${i}].flags`, 0, LOBBY_MEMBER_FLAGS_ALL);
    return update;
  });
}
