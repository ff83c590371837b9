/**
 * The webhook receiver's de-duplication: the service retries a delivery it thinks failed (no 204
 * within 3 seconds), "several times using exponential backoff for up to 10 minutes"
 * (discord-api-docs, developers/events/webhook-events.mdx, "Responding to webhook events"). A
 * retry is signed anew with a fresh timestamp, and events carry no id, so the receiver keys each
 * event on a hash of its raw body and remembers it for the whole retry window: the same event
 * delivered again is acknowledged (204) and not handled twice. {@link MemoryWebhookDedupStore}
 * (the default) remembers within one process; `RedisWebhookDedupStore` across a fleet's receivers.
 * @module
 */
import { createHash } from 'node:crypto';

/** A value now, or later. */
export type MaybePromise<T> = T | Promise<T>;

/**
 * How long an event's key is kept: the service's 10-minute retry window, plus 5 minutes for a
 * first attempt that itself came late (the receiver accepts timestamps up to 5 minutes off). Our
 * choice beyond the documented 10 minutes.
 */
export const DEDUP_TTL_MS = 15 * 60 * 1000;

/** Where a receiver remembers the events it has handled. */
export interface WebhookDedupStore {
  /**
   * Claims `key` for `ttlMs`: true the first time (handle the event), false while it is claimed
   * (by this receiver or, for a shared store, any other). Atomic across the receivers sharing it.
   */
  claim(key: string, ttlMs: number): MaybePromise<boolean>;
}

/** @internal The key of a delivery: a SHA-256 of its raw body (never the body itself). */
export function dedupKey(raw: Uint8Array): string {
  return createHash('sha256').update(raw).digest('hex');
}

/** Entries kept before expired ones are swept. */
const SWEEP_ABOVE = 1000;

/** The default store: one process's memory (a receiver behind one process, or a test). */
export class MemoryWebhookDedupStore implements WebhookDedupStore {
  readonly #expiries = new Map<string, number>();
  readonly #now: () => number;

  /** @param now The clock, ms since the Unix epoch (default `Date.now`). */
  constructor(now: () => number = Date.now) {
    if (typeof now !== 'function') throw new TypeError('now must be a function');
    this.#now = now;
  }

  claim(key: string, ttlMs: number): boolean {
    const now = this.#now();
    const expiry = this.#expiries.get(key);
    if (expiry !== undefined && expiry > now) return false;
    this.#expiries.set(key, now + ttlMs);
    if (this.#expiries.size > SWEEP_ABOVE) {
      for (const [entry, until] of this.#expiries) if (until <= now) this.#expiries.delete(entry);
    }
    return true;
  }
}
