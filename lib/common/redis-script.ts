/**
 * The part of a Redis client the fleet stores use, and Lua scripts run on the server through it.
 * The stores take a client the application made and connected (node-redis `createClient`, the
 * official client): this package never imports `redis` itself, so it stays an optional peer and
 * `social-sdk-node/rest` and `/webhooks` load without it. AUTH, TLS and reconnection are the
 * client's own options.
 * @module
 */
import { createHash } from 'node:crypto';

/**
 * The methods of a node-redis client (v4 and later: `createClient()` from `redis`) the stores
 * call. Any object with these works; the stores check `isReady` before each call so that a lost
 * connection fails fast instead of queueing.
 */
export interface RedisClientLike {
  /** Whether the client is connected and ready for commands. */
  readonly isReady: boolean;
  /** `SCRIPT LOAD`: resolves with the script's SHA1. */
  scriptLoad(script: string): Promise<string>;
  /** `EVALSHA`. */
  evalSha(sha1: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

/** @internal Checks a user-given client without touching it. */
export function checkRedisClient(value: unknown, name: string): RedisClientLike {
  const client = value as Partial<RedisClientLike> | null;
  if (typeof client !== 'object' || client === null || typeof client.evalSha !== 'function' || typeof client.scriptLoad !== 'function' || !('isReady' in client)) {
    throw new TypeError(`${name} must be a connected node-redis client (createClient() from 'redis')`);
  }
  return client as RedisClientLike;
}

/** @internal Checks a key prefix: printable, no spaces, at most 100 characters. */
export function checkKeyPrefix(value: unknown, fallback: string): string {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !/^[\x21-\x7e]{1,100}$/.test(value)) throw new RangeError('keyPrefix must be 1 to 100 printable ASCII characters without spaces');
  return value;
}

/** @internal Thrown when the client is not connected: the caller falls back or fails. */
export class RedisUnavailableError extends Error {
  constructor() {
    super('the Redis client is not connected');
    this.name = 'RedisUnavailableError';
  }
}

/**
 * @internal A Lua script run with `EVALSHA`; loaded on first use and again after the server
 * forgot it (a restarted Redis answers `NOSCRIPT`).
 */
export class RedisScript {
  readonly #sha1: string;
  #loaded = false;

  constructor(readonly source: string) {
    this.#sha1 = createHash('sha1').update(source).digest('hex');
  }

  async run(client: RedisClientLike, keys: string[], args: (string | number)[]): Promise<unknown> {
    if (!client.isReady) throw new RedisUnavailableError();
    const options = { keys, arguments: args.map(String) };
    if (!this.#loaded) {
      // Not awaited before the EVALSHA: both go out on the client's one connection in this order,
      // so the script is loaded when it runs, and a caller that does not await keeps its order.
      const load = client.scriptLoad(this.source);
      load.then(
        () => (this.#loaded = true),
        () => undefined,
      );
    }
    try {
      return await client.evalSha(this.#sha1, options);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      await client.scriptLoad(this.source);
      return await client.evalSha(this.#sha1, options);
    }
  }
}
