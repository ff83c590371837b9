/**
 * Rate limits as the service applies them (server-api.md §6): per-route buckets learned from the
 * `X-RateLimit-*` headers, one serial queue per bucket key so requests keep their order, the
 * global limit that blocks every queue, and the count of invalid requests.
 *
 * A bucket key is the method, the route shape and the major parameter, plus a hash of the user
 * token for requests made for a user (their limits are the user's): the token itself is never
 * part of a key. Until the service names a route's bucket (`X-RateLimit-Bucket`), the route's
 * queue key stands for it. Routes the service puts in one bucket then share its counts and take
 * turns: one request of the bucket in flight at a time, as @discordjs/rest moves them into one
 * queue, while each route's own queue keeps its order ("use this header as a unique identifier
 * for a rate limit, which will allow you to group shared limits as you encounter them":
 * discord-api-docs, topics/rate-limits).
 *
 * The queues and turns are the process's own; the bucket states, learned bucket ids and the
 * global limit are the client's {@link RateLimitStore} (rate-limit-store.ts: in memory, or shared
 * by a fleet in Redis).
 * @internal
 * @module
 */
import { createHash } from 'node:crypto';

import { abortable, rateLimitedError } from './failures.js';
import type { RateLimitInfo, ResolvedOptions } from './options.js';
import { bucketKeyOf, type BucketRef, type BucketUpdate, type MaybePromise, type RateLimitStore, type TakeResult } from './rate-limit-store.js';
import type { Route } from './routes.js';

/** The requests of one queue: one route (shape and major parameter) for one token. */
export interface BucketContext {
  route: Route;
  /** '' for the bot token; a hash of the user token otherwise. */
  tokenHash: string;
  /** Its keys, once built (RateLimiter's #ref). */
  ref?: BucketRef;
}

/** The window the service counts invalid requests in (10 minutes). */
export const INVALID_REQUEST_WINDOW_MS = 10 * 60 * 1000;

/** @internal A short, one-way name of a user token for bucket keys (never the token). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 16);
}

function headerNumber(headers: { get(name: string): string | null }, name: string): number | undefined {
  const text = headers.get(name);
  if (text === null || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** @internal Counts 401, 403 and 429 responses in the last 10 minutes and warns at a threshold. */
export class InvalidRequestCounter {
  readonly #times: number[] = [];
  #warned = false;

  constructor(private readonly options: Pick<ResolvedOptions, 'clock' | 'invalidRequestWarningThreshold' | 'onInvalidRequestWarning'>) {}

  /** Invalid requests in the last 10 minutes. */
  get count(): number {
    const since = this.options.clock.now() - INVALID_REQUEST_WINDOW_MS;
    while (this.#times.length > 0 && this.#times[0]! <= since) this.#times.shift();
    if (this.#times.length < this.options.invalidRequestWarningThreshold) this.#warned = false;
    return this.#times.length;
  }

  /** Records one; calls the warning callback when the count reaches the threshold. */
  record(): void {
    this.#times.push(this.options.clock.now());
    const count = this.count;
    if (count >= this.options.invalidRequestWarningThreshold && !this.#warned) {
      this.#warned = true;
      this.options.onInvalidRequestWarning?.(count);
    }
  }
}

/**
 * How long a take made ahead for a queue's next request (see {@link RateLimiter.takeAhead}) is
 * good for: an older one is given back and taken again, so a request counted in flight is never
 * held unsent for long (a shared store forgets requests in flight after 20 s). Our choice.
 */
export const TAKE_AHEAD_FRESH_MS = 1000;

/** A take made for a queue's next request while the one before it is on the wire. */
interface TakenAhead {
  readonly ref: BucketRef;
  readonly taken: Promise<TakeResult>;
  readonly at: number;
}

/** @internal The queues of one client, and its buckets and global limit through its store. */
export class RateLimiter {
  /** The last request queued per queue key: the next one starts after it settles. */
  readonly #tails = new Map<string, Promise<void>>();
  /** Requests queued behind the one running, per queue key (each counted until it starts or is aborted). */
  readonly #waiting = new Map<string, number>();
  /** Per queue key, a take made ahead for the next request (takeAhead), not yet used. */
  readonly #takenAhead = new Map<string, TakenAhead>();
  /** The store answered its last take through a promise (a shared store): only then is a take made ahead. */
  #storeAnswersLater = false;
  /** The last attempt waiting per named bucket: the bucket's requests take turns, whatever their route. */
  readonly #turns = new Map<string, Promise<void>>();

  private readonly store: RateLimitStore;

  constructor(private readonly options: ResolvedOptions) {
    this.store = options.rateLimitStore;
  }

  /** Queues in use (for inspection and tests). */
  get queueCount(): number {
    return this.#tails.size;
  }

  #queueKey(context: BucketContext): string {
    return this.#ref(context).queueKey;
  }

  #routeKey(context: BucketContext): string {
    return this.#ref(context).routeKey;
  }

