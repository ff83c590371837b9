// The platform document's other gateway rules, through a raw WebSocket: Request Channel Info
// (opcode 43) and Channel Info, Voice Channel Start Time Update (Events: Gateway; payload fields
// from the public docs' events/gateway-events.mdx), and privileged intents (Authentication 11,
// States and transitions, Limits, Versioning 2026-06-10): "Identify with a privileged intent not
// granted closes with 4014 (Disallowed intent(s))" as events/gateway.mdx says.
import { describe, expect, it } from 'vitest';

import { connect, GUILD_MEMBERS, GUILD_PRESENCES, GUILD_VOICE_STATES, GUILDS, identified, sentBeforeAck } from './gateway-helpers.js';
import { serve } from './service-helpers.js';
import { sdk } from './sdk.js';

/** GatewayIntentBits.MessageContent. */
const MESSAGE_CONTENT = 1 << 15;
const DAY = 24 * 60 * 60 * 1000;

/** A served world whose clock starts at `startTime`, with a guild the bot is in: a text and a voice channel. */
async function world(startTime = Date.UTC(2026, 0, 1)) {
  const sim = new sdk.Simulator({ startTime });
  const app = sim.defaultApplication;
  const ada = sim.createUser({ username: 'ada' });
  const guild = sim.createGuild({ name: 'Raiders', owner: ada });
  sim.addGuildMember(guild, app.botUserId, { permissions: ['setVoiceChannelStatus', 'manageChannels'] });
  const text = sim.createGuildChannel(guild, { name: 'general' });
  const voice = sim.createGuildChannel(guild, { name: 'Raid Voice', type: 'GuildVoice', position: 1 });
  const hidden = sim.createGuildChannel(guild, { name: 'Staff Voice', type: 'GuildVoice', position: 2, overwrites: [{ target: 'everyone', deny: ['viewChannel'] }] });
  const { service, botToken, call } = await serve(sim, { rateLimits: 'off' });
  const url = `${(await call('GET', '/gateway/bot')).body.url}?v=10&encoding=json`;
  return { sim, app, ada, guild, text, voice, hidden, service, botToken, call, url };
}

describe('Request Channel Info (opcode 43) and the voice channel events (Events: Gateway)', () => {
  it('Request Channel Info (opcode 43) is answered by Channel Info with status and voice_start_time for the guild’s voice channels the bot can view', async () => {
    const { sim, app, guild, voice, botToken, call, url } = await world();
    const bot = await identified(url, botToken, GUILDS);
    bot.send({ op: 43, d: { guild_id: guild.id, fields: ['status', 'voice_start_time'] } });
    expect(await bot.next()).toMatchObject({ op: 0, t: 'CHANNEL_INFO', d: { guild_id: guild.id, channels: [{ id: voice, status: null, voice_start_time: null }] } });

    sim.setBotVoiceConnection(app, voice, true);
    expect((await call('PUT', `/channels/${voice}/voice-status`, { body: { status: 'Raid night' } })).status).toBe(204);
    await bot.nextOf('VOICE_CHANNEL_STATUS_UPDATE');
    bot.send({ op: 43, d: { guild_id: guild.id, fields: ['status', 'voice_start_time'] } });
    // voice_start_time: Unix seconds of when the first user connected (the simulator's clock: 2026-01-01).
    const info = await bot.nextOf('CHANNEL_INFO');
    expect(info.d.channels).toEqual([{ id: voice, status: 'Raid night', voice_start_time: Date.UTC(2026, 0, 1) / 1000 }]);
    // Only the fields asked for; an unknown field name is left out.
    bot.send({ op: 43, d: { guild_id: guild.id, fields: ['status', 'topic'] } });
    expect((await bot.nextOf('CHANNEL_INFO')).d.channels).toEqual([{ id: voice, status: 'Raid night' }]);
  });

  it('Voice Channel Start Time Update is dispatched when a voice session starts (first user connects) and ends (last leaves)', async () => {
    const { sim, app, guild, voice, botToken, url } = await world();
    const bot = await identified(url, botToken, GUILDS | GUILD_VOICE_STATES);
    sim.advance(90_000);
    sim.setBotVoiceConnection(app, voice, true);
    expect(await bot.next()).toMatchObject({ t: 'VOICE_STATE_UPDATE', d: { guild_id: guild.id, channel_id: voice, user_id: app.botUserId } });
    expect(await bot.next()).toMatchObject({ t: 'VOICE_CHANNEL_START_TIME_UPDATE', d: { id: voice, guild_id: guild.id, voice_start_time: (Date.UTC(2026, 0, 1) + 90_000) / 1000 } });
    sim.setBotVoiceConnection(app, voice, false);
    expect(await bot.next()).toMatchObject({ t: 'VOICE_STATE_UPDATE', d: { channel_id: null, user_id: app.botUserId } });
    expect(await bot.next()).toEqual(expect.objectContaining({ t: 'VOICE_CHANNEL_START_TIME_UPDATE', d: { id: voice, guild_id: guild.id, voice_start_time: null } }));
  });

  it('opcode 43 before Identify closes with 4003; a malformed one with 4002; a guild the bot is not in gets no answer', async () => {
    const { sim, ada, guild, botToken, url } = await world();
    const other = sim.createGuild({ name: 'Elsewhere', owner: ada });
    const before = await connect(url);
    await before.next();
    before.send({ op: 43, d: { guild_id: guild.id, fields: ['status'] } });
    expect((await before.closed).code).toBe(4003);
    for (const d of [null, { guild_id: 5, fields: [] }, { guild_id: guild.id, fields: 'status' }, { guild_id: guild.id, fields: [1] }]) {
      const bot = await identified(url, botToken, GUILDS);
      bot.send({ op: 43, d });
      expect((await bot.closed).code).toBe(4002);
    }
    const bot = await identified(url, botToken, GUILDS);
    bot.send({ op: 43, d: { guild_id: other.id, fields: ['status'] } });
    expect(await sentBeforeAck(bot)).toEqual([]);
  });
});

