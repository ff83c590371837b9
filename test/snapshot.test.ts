// Save and load a world (issue 35, item 5): sim.snapshot() to a world file, sim.load() and the
// CLI's --world from one. What a load cannot keep (the ids it mints, messages' ids and times,
// tokens, live state: clients, calls, presence) is masked; everything else of describeWorld is equal.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it, vi } from 'vitest';

import { root, sdk, type Client } from './sdk.js';

const load = createRequire(import.meta.url);
const { describeWorld } = load(path.join(root, 'dist', 'sim', 'inspector', 'world-view.js')) as typeof import('../lib/sim/inspector/world-view.js');
const { nativeWorldOf } = load(path.join(root, 'dist', 'addon', 'native-worlds.js')) as typeof import('../lib/addon/native-worlds.js');
type WorldView = import('../lib/sim/inspector/world-view.js').WorldView;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'snapshot-test-'));
const clients: Client[] = [];
afterAll(async () => {
  for (const client of clients) await client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A world made with the harness and simulated clients: what the snapshot must carry. */
async function makeWorld() {
  const sim = new sdk.Simulator();
  const publisher = sim.createApplication({ name: 'Publisher', publisherLinking: true });
  const game = sim.createApplication({ name: 'Raid Game', parent: publisher, inviteCoverImage: 'cover-key', connectionEntrypointUrl: 'https://example.com/link' });
  const alice = sim.createUser({ username: 'alice', globalName: 'Alice A' });
  const bob = sim.createUser({ username: 'bob' });
  const carol = sim.createUser({
    username: 'carol',
    provisional: true,
    applicationProfiles: [{ application: game, providerType: 'OIDC', providerId: 'issuer', providerIssuedUserId: 'c-1', username: 'Carol' }],
  });
  const dave = sim.createUser({ username: 'dave' });
  sim.chatClient(bob).setProfilePrivacy('friendsOnly');
  sim.setFriends(alice, bob);
  sim.setFriends(alice, carol, { discord: false, game: true });
  const guild = sim.createGuild({ name: 'Raiders', owner: alice, members: [bob] });
  sim.addGuildMember(guild, dave, { permissions: ['manageChannels'] });
  sim.addGuildMember(guild, game.botUserId, { permissions: ['setVoiceChannelStatus', 'manageChannels'] });
  const category = sim.createGuildChannel(guild, { name: 'Raids', type: 'GuildCategory', position: 2 });
  const chat = sim.createGuildChannel(guild, { name: 'raid-chat', parent: category, position: 1 });
  sim.createGuildChannel(guild, { name: 'Raid Voice', type: 'GuildVoice', position: 3 });
  const first = sim.createLobby({ application: game, secret: 'lobby-secret-one', metadata: { mode: 'raid' } });
  sim.bulkUpdateLobbyMembers(first, [
    { user: alice, metadata: { role: 'tank' }, additionalName: 'Sir Alice', flags: 1 },
    { user: bob },
    { user: dave },
  ]);
  const second = sim.createLobby({ application: game, metadata: { mode: 'duel' } });
  sim.bulkUpdateLobbyMembers(second, [{ user: bob }, { user: carol, metadata: { seat: '2' } }]);
  const a = await sim.connectClient(alice, { application: game });
  const b = await sim.connectClient(bob, { application: game });
  clients.push(a, b);
  await a.sendLobbyMessage(first, 'hello', { metadata: { kind: 'greeting' } });
  await b.sendLobbyMessage(first, 'hi alice');
  await a.sendLobbyMessage(first, 'ready?');
  await b.sendLobbyMessage(second, 'duel me');
  sim.bulkUpdateLobbyMembers(first, [{ user: dave, remove: true }]);
  const messages = describeWorld(nativeWorldOf(sim)).lobbies.find((l) => l.id === first)!.messages;
  sim.setMessageModerationMetadata(first, messages[1]!.id, { flagged: 'no' });
  sim.linkLobbyChannel(first, { id: chat, name: 'raid-chat', guildId: guild.id });
  await a.updateRichPresence({ type: 'Playing', state: 'Raiding' });
  sim.advance(60_000);
  await sim.settle();
  return { sim, game, alice, first };
}

/**
 * The view with what a load cannot keep masked: ids the load minted mapped back to the saved ones
 * (`ids`: new -> saved), messages' ids and times, and live state (status, activity, sign-ins,
 * connections, calls, voice, the clock).
 */
function comparable(view: WorldView, ids: Map<string, string> = new Map()): unknown {
  const mapped = JSON.parse(JSON.stringify(view), (_key, value: unknown) => (typeof value === 'string' && ids.has(value) ? ids.get(value) : value)) as WorldView;
  return {
    applications: mapped.applications,
    // By id: the bot users' new ids sort after the users' kept ones.
    users: mapped.users.map(({ status: _s, activity: _a, signedInTo: _i, ...user }) => user).sort((x, y) => (BigInt(x.id) < BigInt(y.id) ? -1 : 1)),
    lobbies: mapped.lobbies.map((lobby) => ({
      ...lobby,
      members: lobby.members.map(({ connected: _c, ...member }) => member),
      messages: lobby.messages.map(({ id: _i, sentAt: _s, editedAt: _e, ...message }) => message),
    })),
    guilds: mapped.guilds.map((guild) => ({
      ...guild,
      members: guild.members.map(({ voiceChannelId: _v, ...member }) => member).sort((x, y) => (BigInt(x.userId) < BigInt(y.userId) ? -1 : 1)),
      channels: guild.channels.map(({ voiceStatus: _v, ...channel }) => channel),
    })),
  };
}

/** new id -> saved id, from a load's map plus the applications' bot users (matched by application). */
function reverseIds(loaded: Record<string, string>, saved: WorldView, now: WorldView): Map<string, string> {
  const ids = new Map(Object.entries(loaded).map(([from, to]) => [to, from]));
  for (const app of now.applications) {
    const original = saved.applications.find((a) => a.id === ids.get(app.id));
    if (original) ids.set(app.botUserId, original.botUserId);
  }
  return ids;
}

describe('sim.snapshot() and sim.load()', () => {
  it('saves the world to a file and loads it into a fresh simulator: everything but what cannot survive is equal', async () => {
    const { sim, alice } = await makeWorld();
    const before = describeWorld(nativeWorldOf(sim), 200);
    const file = path.join(dir, 'world.json');
    const snapshot = sim.snapshot({ path: file, secrets: true });
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual(snapshot);
    expect(snapshot).toMatchObject({ version: 1, clock: before.now });
    expect(fs.readdirSync(dir)).toEqual(['world.json']);

    const fresh = new sdk.Simulator();
    const loaded = fresh.load(file);
    const after = describeWorld(nativeWorldOf(fresh), 200);
    // The saved world was advanced a minute past the host's time: the load advanced the fresh clock to it.
    expect(after.now).toBeGreaterThanOrEqual(before.now);
    expect(comparable(after, reverseIds(loaded.ids, before, after))).toEqual(comparable(before));
    // Users keep their ids; applications get new ones.
    expect(fresh.getUser(alice.id)?.username).toBe('alice');
    expect(loaded.applications.map((a) => a.name)).toEqual(['Publisher', 'Raid Game']);
    expect(Object.keys(loaded.ids)).toHaveLength(2 + 1 + 3 + 2);
    // A world loaded and saved again is the same file, but for its new ids and clock.
    const ids = reverseIds(loaded.ids, before, after);
    const again = JSON.parse(JSON.stringify(fresh.snapshot({ secrets: true })), (_key, value: unknown) => (typeof value === 'string' && ids.has(value) ? ids.get(value) : value)) as typeof snapshot;
    // The load made the file's first application the simulator's default (the saved world had none yet).
    const { defaultApplication, ...rest } = again;
    expect(defaultApplication).toBe(snapshot.applications![0]!.id);
    expect({ ...rest, clock: 0 }).toEqual({ ...snapshot, clock: 0 });
  });

  it('never writes a token or a client secret, and a lobby secret only with { secrets: true }', async () => {
    const { sim, game, alice } = await makeWorld();
    const service = await sim.listen();
    try {
      const token = sim.issueToken(alice, game).accessToken;
      const clientSecret = service.clientSecret(game);
      const botToken = service.issueBotToken(game);
      const text = JSON.stringify(sim.snapshot());
      for (const secret of [token, clientSecret, botToken, 'lobby-secret-one']) expect(text).not.toContain(secret);
      const file = path.join(dir, 'with-secrets.json');
      sim.snapshot({ path: file, secrets: true });
      const withSecrets = fs.readFileSync(file, 'utf8');
      expect(withSecrets).toContain('"secret": "lobby-secret-one"');
      for (const secret of [token, clientSecret, botToken]) expect(withSecrets).not.toContain(secret);
      // The secret survives a load: the lobby has one again.
      const fresh = new sdk.Simulator();
      fresh.load(file);
      expect(describeWorld(nativeWorldOf(fresh)).lobbies.map((l) => l.hasSecret)).toEqual([true, false]);
    } finally {
      await service.close();
    }
  });

  it('refuses a malformed file, an unknown version and a dangling reference with an exact message, creating nothing', () => {
    const sim = new sdk.Simulator();
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(bad, '{ "version": 1, ');
    expect(() => sim.load(bad)).toThrow(new TypeError(`the world file is not JSON: ${jsonError('{ "version": 1, ')}`));
    expect(() => sim.load({ version: 2 })).toThrow(new RangeError('version 2 is not supported: this build reads world files of version 1 (or without a version)'));
    expect(() => sim.load({ version: '1' } as never)).toThrow(new TypeError('version must be a number, got string'));
    const dangling = {
      version: 1,
      applications: [{ id: '10', name: 'Game' }],
      users: [{ id: '20', username: 'alice' }],
      lobbies: [{ application: '10', members: [{ user: '20' }, { user: '999' }] }],
    };
    expect(() => sim.load(dangling)).toThrow(new RangeError('lobbies[0].members[1].user: no user with id 999 in the world file'));
    expect(() => sim.load({ version: 1, users: [{ username: 'x' }] })).toThrow(new TypeError('users[0].id must be given in a world file of version 1'));
    expect(() => sim.load({ users: [{ username: 'x', shoeSize: 9 }] } as never)).toThrow(new RangeError("users[0]: unknown field 'shoeSize'"));
    expect(() => sim.load({ guilds: [{ name: 'G', owner: 'nobody' }] })).toThrow(new RangeError("no user named 'nobody' in the world file"));
    // Nothing was created by any of them.
    const view = describeWorld(nativeWorldOf(sim));
    expect([view.applications, view.users, view.guilds, view.lobbies]).toEqual([[], [], [], []]);
    // A user id the simulator already has is refused before anything is created, too.
    sim.createUser({ id: '20', username: 'taken' });
    expect(() => sim.load({ version: 1, applications: [{ id: '10', name: 'Game' }], users: [{ id: '20', username: 'alice' }] })).toThrow(
      new RangeError('users[0].id: the simulator already has a user with id 20'),
    );
    expect(describeWorld(nativeWorldOf(sim)).applications).toEqual([]);
  });

  it('a failed write leaves the earlier file at that path, and no temporary file', async () => {
    const { sim } = await makeWorld();
    const file = path.join(dir, 'kept.json');
    fs.writeFileSync(file, '{"earlier":true}\n');
    const nodeFs = load('node:fs') as typeof fs;
    const spy = vi.spyOn(nodeFs, 'writeSync').mockImplementation(() => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    });
    try {
      expect(() => sim.snapshot({ path: file })).toThrow(/ENOSPC/);
    } finally {
      spy.mockRestore();
    }
    expect(fs.readFileSync(file, 'utf8')).toBe('{"earlier":true}\n');
    expect(fs.readdirSync(dir).filter((name) => name.includes('kept'))).toEqual(['kept.json']);
  });
});

function jsonError(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  return '';
}

describe('social-sdk-node sim --world <snapshot>', () => {
  it('serves the saved world: the same world as a Simulator loads, with its tokens printed as for a world file', async () => {
    const { sim } = await makeWorld();
    const before = describeWorld(nativeWorldOf(sim), 200);
    const file = path.join(dir, 'cli-world.json');
    sim.snapshot({ path: file, secrets: true });
    const child = spawn(process.execPath, [path.join(root, 'dist', 'bin', 'social-sdk-node.js'), 'sim', '--port', '0', '--json', '--world', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
      const summary = JSON.parse(line) as {
        url: string;
        harnessUrl: string;
        applications: { id: string; name: string; botToken: string }[];
        users: { id: string; username: string; accessTokens: Record<string, string> }[];
        guilds: { id: string; channels: { name: string; id: string }[] }[];
      };
      expect(summary.applications.map((a) => a.name)).toEqual(['Publisher', 'Raid Game']);
      expect(summary.users.map((u) => u.id)).toEqual(before.users.filter((u) => !before.applications.some((a) => a.botUserId === u.id)).map((u) => u.id));
      expect(Object.keys(summary.users[0]!.accessTokens)).toEqual(summary.applications.map((a) => a.id));
      expect(summary.guilds[0]!.channels.map((c) => c.name)).toEqual(['Raids', 'raid-chat', 'Raid Voice']);
      // The world it serves, as its inspector reads it.
      const secret = new URLSearchParams(new URL(summary.harnessUrl).hash.slice(1)).get('secret')!;
      const state = await fetch(new URL('/inspector/state', summary.url), { headers: { authorization: `Harness ${secret}` } });
      const served = ((await state.json()) as { world: WorldView }).world;
      const ids = new Map<string, string>();
      before.applications.forEach((app, i) => {
        ids.set(summary.applications[i]!.id, app.id);
        ids.set(served.applications[i]!.botUserId, app.botUserId);
      });
      before.guilds.forEach((guild, i) => {
        ids.set(summary.guilds[i]!.id, guild.id);
        guild.channels.forEach((channel, j) => ids.set(served.guilds[i]!.channels[j]!.id, channel.id));
      });
      before.lobbies.forEach((lobby, i) => ids.set(served.lobbies[i]!.id, lobby.id));
      // The inspector shows the last 50 messages of each lobby: fewer here.
      expect(comparable(served, ids)).toEqual(comparable(before));
    } finally {
      child.kill('SIGINT');
      await once(child, 'exit');
    }
  });
});
