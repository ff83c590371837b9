// `social-sdk-node sim`: the simulated service as a standalone process, driven over HTTP from
// another process (this test), stopped cleanly by SIGINT; its world on real time by default.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

import { root } from './sdk.js';
import { fixturePath } from './helpers.js';

const BIN = path.join(root, 'dist', 'bin', 'social-sdk-node.js');

function start(args: string[]) {
  const child = spawn(process.execPath, [BIN, 'sim', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, stderr: () => stderr };
}

describe('social-sdk-node sim', () => {
  it('serves the world file over HTTP, prints its URL and tokens, and stops on SIGINT', async () => {
    const { child } = start(['--port', '0', '--json', '--world', fixturePath('sim-world.json')]);
    const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
    const world = JSON.parse(line) as {
      apiBase: string;
      applications: { id: string; name: string; botToken: string; clientSecret: string }[];
      users: { id: string; username: string; accessTokens: Record<string, string> }[];
      guilds: { id: string; channels: { name: string; id: string }[] }[];
    };
    const [app] = world.applications;
    expect(app!.name).toBe('Raid Game');
    const [alice, bob] = world.users;
    const bot = { authorization: `Bot ${app!.botToken}`, 'content-type': 'application/json' };
    const created = await fetch(`${world.apiBase}/lobbies`, { method: 'POST', headers: bot, body: JSON.stringify({ members: [{ id: alice!.id }, { id: bob!.id }] }) });
    expect(created.status).toBe(201);
    const lobby = (await created.json()) as { id: string; members: { id: string }[] };
    expect(lobby.members.map((m) => m.id)).toEqual([alice!.id, bob!.id]);
    const sent = await fetch(`${world.apiBase}/lobbies/${lobby.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bob!.accessTokens[app!.id]}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'ready' }),
    });
    expect(sent.status).toBe(201);
    const voice = world.guilds[0]!.channels.find((c) => c.name === 'Raid Voice')!;
    const status = await fetch(`${world.apiBase}/channels/${voice.id}/voice-status`, { method: 'PUT', headers: bot, body: JSON.stringify({ status: 'Raiding' }) });
    expect(status.status).toBe(204);
    // The printed client secret authenticates the application's token requests (a revoke of an unknown token: 200).
    const basic = `Basic ${Buffer.from(`${app!.id}:${app!.clientSecret}`).toString('base64')}`;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect((await fetch(`${world.apiBase}/oauth2/token/revoke`, { method: 'POST', headers: { ...form, authorization: basic }, body: 'token=unknown' })).status).toBe(200);
    expect((await fetch(`${world.apiBase}/oauth2/token/revoke`, { method: 'POST', headers: form, body: 'token=unknown' })).status).toBe(401);
    child.kill('SIGINT');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });

  /** Starts the CLI with `args`; its API base and the default application's bot token. */
  async function served(args: string[]) {
    const { child } = start(['--port', '0', '--json', ...args]);
    const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
    const world = JSON.parse(line) as { apiBase: string; applications: { botToken: string }[] };
    const createLobby = () =>
      fetch(`${world.apiBase}/lobbies`, { method: 'POST', headers: { authorization: `Bot ${world.applications[0]!.botToken}`, 'content-type': 'application/json' }, body: '{}' });
    return { child, createLobby };
  }

  /** Two lobbies created with some wall time between them: the two answers' X-RateLimit-Reset-After. */
  async function resetAfters(createLobby: () => Promise<Response>): Promise<[number, number]> {
    const first = await createLobby();
    const start = Date.now();
    while (Date.now() < start + 20) await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await createLobby();
    expect([first.status, second.status]).toEqual([201, 201]);
    return [Number(first.headers.get('x-ratelimit-reset-after')), Number(second.headers.get('x-ratelimit-reset-after'))];
  }

  it('serves on real time by default: the development window counts down with the wall clock', async () => {
    const { child, createLobby } = await served([]);
    const [first, second] = await resetAfters(createLobby);
    // POST /lobbies: 100 per 2 hours (the development limits); the window started with the first.
    expect(first).toBe(7200);
    expect(second).toBeLessThan(first);
    child.kill('SIGINT');
    expect(((await once(child, 'exit')) as [number])[0]).toBe(0);
  });

  it('--clock manual keeps the clock still: nothing in the process advances it', async () => {
    const { child, createLobby } = await served(['--clock', 'manual']);
    expect(await resetAfters(createLobby)).toEqual([7200, 7200]);
    child.kill('SIGINT');
    expect(((await once(child, 'exit')) as [number])[0]).toBe(0);
  });

  it('--open prints the inspector URL (with the harness secret in its fragment), whose page and state it serves', async () => {
    // No display: --open only prints (it opens a browser only where there is a desktop).
    const env = { ...process.env, DISPLAY: '', WAYLAND_DISPLAY: '' };
    const child = spawn(process.execPath, [BIN, 'sim', '--port', '0', '--open'], { stdio: ['ignore', 'pipe', 'pipe'], env });
    const lines = createInterface({ input: child.stdout });
    let inspector: string | undefined;
    for await (const line of lines) {
      inspector = /^Inspector: (\S+)$/.exec(line)?.[1];
      if (inspector !== undefined) break;
    }
    const url = new URL(inspector!);
    expect(url.pathname).toBe('/inspector/');
    const secret = new URLSearchParams(url.hash.slice(1)).get('secret')!;
    expect((await fetch(new URL('/inspector/', url))).status).toBe(200);
    const state = await fetch(new URL('/inspector/state', url), { headers: { authorization: `Harness ${secret}` } });
    expect(state.status).toBe(200);
    expect(((await state.json()) as { world: { applications: unknown[] } }).world.applications).toEqual([expect.objectContaining({ name: 'Simulated Game' })]);
    child.kill('SIGINT');
    expect(((await once(child, 'exit')) as [number])[0]).toBe(0);
  });

  it('refuses a bad world file or option with exit status 2 and a message', async () => {
    const missing = start(['--world', path.join(root, 'no-such-world.json')]);
    expect(((await once(missing.child, 'exit')) as [number])[0]).toBe(2);
    expect(missing.stderr()).toMatch(/cannot read the world file/);
    const port = start(['--port', '70000']);
    expect(((await once(port.child, 'exit')) as [number])[0]).toBe(2);
    expect(port.stderr()).toMatch(/--port must be 0 to 65535/);
    const clock = start(['--clock', 'sideways']);
    expect(((await once(clock.child, 'exit')) as [number])[0]).toBe(2);
    expect(clock.stderr()).toMatch(/--clock must be real-time or manual, got 'sideways'/);
  });
});
