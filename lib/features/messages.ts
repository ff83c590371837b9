/**
 * Messages: lobby chat (send, read), direct messages between users (send, edit, delete, read,
 * conversations), and the message events both deliver.
 * Adds its methods to {@link Client} and its events to {@link ClientEvents}.
 * @module
 */
import { toSnowflake, type Snowflake, type SnowflakeInput } from '../model/ids.js';
import { limits } from '../common/limits.js';
import { MessageEvent as MessageEventValues } from '../generated/seam.js';
import { registerEventHandlers } from '../addon/runtime.js';
import { CHANNEL_TYPE_VALUES, type Channel, type ChannelType, type Message, type MessageDeletedEvent, type Metadata, type UserMessageSummary } from '../model/types.js';
import { checkBoolean, checkContent, checkMessageLimit, checkOptionalMetadata, checkOptions, checkUserMessageLimit } from '../common/validate.js';
import { registerClientEvents } from '../client/event-names.js';
import { defineClientMethods, emitterOf, operation, requireClient } from '../client/feature.js';
import type { Client } from '../client/client.js';
import type { User } from '../model/user.js';

/** Options of {@link Client.sendLobbyMessage}. */
export interface SendLobbyMessageOptions {
  metadata?: Metadata;
}

/** Options of {@link Client.getLobbyMessages}. */
export interface GetLobbyMessagesOptions {
  /** How many of the most recent messages; default and most: 200 (a larger limit is clamped). */
  limit?: number;
}

/** Options of {@link Client.sendUserMessage}. */
export interface SendUserMessageOptions {
  metadata?: Metadata;
}

/** Options of {@link Client.getUserMessages}. */
export interface GetUserMessagesOptions {
  /** How many of the most recent messages; 0 or less (and the default) means the most, 200. A larger limit is clamped. */
  limit?: number;
}

/** The message events of a {@link Client} (part of {@link ClientEvents}). */
export interface MessageClientEvents {
  /**
   * A message arrived in one of the client's lobbies, or a direct message to or from the user (the
   * sender's own messages too). A direct message has `recipientId` set and `lobbyId` null.
   */
  messageCreated: [message: Message];
  /** A message changed (its author edited it, or the game backend set its moderation metadata). */
  messageUpdated: [message: Message];
  /** A direct message to or from the user was deleted by its author. */
  messageDeleted: [event: MessageDeletedEvent];
}

declare module '../model/types.js' {
  interface ClientEvents extends MessageClientEvents {}
}

