// A non-global 429 inside a longer window the client already knows: the request is sent again
// after the 429's Retry-After, not at the end of that window, on the in-memory store and on the
// shared Redis store alike (docs/fleets.md, "A 429 inside a known window"). The sources:
//
// - discord-api-docs developers/topics/rate-limits.mdx, "Exceeding A Rate Limit": "Your
//   application should rely on the `Retry-After` header or `retry_after` field to determine when
//   to retry the request." Its response structure: `retry_after` is "The number of seconds to wait
//   before submitting another request." And: "Note that normal route rate-limiting headers will
//   also be sent in this response."
// - The same page, "Header Format": `X-RateLimit-Scope` is "Returned only on HTTP 429 responses.
//   Value can be `user` (per bot or user limit), `global` (per bot or user global limit), or
//   `shared` (per resource limit)". Its "Example Exceeded Resource Rate Limit Response" (scope
//   `shared`) carries `X-RateLimit-Remaining: 9` and `X-RateLimit-Reset-After: 64.57` beside
//   `Retry-After: 1337`: the caller's bucket still has room, and the wait is the 429's own.
// - The platform document (shared/spec/000_3f5ef49809593b5f.txt), "Limits": "Rate limits: not
//   shown." Nothing more there.
// - @discordjs/rest 2.6.3 (SequentialHandler.runRequest), the client the docs' community uses:
//   every answer's Remaining and Reset-After are taken as they come, and a non-global 429 to a
//   bucket that still had room sleeps Retry-After, then sends again.
//
// The simulator is served on real HTTP on real time (as the other fleet tests), with a budget of
// 1000 per minute on the lobby-message route, and told to answer one 429 with Retry-After 1
// (`failNext`). No timing bound that can flake: each client may wait at most 10 s
// (`maxRateLimitWaitMs`), so a wait for the rest of the minute is refused at once (RateLimited),
// and what the client was told of its waits (`onRateLimited`) must stay within the 429's 1 s.
import { createRequire } from 'node:module';
import * as path from 'node:path';

import { createClient } from 'redis';
import { afterAll, describe, expect, it } from 'vitest';

import { fleetApplication, FLEET_ROUTE, lobbyContents, readRequestLog, redisForBlock } from './fleet-helpers.js';
import { haveRedisServer } from './redis-server.js';
import { root, sdk, type SimulatedService } from './sdk.js';

const rest = createRequire(import.meta.url)(path.join(root, 'dist', 'rest', 'index.js')) as typeof import('../lib/rest/index.js');
type RateLimitInfo = import('../lib/rest/index.js').RateLimitInfo;
type RateLimitStore = import('../lib/rest/index.js').RateLimitStore;

/** The route's budget: a minute's window, far longer than the 429's Retry-After. */
const BUDGET = { limit: 1000, windowMs: 60_000 };
/** Far below the minute's window, far above the 429's second: a wait for the window's end is refused. */
const MAX_WAIT_MS = 10_000;

/** A served world with the budget on the lobby-message route, and an application with a lobby. */
async function world(services: SimulatedService[], name: string) {
  const sim = new sdk.Simulator({ clock: 'real-time' });
  const service = await sim.listen();
  services.push(service);
  service.setRateLimit(FLEET_ROUTE, BUDGET);
  return { sim, service, app: fleetApplication(sim, service, name) };
}

/** A RestClient on `store` that tells what it waits for into `told`. */
function clientOn(service: SimulatedService, botToken: string, store: RateLimitStore, told: RateLimitInfo[]) {
  return new rest.RestClient({ token: botToken, baseUrl: service.apiBase, rateLimitStore: store, maxRateLimitWaitMs: MAX_WAIT_MS, onRateLimited: (info) => void told.push(info) });
}

/** The statuses the service answered on the lobby's message route, in order (its request log). */
async function statuses(service: SimulatedService, lobbyId: string): Promise<number[]> {
  return (await readRequestLog(service)).filter((entry) => entry.lobbyId === lobbyId && entry.route?.startsWith('POST /lobbies/')).map((entry) => entry.status);
}

