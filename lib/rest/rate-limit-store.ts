/**
 * Where a RestClient keeps what it knows of the service's rate limits: the state of each bucket,
 * the bucket ids the service named, and the global limit. {@link MemoryRateLimitStore} (the
 * default) keeps them in the process; `RedisRateLimitStore` keeps them in Redis for every process
 * of a fleet, so that N processes spend one budget. The queues that keep a process's requests in
 * order stay in the process either way.
 * @module
 */

/** A value now, or later. The memory store answers at once (so one process behaves exactly as without a store). */
export type MaybePromise<T> = T | Promise<T>;

/** Names one bucket for a store. */
export interface BucketRef {
  /** The route shape (and the user token's hash): where the service's bucket id for it is remembered. */
  routeKey: string;
  /** The route shape, major parameter (and user hash): the bucket's key until the service names it. */
  queueKey: string;
  /** The major parameter (and user hash): a named bucket's key is the id and this. */
  suffix: string;
}

/** What one response's `X-RateLimit-*` headers say. */
export interface BucketUpdate {
  /** `X-RateLimit-Bucket`. */
  bucketId?: string;
  /** `X-RateLimit-Limit`. */
  limit?: number;
  /** `X-RateLimit-Remaining`. */
  remaining?: number;
  /** `X-RateLimit-Reset-After`, in ms. */
  resetAfterMs?: number;
  /** `X-RateLimit-Reset` (epoch seconds): the same in every answer of one window. */
  window?: number;
}

/**
 * What {@link RateLimitStore.take} answers: counted (wait 0), or how long to wait first. `queued`:
 * the wait is for another request's answer (a shared store's first request of a bucket), not a
 * rate limit: it is not told to `onRateLimited` and never refused.
 */
export type TakeResult = { waitMs: 0; countedIn: string | undefined } | { waitMs: number; global: boolean; queued?: boolean };

/**
 * The shared state of a client's rate limits. Each method is one atomic step; a store shared by
 * processes must make it atomic across them (the Redis store runs each as a Lua script).
 */
export interface RateLimitStore {
  /** The bucket id the service named for the route, as far as this process knows (no I/O). */
  knownBucketId(routeKey: string): string | undefined;
  /**
   * Counts one request against the bucket if it and the global limit allow it now: answers the
   * key it was counted in (undefined: no state known, nothing counted), or the wait.
   */
  take(ref: BucketRef, now: number): MaybePromise<TakeResult>;
  /**
   * Learns from a response's headers; `countedIn` is what {@link take} answered for the request.
   * An empty `update` with a `countedIn` is also told for a request that was counted and never
   * sent (a take made ahead for a queued request that was aborted, or made stale by a 429): a
   * store that counts requests in flight takes it off them.
   */
  learn(ref: BucketRef, update: BucketUpdate, countedIn: string | undefined, now: number): MaybePromise<void>;
  /**
   * A 429: blocks the bucket (or, `global`, every bucket) for `retryAfterMs` from `now`, beside
   * what the bucket's window says: not until the end of a longer window the bucket had room in.
   */
  block(ref: BucketRef, retryAfterMs: number, global: boolean, now: number): MaybePromise<void>;
}

/** What the client knows of one bucket. */
interface BucketState {
  /** Requests the bucket allows per window (Infinity until the service says). */
  limit: number;
  /** Requests left before `resetAt`. */
  remaining: number;
  /** When the window resets (ms since the epoch, on the client's clock). */
  resetAt: number;
  /** The service's `X-RateLimit-Reset` of the window (epoch seconds, the same in each of its answers), when it sends one. */
  window: number | undefined;
  /**
   * Until when a 429 holds the bucket (ms since the epoch; 0: none): its Retry-After, kept apart
   * from the window so that the window's count and end stay what the answers said.
   */
  blockedUntil: number;
}

/**
 * Without `X-RateLimit-Reset`, answers whose resets (arrival + `Reset-After`) differ by no more
 * than this are taken for one window: the spread is the network's jitter, while the next window
 * ends a whole window later. Our choice.
 */
export const SAME_WINDOW_SLACK_MS = 50;

/** Bucket maps larger than this are swept of entries that no longer matter. */
const SWEEP_ABOVE = 1000;

/** @internal A bucket's key in a store: the service's id once named, else the route's queue. */
export function bucketKeyOf(ref: BucketRef, bucketId: string | undefined): string {
  return bucketId === undefined ? `route ${ref.queueKey}` : `bucket ${bucketId} ${ref.suffix}`;
}

/** The default store: the process's memory, on the client's clock. */
export class MemoryRateLimitStore implements RateLimitStore {
  /** The service's bucket id per route shape (and token), once it has said. */
  readonly #bucketIds = new Map<string, string>();
  readonly #buckets = new Map<string, BucketState>();
  /** Until when the global limit blocks every request (ms since the epoch). */
  #globalResetAt = 0;