declare module '../client/client.js' {
  interface Client {
    /**
     * Sends a message to a lobby the user is a member of; resolves its id. Content must be 1 to
     * 2,000 characters: anything else is refused before it is sent. Every member (the sender too)
     * gets `messageCreated`.
     */
    sendLobbyMessage(lobbyId: SnowflakeInput, content: string, options?: SendLobbyMessageOptions): Promise<Snowflake>;
    /**
     * The most recent messages of a lobby, newest first: at most 200 (a larger `limit` is clamped),
     * from the last 72 hours. The user must be a member: otherwise it rejects with an `HTTPError`
     * (status 403) and nothing changes.
     */
    getLobbyMessages(lobbyId: SnowflakeInput, options?: GetLobbyMessagesOptions): Promise<Message[]>;
    /**
     * Sends a direct message to a user; resolves its id. Content must be 1 to 2,000 characters.
     * Both users' clients get `messageCreated` (the message has `recipientId` set and `lobbyId`
     * null). Rejects with an `HTTPError` 404 (code 10013) for an unknown user, 400 (code 50007) for
     * the user itself, and 403 (code 50007) unless one of the vendor's cases holds: both users
     * online and in the game with no block between them, friends, or a shared server and a message
     * between them before (see docs/lobbies-and-messages.md, Direct messages).
     */
    sendUserMessage(userId: SnowflakeInput, content: string, options?: SendUserMessageOptions): Promise<Snowflake>;
    /**
     * Edits a direct message this user sent to `userId`; both users' clients get `messageUpdated`
     * with the new content and `editedAt`. Only the author may edit: otherwise it rejects with an
     * `HTTPError` 403 (code 50005). 404 for an unknown message (10008) or conversation (10003).
     * The rules of {@link Client.sendUserMessage} apply too (403, code 50007).
     */
    editUserMessage(userId: SnowflakeInput, messageId: SnowflakeInput, content: string): Promise<void>;
    /**
     * Deletes a direct message this user sent to `userId`; both users' clients get
     * `messageDeleted`. Only the author may delete: otherwise it rejects with an `HTTPError` 403
     * (code 50005). 404 for an unknown message (10008) or conversation (10003).
     */
    deleteUserMessage(userId: SnowflakeInput, messageId: SnowflakeInput): Promise<void>;
    /**
     * The most recent direct messages between the user and `userId`, newest first: at most 200,
     * from the last 72 hours (the lobby messages' limits). Served from the client's local cache when
     * it holds enough of them, otherwise fetched from the service (a round trip that can fail). The
     * cache holds, per conversation, the newest messages this client sent or received while
     * connected and those fetches brought (at most 200 per conversation, 100 conversations); it is
     * emptied when the client connects again. Rejects with an `HTTPError` 404 (code 10003) when the
     * users have no conversation.
     */
    getUserMessages(userId: SnowflakeInput, options?: GetUserMessagesOptions): Promise<Message[]>;
    /** The user's direct-message conversations that hold a message, the most recently active first. */
    getUserMessageSummaries(): Promise<UserMessageSummary[]>;
    /**
     * A message by id from the client's own memory (`GetMessageHandle`), or null: no round trip.
     * "The SDK keeps the 25 most recent messages in each channel in memory. Messages sent before
     * the SDK was started cannot be accessed with this." The usual use is to read a message an
     * event named by id. Holds the messages this client received (its own included) while running,
     * in their latest version; a deleted message is gone. Null when closed.
     * @throws TypeError / RangeError when `messageId` is not a snowflake.
     * @example
     * // A reply names the message it answers by id (in its metadata, say): show what it quoted.
     * const quoted = client.getMessage(reply.metadata.replyTo)?.content ?? '(no longer held)';
     */
    getMessage(messageId: SnowflakeInput): Message | null;
    /**
     * The channel of a message (`GetChannelHandle`), by the message's `channelId`: a
     * direct-message channel (its `recipients`), an ephemeral one, or a lobby (the vendor: "For
     * convenience this API will also work with lobbies"). Read from the client's memory: a channel
     * of a message it holds, or a lobby the user is a member of; otherwise null (also when closed).
     * @throws TypeError / RangeError when `channelId` is not a snowflake.
     * @example
     * const message = client.getMessage(messageId);
     * const channel = message && client.getChannel(message.channelId);
     * if (channel?.type === 'Dm') console.log('a direct message between', channel.recipients.join(' and '));
     */
    getChannel(channelId: SnowflakeInput): Channel | null;
    /**
     * The author of a message as this client sees it (`MessageHandle::Author`: "the UserHandle for
     * the author of this message"): {@link Client.getUser} of its `authorId`. Takes the message
     * or its id (read with {@link Client.getMessage}); null when the client holds neither the
     * message nor the user, or is closed.
     * @example
     * client.on('messageCreated', ({ messageId }) => {
     *   const author = client.getMessageAuthor(messageId);
     *   console.log(`${author?.displayName ?? 'someone'}: ${client.getMessage(messageId)?.content}`);
     * });
     */
    getMessageAuthor(message: Message | SnowflakeInput): User | null;
    /**
     * The user a direct message was sent to (`MessageHandle::Recipient`: "the UserHandle for the
     * other participant in a DM, if this message was sent in a DM"), by its `recipientId`; null for
     * a lobby message, or as {@link Client.getMessageAuthor}.
     */
    getMessageRecipient(message: Message | SnowflakeInput): User | null;
    /**
     * The channel a message was sent in (`MessageHandle::Channel`): {@link Client.getChannel} of its
     * `channelId` (a lobby, or a direct-message channel with its recipients); null as
     * {@link Client.getMessageAuthor}.
     */
    getMessageChannel(message: Message | SnowflakeInput): Channel | null;
    /**
     * Whether a message can be viewed in the Discord app (`CanOpenMessageInDiscord`): "Not all chat
     * messages are replicated to Discord. For example lobby chat and some DMs are ephemeral and not
     * persisted on Discord so cannot be opened." The docs' rules: a direct message when at least
     * one of its two users is a full Discord account, a lobby message when the lobby is linked to a
     * channel. Only a message the client holds ({@link Client.getMessage}) is checked; false for any
     * other, when not ready, and once closed.
     * @throws TypeError / RangeError when `messageId` is not a snowflake.
     */
    canOpenMessageInDiscord(messageId: SnowflakeInput): boolean;
    /**
     * Opens a message in the Discord app (`OpenMessageInDiscord`): for a click on "view in Discord"
     * beside content the game does not show (a message's `additionalContent`). Resolves `'opened'`,
     * or `'provisionalUserMergeRequired'` when the user is a provisional account (the SDK's
     * provisionalUserMergeRequiredCallback: nothing opens until the player links a Discord
     * account). On the simulator it rejects with `ValidationError` when
     * {@link Client.canOpenMessageInDiscord} is false, and with `RPCError` when the Discord app is
     * not running or reachable; the app then shows it (`sim.chatClient(user).openedMessages`).
     * @example
     * if (client.canOpenMessageInDiscord(message.id)) await client.openMessageInDiscord(message.id);
     */
    openMessageInDiscord(messageId: SnowflakeInput): Promise<'opened' | 'provisionalUserMergeRequired'>;
    /**
     * Tells the Discord app whether the game shows chat now (`SetShowingChat`), "to avoid
     * double-notifying users": while it does, the Discord app on the same machine keeps its own
     * notifications of those messages quiet. Call it whenever chat is shown or hidden, and with
     * false when the game loses focus. Remembered across reconnections (false by default); does
     * nothing once closed. On the simulator: `sim.chatClient(user).showingChat`.
     * @throws TypeError when `showingChat` is not a boolean.
     */
    setShowingChat(showingChat: boolean): void;
    /**
     * Opens the Connected Games settings in the Discord app (`OpenConnectedGamesSettingsInDiscord`),
     * where users choose who may message them from games: the SDK cannot change these settings
     * itself. The vendor: "If the client isn't connected or the user is a provisional account, this
     * function does nothing", "always a no-op for console platforms". On the simulator it rejects
     * with `ClientNotReady` unless ready, `ValidationError` for a provisional account (our choice)
     * and `RPCError` when the Discord app is not reachable.
     */
    openConnectedGamesSettingsInDiscord(): Promise<void>;
  }
}

