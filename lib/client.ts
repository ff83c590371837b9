import { EventEmitter, on } from 'node:events';
import { inspect } from 'node:util';

import { checkBackendOptions, selectBackend, vendorSdkVersion, type BackendName } from './backend.js';
import { SocialSdkError, clientDestroyed, withCallSite } from './errors.js';
import { limits } from './limits.js';
import { toSnowflake, type Snowflake, type SnowflakeInput } from './ids.js';
import type {
  NativeClient,
  NativeFeatures,
  NativeGuildChannel,
  NativeMessage,
  NativePayload,
  NativeVoiceSettings,
} from './native.js';
import { namesByValue, valuesByLowerName } from './enum-names.js';
import { LobbyEvent, LogSeverity as LogSeverityValues, LogSource, MessageEvent, Status, StatusType, TokenType } from './generated/seam.js';
import { getRuntime, type ClientSink } from './runtime.js';
import { defaultNativeWorld, nativeWorldOf } from './sim/internal.js';
import type { Simulator } from './sim/simulator.js';
import { enforceSdkSupport } from './support/enforce.js';
import { formatSdkVersion } from './support/version.js';
import {
  CHANNEL_TYPE_VALUES,
  CLIENT_EVENT_NAMES,
  CLIENT_STATUSES,
  CONNECTION_ERRORS,
  LOG_LEVEL_VALUES,
  type ChannelType,
  type Guild,
  type GuildChannel,
  type UserMessageSummary,
  type ClientEvents,
  type ClientStatus,
  type Lobby,
  type Message,
  type Metadata,
  type LogLevel,
  type LogSeverity,
  type SettableOnlineStatus,
  type StatusChange,
  type User,
} from './types.js';
import { checkCpuAffinityMask, fromNativeUser, toNativeActivity, type Activity } from './presence.js';
import {
  CALL_ERRORS,
  CALL_STATUSES,
  callFailure,
  toCall,
  toVoiceSettings,
  type Call,
  type CallStatusChange,
  type VoiceSettings,
} from './voice.js';
import {
  checkBoolean,
  checkContent,
  checkMessageLimit,
  checkOneOf,
  checkOptionalMetadata,
  checkOptions,
  checkSecret,
  checkText,
  checkUserMessageLimit,
  describe,
  typeName,
} from './validate.js';

/** Options of a {@link Client}. */
export interface ClientOptions {
  /** The application (game) the client acts for; tokens issued for another application are refused. */
  applicationId?: SnowflakeInput;
  /** Simulator backend: the simulated world to connect to. Defaults to {@link Simulator.default}. */
  simulator?: Simulator;
  /** The least severe log level forwarded as `log` events. Default `warning`. */
  logLevel?: LogLevel;
  /**
   * The backend: `sim` (the built-in simulator) or `vendor` (the real SDK library; needs a build
   * with `SOCIAL_SDK_DIR`, see the README). Default: `sim` when `simulator` is given, else the
   * `SOCIAL_SDK_BACKEND` environment variable, else `sim`.
   */
  backend?: BackendName;
  /**
   * Vendor backend: base URL of the service's API (`ClientCreateOptions.ApiBase`); default the
   * library's. The simulator ignores it.
   */
  apiBase?: string;
  /** Vendor backend: base URL of the service's web app (`ClientCreateOptions.WebBase`). The simulator ignores it. */
  webBase?: string;
  /**
   * Vendor backend: how often the library is polled for callbacks (`discordpp::RunCallbacks`), in
   * ms, 1 to 1000; default 10. The library's queue is process-wide: the shortest interval any open
   * client asked for applies. The simulator signals its events and ignores it.
   */
  runCallbacksIntervalMs?: number;
  /**
   * Runs on an end-of-life SDK instead of refusing it (a `SocialSdkWarning` is still emitted).
   * Default false: the constructor throws a SocialSdkError of type `UnsupportedSdk`.
   */
  allowUnsupportedSdk?: boolean;
  /**
   * An affinity hint for the SDK's threads (`ClientCreateOptions::SetCpuAffinityMask`): a
   * non-negative integer of at most 64 bits, as a bigint or a number (numbers must be safe
   * integers; use a bigint above 2^53 - 1). The spec says it controls SDK thread affinity on one
   * console family only; elsewhere the platform may ignore it. The simulator records it: read it
   * back with {@link Client.cpuAffinityMask}.
   * @example
   * const client = new Client({ cpuAffinityMask: 0b1100n }); // SDK threads on cores 2 and 3
   */
  cpuAffinityMask?: bigint | number;
}

/** Optional SDK features a backend may lack (see {@link Client.features}). */
export type BackendFeatures = Readonly<NativeFeatures>;

/** Options of {@link Client.updateToken}. */
export interface UpdateTokenOptions {
  /** The SDK accepts only `Bearer` (OAuth2 access tokens); `User` is refused with a ValidationError. */
  tokenType?: 'Bearer' | 'User';
}

/** Options of {@link Client.createOrJoinLobby}. */
export interface CreateOrJoinLobbyOptions {
  /** The lobby's metadata. When joining an existing lobby, replaces its metadata if given. */
  lobbyMetadata?: Metadata;
  /** The current user's member metadata (e.g. a mute list), visible to the other members. Replaces it if given. */
  memberMetadata?: Metadata;
}

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

/** Options of {@link Client.events}. */
export interface EventIteratorOptions {
  /** Ends the iteration with an AbortError when aborted. Must be an `AbortSignal` when given. */
  signal?: AbortSignal;
}

/** What `client.events(name)` yields for each event. */
export type EventValue<K extends keyof ClientEvents> = ClientEvents[K] extends [infer V, ...unknown[]] ? V : undefined;

