/**
 * `sim.listen()`: the simulated service over real HTTP on loopback, serving the server API
 * against the simulator's world, and the harness's handle on it (bot tokens, rate-limit budgets,
 * planned failures, and what only the service side can observe: channel invites, voice channel
 * statuses, audit logs, game stats).
 * @module
 */
import type { Server } from 'node:http';
import { inspect } from 'node:util';

import type { Snowflake, SnowflakeInput } from '../../model/ids.js';
import { idOf } from '../harness-input.js';
import { CLOCK_MODES, clockOf, syncClock, type ClockMode } from '../clock.js';
import type { NativeWorld } from '../../addon/native.js';
import { checkBoolean, checkInteger, checkOneOf, checkOptions, checkText, typeName } from '../../common/validate.js';
import { findRoute, ROUTE_LIST, routeKey } from '../../routes/table.js';
import { OAUTH2_HANDLERS } from './routes-oauth2.js';
import { OAUTH2_INFO_HANDLERS } from './routes-oauth2-info.js';
import { SERVED_ROUTES } from './served-routes.js';
import { startServer, type SideDoor } from './server.js';
import { newHarnessSecret, setServedHere, urlWithSecret } from '../../remote/access.js';
import { remoteDoor } from '../remote/door.js';
import { GUILD_CHANGES } from '../world-changes.js';
import { gatewayDoor, gatewayOf, type SimulatedGateway } from '../gateway/harness.js';
import { interactionsHarness, type SimulatedInteractions } from '../interactions/harness.js';
import { GatewayDoor } from '../gateway/door.js';
import { inspectorDoor, INSPECTOR_PATH } from '../inspector/door.js';
import { forgetServed, noteServed } from '../inspector/served.js';
import { serviceStateOf, type PlannedFailure, type ServiceState } from './state.js';
import type { RateLimitScope } from './errors.js';
import type { RateLimitBudget } from './rate-limits.js';
import type { WebhookAlert, WebhookDelivery, WebhookEventsStatus } from './webhooks.js';

export type { RateLimitBudget } from './rate-limits.js';
export type { RateLimitScope } from './errors.js';
export type { WebhookAlert, WebhookDelivery, WebhookEventsStatus } from './webhooks.js';

/** Only listenService() constructs a SimulatedService. */
const CONSTRUCT = Symbol('SimulatedService');


/**
 * The route keys (`METHOD /path`, in the official description's notation) the service serves,
 * e.g. `'POST /lobbies/{lobby_id}/members/bulk'`.
 */
export const SERVICE_ROUTES: readonly string[] = ROUTE_LIST.map(routeKey);

/**
 * The key of the route a harness call names: `METHOD /path` with parameters written as the
 * description does (`{lobby_id}`) or by any `:name` (`'PATCH /lobbies/:lobby'`).
 */
function serviceRouteKey(route: unknown): string {
  if (typeof route !== 'string') throw new TypeError(`route must be a string such as 'POST /lobbies', got ${typeof route}`);
  const found = findRoute(route);
  // The text given is not echoed: it could be anything (a secret passed by mistake).
  if (!found) throw new RangeError(`route must be one of the service's routes (SERVICE_ROUTES), such as 'POST /lobbies/{lobby_id}/messages'; got a string of ${route.length} characters that names none`);
  return routeKey(found);
}

/** Options of {@link Simulator.listen}. */
export interface ListenOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** Address to bind; default `127.0.0.1` (loopback only). */
  host?: string;
  /**
   * The rate limits the service starts with, the first time a simulator listens:
   * `'development'` (the default) applies the documented development limits per application
   * (100 requests per 2 hours on each lobby route, 20 on channel linking) on the simulator's
   * clock; `'off'` applies none. Either way {@link SimulatedService.setRateLimit} changes them.
   */
  rateLimits?: 'development' | 'off';
  /**
   * Switches the simulator's clock (see {@link SimulatorOptions.clock}) for everything in its world:
   * `'real-time'` makes rate-limit windows, `Retry-After` and `X-RateLimit-Reset-After`, expiries,
   * latency and webhook retries follow the host's clock, as they would on the real service;
   * `'manual'` leaves them to {@link Simulator.advance}: a 429's `Retry-After` is then how far the
   * harness must advance, and nothing the service waits for happens until it does. When absent
   * the simulator's mode stays as it is (`manual` unless it was made with `clock: 'real-time'`).
   */
  clock?: ClockMode;
}

