// What a RedisRateLimitStore costs the fleet's Redis (docs/fleets.md; our choice, as the store is):
// a response's learning goes with the process's next take, in one script, so a process's requests
// cost one script each, not two (a take and a learning), and what they learned still reaches the
// other processes.
import { createRequire } from 'node:module';
import * as path from 'node:path';

import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { countAnswers, fleetApplication, FLEET_ROUTE, readRequestLog } from './fleet-helpers.js';
import { haveRedisServer, RedisServer } from './redis-server.js';
import { root, sdk, type SimulatedService } from './sdk.js';

const rest = createRequire(import.meta.url)(path.join(root, 'dist', 'rest', 'index.js')) as typeof import('../lib/rest/index.js');

/** How many EVALSHA the Redis server ran since its statistics were reset. */
async function evalShaCalls(client: { info(section: string): Promise<string> }): Promise<number> {
  const info = await client.info('commandstats');
  return Number(/cmdstat_evalsha:calls=(\d+)/.exec(info)?.[1] ?? 0);
}

describe.skipIf(!haveRedisServer)('the Redis commands of a RedisRateLimitStore (skipped: no redis-server; .ci/run installs it)', () => {
  let redis: RedisServer;
  let service: SimulatedService | undefined;
  const quits: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    redis = await RedisServer.start();
  });
  afterAll(async () => {
    await Promise.all(quits.map((quit) => quit()));
    await service?.close();
    await redis?.close();
  });

  async function connect() {
    const client = await createClient({ url: redis.url }).on('error', () => {}).connect();
    quits.push(() => client.quit());
    return client;
  }

  it('20 requests one after another run 21 scripts: each take carries the last answer, the last answer goes alone', async () => {
    const sim = new sdk.Simulator({ clock: 'real-time' });
    service = await sim.listen();
    service.setRateLimit(FLEET_ROUTE, { limit: 1000, windowMs: 60_000 });
    const app = fleetApplication(sim, service, 'Commands');
    const admin = await connect();
    const store = new rest.RedisRateLimitStore({ client: await connect(), keyPrefix: '{commands}:' });
    const client = new rest.RestClient({ token: app.botToken, baseUrl: service.apiBase, rateLimitStore: store });
    // The script is loaded and the bucket learned before counting.
    await client.sendLobbyMessage(app.lobbyId, { content: 'first' }, { userToken: app.userToken });
    await new Promise((resolve) => setImmediate(resolve));
    await admin.configResetStat();
    for (let i = 0; i < 20; i++) await client.sendLobbyMessage(app.lobbyId, { content: `m${i}` }, { userToken: app.userToken });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await evalShaCalls(admin)).toBe(21);
    expect(countAnswers(await readRequestLog(service), app.lobbyId)).toEqual({ created: 21, tooMany: 0, other: 0 });

    // The last answer reached Redis: the bucket's state there is the 21st answer's (1,000 - 21 left).
    const buckets = (await admin.keys('{commands}:b:bucket *')).filter((key) => !key.endsWith(':in-flight'));
    expect(buckets).toHaveLength(1);
    expect(await admin.hGet(buckets[0]!, 'remaining')).toBe('979');
    expect(await admin.zCard(`${buckets[0]!}:in-flight`)).toBe(0);
  });
});
