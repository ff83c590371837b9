// A bucket nobody in the fleet has an answer for yet (docs/fleets.md, "the first request"; our
// choice, as the store is): one request of the fleet goes first and the others wait for its
// answer, so that the processes' first requests cannot together spend more than the window holds.
// A route whose answers carry no rate-limit headers needs no such turn. Each store has its own
// Redis connection, as processes would.
import { createRequire } from 'node:module';
import * as path from 'node:path';

import { createClient } from 'redis';
import { describe, expect, it } from 'vitest';

import { countAnswers, fleetApplication, FLEET_ROUTE, readRequestLog, redisForBlock } from './fleet-helpers.js';
import { haveRedisServer } from './redis-server.js';
import { root, sdk, type SimulatedService } from './sdk.js';

const rest = createRequire(import.meta.url)(path.join(root, 'dist', 'rest', 'index.js')) as typeof import('../lib/rest/index.js');
type RateLimitInfo = import('../lib/rest/index.js').RateLimitInfo;

describe.skipIf(!haveRedisServer)("a fleet's first requests of a bucket (skipped: no redis-server; .ci/run installs it)", () => {
  const { server, quits, services } = redisForBlock();

  async function storeFor(keyPrefix: string) {
    const client = await createClient({ url: server().url }).on('error', () => {}).connect();
    quits.push(() => client.quit());
    return new rest.RedisRateLimitStore({ client, keyPrefix });
  }

  /** `count` RestClients on one application, each with its own store, as processes; what each was told of rate limits. */
  async function fleetOf(count: number, budget: { limit: number; windowMs: number }, keyPrefix: string) {
    const sim = new sdk.Simulator({ clock: 'real-time' });
    const service = await sim.listen();
    services.push(service);
    service.setRateLimit(FLEET_ROUTE, budget);
    const app = fleetApplication(sim, service, 'First Requests');
    const told: RateLimitInfo[] = [];
    const clients = await Promise.all(
      Array.from({ length: count }, async () => new rest.RestClient({ token: app.botToken, baseUrl: service.apiBase, rateLimitStore: await storeFor(keyPrefix), onRateLimited: (info) => void told.push(info) })),
    );
    const sendAll = () => Promise.all(clients.map((client, i) => client.sendLobbyMessage(app.lobbyId, { content: `p${i}` }, { userToken: app.userToken })));
    return { service, app, told, sendAll };
  }

  it('8 processes send their first request of a bucket with room for 3 per window at once: no 429, each message created once', async () => {
    const { service, app, sendAll } = await fleetOf(8, { limit: 3, windowMs: 1000 }, '{first-requests-3}:');
    await sendAll();
    // Were the 8 to go before any answer, the service would answer 5 of them 429.
    expect(countAnswers(await readRequestLog(service), app.lobbyId)).toEqual({ created: 8, tooMany: 0, other: 0 });
  });

  it('waiting for the first answer is not a rate limit: with room for 50, nothing is told to onRateLimited', async () => {
    const { service, app, told, sendAll } = await fleetOf(8, { limit: 50, windowMs: 1000 }, '{first-requests-50}:');
    await sendAll();
    expect(countAnswers(await readRequestLog(service), app.lobbyId)).toEqual({ created: 8, tooMany: 0, other: 0 });
    expect(told).toEqual([]);
  });

  it('a waiting store goes once the first answer is learned; a route answered without rate-limit headers needs no turn', async () => {
    const [a, b] = [await storeFor('{first-turn}:'), await storeFor('{first-turn}:')];
    const ref = { routeKey: 'POST /lobbies/:lobby/messages', queueKey: 'POST /lobbies/:lobby/messages 1', suffix: '1' };
    expect(await a.take(ref, Date.now())).toEqual({ waitMs: 0, countedIn: undefined });
    // B waits for A's answer: not a rate limit (queued), so RestClient does not tell onRateLimited.
    expect(await b.take(ref, Date.now())).toEqual({ waitMs: 10, global: false, queued: true });
    await a.learn(ref, { bucketId: 'messages', limit: 5, remaining: 4, resetAfterMs: 1000 }, undefined, Date.now());
    expect(await b.take(ref, Date.now())).toEqual({ waitMs: 0, countedIn: 'bucket messages 1' });

    const plain = { routeKey: 'GET /users/@me', queueKey: 'GET /users/@me ', suffix: '' };
    expect(await a.take(plain, Date.now())).toEqual({ waitMs: 0, countedIn: undefined });
    await a.learn(plain, {}, undefined, Date.now());
    expect(await b.take(plain, Date.now())).toEqual({ waitMs: 0, countedIn: undefined });
    expect(await a.take(plain, Date.now())).toEqual({ waitMs: 0, countedIn: undefined });
  });
});
