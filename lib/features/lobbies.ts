/**
 * Lobbies: create or join one with a secret, leave it, read it (its chat is in messages.ts).
 * Adds its methods to {@link Client} and its events to {@link ClientEvents}.
 * @module
 */
import { toSnowflake, type Snowflake, type SnowflakeInput } from '../model/ids.js';
import { LobbyEvent as LobbyEventValues } from '../generated/seam.js';
import { registerEventHandlers } from '../addon/runtime.js';
import type { Lobby, LobbyEvent, LobbyMemberEvent, Metadata } from '../model/types.js';
import { fromNativeUser } from '../model/user.js';
import { checkOptionalMetadata, checkOptions, checkSecret } from '../common/validate.js';
import { registerClientEvents } from '../client/event-names.js';
import { defineClientMethods, emitterOf, operation, requireClient } from '../client/feature.js';

/** Options of {@link Client.createOrJoinLobby}. */
export interface CreateOrJoinLobbyOptions {
  /**
   * The lobby's metadata. When joining an existing lobby, replaces its metadata if given; left out,
   * it is kept. The service replaces both maps on a request with metadata, so with only one map
   * given the client joins first, reads the other map and sends it back as it was: a change another
   * member makes in that moment is overwritten (give both, or none, to avoid it).
   */
  lobbyMetadata?: Metadata;
  /** The current user's member metadata (e.g. a mute list), visible to the other members. Replaces it if given; left out, it is kept (see `lobbyMetadata`). */
  memberMetadata?: Metadata;
}

/** The lobby events of a {@link Client} (part of {@link ClientEvents}). */
export interface LobbyClientEvents {
  /** A lobby became available to this client: it created it, joined it, or the game backend added its user. */
  lobbyCreated: [event: LobbyEvent];
  /** A lobby is no longer available: it was deleted, or the user left or was removed. */
  lobbyDeleted: [event: LobbyEvent];
  /** A lobby's metadata or linked channel changed. */
  lobbyUpdated: [event: LobbyEvent];
  /** Another user joined one of the client's lobbies (never fired for the client's own user). */
  lobbyMemberAdded: [event: LobbyMemberEvent];
  /** A member left or was removed from one of the client's lobbies. */
  lobbyMemberRemoved: [event: LobbyMemberEvent];
  /** A member's metadata changed, or it connected or disconnected. */
  lobbyMemberUpdated: [event: LobbyMemberEvent];
}

declare module '../model/types.js' {
  interface ClientEvents extends LobbyClientEvents {}
}

declare module '../client/client.js' {
  interface Client {
    /**
     * Creates a lobby of the application with this secret, or joins the one that exists: one call
     * either way. Resolves the lobby id. `lobbyCreated` follows for this client; the other members
     * get `lobbyMemberAdded`. The secret is 1 to 250 characters of well-formed Unicode (a lone
     * surrogate is refused: it would reach the service replaced, so two secrets could meet); it is
     * never shown in an error.
     * @example
     * const lobbyId = await client.createOrJoinLobby('match-42', { memberMetadata: { muted: '[]' } });
     */
    createOrJoinLobby(secret: string, options?: CreateOrJoinLobbyOptions): Promise<Snowflake>;
    /** Leaves a lobby (one created or joined with a secret; the game backend manages the others). */
    leaveLobby(lobbyId: SnowflakeInput): Promise<void>;
    /**
     * Links a guild channel to a lobby (`LinkChannelToLobby`): the lobby's chat is then mirrored in
     * the channel, and the lobby shows it as `linkedChannel`; every member gets `lobbyUpdated`.
     * Linking another channel replaces the link. The user must be a member of the lobby with the
     * `CanLinkLobby` flag (only the game backend sets it), and the channel a text channel of a guild
     * it can view, send messages in and manage (`isLinkable` in {@link Client.getGuildChannels}),
     * not linked to another lobby. Rejects with an `HTTPError`: 403 (code 50013) without the flag or
     * the permissions, 404 (10003) for a channel the user cannot see, 400 (50024) for a channel
     * that is not a text channel, 400 (50035) for a channel another lobby has; 404/403 as
     * {@link Client.sendLobbyMessage} for the lobby.
     * @example
     * await client.linkChannelToLobby(lobbyId, channel.id);
     */
    linkChannelToLobby(lobbyId: SnowflakeInput, channelId: SnowflakeInput): Promise<void>;
    /**
     * Removes the link between a lobby and its guild channel (`UnlinkChannelFromLobby`); every
     * member gets `lobbyUpdated`. A lobby without a linked channel resolves and nothing changes.
     * Needs the `CanLinkLobby` flag, as {@link Client.linkChannelToLobby}.
     */
    unlinkChannelFromLobby(lobbyId: SnowflakeInput): Promise<void>;
    /**
     * An invite URL to the guild of the lobby's linked channel, for this member
     * (`JoinLinkedLobbyGuild`): the service's lobby channel invite, single use and valid one hour.
     * Rejects with HTTPError 400 (50035) when the lobby has no linked channel, 404 (10031) for a
     * lobby the user is not a member of, and `AuthorizationFailed` for a provisional account, which
     * must be merged into a full account first (the vendor's `provisionalUserMergeRequired`
     * callback).
     * @example
     * const url = await client.joinLinkedLobbyGuild(lobbyId); // https://discord.gg/...
     */
    joinLinkedLobbyGuild(lobbyId: SnowflakeInput): Promise<string>;
    /** A lobby this client's user is a member of, with its members; null otherwise or when not ready. */
    getLobby(lobbyId: SnowflakeInput): Lobby | null;
    /** The ids of the lobbies this client's user is a member of (empty when not ready). */
    getLobbyIds(): Snowflake[];
  }
}

