// Issue 39, "Done when": Redis stopped in the middle of a run — requests continue on local limits
// with one warning; when Redis is back the shared budget resumes. Two processes of a fleet share a
// RedisRateLimitStore; the test stops the real redis-server between their first and second third,
// and starts it again (empty: no persistence) before the last. Counts only, from the service's log.
import { createClient } from 'redis';
import { beforeAll, describe, expect, it } from 'vitest';

import { countAnswers, fleetApplication, FLEET_ROUTE, redisForBlock, startWorker, watchRequests } from './fleet-helpers.js';
import { haveRedisServer } from './redis-server.js';
import { sdk, type SimulatedService } from './sdk.js';

const PROCESSES = 2;
const REQUESTS = 60;

describe.skipIf(!haveRedisServer)('a fleet whose Redis goes away and comes back (skipped: no redis-server; .ci/run installs it)', () => {
  const block = redisForBlock();
  let service: SimulatedService;
  let sim: InstanceType<typeof sdk.Simulator>;
  beforeAll(async () => {
    sim = new sdk.Simulator({ clock: 'real-time' });
    service = await sim.listen();
    block.services.push(service);
    service.setRateLimit(FLEET_ROUTE, { limit: 50, windowMs: 1000 });
  });

  it('goes on with local limits and one warning per process while Redis is stopped, and back to the shared budget when it returns', async () => {
    const redis = block.server();
    const app = fleetApplication(sim, service, 'Fleet Outage');
    const keyPrefix = `{fleet-${app.applicationId}}:`;
    const log = watchRequests(service);
    const workers = Array.from({ length: PROCESSES }, (_, i) =>
      startWorker({ apiBase: service.apiBase, botToken: app.botToken, userToken: app.userToken, lobbyId: app.lobbyId, name: `p${i}`, count: REQUESTS, redisUrl: redis.url, keyPrefix, pauseAt: [20, 40] }),
    );

    const first = await Promise.all(workers.map((worker) => worker.nextLine()));
    expect(first.map((line) => [line['warnings'], line['degraded']])).toEqual(workers.map(() => [[], false]));
    await redis.stop();
    for (const worker of workers) worker.resume();
    const second = await Promise.all(workers.map((worker) => worker.nextLine()));
    // Each process was told once, however many requests it sent meanwhile.
    for (const line of second) {
      expect(line['degraded']).toBe(true);
      expect(line['warnings']).toHaveLength(1);
    }

    await redis.start();
    for (const worker of workers) worker.resume('ready');
    const results = await Promise.all(workers.map((worker) => worker.done));
    for (const result of results) {
      expect(result).toMatchObject({ degraded: false, recovered: 1 });
      expect(result.warnings).toHaveLength(1);
    }
    // The restarted (empty) Redis holds the fleet's bucket again: the shared budget resumed.
    const check = await createClient({ url: redis.url }).on('error', () => {}).connect();
    try {
      const keys = await check.keys(`${keyPrefix}b:*`);
      expect(keys.length).toBeGreaterThan(0);
    } finally {
      await check.quit();
    }
    const counts = countAnswers(await log.stop(), app.lobbyId);
    expect(counts.created).toBe(PROCESSES * REQUESTS);
    expect(counts.other).toBe(0);
  }, 60_000);
});
