/**
 * {@link RedisRateLimitStore}: the rate-limit state of every process of a fleet in one Redis, so
 * N processes with the same application spend one budget. Each step (take, learn, block) is one
 * Lua script on the server, atomic across processes, on the Redis server's clock (the fleet's
 * machines need not agree on the time). See TAKE for how requests in flight are counted. A lost connection degrades to the process's own limits
 * with one warning per outage; the next answer from Redis resumes the shared budget.
 * @module
 */
import { checkKeyPrefix, checkRedisClient, RedisScript, type RedisClientLike } from '../common/redis-script.js';
import { typeName } from '../common/validate.js';
import { MemoryRateLimitStore, SAME_WINDOW_SLACK_MS, type BucketRef, type BucketUpdate, type RateLimitStore, type TakeResult } from './rate-limit-store.js';

/** Options of {@link RedisRateLimitStore}. */
export interface RedisRateLimitStoreOptions {
  /**
   * A node-redis client the application created and connected (`createClient()` from `redis`, the
   * official client; AUTH and TLS are its options: `rediss://user:password@host:6380`). Give it an
   * `'error'` listener: node-redis emits one per failed reconnection. This package never imports
   * `redis` itself.
   */
  client: RedisClientLike;
  /**
   * Prepended to every key (default `'{social-sdk}:rate-limits:'`). Every process of one
   * application must use the same prefix; another application sharing the Redis, another one.
   */
  keyPrefix?: string;
  /**
   * Called once when Redis stops answering (the store then uses the process's own limits until
   * it answers again), with the error. Default: `process.emitWarning` with code
   * `SOCIAL_SDK_REDIS_UNAVAILABLE`.
   */
  onUnavailable?: (error: Error) => void;
  /** Called once when Redis answers again after {@link onUnavailable}. */
  onRecovered?: () => void;
}

/** Bucket ids are kept this long after last said (a day): routes keep their buckets. */
const BUCKET_ID_TTL_MS = 24 * 60 * 60 * 1000;

/** Lua's side of "Infinity": a limit not yet said. */
const UNKNOWN_LIMIT = 1e15;

/** The server's clock in ms, the key prefix and the bucket's key: shared by the three scripts. */
const PRELUDE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local prefix = ARGV[1]
local idKey = prefix .. 'id:' .. ARGV[2]
local function bucketKey()
  local id = redis.call('GET', idKey)
  if id then return 'bucket ' .. id .. ' ' .. ARGV[4], id end
  return 'route ' .. ARGV[3], ''
end
`;

/**
 * A fleet has many requests of a bucket in flight at once (one per process and queue), so a
 * response's `Remaining` is not the whole truth: requests counted here but not yet answered may
 * come after it at the service. The store keeps, per bucket, the lowest `Remaining` said in the
 * window (the latest the service counted) and the requests in flight (a sorted set of take times,
 * one removed per answer); a request may go while the first exceeds the second. Requests in
 * flight longer than this are forgotten (a request that never got an answer must not hold the
 * budget). Our choice: beyond the client's default timeout of 15 s.
 */
const IN_FLIGHT_TTL_MS = 20_000;

/** How long a take waits when only requests in flight hold the bucket: about one answer's time. Our choice. */
const IN_FLIGHT_WAIT_MS = 10;

/**
 * A bucket nobody has an answer for yet has no `Remaining` to count against: every process's first
 * request would go uncounted, and a fleet of N could spend N requests more than the window holds.
 * So one request of the fleet goes first (the probe) and the others wait for its answer, as one
 * process's queue waits for its first answer. A probe whose answer never comes (the request failed
 * without one) lets another go after this long. Our choice: a first answer takes milliseconds.
 */
const PROBE_TTL_MS = 1000;

/** How long a route whose answer said no limit goes without a probe. Our choice: a minute, as an idle bucket's state is kept. */
const UNLIMITED_TTL_MS = 60_000;

/** ARGV: prefix, routeKey, queueKey, suffix. Answers {wait ms, global or counted (0/1; 2: waiting for the probe), countedIn, bucket id}. */
const TAKE = new RedisScript(`${PRELUDE}
local key, id = bucketKey()
local hkey = prefix .. 'b:' .. key
local fkey = hkey .. ':in-flight'
local globalWait = math.max(0, (tonumber(redis.call('GET', prefix .. 'global')) or 0) - now)
local s = redis.call('HMGET', hkey, 'limit', 'remaining', 'resetAt', 'blockedUntil')
local exists = s[2] ~= false
local limit, remaining, resetAt = tonumber(s[1]), tonumber(s[2]), tonumber(s[3])
if exists and now >= resetAt then remaining = limit end
local bucketWait = 0
if exists then
  redis.call('ZREMRANGEBYSCORE', fkey, '-inf', now - ${IN_FLIGHT_TTL_MS})
  if remaining <= 0 then bucketWait = resetAt - now
  elseif remaining - redis.call('ZCARD', fkey) <= 0 then bucketWait = ${IN_FLIGHT_WAIT_MS} end
