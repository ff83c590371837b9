/**
 * The one seam between TypeScript and the native addon: the loader and the full type of what the
 * addon exports. Everything here is internal; the public API wraps it.
 * @internal
 * @module
 */
import * as path from 'node:path';

export * from './native-types.js';
export {
  EVENT_INTS,
  EventKind,
  type EventHandlers,
  type NativeClient,
  type NativeDispatcher,
  type NativePayload,
} from './generated/seam.js';
import type { NativeClient, NativeDispatcher } from './generated/seam.js';
import { messageFactory } from './generated/payload-factories.js';
import type {
  NativeActivityInvite,
  NativeAuditLogEntry,
  NativeBackendOptions,
  NativeChannelInvite,
  NativeChatClient,
  NativeFailureSpec,
  NativeFeatures,
  NativeMachineAudio,
  NativeMemberUpdate,
  NativeMessage,
  NativeMetadata,
  NativeOverwrite,
  NativeProfile,
  NativeServerLobby,
  NativeUser,
  NativeTokenExchange,
  NativeVersion,
  NativeVoiceSettings,
} from './native-types.js';

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

/** A webhook event the world noted for an application (native/sim/service/webhook_outbox.h). */
export interface NativeWebhookNotice {
  type: string;
  applicationId: string;
  /** World clock, ms since the Unix epoch. */
  at: number;
  /** The (de)authorized user. */
  userId?: string;
  /** APPLICATION_AUTHORIZED: the granted scopes, space-separated. */
  scopes?: string;
  /** A created or updated message. */
  message?: NativeMessage;
  /** A deleted message: its id and its (DM) channel. */
  messageId?: string;
  channelId?: string;
  lobbyId?: string;
}

/** An application of the simulator's world. */
export interface NativeApplication {
  id: string;
  name: string;
  botUserId: string;
  /** The publisher application this game belongs to (publisher-level linking). */
  parentId: string | null;
  /** Approved to exchange its users' tokens for tokens of its child applications. */
  publisherLinking: boolean;
}

/** An OIDC issuer configuration as the world keeps it (native/sim/service/oidc_issuers.h). */
export interface NativeOidcConfiguration {
  issuer: string;
  discovery: { issuer: string; jwksUri: string; signingAlgs: string[] };
  discoveryRedirects: boolean;
  grandfathered: boolean;
}

