/**
 * The one seam between TypeScript and the native addon: the loader and the full type of what the
 * addon exports. Everything here is internal; the public API wraps it.
 * @internal
 * @module
 */
import * as path from 'node:path';

/** A user as the native layer reports it. */
export interface NativeUser {
  id: string;
  username: string;
  displayName: string;
  globalName: string | null;
  isProvisional: boolean;
  gameActivity: NativeActivity | null;
  applicationProfiles: NativeProfile[];
}

/**
 * An activity (`discordpp::Activity`); enums are the vendor's values. Going in, optional fields
 * may be left out; coming out, every field is present (null when not set).
 */
export interface NativeActivity {
  type: number;
  /** Empty going in: the service shows the application's name. */
  name: string;
  applicationId?: string | null;
  details?: string | null;
  detailsUrl?: string | null;
  state?: string | null;
  stateUrl?: string | null;
  /** ms since the Unix epoch; 0: not set. */
  timestamps?: { start: number; end: number } | null;
  party?: { id: string; currentSize: number; maxSize: number; privacy: number } | null;
  secrets?: { join: string } | null;
  buttons?: { label: string; url: string }[];
  assets?: {
    largeImage: string | null;
    largeText: string | null;
    largeUrl: string | null;
    smallImage: string | null;
    smallText: string | null;
    smallUrl: string | null;
    inviteCoverImage: string | null;
  } | null;
}

/** A user's application profile (`UserApplicationProfileHandle`); providerType is the vendor's value. */
export interface NativeProfile {
  applicationId: string;
  providerType: number;
  providerId: string | null;
  providerIssuedUserId: string;
  username: string;
  avatarHash: string;
  metadata: string;
}

/** A failed operation (`discordpp::ClientResult`); `type` is the vendor's ErrorType value. */
export interface NativeFailure {
  type: number;
  code: number;
  status: number;
  retryable: boolean;
  retryAfter: number;
  message: string;
}

export interface NativeVersion {
  major: number;
  minor: number;
  build: number;
  hash: string;
}

/** String key-value pairs as the native layer hands them over. */
export type NativeMetadata = Record<string, string>;

/** A lobby as a client sees it (`LobbyHandle`). */
export interface NativeLobby {
  id: string;
  metadata: NativeMetadata;
  members: { id: string; metadata: NativeMetadata; connected: boolean }[];
  linkedChannel: { id: string; name: string; guildId: string } | null;
}

/** What only the game backend sees of a lobby (the simulator's server view). */
export interface NativeServerLobby extends NativeLobby {
  applicationId: string;
  hasSecret: boolean;
  members: { id: string; metadata: NativeMetadata; connected: boolean; additionalName: string | null }[];
}

/** A message (`MessageHandle`); frozen, and possibly shared by every recipient in a batch. */
export interface NativeMessage {
  readonly id: string;
  readonly content: string;
  readonly authorId: string;
  readonly channelId: string;
  readonly lobbyId: string | null;
  readonly sentAt: number;
  readonly editedAt: number | null;
  readonly metadata: Readonly<NativeMetadata>;
  readonly moderationMetadata: Readonly<NativeMetadata>;
  readonly additionalName: string | null;
  readonly recipientId: string | null;
}

/** A guild (`GuildMinimal`). */
export interface NativeGuild {
  id: string;
  name: string;
}

/** A guild channel (`GuildChannel`); `type` is the vendor's ChannelType value. */
export interface NativeGuildChannel {
  id: string;
  name: string;
  type: number;
  position: number;
  parentId: string | null;
  isLinkable: boolean;
  isViewableAndWriteableByAllMembers: boolean;
  linkedLobby: { applicationId: string; lobbyId: string } | null;
}

/** A direct-message conversation (`UserMessageSummary`). */
export interface NativeUserMessageSummary {
  userId: string;
  lastMessageId: string;
}