defineClientMethods({
  createOrJoinLobby(secret: string, options?: CreateOrJoinLobbyOptions): Promise<Snowflake> {
    return operation(this, 'createOrJoinLobby', (native) => {
      checkSecret(secret);
      const { lobbyMetadata, memberMetadata } = checkOptions(options);
      const lobby = checkOptionalMetadata(lobbyMetadata, 'lobbyMetadata');
      const member = checkOptionalMetadata(memberMetadata, 'memberMetadata');
      return (requestId) => native.createOrJoinLobby(requestId, secret, lobby, member);
    });
  },

  leaveLobby(lobbyId: SnowflakeInput): Promise<void> {
    return operation(this, 'leaveLobby', (native) => {
      const id = toSnowflake(lobbyId, 'lobbyId');
      return (requestId) => native.leaveLobby(requestId, id);
    }).then(() => undefined);
  },

  linkChannelToLobby(lobbyId: SnowflakeInput, channelId: SnowflakeInput): Promise<void> {
    return operation(this, 'linkChannelToLobby', (native) => {
      const lobby = toSnowflake(lobbyId, 'lobbyId');
      const channel = toSnowflake(channelId, 'channelId');
      return (requestId) => native.linkChannelToLobby(requestId, lobby, channel);
    }).then(() => undefined);
  },

  unlinkChannelFromLobby(lobbyId: SnowflakeInput): Promise<void> {
    return operation(this, 'unlinkChannelFromLobby', (native) => {
      const lobby = toSnowflake(lobbyId, 'lobbyId');
      return (requestId) => native.unlinkChannelFromLobby(requestId, lobby);
    }).then(() => undefined);
  },

  joinLinkedLobbyGuild(lobbyId: SnowflakeInput): Promise<string> {
    return operation(this, 'joinLinkedLobbyGuild', (native) => {
      const lobby = toSnowflake(lobbyId, 'lobbyId');
      return (requestId) => native.joinLinkedLobbyGuild(requestId, lobby);
    });
  },

  getLobby(lobbyId: SnowflakeInput): Lobby | null {
    const state = requireClient(this, 'getLobby');
    const id = toSnowflake(lobbyId, 'lobbyId');
    const lobby = state.closed ? null : state.native.getLobby(id);
    return lobby && { ...lobby, members: lobby.members.map((m) => ({ ...m, user: m.user && fromNativeUser(m.user) })) };
  },

  getLobbyIds(): Snowflake[] {
    const state = requireClient(this, 'getLobbyIds');
    return state.closed ? [] : state.native.getLobbyIds();
  },
});

/** The event each native LobbyEvent value is emitted as. */
const LOBBY_EVENTS: Readonly<Record<number, keyof LobbyClientEvents>> = {
  [LobbyEventValues.Created]: 'lobbyCreated',
  [LobbyEventValues.Deleted]: 'lobbyDeleted',
  [LobbyEventValues.Updated]: 'lobbyUpdated',
  [LobbyEventValues.MemberAdded]: 'lobbyMemberAdded',
  [LobbyEventValues.MemberRemoved]: 'lobbyMemberRemoved',
  [LobbyEventValues.MemberUpdated]: 'lobbyMemberUpdated',
};

registerClientEvents({
  lobbyCreated: true,
  lobbyDeleted: true,
  lobbyUpdated: true,
  lobbyMemberAdded: true,
  lobbyMemberRemoved: true,
  lobbyMemberUpdated: true,
} satisfies Record<keyof LobbyClientEvents, true>);

registerEventHandlers({
  Lobby: (client, event, lobbyId, memberId) => {
    const name = LOBBY_EVENTS[event];
    const emitter = emitterOf(client);
    if (!name || !emitter) return;
    if (name === 'lobbyCreated' || name === 'lobbyDeleted' || name === 'lobbyUpdated') emitter.emit(name, { lobbyId });
    else emitter.emit(name, { lobbyId, memberId });
  },
});
