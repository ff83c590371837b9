// The fleet stores' options: bad input gets a clear TypeError or RangeError naming the option and
// changes nothing; no secret (the encryption key, a token) shows in an error or in inspect output.
// No Redis is needed: every check happens before the client is used.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { inspect } from 'node:util';

import { describe, expect, it } from 'vitest';

import { root } from './sdk.js';

const rest = createRequire(import.meta.url)(path.join(root, 'dist', 'rest', 'index.js')) as typeof import('../lib/rest/index.js');
const webhooks = createRequire(import.meta.url)(path.join(root, 'dist', 'webhooks', 'index.js')) as typeof import('../lib/webhooks/index.js');

/** Stands in for a node-redis client in checks that never reach it (no command is sent). */
const unusedClient = {
  isReady: false,
  scriptLoad: () => Promise.reject(new Error('not connected')),
  evalSha: () => Promise.reject(new Error('not connected')),
};

describe('the fleet stores refuse bad options', () => {
  it('RestClient rateLimitStore must be a store', () => {
    expect(() => new rest.RestClient({ token: 't', rateLimitStore: {} as never })).toThrow(/rateLimitStore must be a RateLimitStore/);
    expect(() => new rest.RestClient({ token: 't', rateLimitStore: 'redis' as never })).toThrow(TypeError);
    expect(new rest.RestClient({ token: 't', rateLimitStore: new rest.MemoryRateLimitStore() }).baseUrl).toBe('https://discord.com/api/v10');
  });

  it('RedisRateLimitStore needs a node-redis client and a printable prefix', () => {
    expect(() => new rest.RedisRateLimitStore(undefined as never)).toThrow(TypeError);
    expect(() => new rest.RedisRateLimitStore({ client: {} as never })).toThrow(/options.client must be a connected node-redis client/);
    expect(() => new rest.RedisRateLimitStore({ client: unusedClient, keyPrefix: 'has space' })).toThrow(RangeError);
    expect(() => new rest.RedisRateLimitStore({ client: unusedClient, onUnavailable: 1 as never })).toThrow(/onUnavailable must be a function/);
  });

  it('RedisRateLimitStore without an answering Redis counts on local limits and says so once', async () => {
    const told: string[] = [];
    const store = new rest.RedisRateLimitStore({ client: unusedClient, onUnavailable: (error) => void told.push(error.message) });
    const ref = { routeKey: 'GET /x', queueKey: 'GET /x 1', suffix: '1' };
    store.learn(ref, { bucketId: 'b', limit: 1, remaining: 1, resetAfterMs: 60_000 }, undefined, Date.now());
    expect(await store.take(ref, Date.now())).toEqual({ waitMs: 0, countedIn: 'bucket b 1' });
    expect(await store.take(ref, Date.now())).toMatchObject({ global: false });
    expect(told).toEqual(['the Redis client is not connected']);
    expect(store.degraded).toBe(true);
  });

  it('createWebhookEventHandler dedupStore must be a store or null', () => {
    const publicKey = randomBytes(32).toString('hex');
    expect(() => webhooks.createWebhookEventHandler({ publicKey, onEvent() {}, dedupStore: {} as never })).toThrow(/dedupStore must be a WebhookDedupStore/);
    expect(() => webhooks.createWebhookEventHandler({ publicKey, onEvent() {}, dedupStore: null })).not.toThrow();
    expect(() => new webhooks.RedisWebhookDedupStore({ client: 5 as never })).toThrow(TypeError);
  });

  it('MemoryWebhookDedupStore claims a key once until it expires', () => {
    let now = 1_000;
    const store = new webhooks.MemoryWebhookDedupStore(() => now);
    expect(store.claim('k', 100)).toBe(true);
    expect(store.claim('k', 100)).toBe(false);
    now += 100;
    expect(store.claim('k', 100)).toBe(true);
  });

  it('PlayerTokenStore needs a RestClient, a client and a 32-byte key, and never shows the key', () => {
    const client = new rest.RestClient({ token: 't' });
    const key = randomBytes(32).toString('hex');
    expect(() => new rest.PlayerTokenStore({ rest: {} as never, client: unusedClient, encryptionKey: key })).toThrow(/options.rest must be a RestClient/);
    expect(() => new rest.PlayerTokenStore({ rest: client, client: unusedClient, encryptionKey: 'short' })).toThrow(/encryptionKey must be 32 bytes/);
    expect(() => new rest.PlayerTokenStore({ rest: client, client: unusedClient, encryptionKey: randomBytes(16) })).toThrow(TypeError);
    expect(() => new rest.PlayerTokenStore({ rest: client, client: unusedClient, encryptionKey: key, lockTimeoutMs: 5 })).toThrow(RangeError);
    const store = new rest.PlayerTokenStore({ rest: client, client: unusedClient, encryptionKey: key });
    expect(inspect(store, { depth: 5, showHidden: true })).not.toContain(key);
  });

  it('PlayerTokenStore.save refuses malformed tokens before touching Redis', async () => {
    const store = new rest.PlayerTokenStore({ rest: new rest.RestClient({ token: 't' }), client: unusedClient, encryptionKey: randomBytes(32) });
    await expect(store.save('', { accessToken: 'a', refreshToken: 'r', expiresIn: 1 })).rejects.toThrow(RangeError);
    await expect(store.save('p', { accessToken: 'a', refreshToken: 'r', expiresIn: -1 })).rejects.toThrow(/expiresIn/);
    await expect(store.save('p', null as never)).rejects.toThrow(TypeError);
  });
});
