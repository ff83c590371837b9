// Harness behaviour that must not depend on where the world lives (issue 35): each scenario runs
// against a Simulator of this process and against a world the CLI serves in another process,
// driven through `new Simulator({ url })` (both on the manual clock). One parameterised suite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sdk, type Client, type Simulator, type StatusChange } from './sdk.js';
import { serveCli, type ServedCli } from './remote-helpers.js';

let cli: ServedCli | undefined;
beforeAll(async () => {
  cli = await serveCli(['--clock', 'manual', '--rate-limits', 'off']);
});
afterAll(async () => {
  await cli?.stop();
});

/** The served HTTP API of the world a harness drives, and its default application's bot token. */
interface Http {
  apiBase: string;
  botToken: string;
  close(): Promise<void>;
}

const MODES = [
  {
    mode: 'in process',
    make: (): Simulator => new sdk.Simulator(),
    http: async (sim: Simulator): Promise<Http> => {
      const service = await sim.listen({ rateLimits: 'off' });
      return { apiBase: service.apiBase, botToken: service.issueBotToken(), close: () => service.close() };
    },
  },
  {
    mode: 'served by another process',
    make: (): Simulator => new sdk.Simulator({ url: cli!.harnessUrl }),
    http: async (): Promise<Http> => ({ apiBase: cli!.apiBase, botToken: cli!.applications[0]!.botToken, close: async () => {} }),
  },
];