describe('privileged intents (Authentication 11; States and transitions; Limits; Versioning 2026-06-10)', () => {
  it('below 10,000 users the toggle grants a privileged intent; identify with one toggled off closes with 4014 (Disallowed intent(s))', async () => {
    const { sim, app, service, botToken, url } = await world();
    expect(sim.getPrivilegedIntents(app)).toMatchObject({ presence: true, members: true, messageContent: true, userCount: 1, serverCount: 1, reviewRequired: false, granted: { presence: true, members: true, messageContent: true } });
    sim.setPrivilegedIntents(app, { presence: false });
    const refused = await identified(url, botToken, GUILDS | GUILD_PRESENCES);
    expect(refused.ready).toBeNull();
    expect(await refused.closed).toEqual({ code: 4014, reason: 'Disallowed intent(s).' });
    // The others are still granted; an Identify without privileged intents is never refused.
    expect((await identified(url, botToken, GUILDS | GUILD_MEMBERS | MESSAGE_CONTENT)).ready).toMatchObject({ t: 'READY' });
    sim.setPrivilegedIntents(app, { presence: true, members: false, messageContent: false, userCount: 9_999 });
    expect((await identified(url, botToken, GUILDS | GUILD_PRESENCES)).ready).toMatchObject({ t: 'READY' });
    for (const intent of [GUILD_MEMBERS, MESSAGE_CONTENT]) expect((await (await identified(url, botToken, GUILDS | intent)).closed).code).toBe(4014);
    expect((await identified(url, botToken, GUILDS)).ready).toMatchObject({ t: 'READY' });
    // Refused identifies start no session.
    expect(service.gateway.sessionCount).toBe(3);
    expect(() => sim.setPrivilegedIntents(app, { userCount: -1 })).toThrow(RangeError);
    expect(() => sim.setPrivilegedIntents(app, { presence: 'on' as never, userCount: 5 })).toThrow(TypeError);
    expect(sim.getPrivilegedIntents(app).userCount).toBe(9_999);
  });

  it('from 10,000 users (from 2026-06-10 on the simulated calendar) a privileged intent needs an approved application; before that date the threshold was 100 servers', async () => {
    const after = await world(Date.UTC(2026, 5, 10));
    after.sim.setPrivilegedIntents(after.app, { userCount: 10_000 });
    expect(after.sim.getPrivilegedIntents(after.app)).toMatchObject({ reviewRequired: true, approved: false, granted: { presence: false } });
    expect((await (await identified(after.url, after.botToken, GUILDS | GUILD_PRESENCES)).closed).code).toBe(4014);
    after.sim.setPrivilegedIntents(after.app, { approvedAt: Date.UTC(2026, 5, 10) });
    expect((await identified(after.url, after.botToken, GUILDS | GUILD_PRESENCES)).ready).toMatchObject({ t: 'READY' });

    // The day before: 50,000 users in 10 servers is below the old threshold; 100 servers is not.
    const before = await world(Date.UTC(2026, 5, 10) - 1);
    before.sim.setPrivilegedIntents(before.app, { userCount: 50_000, serverCount: 10 });
    expect((await identified(before.url, before.botToken, GUILDS | GUILD_PRESENCES)).ready).toMatchObject({ t: 'READY' });
    before.sim.setPrivilegedIntents(before.app, { serverCount: 100 });
    expect((await (await identified(before.url, before.botToken, GUILDS | GUILD_MEMBERS)).closed).code).toBe(4014);
  });

  it('granted privileged intent access must be reapplied once a year: an approval lapses one year after it was granted', async () => {
    const { sim, app, botToken, url } = await world(Date.UTC(2026, 6, 1));
    sim.setPrivilegedIntents(app, { userCount: 25_000, approvedAt: new Date(Date.UTC(2026, 6, 1)) });
    expect((await identified(url, botToken, GUILDS | GUILD_MEMBERS)).ready).toMatchObject({ t: 'READY' });
    sim.advance(365 * DAY - 1);
    expect(sim.getPrivilegedIntents(app)).toMatchObject({ approved: true });
    sim.advance(1);
    expect(sim.getPrivilegedIntents(app)).toMatchObject({ approved: false, granted: { members: false } });
    expect((await (await identified(url, botToken, GUILDS | GUILD_MEMBERS)).closed).code).toBe(4014);
    // Reapplied: approved again from now.
    sim.setPrivilegedIntents(app, { approvedAt: sim.now() });
    expect((await identified(url, botToken, GUILDS | GUILD_MEMBERS)).ready).toMatchObject({ t: 'READY' });
  });
});

