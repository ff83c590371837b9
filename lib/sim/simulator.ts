import { inspect } from 'node:util';

import { Client, type ClientOptions } from '../features/index.js';
import { toSnowflake, type Snowflake, type SnowflakeInput } from '../model/ids.js';
import { limits } from '../common/limits.js';
import { getRuntime, WORLD_REQUESTS } from '../addon/runtime.js';
import { formatSdkVersion } from '../support/version.js';
import { LOG_LEVEL_VALUES, type LogSeverity, type LogSource, type Metadata } from '../model/types.js';
import { fromNativeUser, type User } from '../model/user.js';
import { MODERATION_METADATA_BOUNDS, checkBoolean, checkInteger, checkMetadata, checkMs, checkOneOf, checkOptions, checkText, typeName } from '../common/validate.js';
import type { NativeWorld } from '../addon/native.js';
import { callKind, toFailureSpec, type FailNextOptions, type SimulatedCall } from './faults.js';
import { bindNativeWorld, setDefaultSimulator } from '../addon/native-worlds.js';
import { checkImage, checkRequiredOptions, idOf } from './harness-input.js';
import { SimulatorClock, type ClockMode } from './clock.js';
import { settleWorld, worldSource, type ServedWorld } from './world-source.js';
import { SimulatedChatClient } from './chat-client.js';
import { SimulatedMachine } from './machine.js';
import { SimulatedDeviceSignIn } from './device-sign-in.js';
import { SimulatedIdentityProvider } from './identity-provider.js';
import { toGrant, tokenOptions, type IssueTokenOptions, type TokenGrant } from './tokens.js';
import { listenService, type ListenOptions, type SimulatedService } from './http/service.js';
import { takeWebhookNotices } from './http/state.js';
import { guildMethods, type SimulatorGuildMethods } from './guild-methods.js';
import { botSettingMethods, type SimulatorBotSettingMethods } from './gateway/bot-settings.js';
import { roleMethods, type SimulatorRoleMethods } from './role-methods.js';
import { accountMethods, type SimulatorAccountMethods } from './accounts.js';
import { subscriptionMethods, type SimulatorSubscriptionMethods } from './subscriptions.js';
import { channelMessageMethods, type SimulatorChannelMessageMethods } from './channel-message-methods.js';
import { activityMethods, type SimulatorActivityMethods } from './activities/methods.js';
import { defineMethods } from '../common/define-methods.js';
import { readWorldFile, takeSnapshot, writeWorldFile, type SnapshotOptions } from './snapshot.js';
import { buildWorld, type LoadedWorld } from './world-build.js';
import type { WorldFile } from './world-file.js';
import { inspectorUrlOf } from './inspector/served.js';
import { checkApplicationOptions, type Application, type CreateApplicationOptions } from './applications.js';
import { toNativeProfiles, toNativeUserSpec, type ApplicationProfileSpec, type CreateUserOptions } from './users.js';
import { checkCreateLobbyOptions, toNativeLinkedChannel, toNativeMemberUpdates, type CreateLobbyOptions, type LobbyMemberUpdate, type ServerLobby } from './lobbies.js';

/** Options of a {@link Simulator}. */
export interface SimulatorOptions {
  /** The SDK version the simulated backend reports, `major.minor.build`. Default: the newest supported build. */
  sdkVersion?: string;
  /**
   * Which build of the SDK the simulated backend logs like: `release` (the default) logs only
   * `error` and `warning` lines, `debug` also `info` and `verbose` (connect steps, requests,
   * voice). Either way the bearer token is filtered out of every line.
   */
  build?: 'release' | 'debug';
  /**
   * How the clock moves: `manual` (the default) only by {@link Simulator.advance}, so a test's
   * waits and expiries happen exactly when it says; `real-time` along with the host's clock (rate-limit
   * windows, expiries, latency and webhook retries in wall time), `advance()` adding jumps. See {@link ClockMode}.
   */
  clock?: ClockMode;
  /**
   * The simulated date the clock starts at (a `Date` or ms since the Unix epoch); the host's time
   * when absent. The platform's dated changes apply from their date on this calendar, so a test can
   * start before a date and {@link Simulator.advance} past it (the clock only moves forward).
   * From 2015-01-01 (the first time a snowflake ID can hold) to the year 2100.
   */
  startTime?: Date | number;
  /** Attaches to a world another process serves, by the URL it printed (`service.harnessUrl`, `http://127.0.0.1:8787/#secret=...`): harness calls cross to it and clients are its clients. No other option with it. */
  url?: string;
}

