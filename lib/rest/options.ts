/**
 * The options of {@link RestClient}, their defaults, and their checks.
 * @module
 */
import { setTimeout as sleepTimer } from 'node:timers/promises';
import type { Dispatcher } from 'undici-types';

import { limits } from '../common/limits.js';
import { checkInteger, checkMs, checkOptions, checkText, typeName } from '../common/validate.js';
import { MemoryRateLimitStore, type RateLimitStore } from './rate-limit-store.js';

/** The request a {@link MakeRequest} function is asked to send. */
export interface RestRequestInit {
  /** `GET`, `POST`, `PUT`, `PATCH` or `DELETE`. */
  method: string;
  /** Header names in lower case; `authorization` holds the token (never log it). */
  headers: Record<string, string>;
  /** The JSON body, when the route has one. */
  body?: string;
  /** Aborted on timeout and when the caller aborts. */
  signal: AbortSignal;
  /** The undici dispatcher of {@link RestClientOptions.dispatcher} (pass it on to `fetch` or undici). */
  dispatcher?: Dispatcher;
}

/** What a {@link MakeRequest} function resolves to: the part of a fetch `Response` the client reads. */
export interface RestResponseLike {
  /** The HTTP status. */
  status: number;
  /** The response headers (`get` is case-insensitive, as a fetch `Headers`). */
  headers: {
    /** A header's value, or null when absent. */
    get(name: string): string | null;
  };
  /** The body as text (parsed as JSON when the Content-Type says so). */
  text(): Promise<string>;
}

/**
 * Sends one HTTP request, in place of the default (undici's `request` through a keep-alive
 * `Agent`); the global `fetch` fits: `makeRequest: (url, init) => fetch(url, init)`.
 */
export type MakeRequest = (url: string, init: RestRequestInit) => Promise<RestResponseLike>;

/**
 * Time for the rate-limit and retry waits. The default is real time; a test can pass a virtual
 * clock to drive the waits without sleeping. (Request timeouts always use real timers: they
 * bound the network, not the service's schedule.)
 */
export interface RestClock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /** Resolves after `ms`; should reject (or at least stop waiting) when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** What a rate limit looks like to {@link RestClientOptions.rejectOnRateLimit} and {@link RestClientOptions.onRateLimited}. */
export interface RateLimitInfo {
  /** The route, IDs replaced (`'POST /lobbies/:id/messages'`). */
  route: string;
  /** The top-level resource id the limit applies to, or `'global'`. */
  majorParameter: string;
  /** Seconds until the request may be sent. */
  retryAfter: number;
  /** Whether it is the global limit (every route waits). */
  global: boolean;
  /** The service's bucket id, once known. */
  bucket?: string;
  /** `X-RateLimit-Scope` of a 429: `user`, `global` or `shared`. */
  scope?: string;
  /** Whether the service answered 429 (false: the client waits because the bucket it learned is exhausted). */
  fromResponse: boolean;
}

