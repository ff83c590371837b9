// The global limit across a fleet: a 429 with `X-RateLimit-Global` holds every route of every
// process sharing the RedisRateLimitStore, not only the process that met it ("Global rate limits
// apply to the total number of requests a bot or user makes, independent of any per-route
// limits": discord-api-docs, developers/topics/rate-limits.mdx). Two RestClients, each with its own Redis
// connection as two processes would have, against the served simulator; the service is told to
// answer one global 429 (`failNext`).
import { createRequire } from 'node:module';
import * as path from 'node:path';

import { createClient } from 'redis';
import { describe, expect, it } from 'vitest';

import { countAnswers, readRequestLog, redisForBlock } from './fleet-helpers.js';
import { until } from './helpers.js';
import { haveRedisServer } from './redis-server.js';
import { root, sdk, type SimulatedService } from './sdk.js';

const rest = createRequire(import.meta.url)(path.join(root, 'dist', 'rest', 'index.js')) as typeof import('../lib/rest/index.js');
type RateLimitInfo = import('../lib/rest/index.js').RateLimitInfo;

describe.skipIf(!haveRedisServer)('the global limit across a fleet (skipped: no redis-server; .ci/run installs it)', () => {
  const { server, quits, services } = redisForBlock();
  let service: SimulatedService;

  async function processOf(botToken: string, seen: RateLimitInfo[]) {
    const client = await createClient({ url: server().url }).on('error', () => {}).connect();
    quits.push(() => client.quit());
    const rateLimitStore = new rest.RedisRateLimitStore({ client, keyPrefix: '{fleet-global}:' });
    return new rest.RestClient({ token: botToken, baseUrl: service.apiBase, rateLimitStore, onRateLimited: (info) => void seen.push(info) });
  }

  it("one process's global 429 holds the other's requests on another route until it ends: one 429 in all", async () => {
    const sim = new sdk.Simulator({ clock: 'real-time' });
    service = await sim.listen({ rateLimits: 'off' });
    services.push(service);
    const botToken = service.issueBotToken();
    const seenA: RateLimitInfo[] = [];
    const seenB: RateLimitInfo[] = [];
    const [a, b] = [await processOf(botToken, seenA), await processOf(botToken, seenB)];
    const lobby = await a.createLobby({});
    service.failNext('GET /lobbies/{lobby_id}', { status: 429, scope: 'global', retryAfter: 1 });

    const first = a.getLobby(lobby.id);
    await until(() => seenA.length > 0, "A's 429");
    expect(seenA[0]).toMatchObject({ global: true, fromResponse: true });
    const second = await b.createLobby({});
    expect((await first).id).toBe(lobby.id);
    expect(second.id).not.toBe(lobby.id);
    // B did not send into the global limit: it waited, told as a wait, not a 429.
    expect(seenB.map(({ global, fromResponse }) => ({ global, fromResponse }))).toEqual([{ global: true, fromResponse: false }]);
    const log = await readRequestLog(service);
    expect(log.filter((entry) => entry.status === 429)).toHaveLength(1);
    expect(countAnswers(log, String(lobby.id)).other).toBe(0);
  });
});
