/**
 * What the simulated HTTP service keeps beside the world, one per simulator (so every server a
 * simulator listens with serves the same world the same way): the bot tokens it issued, its rate
 * limits, the failures the harness planned, the game stats written to identity profiles, the
 * invalid requests it counted and the log of the requests it answered.
 * @internal
 * @module
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

import type { NativeWorld } from '../../addon/native.js';
import type { RateLimitScope } from './errors.js';
import { ServiceRateLimits } from './rate-limits.js';
import { RequestLog } from './request-log.js';
import type { LobbySettings } from './wire.js';
import { WebhookDispatcher } from './webhooks.js';
import { WindowCount } from './window-count.js';

/** A failure the harness planned for the next requests of a route. */
export interface PlannedFailure {
  remaining: number;
  status: number;
  code: number;
  /** Undefined: the default (a 429's is the docs' "You are being rate limited."). */
  message?: string | undefined;
  /** Seconds; sent as Retry-After (and retry_after for a 429). */
  retryAfter?: number;
  /** A 429's X-RateLimit-Scope; default `user`. */
  scope?: RateLimitScope;
}

/** One application identity profile's stored game data (written whole by each PATCH). */
export interface StoredProfile {
  username?: string | undefined;
  metadata?: unknown;
  data?: unknown;
}

/** How long the service remembers an invalid request (server API reference §6.1: 10,000 per 10 minutes). */
export const INVALID_REQUEST_WINDOW_MS = 10 * 60 * 1000;

export class ServiceState {
  readonly world: NativeWorld;
  readonly rateLimits: ServiceRateLimits;
  /** Webhook events: events URLs, keys, deliveries and their log. */
  readonly webhooks: WebhookDispatcher;
  /** The last requests answered (the inspector shows them). */
  readonly requests = new RequestLog();
  /** token -> application id. Never logged, never in an error. */
  readonly #botTokens = new Map<string, string>();
  /** application id -> its OAuth2 client secret (made on first use). Never logged, never in an error. */
  readonly #clientSecrets = new Map<string, string>();
  readonly faults = new Map<string, PlannedFailure[]>();
  /** `${applicationId}/${userId}/${providerIssuedUserId}` -> profile. */
  readonly profiles = new Map<string, StoredProfile>();
  /** lobby id -> the settings the service keeps beside the world's lobby (flags, events URL override). */
  readonly lobbySettings = new Map<string, LobbySettings>();
  /** 401/403/429 answers over the last 10 minutes of the world clock, from every address (what the service bans on). */
  readonly #invalid = new WindowCount(INVALID_REQUEST_WINDOW_MS);
  #clockWaiters: { at: number; resolve: () => void }[] = [];
  /** `${applicationId}/${userId}` of every App Tester. */
  readonly #appTesters = new Set<string>();

  constructor(world: NativeWorld, rateLimits: 'development' | 'off') {
    this.world = world;
    this.rateLimits = new ServiceRateLimits(() => world.now(), rateLimits);
    this.webhooks = new WebhookDispatcher(world, (at) => this.untilClock(at));
  }

  /** A new bot token for the application (the earlier ones stay valid). */
  issueBotToken(applicationId: string): string {
    // Shaped like the service's: the application id in base64url, then random parts.
    const token = `${Buffer.from(applicationId).toString('base64url')}.${randomBytes(6).toString('base64url')}.${randomBytes(27).toString('base64url')}`;
    this.#botTokens.set(token, applicationId);
    return token;
  }

  /** Forgets a bot token (as resetting it in the developer portal does). */
  revokeBotToken(token: string): boolean {
    return this.#botTokens.delete(token);
  }

  /** The application a bot token was issued for, or undefined. */
  applicationOfBotToken(token: string): string | undefined {
    return this.#botTokens.get(token);
  }