  /** The request's keys, built once per request (every step of it asks for them). */
  #ref(context: BucketContext): BucketRef {
    if (context.ref !== undefined) return context.ref;
    const user = context.tokenHash === '' ? '' : ` user:${context.tokenHash}`;
    const suffix = `${context.route.majorParameter}${user}`;
    context.ref = { routeKey: `${context.route.shape}${user}`, queueKey: `${context.route.shape} ${suffix}`, suffix };
    return context.ref;
  }

  /**
   * Runs `task` after every request queued before it on the same queue has settled. Aborting
   * while queued rejects at once; the queue goes on with the next request.
   */
  enqueue<T>(context: BucketContext, signal: AbortSignal | undefined, task: () => Promise<T>): Promise<T> {
    const key = this.#queueKey(context);
    // The queue going idle gives back a take made ahead for a request that did not come (aborted while queued).
    const idle = (): void => this.#giveBack(key);
    if (!this.#tails.has(key)) return RateLimiter.#serially(this.#tails, key, signal, context.route.shape, task, idle);
    this.#waiting.set(key, (this.#waiting.get(key) ?? 0) + 1);
    let counted = true;
    const leave = (): void => {
      if (!counted) return;
      counted = false;
      const left = this.#waiting.get(key)! - 1;
      if (left > 0) this.#waiting.set(key, left);
      else this.#waiting.delete(key);
    };
    const run = RateLimiter.#serially(this.#tails, key, signal, context.route.shape, () => {
      leave();
      return task();
    }, idle);
    // Aborted while queued: it never starts.
    run.catch(leave);
    return run;
  }

  /**
   * Called as a request is sent: when another request waits behind it in its queue and the store
   * answers takes through a promise (a shared store: a round trip to Redis), that request's take
   * is made now, while this one is on the wire, rather than after its answer, for a bucket the
   * service has named. The next request of the queue uses it when it let the request go (a wait it
   * answered is not kept: the take is made again when that request's turn comes). The
   * requests still go one at a time and in order: what moves is the store's round trip.
   */
  takeAhead(context: BucketContext): void {
    const ref = this.#ref(context);
    const key = ref.queueKey;
    if (!this.#storeAnswersLater || !this.#waiting.has(key) || this.#takenAhead.has(key)) return;
    // A bucket the service has not named yet may learn its id from this answer; its takes wait for it.
    if (this.store.knownBucketId(ref.routeKey) === undefined) return;
    const answer = this.store.take(ref, this.options.clock.now());
    // A store may answer some takes at once (RateLimitStore.take): made a promise alike.
    const taken = answer instanceof Promise ? answer : Promise.resolve(answer);
    // Never rejected: a failed take is only a take not made ahead.
    const kept = taken.catch((): TakeResult => ({ waitMs: 1, global: false }));
    this.#takenAhead.set(key, { ref, taken: kept, at: this.options.clock.now() });
  }

  /**
   * The take made ahead for the queue, when it let the request go and is fresh: what it counted
   * the request in (undefined: nothing). null when there is none to use: none was made, it
   * answered a wait, or it is stale (then given back).
   */
  async #useTakenAhead(key: string): Promise<string | undefined | null> {
    const ahead = this.#takenAhead.get(key);
    if (ahead === undefined) return null;
    this.#takenAhead.delete(key);
    const result = await ahead.taken;
    if (result.waitMs > 0 || !('countedIn' in result)) return null;
    if (this.options.clock.now() - ahead.at > TAKE_AHEAD_FRESH_MS) {
      if (result.countedIn !== undefined) this.#release(ahead.ref, result.countedIn);
      return null;
    }
    return result.countedIn;
  }

  /** Gives back the take made ahead for the queue, if any (the request it was for will not use it). */
  #giveBack(key: string): void {
    const ahead = this.#takenAhead.get(key);
    if (ahead === undefined) return;
    this.#takenAhead.delete(key);
    void ahead.taken.then((result) => {
      if (result.waitMs <= 0 && 'countedIn' in result && result.countedIn !== undefined) this.#release(ahead.ref, result.countedIn);
    });
  }

  /**
   * Uncounts a request that was counted but never sent: told to the store as an answer that said
   * nothing of the bucket (which takes it off the requests in flight of a shared store).
   */
  #release(ref: BucketRef, countedIn: string): void {
    const released = this.store.learn(ref, {}, countedIn, this.options.clock.now());
    if (released instanceof Promise) released.catch(() => undefined);
  }

  /**
   * Runs one attempt of a request (the wait for its turn, the sending, the learning) after the
   * attempts of its bucket's other routes before it, once the service has named the bucket; at
   * once before (the route's own queue still keeps its requests one at a time).
   */
  exclusive<T>(context: BucketContext, signal: AbortSignal | undefined, task: () => Promise<T>): Promise<T> {
    const bucketId = this.store.knownBucketId(this.#routeKey(context));
    if (bucketId === undefined) return task();
    return RateLimiter.#serially(this.#turns, bucketKeyOf(this.#ref(context), bucketId), signal, context.route.shape, task);
  }

  /** Runs `task` after the one last chained on `key` has settled, and chains itself there. */
  static #serially<T>(tails: Map<string, Promise<void>>, key: string, signal: AbortSignal | undefined, shape: string, task: () => Promise<T>, onIdle?: () => void): Promise<T> {
    const stored = tails.get(key);
    if (stored === undefined) {
      // An idle queue: the task starts now, without the turns of the event loop a chain costs.
      const run = task();
      const settle = (): void => {
        if (tails.get(key) !== idleTail) return;
        tails.delete(key);
        onIdle?.();
      };
      const idleTail = run.then(settle, settle);
      tails.set(key, idleTail);
      return run;
    }
    const previous = stored;
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    // The next one waits for this one and for every one before it (even if this one is aborted
    // while waiting, its predecessors still run first).
    const tail = previous.then(() => done);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) !== tail) return;
      tails.delete(key);
      onIdle?.();
    });
    return (async () => {
      try {
        await abortable(previous, signal, shape);
        return await task();
      } finally {
        release();
      }
    })();
  }

  /**
   * Waits until the global limit and the route's bucket allow one more request, then counts it
   * against the bucket. Rejects with `RateLimited` instead of waiting when the options say so.
   * Answers the key of the bucket state it was counted in (undefined: none known yet): at once
   * when the store answers at once and nothing needs waiting, else through a promise.
   */
  waitForTurn(context: BucketContext, signal: AbortSignal | undefined): MaybePromise<string | undefined> {
    if (this.#takenAhead.has(this.#queueKey(context))) return this.#waitForTurnAhead(context, signal);
    const taken = this.store.take(this.#ref(context), this.options.clock.now());
    this.#storeAnswersLater = taken instanceof Promise;
    // The memory store answers at once, and a bucket with room needs no wait: answered without a
    // promise, so a lone process spends no turn of the event loop on its rate limits.
    if (!(taken instanceof Promise) && taken.waitMs <= 0) return 'countedIn' in taken ? taken.countedIn : undefined;
    return this.#waitForTurn(context, signal, taken);
  }

  /** waitForTurn with the take made ahead for the queue: used when it counted the request, else a take now. */
  async #waitForTurnAhead(context: BucketContext, signal: AbortSignal | undefined): Promise<string | undefined> {
    const countedIn = await this.#useTakenAhead(this.#queueKey(context));
    if (countedIn !== null) return countedIn;
    return this.#waitForTurn(context, signal, this.store.take(this.#ref(context), this.options.clock.now()));
  }

  async #waitForTurn(context: BucketContext, signal: AbortSignal | undefined, first: MaybePromise<TakeResult>): Promise<string | undefined> {
    const { clock } = this.options;
    let taken = first;
    for (;;) {
      const result = taken instanceof Promise ? await taken : taken;
      if (result.waitMs <= 0) return 'countedIn' in result ? result.countedIn : undefined;
      const wait = result.waitMs;
      if (!('queued' in result && result.queued)) await this.permitWait(this.#info(context, wait, 'global' in result && result.global, false, undefined), wait);
      await abortable(clock.sleep(wait, signal), signal, context.route.shape);
      taken = this.store.take(this.#ref(context), clock.now());
    }
  }

  /**
   * Learns the bucket's state from a response's `X-RateLimit-*` headers. `countedIn` is where
   * {@link waitForTurn} counted the request. Within one window the lowest `Remaining` is the
   * latest (answers of a bucket's routes can arrive out of order), less this request when it was
   * sent before its route's bucket was known, so no count of the bucket had it.
   */
  learn(context: BucketContext, headers: { get(name: string): string | null }, countedIn: string | undefined): void {
    const update: BucketUpdate = {};
    const bucketId = headers.get('x-ratelimit-bucket');
    if (bucketId !== null && bucketId !== '') update.bucketId = bucketId;
    const limit = headerNumber(headers, 'x-ratelimit-limit');
    if (limit !== undefined) update.limit = limit;
    const remaining = headerNumber(headers, 'x-ratelimit-remaining');
    if (remaining !== undefined) update.remaining = remaining;
    const resetAfter = headerNumber(headers, 'x-ratelimit-reset-after');
    if (resetAfter !== undefined) update.resetAfterMs = resetAfter * 1000;
    const window = headerNumber(headers, 'x-ratelimit-reset');
    if (window !== undefined) update.window = window;
    // A shared store's answer is not awaited: its commands go out on one connection in order, so
    // this request's next take() is run after this learning (see RedisRateLimitStore).
    const learned = this.store.learn(this.#ref(context), update, countedIn, this.options.clock.now());
    if (learned instanceof Promise) learned.catch(() => undefined);
  }

  /**
   * A 429: blocks the route's bucket, or every route for a global limit, for `retryAfterMs`,
   * then waits it out (resolves when the request may be resent) or rejects with `RateLimited`
   * when the options say not to wait.
   */
  async tooManyRequests(context: BucketContext, retryAfterMs: number, global: boolean, scope: string | undefined, signal: AbortSignal | undefined): Promise<void> {
    // A take made ahead before the 429 is not used after it: the next request takes anew.
    this.#giveBack(this.#queueKey(context));
    const blocked = this.store.block(this.#ref(context), retryAfterMs, global, this.options.clock.now());
    if (blocked instanceof Promise) await blocked;
    await this.permitWait(this.#info(context, retryAfterMs, global, true, scope), retryAfterMs);
    // Waited here rather than in waitForTurn, so that one 429 is told (and decided) once.
    await abortable(this.options.clock.sleep(retryAfterMs, signal), signal, context.route.shape);
  }

  /** Tells `onRateLimited`, then refuses the wait if `rejectOnRateLimit` says so or it is beyond the cap. */
  async permitWait(info: RateLimitInfo, waitMs: number): Promise<void> {
    this.options.onRateLimited?.(info);
    if (await this.options.rejectOnRateLimit(info)) throw rateLimitedError(info, 'rejectOnRateLimit');
    if (waitMs > this.options.maxRateLimitWaitMs) throw rateLimitedError(info, `longer than maxRateLimitWaitMs (${this.options.maxRateLimitWaitMs} ms)`);
  }

  #info(context: BucketContext, waitMs: number, global: boolean, fromResponse: boolean, scope: string | undefined): RateLimitInfo {
    const info: RateLimitInfo = {
      route: context.route.shape,
      majorParameter: context.route.majorParameter,
      retryAfter: waitMs / 1000,
      global,
      fromResponse,
    };
    const bucket = this.store.knownBucketId(this.#routeKey(context));
    if (bucket !== undefined) info.bucket = bucket;
    if (scope !== undefined) info.scope = scope;
    return info;
  }
}
