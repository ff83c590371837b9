// A RestClient on a shared (Redis) rate-limit store makes the take of a queue's next request while
// the one before it is on the wire (docs/fleets.md, "Requests queued behind one another"; our
// choice, as the store is): the store's round trip no longer waits for the answer before it. The
// requests still go one at a time and in order, each counted once: lobby messages share one queue,
// as a lobby is no top-level resource ("Top-level resources are currently limited to channels
// (channel_id), guilds (guild_id), and webhooks", discord-api-docs topics/rate-limits; server-api.md
// §6.1). A take made for a request that
// never goes is given back, so nothing stays counted in flight.
import { createRequire } from 'node:module';
import * as path from 'node:path';

import { createClient } from 'redis';
import { describe, expect, it } from 'vitest';

import { fleetApplication, FLEET_ROUTE, lobbyContents, redisForBlock } from './fleet-helpers.js';
import { until } from './helpers.js';
import { haveRedisServer } from './redis-server.js';
import { root, sdk, type SimulatedService } from './sdk.js';

const rest = createRequire(import.meta.url)(path.join(root, 'dist', 'rest', 'index.js')) as typeof import('../lib/rest/index.js');
type RateLimitStore = import('../lib/rest/index.js').RateLimitStore;
type RestResponseLike = import('../lib/rest/index.js').RestResponseLike;
type RedisClient = Awaited<ReturnType<typeof connect>>;

const connect = (url: string) => createClient({ url }).on('error', () => {}).connect();

