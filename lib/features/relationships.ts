/**
 * Relationships: the friends list (Discord friends and game friends, kept apart), friend requests,
 * blocking, and the events that keep a friends screen current. Adds its methods to {@link Client}
 * and its events to {@link ClientEvents}.
 * @module
 */
import { namesByValue, valuesByLowerName } from '../model/enum-names.js';
import { RelationshipGroupType, RelationshipType, type NativeMethodKinds, type NativeResults } from '../generated/seam.js';
import { toSnowflake, type Snowflake, type SnowflakeInput } from '../model/ids.js';
import { limits } from '../common/limits.js';
import type { NativeRelationship } from '../addon/native.js';
import { registerEventHandlers } from '../addon/runtime.js';
import { fromNativeUser, type RelationshipKind, type User } from '../model/user.js';
import { checkOneOf, checkText } from '../common/validate.js';
import { registerClientEvents } from '../client/event-names.js';
import { defineClientMethods, emitterOf, operation, requireClient } from '../client/feature.js';

export type { RelationshipKind } from '../model/user.js';

/**
 * The groups of the friends list (`RelationshipGroupType`): friends online and playing this game;
 * Discord friends online elsewhere (a game friend's presence shows only in game, so a game-only
 * friend not playing is `offline`); everyone else offline.
 */
export type RelationshipGroup = 'onlinePlayingGame' | 'onlineElsewhere' | 'offline';

/** The current user's relationship with another user (`RelationshipHandle`). */
export interface Relationship {
  /** The other user's id. */
  id: Snowflake;
  /** The Discord relationship (friends on the chat service). */
  discordType: RelationshipKind;
  /** The game relationship (friends in this game only), separate from the Discord one. */
  gameType: RelationshipKind;
  isSpamRequest: boolean;
  /** The other user as this user sees it; its status and activity only when they are friends (or share a lobby), never across a block. */
  user: User | null;
}

/** Payload of `relationshipCreated` and `relationshipDeleted`. */
export interface RelationshipEvent {
  userId: Snowflake;
  /** True when the Discord relationship changed, false when the game relationship did. */
  isDiscordRelationshipUpdate: boolean;
}

/** The relationship events of a {@link Client} (part of {@link ClientEvents}). */
export interface RelationshipClientEvents {
  /** A relationship was created or changed type (a request arrived, was accepted, a user was blocked). */
  relationshipCreated: [event: RelationshipEvent];
  /** A relationship was removed (a request rejected or cancelled, a friend removed, a block lifted or suffered). */
  relationshipDeleted: [event: RelationshipEvent];
  /** A friend moved to another group of the friends list (went online, started or stopped this game, went offline). */
  relationshipGroupsUpdated: [event: { userId: Snowflake }];
}

declare module '../model/types.js' {
  interface ClientEvents extends RelationshipClientEvents {}
}