/** A planned failure of {@link SimulatedService.failNext}. */
export interface ServiceFailure {
  /** How many requests of the route fail; default 1. */
  count?: number;
  /** HTTP status, 400 to 599. */
  status: number;
  /** The service's JSON error code; default 0. */
  code?: number;
  message?: string;
  /** Seconds, sent as `Retry-After` (and `retry_after` on a 429, where the default is 1). */
  retryAfter?: number;
  /**
   * Only for a 429: its `X-RateLimit-Scope` (public docs, topics/rate-limits): `user` (the
   * default: the caller's bucket is spent until the retry), `global` (the caller's global limit:
   * `X-RateLimit-Global`, `global: true`) or `shared` (a limit of the resource, which the
   * invalid-request count leaves out).
   */
  scope?: RateLimitScope;
}

/** An audit log entry the simulated service recorded. */
export interface AuditLogEntry {
  /** The service's action type: 192 voice channel status set, 193 cleared. */
  actionType: number;
  /** Who did it (an application's bot user). */
  userId: Snowflake;
  /** The channel. */
  targetId: Snowflake;
  status: string | null;
  /** The request's `X-Audit-Log-Reason`. */
  reason: string | null;
  /** Simulator clock, ms since the Unix epoch. */
  at: number;
}

/** What using a lobby channel invite did. */
export interface AcceptedInvite {
  guildId: Snowflake;
  channelId: Snowflake;
  /** The lobby of a lobby channel invite; null for an invite a bot made (Create Channel Invite). */
  lobbyId: Snowflake | null;
}

function checkBudget(budget: RateLimitBudget | null, name: string): RateLimitBudget | null {
  if (budget === null) return null;
  if (typeof budget !== 'object' || Array.isArray(budget)) throw new TypeError(`${name} must be an object or null, got ${typeName(budget)}`);
  return {
    limit: checkInteger(budget.limit, `${name}.limit`, 1, 1_000_000_000),
    windowMs: checkInteger(budget.windowMs, `${name}.windowMs`, 1, Number.MAX_SAFE_INTEGER),
  };
}

/**
 * The simulated service served over HTTP (from {@link Simulator.listen}). Servers written in any
 * language call it at `apiBase` exactly as they would call the real service, with a bot token
 * from {@link SimulatedService.issueBotToken} or a user's access token from
 * {@link Simulator.issueToken}. What they do, the simulator's SDK clients see as events.
 */
export class SimulatedService {
  readonly #server: Server;
  readonly #state: ServiceState;
  readonly #world: NativeWorld;
  readonly #defaultApplicationId: string;
  readonly #secret: string;
  readonly #doors: readonly SideDoor[];
  #closed: Promise<void> | undefined;
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** The API base to give an HTTP client: `<url>/api/v10`. */
  readonly apiBase: string;

  /** @internal Made by {@link Simulator.listen}; `new SimulatedService()` is a TypeError. */
  constructor(key: symbol, server: Server, url: string, state: ServiceState, world: NativeWorld, defaultApplicationId: string, secret: string, doors: readonly SideDoor[]) {
    if (key !== CONSTRUCT) throw new TypeError('a SimulatedService is made by simulator.listen(), not constructed directly');
    this.#server = server;
    this.#secret = secret;
    this.#doors = doors;
    this.#state = state;
    this.#world = world;
    this.#defaultApplicationId = defaultApplicationId;
    this.url = url;
    this.apiBase = `${url}/api/v10`;
    Object.defineProperty(this, inspect.custom, { value: () => `SimulatedService { url: '${url}' }` });
  }

