// The simulated gateway's protocol through a raw WebSocket (the `ws` library): GET /gateway and
// /gateway/bot, Hello, heartbeats, Identify, dispatch sequence numbers, Resume with the missed
// dispatches, op 9 for an unknown session, and bad input closed with the public docs' close codes
// (topics/opcodes-and-status-codes.mdx; discord-api-types GatewayCloseCodes), each with the world
// unchanged.
import { describe, expect, it } from 'vitest';

import { connect, GUILD_MEMBERS, GUILDS, IDENTIFY } from './gateway-helpers.js';
import { serve } from './service-helpers.js';
import { sdk } from './sdk.js';

/** A served world with a guild the bot is in, and the gateway URL as GET /gateway/bot answers it. */
async function world() {
  const sim = new sdk.Simulator();
  const app = sim.defaultApplication;
  const ada = sim.createUser({ username: 'ada' });
  const guild = sim.createGuild({ name: 'Raiders', owner: ada, members: [app.botUserId] });
  const { service, call, botToken } = await serve(sim, { rateLimits: 'off' });
  const info = (await call('GET', '/gateway/bot')).body as { url: string };
  const url = `${info.url}?v=10&encoding=json`;
  /** What a bot is shown of the world (a new session's GUILD_CREATE, its time fields left out) and the identifies left. */
  const seen = async () => {
    const connection = await connect(url);
    await connection.next();
    connection.send(IDENTIFY(botToken));
    await connection.next();
    const { joined_at: _joined, members, ...shown } = (await connection.next()).d;
    connection.socket.close(1000);
    await connection.closed;
    const remaining = ((await call('GET', '/gateway/bot')).body as { session_start_limit: { remaining: number } }).session_start_limit.remaining;
    return { shown, members: (members as { user: unknown }[]).map((member) => member.user), remaining, user: sim.getUser(ada.id) };
  };
  return { sim, app, ada, guild, service, call, botToken, url, seen };
}

describe('GET /gateway and /gateway/bot', () => {
  it("answer the served gateway's ws:// URL, one shard and the session start limit (as RESTGetAPIGatewayBotResult)", async () => {
    const { call, service, url, botToken } = await world();
    const bot = await call('GET', '/gateway/bot');
    expect(bot.status).toBe(200);
    expect(bot.body).toEqual({ url: `${service.url.replace('http', 'ws')}/gateway/`, shards: 1, session_start_limit: { total: 1000, remaining: 1000, reset_after: 86_400_000, max_concurrency: 1 } });
    const plain = await fetch(`${service.apiBase}/gateway`);
    expect(plain.status).toBe(200);
    expect(await plain.json()).toEqual({ url: bot.body.url });
    expect((await call('GET', '/gateway/bot', { token: 'not-a-token' })).status).toBe(401);
    const { next, send } = await connect(url);
    await next();
    send(IDENTIFY(botToken));
    await next();
    expect((await call('GET', '/gateway/bot')).body.session_start_limit.remaining).toBe(999);
  });
});

