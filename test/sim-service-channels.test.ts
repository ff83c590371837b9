// The simulated HTTP service's channel routes (voice channel status, channel linking, lobby
// channel invites), its rate limits and planned failures, and game stats on identity profiles.
import { describe, expect, it } from 'vitest';

import { sdk } from './sdk.js';
import { player } from './lobby-helpers.js';
import { serve } from './service-helpers.js';

type Simulator = InstanceType<typeof sdk.Simulator>;

/** A guild with a voice channel and a text channel; the default application's bot is a member with `permissions`. */
function guildWithBot(sim: Simulator, permissions: Parameters<Simulator['addGuildMember']>[2] = {}) {
  const guild = sim.createGuild({ name: 'Raiders', owner: sim.createUser({ username: 'owner' }) });
  sim.addGuildMember(guild, sim.defaultApplication.botUserId, permissions);
  const voice = sim.createGuildChannel(guild, { name: 'Raid Voice', type: 'GuildVoice', position: 1 });
  const text = sim.createGuildChannel(guild, { name: 'raid-chat', position: 0 });
  return { guild, voice, text };
}

describe('Set Voice Channel Status', () => {
  it('needs SET_VOICE_CHANNEL_STATUS and MANAGE_CHANNELS when the bot is not in the channel; sets, clears, and audits both', async () => {
    const sim = new sdk.Simulator();
    const { service, call } = await serve(sim);
    const { guild, voice, text } = guildWithBot(sim, { permissions: ['setVoiceChannelStatus'] });
    expect(await call('PUT', `/channels/${voice}/voice-status`, { body: { status: 'Raiding' } })).toMatchObject({ status: 403, body: { code: 50013 } });
    sim.addGuildMember(guild, sim.defaultApplication.botUserId, { permissions: ['setVoiceChannelStatus', 'manageChannels'] });
    const reason = encodeURIComponent('weekly raid');
    expect(await call('PUT', `/channels/${voice}/voice-status`, { body: { status: 'Raiding 🐉' }, headers: { 'x-audit-log-reason': reason } })).toMatchObject({
      status: 204,
    });
    expect(service.getVoiceChannelStatus(voice)).toBe('Raiding 🐉');
    // 500 characters (code points) is the most; 501 is refused and changes nothing.
    expect(await call('PUT', `/channels/${voice}/voice-status`, { body: { status: '🐉'.repeat(501) } })).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(await call('PUT', `/channels/${voice}/voice-status`, { body: { status: '🐉'.repeat(500) } })).toMatchObject({ status: 204 });
    expect(await call('PUT', `/channels/${voice}/voice-status`, { body: { status: null } })).toMatchObject({ status: 204 });
    expect(service.getVoiceChannelStatus(voice)).toBeNull();
    expect(await call('PUT', `/channels/${text}/voice-status`, { body: { status: 'x' } })).toMatchObject({ status: 400, body: { code: 50024 } });
    expect(await call('PUT', `/channels/123/voice-status`, { body: { status: 'x' } })).toMatchObject({ status: 404, body: { code: 10003 } });
    const log = service.getAuditLog(guild);
    expect(log.map((entry) => [entry.actionType, entry.status === null ? null : entry.status.length])).toEqual([
      [192, 10],
      [192, 1000],
      [193, null],
    ]);
    expect(log[0]).toMatchObject({ userId: sim.defaultApplication.botUserId, targetId: voice, reason: 'weekly raid' });
  });

  // Spec, Endpoints, Set Voice Channel Status: "Requires SET_VOICE_CHANNEL_STATUS; additionally
  // MANAGE_CHANNELS when the bot user is not connected to the voice channel".
  it('a bot connected to the voice channel needs SET_VOICE_CHANNEL_STATUS only', async () => {
    const sim = new sdk.Simulator();
    const { service, call } = await serve(sim);
    const { guild, voice, text } = guildWithBot(sim, { permissions: ['setVoiceChannelStatus'] });
    const otherVoice = sim.createGuildChannel(guild, { name: 'Lounge', type: 'GuildVoice', position: 2 });
    const app = sim.defaultApplication;
    sim.setBotVoiceConnection(app, voice, true);
    expect(await call('PUT', `/channels/${voice}/voice-status`, { body: { status: 'Raiding' } })).toMatchObject({ status: 204 });
    expect(service.getVoiceChannelStatus(voice)).toBe('Raiding');
    // Connected to one channel, not to the other: that one still needs MANAGE_CHANNELS.
    expect(await call('PUT', `/channels/${otherVoice}/voice-status`, { body: { status: 'x' } })).toMatchObject({ status: 403, body: { code: 50013 } });
    // Moving to the other channel leaves the first (one voice channel per guild).
    sim.setBotVoiceConnection(app, otherVoice, true);
    expect(await call('PUT', `/channels/${otherVoice}/voice-status`, { body: { status: 'Chilling' } })).toMatchObject({ status: 204 });
    expect(await call('PUT', `/channels/${voice}/voice-status`, { body: { status: null } })).toMatchObject({ status: 403, body: { code: 50013 } });
    // Disconnected: MANAGE_CHANNELS again. SET_VOICE_CHANNEL_STATUS is always needed.
    sim.setBotVoiceConnection(app, otherVoice, false);
    expect(await call('PUT', `/channels/${otherVoice}/voice-status`, { body: { status: 'x' } })).toMatchObject({ status: 403, body: { code: 50013 } });
    sim.setBotVoiceConnection(app, otherVoice, true);
    sim.addGuildMember(guild, app.botUserId, { permissions: [] });
    expect(await call('PUT', `/channels/${otherVoice}/voice-status`, { body: { status: 'x' } })).toMatchObject({ status: 403, body: { code: 50013 } });
    expect(service.getVoiceChannelStatus(otherVoice)).toBe('Chilling');
    // Leaving the guild disconnects it.
    sim.removeGuildMember(guild, app.botUserId);
    sim.addGuildMember(guild, app.botUserId, { permissions: ['setVoiceChannelStatus'] });
    expect(await call('PUT', `/channels/${otherVoice}/voice-status`, { body: { status: 'x' } })).toMatchObject({ status: 403, body: { code: 50013 } });
    // The harness refuses what cannot be, and changes nothing.
    expect(() => sim.setBotVoiceConnection(app, text, true)).toThrow(new RangeError(`channel ${text} is not a voice channel`));
    expect(() => sim.setBotVoiceConnection(app, '123', true)).toThrow(RangeError);
    expect(() => sim.setBotVoiceConnection('123', voice, true)).toThrow(RangeError);
    expect(() => sim.setBotVoiceConnection(app, voice, 'yes' as unknown as boolean)).toThrow(TypeError);
    const elsewhere = sim.createGuild({ name: 'Elsewhere', owner: sim.createUser({ username: 'other-owner' }) });
    const notMember = sim.createGuildChannel(elsewhere, { name: 'Voice', type: 'GuildVoice' });
    expect(() => sim.setBotVoiceConnection(app, notMember, true)).toThrow(RangeError);
    expect(await call('PUT', `/channels/${voice}/voice-status`, { body: { status: 'x' } })).toMatchObject({ status: 403, body: { code: 50013 } });
  });
});