/** Options of {@link Simulator.connectClient}. */
export interface ConnectClientOptions extends Omit<ClientOptions, 'simulator' | 'applicationId'> {
  /** The application to sign in to; the simulator's default application when absent. */
  application?: Application;
}

const LOG_SEVERITIES: readonly LogSeverity[] = ['verbose', 'info', 'warning', 'error'];

let defaultSimulator: Simulator | undefined;

/**
 * The Simulator's methods that modules install on its prototype: guilds ({@link SimulatorGuildMethods}), bot settings
 * ({@link SimulatorBotSettingMethods}), roles ({@link SimulatorRoleMethods}), accounts outside the SDK
 * ({@link SimulatorAccountMethods}), subscriptions ({@link SimulatorSubscriptionMethods}), channel messages
 * ({@link SimulatorChannelMessageMethods}), Activities ({@link SimulatorActivityMethods}).
 */
export interface Simulator
  extends SimulatorGuildMethods,
    SimulatorBotSettingMethods,
    SimulatorRoleMethods,
    SimulatorAccountMethods,
    SimulatorSubscriptionMethods,
    SimulatorChannelMessageMethods,
    SimulatorActivityMethods {}

/**
 * An in-process simulation of the service: applications, users, access tokens and a virtual
 * clock, shared by every client connected to it. Clients on the `sim` backend connect to one.
 * Several clients (players) in one process share a simulator; each worker thread has its own.
 *
 * @example
 * const sim = new Simulator();
 * const alice = sim.createUser({ username: 'alice' });
 * const client = await sim.connectClient(alice);
 * console.log(client.status, client.currentUser?.username); // 'ready' 'alice'
 * await client.close();
 */
export class Simulator {
  readonly #world: NativeWorld;
  readonly #build: 'release' | 'debug';
  readonly #clock: SimulatorClock;
  #defaultApplication: Application | undefined;
  readonly #served: ServedWorld | undefined; // Attached to a world served elsewhere (SimulatorOptions.url): what it is.