  /**
   * The URL another process needs to reach this world (`<url>/#secret=…`): set
   * `SOCIAL_SDK_SIMULATOR` to it and that process's clients attach to this world; a
   * `RemoteSimulator` drives it. It carries the harness secret (a fragment: never sent in a
   * request), so it is shown to whoever should drive the world and never printed by this package.
   */
  get harnessUrl(): string {
    SimulatedService.#check(this, 'harnessUrl');
    return urlWithSecret(this.url, this.#secret);
  }

  /**
   * The inspector's URL (`<url>/inspector/#secret=…`): a web page that shows the world live
   * (applications, users, lobbies, calls, guilds, rate limits, webhook deliveries, the request
   * log, a timeline), reading the harness secret from the fragment. Like {@link harnessUrl} it
   * carries the secret: give it to whoever may watch the world (see docs/inspector.md).
   */
  get inspectorUrl(): string {
    SimulatedService.#check(this, 'inspectorUrl');
    return urlWithSecret(this.url, this.#secret, INSPECTOR_PATH);
  }

  /** The gateway bots connect to (`ws://…/gateway/`, which GET /gateway/bot answers), and the harness's controls of it. */
  get gateway(): SimulatedGateway {
    SimulatedService.#check(this, 'gateway');
    return gatewayOf(this.#doors);
  }

  /** Application commands and interactions: a simulated user runs a command, presses a component, submits a modal (docs/interactions.md). */
  get interactions(): SimulatedInteractions {
    SimulatedService.#check(this, 'interactions');
    return interactionsHarness(this.#world, this.#state.webhooks, this.#doors.find((door): door is GatewayDoor => door instanceof GatewayDoor), (application) => this.#applicationId(application));
  }

  /**
   * A new bot token for an application (default: the simulator's default application); earlier
   * tokens stay valid. Send it as `Authorization: Bot <token>`. It is a secret: this package
   * never prints it.
   */
  issueBotToken(application?: { id: SnowflakeInput } | SnowflakeInput): string {
    SimulatedService.#check(this, 'issueBotToken');
    return this.#state.issueBotToken(this.#applicationId(application));
  }

  /** Makes a bot token invalid (as resetting it in the developer portal does); false when it was not valid. */
  revokeBotToken(token: string): boolean {
    SimulatedService.#check(this, 'revokeBotToken');
    return this.#state.revokeBotToken(checkText(token, 'token', 1, 4096));
  }

  /**
   * The application's OAuth2 client secret (default: the simulator's default application), for a
   * game server's token requests (`POST /oauth2/token`, `/oauth2/token/revoke`) with its id as
   * the client id. The same secret each time until {@link resetClientSecret}. It is a secret:
   * this package never prints it.
   */
  clientSecret(application?: { id: SnowflakeInput } | SnowflakeInput): string {
    SimulatedService.#check(this, 'clientSecret');
    return this.#state.clientSecretOf(this.#applicationId(application));
  }

  /** Replaces the application's client secret (as the developer portal's reset does); the old one stops working. */
  resetClientSecret(application?: { id: SnowflakeInput } | SnowflakeInput): string {
    SimulatedService.#check(this, 'resetClientSecret');
    return this.#state.resetClientSecret(this.#applicationId(application));
  }

  #applicationId(application: { id: SnowflakeInput } | SnowflakeInput | undefined): string {
    const applicationId = application === undefined ? this.#defaultApplicationId : idOf(application, 'application');
    if (this.#world.getApplication(applicationId) === null) throw new RangeError(`no application with id ${applicationId}`);
    return applicationId;
  }

  /**
   * Sets a route's rate limit per application (`{ limit, windowMs }` on the simulator's clock),
   * or lifts it with null. `route` is a key of {@link SERVICE_ROUTES}, e.g. `'POST /lobbies'`
   * (parameters as `{lobby_id}` or `:name`).
   */
  setRateLimit(route: string, budget: RateLimitBudget | null): void {
    SimulatedService.#check(this, 'setRateLimit');
    const key = serviceRouteKey(route);
    this.#state.rateLimits.setBudget(key, checkBudget(budget, 'budget'));
  }

  /** Sets (or with null lifts; the default) a global budget per application over every route. */
  setGlobalRateLimit(budget: RateLimitBudget | null): void {
    SimulatedService.#check(this, 'setGlobalRateLimit');
    this.#state.rateLimits.setGlobal(checkBudget(budget, 'budget'));
  }

  /**
   * Adds `user` to the App Testers of `application` (default: the simulator's default
   * application), or with false removes them. An App Tester's requests (with their `Bearer`
   * token in that application) skip the per-route development budgets and spend none of the
   * application's; the global budget still applies. The docs advise adding QA users as App
   * Testers "to avoid hitting rate limits during testing" (social SDK guide, merging provisional
   * accounts); which limits that lifts is not documented: the route budgets is our choice.
   * @throws TypeError when `tester` is not a boolean; RangeError for an unknown user or application.
   */
  setAppTester(user: { id: SnowflakeInput } | SnowflakeInput, tester: boolean, application?: { id: SnowflakeInput } | SnowflakeInput): void {
    SimulatedService.#check(this, 'setAppTester');
    const userId = idOf(user, 'user');
    const flag = checkBoolean(tester, 'tester');
    const applicationId = this.#applicationId(application);
    if (this.#world.getUser(userId) === null) throw new RangeError(`no user with id ${userId}`);
    this.#state.setAppTester(applicationId, userId, flag);
  }

  /** Whether `user` is one of the App Testers of `application` (default: the simulator's default application). */
  isAppTester(user: { id: SnowflakeInput } | SnowflakeInput, application?: { id: SnowflakeInput } | SnowflakeInput): boolean {
    SimulatedService.#check(this, 'isAppTester');
    return this.#state.isAppTester(this.#applicationId(application), idOf(user, 'user'));
  }

  /** The next `count` requests of `route` (after authentication) are answered with this failure. */
  failNext(route: string, failure: ServiceFailure): void {
    SimulatedService.#check(this, 'failNext');
    const key = serviceRouteKey(route);
    const given = checkOptions(failure, 'failure');
    const status = checkInteger(given.status, 'failure.status', 400, 599);
    if (given.scope !== undefined && status !== 429) throw new RangeError(`failure.scope is only for a 429, got status ${status}`);
    const planned: PlannedFailure = {
      remaining: checkInteger(given.count ?? 1, 'failure.count', 1, 1_000_000),
      status,
      code: checkInteger(given.code ?? 0, 'failure.code', 0, 0x7fffffff),
      message: given.message === undefined ? undefined : checkText(given.message, 'failure.message', 1, 1000),
      ...(given.retryAfter === undefined ? {} : { retryAfter: checkInteger(given.retryAfter, 'failure.retryAfter', 0, 86_400) }),
      ...(given.scope === undefined ? {} : { scope: checkOneOf(given.scope, ['user', 'global', 'shared'] as const, 'failure.scope') }),
    };
    const list = this.#state.faults.get(key) ?? [];
    list.push(planned);
    this.#state.faults.set(key, list);
  }

  /** Forgets every planned failure. */
  clearFailures(): void {
    SimulatedService.#check(this, 'clearFailures');
    this.#state.faults.clear();
  }

  /** Requests answered 401, 403 or 429 in the last 10 minutes of the simulator's clock (the service bans at 10,000). */
  get invalidRequestCount(): number {
    SimulatedService.#check(this, 'invalidRequestCount');
    syncClock(this.#world);
    return this.#state.invalidRequests();
  }

  /**
   * A user uses a channel invite and joins its guild: a lobby channel invite (single use, its target user only, one hour) or a bot's (its roles granted; its target users only).
   * @throws RangeError with `status` 404 and `code` 10006 for an unknown, used or expired invite; 403 for another user.
   */
  acceptChannelInvite(code: string, user: { id: SnowflakeInput } | SnowflakeInput): AcceptedInvite {
    SimulatedService.#check(this, 'acceptChannelInvite');
    syncClock(this.#world);
    const invite = GUILD_CHANGES.acceptInvite(this.#world, checkText(code, 'code', 1, 100), idOf(user, 'user'));
    return { guildId: invite.guildId, channelId: invite.channelId, lobbyId: invite.lobbyId };
  }

  /** A voice channel's status (null: none). Clients do not see it: the service keeps it out of the channel object. */
  getVoiceChannelStatus(channel: { id: SnowflakeInput } | SnowflakeInput): string | null {
    SimulatedService.#check(this, 'getVoiceChannelStatus');
    return this.#world.getVoiceChannelStatus(idOf(channel, 'channel'));
  }

  /** A guild's audit log entries, oldest first. */
  getAuditLog(guild: { id: SnowflakeInput } | SnowflakeInput): AuditLogEntry[] {
    SimulatedService.#check(this, 'getAuditLog');
    return this.#world.getAuditLog(idOf(guild, 'guild'));
  }

  /** The game stats last written to a user's identity profile, or null. */
  getIdentityProfile(
    application: { id: SnowflakeInput } | SnowflakeInput,
    user: { id: SnowflakeInput } | SnowflakeInput,
    providerIssuedUserId: string,
  ): { username: string | null; metadata: unknown; data: unknown } | null {
    SimulatedService.#check(this, 'getIdentityProfile');
    const key = `${idOf(application, 'application')}/${idOf(user, 'user')}/${checkText(providerIssuedUserId, 'providerIssuedUserId', 1, 1024)}`;
    const profile = this.#state.profiles.get(key);
    return profile ? { username: profile.username ?? null, metadata: profile.metadata ?? null, data: profile.data ?? null } : null;
  }

  /**
   * Sets the application's webhook events URL (default application unless given), or removes it
   * with null. As the developer portal does, the service first checks the URL: it must answer a
   * signed PING with 204 and a PING with a bad signature with 401; otherwise this rejects with a
   * `SocialSdkError` (ValidationError) and nothing changes. From then on the application's events
   * (APPLICATION_AUTHORIZED, APPLICATION_DEAUTHORIZED, LOBBY_MESSAGE_CREATE,
   * GAME_DIRECT_MESSAGE_CREATE / _UPDATE / _DELETE) are POSTed there, signed with
   * {@link webhookPublicKey}'s key, and retried with backoff on the simulator's clock for up to
   * 10 minutes; {@link webhookDeliveries} logs each.
   *
   * Afterwards, as the service's documentation states, the service checks the URL routinely with
   * a PING with a bad signature (every hour of the simulator's clock: our choice) and removes a
   * URL that accepts one (answers 2xx); and it stops sending events when the receiver fails too
   * often (our choice: 10 events in a row unanswered through their retry window). Either way
   * {@link webhookEventsStatus} becomes `'DISABLED_BY_DISCORD'`, {@link webhookAlerts} records
   * what the owner was told, and saving the URL again (verified anew) enables events again.
   */
  async setWebhookEventsUrl(url: string | null, application?: { id: SnowflakeInput } | SnowflakeInput): Promise<void> {
    SimulatedService.#check(this, 'setWebhookEventsUrl');
    const applicationId = this.#applicationId(application);
    if (url === null) return this.#state.webhooks.setUrl(applicationId, null);
    const text = checkText(url, 'url', 1, 2048);
    let parsed: URL;
    try {
      parsed = new URL(text);
    } catch {
      throw new RangeError('url must be an absolute http:// or https:// URL');
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new RangeError('url must be an absolute http:// or https:// URL');
    return this.#state.webhooks.setUrl(applicationId, parsed);
  }

  /** The application's webhook events URL, or null. */
  webhookEventsUrl(application?: { id: SnowflakeInput } | SnowflakeInput): string | null {
    SimulatedService.#check(this, 'webhookEventsUrl');
    return this.#state.webhooks.url(this.#applicationId(application));
  }

  /**
   * Whether the application gets webhook events: `'ENABLED'` with a URL, `'DISABLED'` without one,
   * `'DISABLED_BY_DISCORD'` once the service removed its URL (it accepted a bad signature) or
   * stopped its events (too many failures): the application object's `event_webhooks_status`.
   */
  webhookEventsStatus(application?: { id: SnowflakeInput } | SnowflakeInput): WebhookEventsStatus {
    SimulatedService.#check(this, 'webhookEventsStatus');
    return this.#state.webhooks.status(this.#applicationId(application));
  }

  /** What the service told the applications' owners about their events URLs (email, system DM), oldest first; of one application when given. */
  webhookAlerts(application?: { id: SnowflakeInput } | SnowflakeInput): WebhookAlert[] {
    SimulatedService.#check(this, 'webhookAlerts');
    return this.#state.webhooks.alerts(application === undefined ? undefined : this.#applicationId(application));
  }

  /** The application's Ed25519 public key (64 hex characters, the developer portal's "Public Key"), to verify its events. */
  webhookPublicKey(application?: { id: SnowflakeInput } | SnowflakeInput): string {
    SimulatedService.#check(this, 'webhookPublicKey');
    return this.#state.webhooks.publicKey(this.#applicationId(application));
  }

  /** Every webhook delivery so far (pending, delivered or failed), oldest first; of one application when given. */
  webhookDeliveries(application?: { id: SnowflakeInput } | SnowflakeInput): WebhookDelivery[] {
    SimulatedService.#check(this, 'webhookDeliveries');
    return this.#state.webhooks.deliveries(application === undefined ? undefined : this.#applicationId(application));
  }

  /**
   * Webhook events the world noted but could not keep for delivery (its outbox holds 65,536 until
   * the service takes them, which it does after every batch of client events): with
   * {@link webhookDeliveries}, what a test checks to be sure no event was lost.
   */
  get webhookEventsDropped(): number {
    SimulatedService.#check(this, 'webhookEventsDropped');
    this.#state.webhooks.drain();
    return this.#state.webhooks.dropped;
  }

  /**
   * Resolves once no delivery attempt is in flight: each is delivered, failed, or waiting for the
   * simulator's clock to reach its next retry (on the manual clock, advance it to let them go on).
   */
  webhooksIdle(): Promise<void> {
    try {
      SimulatedService.#check(this, 'webhooksIdle');
    } catch (error) {
      return Promise.reject(error);
    }
    return this.#state.webhooks.idle();
  }

  /** Stops listening and closes every connection; resolves once closed. Calling it again is harmless. */
  close(): Promise<void> {
    try {
      SimulatedService.#check(this, 'close');
    } catch (error) {
      return Promise.reject(error);
    }
    forgetServed(this.#world, this);
    this.#closed ??= new Promise<void>((resolve) => {
      this.#server.close(() => resolve());
      this.#server.closeAllConnections();
      // Upgraded sockets (remote links) are no longer the HTTP server's to close.
      for (const door of this.#doors) door.close?.();
      setServedHere(this.url, false);
    });
    return this.#closed;
  }

  /** The TypeError of a method called on something that is not a SimulatedService (a detached method). */
  static #check(self: unknown, method: string): void {
    if (typeof self !== 'object' || self === null || !(#state in self)) {
      throw new TypeError(`SimulatedService.prototype.${method} was called on an object that is not a SimulatedService`);
    }
  }
}

/** @internal Serves the world of a simulator over HTTP. */
export async function listenService(world: NativeWorld, defaultApplicationId: string, build: 'release' | 'debug', options?: ListenOptions): Promise<SimulatedService> {
  const given = checkOptions(options);
  const port = checkInteger(given.port ?? 0, 'port', 0, 65535);
  const host = given.host === undefined ? '127.0.0.1' : checkText(given.host, 'host', 1, 255);
  const rateLimits = checkOneOf(given.rateLimits ?? 'development', ['development', 'off'] as const, 'rateLimits');
  const clock = given.clock === undefined ? undefined : checkOneOf(given.clock, CLOCK_MODES, 'clock');
  const state = serviceStateOf(world, rateLimits);
  const secret = newHarnessSecret();
  // What is served beside the API: remote links and the inspector behind the harness secret; the gateway (bot tokens).
  const doors: SideDoor[] = [remoteDoor(world, secret, { defaultApplicationId, build }), inspectorDoor(world, state, secret), gatewayDoor(world, state)];
  const { server, url } = await startServer(SERVED_ROUTES, { world, state }, host, port, doors);
  if (clock !== undefined) clockOf(world).setMode(clock);
  setServedHere(url, true);
  const service = new SimulatedService(CONSTRUCT, server, url, state, world, defaultApplicationId, secret, doors);
  noteServed(world, service);
  return service;
}
