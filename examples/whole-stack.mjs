// One simulated world for a whole game stack: a served world (here `npx social-sdk-node sim`, as a
// child process), a player's game in another process that knows nothing but SOCIAL_SDK_SIMULATOR,
// and this process as the test runner driving the world's harness through its URL.
//   node examples/whole-stack.mjs
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { createInterface } from 'node:readline';

import { Client, Simulator } from 'social-sdk-node';

const require = createRequire(import.meta.url);
const cli = path.join(path.dirname(require.resolve('social-sdk-node')), 'bin', 'social-sdk-node.js');

// 1. Serve a world (any process can: `sim.listen()` gives `service.harnessUrl` too).
const served = spawn(process.execPath, [cli, 'sim', '--port', '0', '--json'], { stdio: ['ignore', 'pipe', 'inherit'] });
const [line] = await once(createInterface({ input: served.stdout }), 'line');
const { harnessUrl } = JSON.parse(line);

// 2. The harness, from this process: users, tokens, the clock, faults, all in the served world.
const sim = new Simulator({ url: harnessUrl });
const ada = sim.createUser({ username: 'ada' });
const bo = sim.createUser({ username: 'bo' });
const app = sim.defaultApplication;

// 3. Bo's game, in a process of its own: an unmodified client, pointed at the world by the
//    environment alone. It joins the lobby and answers the first message it reads.
const game = `
  const { Client } = require('social-sdk-node');
  const client = new Client({ applicationId: process.env.APP });
  client.on('messageCreated', async (m) => {
    if (m.authorId === client.currentUser.id) return;
    await client.sendLobbyMessage(m.lobbyId, 'hi ada, bo here (from pid ' + process.pid + ')');
    await client.close();
  });
  (async () => {
    await client.updateToken(process.env.TOKEN);
    await client.connect();
    await client.createOrJoinLobby('stack-demo');
    console.log('[bo] ready in the lobby');
  })();
`;
const bosGame = spawn(process.execPath, ['-e', game], {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, SOCIAL_SDK_SIMULATOR: harnessUrl, APP: app.id, TOKEN: sim.issueToken(bo, app).accessToken },
});
const boReady = once(createInterface({ input: bosGame.stdout }), 'line');

// 4. Ada's client in this process, a client of the same served world.
const client = new Client({ simulator: harnessUrl, applicationId: app.id });
await client.updateToken(sim.issueToken(ada, app).accessToken);
await client.connect();
const lobbyId = await client.createOrJoinLobby('stack-demo');
console.log(String((await boReady)[0]));
const reply = new Promise((resolve) => client.on('messageCreated', (m) => m.authorId === bo.id && resolve(m)));
await client.sendLobbyMessage(lobbyId, 'hello bo, ada here');
console.log(`[ada] got: ${(await reply).content.replace(/\d+\)$/, 'N)')}`);
console.log(`[ada] lobby members: ${client.getLobby(lobbyId).members.length}`);

await client.close();
await once(bosGame, 'exit');
served.kill('SIGINT');
await once(served, 'exit');
console.log('stack stopped');
