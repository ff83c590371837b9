// RestClient against the simulated service over real sockets (sim.listen): every endpoint, the
// limits, 429 handling on the simulator's clock, errors, aborts and token hygiene; and both
// directions across the seam: what a server does over HTTP reaches the SDK clients, what the
// clients do the server reads back.
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

import { root, sdk, type SimulatedService } from './sdk.js';
import { player } from './lobby-helpers.js';

const { RestClient } = createRequire(import.meta.url)(path.join(root, 'dist', 'rest', 'index.js')) as typeof import('../lib/rest/index.js');
type Simulator = InstanceType<typeof sdk.Simulator>;

const services: SimulatedService[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.close()));
});

/** A simulator served over HTTP and a RestClient with its bot token; waits run on the simulator's clock. */
async function setup(options: { rateLimits?: 'development' | 'off' } = {}) {
  const sim: Simulator = new sdk.Simulator();
  const service = await sim.listen({ rateLimits: options.rateLimits ?? 'off' });
  services.push(service);
  const botToken = service.issueBotToken();
  const slept: number[] = [];
  const clock = {
    now: () => sim.now(),
    sleep: async (ms: number) => {
      slept.push(ms);
      sim.advance(Math.ceil(ms));
    },
  };
  const rest = new RestClient({ token: botToken, baseUrl: service.apiBase, clock, retries: 0 });
  return { sim, service, rest, botToken, slept };
}

async function rejection(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: Error & Record<string, unknown>) => error,
  );
}

