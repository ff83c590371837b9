import { namesByValue, valuesByLowerName } from './enum-names.js';
import { ChannelType as ChannelTypeValues, ConnectionError as ConnectionErrorValues, LogSeverity as LogSeverityValues, Status } from '../generated/seam.js';
import type { Snowflake } from './ids.js';
import type { SocialSdkError } from '../common/errors.js';
import type { User } from './user.js';

/**
 * Connection status of a client, as the vendor SDK's `Client::Status` (in its order).
 * `ready` is the one to wait for: most operations need it.
 */
export type ClientStatus =
  | 'disconnected'
  | 'connecting'
  | 'connected'
  | 'ready'
  | 'reconnecting'
  | 'disconnecting'
  | 'httpWait';

/** @internal Indexed by the vendor's integer value. */
export const CLIENT_STATUSES: readonly ClientStatus[] = namesByValue(Status);

/** Why a connection ended (`Client::Error`). */
export type ConnectionError = 'none' | 'connectionFailed' | 'unexpectedClose' | 'connectionCanceled';

/** @internal Indexed by the vendor's integer value. */
export const CONNECTION_ERRORS: readonly ConnectionError[] = namesByValue(ConnectionErrorValues);

/** Payload of the `statusChanged` event. */
export interface StatusChange {
  status: ClientStatus;
  /** Set when the change was caused by a failure. */
  error: ConnectionError;
  /** Usually the gateway close code (e.g. 4004: authentication failed); 0 when none. */
  errorDetail: number;
}

/** Log severities (`LoggingSeverity`), least to most severe. */
export type LogSeverity = 'verbose' | 'info' | 'warning' | 'error';
/** The least severe level a client forwards; `none` forwards nothing. */
export type LogLevel = LogSeverity | 'none';

/** @internal The vendor's integer value of each level. */
export const LOG_LEVEL_VALUES: Readonly<Record<LogLevel, number>> = valuesByLowerName(LogSeverityValues);

/**
 * Where a log line comes from: the SDK itself (`AddLogCallback`) or its voice engine
 * (`AddVoiceLogCallback`, which the SDK's own log callback excludes).
 */
export type LogSource = 'sdk' | 'voice';

/**
 * Payload of the `log` event. The bearer token never appears in `message`: the SDK replaces it
 * with `[REDACTED]` in every line, at every severity. Release builds of the SDK log only `error`
 * and `warning`; debug builds also `info` and `verbose`.
 */
export interface LogEntry {
  severity: LogSeverity;
  message: string;
  source: LogSource;
}

/** Payload of `userUpdated`. */
export interface UserUpdatedEvent {
  userId: Snowflake;
}

/**
 * The rich presence the client applied again after reconnecting was refused by the service
 * (`richPresenceFailed`); the presence shown is the last one it accepted.
 */
export interface RichPresenceFailedEvent {
  error: SocialSdkError;
}

/**
 * String key-value pairs: lobby, member and message metadata. At most 25 entries, keys and values
 * of at most 1,024 characters, 1,000 characters in all, every string well-formed (see `limits`);
 * a message's moderation metadata: at most 5 entries, keys of 1,024 and values of 2,000 characters.
 */
export type Metadata = Record<string, string>;

/** A member of a lobby, as every member sees it. */
export interface LobbyMember {
  id: Snowflake;
  /** Set when joining (e.g. a per-member mute list); visible to the other members. */
  metadata: Metadata;
  /** Whether the member has a client of the game connected to the service right now. */
  connected: boolean;
  /**
   * Whether the member may link a channel to the lobby (`LobbyMemberHandle::CanLinkLobby`): the
   * CanLinkLobby flag, which only the game backend sets (the server API's member `flags`).
   */
  canLinkLobby: boolean;
  /**
   * The member as a user, as this client sees it (`LobbyMemberHandle::User`): lobby members see
   * each other's status and activity, unless one blocked the other. Null when the SDK has no user
   * for the member.
   */
  user: User | null;
}

/** A participant of a lobby's call and its voice state (`CallInfoHandle::GetVoiceStateHandle`). */
export interface LobbyCallParticipant {
  userId: Snowflake;
  /** The participant muted its own microphone. */
  selfMute: boolean;
  /** The participant deafened itself. */
  selfDeaf: boolean;
}

/**
 * A lobby's active voice call as every member sees it (`CallInfoHandle`): "This can allow you to
 * display which lobby members are in voice, even if the current user has not yet joined the voice
 * call."
 */