defineClientMethods({
  sendLobbyMessage(lobbyId: SnowflakeInput, content: string, options?: SendLobbyMessageOptions): Promise<Snowflake> {
    return operation(this, 'sendLobbyMessage', (native) => {
      const id = toSnowflake(lobbyId, 'lobbyId');
      checkContent(content);
      const { metadata } = checkOptions(options);
      const checked = checkOptionalMetadata(metadata, 'metadata');
      return (requestId) => native.sendLobbyMessage(requestId, id, content, checked);
    });
  },

  getLobbyMessages(lobbyId: SnowflakeInput, options?: GetLobbyMessagesOptions): Promise<Message[]> {
    return operation(this, 'getLobbyMessages', (native) => {
      const id = toSnowflake(lobbyId, 'lobbyId');
      const { limit } = checkOptions(options);
      const checked = checkMessageLimit(limit ?? limits.lobbyMessagesReturned);
      return (requestId) => native.getLobbyMessages(requestId, id, checked);
    }).then((value) => [...value]);
  },

  sendUserMessage(userId: SnowflakeInput, content: string, options?: SendUserMessageOptions): Promise<Snowflake> {
    return operation(this, 'sendUserMessage', (native) => {
      const id = toSnowflake(userId, 'userId');
      checkContent(content);
      const { metadata } = checkOptions(options);
      const checked = checkOptionalMetadata(metadata, 'metadata');
      return (requestId) => native.sendUserMessage(requestId, id, content, checked);
    });
  },

  editUserMessage(userId: SnowflakeInput, messageId: SnowflakeInput, content: string): Promise<void> {
    return operation(this, 'editUserMessage', (native) => {
      const user = toSnowflake(userId, 'userId');
      const message = toSnowflake(messageId, 'messageId');
      checkContent(content);
      return (requestId) => native.editUserMessage(requestId, user, message, content);
    }).then(() => undefined);
  },

  deleteUserMessage(userId: SnowflakeInput, messageId: SnowflakeInput): Promise<void> {
    return operation(this, 'deleteUserMessage', (native) => {
      const user = toSnowflake(userId, 'userId');
      const message = toSnowflake(messageId, 'messageId');
      return (requestId) => native.deleteUserMessage(requestId, user, message);
    }).then(() => undefined);
  },

  getUserMessages(userId: SnowflakeInput, options?: GetUserMessagesOptions): Promise<Message[]> {
    return operation(this, 'getUserMessages', (native) => {
      const id = toSnowflake(userId, 'userId');
      const { limit } = checkOptions(options);
      const checked = checkUserMessageLimit(limit ?? 0);
      return (requestId) => native.getUserMessages(requestId, id, checked);
    }).then((value) => [...value]);
  },

  getUserMessageSummaries(): Promise<UserMessageSummary[]> {
    return operation(this, 'getUserMessageSummaries', (native) => (requestId) => native.getUserMessageSummaries(requestId)).then(
      (value) => [...value],
    );
  },
});