/** A permission overwrite of a simulated channel; userId '0' is `@everyone`; permission bits. */
export interface NativeOverwrite {
  userId: string;
  allow: number;
  deny: number;
}

/** A planned failure for the simulator's fault injection: the same shape as a reported one. */
export type NativeFailureSpec = NativeFailure;

/** One entry of a bulk member update. */
export interface NativeMemberUpdate {
  userId: string;
  remove: boolean;
  metadata?: NativeMetadata;
  additionalName?: string | null;
}

/** A call as a client sees it (`discordpp::Call`); `status` is the vendor's `Call::Status` value. */
export interface NativeCall {
  lobbyId: string;
  status: number;
  participants: { userId: string; selfMute: boolean; selfDeaf: boolean }[];
  selfMute: boolean;
  selfDeaf: boolean;
}

/** The local chat client's voice settings (`VoiceSettings`); `inputMode`: 0 voice activity, 1 push-to-talk. */
export interface NativeVoiceSettings {
  selfMute: boolean;
  selfDeaf: boolean;
  inputMode: number;
  pttKey: string;
  inputVolume: number;
  outputVolume: number;
  automaticGainControl: boolean;
  echoCancellation: boolean;
  noiseSuppression: boolean;
  noiseCancellation: boolean;
}

/** A simulated user's local chat client, as the harness sees it. */
export interface NativeChatClient {
  running: boolean;
  rpcConnected: boolean;
  voiceSettings: NativeVoiceSettings;
}

/** Event kinds; mirror `JsEventKind` in native/js_event.h. */
export const EventKind = {
  /** ints: status, connection error, error detail. */
  StatusChanged: 1,
  /** ints: severity, source (0 SDK, 1 voice engine); payload: the message. */
  Log: 2,
  /** ints: request id, 1 when failed; payload: the failure, or the value (if any) on success. */
  Result: 3,
  /** The native client is closed; nothing else follows for it. */
  Closed: 4,
  /** ints: the LobbyEvent (1 created ... 6 member updated); payload: [lobbyId, memberId]. */
  Lobby: 5,
  /** ints: the MessageEvent (1 created, 2 updated); payload: the message. */
  Message: 6,
  /** payload: the id of a user this client knows whose data changed. */
  UserUpdated: 7,
  /** ints: the `Call::Status`, the `Call::Error`, the error detail; payload: the lobby id. */
  CallStatus: 10,
  /** ints: 1 added, 0 removed; payload: [lobbyId, userId]. */
  VoiceParticipant: 11,
  /** payload: [lobbyId, userId]. */
  VoiceState: 12,
  /** payload: the voice settings. */
  VoiceSettingsUpdated: 13,
  /** payload: [messageId, channelId]. */
  MessageDeleted: 20,
} as const;

/** Int32 slots per event in a batch: [kind, client, a, b, c] (`kJsEventInts`). */
export const EVENT_INTS = 5;

/** What the payload slot of an event holds. */
export type NativePayload =
  | string
  | NativeFailure
  | NativeMessage
  | readonly NativeMessage[]
  | readonly [lobbyId: string, memberId: string]
  | NativeVoiceSettings
  | readonly NativeGuild[]
  | readonly NativeGuildChannel[]
  | readonly NativeUserMessageSummary[]
  | undefined;

/**
 * Receives one batch: event i is `ints[i * EVENT_INTS ... + EVENT_INTS]` plus `payloads[i]`.
 */
export type NativeDispatcher = (ints: Int32Array, payloads: readonly NativePayload[]) => void;

