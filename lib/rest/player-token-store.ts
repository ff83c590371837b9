/**
 * {@link PlayerTokenStore}: the tokens a game server keeps per player, shared by a fleet's
 * processes in Redis, encrypted at rest (AES-256-GCM, the player's id as associated data so a
 * record cannot be moved to another player). A refresh is serialized across processes by a Redis
 * lock: one refresh per token reaches the service (the refresh token rotates, so a second one
 * would be refused), the others wait and read its result. `invalid_grant` on refresh is the
 * player's deauthorization (spec "Authentication" rule 4: treat it as APPLICATION_DEAUTHORIZED):
 * the record is dropped. `unlink` revokes at the service before forgetting (rule 5).
 * @module
 */
import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import { SocialSdkError } from '../common/errors.js';
import { checkKeyPrefix, checkRedisClient, RedisScript, type RedisClientLike } from '../common/redis-script.js';
import { checkText, typeName } from '../common/validate.js';
import type { RestClient } from './client.js';
import type { RequestOptions } from './types.js';

/** The tokens {@link PlayerTokenStore.save} keeps: an `OAuth2TokenSet` (exchangeCode, refreshToken) or the same fields. */
export interface PlayerTokensInput {
  readonly accessToken: string;
  readonly refreshToken: string | null;
  /** Seconds the access token lasts from now. */
  readonly expiresIn: number;
  readonly scopes?: string;
}

/** Options of {@link PlayerTokenStore}. */
export interface PlayerTokenStoreOptions {
  /** The RestClient (with `clientId` and `clientSecret`) that refreshes and revokes. */
  rest: RestClient;
  /** A connected node-redis client (`createClient()` from `redis`; AUTH and TLS are its options). */
  client: RedisClientLike;
  /**
   * The 32-byte AES-256-GCM key (a Uint8Array, or 64 hex characters): the same in every process.
   * Keep it out of Redis (an environment secret): whoever reads Redis without it reads nothing.
   */
  encryptionKey: Uint8Array | string;
  /** Prepended to every key (default `'{social-sdk}:player-tokens:'`). */
  keyPrefix?: string;
  /** An access token with less than this left is refreshed first (default 300 s). */
  refreshMarginSeconds?: number;
  /**
   * How long a refresh may hold the lock (default 60,000 ms: the RestClient's timeout and retries
   * fit in it); a process that died holding it releases it then.
   */
  lockTimeoutMs?: number;
  /** Called with the player's id when a refresh answered `invalid_grant` (the record is gone by then). */
  onDeauthorized?: (playerId: string) => void;
}

/** What a record holds, encrypted. */
interface Tokens {
  accessToken: string;
  refreshToken: string | null;
  /** ms since the Unix epoch. */
  expiresAt: number;
  scopes: string;
}

/** ARGV: key. Answers {version, data} or {}. */
const READ = new RedisScript(`return redis.call('HMGET', ARGV[1], 'version', 'data')`);
/** ARGV: key, data. Answers the new version. */
const WRITE = new RedisScript(`
local version = redis.call('HINCRBY', ARGV[1], 'version', 1)
redis.call('HSET', ARGV[1], 'data', ARGV[2])
return version
`);
/** ARGV: key. */
const DELETE = new RedisScript(`return redis.call('DEL', ARGV[1])`);
/** ARGV: lock key, owner, ttl ms. 1 when taken. */
const LOCK = new RedisScript(`if redis.call('SET', ARGV[1], ARGV[2], 'NX', 'PX', ARGV[3]) then return 1 end return 0`);
/** ARGV: lock key, owner: released only by its owner (a lock that timed out may be another's now). */
const UNLOCK = new RedisScript(`if redis.call('GET', ARGV[1]) == ARGV[2] then return redis.call('DEL', ARGV[1]) end return 0`);

/** How often a process waiting for another's refresh looks at the lock. Our choice. */
const LOCK_POLL_MS = 20;