  /** @throws TypeError for options not an object; RangeError for a malformed `sdkVersion` or `build`; with `url`, SocialSdkError when the served world refuses the link (a wrong secret, another protocol version: both named) or is unreachable. */
  constructor(options?: SimulatorOptions) {
    const source = worldSource(checkOptions(options));
    this.#world = source.world;
    this.#build = source.build;
    this.#served = source.served;
    this.#defaultApplication = source.defaultApplication;
    this.#clock = new SimulatorClock(this.#world, source.clockMode);
    bindNativeWorld(this, this.#world);
  }

  /** The SDK build the simulator logs like (see {@link SimulatorOptions.build}). */
  get build(): 'release' | 'debug' {
    return this.#build;
  }

  /**
   * The local chat client of `user` (the desktop chat app on the user's machine): start or stop
   * it, drop or restore the SDK's RPC connection to it, change its voice settings as the user
   * would. Every user has one, running and connected, from the start.
   */
  chatClient(user: User | SnowflakeInput): SimulatedChatClient {
    return new SimulatedChatClient(this.#world, idOf(user, 'user'));
  }

  /**
   * The audio side of `user`'s machine: plug and unplug its audio devices, make the user speak or
   * go silent. The user's clients share it (see {@link SimulatedMachine}).
   */
  machine(user: User | SnowflakeInput): SimulatedMachine {
    return new SimulatedMachine(this.#world, idOf(user, 'user'));
  }

  /** Device sign-in: the requests waiting for the player and the games' device authorization screens. */
  deviceSignIn(): SimulatedDeviceSignIn {
    return new SimulatedDeviceSignIn(this.#world);
  }

  /** The external identity provider of `application`, which issues the tokens provisional accounts sign in with. */
  identityProvider(application: Application | SnowflakeInput): SimulatedIdentityProvider {
    return new SimulatedIdentityProvider(this.#world, idOf(application, 'application'));
  }

  /** Bans `user`: its tokens are deleted at once; its external identities move to new provisional accounts that cannot merge (530017) until `unbanUser`. Returns how many moved. */
  banUser(user: User | SnowflakeInput): number {
    return this.#world.banUser(idOf(user, 'user'), true);
  }

  /** Lifts `user`'s ban: merging works again (a permanent ban is one never lifted). */
  unbanUser(user: User | SnowflakeInput): void {
    this.#world.banUser(idOf(user, 'user'), false);
  }

  /** The simulator clients use when none is given (one per thread). */
  static default(): Simulator {
    defaultSimulator ??= new Simulator();
    return defaultSimulator;
  }

  /** The SDK version the simulated backend reports. */
  get sdkVersion(): string {
    return formatSdkVersion(this.#world.version());
  }

  /**
   * The simulator's clock (ms since the Unix epoch). It starts at the host's time; in `manual`
   * mode only {@link Simulator.advance} moves it, in `real-time` mode it follows the host's clock.
   */
  now(): number {
    return this.#clock.now();
  }

  /** How the clock moves (see {@link SimulatorOptions.clock}); `listen({ clock })` can switch it. */
  get clockMode(): ClockMode {
    return this.#served?.clockMode ?? this.#clock.mode;
  }

  /**
   * Moves the clock forward (in `real-time` mode too: the jump stays); returns the new time.
   * Tokens past their expiry are then refused, delayed calls and rate-limit windows that are due go on.
   * @throws TypeError when `ms` is not a number; RangeError when it is not a non-negative safe
   * integer, or when the clock would pass the last time a snowflake ID can hold.
   */
  advance(ms: number): number {
    return this.#clock.advance(checkMs(ms, 'ms'));
  }

  /** A new application (game); `inviteCoverImage` is its developer portal invite cover image. */
  createApplication(options: CreateApplicationOptions): Application {
    const { name, inviteCoverImage, parentId, publisherLinking, connectionEntrypointUrl } = checkApplicationOptions(options);
    const app = this.#world.createApplication(name, parentId, publisherLinking);
    if (inviteCoverImage !== undefined) this.#world.setApplicationInviteCoverImage(app.id, inviteCoverImage);
    if (connectionEntrypointUrl !== undefined) this.#world.setConnectionEntrypointUrl(app.id, connectionEntrypointUrl);
    return app;
  }

  /**
   * Uploads (or with null removes) an application's invite cover image in the developer portal.
   * Activities of the application without their own `assets.inviteCoverImage` show it from now
   * on; the users who know their publishers get `userUpdated`.
   * @throws RangeError for an unknown application.
   */
  setApplicationInviteCoverImage(application: Application | SnowflakeInput, image: string | null): void {
    const id = idOf(application, 'application');
    this.#world.setApplicationInviteCoverImage(id, image === null ? null : checkImage(image));
  }

  /**
   * Replaces a user's application profiles (game identities), at most one per application; the
   * users who know the user get `userUpdated`. Returns the user.
   * @throws RangeError for an unknown user or application, or two profiles of one application.
   */
  setApplicationProfiles(user: User | SnowflakeInput, profiles: readonly ApplicationProfileSpec[]): User {
    const userId = idOf(user, 'user');
    const checked = toNativeProfiles(profiles, () => this.defaultApplication);
    return fromNativeUser(this.#world.setApplicationProfiles(userId, checked));
  }

  /**
   * Makes two users friends at once, without requests: Discord friends (`discord`, default true)
   * and/or game friends (`game`, default false). Their signed-in clients get `relationshipCreated`.
   * @throws RangeError for an unknown user, a user and itself, a block between them, or a
   * provisional account as a Discord friend (provisional accounts have game friends only).
   */
  setFriends(a: User | SnowflakeInput, b: User | SnowflakeInput, options: { discord?: boolean; game?: boolean } = {}): void {
    if (typeof options !== 'object' || options === null) throw new TypeError(`options must be an object, got ${typeName(options)}`);
    const discord = checkBoolean(options.discord ?? true, 'discord');
    const game = checkBoolean(options.game ?? false, 'game');
    this.#world.setFriends(idOf(a, 'a'), idOf(b, 'b'), discord, game);
  }

  /**
   * A new user. `username` and `globalName` are 1 to 32 characters (see {@link limits}).
   * @throws TypeError or RangeError for malformed options; RangeError for a duplicate or zero `id`.
   * Nothing is created then.
   */
  createUser(options: CreateUserOptions): User {
    const spec = toNativeUserSpec(options);
    const user = fromNativeUser(this.#world.createUser(spec));
    return options.applicationProfiles?.length ? this.setApplicationProfiles(user, options.applicationProfiles) : user;
  }

  /** A user as the service knows it: its activity (secrets included) and application profiles. */
  getUser(id: SnowflakeInput): User | null {
    const user = this.#world.getUser(toSnowflake(id, 'id'));
    return user && fromNativeUser(user);
  }

  /** Issues an access token for `user` in `application`. @throws RangeError for an unknown user or application. */
  issueToken(user: User | SnowflakeInput, application: Application | SnowflakeInput, options?: IssueTokenOptions): TokenGrant {
    const { ttl, scopes } = tokenOptions(options);
    this.#clock.sync();
    return toGrant(this.#world.issueToken(idOf(user, 'user'), idOf(application, 'application'), ttl, scopes));
  }

  /** Revokes a token; clients connected with it are disconnected. Returns false for an unknown or already revoked token. */
  revokeToken(token: string): boolean {
    return this.#world.revokeToken(checkText(token, 'token', 1, limits.accessTokenLength));
  }

  /**
   * The user removes `application` from their authorized apps: every access and refresh token of
   * that authorization is deleted, clients connected with them are disconnected, and a refresh
   * fails with `invalid_grant`. Returns how many tokens (and unredeemed codes) went.
   * @throws RangeError for an unknown user or application.
   */
  removeApplicationForUser(user: User | SnowflakeInput, application: Application | SnowflakeInput): number {
    const removed = this.#world.removeAuthorization(idOf(user, 'user'), idOf(application, 'application'));
    takeWebhookNotices(this.#world);
    return removed;
  }

  /** Fault injection: the service drops every connection of `user`; its clients go `reconnecting`, then `ready` again. Returns how many clients were affected. */
  dropConnections(user: User | SnowflakeInput): number {
    return this.#world.dropConnections(idOf(user, 'user'));
  }

  /**
   * Load generation: every connected client of `user` logs `count` lines from its service thread
   * (delivered as `log` events if at or above the client's `logLevel`, and only `error` and
   * `warning` lines unless the simulator logs like the debug build). The lines pass through the
   * SDK's log filter like every other: a token in `message` comes out as `[REDACTED]`. `source`
   * `voice` logs them from the voice engine. Returns how many clients. `count` is at most
   * `limits.emitLogsCount` (100,000,000), `message` at most `limits.logMessageLength` characters.
   */
  emitLogs(user: User | SnowflakeInput, count: number, options?: { severity?: LogSeverity; message?: string; source?: LogSource }): number {
    const userId = idOf(user, 'user');
    checkInteger(count, 'count', 0, limits.emitLogsCount);
    const given = checkOptions(options);
    const severity = checkOneOf(given.severity ?? 'warning', LOG_SEVERITIES, 'severity');
    const message = checkText(given.message ?? 'simulated log line', 'message', 0, limits.logMessageLength);
    const source = checkOneOf(given.source ?? 'sdk', ['sdk', 'voice'] as const, 'source');
    return this.#world.emitLogs(userId, count, LOG_LEVEL_VALUES[severity], message, source === 'voice');
  }

  /**
   * The game backend creates a lobby (server API); returns its id. Members are added and removed
   * with {@link Simulator.bulkUpdateLobbyMembers}: SDK clients cannot join or leave a lobby the
   * backend created (403, code 50001), even one with a secret.
   * @throws RangeError for an unknown application or a secret already in use.
   */
  createLobby(options: CreateLobbyOptions = {}): Snowflake {
    const { applicationId, secret, metadata } = checkCreateLobbyOptions(options);
    return this.#world.createLobby(applicationId ?? this.defaultApplication.id, secret, metadata);
  }

  /**
   * The game backend adds, updates or removes lobby members (Bulk Update Lobby Members): at most
   * 25 per call. Only the backend can set a member's `additionalName`. Clients see
   * `lobbyCreated`/`lobbyDeleted` (their own user) and `lobbyMemberAdded`/`Removed`/`Updated`
   * (others). The whole request is checked first: a refused one changes nothing.
   * @throws RangeError for more than 25 entries, an unknown lobby or user, a user listed twice, or a full lobby.
   */
  bulkUpdateLobbyMembers(lobby: { id: Snowflake } | SnowflakeInput, members: readonly LobbyMemberUpdate[]): void {
    const lobbyId = idOf(lobby, 'lobby');
    const updates = toNativeMemberUpdates(members);
    this.#world.bulkUpdateLobbyMembers(lobbyId, updates);
  }

  /**
   * The game backend sets a lobby message's moderation metadata (replacing it). Every member's
   * client gets `messageUpdated` with the new map at once.
   * @throws RangeError for an unknown lobby, or a message not among its 200 most recent.
   */
  setMessageModerationMetadata(lobby: { id: Snowflake } | SnowflakeInput, messageId: SnowflakeInput, metadata: Metadata): void {
    this.#world.setMessageModerationMetadata(
      idOf(lobby, 'lobby'),
      toSnowflake(messageId, 'messageId'),
      checkMetadata(metadata, 'metadata', MODERATION_METADATA_BOUNDS),
    );
  }

  /** Links a chat channel to a lobby (null unlinks); members get `lobbyUpdated`. */
  linkLobbyChannel(lobby: { id: Snowflake } | SnowflakeInput, channel: { id: SnowflakeInput; name: string; guildId: SnowflakeInput } | null): void {
    const lobbyId = idOf(lobby, 'lobby');
    this.#world.linkLobbyChannel(lobbyId, toNativeLinkedChannel(channel));
  }

  /** The game backend deletes a lobby; members get `lobbyDeleted`. @throws RangeError for an unknown lobby. */
  deleteLobby(lobby: { id: Snowflake } | SnowflakeInput): void {
    this.#world.deleteLobby(idOf(lobby, 'lobby'));
  }

  /** A lobby as the game backend sees it (members' additional names included), or null. */
  getLobby(lobby: { id: Snowflake } | SnowflakeInput): ServerLobby | null {
    const found = this.#world.getLobby(idOf(lobby, 'lobby'));
    // The backend's view is no user's: the world leaves each member's user out (null).
    return found && { ...found, members: found.members.map((member) => ({ ...member, user: null })) };
  }

  /**
   * Latency injection: from now on every simulated call (see {@link SimulatedCall}; connecting
   * included) and every request to the simulated HTTP service ({@link Simulator.listen}) completes
   * `ms` later on the simulator's clock: once {@link Simulator.advance} has moved it that far (in
   * `real-time` mode, once that time has passed). A call waits from the moment it reaches the
   * simulator: `await sim.settle()` before advancing to be sure it has. 0 (the default): at once.
   */
  setLatency(ms: number): void {
    this.#world.setLatency(checkMs(ms, 'ms'));
  }

  /**
   * Fault injection: the next `count` calls of `call` (by any client, or by `user`'s) fail with
   * `error` instead of reaching the service. A failed `connect` ends in `disconnected` with
   * `connectionFailed` and the error's `code` as the detail.
   * @example
   * sim.failNext('sendLobbyMessage', { count: 2, error: { type: 'HTTPError', status: 503, retryable: true } });
   */
  failNext(call: SimulatedCall, options: FailNextOptions): void {
    const kind = callKind(call);
    checkRequiredOptions(options);
    const count = checkInteger(options.count ?? 1, 'count', 1, 0xffffffff);
    const failure = toFailureSpec(options.error);
    const user = options.user === undefined ? '0' : idOf(options.user, 'user');
    this.#world.failNext(kind, count, failure, user);
  }

  /** Forgets every planned failure not used yet. */
  clearFailures(): void {
    this.#world.clearFailures();
  }

  /**
   * Resolves once every result and event the simulator has queued has been delivered to JS:
   * every call in flight has completed and every client has seen the events it caused. Calls
   * waiting for the clock (see {@link Simulator.setLatency}) are not waited for (advance first).
   */
  async settle(): Promise<void> {
    return settleWorld(this.#world);
  }

  /**
   * The game backend sets a direct message's moderation metadata (replacing it). Both users'
   * clients get `messageUpdated` with the new map at once.
   * @throws RangeError for a message the simulator does not hold (it keeps the 200 most recent of a conversation).
   */
  setDirectMessageModerationMetadata(messageId: SnowflakeInput, metadata: Metadata): void {
    this.#world.setUserMessageModerationMetadata(toSnowflake(messageId, 'messageId'), checkMetadata(metadata, 'metadata', MODERATION_METADATA_BOUNDS));
  }

  /** The application `connectClient` signs in to when none is given. */
  get defaultApplication(): Application {
    this.#defaultApplication ??= this.createApplication({ name: 'Simulated Game' });
    return this.#defaultApplication;
  }

  /** A new client of this simulator (not connected). @throws as the {@link Client} constructor. */
  createClient(options?: Omit<ClientOptions, 'simulator'>): Client {
    return new Client({ ...checkOptions(options), simulator: this });
  }

  /**
   * A ready client signed in as `user`, in one call: issues a token, creates the client, gives it
   * the token and connects. Rejects (never throws) on bad input, as on a failed connect.
   */
  async connectClient(user: User | SnowflakeInput, options?: ConnectClientOptions): Promise<Client> {
    const { application, ...clientOptions } = checkOptions(options);
    const userId = idOf(user, 'user');
    const applicationId = application === undefined ? this.defaultApplication.id : idOf(application, 'application');
    // The client first: its options are checked before a token is issued.
    const client = this.createClient({ ...clientOptions, applicationId });
    try {
      const grant = this.issueToken(userId, applicationId);
      await client.updateToken(grant.accessToken);
      await client.connect();
    } catch (error) {
      await client.close();
      throw error;
    }
    return client;
  }

  /**
   * Serves this simulator's world over real HTTP on loopback: the server API (lobbies, members,
   * lobby messages, moderation metadata, channel linking and invites, voice channel status, game
   * stats) at `service.apiBase`, for a game server's REST client in any language. What a server
   * does there, the simulator's SDK clients see as events, and the reverse.
   * @example
   * const service = await sim.listen();
   * const rest = new RestClient({ token: service.issueBotToken(), baseUrl: service.apiBase });
   */
  async listen(options?: ListenOptions): Promise<SimulatedService> {
    if (this.#served) throw new TypeError('this simulator is attached to a world another process serves: it is served there');
    return listenService(this.#world, this.defaultApplication.id, this.#build, options);
  }

  /** The inspector URL (`<url>/inspector/#secret=…`, docs/inspector.md) of the service this simulator listens with. @throws TypeError when it does not listen. */
  inspect(): string {
    return inspectorUrlOf(this.#world);
  }

  /**
   * The world as a world file (version 1, docs/served-simulator-and-cli.md): applications, users,
   * friends, guilds, lobbies with their members and messages, the clock; with `{ path }` also
   * written there (atomically). Never a token or client secret; lobby secrets with `{ secrets: true }`.
   * Live state (clients, calls, activities, rate-limit budgets, the request log) is not saved.
   */
  snapshot(options?: SnapshotOptions): WorldFile {
    const file = takeSnapshot(this.#world, this.#defaultApplication?.id, options);
    if (options?.path !== undefined) writeWorldFile(options.path, file);
    return file;
  }

  /**
   * Creates the world a world file describes (a snapshot, or the CLI's `--world` file; a path or
   * the parsed file) in this simulator. Users keep their ids; applications, guilds, channels and
   * lobbies get new ones (`ids` maps them); messages are sent again (new ids and times). The
   * file's default application (else its first) becomes this simulator's when it has none yet.
   * @throws TypeError or RangeError naming what is wrong in the file; nothing is created then.
   */
  load(file: WorldFile | string): LoadedWorld {
    const loaded = buildWorld(this, typeof file === 'string' ? readWorldFile(file) : file);
    this.#defaultApplication ??= loaded.defaultApplication ?? loaded.applications[0];
    return loaded;
  }

  [inspect.custom](): string {
    return `Simulator { sdkVersion: '${this.sdkVersion}', now: ${new Date(this.now()).toISOString()} }`;
  }
}

// The methods of other modules (guild-methods.ts, ...), declared on the interface above.
for (const methods of [guildMethods, botSettingMethods, roleMethods, accountMethods, subscriptionMethods, channelMessageMethods, activityMethods]) {
  defineMethods(Simulator.prototype, 'Simulator', methods);
}

// Clients without a `simulator` option use the default one (see addon/native-worlds.ts for why it is
// reached from there).
setDefaultSimulator(() => Simulator.default());