describe('a session', () => {
  it('Hello, Identify, READY and GUILD_CREATE with sequence numbers; heartbeats are acknowledged', async () => {
    const { app, guild, url, botToken, ada } = await world();
    const { next, send } = await connect(url);
    const hello = await next();
    expect(hello).toEqual({ op: 10, d: { heartbeat_interval: 45_000 }, s: null, t: null });
    send({ op: 1, d: null });
    expect(await next()).toEqual({ op: 11, d: null, s: null, t: null });
    send(IDENTIFY(botToken));
    const ready = await next();
    expect(ready).toMatchObject({ op: 0, t: 'READY', s: 1 });
    expect(ready.d).toMatchObject({ v: 10, user: { id: app.botUserId, bot: true }, guilds: [{ id: guild.id, unavailable: true }], shard: [0, 1], application: { id: app.id, flags: 0 } });
    expect(ready.d.session_id).toMatch(/^[0-9a-f]{32}$/);
    expect(ready.d.resume_gateway_url).toBe(url.split('?')[0]);
    const create = await next();
    expect(create).toMatchObject({ op: 0, t: 'GUILD_CREATE', s: 2, d: { id: guild.id, name: 'Raiders', owner_id: ada.id, unavailable: false, member_count: 2, emojis: [], stickers: [], features: [] } });
    expect(create.d.roles).toEqual([expect.objectContaining({ id: guild.id, name: '@everyone' })]);
    send({ op: 1, d: 2 });
    expect((await next()).op).toBe(11);
  });

  it('dispatches made in one turn (500 channel changes in a loop) reach the bot whole, one frame each, in sequence order', async () => {
    // "s: sequence number of event used for resuming sessions and heartbeating" (events/gateway-events.mdx, Payload Structure).
    const { sim, guild, url, botToken } = await world();
    const channel = sim.createGuildChannel(guild, { name: 'general' });
    const { next, send } = await connect(url);
    await next(); // Hello
    send(IDENTIFY(botToken));
    await next(); // READY, s 1
    await next(); // GUILD_CREATE, s 2
    for (let i = 0; i < 500; i++) sim.updateGuildChannel(channel, { name: `name-${i}` });
    for (let i = 0; i < 500; i++) expect(await next()).toMatchObject({ op: 0, t: 'CHANNEL_UPDATE', s: 3 + i, d: { id: channel, name: `name-${i}` } });
    // A frame after the turn still comes (the socket is not left corked).
    send({ op: 1, d: 502 });
    expect((await next()).op).toBe(11);
  });

  it('Resume: a session resumes on a new connection with the dispatches it missed, then RESUMED; an unknown session gets op 9', async () => {
    const { sim, guild, url, botToken } = await world();
    const first = await connect(url);
    await first.next();
    first.send(IDENTIFY(botToken));
    const ready = await first.next();
    await first.next(); // GUILD_CREATE, s 2
    first.socket.close(4100, 'going away to resume');
    await first.closed;
    const bo = sim.createUser({ username: 'bo' });
    sim.addGuildMember(guild, bo); // s 3, missed
    const second = await connect(ready.d.resume_gateway_url + '?v=10&encoding=json');
    await second.next();
    second.send({ op: 6, d: { token: botToken, session_id: ready.d.session_id, seq: 2 } });
    expect(await second.next()).toMatchObject({ op: 0, t: 'GUILD_MEMBER_ADD', s: 3, d: { guild_id: guild.id, user: { id: bo.id, username: 'bo' } } });
    expect(await second.next()).toMatchObject({ op: 0, t: 'RESUMED', s: 4 });

    const third = await connect(url);
    await third.next();
    third.send({ op: 6, d: { token: botToken, session_id: '0'.repeat(32), seq: 1 } });
    expect(await third.next()).toEqual({ op: 9, d: false, s: null, t: null });
  });
});