end
-- A 429's block (BLOCK) holds the bucket until its Retry-After has passed, whatever its window says.
bucketWait = math.max(bucketWait, (tonumber(s[4]) or 0) - now)
local wait = math.max(globalWait, bucketWait)
if wait > 0 then
  local global = 0
  if globalWait >= bucketWait then global = 1 end
  return {tostring(wait), global, '', id}
end
if not exists then
  if redis.call('EXISTS', prefix .. 'unlimited:' .. ARGV[3]) == 1 then return {'0', 0, '', id} end
  if redis.call('SET', prefix .. 'probe:' .. ARGV[3], '1', 'NX', 'PX', ${PROBE_TTL_MS}) then return {'0', 0, '', id} end
  return {'${IN_FLIGHT_WAIT_MS}', 2, '', id}
end
redis.call('ZADD', fkey, now, tostring(now) .. ':' .. tostring(redis.call('INCR', prefix .. 'seq')))
redis.call('PEXPIRE', fkey, ${IN_FLIGHT_TTL_MS})
return {'0', 1, key, id}
`);

/** ARGV: prefix, routeKey, queueKey, suffix, bucketId, limit, remaining, resetAfterMs, window, countedIn ('' for none). */
const LEARN = new RedisScript(`${PRELUDE}
if ARGV[5] ~= '' then redis.call('SET', idKey, ARGV[5], 'PX', ${BUCKET_ID_TTL_MS}) end
if ARGV[10] ~= '' then redis.call('ZPOPMIN', prefix .. 'b:' .. ARGV[10] .. ':in-flight')
else redis.call('DEL', prefix .. 'probe:' .. ARGV[3]) end
if ARGV[6] == '' and ARGV[7] == '' and ARGV[8] == '' then
  -- A route whose answers say no limit: its requests need no probe (they would go one at a time).
  if ARGV[10] == '' then redis.call('SET', prefix .. 'unlimited:' .. ARGV[3], '1', 'PX', ${UNLIMITED_TTL_MS}) end
  return 0
end
local key = bucketKey()
local hkey = prefix .. 'b:' .. key
local s = redis.call('HMGET', hkey, 'limit', 'remaining', 'resetAt', 'window', 'blockedUntil')
local limit = tonumber(s[1]) or ${UNKNOWN_LIMIT}
local remaining = tonumber(s[2]) or ${UNKNOWN_LIMIT}
local resetAt = tonumber(s[3]) or 0
local window = s[4] or ''
local blockedUntil = tonumber(s[5]) or 0
local newResetAt = nil
if ARGV[8] ~= '' then newResetAt = now + tonumber(ARGV[8]) end
-- An answer of an earlier window than the one known (another process's answers came first): in
-- one process a bucket's answers come in order, in a fleet they need not.
if ARGV[9] ~= '' and window ~= '' and tonumber(ARGV[9]) < tonumber(window) then return 0 end
if ARGV[9] == '' and newResetAt and newResetAt + ${SAME_WINDOW_SLACK_MS} < resetAt then return 0 end
local same = false
if now < resetAt then
  if ARGV[9] ~= '' and window ~= '' then same = ARGV[9] == window
  else same = newResetAt == nil or newResetAt <= resetAt + ${SAME_WINDOW_SLACK_MS} end
end
if ARGV[6] ~= '' then limit = tonumber(ARGV[6]) end
-- As @discordjs/rest: a bucket header without Remaining leaves one request.
local reported = tonumber(ARGV[7]) or 1
if same then
  remaining = math.min(remaining, reported)
else
  remaining = reported
  if newResetAt then resetAt = newResetAt end
  window = ARGV[9]
end
redis.call('HSET', hkey, 'limit', tostring(limit), 'remaining', tostring(remaining), 'resetAt', tostring(resetAt), 'window', window)
-- Kept while its window or a 429's block (which may outlast the window) still matters.
redis.call('PEXPIRE', hkey, math.floor(math.max(0, resetAt - now, blockedUntil - now)) + 60000)
return 1
`);

/**
 * ARGV: prefix, routeKey, queueKey, suffix, retryAfterMs, global (1/0). A bucket's block is its
 * own field (`blockedUntil`), as in MemoryRateLimitStore.block: the 429's Retry-After from now.
 */
const BLOCK = new RedisScript(`${PRELUDE}
local untilMs = now + tonumber(ARGV[5])
if ARGV[6] == '1' then
  local current = tonumber(redis.call('GET', prefix .. 'global')) or 0
  if untilMs > current then redis.call('SET', prefix .. 'global', tostring(untilMs), 'PX', math.ceil(tonumber(ARGV[5])) + 1000) end
  return 1
end
local key = bucketKey()
local hkey = prefix .. 'b:' .. key
local s = redis.call('HMGET', hkey, 'remaining', 'resetAt', 'blockedUntil')
if not s[1] then
  -- Nothing known of the bucket (a 429 without bucket headers): the block is all there is.
  redis.call('HSET', hkey, 'limit', '${UNKNOWN_LIMIT}', 'remaining', '0', 'resetAt', tostring(untilMs), 'window', '', 'blockedUntil', tostring(untilMs))
  redis.call('PEXPIRE', hkey, math.ceil(tonumber(ARGV[5])) + 60000)
  return 1
end
-- The window is left as the answers said it: the block ends at Retry-After, not at a longer
-- window's end; the later of two blocks is kept (a fleet's 429s may be told out of order).
local blockedUntil = math.max(tonumber(s[3]) or 0, untilMs)
redis.call('HSET', hkey, 'blockedUntil', tostring(blockedUntil))
redis.call('PEXPIRE', hkey, math.floor(math.max(0, tonumber(s[2]) - now, blockedUntil - now)) + 60000)
return 1
`);

function optionalCallback<F>(value: unknown, name: string): F | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'function') throw new TypeError(`${name} must be a function, got ${typeName(value)}`);
  return value as F;
}

/**
 * A {@link RateLimitStore} in Redis, for a fleet of processes acting for one application: give
 * each process's RestClient one (`rateLimitStore`) on the same Redis and key prefix. Each process
 * still keeps its own requests in order per bucket; the budget, the learned bucket ids and the
 * global limit are shared.
 *
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * import { RestClient, RedisRateLimitStore } from 'social-sdk-node/rest';
 * const redis = await createClient({ url: process.env.REDIS_URL }).on('error', () => {}).connect();
 * const rest = new RestClient({ token, rateLimitStore: new RedisRateLimitStore({ client: redis }) });
 * ```
 */