const { Ready: READY, Disconnected: DISCONNECTED, Disconnecting: DISCONNECTING } = Status;
/** Gateway close code for "authentication failed". */
const CLOSE_AUTHENTICATION_FAILED = 4004;
const TOKEN_TYPES = TokenType;
const SEVERITIES = namesByValue(LogSeverityValues);
/** The settable statuses and their vendor names. */
const SETTABLE_STATUSES: readonly SettableOnlineStatus[] = ['online', 'idle', 'dnd', 'invisible'];
const STATUS_VALUES = valuesByLowerName(StatusType);
/** The event each native LobbyEvent value is emitted as. */
const LOBBY_EVENTS: Readonly<Record<number, 'lobbyCreated' | 'lobbyDeleted' | 'lobbyUpdated' | 'lobbyMemberAdded' | 'lobbyMemberRemoved' | 'lobbyMemberUpdated'>> = {
  [LobbyEvent.Created]: 'lobbyCreated',
  [LobbyEvent.Deleted]: 'lobbyDeleted',
  [LobbyEvent.Updated]: 'lobbyUpdated',
  [LobbyEvent.MemberAdded]: 'lobbyMemberAdded',
  [LobbyEvent.MemberRemoved]: 'lobbyMemberRemoved',
  [LobbyEvent.MemberUpdated]: 'lobbyMemberUpdated',
};
const MESSAGE_EVENTS: Readonly<Record<number, 'messageCreated' | 'messageUpdated'>> = {
  [MessageEvent.Created]: 'messageCreated',
  [MessageEvent.Updated]: 'messageUpdated',
};

/** Sees every status change (or the close) until it returns true. */
type StatusWaiter = (change: StatusChange | 'closed') => boolean;
/** Sees every call status change (or the close) until it returns true. */
type CallWaiter = (change: CallStatusChange | 'closed') => boolean;

/**
 * The client's state as JS has observed it, held by the runtime. It refers to its client only
 * weakly, except while busy (connected, connecting, or an operation pending), so an idle client
 * dropped without `close()` can be collected and its native side closed by its finalizer.
 */
class ClientCore implements ClientSink {
  readonly owner: WeakRef<Client>;
  status: number = DISCONNECTED;
  referenced = true;
  /** close() was called: events still queued for the client are no longer emitted. */
  closing = false;
  closed = false;
  readonly waiters = new Set<StatusWaiter>();
  readonly callWaiters = new Set<CallWaiter>();
  private pinned: Client | undefined;

  constructor(owner: Client) {
    this.owner = new WeakRef(owner);
  }

  isBusy(): boolean {
    return !this.closed && (this.status !== DISCONNECTED || this.waiters.size > 0);
  }
  isReferenced(): boolean {
    // A close in progress holds the loop even after unref(), so `await client.close()` completes.
    return this.referenced || this.closing;
  }
  setPinned(pinned: boolean): void {
    this.pinned = pinned ? this.owner.deref() : undefined;
  }

  onStatus(status: number, error: number, detail: number): void {
    this.status = status;
    const change: StatusChange = {
      status: CLIENT_STATUSES[status] ?? 'disconnected',
      error: CONNECTION_ERRORS[error] ?? 'none',
      errorDetail: detail,
    };
    this.notify(change);
    if (!this.closing) this.owner.deref()?.emit('statusChanged', change);
  }

  onLog(severity: number, message: string, source: number): void {
    if (this.closing) return;
    const name = SEVERITIES[severity];
    const known: LogSeverity = name === undefined || name === 'none' ? 'error' : name;
    this.owner.deref()?.emit('log', { severity: known, message, source: source === LogSource.Voice ? 'voice' : 'sdk' });
  }

  onCallStatus(lobbyId: string, status: number, error: number, detail: number): void {
    const change: CallStatusChange = {
      lobbyId,
      status: CALL_STATUSES[status] ?? 'disconnected',
      error: CALL_ERRORS[error] ?? 'none',
      errorDetail: detail,
    };
    for (const waiter of [...this.callWaiters]) if (waiter(change)) this.callWaiters.delete(waiter);
    if (!this.closing) this.owner.deref()?.emit('callStatusChanged', change);
  }

  onVoiceParticipant(lobbyId: string, userId: string, added: boolean): void {
    if (!this.closing) this.owner.deref()?.emit('voiceParticipantChanged', { lobbyId, userId, added });
  }

  onVoiceState(lobbyId: string, userId: string): void {
    if (!this.closing) this.owner.deref()?.emit('voiceStateChanged', { lobbyId, userId });
  }

  onVoiceSettings(settings: NativeVoiceSettings): void {
    if (!this.closing) this.owner.deref()?.emit('voiceSettingsUpdated', toVoiceSettings(settings));
  }

  onLobby(event: number, lobbyId: string, memberId: string): void {
    const name = LOBBY_EVENTS[event];
    const owner = this.closing ? undefined : this.owner.deref();
    if (!name || !owner) return;
    if (name === 'lobbyCreated' || name === 'lobbyDeleted' || name === 'lobbyUpdated') owner.emit(name, { lobbyId });
    else owner.emit(name, { lobbyId, memberId });
  }

  onMessage(event: number, message: NativeMessage): void {
    const name = MESSAGE_EVENTS[event];
    if (name && !this.closing) this.owner.deref()?.emit(name, message);
  }

  onMessageDeleted(messageId: string, channelId: string): void {
    if (!this.closing) this.owner.deref()?.emit('messageDeleted', { messageId, channelId });
  }

  onUserUpdated(userId: string): void {
    if (!this.closing) this.owner.deref()?.emit('userUpdated', { userId });
  }