export interface NativeWorld {
  now(): number;
  advance(ms: number): number;
  /** `parentId`: the publisher application; `publisherLinking`: approved for publisher-level linking. RangeError: bad parent. */
  createApplication(name: string, parentId?: string, publisherLinking?: boolean): NativeApplication;
  createUser(spec: { id?: string; username: string; globalName?: string; provisional: boolean }): NativeUser;
  getUser(id: string): NativeUser | null;
  /** `scopes` (space-separated): what the token was granted; none when left out. */
  issueToken(userId: string, applicationId: string, ttlMs: number, scopes?: string): NativeGrant;
  revokeToken(token: string): boolean;
  dropConnections(userId: string): number;
  emitLogs(userId: string, count: number, severity: number, message: string, voice?: boolean): number;
  version(): NativeVersion;
  /** Refusals (here and in every server-API entry below): RangeError with `status` and `code`. */
  createLobby(
    applicationId: string,
    secret: string | undefined,
    metadata: NativeMetadata,
    members?: NativeMemberUpdate[],
    idleTimeoutSeconds?: number,
  ): string;
  bulkUpdateLobbyMembers(lobbyId: string, members: NativeMemberUpdate[]): void;
  setMessageModerationMetadata(lobbyId: string, messageId: string, metadata: NativeMetadata): void;
  linkLobbyChannel(lobbyId: string, channel: { id: string; name: string; guildId: string } | null): void;
  deleteLobby(lobbyId: string): void;
  /** The author edits / deletes a lobby message in the linked channel (chat client). RangeError: bad input. */
  editLobbyMessageInLinkedChannel(userId: string, lobbyId: string, messageId: string, content: string): void;
  deleteLobbyMessageInLinkedChannel(userId: string, lobbyId: string, messageId: string): void;
  getLobby(lobbyId: string): NativeServerLobby | null;
  setLatency(ms: number): void;
  /** `kind`: a CallKind (native/generated/sim_calls.h, from seam/seam.json); userId '0' means any user. */
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
  getMachineAudio(userId: string): NativeMachineAudio;
  plugAudioDevice(userId: string, input: boolean, device: { id: string; name: string }, makeDefault: boolean): void;
  unplugAudioDevice(userId: string, deviceId: string): void;
  setInputLevel(userId: string, level: number): void;
  /** The consent prompts the user's chat client shows, oldest first (none while unreachable). */
  getConsentPrompts(userId: string): { applicationId: string; scopes: string }[];
  /** The user answers the oldest prompt. RangeError: none, or the chat client is not reachable. */
  answerConsent(userId: string, approve: boolean): void;
  /** The user removes the application: its tokens are deleted. Returns how many. */
  removeAuthorization(userId: string, applicationId: string): number;
  // The token endpoints of the simulated HTTP service; a refused grant is a RangeError with status 400 (`invalid_grant: ...`).
  exchangeCode(applicationId: string, code: string, codeVerifier: string, redirectUri: string): NativeTokenExchange;
  refreshGrant(applicationId: string, refreshToken: string): NativeTokenExchange;
  /** Ends the authorization the access or refresh token belongs to; unknown tokens are ignored. */
  revokeGrant(applicationId: string, token: string): void;
  /** POST /partner-sdk/child-token (the parent's client secret checked by the route); refused: RangeError with status and code. */
  exchangeChildToken(parentToken: string, childApplicationId: string): NativeTokenExchange;
  /** Webhook events: the world keeps notices for subscribed applications until taken (on the JS thread). */
  setWebhookSubscribed(applicationId: string, subscribed: boolean): void;
  takeWebhookNotices(): { notices: NativeWebhookNotice[]; dropped: number };
  /** The activity invites the user's chat client shows, oldest first (no join secrets). */
  getChatClientInvites(userId: string): { invite: NativeActivityInvite; content: string }[];
  /** The launch commands registered on the user's chat client, by application id, and the commands it ran. */
  getLaunchCommands(userId: string): { registered: Record<string, string>; launched: string[] };
  /** The user accepts an invite in the chat client. RangeError when it cannot be accepted. */
  acceptActivityInviteInChatClient(userId: string, messageId: string): void;
  /** The user asks to link their account with the application: subscribed clients are told. Returns how many. RangeError: unknown, or the chat client is not reachable. */
  requestAccountLink(userId: string, applicationId: string): number;
  /** The pages the user's browser shows, oldest first: a plain page's URL, or an authorize page's fields. */
  getBrowserPages(userId: string): ({ url: string; authorize?: undefined } | { authorize: { applicationId: string; scopes: string; state: string; codeChallenge: string; redirectUri: string } })[];
  /** Opens a page in the user's browser. RangeError: unknown user. */
  openBrowserPage(userId: string, url: string): void;
  /** Opens the service's authorize page of a web flow. RangeError: unknown user, unknown or child application. */
  openAuthorizePage(userId: string, applicationId: string, scopes: string, state: string, codeChallenge: string, redirectUri: string): void;
  /** The user answers the oldest authorize page; the redirect ('' fields left out). RangeError: unknown user, no page. */
  answerAuthorizePage(userId: string, approve: boolean): { redirectUri: string; code: string; state: string; error: string };
  /** The application's Connection Entrypoint URL ('' clears it). RangeError: unknown application. */
  setConnectionEntrypointUrl(applicationId: string, url: string): void;
  /** The application's identity provider issues an external token (`type` is the vendor value). RangeError: unknown application. */
  issueExternalToken(applicationId: string, type: number, subject: string, ttlMs: number, issuer?: string): string;
  /** Bans (`banned` true: returns how many identities moved to restricted provisional accounts) or unbans a user. RangeError: unknown user. */
  banUser(userId: string, banned: boolean): number;
  // The game server's provisional accounts (server-api.md §4.5-4.6); refusals: RangeError with `status` and `code`.
  /** POST /partner-sdk/token after the client credentials were checked: a 7-day token (OIDC: with a refresh token). */
  exchangeExternalToken(applicationId: string, type: number, externalAuthToken: string): NativeTokenExchange;
  /** POST /partner-sdk/token/bot: the account of `externalUserId`, made on first use (named `preferredGlobalName`). */
  botProvisionalToken(applicationId: string, externalUserId: string, preferredGlobalName?: string): NativeTokenExchange;
  /** POST /partner-sdk/provisional-accounts/unmerge after the client credentials were checked. */
  unmergeExternalIdentity(applicationId: string, type: number, externalAuthToken: string): void;
  /** POST /partner-sdk/provisional-accounts/unmerge/bot. */
  unmergeBotIdentity(applicationId: string, externalUserId: string): void;
  /** The application's external identities bound to accounts (`type`: the vendor ExternalAuthType value). RangeError: unknown application. */
  applicationIdentities(applicationId: string): { userId: string; type: number; subject: string }[];
  /** Unbinds one of `userId`'s identities (its next exchange makes a new account); false when it had none such. */
  deleteApplicationIdentity(applicationId: string, userId: string, type: number, subject: string): boolean;
  /** The application's OIDC issuer configuration; null removes it. RangeError: breaks the issuer rules (nothing changed). */
  configureOidc(applicationId: string, config: NativeOidcConfiguration | null): void;
  getOidcConfiguration(applicationId: string): NativeOidcConfiguration | null;
  /** Returns the guild id. */
  createGuild(name: string, ownerId: string): string;
  /** `permissions`: guild-level grants (bits). */
  addGuildMember(guildId: string, userId: string, permissions: number): void;
  removeGuildMember(guildId: string, userId: string): void;
  /** The application's bot user joins (`connected`) or leaves a voice channel of a guild it is a member of. */
  setBotVoiceConnection(applicationId: string, channelId: string, connected: boolean): void;
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
  /** `userId1`/`userId2`: the conversation's participants, in either order (the server API's path); left out by the harness. */
  setUserMessageModerationMetadata(messageId: string, metadata: NativeMetadata, userId1?: string, userId2?: string, applicationId?: string): void;

