// Issue 39, "Done when": 8 processes × 250 requests (lobby messages for one player) through RestClients sharing a Redis store
// (RedisRateLimitStore) against the served simulator on real time, with a budget of 50 per second
// on one route: at most one 429 in all, and every request created once (counted on the service's
// side, from its request log). The same fleet with in-memory stores, at the same time on another
// application (budgets are per application), shows what the shared store prevents: printed, not
// asserted. Elapsed time against what the budget requires is a bench row (bench/fleet.cjs).
import { beforeAll, describe, expect, it } from 'vitest';

import { countAnswers, fleetApplication, FLEET_ROUTE, lobbyContents, redisForBlock, startWorker, watchRequests } from './fleet-helpers.js';
import { haveRedisServer } from './redis-server.js';
import { sdk, type SimulatedService } from './sdk.js';

const PROCESSES = 8;
const REQUESTS = 250;
const BUDGET = { limit: 50, windowMs: 1000 };

describe.skipIf(!haveRedisServer)('a fleet sharing one rate-limit budget through Redis (skipped: no redis-server; .ci/run installs it)', () => {
  const block = redisForBlock();
  let service: SimulatedService;
  let sim: InstanceType<typeof sdk.Simulator>;
  beforeAll(async () => {
    sim = new sdk.Simulator({ clock: 'real-time' });
    service = await sim.listen();
    block.services.push(service);
    service.setRateLimit(FLEET_ROUTE, BUDGET);
  });

  it(`${PROCESSES} processes × ${REQUESTS} requests on a budget of 50 per second: at most one 429, none lost or sent twice (the service's request log counts them)`, async () => {
    const shared = fleetApplication(sim, service, 'Fleet Shared');
    const local = fleetApplication(sim, service, 'Fleet Local');
    const log = watchRequests(service);
    const fleet = (app: typeof shared, redisUrl: string | undefined) =>
      Promise.all(
        Array.from({ length: PROCESSES }, (_, i) =>
          startWorker({ apiBase: service.apiBase, botToken: app.botToken, userToken: app.userToken, lobbyId: app.lobbyId, name: `p${i}`, count: REQUESTS, ...(redisUrl ? { redisUrl, keyPrefix: `{fleet-${app.applicationId}}:` } : {}) }).done,
        ),
      );
    const [sharedResults, localResults] = await Promise.all([fleet(shared, block.server().url), fleet(local, undefined)]);
    const requests = await log.stop();

    const sharedCounts = countAnswers(requests, shared.lobbyId);
    const localCounts = countAnswers(requests, local.lobbyId);
    console.log(
      `fleet of ${PROCESSES} × ${REQUESTS} on ${BUDGET.limit}/s: Redis store ${sharedCounts.tooMany} 429s (clients saw ${sharedResults.reduce((n, r) => n + r.tooMany, 0)}), ` +
        `${Math.max(...sharedResults.map((r) => r.elapsedMs))} ms; in-memory stores ${localCounts.tooMany} 429s (clients saw ${localResults.reduce((n, r) => n + r.tooMany, 0)}), ` +
        `${Math.max(...localResults.map((r) => r.elapsedMs))} ms`,
    );
    expect(sharedCounts).toEqual({ created: PROCESSES * REQUESTS, tooMany: expect.any(Number), other: 0 });
    expect(sharedCounts.tooMany).toBeLessThanOrEqual(1);
    // The lobby as the service keeps it (its newest 200 messages): each once, each process's in its order.
    const contents = lobbyContents(sim, shared.lobbyId);
    expect(contents.length).toBeGreaterThan(0);
    expect(new Set(contents).size).toBe(contents.length);
    for (let p = 0; p < PROCESSES; p++) {
      const mine = contents.filter((content) => content.startsWith(`p${p} `)).map((content) => Number(content.split(' ')[1]));
      expect(mine).toEqual([...mine].sort((a, b) => a - b));
      if (mine.length > 0) expect(mine.at(-1)).toBe(REQUESTS - 1);
    }
    expect(sharedResults.every((result) => result.warnings.length === 0 && !result.degraded)).toBe(true);
    // The in-memory fleet also gets every message through, once: the 429s are what it costs.
    expect(localCounts.created).toBe(PROCESSES * REQUESTS);
  }, 120_000);
});