export interface LobbyCallInfo {
  /** `CallInfoHandle::ChannelId`: "the lobby ID of the call". */
  channelId: Snowflake;
  /** `CallInfoHandle::GuildId`; null when 0 (always, on the simulator: a lobby's call is in no guild). */
  guildId: Snowflake | null;
  /** Who is in the call, in the order they joined. */
  participants: LobbyCallParticipant[];
}

/** The chat channel linked to a lobby. */
export interface LinkedChannel {
  id: Snowflake;
  name: string;
  guildId: Snowflake;
}

/** A lobby, as a member sees it (`LobbyHandle`). */
export interface Lobby {
  id: Snowflake;
  metadata: Metadata;
  /** In the order they joined. */
  members: LobbyMember[];
  linkedChannel: LinkedChannel | null;
  /**
   * The lobby's voice call when one is active, joined or not (`LobbyHandle::GetCallInfoHandle`:
   * "if there is an active voice call in this lobby"); null when nobody is in voice.
   */
  callInfo: LobbyCallInfo | null;
}

/**
 * A message (`MessageHandle`). Frozen: one object may be handed to every client that receives it.
 * `moderationMetadata` and `additionalName` are set only by the game backend; clients read them.
 */
export interface Message {
  readonly id: Snowflake;
  readonly content: string;
  /**
   * The content "without replacing any markup from emojis and mentions" (`MessageHandle::RawContent`),
   * where `content` shows them in a readable form (`@username`, `:emoji_name:`). The simulator
   * replaces no markup: both are the text as sent.
   */
  readonly rawContent: string;
  /**
   * The application the message was sent from, if any (`MessageHandle::ApplicationId`): tells a
   * message from another child application of the same publisher. On the simulator, the game
   * whose client sent it.
   */
  readonly applicationId: Snowflake | null;
  readonly authorId: Snowflake;
  /** For a lobby message, the lobby's id (the service uses it as the channel id). */
  readonly channelId: Snowflake;
  /** The lobby of a lobby message; null for a direct message. */
  readonly lobbyId: Snowflake | null;
  /** When it was sent: ms since the Unix epoch on the service's clock. */
  readonly sentAt: number;
  /** When it was last edited (ms since the Unix epoch), or null. */
  readonly editedAt: number | null;
  readonly metadata: Readonly<Metadata>;
  /**
   * Application-scoped moderation metadata the game backend set; empty by default, and always empty
   * on the vendor backend built against an SDK older than 1.8.13395 (`features.messageModerationMetadata`).
   */
  readonly moderationMetadata: Readonly<Metadata>;
  /** The author's additional display name in the lobby (e.g. a character name), set by the game backend when the message was sent; null when none (always, on the vendor backend before SDK 1.10: `features.messageAdditionalName`). */
  readonly additionalName: string | null;
  /** For a direct message, the user it was sent to (`MessageHandle::RecipientId`); null for a lobby message. */
  readonly recipientId: Snowflake | null;
  /**
   * Set only on a notice the SDK itself puts into the conversation, never on chat a user sent
   * (`MessageHandle::DisclosureType`): `'MessageDataVisibleOnDiscord'` is the legal disclosure that
   * the messages of this conversation are also visible on Discord. Show it as a notice, not as a
   * message from `authorId`. `'Unknown'` is a kind of notice newer than this package. Null for chat
   * (and always on the simulator, which injects no notices).
   */
  readonly disclosureType: DisclosureType | null;
  /**
   * Whether it was sent from a game through the SDK (`MessageHandle::SentFromGame`); false for a
   * message sent from the Discord client. Always true on the simulator, whose users chat only
   * through SDK clients.
   */
  readonly sentFromGame: boolean;
  /**
   * What the message holds besides its text that the SDK does not render, such as attachments or a
   * poll sent from the Discord client (`MessageHandle::AdditionalContent`); null when nothing. Show
   * a hint ("2 attachments: open in Discord") rather than nothing. Always null on the simulator.
   */
  readonly additionalContent: Readonly<AdditionalContent> | null;
}

/** The kind of notice an SDK-injected message is (`DisclosureTypes`); see {@link Message.disclosureType}. */
export type DisclosureType = 'MessageDataVisibleOnDiscord' | 'Unknown';