export interface NativeClient {
  /** Token types: 0 User, 1 Bearer. The result arrives as a Result event with `requestId`. */
  updateToken(requestId: number, tokenType: number, token: string): void;
  connect(): void;
  disconnect(): void;
  /** Synchronous: joins the backend's threads; a Closed event follows every pending result. */
  close(): void;
  status(): number;
  applicationId(): string;
  backend(): string;
  currentUser(): NativeUser | null;
  sdkVersion(): NativeVersion;
  features(): NativeFeatures;
  /** Result value: the lobby id. Metadata left undefined is not changed on join. */
  createOrJoinLobby(requestId: number, secret: string, lobbyMetadata?: NativeMetadata, memberMetadata?: NativeMetadata): void;
  leaveLobby(requestId: number, lobbyId: string): void;
  getLobby(lobbyId: string): NativeLobby | null;
  getLobbyIds(): string[];
  /** Result value: the message id. */
  sendLobbyMessage(requestId: number, lobbyId: string, content: string, metadata: NativeMetadata): void;
  /** Result value: the messages, newest first. */
  getLobbyMessages(requestId: number, lobbyId: string, limit: number): void;
  /** Result: no value. */
  updateRichPresence(requestId: number, activity: NativeActivity): void;
  /** Fire and forget (the vendor's ClearRichPresence reports nothing). */
  clearRichPresence(): void;
  /** A user this client knows (cache only), or null. */
  getUser(userId: string): NativeUser | null;
  /** The mask given at creation, as the backend reports it; null when none (or closed). */
  cpuAffinityMask(): bigint | null;
  /** Synchronous start; the failure (not ready, already in the call), or null: progress follows as CallStatus events. */
  startCall(lobbyId: string): NativeFailure | null;
  endCall(requestId: number, lobbyId: string): void;
  endCalls(requestId: number): void;
  getCall(lobbyId: string): NativeCall | null;
  /** False when there is no call in that lobby. */
  setSelfMute(lobbyId: string, mute: boolean): boolean;
  setSelfDeaf(lobbyId: string, deaf: boolean): boolean;
  setSelfMuteAll(mute: boolean): void;
  setSelfDeafAll(deaf: boolean): void;
  getSelfMuteAll(): boolean;
  getSelfDeafAll(): boolean;
  /** Result value: the voice settings. */
  getVoiceSettings(requestId: number): void;
  /** Result value: the guilds. */
  getUserGuilds(requestId: number): void;
  /** Result value: the channels the user can view, ordered by position. */
  getGuildChannels(requestId: number, guildId: string): void;
  /** Result value: the message id. */
  sendUserMessage(requestId: number, recipientId: string, content: string, metadata: NativeMetadata): void;
  editUserMessage(requestId: number, recipientId: string, messageId: string, content: string): void;
  deleteUserMessage(requestId: number, recipientId: string, messageId: string): void;
  /** Result value: the messages, newest first. `limit` 0: the most. */
  getUserMessages(requestId: number, recipientId: string, limit: number): void;
  /** Result value: the summaries. */
  getUserMessageSummaries(requestId: number): void;
}

/** Optional SDK features (the simulator has all; the vendor backend those its SDK header declares). */
export interface NativeFeatures {
  /** `MessageHandle::AdditionalName` (SDK 1.10). */
  messageAdditionalName: boolean;
  /** `Client::GetVoiceSettings` (SDK 1.10). */
  voiceSettings: boolean;
}

/** Backend settings of `sdk::ClientOptions`; the simulator ignores them. */
export interface NativeBackendOptions {
  apiBase?: string;
  webBase?: string;
  runCallbacksIntervalMs?: number;
  /** `ClientCreateOptions::SetCpuAffinityMask`, 0 to 2^64 - 1 (the simulator records it). */
  cpuAffinityMask?: bigint;
}

export interface NativeClientConstructor {
  /** `backendSource`: a simulated world, or 'vendor' for the real SDK library (when built). */
  new (
    backendSource: NativeWorld | 'vendor',
    clientId: number,
    applicationId: string,
    minLogSeverity: number,
    options?: NativeBackendOptions,
  ): NativeClient;
}

export interface NativeGrant {
  accessToken: string;
  userId: string;
  applicationId: string;
  /** World clock, ms since the Unix epoch. */
  expiresAt: number;
}