  /** The bot token most recently issued for an application, or undefined. */
  botTokenOf(applicationId: string): string | undefined {
    let found: string | undefined;
    for (const [token, app] of this.#botTokens) if (app === applicationId) found = token;
    return found;
  }

  /** The application's OAuth2 client secret (the developer portal's), made on first use. */
  clientSecretOf(applicationId: string): string {
    let secret = this.#clientSecrets.get(applicationId);
    if (secret === undefined) {
      secret = randomBytes(24).toString('base64url');
      this.#clientSecrets.set(applicationId, secret);
    }
    return secret;
  }

  /** Replaces the application's client secret (as resetting it in the portal does); the old one stops working. */
  resetClientSecret(applicationId: string): string {
    this.#clientSecrets.delete(applicationId);
    return this.clientSecretOf(applicationId);
  }

  /** Whether `secret` is the application's client secret (compared in constant time). */
  checkClientSecret(applicationId: string, secret: string): boolean {
    const expected = this.#clientSecrets.get(applicationId);
    if (expected === undefined) return false;
    const given = Buffer.from(secret);
    const wanted = Buffer.from(expected);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  }

  /**
   * Makes a user one of the application's App Testers, or not. The docs tell developers to "add
   * your QA users to your application's App Testers list to avoid hitting rate limits during
   * testing" (discord-api-docs, provisional-accounts/merging-accounts.mdx); that their requests
   * skip every route's development budget is our choice (the docs name no other limit).
   */
  setAppTester(applicationId: string, userId: string, tester: boolean): void {
    if (tester) this.#appTesters.add(`${applicationId}/${userId}`);
    else this.#appTesters.delete(`${applicationId}/${userId}`);
  }

  /** Whether the user is one of the application's App Testers. */
  isAppTester(applicationId: string, userId: string): boolean {
    // Most worlds have none: no key is joined for them on each request.
    return this.#appTesters.size > 0 && this.#appTesters.has(`${applicationId}/${userId}`);
  }

  /** Counts an invalid request (a 401, 403 or 429 answer); O(1). */
  countInvalid(): void {
    this.#invalid.add(this.world.now());
  }

  /** Invalid requests in the last 10 minutes of the world's clock (to the second: window-count.ts). */
  invalidRequests(): number {
    return this.#invalid.count(this.world.now());
  }

  /**
   * Resolves once the world's clock has reached `at` (it moves only when the harness advances it:
   * see {@link clockAdvanced}); at once when it already has.
   */
  untilClock(at: number): Promise<void> {
    if (this.world.now() >= at) return Promise.resolve();
    return new Promise((resolve) => this.#clockWaiters.push({ at, resolve }));
  }

  /** The world's clock moved: releases the requests whose latency has passed. */
  clockAdvanced(): void {
    const now = this.world.now();
    const due = this.#clockWaiters.filter((waiter) => waiter.at <= now);
    this.#clockWaiters = this.#clockWaiters.filter((waiter) => waiter.at > now);
    for (const waiter of due) waiter.resolve();
  }

  /** Takes the planned failure for a route, if any is left. */
  takeFault(route: string): PlannedFailure | undefined {
    const planned = this.faults.get(route);
    const next = planned?.[0];
    if (!next) return undefined;
    next.remaining -= 1;
    if (next.remaining <= 0) planned.shift();
    return next;
  }
}

const states = new WeakMap<NativeWorld, ServiceState>();

/** The harness advanced a world's clock: requests of its service waiting for latency may go on. */
export function clockAdvanced(world: NativeWorld): void {
  states.get(world)?.clockAdvanced();
}

/**
 * The harness did something on the JS thread that may have made webhook events (removed an
 * application for a user): their deliveries start now.
 */
export function takeWebhookNotices(world: NativeWorld): void {
  states.get(world)?.webhooks.drain();
}

/** The service state of a world, made on first use with the given rate limits. */
export function serviceStateOf(world: NativeWorld, rateLimits: 'development' | 'off' = 'development'): ServiceState {
  let state = states.get(world);
  if (!state) {
    state = new ServiceState(world, rateLimits);
    states.set(world, state);
  }
  return state;
}