/** Content of a message the SDK does not render (`AdditionalContent`). */
export interface AdditionalContent {
  /** What it is (`AdditionalContentType`); `'Other'` also for kinds newer than this package. */
  readonly type: 'Other' | 'Attachment' | 'Poll' | 'VoiceMessage' | 'Thread' | 'Embed' | 'Sticker';
  /** Its title when it has one (e.g. a poll's question), else null. */
  readonly title: string | null;
  /** How many there are (e.g. attachments). */
  readonly count: number;
}

/** Payload of `lobbyCreated`, `lobbyDeleted` and `lobbyUpdated`. */
export interface LobbyEvent {
  lobbyId: Snowflake;
}

/** Payload of `lobbyMemberAdded`, `lobbyMemberRemoved` and `lobbyMemberUpdated`. */
export interface LobbyMemberEvent {
  lobbyId: Snowflake;
  memberId: Snowflake;
}

/**
 * Events of a {@link Client}; each is also available as an async iterator via `client.events(name)`.
 * The core's are here; each feature module adds its own (lobbies, messages, presence, voice).
 */
export interface ClientEvents {
  /** The connection status changed. Always the first event a client emits. */
  statusChanged: [change: StatusChange];
  /** A log line from the SDK (both SDK and voice logs), at or above the client's `logLevel`. */
  log: [entry: LogEntry];
  /** The client was closed (by `close()`, or at environment exit); nothing follows. */
  closed: [];
}

/** Payload of `messageDeleted`. */
export interface MessageDeletedEvent {
  messageId: Snowflake;
  /** The conversation's channel (a direct message's `channelId`). */
  channelId: Snowflake;
}

/** The type of a channel (`ChannelType`), by the vendor's name. */
export type ChannelType =
  | 'GuildText'
  | 'Dm'
  | 'GuildVoice'
  | 'GroupDm'
  | 'GuildCategory'
  | 'GuildNews'
  | 'GuildStore'
  | 'GuildNewsThread'
  | 'GuildPublicThread'
  | 'GuildPrivateThread'
  | 'GuildStageVoice'
  | 'GuildDirectory'
  | 'GuildForum'
  | 'GuildMedia'
  | 'Lobby'
  | 'EphemeralDm';

/** @internal The vendor's integer value of each channel type. */
export const CHANNEL_TYPE_VALUES: Readonly<Record<ChannelType, number>> = ChannelTypeValues;

/**
 * The channel a message was sent in (`ChannelHandle`, {@link Client.getChannel}): for the SDK a
 * direct-message channel (`Dm`), an ephemeral one (`EphemeralDm`) or a lobby (`Lobby`, whose id
 * is the lobby's).
 */
export interface Channel {
  id: Snowflake;
  /** Its name: "generally only channels in servers have names", so empty for lobbies and direct messages. */
  name: string;
  type: ChannelType;
  /** For a direct-message channel the ids of its members (on the simulator the two users, lowest first); empty for other channels. */
  recipients: Snowflake[];
}

/** A guild (server) the user is a member of (`GuildMinimal`). */
export interface Guild {
  id: Snowflake;
  name: string;
}

/** The lobby a guild channel is linked to (`LinkedLobby`). */
export interface LinkedLobby {
  applicationId: Snowflake;
  lobbyId: Snowflake;
}

/** A channel of a guild, as the current user sees it (`GuildChannel`). */
export interface GuildChannel {
  id: Snowflake;
  name: string;
  /**
   * Its type; null when the SDK does not report it: the vendor backend built against SDK 1.6, whose
   * `GuildChannel` has no type, position or parent (`client.features.guildChannelDetails` is false).
   */
  type: ChannelType | null;
  /**
   * Its place in the guild's channel list (lower first). Without `guildChannelDetails` (vendor
   * backend, SDK 1.6), its index in the list, which SDK 1.6 sorts by position.
   */
  position: number;
  /** The category it is in; null when none (always null without `guildChannelDetails`). */
  parentId: Snowflake | null;
  /** Whether the current user can link it to a lobby: a text channel not linked to another game's lobby, on which the user may view, send messages and manage the channel. */
  isLinkable: boolean;
  /** Whether every member of the guild can view it and send messages in it. */
  isViewableAndWriteableByAllMembers: boolean;
  /** The lobby linked to it, or null. */
  linkedLobby: LinkedLobby | null;
}

/** One direct-message conversation of the user (`UserMessageSummary`). */
export interface UserMessageSummary {
  /** The other user. */
  userId: Snowflake;
  /** The newest message of the conversation. */
  lastMessageId: Snowflake;
}