export interface NativeWorld {
  now(): number;
  advance(ms: number): number;
  createApplication(name: string): { id: string; name: string };
  createUser(spec: { id?: string; username: string; globalName?: string; provisional: boolean }): NativeUser;
  getUser(id: string): NativeUser | null;
  issueToken(userId: string, applicationId: string, ttlMs: number): NativeGrant;
  revokeToken(token: string): boolean;
  dropConnections(userId: string): number;
  emitLogs(userId: string, count: number, severity: number, message: string, voice?: boolean): number;
  version(): NativeVersion;
  createLobby(applicationId: string, secret: string | undefined, metadata: NativeMetadata): string;
  bulkUpdateLobbyMembers(lobbyId: string, members: NativeMemberUpdate[]): void;
  setMessageModerationMetadata(lobbyId: string, messageId: string, metadata: NativeMetadata): void;
  linkLobbyChannel(lobbyId: string, channel: { id: string; name: string; guildId: string } | null): void;
  deleteLobby(lobbyId: string): void;
  getLobby(lobbyId: string): NativeServerLobby | null;
  setLatency(ms: number): void;
  /** `kind`: a CallKind (native/sim/interference.h); userId '0' means any user. */
  failNext(kind: number, count: number, failure: NativeFailureSpec, userId: string): void;
  clearFailures(): void;
  /** A Result event for client 0 and `requestId` follows once the world's work has settled; its value is the generation. */
  settle(requestId: number): void;
  /** Counts every task ever started in the world (decimal). */
  generation(): string;
  /** The developer portal's invite cover image of an application; null removes it. */
  setApplicationInviteCoverImage(applicationId: string, image: string | null): void;
  /** Replaces a user's application profiles (at most one per application); returns the user. */
  setApplicationProfiles(userId: string, profiles: NativeProfile[]): NativeUser;
  /** Log like the vendor's debug build (Info and Verbose too) instead of the release build. */
  setDebugLogs(debug: boolean): void;
  getChatClient(userId: string): NativeChatClient;
  setChatClientRunning(userId: string, running: boolean): void;
  setChatClientRpcConnected(userId: string, connected: boolean): void;
  setChatClientVoiceSettings(userId: string, settings: NativeVoiceSettings): void;
  /** Returns the guild id. */
  createGuild(name: string, ownerId: string): string;
  /** `permissions`: guild-level grants (bits). */
  addGuildMember(guildId: string, userId: string, permissions: number): void;
  removeGuildMember(guildId: string, userId: string): void;
  /** Returns the channel id. `overwrites` left out: the channel follows its category. */
  createGuildChannel(
    guildId: string,
    channel: { name: string; type: number; position: number; parentId?: string; overwrites?: NativeOverwrite[] },
  ): string;
  /** Fields left out are unchanged; `parentId` null: no category; `overwrites` null: follow the category. */
  updateGuildChannel(
    channelId: string,
    changes: { name?: string; position?: number; parentId?: string | null; overwrites?: NativeOverwrite[] | null },
  ): void;
  setUserMessageModerationMetadata(messageId: string, metadata: NativeMetadata): void;
}

export interface NativeWorldConstructor {
  new (version: NativeVersion): NativeWorld;
}

/** See {@link NativeBinding.pumpStats}. */
export interface NativePumpStats {
  readonly capacity: number;
  readonly queued: number;
  readonly highWater: number;
  readonly producerWaits: number;
}