declare module '../client/client.js' {
  interface Client {
    /**
     * Every user this user has a relationship with (`GetRelationships`, cache only): friends,
     * pending requests both ways, blocked users. Empty when not ready.
     */
    getRelationships(): Relationship[];
    /**
     * The friends (Discord or game) of one group of the friends list (`GetRelationshipsByGroup`,
     * cache only), ordered by display name (case-insensitive), then id; in `onlineElsewhere` the
     * friends who have played this game before come first (the vendor's documentation). Empty
     * when not ready.
     * @example
     * const playing = client.getRelationshipsByGroup('onlinePlayingGame');
     */
    getRelationshipsByGroup(group: RelationshipGroup): Relationship[];
    /** The relationship with one user (`GetRelationshipHandle`): both types `none` when there is none, or when not ready. */
    getRelationship(userId: SnowflakeInput): Relationship;
    /**
     * The friends whose username or display name is close to `text` by Levenshtein distance
     * (`SearchFriendsByUsername`, cache only), the closest first. On the simulator (the vendor
     * gives no threshold; our choice): a name containing `text` (any case) matches, and so does
     * one within an edit per four characters of `text`.
     */
    searchFriendsByUsername(text: string): User[];
    /**
     * Sends a Discord friend request by username (`SendDiscordFriendRequest`). A request to a user
     * whose request to this user is pending accepts it. Rejects (HTTPError) for an unknown
     * username (code 80004), oneself (80003), a friend (80007), a block either way (80001), and
     * when either user is a provisional account (80000: provisional accounts have game friends only).
     */
    sendDiscordFriendRequest(username: string): Promise<void>;
    /** Sends a game friend request by username (`SendGameFriendRequest`); the rules of {@link Client.sendDiscordFriendRequest}, provisional accounts included. */
    sendGameFriendRequest(username: string): Promise<void>;
    /** {@link Client.sendDiscordFriendRequest} by user id (`SendDiscordFriendRequestById`). */
    sendDiscordFriendRequestById(userId: SnowflakeInput): Promise<void>;
    /** {@link Client.sendGameFriendRequest} by user id (`SendGameFriendRequestById`). */
    sendGameFriendRequestById(userId: SnowflakeInput): Promise<void>;
    /** Accepts a pending incoming Discord friend request (HTTPError 404 when there is none). */
    acceptDiscordFriendRequest(userId: SnowflakeInput): Promise<void>;
    /** Accepts a pending incoming game friend request (HTTPError 404 when there is none). */
    acceptGameFriendRequest(userId: SnowflakeInput): Promise<void>;
    /** Rejects a pending incoming Discord friend request (HTTPError 404 when there is none). */
    rejectDiscordFriendRequest(userId: SnowflakeInput): Promise<void>;
    /** Rejects a pending incoming game friend request (HTTPError 404 when there is none). */
    rejectGameFriendRequest(userId: SnowflakeInput): Promise<void>;
    /** Cancels this user's pending outgoing Discord friend request (HTTPError 404 when there is none). */
    cancelDiscordFriendRequest(userId: SnowflakeInput): Promise<void>;
    /** Cancels this user's pending outgoing game friend request (HTTPError 404 when there is none). */
    cancelGameFriendRequest(userId: SnowflakeInput): Promise<void>;
    /** Removes the game friendship (or game request) with a user; a Discord friendship stays (HTTPError 404 when there is none). */
    removeGameFriend(userId: SnowflakeInput): Promise<void>;
    /** Removes both the Discord and the game friendship (or requests) with a user (HTTPError 404 when there is neither). */
    removeDiscordAndGameFriend(userId: SnowflakeInput): Promise<void>;
    /**
     * Blocks a user (`BlockUser`): every friendship and request between the two goes, this user
     * sees the other as `blocked` and the other sees no relationship; neither sees the other's
     * status or activity any more.
     */
    blockUser(userId: SnowflakeInput): Promise<void>;
    /** Lifts a block (HTTPError 404 when the user is not blocked). */
    unblockUser(userId: SnowflakeInput): Promise<void>;
  }
}

const KINDS: readonly RelationshipKind[] = namesByValue(RelationshipType);
const GROUPS: readonly RelationshipGroup[] = namesByValue(RelationshipGroupType);
const GROUP_VALUES = valuesByLowerName(RelationshipGroupType);

function fromNativeRelationship(relationship: NativeRelationship): Relationship {
  return {
    id: relationship.id,
    discordType: KINDS[relationship.discordType] ?? 'none',
    gameType: KINDS[relationship.gameType] ?? 'none',
    isSpamRequest: relationship.isSpamRequest,
    user: relationship.user && fromNativeUser(relationship.user),
  };
}

/** The relationship operations that take one user id and settle with nothing, from the seam's description. */
type ByUser = {
  [K in keyof NativeMethodKinds & keyof NativeResults]: NativeMethodKinds[K] extends { feature: 'relationships'; args: ['snowflake'] }
    ? NativeResults[K] extends undefined
      ? K
      : never
    : never;
}[keyof NativeMethodKinds & keyof NativeResults];

function byUser(self: unknown, name: ByUser, userId: SnowflakeInput): Promise<void> {
  return operation(self, name, (native) => {
    const id = toSnowflake(userId, 'userId');
    return (requestId) => native[name](requestId, id);
  }).then(() => undefined);
}

function byName(self: unknown, name: 'sendDiscordFriendRequest' | 'sendGameFriendRequest', username: string): Promise<void> {
  return operation(self, name, (native) => {
    const checked = checkText(username, 'username', 1, limits.usernameLength);
    return (requestId) => native[name](requestId, checked);
  }).then(() => undefined);
}