/** Options of {@link RestClient}. */
export interface RestClientOptions {
  /** The bot token, sent as `Authorization: Bot <token>`. Never shown in errors, logs or `inspect`. */
  token: string;
  /**
   * The application's OAuth2 client credentials (its id and the developer portal's client
   * secret), for the token methods ({@link RestClient.exchangeCode}, `refreshToken`,
   * `revokeToken`, `unlinkUser`), sent as HTTP Basic, and for the provisional-account methods
   * that take them (`getProvisionalToken`, `unmergeProvisionalAccount`), sent in the JSON body.
   * Give both or neither. The secret is never shown in errors, logs or `inspect`.
   */
  clientId?: string | bigint;
  /** See {@link clientId}. */
  clientSecret?: string;
  /** Default `https://discord.com/api/v10`. A fleet can point it at a rate-limit proxy or at the simulator. */
  baseUrl?: string;
  /** Per attempt, in ms (default 15,000). A timeout is a network error (retried like one). */
  timeoutMs?: number;
  /** Retries of a request that failed with a 5xx or a network error (default 3). A 429 is not a retry. */
  retries?: number;
  /** Backoff before the n-th retry: `retryBackoffMs × 2^(n-1)` (default 500 ms). */
  retryBackoffMs?: number;
  /** Sends a request (default: undici's `request` through a keep-alive `Agent` shared by the process's clients). */
  makeRequest?: MakeRequest;
  /**
   * An undici `Dispatcher` (e.g. an `Agent` with its own keep-alive or connection settings, a
   * `ProxyAgent`) the default transport sends through instead of its shared `Agent`; given to
   * {@link makeRequest} too when there is one.
   */
  dispatcher?: Dispatcher;
  /**
   * Reject with a `RateLimited` error (with `retryAfter`) instead of waiting: `true` for every
   * rate limit, or a predicate deciding per limit. Default false (wait).
   */
  rejectOnRateLimit?: boolean | ((info: RateLimitInfo) => boolean | Promise<boolean>);
  /** The longest rate-limit wait the client accepts, in ms; a longer one rejects as `RateLimited` (default: no cap). */
  maxRateLimitWaitMs?: number;
  /** Time for rate-limit and retry waits (default real time). */
  clock?: RestClock;
  /** Appended to the `User-Agent` (e.g. `'my-game-server/1.2'`). */
  userAgent?: string;
  /**
   * {@link onInvalidRequestWarning} is called when the count of invalid requests (401, 403, 429)
   * in the last 10 minutes reaches this (default 5,000: half of what earns a temporary ban).
   */
  invalidRequestWarningThreshold?: number;
  /** Called with the count when it reaches {@link invalidRequestWarningThreshold} (again after dropping below it). */
  onInvalidRequestWarning?: (count: number) => void;
  /** Called for every rate limit the client meets (a 429, or a wait for an exhausted bucket). */
  onRateLimited?: (info: RateLimitInfo) => void;
  /**
   * Where the rate-limit state (buckets, learned bucket ids, the global limit) is kept. Default: a
   * new {@link MemoryRateLimitStore} per client. A fleet of processes sharing one application gives
   * each client a `RedisRateLimitStore` on the same Redis and key prefix, so they spend one budget
   * (docs/fleets.md).
   */
  rateLimitStore?: RateLimitStore;
}

/** @internal The options after checks and defaults. */
export interface ResolvedOptions {
  baseUrl: string;
  timeoutMs: number;
  retries: number;
  retryBackoffMs: number;
  /** undefined: the default transport (http.ts). */
  makeRequest: MakeRequest | undefined;
  dispatcher: Dispatcher | undefined;
  rejectOnRateLimit: (info: RateLimitInfo) => boolean | Promise<boolean>;
  maxRateLimitWaitMs: number;
  clock: RestClock;
  userAgent: string;
  invalidRequestWarningThreshold: number;
  onInvalidRequestWarning: ((count: number) => void) | undefined;
  onRateLimited: ((info: RateLimitInfo) => void) | undefined;
  rateLimitStore: RateLimitStore;
}

/** The default base URL: the service's API, version 10. */
export const DEFAULT_BASE_URL = 'https://discord.com/api/v10';

/** @internal Real time: `Date.now` and timers that stop on abort. */
export const realClock: RestClock = {
  now: () => Date.now(),
  sleep: (ms, signal) => sleepTimer(ms, undefined, signal === undefined ? undefined : { signal }),
};

/** A token goes into a header: visible ASCII only, so it can neither break the header nor be mangled. */
const TOKEN_PATTERN = /^[\x21-\x7e]+$/;

/**
 * @internal Checks a bot or user token without ever showing it.
 * @throws TypeError when not a string; RangeError when empty, too long or not visible ASCII.
 */
export function checkToken(value: unknown, name: string): string {
  const token = checkText(value, name, 1, limits.accessTokenLength);
  if (!TOKEN_PATTERN.test(token)) throw new RangeError(`${name} must be printable ASCII without spaces`);
  return token;
}

function optionalFunction<F>(value: unknown, name: string): F | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'function') throw new TypeError(`${name} must be a function, got ${typeName(value)}`);
  return value as F;
}