/** The two scenarios, on a store made by `storeFor` (each call a store of its own, on its own key prefix). */
function scenarios(storeFor: (keyPrefix: string) => Promise<RateLimitStore>, services: SimulatedService[]): void {
  it("a planned 429 (scope user, Retry-After 1) inside the known minute: sent again after Retry-After, not at the minute's end", async () => {
    const { sim, service, app } = await world(services, 'Retry Window');
    const told: RateLimitInfo[] = [];
    const client = clientOn(service, app.botToken, await storeFor('{429-window-user}:'), told);
    const send = (content: string) => client.sendLobbyMessage(app.lobbyId, { content }, { userToken: app.userToken });
    // The store learns the minute's window (X-RateLimit-Reset some 60 s ahead) and its room.
    for (const content of ['m0', 'm1', 'm2']) await send(content);
    service.failNext(FLEET_ROUTE, { status: 429, retryAfter: 1 });

    const started = performance.now();
    await send('after the 429');
    const waited = performance.now() - started;
    // The answer after the wait taught the bucket again: the next request goes without a wait.
    await send('next');

    expect(lobbyContents(sim, app.lobbyId)).toEqual(['m0', 'm1', 'm2', 'after the 429', 'next']);
    expect(await statuses(service, app.lobbyId)).toEqual([201, 201, 201, 429, 201, 201]);
    // Told once for the 429; a store's own wait after it (a shared store's clock may be some
    // milliseconds ahead of the client's sleep) stays within the 429's second.
    expect(told[0]).toMatchObject({ fromResponse: true, retryAfter: 1, global: false, scope: 'user' });
    for (const info of told.slice(1)) expect(info.fromResponse === false && info.retryAfter <= 1, JSON.stringify(info)).toBe(true);
    // Retry-After was waited (the request did not go again at once).
    expect(waited).toBeGreaterThanOrEqual(900);
  });

  it("a 429 of scope shared while the bucket still had room: sent again after Retry-After, not at the minute's end", async () => {
    const { sim, service, app } = await world(services, 'Shared Window');
    const told: RateLimitInfo[] = [];
    const client = clientOn(service, app.botToken, await storeFor('{429-window-shared}:'), told);
    const send = (content: string) => client.sendLobbyMessage(app.lobbyId, { content }, { userToken: app.userToken });
    for (const content of ['m0', 'm1']) await send(content);
    // The planned shared 429's bucket headers say what the caller's bucket has left (the docs'
    // example: Remaining 9 of 10): here 998 of the minute's 1000.
    service.failNext(FLEET_ROUTE, { status: 429, scope: 'shared', retryAfter: 1 });

    const started = performance.now();
    await send('after the 429');
    const waited = performance.now() - started;
    await send('next');

    expect(lobbyContents(sim, app.lobbyId)).toEqual(['m0', 'm1', 'after the 429', 'next']);
    expect(await statuses(service, app.lobbyId)).toEqual([201, 201, 429, 201, 201]);
    expect(told[0]).toMatchObject({ fromResponse: true, retryAfter: 1, global: false, scope: 'shared' });
    for (const info of told.slice(1)) expect(info.fromResponse === false && info.retryAfter <= 1, JSON.stringify(info)).toBe(true);
    expect(waited).toBeGreaterThanOrEqual(900);
  });
}

describe('a 429 inside a known window, in-memory store', () => {
  const services: SimulatedService[] = [];
  afterAll(async () => {
    await Promise.all(services.splice(0).map((service) => service.close()));
  });
  scenarios(() => Promise.resolve(new rest.MemoryRateLimitStore()), services);
});

describe.skipIf(!haveRedisServer)('a 429 inside a known window, Redis store (skipped: no redis-server; .ci/run installs it)', () => {
  const { server, quits, services } = redisForBlock();

  async function storeFor(keyPrefix: string): Promise<RateLimitStore> {
    const client = await createClient({ url: server().url }).on('error', () => {}).connect();
    quits.push(() => client.quit());
    return new rest.RedisRateLimitStore({ client, keyPrefix });
  }

  scenarios(storeFor, services);

  it("another process of the fleet, during the 429's block: it waits the 429's Retry-After, not the minute's end, and goes", async () => {
    const { sim, service, app } = await world(services, 'Fleet Window');
    const toldA: RateLimitInfo[] = [];
    const toldB: RateLimitInfo[] = [];
    const a = clientOn(service, app.botToken, await storeFor('{429-window-fleet}:'), toldA);
    const b = clientOn(service, app.botToken, await storeFor('{429-window-fleet}:'), toldB);
    await a.sendLobbyMessage(app.lobbyId, { content: 'a0' }, { userToken: app.userToken });
    await b.sendLobbyMessage(app.lobbyId, { content: 'b0' }, { userToken: app.userToken });
    service.failNext(FLEET_ROUTE, { status: 429, retryAfter: 1 });

    const first = a.sendLobbyMessage(app.lobbyId, { content: 'a1' }, { userToken: app.userToken });
    // onRateLimited is told after the store has blocked the bucket: B's take sees the block.
    await new Promise<void>((resolve, reject) => {
      const poll = setInterval(() => {
        if (toldA.length > 0) {
          clearInterval(poll);
          resolve();
        }
      }, 5);
      first.catch((error: unknown) => {
        clearInterval(poll);
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
    await Promise.all([first, b.sendLobbyMessage(app.lobbyId, { content: 'b1' }, { userToken: app.userToken })]);

    expect(lobbyContents(sim, app.lobbyId).slice(0, 2)).toEqual(['a0', 'b0']);
    expect(new Set(lobbyContents(sim, app.lobbyId).slice(2))).toEqual(new Set(['a1', 'b1']));
    // One 429 in all: B did not send into the block.
    expect((await statuses(service, app.lobbyId)).filter((status) => status === 429)).toHaveLength(1);
    expect(toldA[0]).toMatchObject({ fromResponse: true, retryAfter: 1 });
    // B waited for A's block (told as a wait, not a 429), within the 429's second.
    expect(toldB.length).toBeGreaterThan(0);
    for (const info of toldB) expect(info.fromResponse === false && info.retryAfter <= 1, JSON.stringify(info)).toBe(true);
  });
});