defineClientMethods({
  getRelationships(): Relationship[] {
    const state = requireClient(this, 'getRelationships');
    return state.closed ? [] : state.native.getRelationships().map(fromNativeRelationship);
  },
  getRelationshipsByGroup(group: RelationshipGroup): Relationship[] {
    const state = requireClient(this, 'getRelationshipsByGroup');
    const value = GROUP_VALUES[checkOneOf(group, GROUPS, 'group')];
    return state.closed ? [] : state.native.getRelationshipsByGroup(value).map(fromNativeRelationship);
  },
  getRelationship(userId: SnowflakeInput): Relationship {
    const state = requireClient(this, 'getRelationship');
    const id = toSnowflake(userId, 'userId');
    const found = state.closed ? null : state.native.getRelationship(id);
    return found ? fromNativeRelationship(found) : { id, discordType: 'none', gameType: 'none', isSpamRequest: false, user: null };
  },
  searchFriendsByUsername(text: string): User[] {
    const state = requireClient(this, 'searchFriendsByUsername');
    const checked = checkText(text, 'text', 0, limits.usernameLength);
    return state.closed ? [] : state.native.searchFriendsByUsername(checked).map(fromNativeUser);
  },
  sendDiscordFriendRequest(username: string): Promise<void> {
    return byName(this, 'sendDiscordFriendRequest', username);
  },
  sendGameFriendRequest(username: string): Promise<void> {
    return byName(this, 'sendGameFriendRequest', username);
  },
  sendDiscordFriendRequestById(userId: SnowflakeInput): Promise<void> {
    return byUser(this, 'sendDiscordFriendRequestById', userId);
  },
  sendGameFriendRequestById(userId: SnowflakeInput): Promise<void> {
    return byUser(this, 'sendGameFriendRequestById', userId);
  },
  acceptDiscordFriendRequest(userId: SnowflakeInput): Promise<void> {
    return byUser(this, 'acceptDiscordFriendRequest', userId);
  },
  acceptGameFriendRequest(userId: SnowflakeInput): Promise<void> {
    return byUser(this, 'acceptGameFriendRequest', userId);
  },
  rejectDiscordFriendRequest(userId: SnowflakeInput): Promise<void> {
    return byUser(this, 'rejectDiscordFriendRequest', userId);
  },
  rejectGameFriendRequest(userId: SnowflakeInput): Promise<void> {
    return byUser(this, 'rejectGameFriendRequest', userId);
  },
  cancelDiscordFriendRequest(userId: SnowflakeInput): Promise<void> {
    return byUser(this, 'cancelDiscordFriendRequest', userId);
  },
  cancelGameFriendRequest(userId: SnowflakeInput): Promise<void> {
    return byUser(this, 'cancelGameFriendRequest', userId);
  },
  removeGameFriend(userId: SnowflakeInput): Promise<void> {
    return byUser(this, 'removeGameFriend', userId);
  },
  removeDiscordAndGameFriend(userId: SnowflakeInput): Promise<void> {
    return byUser(this, 'removeDiscordAndGameFriend', userId);
  },
  blockUser(userId: SnowflakeInput): Promise<void> {
    return byUser(this, 'blockUser', userId);
  },
  unblockUser(userId: SnowflakeInput): Promise<void> {
    return byUser(this, 'unblockUser', userId);
  },
});

registerClientEvents({
  relationshipCreated: true,
  relationshipDeleted: true,
  relationshipGroupsUpdated: true,
} satisfies Record<keyof RelationshipClientEvents, true>);

registerEventHandlers({
  RelationshipCreated: (client, isDiscordRelationshipUpdate, userId) =>
    emitterOf(client)?.emit('relationshipCreated', { userId, isDiscordRelationshipUpdate }),
  RelationshipDeleted: (client, isDiscordRelationshipUpdate, userId) =>
    emitterOf(client)?.emit('relationshipDeleted', { userId, isDiscordRelationshipUpdate }),
  RelationshipGroupsUpdated: (client, userId) => emitterOf(client)?.emit('relationshipGroupsUpdated', { userId }),
});
