// A fleet of game-server processes on one rate-limit budget: each process has its own RestClient,
// and every client keeps its rate limits in the same Redis (RedisRateLimitStore), so together they
// spend the application's budget once. Here against `npx social-sdk-node sim` (started below, as a
// child process), whose development budget allows 100 lobby messages per 2 hours:
// four processes send 25 each, then a 101st is refused before it is sent.
//   REDIS_URL=redis://127.0.0.1:6379 node examples/fleet.mjs
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

import { createClient } from 'redis';
import { Simulator } from 'social-sdk-node';
import { RedisRateLimitStore, RestClient } from 'social-sdk-node/rest';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** One game server of the fleet: its own Redis connection and RestClient, the fleet's key prefix. */
async function gameServer({ apiBase, botToken, keyPrefix }) {
  // Commands fail at once while Redis is away (the store then uses this process's own limits,
  // with one warning); node-redis reconnects by itself.
  const redis = await createClient({ url: REDIS_URL, disableOfflineQueue: true }).on('error', () => {}).connect();
  let tooMany = 0;
  const rest = new RestClient({
    token: botToken,
    baseUrl: apiBase,
    rateLimitStore: new RedisRateLimitStore({ client: redis, keyPrefix }),
    onRateLimited: (info) => (tooMany += info.fromResponse ? 1 : 0),
    rejectOnRateLimit: (info) => info.retryAfter > 60, // never wait hours in an example
  });
  return { rest, redis, tooMany: () => tooMany };
}

if (process.argv[2] === 'worker') {
  // A worker process: 25 lobby messages for the player, then its count of 429s.
  const { LOBBY, USER_TOKEN, NAME } = process.env;
  const server = await gameServer(JSON.parse(process.env.FLEET));
  await Promise.all(Array.from({ length: 25 }, (_, i) => server.rest.sendLobbyMessage(LOBBY, { content: `${NAME} #${i}` }, { userToken: USER_TOKEN })));
  console.log(JSON.stringify({ tooMany: server.tooMany() }));
  await server.redis.quit();
} else {
  // 1. The served world: `npx social-sdk-node sim --clock real-time`, and its harness.
  const cli = path.join(path.dirname(createRequire(import.meta.url).resolve('social-sdk-node')), 'bin', 'social-sdk-node.js');
  const served = spawn(process.execPath, [cli, 'sim', '--port', '0', '--json', '--clock', 'real-time'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = await once(createInterface({ input: served.stdout }), 'line');
  const { apiBase, harnessUrl, applications } = JSON.parse(line);
  const sim = new Simulator({ url: harnessUrl });
  const ada = sim.createUser({ username: 'ada' });
  const lobby = sim.createLobby({ application: sim.defaultApplication });
  sim.bulkUpdateLobbyMembers(lobby, [{ user: ada }]);
  const fleet = { apiBase, botToken: applications[0].botToken, keyPrefix: `{fleet-example-${applications[0].id}}:` };

  // 2. Four game servers, each a process of its own, sending for the same player at once.
  const env = { ...process.env, FLEET: JSON.stringify(fleet), LOBBY: String(lobby), USER_TOKEN: sim.issueToken(ada, sim.defaultApplication).accessToken };
  const workers = Array.from({ length: 4 }, (_, i) => spawn(process.execPath, [fileURLToPath(import.meta.url), 'worker'], { env: { ...env, NAME: `server-${i}` }, stdio: ['ignore', 'pipe', 'inherit'] }));
  const counts = await Promise.all(workers.map(async (worker) => JSON.parse(String((await once(createInterface({ input: worker.stdout }), 'line'))[0])).tooMany));
  console.log(`4 processes sent 100 messages on one budget; 429s from the service: ${counts.reduce((a, b) => a + b, 0)}`);

  // 3. The budget is spent for the whole fleet: a fifth server's request is refused before it goes.
  const fifth = await gameServer(fleet);
  try {
    await fifth.rest.sendLobbyMessage(lobby, { content: 'one too many' }, { userToken: env.USER_TOKEN });
  } catch (error) {
    console.log(`the 101st: ${error.type} before it was sent (429s: ${fifth.tooMany()})`);
  }
  await fifth.redis.quit();
  served.kill('SIGINT');
  await once(served, 'exit');
}