describe('channel linking and lobby channel invites', () => {
  it('a member with CanLinkLobby links a channel over HTTP; invites are single use, for their target, for one hour', async () => {
    const sim = new sdk.Simulator();
    const { service, call } = await serve(sim);
    const alice = await player(sim, 'alice');
    const bob = await player(sim, 'bob');
    const { guild, text } = guildWithBot(sim);
    sim.addGuildMember(guild, alice.user, { permissions: ['manageChannels'] });
    const aliceToken = sim.issueToken(alice.user, sim.defaultApplication).accessToken;
    const id: string = (await call('POST', '/lobbies', { body: { members: [{ id: alice.user.id, flags: 1 }, { id: bob.user.id }] } })).body.id;
    expect(await call('POST', `/lobbies/${id}/members/${bob.user.id}/invites`)).toMatchObject({ status: 400, body: { code: 50035 } });
    const linked = await call('PATCH', `/lobbies/${id}/channel-linking`, { bearer: aliceToken, body: { channel_id: text } });
    expect(linked).toMatchObject({ status: 200, body: { linked_channel: { id: text, guild_id: guild.id, name: 'raid-chat' } } });
    await sim.settle();
    expect(bob.client.getLobby(id)?.linkedChannel).toEqual({ id: text, name: 'raid-chat', guildId: guild.id });

    const forBob = await call('POST', `/lobbies/${id}/members/${bob.user.id}/invites`);
    expect(forBob.status).toBe(200);
    const code: string = forBob.body.code;
    expect(() => service.acceptChannelInvite(code, alice.user)).toThrow(expect.objectContaining({ status: 403 }));
    expect(service.acceptChannelInvite(code, bob.user)).toEqual({ guildId: guild.id, channelId: text, lobbyId: id });
    expect((await bob.client.getUserGuilds()).map((g) => g.id)).toEqual([guild.id]);
    expect(() => service.acceptChannelInvite(code, bob.user)).toThrow(expect.objectContaining({ status: 404, code: 10006 }));

    const forSelf = await call('POST', `/lobbies/${id}/members/@me/invites`, { bearer: aliceToken });
    sim.advance(60 * 60 * 1000);
    expect(() => service.acceptChannelInvite(forSelf.body.code, alice.user)).toThrow(expect.objectContaining({ code: 10006 }));
    const stranger = sim.createUser({ username: 'stranger' });
    expect(await call('POST', `/lobbies/${id}/members/${stranger.id}/invites`)).toMatchObject({ status: 403, body: { code: 50001 } });

    expect(await call('PATCH', `/lobbies/${id}/channel-linking`, { bearer: aliceToken })).toMatchObject({ status: 200 });
    expect(sim.getLobby(id)?.linkedChannel).toBeNull();
  });
});

