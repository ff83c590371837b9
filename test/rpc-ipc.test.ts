// The simulated chat client's local RPC over IPC, driven by a well-kept RPC client
// (@xhayper/discord-rpc) over a real Unix socket. Sources: the platform document ("RPC over IPC
// events: READY, ERROR, GUILD_STATUS"; "the SDK re-subscribes after the chat client disconnects and
// reconnects"), public docs topics/rpc.mdx ("RPC over IPC": IPC path, handshake, opcodes; READY,
// ERROR, GUILD_STATUS, SUBSCRIBE) and opcodes-and-status-codes.mdx (RPC error and close codes).
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as RpcClient } from '@xhayper/discord-rpc';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { until, world } from './helpers.js';
import type { ChatClientRpc } from './sdk.js';

let directory = '';
let savedRuntimeDir: string | undefined;
const cleanups: (() => Promise<void> | void)[] = [];

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'sim-rpc-'));
  savedRuntimeDir = process.env.XDG_RUNTIME_DIR;
  // The client looks for discord-ipc-N in $XDG_RUNTIME_DIR first (topics/rpc.mdx "IPC Path").
  process.env.XDG_RUNTIME_DIR = directory;
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  if (savedRuntimeDir === undefined) delete process.env.XDG_RUNTIME_DIR;
  else process.env.XDG_RUNTIME_DIR = savedRuntimeDir;
  rmSync(directory, { recursive: true, force: true });
});

async function setup() {
  const w = world();
  const chat = w.sim.chatClient(w.user);
  const rpc: ChatClientRpc = await chat.serveRpc({ ipcDirectory: directory });
  cleanups.push(() => rpc.close());
  return { ...w, chat, rpc };
}

function rpcClient(clientId: string): RpcClient {
  const client = new RpcClient({ clientId });
  cleanups.push(() => client.destroy().catch(() => undefined));
  return client;
}

describe('RPC over IPC: connecting', () => {
  it('listens on discord-ipc-0 in the chosen directory; a client connects and gets READY with the user', async () => {
    const { app, user, rpc } = await setup();
    expect(rpc.path).toBe(join(directory, 'discord-ipc-0'));
    const client = rpcClient(app.id);
    await client.login();
    // topics/rpc.mdx "Ready Dispatch Data Structure": v, config, the user to whom you are connected.
    expect(client.user?.id).toBe(user.id);
    expect(client.user?.username).toBe('alice');
    expect(rpc.connections).toEqual([{ applicationId: app.id, guildStatus: [], activity: null }]);
  });

  it('a second server in the same directory takes discord-ipc-1', async () => {
    const { sim, rpc } = await setup();
    const bob = sim.createUser({ username: 'bob' });
    const other = await sim.chatClient(bob).serveRpc({ ipcDirectory: directory });
    cleanups.push(() => other.close());
    expect(rpc.path).toBe(join(directory, 'discord-ipc-0'));
    expect(other.path).toBe(join(directory, 'discord-ipc-1'));
  });

  it('an unknown client_id: the library cannot log in (the close code is checked in rpc-ipc-framing.test.ts)', async () => {
    await setup();
    const client = rpcClient('123456789012345678');
    await expect(client.login()).rejects.toThrow();
  });

  it('serveRpc refuses bad options and unknown users, making nothing', async () => {
    const { sim } = await setup();
    await expect(sim.chatClient('999').serveRpc({ ipcDirectory: directory })).rejects.toThrow(RangeError);
    await expect(sim.chatClient(sim.createUser({ username: 'carol' })).serveRpc({} as never)).rejects.toThrow(TypeError);
    expect(existsSync(join(directory, 'discord-ipc-1'))).toBe(false);
  });
});