  onClosed(): void {
    this.closed = true;
    this.status = DISCONNECTED;
    this.notify('closed');
    for (const waiter of [...this.callWaiters]) if (waiter('closed')) this.callWaiters.delete(waiter);
    const owner = this.owner.deref();
    if (owner) emitToEveryListener(owner, 'closed');
  }

  private notify(change: StatusChange | 'closed'): void {
    for (const waiter of [...this.waiters]) if (waiter(change)) this.waiters.delete(waiter);
  }
}

/**
 * A social SDK client: sign in with an access token, connect, and use the service through
 * promises and typed events. One process may hold many clients (the simulator's test harness
 * does); each must be closed with {@link Client.close} (or `await using`).
 *
 * Lifetime: a client that is connecting, connected or has an operation pending keeps the process
 * alive, unless {@link Client.unref} was called. An idle client that is dropped without `close()`
 * is closed when it is garbage-collected.
 */
export class Client extends EventEmitter<ClientEvents> {
  readonly #native: NativeClient;
  readonly #core: ClientCore;

  /** Whether `value` is a Client (the brand check of the promise methods, which reject, never throw). */
  static #isClient(value: unknown): value is Client {
    return typeof value === 'object' && value !== null && #core in value;
  }
  readonly #id: number;
  readonly #features: BackendFeatures;
  #tokenGiven = false;
  #connecting: Promise<void> | undefined;
  /** A connect attempt is under way: a `disconnected` status is sure to follow (or `ready`). */
  #attemptLive = false;
  #closing: Promise<void> | undefined;

  /**
   * Checks the backend's SDK version against the support policy (see {@link checkSdkSupport}):
   * warnings are emitted once per process as `SocialSdkWarning`s.
   * @throws TypeError or RangeError for malformed options; Error when the selected backend is not
   * available; SocialSdkError (type `UnsupportedSdk`) for an end-of-life SDK unless
   * `allowUnsupportedSdk` is true.
   */
  constructor(options: ClientOptions = {}) {
    super();
    checkOptions(options);
    const applicationId = toSnowflake(options.applicationId ?? '0', 'applicationId');
    const logLevel = checkOneOf(options.logLevel ?? 'warning', LOG_LEVELS, 'logLevel');
    const allowUnsupportedSdk = checkBoolean(options.allowUnsupportedSdk ?? false, 'allowUnsupportedSdk');
    const backend = selectBackend(options.backend, options.simulator !== undefined);
    if (backend === 'vendor' && options.simulator !== undefined) {
      throw new TypeError("simulator applies to the 'sim' backend only, not to backend 'vendor'");
    }
    const cpuAffinityMask = checkCpuAffinityMask(options.cpuAffinityMask);
    const backendOptions = checkBackendOptions(options);
    if (cpuAffinityMask !== undefined) backendOptions.cpuAffinityMask = cpuAffinityMask;
    const source = backend === 'vendor' ? 'vendor' : (options.simulator == null ? defaultNativeWorld() : nativeWorldOf(options.simulator));
    const version = source === 'vendor' ? vendorSdkVersion() : source.version();
    enforceSdkSupport(formatSdkVersion(version), allowUnsupportedSdk);
    const runtime = getRuntime();
    this.#core = new ClientCore(this);
    this.#id = runtime.register(this.#core);
    this.#native = new runtime.binding.NativeClient(source, this.#id, applicationId, LOG_LEVEL_VALUES[logLevel], backendOptions);
    // Fixed for the client's life (what its backend was built with): read once.
    this.#features = Object.freeze(this.#native.features());
  }

  /** The live connection status of the backend (events about it may still be on their way). */
  get status(): ClientStatus {
    return CLIENT_STATUSES[this.#native.status()] ?? 'disconnected';
  }

  /** The application this client acts for (`'0'` when none was given). */
  get applicationId(): Snowflake {
    return this.#native.applicationId();
  }

  /** The signed-in user, once the client is ready; null before and after. */
  get currentUser(): User | null {
    const user = this.#core.closed ? null : this.#native.currentUser();
    return user && fromNativeUser(user);
  }

  /** Which backend serves this client: `sim` (built-in simulator) or `vendor` (the real SDK). */
  get backend(): string {
    return this.#native.backend();
  }

  /**
   * Optional SDK features and whether this backend has them. The simulator has them all; the
   * vendor backend has those of the SDK release it was built against (SDK 1.9 has neither: message
   * `additionalName` is then always null, and voice settings report "not available in SDK 1.9").
   */
  get features(): BackendFeatures {
    return this.#features;
  }

  /** The SDK version of the backend, `major.minor.build`. */
  get sdkVersion(): string {
    const version = this.#native.sdkVersion();
    return `${version.major}.${version.minor}.${version.build}`;
  }

  /** True once the client is closed. */
  get closed(): boolean {
    return this.#closing !== undefined;
  }

  /**
   * Gives the client the OAuth2 access token the next {@link Client.connect} signs in with. The
   * token is handed to the native layer at once and is never kept in JS, logged or shown (nor is
   * it, or any other argument, shown in the error of a refused call). It must be a well-formed
   * string of 1 to `limits.accessTokenLength` characters. Rejects, never throws.
   */
  updateToken(token: string, options?: UpdateTokenOptions): Promise<void> {
    if (!Client.#isClient(this)) return notAClient('updateToken');
    if (this.#closing) return Promise.reject(clientDestroyed('updateToken'));
    let tokenType: keyof typeof TOKEN_TYPES;
    try {
      checkText(token, 'token', 1, limits.accessTokenLength);
      tokenType = checkOneOf(checkOptions(options).tokenType ?? 'Bearer', ['Bearer', 'User'] as const, 'tokenType');
    } catch (error) {
      return Promise.reject(error);
    }
    this.#tokenGiven = true;
    return this.#call('updateToken', (requestId) => this.#native.updateToken(requestId, TOKEN_TYPES[tokenType], token)).then(() => undefined);
  }

  /**
   * Connects and signs in. Resolves once the client is `ready`; rejects with a SocialSdkError
   * otherwise (type `AuthorizationFailed` for an unknown, revoked or expired token). Concurrent
   * calls share one attempt; calling it when ready resolves at once.
   */
  connect(): Promise<void> {
    if (!Client.#isClient(this)) return notAClient('connect');
    if (this.#closing) return Promise.reject(clientDestroyed('connect'));
    if (!this.#tokenGiven) {
      return Promise.reject(
        new SocialSdkError('connect: there is no access token yet; call updateToken() first', { type: 'ValidationError' }),
      );
    }
    // Decide from the backend's live status: events about earlier activity may still be queued.
    if (this.#connecting) return this.#connecting;
    const live = this.#native.status();
    if (live === READY) return Promise.resolve();
    const callSite = new Error();
    this.#connecting = new Promise<void>((resolve, reject) => {
      // Only an attempt under way (or the one this call starts) can settle this call; a
      // "disconnected" queued from before it must not.
      let started = live !== DISCONNECTED && live !== DISCONNECTING;
      this.#attemptLive = true;
      this.#wait((change) => {
        if (change === 'closed') {
          this.#attemptLive = false;
          reject(withCallSite(clientDestroyed('connect'), callSite));
          return true;
        }
        if (change.status === 'ready') {
          this.#attemptLive = false;
          resolve();
          return true;
        }
        if (change.status === 'connecting') started = true;
        if (change.status === 'disconnected' && started) {
          this.#attemptLive = false;
          reject(withCallSite(connectFailure(change), callSite));
          return true;
        }
        return false;
      });
      this.#native.connect();
    }).finally(() => {
      this.#connecting = undefined;
    });
    return this.#connecting;
  }

  /**
   * Creates a lobby of the application with this secret, or joins the one that exists: one call
   * either way. Resolves the lobby id. `lobbyCreated` follows for this client; the other members
   * get `lobbyMemberAdded`. The secret is 1 to 250 characters of well-formed Unicode (a lone
   * surrogate is refused: it would reach the service replaced, so two secrets could meet); it is
   * never shown in an error.
   * @example
   * const lobbyId = await client.createOrJoinLobby('match-42', { memberMetadata: { muted: '[]' } });
   */
  createOrJoinLobby(secret: string, options?: CreateOrJoinLobbyOptions): Promise<Snowflake> {
    if (!Client.#isClient(this)) return notAClient('createOrJoinLobby');
    return this.#start('createOrJoinLobby', () => {
      checkSecret(secret);
      const { lobbyMetadata, memberMetadata } = checkOptions(options);
      const lobby = checkOptionalMetadata(lobbyMetadata, 'lobbyMetadata');
      const member = checkOptionalMetadata(memberMetadata, 'memberMetadata');
      return (requestId) => this.#native.createOrJoinLobby(requestId, secret, lobby, member);
    }).then((value) => value as Snowflake);
  }

  /** Leaves a lobby (one created or joined with a secret; the game backend manages the others). */
  leaveLobby(lobbyId: SnowflakeInput): Promise<void> {
    if (!Client.#isClient(this)) return notAClient('leaveLobby');
    return this.#start('leaveLobby', () => {
      const id = toSnowflake(lobbyId, 'lobbyId');
      return (requestId) => this.#native.leaveLobby(requestId, id);
    }).then(() => undefined);
  }

  /** A lobby this client's user is a member of, with its members; null otherwise or when not ready. */
  getLobby(lobbyId: SnowflakeInput): Lobby | null {
    const id = toSnowflake(lobbyId, 'lobbyId');
    return this.#core.closed ? null : this.#native.getLobby(id);
  }

  /** The ids of the lobbies this client's user is a member of (empty when not ready). */
  getLobbyIds(): Snowflake[] {
    return this.#core.closed ? [] : this.#native.getLobbyIds();
  }

  /**
   * Sends a message to a lobby the user is a member of; resolves its id. Content must be 1 to
   * 2,000 characters: anything else is refused before it is sent. Every member (the sender too)
   * gets `messageCreated`.
   */
  sendLobbyMessage(lobbyId: SnowflakeInput, content: string, options?: SendLobbyMessageOptions): Promise<Snowflake> {
    if (!Client.#isClient(this)) return notAClient('sendLobbyMessage');
    return this.#start('sendLobbyMessage', () => {
      const id = toSnowflake(lobbyId, 'lobbyId');
      checkContent(content);
      const { metadata } = checkOptions(options);
      const checked = checkOptionalMetadata(metadata, 'metadata') ?? {};
      return (requestId) => this.#native.sendLobbyMessage(requestId, id, content, checked);
    }).then((value) => value as Snowflake);
  }

  /**
   * The most recent messages of a lobby, newest first: at most 200 (a larger `limit` is clamped),
   * from the last 72 hours. The user must be a member: otherwise it rejects with an `HTTPError`
   * (status 403) and nothing changes.
   */
  getLobbyMessages(lobbyId: SnowflakeInput, options?: GetLobbyMessagesOptions): Promise<Message[]> {
    if (!Client.#isClient(this)) return notAClient('getLobbyMessages');
    return this.#start('getLobbyMessages', () => {
      const id = toSnowflake(lobbyId, 'lobbyId');
      const { limit } = checkOptions(options);
      const checked = checkMessageLimit(limit ?? limits.lobbyMessagesReturned);
      return (requestId) => this.#native.getLobbyMessages(requestId, id, checked);
    }).then((value) => [...(value as readonly Message[])]);
  }

  /** The guilds (servers) the user is a member of, oldest first. */
  getUserGuilds(): Promise<Guild[]> {
    if (!Client.#isClient(this)) return notAClient('getUserGuilds');
    return this.#start('getUserGuilds', () => (requestId) => this.#native.getUserGuilds(requestId)).then((value) => [
      ...(value as readonly Guild[]),
    ]);
  }

  /**
   * The channels of a guild the user is a member of, ordered as the chat client lists them: by
   * `position`, and channels with equal positions by id (the older first). Categories are
   * channels too (type `GuildCategory`); other channels name theirs in `parentId`. Channels the
   * user cannot view (no VIEW_CHANNEL) are left out entirely. Rejects with an `HTTPError`: status
   * 404 (code 10004) for an unknown guild, 403 (code 50001) when the user is not a member.
   * @example
   * for (const channel of await client.getGuildChannels(guildId)) console.log(channel.position, channel.name);
   */
  getGuildChannels(guildId: SnowflakeInput): Promise<GuildChannel[]> {
    if (!Client.#isClient(this)) return notAClient('getGuildChannels');
    return this.#start('getGuildChannels', () => {
      const id = toSnowflake(guildId, 'guildId');
      return (requestId) => this.#native.getGuildChannels(requestId, id);
    }).then((value) => (value as readonly NativeGuildChannel[]).map(toGuildChannel));
  }

  /**
   * Sends a direct message to a user; resolves its id. Content must be 1 to 2,000 characters.
   * Both users' clients get `messageCreated` (the message has `recipientId` set and `lobbyId`
   * null). Rejects with an `HTTPError` 404 (code 10013) for an unknown user, 400 (code 50007) for
   * the user itself.
   */
  sendUserMessage(userId: SnowflakeInput, content: string, options?: SendUserMessageOptions): Promise<Snowflake> {
    if (!Client.#isClient(this)) return notAClient('sendUserMessage');
    return this.#start('sendUserMessage', () => {
      const id = toSnowflake(userId, 'userId');
      checkContent(content);
      const { metadata } = checkOptions(options);
      const checked = checkOptionalMetadata(metadata, 'metadata') ?? {};
      return (requestId) => this.#native.sendUserMessage(requestId, id, content, checked);
    }).then((value) => value as Snowflake);
  }

  /**
   * Edits a direct message this user sent to `userId`; both users' clients get `messageUpdated`
   * with the new content and `editedAt`. Only the author may edit: otherwise it rejects with an
   * `HTTPError` 403 (code 50005). 404 for an unknown message (10008) or conversation (10003).
   */
  editUserMessage(userId: SnowflakeInput, messageId: SnowflakeInput, content: string): Promise<void> {
    if (!Client.#isClient(this)) return notAClient('editUserMessage');
    return this.#start('editUserMessage', () => {
      const user = toSnowflake(userId, 'userId');
      const message = toSnowflake(messageId, 'messageId');
      checkContent(content);
      return (requestId) => this.#native.editUserMessage(requestId, user, message, content);
    }).then(() => undefined);
  }

  /**
   * Deletes a direct message this user sent to `userId`; both users' clients get
   * `messageDeleted`. Only the author may delete: otherwise it rejects with an `HTTPError` 403
   * (code 50005). 404 for an unknown message (10008) or conversation (10003).
   */
  deleteUserMessage(userId: SnowflakeInput, messageId: SnowflakeInput): Promise<void> {
    if (!Client.#isClient(this)) return notAClient('deleteUserMessage');
    return this.#start('deleteUserMessage', () => {
      const user = toSnowflake(userId, 'userId');
      const message = toSnowflake(messageId, 'messageId');
      return (requestId) => this.#native.deleteUserMessage(requestId, user, message);
    }).then(() => undefined);
  }

  /**
   * The most recent direct messages between the user and `userId`, newest first: at most 200,
   * from the last 72 hours (the lobby messages' limits). Served from the client's local cache when
   * it holds enough of them, otherwise fetched from the service (a round trip that can fail). The
   * cache holds, per conversation, the newest messages this client sent or received while
   * connected and those fetches brought (at most 200 per conversation, 100 conversations); it is
   * emptied when the client connects again. Rejects with an `HTTPError` 404 (code 10003) when the
   * users have no conversation.
   */
  getUserMessages(userId: SnowflakeInput, options?: GetUserMessagesOptions): Promise<Message[]> {
    if (!Client.#isClient(this)) return notAClient('getUserMessages');
    return this.#start('getUserMessages', () => {
      const id = toSnowflake(userId, 'userId');
      const { limit } = checkOptions(options);
      const checked = checkUserMessageLimit(limit ?? 0);
      return (requestId) => this.#native.getUserMessages(requestId, id, checked);
    }).then((value) => [...(value as readonly Message[])]);
  }

  /** The user's direct-message conversations that hold a message, the most recently active first. */
  getUserMessageSummaries(): Promise<UserMessageSummary[]> {
    if (!Client.#isClient(this)) return notAClient('getUserMessageSummaries');
    return this.#start('getUserMessageSummaries', () => (requestId) => this.#native.getUserMessageSummaries(requestId)).then(
      (value) => [...(value as readonly UserMessageSummary[])],
    );
  }

  /**
   * Publishes the user's rich presence (`UpdateRichPresence`), replacing the previous one. The
   * client must be `ready`: otherwise it rejects with type `ClientNotReady`. Input is checked
   * first (TypeError/RangeError naming the field, nothing sent); limits are in {@link limits}.
   * The users who know this user (the members of its lobbies) get `userUpdated` and see the
   * activity on {@link Client.getUser}; without `assets.inviteCoverImage` they see the image
   * uploaded in the developer portal. It lasts until {@link Client.clearRichPresence} or until the
   * user's last client of the game disconnects (the client publishes it again after reconnecting).
   * @example
   * await client.updateRichPresence({
   *   type: 'Playing', details: 'Harbor Raid', state: 'In a match',
   *   party: { id: 'match-42', currentSize: 2, maxSize: 4 },
   *   assets: { largeImage: 'harbor', inviteCoverImage: 'https://example.com/cover.png' },
   * });
   */
  updateRichPresence(activity: Activity): Promise<void> {
    if (!Client.#isClient(this)) return notAClient('updateRichPresence');
    return this.#start('updateRichPresence', () => {
      const checked = toNativeActivity(activity);
      return (requestId) => this.#native.updateRichPresence(requestId, checked);
    }).then(() => undefined);
  }

  /**
   * Sets the user's online status (`SetOnlineStatus`): `online`, `idle`, `dnd` or `invisible`.
   * The users who know this user get `userUpdated` and see the status on {@link Client.getUser};
   * `invisible` shows as `offline` to them. Rejects with `ClientNotReady` unless ready, and with a
   * RangeError for another name or a TypeError for a non-string (nothing sent).
   * @example
   * await client.setOnlineStatus('dnd');
   */
  setOnlineStatus(status: SettableOnlineStatus): Promise<void> {
    if (!Client.#isClient(this)) return notAClient('setOnlineStatus');
    return this.#start('setOnlineStatus', () => {
      const value = STATUS_VALUES[checkOneOf(status, SETTABLE_STATUSES, 'status')];
      return (requestId) => this.#native.setOnlineStatus(requestId, value);
    }).then(() => undefined);
  }

  /**
   * Removes the user's rich presence (`ClearRichPresence`). Like the vendor call it reports
   * nothing: the others see it go through `userUpdated`. Does nothing when not ready or closed.
   */
  clearRichPresence(): void {
    if (!this.#closing) this.#native.clearRichPresence();
  }

  /**
   * A user this client knows (`GetUser`, cache only): itself and the members of its lobbies,
   * with their rich presence (`gameActivity`) and application profiles. Null for anyone else,
   * and when not ready.
   */
  getUser(userId: SnowflakeInput): User | null {
    const id = toSnowflake(userId, 'userId');
    const user = this.#core.closed ? null : this.#native.getUser(id);
    return user && fromNativeUser(user);
  }

  /** The `cpuAffinityMask` the client was created with, as the backend reports it; null when none was given (or once closed). */
  get cpuAffinityMask(): bigint | null {
    return this.#core.closed ? null : this.#native.cpuAffinityMask();
  }

  /**
   * Joins the voice call of a lobby (`StartCall`): one call per lobby, shared by the members who
   * joined it. Resolves once the call is `connected` (read it with {@link Client.getCall}); every
   * step is a `callStatusChanged` event (`joining`, `connecting`, `signalingConnected`,
   * `connected`), and the participants already in the call get `voiceParticipantChanged`.
   *
   * Rejects with a SocialSdkError when the call ends before it connects: type
   * `AuthorizationFailed` when the user is not a member of the lobby (the call reports
   * `disconnected` with error `forbidden`), `NetworkError` for a connection failure, `Aborted`
   * when it was ended meanwhile; type `ClientNotReady` before the client is ready and
   * `ValidationError` when this client is already in that lobby's call (the vendor's `StartCall`
   * then returns no call).
   * @example
   * await client.startCall(lobbyId);
   * client.setSelfMute(lobbyId, true);
   */
  startCall(lobbyId: SnowflakeInput): Promise<void> {
    if (!Client.#isClient(this)) return notAClient('startCall');
    if (this.#closing) return Promise.reject(clientDestroyed('startCall'));
    let id: Snowflake;
    try {
      id = toSnowflake(lobbyId, 'lobbyId');
    } catch (error) {
      return Promise.reject(error);
    }
    const callSite = new Error();
    return new Promise<void>((resolve, reject) => {
      // Status events of an earlier call of the same lobby may still be queued: only those after
      // this call's `joining` count.
      let started = false;
      const waiter: CallWaiter = (change) => {
        if (change === 'closed') {
          reject(withCallSite(clientDestroyed('startCall'), callSite));
          return true;
        }
        if (change.lobbyId !== id) return false;
        if (change.status === 'joining') started = true;
        if (!started) return false;
        if (change.status === 'connected') resolve();
        else if (change.status === 'disconnected') reject(withCallSite(callFailure(change), callSite));
        else return false;
        return true;
      };
      const failure = this.#native.startCall(id);
      if (failure) return reject(withCallSite(SocialSdkError.fromNative(failure, 'startCall'), callSite));
      this.#core.callWaiters.add(waiter);
    });
  }

  /**
   * Leaves the call of a lobby (`EndCall`): the call goes `disconnecting`, then `disconnected`,
   * and the other participants get `voiceParticipantChanged` (removed). Resolves when done; a
   * lobby without a call of this client resolves at once. Leaving the lobby, or disconnecting,
   * also ends the call.
   */
  endCall(lobbyId: SnowflakeInput): Promise<void> {
    if (!Client.#isClient(this)) return notAClient('endCall');
    return this.#start('endCall', () => {
      const id = toSnowflake(lobbyId, 'lobbyId');
      return (requestId) => this.#native.endCall(requestId, id);
    }).then(() => undefined);
  }

  /** Leaves every call of this client (`EndCalls`). */
  endCalls(): Promise<void> {
    if (!Client.#isClient(this)) return notAClient('endCalls');
    return this.#start('endCalls', () => (requestId) => this.#native.endCalls(requestId)).then(() => undefined);
  }

  /** This client's call in a lobby, with its participants and their voice states; null when there is none. */
  getCall(lobbyId: SnowflakeInput): Call | null {
    const id = toSnowflake(lobbyId, 'lobbyId');
    const call = this.#core.closed ? null : this.#native.getCall(id);
    return call ? toCall(call) : null;
  }

  /**
   * Mutes (or unmutes) this client's microphone in a lobby's call (`Call::SetSelfMute`); the other
   * participants get `voiceStateChanged`. Returns false when this client has no call there.
   * @throws TypeError when `mute` is not a boolean; RangeError for a malformed lobby id.
   */
  setSelfMute(lobbyId: SnowflakeInput, mute: boolean): boolean {
    const id = toSnowflake(lobbyId, 'lobbyId');
    checkBoolean(mute, 'mute');
    return !this.#core.closed && this.#native.setSelfMute(id, mute);
  }

  /**
   * Deafens (or undeafens) this client in a lobby's call (`Call::SetSelfDeaf`); the other
   * participants get `voiceStateChanged`. Returns false when this client has no call there.
   * @throws TypeError when `deaf` is not a boolean; RangeError for a malformed lobby id.
   */
  setSelfDeaf(lobbyId: SnowflakeInput, deaf: boolean): boolean {
    const id = toSnowflake(lobbyId, 'lobbyId');
    checkBoolean(deaf, 'deaf');
    return !this.#core.closed && this.#native.setSelfDeaf(id, deaf);
  }

  /**
   * Mutes (or unmutes) this client in every call (`SetSelfMuteAll`): it overrides each call's
   * own setting, now and for calls started later. @throws TypeError when `mute` is not a boolean.
   */
  setSelfMuteAll(mute: boolean): void {
    checkBoolean(mute, 'mute');
    if (!this.#core.closed) this.#native.setSelfMuteAll(mute);
  }

  /** Deafens (or undeafens) this client in every call (`SetSelfDeafAll`), as {@link Client.setSelfMuteAll}. */
  setSelfDeafAll(deaf: boolean): void {
    checkBoolean(deaf, 'deaf');
    if (!this.#core.closed) this.#native.setSelfDeafAll(deaf);
  }

  /** The last {@link Client.setSelfMuteAll} value (false by default). */
  getSelfMuteAll(): boolean {
    return !this.#core.closed && this.#native.getSelfMuteAll();
  }

  /** The last {@link Client.setSelfDeafAll} value (false by default). */
  getSelfDeafAll(): boolean {
    return !this.#core.closed && this.#native.getSelfDeafAll();
  }

  /**
   * The local chat client's voice settings (`GetVoiceSettings`, SDK 1.10): a read-only snapshot
   * of what the user chose in the desktop chat app (mute/deafen, volumes, voice mode,
   * push-to-talk key, processing), read over the local RPC channel. Changes arrive as
   * `voiceSettingsUpdated`.
   *
   * Rejects with a SocialSdkError of type `RPCError` (the vendor's ErrorType 9, a failure of the
   * desktop client's RPC channel) when the chat client is not running on this machine or the RPC
   * connection to it is down; with `ClientNotReady` before the client is ready; with
   * `UnsupportedSdk` ("not available in SDK x.y") on the vendor backend built against an SDK
   * before 1.10 (see {@link Client.features}).
   */
  getVoiceSettings(): Promise<VoiceSettings> {
    if (!Client.#isClient(this)) return notAClient('getVoiceSettings');
    if (!this.#closing && !this.#features.voiceSettings) {
      // The vendor backend built against an SDK before 1.10 has no such call.
      return Promise.reject(
        new SocialSdkError(`getVoiceSettings is not available in SDK ${this.sdkVersion} (it needs 1.10)`, { type: 'UnsupportedSdk' }),
      );
    }
    return this.#start('getVoiceSettings', () => (requestId) => this.#native.getVoiceSettings(requestId)).then((value) =>
      toVoiceSettings(value as NativeVoiceSettings),
    );
  }

  /**
   * Disconnects. Resolves once `disconnected`. An attempt to connect that is still under way is
   * cancelled: its `connect()` rejects with type `Aborted`.
   */
  async disconnect(): Promise<void> {
    if (this.#closing) throw clientDestroyed('disconnect');
    if (!this.#attemptLive && this.#native.status() === DISCONNECTED) return;
    await new Promise<void>((resolve, reject) => {
      this.#wait((change) => {
        if (change === 'closed') {
          reject(clientDestroyed('disconnect'));
          return true;
        }
        if (change.status === 'disconnected') {
          resolve();
          return true;
        }
        return false;
      });
      this.#native.disconnect();
    });
  }

  /**
   * Closes the client: disconnects, stops and joins every native thread it owns, and settles every
   * pending operation (they reject with type `ClientDestroyed`). From the call on, no
   * `statusChanged` or `log` event is emitted any more; `closed` follows. Idempotent; resolves
   * when done.
   */
  close(): Promise<void> {
    if (!Client.#isClient(this)) return notAClient('close');
    this.#closing ??= new Promise<void>((resolve) => {
      if (this.#core.closed) return resolve();
      this.#core.closing = true;
      this.#wait((change) => {
        if (change !== 'closed') return false;
        resolve();
        return true;
      });
      this.#native.close();
    });
    return this.#closing;
  }

  /** `await using client = ...` closes it at the end of the scope. */
  [Symbol.asyncDispose](): Promise<void> {
    if (!Client.#isClient(this)) return notAClient('Symbol.asyncDispose');
    return this.close();
  }

  /** Lets the process exit even while this client is connected or busy. */
  unref(): this {
    this.#core.referenced = false;
    getRuntime().refresh(this.#id);
    return this;
  }

  /** Undoes {@link Client.unref}: a busy client keeps the process alive again. */
  ref(): this {
    this.#core.referenced = true;
    getRuntime().refresh(this.#id);
    return this;
  }

  /**
   * Every `name` event as an async iterator; ends when the client closes (even when a `closed`
   * listener throws), or with an AbortError when `signal` aborts. On a closed client it ends at once.
   * @throws TypeError when `name` is not a string or `options` not an object (or `signal` not an
   * AbortSignal); RangeError for a name that is not one of the client's events.
   * @example
   * for await (const change of client.events('statusChanged')) console.log(change.status);
   */
  events<K extends keyof ClientEvents>(name: K, options?: EventIteratorOptions): AsyncIterableIterator<EventValue<K>> {
    checkEventName(name);
    const { signal } = checkOptions(options);
    if (signal !== undefined && !(signal instanceof AbortSignal)) {
      throw new TypeError(`options.signal must be an AbortSignal, got ${typeName(signal)}`);
    }
    const closed = this.#core.closed;
    // Created now (not at the first next()), so the events from here on are buffered.
    const source = closed ? undefined : on(this as EventEmitter, name, { signal, close: ['closed'] });
    return (async function* () {
      if (!source) return;
      for await (const args of source) {
        // Events already buffered when the signal aborted are not handed out.
        signal?.throwIfAborted();
        yield (args as unknown[])[0] as EventValue<K>;
      }
    })();
  }

  [inspect.custom](depth: number, options: { stylize(text: string, style: string): string }): string {
    // Called by util.inspect with a number and its options; anything else (a direct call) gets
    // the plain form rather than an error.
    if (typeof depth === 'number' && depth < 0) {
      return typeof options?.stylize === 'function' ? options.stylize('[Client]', 'special') : '[Client]';
    }
    const user = this.currentUser;
    return `Client ${inspect(
      {
        backend: this.backend,
        status: this.status,
        applicationId: this.applicationId,
        user: user ? `${user.username} (${user.id})` : null,
        closed: this.closed,
      },
      { colors: false },
    )}`;
  }

  /**
   * An operation with input checks: `prepare` validates (throwing TypeError/RangeError) and
   * returns the native call. Rejects, never throws.
   */
  #start(operation: string, prepare: () => (requestId: number) => void): Promise<NativePayload> {
    if (this.#closing) return Promise.reject(clientDestroyed(operation));
    let start: (requestId: number) => void;
    try {
      start = prepare();
    } catch (error) {
      return Promise.reject(error);
    }
    return this.#call(operation, start);
  }

  /** Runs a native operation; rejects with a SocialSdkError carrying the caller's stack. */
  #call(operation: string, start: (requestId: number) => void): Promise<NativePayload> {
    const callSite = new Error();
    return getRuntime()
      .request(this.#id, start)
      .then((outcome) => {
        if (!outcome.ok) throw withCallSite(SocialSdkError.fromNative(outcome.failure, operation), callSite);
        return outcome.value;
      });
  }

  #wait(waiter: StatusWaiter): void {
    this.#core.waiters.add(waiter);
    getRuntime().refresh(this.#id);
  }
}

const LOG_LEVELS = Object.keys(LOG_LEVEL_VALUES) as LogLevel[];

/**
 * A promise method called on something that is not a Client (a detached method, `call` with
 * another object) rejects with a TypeError, as Web IDL promise operations do, rather than throw.
 */
function notAClient(method: string): Promise<never> {
  return Promise.reject(new TypeError(`Client.prototype.${method} was called on an object that is not a Client`));
}

/** Refuses a name that is not one of the client's events (see `ClientEvents`). */
function checkEventName(name: unknown): asserts name is keyof ClientEvents {
  if (typeof name === 'string' && (CLIENT_EVENT_NAMES as readonly string[]).includes(name)) return;
  const known = CLIENT_EVENT_NAMES.join(', ');
  if (typeof name !== 'string') throw new TypeError(`events(name): name must be a string naming a client event (${known}), got ${typeName(name)}`);
  // An event name is shown only when it is short and looks like one (letters only).
  const shown = /^[A-Za-z]{1,40}$/.test(name) ? `'${name}'` : describe(name);
  throw new RangeError(`events(name): ${shown} is not a client event; the events are ${known}`);
}

/**
 * Calls every listener of `event`, even when one throws: the throws are reported afterwards, as
 * the pump reports a throwing listener (an uncaught exception on the next tick), so that no
 * listener, and no `events()` iterator ending on it, misses the event.
 */
function emitToEveryListener(emitter: EventEmitter<ClientEvents>, event: 'closed'): void {
  for (const listener of emitter.rawListeners(event) as ((this: unknown) => unknown)[]) {
    try {
      listener.call(emitter);
    } catch (error) {
      process.nextTick(() => {
        throw error;
      });
    }
  }
}

const CHANNEL_TYPE_NAMES = new Map<number, ChannelType>(
  Object.entries(CHANNEL_TYPE_VALUES).map(([name, value]) => [value, name as ChannelType]),
);

function toGuildChannel(channel: NativeGuildChannel): GuildChannel {
  return { ...channel, type: CHANNEL_TYPE_NAMES.get(channel.type) ?? 'GuildText' };
}

function connectFailure(change: StatusChange): SocialSdkError {
  if (change.errorDetail === CLOSE_AUTHENTICATION_FAILED) {
    return new SocialSdkError(
      'connect: the service refused the access token (gateway close 4004): it is unknown, revoked, expired or for another application; get a new token and call updateToken()',
      { type: 'AuthorizationFailed', code: CLOSE_AUTHENTICATION_FAILED },
    );
  }
  if (change.error === 'none') {
    return new SocialSdkError('connect: disconnect() was called before the client was ready', { type: 'Aborted' });
  }
  return new SocialSdkError(`connect: the connection failed (${change.error}, detail ${change.errorDetail})`, {
    type: 'NetworkError',
    code: change.errorDetail,
    retryable: true,
  });
}