defineClientMethods({
  getMessage(messageId: SnowflakeInput): Message | null {
    const state = requireClient(this, 'getMessage');
    const id = toSnowflake(messageId, 'messageId');
    return state.closed ? null : state.native.getMessage(id);
  },

  getChannel(channelId: SnowflakeInput): Channel | null {
    const state = requireClient(this, 'getChannel');
    const id = toSnowflake(channelId, 'channelId');
    const channel = state.closed ? null : state.native.getChannel(id);
    if (channel === null) return null;
    return { ...channel, type: CHANNEL_TYPE_NAMES.get(channel.type) ?? 'Dm', recipients: [...channel.recipients] };
  },

  getMessageAuthor(message: Message | SnowflakeInput): User | null {
    const found = heldMessage(this, message, 'getMessageAuthor');
    return found && this.getUser(found.authorId);
  },

  getMessageRecipient(message: Message | SnowflakeInput): User | null {
    const found = heldMessage(this, message, 'getMessageRecipient');
    return found?.recipientId ? this.getUser(found.recipientId) : null;
  },

  getMessageChannel(message: Message | SnowflakeInput): Channel | null {
    const found = heldMessage(this, message, 'getMessageChannel');
    return found && this.getChannel(found.channelId);
  },
});

/** The message a handle method reads: the one given, or the client's by id; null when closed or not held. */
function heldMessage(client: Client, message: Message | SnowflakeInput, method: string): Message | null {
  const state = requireClient(client, method);
  if (state.closed) return null;
  if (typeof message === 'object' && message !== null) {
    const { authorId, channelId } = message as Partial<Message>;
    if (typeof authorId !== 'string' || typeof channelId !== 'string') {
      throw new TypeError('message must be a Message (from getMessage() or an event) or a message id');
    }
    return message as Message;
  }
  return client.getMessage(message);
}

defineClientMethods({
  canOpenMessageInDiscord(messageId: SnowflakeInput): boolean {
    const state = requireClient(this, 'canOpenMessageInDiscord');
    const id = toSnowflake(messageId, 'messageId');
    return !state.closed && state.native.canOpenMessageInDiscord(id);
  },

  openMessageInDiscord(messageId: SnowflakeInput): Promise<'opened' | 'provisionalUserMergeRequired'> {
    return operation(this, 'openMessageInDiscord', (native) => {
      const id = toSnowflake(messageId, 'messageId');
      return (requestId) => native.openMessageInDiscord(requestId, id);
    }).then((value) => (value === 'provisionalUserMergeRequired' ? value : 'opened'));
  },

  setShowingChat(showingChat: boolean): void {
    const state = requireClient(this, 'setShowingChat');
    const checked = checkBoolean(showingChat, 'showingChat');
    if (!state.closed) state.native.setShowingChat(checked);
  },

  openConnectedGamesSettingsInDiscord(): Promise<void> {
    return operation(this, 'openConnectedGamesSettingsInDiscord', (native) => (requestId) =>
      native.openConnectedGamesSettingsInDiscord(requestId),
    ).then(() => undefined);
  },
});

const CHANNEL_TYPE_NAMES = new Map<number, ChannelType>(
  Object.entries(CHANNEL_TYPE_VALUES).map(([name, value]) => [value, name as ChannelType]),
);

/** The event each native MessageEvent value is emitted as. */
const MESSAGE_EVENTS: Readonly<Record<number, 'messageCreated' | 'messageUpdated'>> = {
  [MessageEventValues.Created]: 'messageCreated',
  [MessageEventValues.Updated]: 'messageUpdated',
};

registerClientEvents({ messageCreated: true, messageUpdated: true, messageDeleted: true } satisfies Record<keyof MessageClientEvents, true>);

registerEventHandlers({
  Message: (client, event, message) => {
    const name = MESSAGE_EVENTS[event];
    if (name) emitterOf(client)?.emit(name, message);
  },
  MessageDeleted: (client, messageId, channelId) => emitterOf(client)?.emit('messageDeleted', { messageId, channelId }),
});