export class RedisRateLimitStore implements RateLimitStore {
  readonly #client: RedisClientLike;
  readonly #prefix: string;
  readonly #onUnavailable: (error: Error) => void;
  readonly #onRecovered: (() => void) | undefined;
  /** The process's own limits, used while Redis does not answer; kept learning meanwhile. */
  readonly #local = new MemoryRateLimitStore();
  #degraded = false;

  /** @throws TypeError when the client is not a node-redis client; RangeError for a bad prefix. */
  constructor(options: RedisRateLimitStoreOptions) {
    if (typeof options !== 'object' || options === null) throw new TypeError('options must be an object with a connected node-redis client');
    this.#client = checkRedisClient(options.client, 'options.client');
    this.#prefix = checkKeyPrefix(options.keyPrefix, '{social-sdk}:rate-limits:');
    this.#onUnavailable =
      optionalCallback<(error: Error) => void>(options.onUnavailable, 'options.onUnavailable') ??
      ((error) => process.emitWarning(`Redis does not answer (${error.message}): rate limits are this process's own until it does`, { code: 'SOCIAL_SDK_REDIS_UNAVAILABLE' }));
    this.#onRecovered = optionalCallback<() => void>(options.onRecovered, 'options.onRecovered');
  }

  /** Whether the store is on the process's own limits because Redis does not answer. */
  get degraded(): boolean {
    return this.#degraded;
  }

  knownBucketId(routeKey: string): string | undefined {
    return this.#local.knownBucketId(routeKey);
  }

  async take(ref: BucketRef, now: number): Promise<TakeResult> {
    const answer = await this.#run(TAKE, ref, []);
    if (answer === undefined) return this.#local.take(ref, now);
    const [wait, flag, countedIn, bucketId] = answer as [string, number, string, string];
    if (bucketId !== '' && this.#local.knownBucketId(ref.routeKey) !== bucketId) this.#local.learn(ref, { bucketId }, undefined, now);
    const waitMs = Number(wait);
    if (waitMs > 0) return flag === 2 ? { waitMs, global: false, queued: true } : { waitMs, global: flag === 1 };
    return { waitMs: 0, countedIn: flag === 1 ? countedIn : undefined };
  }

  /**
   * Not awaited by the client: the script goes out on the client's one connection before the
   * process's next take() of the bucket, and Redis runs them in that order.
   */
  async learn(ref: BucketRef, update: BucketUpdate, countedIn: string | undefined, now: number): Promise<void> {
    // The local copy learns too, so that an outage starts from what was last said (with the
    // count the take made: the local one's during an outage, where it must not count twice).
    this.#local.learn(ref, update, countedIn, now);
    const text = (value: number | string | undefined) => (value === undefined ? '' : String(value));
    await this.#run(LEARN, ref, [text(update.bucketId), text(update.limit), text(update.remaining), text(update.resetAfterMs), text(update.window), text(countedIn)]);
  }

  async block(ref: BucketRef, retryAfterMs: number, global: boolean, now: number): Promise<void> {
    this.#local.block(ref, retryAfterMs, global, now);
    await this.#run(BLOCK, ref, [retryAfterMs, global ? 1 : 0]);
  }

  /** Runs a script for the bucket; undefined when Redis does not answer (once told, the store is degraded). */
  async #run(script: RedisScript, ref: BucketRef, more: (string | number)[]): Promise<unknown> {
    try {
      const answer = await script.run(this.#client, [], [this.#prefix, ref.routeKey, ref.queueKey, ref.suffix, ...more]);
      if (this.#degraded) {
        this.#degraded = false;
        this.#onRecovered?.();
      }
      return answer;
    } catch (error) {
      if (!this.#degraded) {
        this.#degraded = true;
        this.#onUnavailable(error instanceof Error ? error : new Error(String(error)));
      }
      return undefined;
    }
  }
}
