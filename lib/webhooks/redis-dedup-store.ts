/**
 * {@link RedisWebhookDedupStore}: the receiver's de-duplication across a fleet's receivers, one
 * `SET NX PX` per event in Redis. While Redis does not answer, each receiver remembers in its own
 * memory (an event retried to another receiver may then be handled twice: the service's retries
 * must not be lost), with one warning per outage.
 * @module
 */
import { checkKeyPrefix, checkRedisClient, RedisScript, type RedisClientLike } from '../common/redis-script.js';
import { MemoryWebhookDedupStore, type WebhookDedupStore } from './dedup-store.js';

/** Options of {@link RedisWebhookDedupStore}. */
export interface RedisWebhookDedupStoreOptions {
  /**
   * A node-redis client the application created and connected (`createClient()` from `redis`; AUTH
   * and TLS are its options). Give it an `'error'` listener. This package never imports `redis`.
   */
  client: RedisClientLike;
  /** Prepended to every key (default `'{social-sdk}:webhook-events:'`): the same for every receiver of one application. */
  keyPrefix?: string;
  /** Called once when Redis stops answering. Default: `process.emitWarning` (code `SOCIAL_SDK_REDIS_UNAVAILABLE`). */
  onUnavailable?: (error: Error) => void;
}

/** ARGV: key, ttl ms. 1: claimed now; 0: claimed before. */
const CLAIM = new RedisScript(`
if redis.call('SET', ARGV[1], '1', 'NX', 'PX', ARGV[2]) then return 1 end
return 0
`);

/** A {@link WebhookDedupStore} in Redis, shared by a fleet's receivers. */
export class RedisWebhookDedupStore implements WebhookDedupStore {
  readonly #client: RedisClientLike;
  readonly #prefix: string;
  readonly #onUnavailable: (error: Error) => void;
  readonly #local = new MemoryWebhookDedupStore();
  #degraded = false;

  /** @throws TypeError when the client is not a node-redis client; RangeError for a bad prefix. */
  constructor(options: RedisWebhookDedupStoreOptions) {
    if (typeof options !== 'object' || options === null) throw new TypeError('options must be an object with a connected node-redis client');
    this.#client = checkRedisClient(options.client, 'options.client');
    this.#prefix = checkKeyPrefix(options.keyPrefix, '{social-sdk}:webhook-events:');
    if (options.onUnavailable !== undefined && typeof options.onUnavailable !== 'function') throw new TypeError('options.onUnavailable must be a function');
    this.#onUnavailable =
      options.onUnavailable ??
      ((error) => process.emitWarning(`Redis does not answer (${error.message}): webhook events are de-duplicated per receiver until it does`, { code: 'SOCIAL_SDK_REDIS_UNAVAILABLE' }));
  }

  async claim(key: string, ttlMs: number): Promise<boolean> {
    // The local memory claims too, so that an outage still stops a repeat to this receiver.
    const locally = this.#local.claim(key, ttlMs);
    try {
      const claimed = (await CLAIM.run(this.#client, [], [`${this.#prefix}${key}`, Math.ceil(ttlMs)])) === 1;
      this.#degraded = false;
      return claimed;
    } catch (error) {
      if (!this.#degraded) {
        this.#degraded = true;
        this.#onUnavailable(error instanceof Error ? error : new Error(String(error)));
      }
      return locally;
    }
  }
}