  knownBucketId(routeKey: string): string | undefined {
    return this.#bucketIds.get(routeKey);
  }

  take(ref: BucketRef, now: number): TakeResult {
    const key = bucketKeyOf(ref, this.#bucketIds.get(ref.routeKey));
    const bucket = this.#buckets.get(key);
    if (bucket !== undefined && now >= bucket.resetAt) bucket.remaining = bucket.limit;
    const globalWait = Math.max(0, this.#globalResetAt - now);
    // A 429's block, or a spent window until it resets.
    const bucketWait = bucket === undefined ? 0 : Math.max(0, bucket.blockedUntil - now, bucket.remaining <= 0 ? bucket.resetAt - now : 0);
    const wait = Math.max(globalWait, bucketWait);
    if (wait > 0) return { waitMs: wait, global: globalWait >= bucketWait };
    if (bucket === undefined) return { waitMs: 0, countedIn: undefined };
    bucket.remaining--;
    return { waitMs: 0, countedIn: key };
  }

  /**
   * Within one window the lowest `Remaining` is the latest (answers of a bucket's routes can
   * arrive out of order), less this request when it was sent before its route's bucket was
   * known, so no count of the bucket had it.
   */
  learn(ref: BucketRef, update: BucketUpdate, countedIn: string | undefined, now: number): void {
    if (update.bucketId !== undefined) this.#bucketIds.set(ref.routeKey, update.bucketId);
    const { limit, remaining, resetAfterMs, window } = update;
    if (limit === undefined && remaining === undefined && resetAfterMs === undefined) return;
    const key = bucketKeyOf(ref, this.#bucketIds.get(ref.routeKey));
    const resetAt = resetAfterMs === undefined ? undefined : now + resetAfterMs;
    const state = this.#buckets.get(key) ?? { limit: Number.POSITIVE_INFINITY, remaining: 1, resetAt: 0, window: undefined, blockedUntil: 0 };
    const sameWindow =
      now < state.resetAt &&
      (window !== undefined && state.window !== undefined ? window === state.window : resetAt === undefined || resetAt <= state.resetAt + SAME_WINDOW_SLACK_MS);
    if (limit !== undefined) state.limit = limit;
    // As @discordjs/rest: a bucket header without Remaining leaves one request.
    const reported = remaining ?? 1;
    if (sameWindow) {
      state.remaining = Math.min(state.remaining - (countedIn === key ? 0 : 1), reported);
    } else {
      state.remaining = reported;
      if (resetAt !== undefined) state.resetAt = resetAt;
      state.window = window;
    }
    this.#buckets.set(key, state);
    this.#sweep(now);
  }

  /**
   * "Your application should rely on the `Retry-After` header or `retry_after` field to determine
   * when to retry the request" (discord-api-docs, topics/rate-limits): the bucket is held until
   * then, and no longer. Its window is left as the answers said it (the 429's own headers were
   * learned before this), so that a 429 inside a longer window with room (scope `shared`, or a
   * limit the headers do not show) does not hold the bucket to that window's end; a spent window
   * still holds it to its end through `remaining`. Two blocks keep the later end (a fleet's 429s
   * may be told out of order).
   */
  block(ref: BucketRef, retryAfterMs: number, global: boolean, now: number): void {
    const until = now + retryAfterMs;
    if (global) {
      this.#globalResetAt = Math.max(this.#globalResetAt, until);
      return;
    }
    const key = bucketKeyOf(ref, this.#bucketIds.get(ref.routeKey));
    const state = this.#buckets.get(key);
    if (state === undefined) {
      // Nothing known of the bucket (a 429 without bucket headers): the block is all there is.
      this.#buckets.set(key, { limit: Number.POSITIVE_INFINITY, remaining: 0, resetAt: until, window: undefined, blockedUntil: until });
      return;
    }
    state.blockedUntil = Math.max(state.blockedUntil, until);
  }

  /**
   * Forgets what no longer matters once the maps grow (a server acting for many users makes a
   * bucket per user token): bucket states whose window has reset and whose 429's block has ended
   * are the same as none, and a user route's bucket id is learned again from its next response.
   */
  #sweep(now: number): void {
    if (this.#buckets.size > SWEEP_ABOVE) {
      for (const [key, state] of this.#buckets) if (Math.max(state.resetAt, state.blockedUntil) <= now) this.#buckets.delete(key);
    }
    if (this.#bucketIds.size > SWEEP_ABOVE) {
      for (const key of this.#bucketIds.keys()) if (key.includes(' user:')) this.#bucketIds.delete(key);
    }
  }
}