describe('RPC over IPC: commands and events', () => {
  it('SUBSCRIBE GUILD_STATUS answers the guild (name, icon_url, online 0); again when a member joins', async () => {
    const { sim, app, user, rpc } = await setup();
    const guild = sim.createGuild({ name: 'Lounge', owner: user });
    const client = rpcClient(app.id);
    await client.login();
    const statuses: unknown[] = [];
    client.on('GUILD_STATUS', (data) => statuses.push(data));
    await client.subscribe('GUILD_STATUS', { guild_id: guild.id });
    await until(() => statuses.length === 1, 'GUILD_STATUS');
    expect(statuses[0]).toEqual({ guild: { id: guild.id, name: 'Lounge', icon_url: null }, online: 0 });
    expect(rpc.connections[0]?.guildStatus).toEqual([guild.id]);
    // topics/rpc.mdx: GUILD_STATUS is "sent when a subscribed server's state changes".
    sim.addGuildMember(guild, sim.createUser({ username: 'dora' }));
    await until(() => statuses.length === 2, 'GUILD_STATUS after a member joined');
    rpc.guildStatusChanged();
    await until(() => statuses.length === 3, 'GUILD_STATUS when the harness says so');
  });

  it("GUILD_STATUS of a guild the user is not in is an ERROR 4003 (Invalid guild); of another event 4004", async () => {
    const { sim, app } = await setup();
    const bob = sim.createUser({ username: 'bob' });
    const guild = sim.createGuild({ name: 'Private', owner: bob });
    const client = rpcClient(app.id);
    await client.login();
    await expect(client.subscribe('GUILD_STATUS', { guild_id: guild.id })).rejects.toMatchObject({ code: 4003 });
    await expect(client.subscribe('NO_SUCH_EVENT' as never, {})).rejects.toMatchObject({ code: 4004 });
    await expect(client.request('NO_SUCH_COMMAND' as never)).rejects.toMatchObject({ code: 4002 });
  });

  it('SET_ACTIVITY (what a presence library sends once connected) is kept; a type other than 0, 2, 3, 5 is refused', async () => {
    const { app, rpc } = await setup();
    const client = rpcClient(app.id);
    await client.login();
    await client.user!.setActivity({ details: 'In a match', state: 'Ranked', type: 0 });
    expect(rpc.connections[0]?.activity).toMatchObject({ details: 'In a match', state: 'Ranked', type: 0 });
    // topics/rpc.mdx: "limited to a type of Playing (0), Listening (2), Watching (3), or Competing (5)".
    await expect(client.request('SET_ACTIVITY', { pid: process.pid, activity: { type: 4, state: 'x' } })).rejects.toMatchObject({ code: 4000 });
    await client.user!.clearActivity();
    expect(rpc.connections[0]?.activity).toBeNull();
  });
});

describe('RPC over IPC: the chat client goes down and comes back', () => {
  it('stop: the client gets ERROR and is disconnected, the socket goes; start: it connects again and gets READY', async () => {
    const { app, user, chat, rpc } = await setup();
    const client = rpcClient(app.id);
    await client.login();
    const errors: unknown[] = [];
    let disconnected = 0;
    client.on('ERROR', (data) => errors.push(data));
    client.on('disconnected', () => disconnected++);
    chat.stop();
    await until(() => disconnected >= 1, 'disconnected');
    expect(errors).toEqual([{ code: 1000, message: 'The chat client quit' }]);
    await expect(rpc.whenListening()).rejects.toThrow(/not running/);
    expect(existsSync(join(directory, 'discord-ipc-0'))).toBe(false);
    expect(chat.rpcConnected).toBe(false);

    chat.start();
    expect(await rpc.whenListening()).toBe(join(directory, 'discord-ipc-0'));
    const again = rpcClient(app.id);
    await again.login();
    expect(again.user?.id).toBe(user.id);
  });

  it('authorize requests still reach an SDK client after a stop and start (the SDK re-subscribes)', async () => {
    const { sim, app, user, chat } = await setup();
    const game = await sim.connectClient(user, { application: app });
    cleanups.push(() => game.close());
    let asked = 0;
    game.onAuthorizeRequest(() => asked++);
    await sim.settle();
    chat.stop();
    await sim.settle();
    // While the chat client is down, it cannot ask.
    expect(() => chat.requestAccountLink(app)).toThrow(RangeError);
    chat.start();
    await sim.settle();
    expect(chat.requestAccountLink(app)).toBe(1);
    await sim.settle();
    expect(asked).toBe(1);
  });
});
