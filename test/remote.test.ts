// One simulated world for a whole game stack (issue 35): the CLI serves it; player processes whose
// only pointer to it is SOCIAL_SDK_SIMULATOR attach SDK clients; the test process drives its
// harness with `new Simulator({ url })` and reads it back as the game server does, over HTTP.
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

import { root, sdk, type Simulator } from './sdk.js';
import { Player, stoppedAfterEach } from './remote-helpers.js';
import { signedIn } from './sign-in-helpers.js';
import { runFixture } from './helpers.js';

const { RestClient } = createRequire(import.meta.url)(path.join(root, 'dist', 'rest', 'index.js')) as typeof import('../lib/rest/index.js');

const started = stoppedAfterEach();
const served = () => started.served();

function player(harnessUrl: string): Player {
  const p = new Player(harnessUrl);
  started.track({ stop: () => p.kill() });
  return p;
}

/** Polls the served world (settled first) until `check` holds, for up to 10 s. */
async function until(remote: Simulator, check: () => boolean): Promise<void> {
  for (let i = 0; i < 200; i++) {
    await remote.settle();
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the served world never got there');
}

describe('a world served by the CLI, reached from other processes', () => {
  it('two player processes lobby by secret and chat; the game server reads both messages; a killed player ends its session', async () => {
    const cli = await served();
    const remote = new sdk.Simulator({ url: cli.harnessUrl });
    const [app] = cli.applications;
    expect(remote.defaultApplication.id).toBe(app!.id);
    const alice = remote.createUser({ username: 'alice' });
    const bob = remote.createUser({ username: 'bob' });

    const p2 = player(cli.harnessUrl);
    const p3 = player(cli.harnessUrl);
    const bobToken = remote.issueToken(bob, remote.defaultApplication).accessToken;
    const connected = await p2.do<{ status: string; backend: string; user: string }>('connect', { applicationId: app!.id, token: remote.issueToken(alice, remote.defaultApplication).accessToken });
    expect(connected).toEqual({ status: 'ready', backend: 'sim', user: alice.id });
    await p3.do('connect', { applicationId: app!.id, token: bobToken });

    const { lobbyId } = await p2.do<{ lobbyId: string }>('join', { secret: 'raid-night' });
    const joined = await p3.do<{ lobbyId: string }>('join', { secret: 'raid-night' });
    expect(joined.lobbyId).toBe(lobbyId);

    await p2.do('send', { lobbyId, content: 'ready when you are' });
    await expect(p3.event((e) => e.event === 'messageCreated' && e.content === 'ready when you are')).resolves.toMatchObject({ authorId: alice.id, lobbyId });
    await p3.do('send', { lobbyId, content: 'pulling now' });
    await expect(p2.event((e) => e.event === 'messageCreated' && e.content === 'pulling now')).resolves.toMatchObject({ authorId: bob.id });

    // The game server, in this process, reads the lobby's chat over HTTP (the route takes a
    // member's access token: official description, GET /lobbies/{lobby.id}/messages).
    const rest = new RestClient({ token: app!.botToken, baseUrl: cli.apiBase });
    const messages = await rest.getLobbyMessages(lobbyId, {}, { userToken: bobToken });
    expect(messages.map((m) => [m.content, m.author.id])).toEqual(
      expect.arrayContaining([
        ['ready when you are', alice.id],
        ['pulling now', bob.id],
      ]),
    );

    // Killing alice's process drops its link: the service ends her session as a dropped
    // connection ends (she is no longer a connected member), and bob's goes on.
    const memberConnected = (id: string) => remote.getLobby(lobbyId)!.members.find((m) => m.id === id)?.connected;
    expect(memberConnected(alice.id)).toBe(true);
    await p2.kill();
    await until(remote, () => memberConnected(alice.id) === false);
    expect(memberConnected(bob.id)).toBe(true);
    await p3.do('send', { lobbyId, content: 'she dropped' });
    expect((await rest.getLobbyMessages(lobbyId, {}, { userToken: bobToken })).map((m) => m.content)).toContain('she dropped');
  });
});

describe('keepSignedIn across processes, through one served world', () => {
  // The reliability issue's race (test/keep-signed-in-shared.test.ts), now between two real
  // processes: both restore the same saved sign-in at once, 100 times each, from one token file.
  it('two processes restore one saved sign-in 100 times each: 0 sign-ins lost, 0 false deauthorized', async () => {
    const cli = await served();
    const remote = new sdk.Simulator({ url: cli.harnessUrl });
    const applicationId = remote.defaultApplication.id;
    const user = remote.createUser({ username: 'restored' });
    const folder = mkdtempSync(path.join(tmpdir(), 'remote-sign-in-'));
    started.track({ stop: async () => rmSync(folder, { recursive: true, force: true }) });
    const file = path.join(folder, 'tokens.bin');
    const key = randomBytes(32);
    const first = new sdk.Client({ simulator: cli.harnessUrl, applicationId });
    const initial = await signedIn(remote, first, user, applicationId);
    await first.keepSignedIn({ store: new sdk.EncryptedFileTokenStore({ path: file, key }), applicationId, tokens: initial });
    await first.close();
    // Near the access token's expiry: the first restores refresh it (spending the refresh token).
    remote.advance(7 * 24 * 3600 * 1000 - 60_000);

    const env = { SOCIAL_SDK_SIMULATOR: cli.harnessUrl, TOKEN_FILE: file, TOKEN_KEY: key.toString('hex'), APPLICATION_ID: applicationId, TRIALS: '100' };
    const results = await Promise.all([runFixture('remote-sign-in-race.cjs', [], { env, timeoutMs: 120_000 }), runFixture('remote-sign-in-race.cjs', [], { env, timeoutMs: 120_000 })]);
    for (const result of results) {
      expect(result.stderr).toBe('');
      expect(JSON.parse(result.stdout)).toEqual({ lost: 0, notSignedIn: 0, signedOut: [] });
    }
    // What is saved is a live sign-in of the player, renewed on the way (the race was over a refresh).
    const saved = await new sdk.EncryptedFileTokenStore({ path: file, key }).get({ applicationId, account: 'default' });
    expect(saved!.refreshToken).not.toBe(initial.refreshToken);
    const check = new sdk.Client({ simulator: cli.harnessUrl, applicationId });
    await expect(check.fetchCurrentUser(saved!.accessToken)).resolves.toMatchObject({ id: user.id });
    await check.close();
  }, 180_000);
});

describe('the gateway of a served world, changed by a remote harness', () => {
  it("a bot connected to the CLI's gateway sees the guild a remote harness creates with it, and the member it adds", async () => {
    const cli = await served();
    const remote = new sdk.Simulator({ url: cli.harnessUrl });
    const app = remote.defaultApplication;
    const info = (await (await fetch(`${cli.apiBase}/gateway/bot`, { headers: { authorization: `Bot ${cli.applications[0]!.botToken}` } })).json()) as { url: string };
    const socket = new WebSocket(`${info.url}?v=10&encoding=json`);
    const dispatches: { t: string; d: Record<string, unknown> }[] = [];
    const waiters: (() => void)[] = [];
    socket.on('message', (data: Buffer) => {
      const payload = JSON.parse(String(data)) as { op: number; t: string; d: Record<string, unknown> };
      if (payload.op === 0) dispatches.push(payload);
      for (const waiter of waiters.splice(0)) waiter();
    });
    const dispatched = async (type: string) => {
      while (!dispatches.some((d) => d.t === type)) await new Promise<void>((resolve) => waiters.push(resolve));
      return dispatches.find((d) => d.t === type)!.d;
    };
    await new Promise((resolve) => socket.once('open', resolve));
    // GatewayIntentBits.Guilds | GuildMembers.
    socket.send(JSON.stringify({ op: 2, d: { token: cli.applications[0]!.botToken, intents: 3, properties: { os: 'linux', browser: 'test', device: 'test' } } }));
    await dispatched('READY');

    const owner = remote.createUser({ username: 'owner' });
    const guild = remote.createGuild({ name: 'Remote Raiders', owner, members: [app.botUserId] });
    await expect(dispatched('GUILD_CREATE')).resolves.toMatchObject({ id: guild.id, name: 'Remote Raiders' });
    const newcomer = remote.createUser({ username: 'newcomer' });
    remote.addGuildMember(guild, newcomer);
    await expect(dispatched('GUILD_MEMBER_ADD')).resolves.toMatchObject({ guild_id: guild.id, user: { id: newcomer.id } });
    socket.close();
  });
});