describe.skipIf(!haveRedisServer)('takes made ahead on a shared store (skipped: no redis-server; .ci/run installs it)', () => {
  const { server, quits, services } = redisForBlock();

  /** A served world with a budget of `limit` per `windowMs` (a minute) on the lobby-message route, and a Redis client. */
  async function setUp(limit: number, windowMs = 60_000) {
    const sim = new sdk.Simulator({ clock: 'real-time' });
    const service = await sim.listen();
    services.push(service);
    service.setRateLimit(FLEET_ROUTE, { limit, windowMs });
    const app = fleetApplication(sim, service, 'Take Ahead');
    const client = await connect(server().url);
    quits.push(() => client.quit());
    return { sim, service, app, client };
  }

  /** Requests the store counts in flight under `prefix` (every bucket's sorted set of them). */
  async function inFlight(client: RedisClient, prefix: string): Promise<number> {
    let count = 0;
    for (const key of await client.keys(`${prefix}b:*:in-flight`)) count += await client.zCard(key);
    return count;
  }

  /** A store that records the order of its takes and of the answers it learns (a learn with headers). */
  function recording(store: RateLimitStore, steps: string[]): RateLimitStore {
    return {
      knownBucketId: (routeKey) => store.knownBucketId(routeKey),
      take: (ref, now) => {
        steps.push('take');
        return store.take(ref, now);
      },
      learn: (ref, update, countedIn, now) => {
        steps.push(Object.keys(update).length > 0 ? 'answer' : 'give back');
        return store.learn(ref, update, countedIn, now);
      },
      block: (ref, retryAfterMs, global, now) => store.block(ref, retryAfterMs, global, now),
    };
  }

  it('queued requests: the take of each next one is made before the answer of the one on the wire; order kept, each counted once, nothing left in flight', async () => {
    const { sim, service, app, client } = await setUp(1000);
    const prefix = '{take-ahead-order}:';
    const steps: string[] = [];
    const restClient = new rest.RestClient({ token: app.botToken, baseUrl: service.apiBase, rateLimitStore: recording(new rest.RedisRateLimitStore({ client, keyPrefix: prefix }), steps) });
    // The first answer names the bucket; takes are made ahead only for a named one.
    await restClient.sendLobbyMessage(app.lobbyId, { content: 'm0' }, { userToken: app.userToken });
    steps.length = 0;
    await Promise.all(Array.from({ length: 10 }, (_, i) => restClient.sendLobbyMessage(app.lobbyId, { content: `m${i + 1}` }, { userToken: app.userToken })));

    expect(lobbyContents(sim, app.lobbyId)).toEqual(Array.from({ length: 11 }, (_, i) => `m${i}`));
    // Ten takes and ten answers; from the second request on, its take comes before the answer of the one before it.
    expect(steps.filter((step) => step === 'take')).toHaveLength(10);
    expect(steps.filter((step) => step === 'answer')).toHaveLength(10);
    expect(steps.slice(0, 3)).toEqual(['take', 'take', 'answer']);
    expect(steps).not.toContain('give back');
    await until(async () => (await inFlight(client, prefix)) === 0, 'the answers to be learned');
  });

  it('a request aborted while queued: the take made ahead for it is given back once the queue is idle (nothing stays counted in flight)', async () => {
    const { sim, service, app, client } = await setUp(1000);
    const prefix = '{take-ahead-abort}:';
    const steps: string[] = [];
    // The answer to the request on the wire is held until the test lets it go.
    let holdNext = false;
    let letGo: () => void = () => {};
    const restClient = new rest.RestClient({
      token: app.botToken,
      baseUrl: service.apiBase,
      rateLimitStore: recording(new rest.RedisRateLimitStore({ client, keyPrefix: prefix }), steps),
      makeRequest: async (url, init) => {
        const answer = (await fetch(url, init as RequestInit)) as unknown as RestResponseLike;
        if (holdNext) {
          holdNext = false;
          await new Promise<void>((resolve) => (letGo = resolve));
        }
        return answer;
      },
    });
    await restClient.sendLobbyMessage(app.lobbyId, { content: 'first' }, { userToken: app.userToken });
    steps.length = 0;

    holdNext = true;
    const onTheWire = restClient.sendLobbyMessage(app.lobbyId, { content: 'held' }, { userToken: app.userToken });
    const abort = new AbortController();
    const queued = restClient.sendLobbyMessage(app.lobbyId, { content: 'never sent' }, { userToken: app.userToken, signal: abort.signal });
    const refused = expect(queued).rejects.toMatchObject({ type: 'Aborted' });
    // The held request's take, then the one made ahead for the queued request.
    await until(() => steps.filter((step) => step === 'take').length === 2, 'the take made ahead');
    await until(async () => (await inFlight(client, prefix)) === 2, 'both takes counted in flight');
    abort.abort();
    await refused;
    letGo();
    await onTheWire;

    await until(async () => (await inFlight(client, prefix)) === 0, 'the take made ahead to be given back');
    expect(lobbyContents(sim, app.lobbyId)).toEqual(['first', 'held']);
    expect(steps).toEqual(['take', 'take', 'answer', 'give back']);
  });

  it('a 429 to the request on the wire: the take made ahead for the next one is given back, and each request takes anew after the wait', async () => {
    // A retry at once, so that the take made ahead is still fresh when the 429 has been waited
    // out (the store holds the bucket for the 429's Retry-After: test/fleet-429-window.test.ts).
    const { sim, service, app, client } = await setUp(1000, 1000);
    const prefix = '{take-ahead-429}:';
    const steps: string[] = [];
    const restClient = new rest.RestClient({ token: app.botToken, baseUrl: service.apiBase, rateLimitStore: recording(new rest.RedisRateLimitStore({ client, keyPrefix: prefix }), steps) });
    await restClient.sendLobbyMessage(app.lobbyId, { content: 'm0' }, { userToken: app.userToken });
    steps.length = 0;
    service.failNext('POST /lobbies/{lobby_id}/messages', { status: 429, retryAfter: 0 });
    await Promise.all([1, 2].map((i) => restClient.sendLobbyMessage(app.lobbyId, { content: `m${i}` }, { userToken: app.userToken })));

    await until(async () => (await inFlight(client, prefix)) === 0, 'every take to be answered or given back');
    expect(lobbyContents(sim, app.lobbyId)).toEqual(['m0', 'm1', 'm2']);
    // m1's take and the one made ahead for m2; m1's 429; the take made ahead given back.
    expect(steps.slice(0, 4)).toEqual(['take', 'take', 'answer', 'give back']);
    expect(steps.filter((step) => step === 'give back')).toHaveLength(1);
    // After the wait: m1 resent and m2, each with a take of its own (one that answers a wait is
    // made again), and their two answers.
    expect(steps.slice(4).filter((step) => step === 'take').length).toBeGreaterThanOrEqual(2);
    expect(steps.slice(4).filter((step) => step === 'answer')).toHaveLength(2);
  });

  it('the in-memory store takes nothing ahead: one take per request, after the answer before it', async () => {
    const { service, app } = await setUp(1000);
    const steps: string[] = [];
    const restClient = new rest.RestClient({ token: app.botToken, baseUrl: service.apiBase, rateLimitStore: recording(new rest.MemoryRateLimitStore(), steps) });
    await restClient.sendLobbyMessage(app.lobbyId, { content: 'm0' }, { userToken: app.userToken });
    steps.length = 0;
    await Promise.all(Array.from({ length: 5 }, (_, i) => restClient.sendLobbyMessage(app.lobbyId, { content: `m${i + 1}` }, { userToken: app.userToken })));
    expect(steps).toEqual(Array.from({ length: 5 }, () => ['take', 'answer']).flat());
  });
});