describe('bad input closes the connection with the docs’ close code, and the world is unchanged', () => {
  /** Connects, optionally identifies, sends `payload` and returns the close. */
  async function closeOf(url: string, steps: { identify?: string; send?: unknown; query?: string }) {
    const connection = await connect(steps.query === undefined ? url : `${url.split('?')[0]}${steps.query}`);
    if (steps.query !== undefined) return connection.closed;
    await connection.next();
    if (steps.identify !== undefined) {
      connection.send(IDENTIFY(steps.identify));
      await connection.next();
    }
    if (steps.send !== undefined) connection.send(steps.send);
    return connection.closed;
  }

  it('4002 a malformed frame, 4005 identify twice, 4004 an invalid token, 4012 an unsupported version, 4013 invalid intents, 4003 before identify, 4001 an unknown opcode', async () => {
    const { service, url, botToken, seen } = await world();
    const before = await seen();
    expect((await closeOf(url, { send: '{"op": 1, "d": nul' })).code).toBe(4002);
    expect((await closeOf(url, { send: 'x'.repeat(5000) })).code).toBe(4002);
    expect((await closeOf(url, { send: '[1]' })).code).toBe(4002);
    expect((await closeOf(url, { identify: botToken, send: IDENTIFY(botToken) })).code).toBe(4005);
    expect((await closeOf(url, { send: IDENTIFY('not-a-token') })).code).toBe(4004);
    expect((await closeOf(url, { send: IDENTIFY(botToken, 1 << 30) })).code).toBe(4013);
    expect((await closeOf(url, { send: { op: 8, d: { guild_id: '1' } } })).code).toBe(4003);
    expect((await closeOf(url, { send: { op: 99, d: null } })).code).toBe(4001);
    expect((await closeOf(url, { query: '?v=6&encoding=json' })).code).toBe(4012);
    expect((await closeOf(url, { query: '?encoding=json' })).code).toBe(4012);
    expect((await closeOf(url, { query: '?v=10&encoding=etf' })).code).toBe(4002);
    expect((await closeOf(url, { query: '?v=10&encoding=json&compress=zlib-stream' })).code).toBe(4002);
    // The refused connections started no session (4005's first identify did, and counts one start).
    const after = await seen();
    expect({ ...after, remaining: after.remaining + 2 }).toEqual({ ...before, remaining: before.remaining });
  });

  it('4009 when heartbeats are missed (host time: 1.5 heartbeat intervals)', async () => {
    const { service, url, botToken } = await world();
    service.gateway.setHeartbeatInterval(100);
    const connection = await connect(url);
    expect((await connection.next()).d.heartbeat_interval).toBe(100);
    connection.send(IDENTIFY(botToken));
    const started = Date.now();
    const { code } = await connection.closed;
    expect(code).toBe(4009);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    // A session that timed out cannot resume.
    expect(service.gateway.sessionCount).toBe(0);
  });
});

describe('dispatches follow the intents', () => {
  it('a used channel invite is GUILD_MEMBER_ADD with GUILD_MEMBERS only; CHANNEL_UPDATE needs GUILDS; 4010 for a bad shard', async () => {
    const { sim, guild, url, botToken, call, service } = await world();
    const text = sim.createGuildChannel(guild, { name: 'general' });
    const cy = sim.createUser({ username: 'cy' });
    const lobby = sim.createLobby();
    sim.bulkUpdateLobbyMembers(lobby, [{ user: cy }]);
    sim.linkLobbyChannel(lobby, { id: text, name: 'general', guildId: guild.id });
    const identified = async (intents: number) => {
      const connection = await connect(url);
      await connection.next();
      connection.send(IDENTIFY(botToken, intents));
      await connection.next(); // READY, s 1
      await connection.next(); // GUILD_CREATE, s 2
      return connection;
    };
    const members = await identified(GUILDS | GUILD_MEMBERS);
    const guildsOnly = await identified(GUILDS);
    const invite = await call('POST', `/lobbies/${lobby}/members/${cy.id}/invites`);
    expect(invite.status).toBe(200);
    service.acceptChannelInvite(invite.body.code, cy);
    sim.updateGuildChannel(text, { name: 'lounge' });
    expect(await members.next()).toMatchObject({ t: 'GUILD_MEMBER_ADD', s: 3, d: { guild_id: guild.id, user: { id: cy.id } } });
    expect(await members.next()).toMatchObject({ t: 'CHANNEL_UPDATE', s: 4, d: { id: text, name: 'lounge', guild_id: guild.id } });
    expect(await guildsOnly.next()).toMatchObject({ t: 'CHANNEL_UPDATE', s: 3, d: { id: text, name: 'lounge' } });

    const sharded = await connect(url);
    await sharded.next();
    sharded.send({ op: 2, d: { token: botToken, intents: GUILDS, properties: {}, shard: [1, 1] } });
    expect((await sharded.closed).code).toBe(4010);
  });
});