function checkBaseUrl(value: unknown): string {
  const text = checkText(value, 'baseUrl', 1, limits.backendUrlLength);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new RangeError('baseUrl must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RangeError(`baseUrl must be an http or https URL, got ${url.protocol}`);
  if (url.username !== '' || url.password !== '') throw new RangeError('baseUrl must not hold credentials: pass the token as the token option');
  return text.replace(/\/+$/, '');
}

function checkDispatcher(value: unknown): Dispatcher | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null) throw new TypeError(`dispatcher must be an undici Dispatcher (e.g. an Agent), got ${typeName(value)}`);
  return value as Dispatcher;
}

function checkClock(value: unknown): RestClock {
  if (value === undefined) return realClock;
  if (typeof value !== 'object' || value === null) throw new TypeError(`clock must be an object with now() and sleep(), got ${typeName(value)}`);
  const clock = value as Partial<RestClock>;
  if (typeof clock.now !== 'function' || typeof clock.sleep !== 'function') throw new TypeError('clock must have now() and sleep(ms, signal) methods');
  return clock as RestClock;
}

function checkRateLimitStore(value: unknown): RateLimitStore {
  if (value === undefined) return new MemoryRateLimitStore();
  const store = value as Partial<RateLimitStore> | null;
  if (typeof store !== 'object' || store === null || typeof store.take !== 'function' || typeof store.learn !== 'function' || typeof store.block !== 'function' || typeof store.knownBucketId !== 'function') {
    throw new TypeError(`rateLimitStore must be a RateLimitStore (MemoryRateLimitStore or RedisRateLimitStore), got ${typeName(value)}`);
  }
  return store as RateLimitStore;
}

function checkRejectOnRateLimit(value: unknown): (info: RateLimitInfo) => boolean | Promise<boolean> {
  if (value === undefined || typeof value === 'boolean') {
    const always = value === true;
    return () => always;
  }
  if (typeof value === 'function') return value as (info: RateLimitInfo) => boolean | Promise<boolean>;
  throw new TypeError(`rejectOnRateLimit must be a boolean or a function, got ${typeName(value)}`);
}

/**
 * @internal Checks the options (all but the token) and fills in the defaults.
 * @throws TypeError or RangeError naming the option at fault.
 */
export function resolveOptions(options: RestClientOptions, packageVersion: string): ResolvedOptions {
  const given = checkOptions(options);
  const userAgent = given.userAgent === undefined ? '' : ` ${checkText(given.userAgent, 'userAgent', 1, 256)}`;
  if (/[\r\n]/.test(userAgent)) throw new RangeError('userAgent must be one line');
  return {
    baseUrl: given.baseUrl === undefined ? DEFAULT_BASE_URL : checkBaseUrl(given.baseUrl),
    timeoutMs: given.timeoutMs === undefined ? 15_000 : checkInteger(given.timeoutMs, 'timeoutMs', 1, 2 ** 31 - 1),
    retries: given.retries === undefined ? 3 : checkInteger(given.retries, 'retries', 0, 100),
    retryBackoffMs: given.retryBackoffMs === undefined ? 500 : checkMs(given.retryBackoffMs, 'retryBackoffMs'),
    makeRequest: optionalFunction<MakeRequest>(given.makeRequest, 'makeRequest'),
    dispatcher: checkDispatcher(given.dispatcher),
    rejectOnRateLimit: checkRejectOnRateLimit(given.rejectOnRateLimit),
    maxRateLimitWaitMs: given.maxRateLimitWaitMs === undefined ? Number.POSITIVE_INFINITY : checkMs(given.maxRateLimitWaitMs, 'maxRateLimitWaitMs'),
    clock: checkClock(given.clock),
    userAgent: `DiscordBot (https://www.npmjs.com/package/social-sdk-node, ${packageVersion}) social-sdk-node/rest${userAgent}`,
    invalidRequestWarningThreshold:
      given.invalidRequestWarningThreshold === undefined ? 5000 : checkInteger(given.invalidRequestWarningThreshold, 'invalidRequestWarningThreshold', 1, 1_000_000),
    onInvalidRequestWarning: optionalFunction<(count: number) => void>(given.onInvalidRequestWarning, 'onInvalidRequestWarning'),
    onRateLimited: optionalFunction<(info: RateLimitInfo) => void>(given.onRateLimited, 'onRateLimited'),
    rateLimitStore: checkRateLimitStore(given.rateLimitStore),
  };
}