  // The simulated HTTP service's entries: the server API as a bot or as a user with a token.
  /** The injected latency (setLatency), ms of the world clock. */
  latency(): number;
  getApplication(applicationId: string): NativeApplication | null;
  /** `scopes`: the token's granted scopes, space-separated; `expiresAt`: world clock, ms. */
  authenticate(token: string): { userId: string; applicationId: string; scopes: string; expiresAt: number } | { failure: string };
  modifyLobby(lobbyId: string, changes: { metadata?: NativeMetadata; members?: NativeMemberUpdate[]; idleTimeoutSeconds?: number }): void;
  userCreateOrJoinLobby(
    applicationId: string,
    userId: string,
    secret: string,
    lobbyMetadata: NativeMetadata | undefined,
    memberMetadata: NativeMetadata | undefined,
  ): string;
  userLeaveLobby(applicationId: string, userId: string, lobbyId: string): void;
  userSendLobbyMessage(applicationId: string, userId: string, lobbyId: string, content: string, metadata: NativeMetadata, maxContentLength: number): NativeMessage;
  userReadLobbyMessages(applicationId: string, userId: string, lobbyId: string, limit: number): NativeMessage[];
  /** `channelId` null unlinks. */
  userLinkChannel(applicationId: string, userId: string, lobbyId: string, channelId: string | null): void;
  createLobbyChannelInvite(applicationId: string, lobbyId: string, targetUserId: string): NativeChannelInvite;
  acceptChannelInvite(code: string, userId: string): NativeChannelInvite;
  /** As the application's bot user; `status` null or empty clears it. */
  setVoiceChannelStatus(applicationId: string, channelId: string, status: string | null, reason: string | undefined): void;
  getVoiceChannelStatus(channelId: string): string | null;
  /** A guild channel as the server API shows it (the service's channel type), or null when unknown. */
  getGuildChannel(channelId: string): { type: number; position: number; parentId: string | null } | null;
  getAuditLog(guildId: string): NativeAuditLogEntry[];
  /** Makes two users friends at once (harness); a refused friendship is a RangeError. */
  setFriends(userA: string, userB: string, discord: boolean, game: boolean): void;
  /** 0 everyone, 1 friends & small servers only, 2 friends only. */
  setProfilePrivacy(userId: string, privacy: number): void;
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
  /** Turns the pump has run, and batches (JS calls) it has delivered, since it started. */
  readonly turns: number;
  readonly batches: number;
}

export interface NativeBinding {
  /**
   * Receives every batch of events of this environment (one call per batch): `(ints, ...payloads)`,
   * one payload argument per event, which spares the pump filling an array element by element
   * through N-API. `scheduleTurn` is called when a turn left callbacks over; it must call `drain()`
   * after the event loop turned.
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
  /** Benchmark baseline: `false` lets a pump turn run past its time budget (only its callback count bounds it). */
  setSlicedTurns(sliced: boolean): void;
  noop(): void;
  /** The pump queue of this environment: its bound, what is queued now, the most ever queued, and how often a backend thread waited for room. */
  pumpStats(): NativePumpStats;
  /**
   * Hands the addon the function that builds message objects (lib/generated/payload-factories.ts):
   * one JS call per message with its fields, instead of a property set per field through N-API.
   * loadBinding() calls it; a message converted before it is set is a JS Error.
   */
  setMessageFactory(factory: typeof messageFactory): void;
  /** The compiled C++ values of the seam's tables (see test/seam.test.ts). */
  seamTables(): {
    enums: Record<string, Record<string, number>>;
    events: Record<string, number>;
    calls: Record<string, number>;
    eventInts: number;
    /** Every payload's fields, `name:kind` in JS order (seam/payloads.json). */
    payloads: Record<string, string[]>;
  };
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
  if (typeof binding.NativeClient !== 'function' || typeof binding.setDispatcher !== 'function' || typeof binding.setMessageFactory !== 'function') {
    const found = bindingPath;
    binding = undefined;
    throw new Error(`social-sdk-node: ${found} is not this version's addon (exports do not match); rebuild it with \`npm rebuild social-sdk-node --build-from-source\``);
  }
  binding.setMessageFactory(messageFactory);
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