export interface NativeBinding {
  /**
   * Receives every batch of events of this environment (one call per batch). `scheduleTurn` is
   * called when a turn left callbacks over; it must call `drain()` after the event loop turned.
   */
  setDispatcher(dispatcher: NativeDispatcher, scheduleTurn: () => void): void;
  /** Runs the pump's next turn (see setDispatcher). */
  drain(): void;
  /** Closes every live native client of this environment, joining their threads. */
  closeAll(): void;
  /** Whether the pump keeps the event loop alive. */
  setKeepAlive(keepAlive: boolean): void;
  /** Benchmark baseline: one JS call per event instead of one per batch. */
  setPerEventDelivery(perEvent: boolean): void;
  noop(): void;
  /** The pump queue of this environment: its bound, what is queued now, the most ever queued, and how often a backend thread waited for room. */
  pumpStats(): NativePumpStats;
  /** The compiled-in backends: 'sim', and 'vendor' when built with SOCIAL_SDK_DIR. */
  readonly backends: readonly string[];
  /** The vendor library's version; present only when the vendor backend is compiled in. */
  readonly vendorVersion?: () => NativeVersion;
  /** The optional APIs the vendor header declared at build time; present only with the vendor backend. */
  readonly vendorFeatures?: () => NativeFeatures;
  readonly NativeClient: NativeClientConstructor;
  readonly NativeWorld: NativeWorldConstructor;
}

/** Where the package (and so build/ and prebuilds/) lives: one level above lib/ or dist/. */
export const packageRoot = path.resolve(__dirname, '..');

interface NodeGypBuild {
  (dir: string): unknown;
  resolve(dir: string): string;
}

let binding: NativeBinding | undefined;
let bindingPath: string | undefined;

/** Loads the addon once per environment (main thread or worker). */
export function loadBinding(): NativeBinding {
  if (binding) return binding;
  const load = require('node-gyp-build') as NodeGypBuild;
  try {
    bindingPath = load.resolve(packageRoot);
    binding = load(packageRoot) as NativeBinding;
  } catch (cause) {
    throw new Error(loadFailureMessage(cause), { cause });
  }
  if (typeof binding.NativeClient !== 'function' || typeof binding.setDispatcher !== 'function') {
    const found = bindingPath;
    binding = undefined;
    throw new Error(`social-sdk-node: ${found} is not this version's addon (exports do not match); rebuild it with \`npm rebuild social-sdk-node --build-from-source\``);
  }
  return binding;
}

/** The file the addon was loaded from, once loaded. */
export function loadedBindingPath(): string | undefined {
  return bindingPath;
}

function loadFailureMessage(cause: unknown): string {
  const tuple = `${process.platform}-${process.arch}`;
  const napi = process.versions.napi ?? 'unknown';
  const tried = [
    path.join(packageRoot, 'build', 'Release'),
    path.join(packageRoot, 'build', 'Debug'),
    path.join(packageRoot, 'prebuilds', tuple),
  ];
  const reason = (cause instanceof Error ? cause.message.split('\n')[0] : undefined) ?? String(cause);
  if (/discord_partner_sdk/.test(reason)) return vendorLibraryMissing(reason);
  return [
    `social-sdk-node: could not load the native addon for ${tuple} (Node ${process.version}, N-API ${napi}).`,
    `Looked in:`,
    ...tried.map((dir) => `  - ${dir}`),
    `Cause: ${reason}`,
    `Build it from source (needs python3, make and a C++17 compiler):`,
    `  npm rebuild social-sdk-node --build-from-source`,
    `or, in a clone of the repository: npm run build`,
  ].join('\n');
}

/**
 * The addon was built with the vendor backend, but the SDK library it links could not be loaded.
 * @internal exported for tests
 */
export function vendorLibraryMissing(reason: string): string {
  const file = { win32: 'discord_partner_sdk.dll', darwin: 'libdiscord_partner_sdk.dylib' }[process.platform as string] ?? 'libdiscord_partner_sdk.so';
  return [
    `social-sdk-node: this build uses the vendor SDK, but its library ${file} could not be loaded.`,
    `It must sit next to the addon (${path.join(packageRoot, 'build', 'Release')} or prebuilds/${process.platform}-${process.arch}); the build copies it there from SOCIAL_SDK_DIR.`,
    `Cause: ${reason}`,
    `Rebuild with the SDK (SOCIAL_SDK_DIR=/path/to/discord_social_sdk npm rebuild social-sdk-node --build-from-source),`,
    `or rebuild without SOCIAL_SDK_DIR to use the simulator only.`,
  ].join('\n');
}