function checkKey(value: unknown): Buffer {
  if (typeof value === 'string' && /^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (value instanceof Uint8Array && value.byteLength === 32) return Buffer.from(value);
  throw new TypeError(`options.encryptionKey must be 32 bytes (a Uint8Array, or 64 hex characters), got ${typeName(value)}`);
}

function isInvalidGrant(error: unknown): boolean {
  return error instanceof SocialSdkError && error.oauthError === 'invalid_grant';
}

/**
 * Per-player OAuth2 tokens for a fleet of game servers. Save what `exchangeCode` answered; ask
 * {@link accessToken} whenever you act for the player (it refreshes when the token is about to
 * expire, once across the fleet); {@link unlink} when the player unlinks; {@link forget} on the
 * APPLICATION_DEAUTHORIZED webhook event.
 *
 * @example
 * ```ts
 * const tokens = new PlayerTokenStore({ rest, client: redis, encryptionKey: process.env.TOKEN_KEY! });
 * await tokens.save(playerId, await rest.exchangeCode({ code, redirectUri, codeVerifier }));
 * const userToken = await tokens.accessToken(playerId); // null: not linked (any more)
 * ```
 */
export class PlayerTokenStore {
  readonly #rest: RestClient;
  readonly #client: RedisClientLike;
  readonly #key: Buffer;
  readonly #prefix: string;
  readonly #marginMs: number;
  readonly #lockTimeoutMs: number;
  readonly #onDeauthorized: ((playerId: string) => void) | undefined;

  /** @throws TypeError or RangeError naming the option at fault. */
  constructor(options: PlayerTokenStoreOptions) {
    if (typeof options !== 'object' || options === null) throw new TypeError('options must be an object with rest, client and encryptionKey');
    if (typeof options.rest !== 'object' || options.rest === null || typeof options.rest.refreshToken !== 'function') throw new TypeError('options.rest must be a RestClient');
    this.#rest = options.rest;
    this.#client = checkRedisClient(options.client, 'options.client');
    this.#key = checkKey(options.encryptionKey);
    this.#prefix = checkKeyPrefix(options.keyPrefix, '{social-sdk}:player-tokens:');
    const margin = options.refreshMarginSeconds ?? 300;
    if (typeof margin !== 'number' || !Number.isFinite(margin) || margin < 0) throw new RangeError('options.refreshMarginSeconds must be a number >= 0');
    this.#marginMs = margin * 1000;
    const lockTimeout = options.lockTimeoutMs ?? 60_000;
    if (!Number.isInteger(lockTimeout) || lockTimeout < 1000) throw new RangeError('options.lockTimeoutMs must be an integer >= 1000');
    this.#lockTimeoutMs = lockTimeout;
    if (options.onDeauthorized !== undefined && typeof options.onDeauthorized !== 'function') throw new TypeError('options.onDeauthorized must be a function');
    this.#onDeauthorized = options.onDeauthorized;
  }

  /** Keeps the player's tokens (replacing any), encrypted. */
  async save(playerId: string, tokens: PlayerTokensInput): Promise<void> {
    const id = checkText(playerId, 'playerId', 1, 200);
    if (typeof tokens !== 'object' || tokens === null) throw new TypeError('tokens must be an OAuth2TokenSet');
    const { accessToken, refreshToken, expiresIn } = tokens;
    checkText(accessToken, 'tokens.accessToken', 1, 4096);
    if (refreshToken !== null) checkText(refreshToken, 'tokens.refreshToken', 1, 4096);
    if (typeof expiresIn !== 'number' || !Number.isFinite(expiresIn) || expiresIn < 0) throw new RangeError('tokens.expiresIn must be a number of seconds >= 0');
    await this.#write(id, { accessToken, refreshToken, expiresAt: Date.now() + expiresIn * 1000, scopes: tokens.scopes ?? '' });
  }

  /**
   * A valid access token for the player: the stored one, or refreshed first when it expires
   * within the margin (one refresh across the fleet). Null when the player has no tokens here, or
   * the refresh said `invalid_grant` (deauthorized: the record is dropped).
   */
  async accessToken(playerId: string, options?: RequestOptions): Promise<string | null> {
    const id = checkText(playerId, 'playerId', 1, 200);
    const record = await this.#read(id);
    if (record === undefined) return null;
    if (record.tokens.expiresAt - this.#marginMs > Date.now()) return record.tokens.accessToken;
    return this.#refresh(id, record.version, options);
  }

  /**
   * Refreshes the player's tokens now (one refresh across the fleet: a process that finds another
   * refreshing waits and reads its result). Resolves with the new access token, or null as
   * {@link accessToken}.
   */
  async refresh(playerId: string, options?: RequestOptions): Promise<string | null> {
    const id = checkText(playerId, 'playerId', 1, 200);
    const record = await this.#read(id);
    if (record === undefined) return null;
    return this.#refresh(id, record.version, options);
  }

  /** Revokes the player's tokens at the service (`unlinkUser`), then forgets them. */
  async unlink(playerId: string, options?: RequestOptions): Promise<void> {
    const id = checkText(playerId, 'playerId', 1, 200);
    const record = await this.#read(id);
    if (record === undefined) return;
    await this.#rest.unlinkUser({ accessToken: record.tokens.accessToken, refreshToken: record.tokens.refreshToken }, options);
    await DELETE.run(this.#client, [], [this.#recordKey(id)]);
  }

  /** Forgets the player's tokens without calling the service (on APPLICATION_DEAUTHORIZED: they are already void). */
  async forget(playerId: string): Promise<void> {
    await DELETE.run(this.#client, [], [this.#recordKey(checkText(playerId, 'playerId', 1, 200))]);
  }

  /** Refreshes unless another process did since `seenVersion`; under the lock. */
  async #refresh(id: string, seenVersion: number, options: RequestOptions | undefined): Promise<string | null> {
    const lockKey = `${this.#prefix}lock:${id}`;
    const owner = randomUUID();
    const deadline = Date.now() + this.#lockTimeoutMs * 2;
    while ((await LOCK.run(this.#client, [], [lockKey, owner, this.#lockTimeoutMs])) !== 1) {
      if (Date.now() > deadline) throw new SocialSdkError(`another process held the refresh lock of player ${id} too long`, { type: 'NetworkError', retryable: true });
      await sleep(LOCK_POLL_MS);
    }
    try {
      const record = await this.#read(id);
      // Gone (unlinked or deauthorized meanwhile), or refreshed by the process that held the lock.
      if (record === undefined) return null;
      if (record.version !== seenVersion) return record.tokens.accessToken;
      if (record.tokens.refreshToken === null) return record.tokens.expiresAt > Date.now() ? record.tokens.accessToken : null;
      let fresh;
      try {
        fresh = await this.#rest.refreshToken(record.tokens.refreshToken, options);
      } catch (error) {
        if (!isInvalidGrant(error)) throw error;
        await DELETE.run(this.#client, [], [this.#recordKey(id)]);
        this.#onDeauthorized?.(id);
        return null;
      }
      await this.#write(id, { accessToken: fresh.accessToken, refreshToken: fresh.refreshToken ?? record.tokens.refreshToken, expiresAt: Date.now() + fresh.expiresIn * 1000, scopes: fresh.scopes });
      return fresh.accessToken;
    } finally {
      await UNLOCK.run(this.#client, [], [lockKey, owner]).catch(() => undefined);
    }
  }

  #recordKey(id: string): string {
    return `${this.#prefix}player:${id}`;
  }

  async #write(id: string, tokens: Tokens): Promise<void> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(id, 'utf8'));
    const sealed = Buffer.concat([cipher.update(JSON.stringify(tokens), 'utf8'), cipher.final()]);
    const data = Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
    await WRITE.run(this.#client, [], [this.#recordKey(id), data]);
  }

  async #read(id: string): Promise<{ version: number; tokens: Tokens } | undefined> {
    const [version, data] = (await READ.run(this.#client, [], [this.#recordKey(id)])) as [string | null, string | null];
    if (version === null || data === null) return undefined;
    const bytes = Buffer.from(data, 'base64');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, bytes.subarray(0, 12));
      decipher.setAAD(Buffer.from(id, 'utf8'));
      decipher.setAuthTag(bytes.subarray(12, 28));
      const plain = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
      return { version: Number(version), tokens: JSON.parse(plain) as Tokens };
    } catch {
      // Never the record in the message: it is the player's tokens, sealed.
      throw new SocialSdkError(`the stored tokens of player ${id} do not open with this encryptionKey (another key, or altered)`, { type: 'ValidationError' });
    }
  }
}
