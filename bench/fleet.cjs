// Issue 39's rows: the cost of a shared rate-limit store, and what a fleet on one budget takes.
//   1. REST requests per second through one RestClient whose rate limits are in Redis
//      (RedisRateLimitStore: two scripts per request, take and learn) against the same client
//      with the in-memory store: lobby messages to 100 lobbies, 100 in flight, against the
//      served simulator with a budget far above the rate (so every answer carries bucket
//      headers and nothing waits). Median of `runs`, alternating. Target >= 0.5x.
//   2. A fleet of 8 processes x 250 lobby messages sharing a Redis store on a budget of 50 per
//      second (the fleet test's run, test/fleet-rate-limits.test.ts): elapsed from their common
//      start to the last answer, against what the budget requires (2,000 requests at 50 per
//      window: the last window opens 39 s after the first). Target <= 1.1x.
// Needs redis-server (.ci/run installs it); left out, saying so, when absent.
'use strict';
const { spawn } = require('node:child_process');
const path = require('node:path');

const { Simulator } = require('../dist/index.js');
const { RestClient, RedisRateLimitStore } = require('../dist/rest/index.js');
const { RedisServer, haveRedisServer } = require('../test/fixtures/redis-server.cjs');

const ROUTE = 'POST /lobbies/:lobby/messages';
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** An application with `lobbies` lobbies, one member in each, and the member's token. */
function world(sim, service, name, lobbies) {
  const application = sim.createApplication({ name });
  const user = sim.createUser({ username: `${name.toLowerCase()}-player` });
  const lobbyIds = Array.from({ length: lobbies }, () => {
    const lobbyId = sim.createLobby({ application });
    sim.bulkUpdateLobbyMembers(lobbyId, [{ user }]);
    return String(lobbyId);
  });
  return { lobbyIds, botToken: service.issueBotToken(application), userToken: sim.issueToken(user, application).accessToken };
}

async function rate(client, app, count) {
  let next = 0;
  const start = process.hrtime.bigint();
  await Promise.all(
    app.lobbyIds.map(async (lobbyId) => {
      while (next < count) {
        next += 1;
        await client.sendLobbyMessage(lobbyId, { content: 'bench' }, { userToken: app.userToken });
      }
    }),
  );
  return count / (Number(process.hrtime.bigint() - start) / 1e9);
}

async function storeThroughput(redis, runs, requests, log) {
  const { createClient } = require('redis');
  const sim = new Simulator();
  const service = await sim.listen();
  service.setRateLimit(ROUTE, { limit: 1_000_000_000, windowMs: 60_000 });
  const app = world(sim, service, 'Bench', 100);
  const redisClient = await createClient({ url: redis.url }).on('error', () => {}).connect();
  const memory = new RestClient({ token: app.botToken, baseUrl: service.apiBase });
  const shared = new RestClient({ token: app.botToken, baseUrl: service.apiBase, rateLimitStore: new RedisRateLimitStore({ client: redisClient, keyPrefix: '{bench}:' }) });
  await rate(memory, app, 500); // warm up both paths and the connection pool
  await rate(shared, app, 500);
  const viaMemory = [];
  const viaRedis = [];
  for (let run = 0; run < runs; run++) {
    viaMemory.push(await rate(memory, app, requests));
    viaRedis.push(await rate(shared, app, requests));
  }
  await redisClient.quit();
  await service.close();
  const figures = { requests, redisPerSecond: Math.round(median(viaRedis)), memoryPerSecond: Math.round(median(viaMemory)), ratio: median(viaRedis) / median(viaMemory) };
  log(`  Redis store ${figures.redisPerSecond} req/s, in-memory ${figures.memoryPerSecond} req/s (baseline): ${figures.ratio.toFixed(2)}x  (target >= 0.50x)`);
  return figures;
}

/** Starts a worker of test/fixtures/fleet-worker.mjs that waits for `go` before its first message. */
function worker(env) {
  const child = spawn(process.execPath, [path.join(__dirname, '..', 'test', 'fixtures', 'fleet-worker.mjs')], { env: { ...process.env, ...env, PAUSE_AT: '0' }, stdio: ['pipe', 'pipe', 'inherit'] });
  let stdout = '';
  let onLine;
  child.stdout.on('data', (chunk) => {
    stdout += chunk.toString();
    onLine?.();
  });
  const lines = () => stdout.split('\n').filter(Boolean);
  const paused = new Promise((resolve) => (onLine = () => lines().length >= 1 && resolve()));
  const done = new Promise((resolve, reject) => child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(lines().at(-1))) : reject(new Error(`fleet worker exited ${code}`)))));
  return { paused, go: () => child.stdin.write('go\n'), done };
}

async function fleetElapsed(redis, processes, requests, log) {
  const budget = { limit: 50, windowMs: 1000 };
  const sim = new Simulator({ clock: 'real-time' });
  const service = await sim.listen();
  service.setRateLimit(ROUTE, budget);
  const app = world(sim, service, 'Fleet', 1);
  const workers = Array.from({ length: processes }, (_, i) =>
    worker({ API_BASE: service.apiBase, BOT_TOKEN: app.botToken, USER_TOKEN: app.userToken, LOBBY_ID: app.lobbyIds[0], NAME: `p${i}`, COUNT: String(requests), REDIS_URL: redis.url, KEY_PREFIX: '{bench-fleet}:' }),
  );
  await Promise.all(workers.map((w) => w.paused));
  for (const w of workers) w.go();
  const results = await Promise.all(workers.map((w) => w.done));
  await service.close();
  const total = processes * requests;
  const requiredMs = (Math.ceil(total / budget.limit) - 1) * budget.windowMs;
  const elapsedMs = Math.max(...results.map((r) => r.elapsedMs));
  const figures = { processes, requests, tooMany: results.reduce((n, r) => n + r.tooMany, 0), elapsedMs, requiredMs, ratio: elapsedMs / requiredMs };
  log(`  ${processes} x ${requests} on ${budget.limit}/s: ${(elapsedMs / 1000).toFixed(1)} s, the budget requires ${(requiredMs / 1000).toFixed(1)} s: ${figures.ratio.toFixed(3)}x  (target <= 1.10x); ${figures.tooMany} 429s`);
  return figures;
}

/** Both rows; undefined when redis-server is absent. */
async function fleetBench(runs, requests, fleetRequests, log) {
  if (!haveRedisServer) {
    log('  left out: no redis-server (.ci/run installs it)');
    return undefined;
  }
  const redis = await RedisServer.start();
  try {
    const figures = {};
    if (requests > 0) figures.store = await storeThroughput(redis, runs, requests, log);
    if (fleetRequests > 0) figures.fleet = await fleetElapsed(redis, 8, fleetRequests, log);
    return figures;
  } finally {
    await redis.close();
  }
}

module.exports = { fleetBench };

if (require.main === module) {
  fleetBench(Number(process.env.BENCH_RUNS ?? 5), Number(process.env.BENCH_FLEET_REQUESTS ?? 5000), Number(process.env.BENCH_FLEET_SIZE ?? 250), console.log).catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
