// A local RPC client (a rich-presence tool, here @xhayper/discord-rpc) talks to the player's
// simulated chat client over its IPC socket: READY with the player, a rich presence set with
// SET_ACTIVITY, a guild's GUILD_STATUS; then the chat client quits (ERROR, disconnected) and comes
// back (READY again). The socket is made in a temporary directory the client finds through
// XDG_RUNTIME_DIR, as it finds the real chat client's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@xhayper/discord-rpc';
import { Simulator } from 'social-sdk-node';

const sim = new Simulator();
const game = sim.createApplication({ name: 'Harbor Raid' });
const ada = sim.createUser({ username: 'ada' });
const guild = sim.createGuild({ name: 'Raiders', owner: ada });
const ipcDirectory = mkdtempSync(join(tmpdir(), 'chat-client-'));
process.env.XDG_RUNTIME_DIR = ipcDirectory;
const chat = sim.chatClient(ada);
const rpc = await chat.serveRpc({ ipcDirectory });
try {
  const tool = new Client({ clientId: game.id });
  await tool.login();
  console.log(`READY as ${tool.user.username}`);
  await tool.user.setActivity({ details: 'Harbor, duo', state: 'In a match' });
  console.log(`activity set: ${rpc.connections[0].activity.details}`);
  const status = new Promise((resolve) => tool.once('GUILD_STATUS', resolve));
  await tool.subscribe('GUILD_STATUS', { guild_id: guild.id });
  console.log(`GUILD_STATUS: ${(await status).guild.name}`);

  const gone = new Promise((resolve) => tool.once('disconnected', resolve));
  tool.once('ERROR', (error) => console.log(`ERROR ${error.code}: ${error.message}`));
  chat.stop();
  await gone;
  console.log('disconnected');
  chat.start();
  await rpc.whenListening();
  const again = new Client({ clientId: game.id });
  await again.login();
  console.log(`READY again as ${again.user.username}`);
  await again.destroy();
} finally {
  await rpc.close();
  rmSync(ipcDirectory, { recursive: true, force: true });
}