describe('rate limits and planned failures', () => {
  it('answers 429 with Retry-After and the X-RateLimit headers once a budget is spent, until the clock reaches the reset', async () => {
    const sim = new sdk.Simulator();
    const { service, call } = await serve(sim);
    service.setRateLimit('POST /lobbies', { limit: 2, windowMs: 30_000 });
    const first = await call('POST', '/lobbies', { body: {} });
    expect(first.headers.get('x-ratelimit-limit')).toBe('2');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
    expect(first.headers.get('x-ratelimit-reset-after')).toBe('30.000');
    expect(first.headers.get('x-ratelimit-bucket')).toMatch(/^[0-9a-f]{16}$/);
    expect((await call('POST', '/lobbies', { body: {} })).headers.get('x-ratelimit-remaining')).toBe('0');
    sim.advance(10_000);
    const limited = await call('POST', '/lobbies', { body: {} });
    expect(limited).toMatchObject({ status: 429, body: { retry_after: 20, global: false } });
    expect(limited.headers.get('retry-after')).toBe('20');
    expect(limited.headers.get('x-ratelimit-scope')).toBe('user');
    // Other routes have their own budgets.
    expect((await call('GET', `/lobbies/${first.body.id}`)).status).toBe(200);
    sim.advance(20_000);
    expect((await call('POST', '/lobbies', { body: {} })).status).toBe(201);
    expect(service.invalidRequestCount).toBe(1);
  });

  it('applies the documented development limits by default, none with rateLimits: off, and a global budget when set', async () => {
    const sim = new sdk.Simulator();
    const { call } = await serve(sim);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await call('PATCH', '/lobbies/1/channel-linking', { bearer: 'x' })).status);
    // The bearer is refused before any budget is counted.
    expect(new Set(statuses)).toEqual(new Set([401]));
    const relaxed = new sdk.Simulator();
    const { service, call: relaxedCall } = await serve(relaxed, { rateLimits: 'off' });
    expect((await relaxedCall('POST', '/lobbies', { body: {} })).headers.get('x-ratelimit-limit')).toBeNull();
    service.setGlobalRateLimit({ limit: 1, windowMs: 1000 });
    expect((await relaxedCall('POST', '/lobbies', { body: {} })).status).toBe(201);
    const global = await relaxedCall('GET', '/lobbies/1');
    expect(global).toMatchObject({ status: 429, body: { global: true } });
    expect(global.headers.get('x-ratelimit-global')).toBe('true');
    const development = await call('POST', '/lobbies', { body: {} });
    expect(development.headers.get('x-ratelimit-limit')).toBe('100');
  });

  it('injected latency holds a request until the harness advances the clock past it, as it holds SDK calls', async () => {
    const sim = new sdk.Simulator();
    const { call } = await serve(sim, { rateLimits: 'off' });
    sim.setLatency(1000);
    let answered = false;
    const pending = call('POST', '/lobbies', { body: {} }).then((answer) => {
      answered = true;
      return answer;
    });
    // A loopback round trip takes well under this; the answer must still be held.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false);
    sim.advance(999);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    sim.advance(1);
    expect((await pending).status).toBe(201);
  });

  it('a planned failure answers the next requests of its route, then the route works again', async () => {
    const sim = new sdk.Simulator();
    const { service, call } = await serve(sim);
    service.failNext('POST /lobbies', { count: 2, status: 503, code: 0, message: 'upstream down', retryAfter: 1 });
    expect(await call('POST', '/lobbies', { body: {} })).toMatchObject({ status: 503, body: { message: 'upstream down' } });
    expect((await call('POST', '/lobbies', { body: {} })).headers.get('retry-after')).toBe('1');
    expect((await call('POST', '/lobbies', { body: {} })).status).toBe(201);
    expect(() => service.failNext('POST /nowhere', { status: 500 })).toThrow(RangeError);
  });
});