describe('Invites over the gateway (events/gateway-events.mdx, "Invite Create")', () => {
  /** GatewayIntentBits.GuildInvites. */
  const GUILD_INVITES = 1 << 6;

  it('INVITE_CREATE reaches a bot with GUILD_INVITES and MANAGE_CHANNELS on the channel ("only sent to bot users with the MANAGE_CHANNELS permission"), with the invite\'s roles', async () => {
    const { sim, app, guild, text, botToken, call, url } = await world();
    const raider = sim.createGuildRole(guild, { name: 'Raider' });
    const botRole = sim.createGuildRole(guild, { name: 'Bot', permissions: ['createInstantInvite', 'manageRoles', 'manageChannels'] });
    sim.setGuildMemberRoles(guild, app.botUserId, [botRole]);
    const watcher = await identified(url, botToken, GUILDS | GUILD_INVITES);
    const deaf = await identified(url, botToken, GUILDS);
    const created = await call('POST', `/channels/${text}/invites`, { body: { max_age: 3600, role_ids: [raider.id] } });
    expect(created.status).toBe(200);
    const event = await watcher.nextOf('INVITE_CREATE');
    expect(event.d).toEqual({
      channel_id: text, code: created.body.code, created_at: created.body.created_at, guild_id: guild.id, inviter: created.body.inviter,
      max_age: 3600, max_uses: 0, temporary: false, uses: 0, expires_at: created.body.expires_at, role_ids: [raider.id],
    });
    expect((await sentBeforeAck(deaf)).map((payload) => payload.t)).not.toContain('INVITE_CREATE');

    // Without MANAGE_CHANNELS on the channel: nothing.
    sim.updateGuildChannel(text, { overwrites: [{ target: { role: botRole }, deny: ['manageChannels'] }] });
    expect((await call('POST', `/channels/${text}/invites`, { body: {} })).status).toBe(200);
    expect((await sentBeforeAck(watcher)).map((payload) => payload.t)).not.toContain('INVITE_CREATE');
  });

  it('a member who accepts an invite granting roles is sent as GUILD_MEMBER_UPDATE with the new roles', async () => {
    const { sim, app, guild, text, service, botToken, call, url } = await world();
    const raider = sim.createGuildRole(guild, { name: 'Raider' });
    const botRole = sim.createGuildRole(guild, { name: 'Bot', permissions: ['createInstantInvite', 'manageRoles', 'manageChannels'] });
    sim.setGuildMemberRoles(guild, app.botUserId, [botRole]);
    const bo = sim.createUser({ username: 'bo' });
    sim.addGuildMember(guild, bo);
    const bot = await identified(url, botToken, GUILDS | GUILD_MEMBERS);
    const code = (await call('POST', `/channels/${text}/invites`, { body: { role_ids: [raider.id] } })).body.code as string;
    service.acceptChannelInvite(code, bo);
    const update = await bot.nextOf('GUILD_MEMBER_UPDATE');
    expect(update.d).toMatchObject({ guild_id: guild.id, user: { id: bo.id }, roles: [raider.id] });
  });
});