describe.each(MODES)('the harness, $mode', ({ make, http }) => {
  const closing: Client[] = [];
  const player = async (sim: Simulator, name: string) => {
    const client = await sim.connectClient(sim.createUser({ username: name }));
    closing.push(client);
    return client;
  };
  afterAll(async () => {
    await Promise.all(closing.map((client) => client.close()));
  });

  it('hands raw audio frames over in order, their samples whole (startCallWithAudio)', async () => {
    const sim = make();
    const [ada, bo] = [await player(sim, 'ada-raw'), await player(sim, 'bo-raw')];
    const lobbyId = await ada.createOrJoinLobby('raw-audio-remote');
    await bo.createOrJoinLobby('raw-audio-remote');
    await bo.startCall(lobbyId);
    sim.machine(bo.currentUser!.id).speak();
    const audio = await ada.startCallWithAudio(lobbyId, { bufferFrames: 4 });
    await sim.settle();
    sim.advance(30);
    await sim.settle();
    const batch = audio.read()!;
    expect(batch.frames.map((f) => [f.index, f.source, f.samples.length])).toEqual([[0, 'captured', 480], [1, 'received', 960], [2, 'captured', 480], [3, 'received', 960]]);
    expect(batch.frames[1]!.samples).toBeInstanceOf(Int16Array);
    expect(Math.max(...batch.frames[1]!.samples)).toBeGreaterThan(3000);
    expect(batch.dropped).toBe(2);
    await ada.endCall(lobbyId);
    await sim.settle();
    expect(audio.read()).toBeNull();
  });

  it('moves the clock: a token past its expiry is refused at connect (4004), one within it signs in', async () => {
    const sim = make();
    const start = sim.now();
    expect(sim.advance(1_000)).toBe(start + 1_000);
    const user = sim.createUser({ username: 'expiring' });
    const short = sim.issueToken(user, sim.defaultApplication, { expiresInMs: 60_000 });
    const long = sim.issueToken(user, sim.defaultApplication, { expiresInMs: 3_600_000 });
    sim.advance(61_000);
    const late = sim.createClient({ applicationId: sim.defaultApplication.id });
    closing.push(late);
    await late.updateToken(short.accessToken);
    await expect(late.connect()).rejects.toMatchObject({ type: 'AuthorizationFailed' });
    const fresh = sim.createClient({ applicationId: sim.defaultApplication.id });
    closing.push(fresh);
    await fresh.updateToken(long.accessToken);
    await fresh.connect();
    expect(fresh.currentUser?.id).toBe(user.id);
  });

  it('plans a fault: the next call fails as planned, the one after goes through', async () => {
    const sim = make();
    const client = await player(sim, 'faulty');
    const lobbyId = await client.createOrJoinLobby('faults');
    sim.failNext('sendLobbyMessage', { error: { type: 'HTTPError', status: 503, retryable: true } });
    await expect(client.sendLobbyMessage(lobbyId, 'first')).rejects.toMatchObject({ type: 'HTTPError', status: 503, retryable: true });
    await expect(client.sendLobbyMessage(lobbyId, 'second')).resolves.toEqual(expect.any(String));
  });

  it('settles: every message sent before settle() has reached the other member when it resolves, in order', async () => {
    const sim = make();
    const [a, b] = [await player(sim, 'sender'), await player(sim, 'reader')];
    const lobbyId = await a.createOrJoinLobby('settle-order');
    await b.createOrJoinLobby('settle-order');
    const seen: string[] = [];
    b.on('messageCreated', (message) => seen.push(message.content));
    const sends = Array.from({ length: 20 }, (_, i) => a.sendLobbyMessage(lobbyId, `m${i}`));
    await Promise.all(sends);
    await sim.settle();
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => `m${i}`));
  });

  it("drops a user's connections: the client goes reconnecting, then ready again", async () => {
    const sim = make();
    const client = await player(sim, 'dropped');
    const statuses: StatusChange['status'][] = [];
    client.on('statusChanged', (change) => statuses.push(change.status));
    const ready = new Promise<void>((resolve) => client.on('statusChanged', (change) => change.status === 'ready' && resolve()));
    expect(sim.dropConnections(client.currentUser!.id)).toBe(1);
    await ready;
    expect(statuses).toEqual(['reconnecting', 'connecting', 'connected', 'ready']);
  });

  it("the game backend makes a lobby with a member: the member's client is told, and both read it alike", async () => {
    const sim = make();
    const client = await player(sim, 'invited');
    const created = new Promise<string>((resolve) => client.once('lobbyCreated', (event) => resolve(event.lobbyId)));
    const lobbyId = sim.createLobby({ metadata: { mode: 'raid' } });
    sim.bulkUpdateLobbyMembers(lobbyId, [{ user: client.currentUser!.id, metadata: { role: 'tank' } }]);
    await expect(created).resolves.toBe(lobbyId);
    expect(sim.getLobby(lobbyId)!.members.map((m) => [m.id, m.metadata])).toEqual([[client.currentUser!.id, { role: 'tank' }]]);
    expect(client.getLobby(lobbyId)?.metadata).toEqual({ mode: 'raid' });
  });

  it('holds a call for its latency until the clock reaches it', async () => {
    const sim = make();
    const client = await player(sim, 'lagged');
    const lobbyId = await client.createOrJoinLobby('latency');
    sim.setLatency(5_000);
    let done = false;
    const sent = client.sendLobbyMessage(lobbyId, 'later').then(() => (done = true));
    await sim.settle();
    expect(done).toBe(false);
    sim.advance(5_000);
    await sent;
    expect(done).toBe(true);
    sim.setLatency(0);
  });

  it('keeps what lives beside the native world (accounts, subscriptions, bot settings, channel messages) where the world is served: its HTTP API shows it', async () => {
    const sim = make();
    const api = await http(sim);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of many shapes
    const get = async (path: string, authorization = `Bot ${api.botToken}`): Promise<any> => (await fetch(`${api.apiBase}${path}`, { headers: { authorization } })).json();
    try {
      const app = sim.defaultApplication;
      const ada = sim.createUser({ username: 'ada-accounts' });
      sim.setUserPremiumType(ada, 3);
      sim.setIdentifyPremiumApproved(app, true);
      const token = sim.issueToken(ada, app, { scopes: ['identify', 'identify.premium'] }).accessToken;
      expect((await get('/users/@me', `Bearer ${token}`)).premium_type).toBe(3);

      const sku = sim.createSku(app, { name: 'Pass' });
      const subscription = sim.createSubscription(ada, sku);
      expect(sim.setSubscriptionStatus(subscription, sdk.SubscriptionStatus.Ending).status).toBe(2);
      expect((await get(`/skus/${sku.id}/subscriptions/${subscription.id}`)).status).toBe(2);
      expect(() => sim.setSubscriptionStatus('1', sdk.SubscriptionStatus.Active)).toThrow(/no subscription/);

      sim.setPrivilegedIntents(app, { presence: false, approvedAt: Date.UTC(2026, 0, 1) });
      const intents = sim.getPrivilegedIntents(app);
      expect(intents).toMatchObject({ presence: false, approvedAt: new Date(Date.UTC(2026, 0, 1)) });
      sim.setApplicationFlags(app, 1n << 40n);
      expect(BigInt((await get('/applications/@me')).flags_new) & (1n << 40n)).toBe(1n << 40n);

      const guild = sim.createGuild({ name: 'Remote raiders', owner: ada });
      sim.addGuildMember(guild, app.botUserId, { permissions: ['viewChannel', 'readMessageHistory'] });
      const channel = sim.createGuildChannel(guild, { name: 'general' });
      const posted = sim.postChannelMessage(channel, ada, 'hello from the harness');
      sim.setPrivilegedIntents(app, { messageContent: true });
      expect((await get(`/channels/${channel}/messages`)).map((message: { id: string }) => message.id)).toContain(posted);
    } finally {
      await api.close();
    }
  });
});