describe('RestClient against sim.listen()', () => {
  it('lobbies and members: every endpoint, with the SDK clients seeing each change', async () => {
    const { sim, rest } = await setup();
    const ada = await player(sim, 'ada');
    const bo = await player(sim, 'bo');
    const adaToken = sim.issueToken(ada.user, sim.defaultApplication).accessToken;

    const lobby = await rest.createLobby({ metadata: { mode: 'duo' }, members: [{ id: ada.user.id }], idleTimeoutSeconds: 900 });
    expect(lobby).toMatchObject({ applicationId: sim.defaultApplication.id, metadata: { mode: 'duo' }, members: [{ id: ada.user.id, flags: 0 }] });
    expect(await rest.getLobby(lobby.id)).toEqual(lobby);
    const member = await rest.addLobbyMember(lobby.id, bo.user.id, { metadata: { team: 'blue' }, additionalName: 'Bo the Bold', flags: 1 });
    expect(member).toEqual({ id: bo.user.id, metadata: { team: 'blue' }, flags: 1, additionalName: 'Bo the Bold' });
    const updated = await rest.bulkUpdateLobbyMembers(lobby.id, [{ id: ada.user.id, additionalName: 'Captain Ada' }]);
    expect(updated).toEqual([{ id: ada.user.id, metadata: {}, flags: 0, additionalName: 'Captain Ada' }]);
    await sim.settle();
    expect(ada.of('lobbyMemberAdded')).toEqual([{ lobbyId: lobby.id, memberId: bo.user.id }]);
    expect(bo.of('lobbyCreated')).toEqual([{ lobbyId: lobby.id }]);

    // A client's message: the server reads it back over HTTP with the author's additional name.
    await ada.client.sendLobbyMessage(lobby.id, 'ready?');
    const [read] = await rest.getLobbyMessages(lobby.id, { limit: 1 }, { userToken: adaToken });
    expect(read).toMatchObject({ content: 'ready?', lobbyId: lobby.id, author: { id: ada.user.id }, additionalName: 'Captain Ada' });
    // The server's message for a member reaches the clients.
    const sent = await rest.sendLobbyMessage(lobby.id, { content: 'go go go' }, { userToken: adaToken });
    await rest.setLobbyMessageModerationMetadata(lobby.id, sent.id, { action: 'blur' });
    await sim.settle();
    expect(bo.of('messageCreated').map((m) => m.content)).toEqual(['ready?', 'go go go']);
    expect(bo.of('messageUpdated').at(-1)).toMatchObject({ id: sent.id, moderationMetadata: { action: 'blur' } });

    const modified = await rest.modifyLobby(lobby.id, { metadata: { mode: 'solo' }, members: [{ id: bo.user.id }] });
    expect(modified.members.map((m) => m.id)).toEqual([bo.user.id]);
    await sim.settle();
    expect(ada.of('lobbyDeleted')).toEqual([{ lobbyId: lobby.id }]);
    await rest.removeLobbyMember(lobby.id, bo.user.id);
    await rest.deleteLobby(lobby.id);
    await rest.deleteLobby(lobby.id); // already gone: still fine
    expect(sim.getLobby(lobby.id)).toBeNull();
  });

  it('a user token creates or joins by secret, links a channel, makes invites and leaves', async () => {
    const { sim, service, rest } = await setup();
    const ada = await player(sim, 'ada');
    const bo = await player(sim, 'bo');
    const adaToken = sim.issueToken(ada.user, sim.defaultApplication).accessToken;
    const lobby = await rest.createOrJoinLobby({ secret: 'raid-7', lobbyMetadata: { map: 'dunes' } }, { userToken: adaToken });
    expect(await bo.client.createOrJoinLobby('raid-7')).toBe(lobby.id);
    const guild = sim.createGuild({ name: 'Raiders', owner: ada.user });
    const text = sim.createGuildChannel(guild, { name: 'raid-chat', position: 0 });
    await rest.addLobbyMember(lobby.id, ada.user.id, { flags: 1 });
    const linked = await rest.linkChannelToLobby(lobby.id, text, { userToken: adaToken });
    expect(linked.linkedChannel).toMatchObject({ id: text, guildId: guild.id, name: 'raid-chat' });
    const { code } = await rest.createLobbyChannelInviteForUser(lobby.id, bo.user.id);
    expect(service.acceptChannelInvite(code, bo.user)).toEqual({ guildId: guild.id, channelId: text, lobbyId: lobby.id });
    expect((await rest.createLobbyChannelInvite(lobby.id, { userToken: adaToken })).code).toMatch(/^\w{10}$/);
    await rest.leaveLobby(lobby.id, { userToken: adaToken });
    await sim.settle();
    expect(bo.of('lobbyMemberRemoved')).toEqual([{ lobbyId: lobby.id, memberId: ada.user.id }]);
  });

  it('voice channel status, direct-message moderation and game stats', async () => {
    const { sim, service, rest } = await setup();
    const ada = await player(sim, 'ada');
    const bo = await player(sim, 'bo');
    const guild = sim.createGuild({ name: 'Raiders', owner: ada.user });
    sim.addGuildMember(guild, sim.defaultApplication.botUserId, { permissions: ['setVoiceChannelStatus', 'manageChannels'] });
    const voice = sim.createGuildChannel(guild, { name: 'Raid Voice', type: 'GuildVoice', position: 1 });
    await rest.setVoiceChannelStatus(voice, 'Raiding', { reason: 'raid night' });
    expect(service.getVoiceChannelStatus(voice)).toBe('Raiding');
    expect(service.getAuditLog(guild)).toMatchObject([{ actionType: 192, status: 'Raiding', reason: 'raid night' }]);

    const dm = await ada.client.sendUserMessage(bo.user.id, 'gg');
    await rest.setDirectMessageModerationMetadata(bo.user.id, ada.user.id, dm, { action: 'hide' });
    await sim.settle();
    expect(bo.of('messageUpdated').at(-1)).toMatchObject({ id: dm, moderationMetadata: { action: 'hide' } });

    const app = sim.defaultApplication.id;
    const first = await rest.updateApplicationIdentityProfile(app, ada.user.id, 'ada#1', { username: 'ada', data: { primary: { rankName: 'Gold', totalWins: 3 } } });
    expect(first.created).toBe(true);
    const second = await rest.updateApplicationIdentityProfile(app, ada.user.id, 'ada#1', { data: { primary: { totalWins: 4 } } });
    expect(second.created).toBe(false);
    expect(await rest.getApplicationIdentityProfile(app, ada.user.id, 'ada#1')).toMatchObject({ username: 'ada', data: { primary: { totalWins: 4 } } });
    expect(service.getIdentityProfile(app, ada.user, 'ada#1')?.data).toEqual({ primary: { total_wins: 4 } });
  });

  it('limits are refused before anything is sent; service refusals arrive with status, code and route', async () => {
    const { sim, rest } = await setup();
    const lobby = await rest.createLobby();
    const users = Array.from({ length: 26 }, (_, i) => ({ id: sim.createUser({ username: `u${i}` }).id }));
    await expect(rest.bulkUpdateLobbyMembers(lobby.id, users)).rejects.toThrow(RangeError);
    await expect(rest.setVoiceChannelStatus('1', 'x'.repeat(501))).rejects.toThrow(RangeError);
    await expect(rest.setLobbyMessageModerationMetadata(lobby.id, '1', { a: '', b: '', c: '', d: '', e: '', f: '' })).rejects.toThrow(RangeError);
    expect(sim.getLobby(lobby.id)!.members).toEqual([]);

    const unknown = await rejection(rest.getLobby('123'));
    expect(unknown).toMatchObject({ type: 'HTTPError', status: 404, code: 10031 });
    expect(unknown['route']).toMatch(/^GET \/lobbies\/:\w+$/);
    const nobody = await rejection(rest.bulkUpdateLobbyMembers(lobby.id, [{ id: '999' }]));
    expect(nobody).toMatchObject({ type: 'HTTPError', status: 404, code: 10013 });
    const perms = await rejection(rest.setVoiceChannelStatus('1', 'x'));
    expect(perms).toMatchObject({ status: 404, code: 10003 });
  });

  it('a 429 from the service is waited out on the clock for its Retry-After, then the request goes through', async () => {
    const { sim, service, rest, slept } = await setup();
    service.setRateLimit('POST /lobbies', { limit: 1, windowMs: 5000 });
    await rest.createLobby();
    const before = sim.now();
    const second = await rest.createLobby();
    expect(sim.getLobby(second.id)).not.toBeNull();
    // The client learned the bucket from the headers (or met the 429) and waited until its reset.
    expect(slept.length).toBeGreaterThan(0);
    expect(sim.now() - before).toBeGreaterThanOrEqual(5000);
    expect(sim.now() - before).toBeLessThan(6000);
  });

  it('rejectOnRateLimit rejects with RateLimited and retryAfter; a planned 503 is an HTTPError', async () => {
    const { sim, service, botToken } = await setup();
    const rest = new RestClient({ token: botToken, baseUrl: service.apiBase, rejectOnRateLimit: true, retries: 0 });
    service.failNext('POST /lobbies', { status: 429, retryAfter: 7 });
    const limited = await rejection(rest.createLobby());
    expect(limited).toMatchObject({ type: 'RateLimited', retryAfter: 7 });
    service.failNext('GET /lobbies/:lobby', { status: 503, message: 'down' });
    expect(await rejection(rest.getLobby('1'))).toMatchObject({ type: 'HTTPError', status: 503 });
    expect(sim.now()).toBeGreaterThan(0);
  });

  it('an aborted request rejects with Aborted; tokens never show in errors, inspect or JSON', async () => {
    const { sim, service, rest, botToken } = await setup();
    sim.setLatency(1000); // the service holds the request: the abort comes while it is in flight
    const controller = new AbortController();
    const pending = rest.createLobby({}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await rejection(pending)).toMatchObject({ type: 'Aborted' });
    sim.setLatency(0);
    sim.advance(1000);
    const userToken = sim.issueToken(sim.createUser({ username: 'x' }), sim.defaultApplication).accessToken;
    const refused = await rejection(rest.getLobbyMessages('1', {}, { userToken }));
    const bad = new RestClient({ token: `${botToken}x`, baseUrl: service.apiBase, retries: 0 });
    const unauthorized = await rejection(bad.getLobby('1'));
    expect(unauthorized).toMatchObject({ status: 401 });
    for (const shown of [inspect(refused), JSON.stringify(refused), inspect(unauthorized), inspect(rest), JSON.stringify(rest), inspect(service)]) {
      expect(shown).not.toContain(botToken);
      expect(shown).not.toContain(userToken);
    }
  });
});