describe('game stats on identity profiles', () => {
  it('the first write answers 201 with the profile, later ones 204; data is replaced whole, left out it stays', async () => {
    const sim = new sdk.Simulator();
    const { service, call } = await serve(sim);
    const user = sim.createUser({ username: 'pilot' });
    const app = sim.defaultApplication.id;
    const path = `/applications/${app}/users/${user.id}/identities/${encodeURIComponent('player/42')}/profile`;
    const data = { primary: { rank_name: 'Silver', total_wins: 42, playtime_hours: 12.5 }, dynamic: [{ type: 2, name: 'rating', value: 123.45 }] };
    expect(await call('PATCH', path, { body: { username: 'pilot', data } })).toMatchObject({ status: 201, body: { username: 'pilot', data } });
    expect(sim.getUser(user.id)?.applicationProfiles).toMatchObject([{ providerType: 'None', providerIssuedUserId: 'player/42' }]);
    expect(await call('PATCH', path, { body: { username: 'ace' } })).toMatchObject({ status: 204 });
    expect(service.getIdentityProfile(app, user, 'player/42')).toEqual({ username: 'ace', metadata: null, data });
    expect(await call('PATCH', path, { body: { data: { primary: { total_wins: 43 } } } })).toMatchObject({ status: 204 });
    expect((await call('GET', path)).body).toEqual({ username: 'ace', metadata: null, data: { primary: { total_wins: 43 } } });
    // Another player id than the user's identity, too many dynamic fields, an unknown field, another application.
    expect(await call('PATCH', path.replace('player%2F42', 'other'), { body: {} })).toMatchObject({ status: 404 });
    const many = Array.from({ length: 31 }, (_, i) => ({ type: 1, name: `f${i}`, value: 'v' }));
    expect(await call('PATCH', path, { body: { data: { dynamic: many } } })).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(await call('PATCH', path, { body: { data: { primary: { elo: 1 } } } })).toMatchObject({ status: 400, body: { code: 50035 } });
    const other = sim.createApplication({ name: 'Other' });
    expect(await call('PATCH', path.replace(app, other.id), { body: {} })).toMatchObject({ status: 403 });
    expect(service.getIdentityProfile(app, user, 'player/42')?.data).toEqual({ primary: { total_wins: 43 } });
  });
});
