// RestClient endpoints over real sockets against a scripted server: each method's HTTP method,
// path, query and body; the headers; the conversion of responses; and every limit refused before
// anything is sent.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { bodyOf, rejectionOf, rest, ScriptedServer, wireLobby, wireMessage, type RestClient, type ScriptedResponse } from './rest-server-helpers.js';

const BOT_TOKEN = 'bot.token-AAAA';
const USER_TOKEN = 'user.token-BBBB';
const LOBBY = '1100000000000000001';
const USER = '1300000000000000002';
const MESSAGE = '1400000000000000001';
const CHANNEL = '1500000000000000001';
const APP = '1200000000000000001';

let server: ScriptedServer;
let client: RestClient;

beforeEach(async () => {
  server = await ScriptedServer.start();
  client = new rest.RestClient({ token: BOT_TOKEN, baseUrl: server.baseUrl, retries: 0 });
});

afterEach(async () => {
  await server.close();
});

const lobbyReply: ScriptedResponse = { status: 200, json: wireLobby() };
const memberReply: ScriptedResponse = { status: 200, json: { id: USER, metadata: { a: 'b' }, flags: 1, additional_name: 'Captain' } };
const noContent: ScriptedResponse = { status: 204 };

interface EndpointCase {
  name: string;
  call: (c: RestClient) => Promise<unknown>;
  method: string;
  path: string;
  body?: unknown;
  query?: Record<string, string>;
  bearer?: boolean;
  reply: ScriptedResponse;
}

const CASES: EndpointCase[] = [
  {
    name: 'createLobby',
    call: (c) => c.createLobby({ metadata: { mode: 'duo' }, members: [{ id: 1300000000000000001n, metadata: { t: 'x' }, flags: 1 }, { id: USER }], idleTimeoutSeconds: 600 }),
    method: 'POST',
    path: '/lobbies',
    body: { metadata: { mode: 'duo' }, members: [{ id: '1300000000000000001', metadata: { t: 'x' }, flags: 1 }, { id: USER }], idle_timeout_seconds: 600 },
    reply: { status: 201, json: wireLobby() },
  },
  { name: 'createLobby (empty)', call: (c) => c.createLobby(), method: 'POST', path: '/lobbies', body: {}, reply: { status: 201, json: wireLobby() } },
  { name: 'getLobby', call: (c) => c.getLobby(BigInt(LOBBY)), method: 'GET', path: `/lobbies/${LOBBY}`, reply: lobbyReply },
  {
    name: 'modifyLobby',
    call: (c) => c.modifyLobby(LOBBY, { metadata: { mode: 'solo' }, members: [{ id: USER }], idleTimeoutSeconds: 5 }),
    method: 'PATCH',
    path: `/lobbies/${LOBBY}`,
    body: { metadata: { mode: 'solo' }, members: [{ id: USER }], idle_timeout_seconds: 5 },
    reply: lobbyReply,
  },
  { name: 'deleteLobby', call: (c) => c.deleteLobby(LOBBY), method: 'DELETE', path: `/lobbies/${LOBBY}`, reply: noContent },
  {
    name: 'createOrJoinLobby',
    call: (c) => c.createOrJoinLobby({ secret: 's3cret', lobbyMetadata: { a: '1' }, memberMetadata: { b: '2' }, idleTimeoutSeconds: 604800 }, { userToken: USER_TOKEN }),
    method: 'PUT',
    path: '/lobbies',
    body: { secret: 's3cret', lobby_metadata: { a: '1' }, member_metadata: { b: '2' }, idle_timeout_seconds: 604800 },
    bearer: true,
    reply: lobbyReply,
  },
  {
    name: 'addLobbyMember',
    call: (c) => c.addLobbyMember(LOBBY, USER, { metadata: { a: 'b' }, flags: 1, additionalName: 'Captain' }),
    method: 'PUT',
    path: `/lobbies/${LOBBY}/members/${USER}`,
    body: { metadata: { a: 'b' }, flags: 1, additional_name: 'Captain' },
    reply: memberReply,
  },
  { name: 'removeLobbyMember', call: (c) => c.removeLobbyMember(LOBBY, USER), method: 'DELETE', path: `/lobbies/${LOBBY}/members/${USER}`, reply: noContent },
  {
    name: 'bulkUpdateLobbyMembers',
    call: (c) =>
      c.bulkUpdateLobbyMembers(LOBBY, [
        { id: USER, metadata: { a: 'b' }, flags: 1, additionalName: 'Captain' },
        { id: '1300000000000000003', additionalName: null },
        { id: '1300000000000000004', remove: true },
      ]),
    method: 'POST',
    path: `/lobbies/${LOBBY}/members/bulk`,
    body: [
      { id: USER, metadata: { a: 'b' }, flags: 1, additional_name: 'Captain' },
      { id: '1300000000000000003', additional_name: null },
      { id: '1300000000000000004', remove_member: true },
    ],
    reply: { status: 200, json: [{ id: USER, metadata: { a: 'b' }, flags: 1, additional_name: 'Captain' }] },
  },
  { name: 'leaveLobby', call: (c) => c.leaveLobby(LOBBY, { userToken: USER_TOKEN }), method: 'DELETE', path: `/lobbies/${LOBBY}/members/@me`, bearer: true, reply: noContent },
  {
    name: 'linkChannelToLobby',
    call: (c) => c.linkChannelToLobby(LOBBY, CHANNEL, { userToken: USER_TOKEN }),
    method: 'PATCH',
    path: `/lobbies/${LOBBY}/channel-linking`,
    body: { channel_id: CHANNEL },
    bearer: true,
    reply: lobbyReply,
  },
  {
    name: 'linkChannelToLobby (unlink)',
    call: (c) => c.linkChannelToLobby(LOBBY, null, { userToken: USER_TOKEN }),
    method: 'PATCH',
    path: `/lobbies/${LOBBY}/channel-linking`,
    body: {},
    bearer: true,
    reply: lobbyReply,
  },
  {
    name: 'sendLobbyMessage',
    call: (c) => c.sendLobbyMessage(LOBBY, { content: 'gg', metadata: { color: 'blue' } }, { userToken: USER_TOKEN }),
    method: 'POST',
    path: `/lobbies/${LOBBY}/messages`,
    body: { content: 'gg', metadata: { color: 'blue' } },
    bearer: true,
    reply: { status: 201, json: wireMessage() },
  },
  {
    name: 'getLobbyMessages',
    call: (c) => c.getLobbyMessages(LOBBY, { limit: 200 }, { userToken: USER_TOKEN }),
    method: 'GET',
    path: `/lobbies/${LOBBY}/messages`,
    query: { limit: '200' },
    bearer: true,
    reply: { status: 200, json: [wireMessage()] },
  },
  {
    name: 'setLobbyMessageModerationMetadata',
    call: (c) => c.setLobbyMessageModerationMetadata(LOBBY, MESSAGE, { action: 'hide', reason: 'spam' }),
    method: 'PUT',
    path: `/lobbies/${LOBBY}/messages/${MESSAGE}/moderation-metadata`,
    body: { action: 'hide', reason: 'spam' },
    reply: noContent,
  },
  {
    name: 'setDirectMessageModerationMetadata',
    call: (c) => c.setDirectMessageModerationMetadata(USER, '1300000000000000001', MESSAGE, { action: 'blur' }),
    method: 'PUT',
    path: `/partner-sdk/dms/${USER}/1300000000000000001/messages/${MESSAGE}/moderation-metadata`,
    body: { action: 'blur' },
    reply: noContent,
  },
  {
    name: 'createLobbyChannelInvite',
    call: (c) => c.createLobbyChannelInvite(LOBBY, { userToken: USER_TOKEN }),
    method: 'POST',
    path: `/lobbies/${LOBBY}/members/@me/invites`,
    bearer: true,
    reply: { status: 200, json: { code: 'abc123' } },
  },
  {
    name: 'createLobbyChannelInviteForUser',
    call: (c) => c.createLobbyChannelInviteForUser(LOBBY, USER),
    method: 'POST',
    path: `/lobbies/${LOBBY}/members/${USER}/invites`,
    reply: { status: 200, json: { code: 'abc123' } },
  },
  {
    name: 'setVoiceChannelStatus',
    call: (c) => c.setVoiceChannelStatus(CHANNEL, 'Raid night 🐉'),
    method: 'PUT',
    path: `/channels/${CHANNEL}/voice-status`,
    body: { status: 'Raid night 🐉' },
    reply: noContent,
  },
  { name: 'setVoiceChannelStatus (clear)', call: (c) => c.setVoiceChannelStatus(CHANNEL, null), method: 'PUT', path: `/channels/${CHANNEL}/voice-status`, body: { status: null }, reply: noContent },
  {
    name: 'updateApplicationIdentityProfile',
    call: (c) =>
      c.updateApplicationIdentityProfile(APP, USER, 'player/42 é', {
        username: 'pilot',
        data: { primary: { rankName: 'Silver', totalWins: 42, playtimeHours: 12.5, rankImage: { url: 'https://example.com/r.png' } }, dynamic: [{ type: 2, name: 'rating', value: 123.45 }] },
      }),
    method: 'PATCH',
    path: `/applications/${APP}/users/${USER}/identities/player%2F42%20%C3%A9/profile`,
    body: {
      username: 'pilot',
      data: { primary: { rank_name: 'Silver', total_wins: 42, playtime_hours: 12.5, rank_image: { url: 'https://example.com/r.png' } }, dynamic: [{ type: 2, name: 'rating', value: 123.45 }] },
    },
    reply: noContent,
  },
  {
    name: 'getApplicationIdentityProfile',
    call: (c) => c.getApplicationIdentityProfile(APP, USER, 'player-42'),
    method: 'GET',
    path: `/applications/${APP}/users/${USER}/identities/player-42/profile`,
    reply: { status: 200, json: { username: 'pilot', metadata: null, data: null } },
  },
];

describe('RestClient endpoints', () => {
  it.each(CASES)('$name: $method $path', async ({ call, method, path, body, query, bearer, reply }) => {
    server.reply(reply);
    await call(client);
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request!.method).toBe(method);
    // The raw path as sent (percent-encoding included).
    expect(request!.url.split('?')[0]).toBe(`/api/v10${path}`);
    expect(Object.fromEntries(request!.query)).toEqual(query ?? {});
    expect(bodyOf(request)).toEqual(body);
    expect(request!.headers['content-type']).toBe(body === undefined ? undefined : 'application/json');
    expect(request!.headers.authorization).toBe(bearer ? `Bearer ${USER_TOKEN}` : `Bot ${BOT_TOKEN}`);
  });

  it('sends the User-Agent the service asks for, with the appendix, and the audit-log reason URL-encoded', async () => {
    const withAppendix = new rest.RestClient({ token: BOT_TOKEN, baseUrl: server.baseUrl, userAgent: 'my-game-server/1.2' });
    await withAppendix.setVoiceChannelStatus(CHANNEL, 'x', { reason: 'raid: night ✓' });
    const [request] = server.requests;
    expect(request!.headers['user-agent']).toMatch(/^DiscordBot \(\S+, \d+\.\d+\.\d+\) .*my-game-server\/1\.2$/);
    expect(request!.headers['x-audit-log-reason']).toBe(encodeURIComponent('raid: night ✓'));
    await client.deleteLobby(LOBBY);
    expect(server.requests[1]!.headers['x-audit-log-reason']).toBeUndefined();
  });

  it('converts responses to camelCase with string IDs', async () => {
    server.reply({
      status: 200,
      json: wireLobby(LOBBY, { linked_channel: { id: CHANNEL, type: 0, guild_id: '1600000000000000001', name: 'lobby-chat' }, override_event_webhooks_url: null }),
    });
    expect(await client.getLobby(LOBBY)).toEqual({
      id: LOBBY,
      applicationId: APP,
      metadata: { mode: 'duo' },
      members: [
        { id: '1300000000000000001', metadata: {}, flags: 1 },
        { id: USER, metadata: { team: 'red' }, flags: 0, additionalName: 'Captain' },
      ],
      linkedChannel: { id: CHANNEL, type: 0, guildId: '1600000000000000001', name: 'lobby-chat' },
      flags: 0,
    });
    server.reply({ status: 200, json: [wireMessage()] });
    expect(await client.getLobbyMessages(LOBBY)).toEqual([
      {
        id: MESSAGE,
        type: 0,
        content: 'gg',
        lobbyId: LOBBY,
        channelId: LOBBY,
        author: { id: USER, username: 'pilot', globalName: 'Pilot', avatar: null, bot: false },
        additionalName: 'Captain',
        metadata: { color: 'blue' },
        flags: 65536,
        applicationId: APP,
      },
    ]);
    server.reply({ status: 200, json: [{ id: USER, metadata: null, flags: 0 }] });
    expect(await client.bulkUpdateLobbyMembers(LOBBY, [{ id: USER }])).toEqual([{ id: USER, metadata: {}, flags: 0 }]);
    server.reply({ status: 200, json: { code: 'inv' } });
    expect(await client.createLobbyChannelInviteForUser(LOBBY, USER)).toEqual({ code: 'inv' });
  });

  it('tells a created game profile (201, with the profile) from an updated one (204)', async () => {
    server.reply(
      {
        status: 201,
        json: {
          username: 'pilot',
          metadata: null,
          data: { primary: { rank_name: 'Gold', total_wins: 3, rank_image: { url: 'https://e/x.png' } }, dynamic: [{ type: 3, name: 'banner', value: { url: 'https://e/b.png' } }] },
        },
      },
      { status: 204 },
    );
    expect(await client.updateApplicationIdentityProfile(APP, USER, 'p1', { username: 'pilot' })).toEqual({
      created: true,
      profile: {
        username: 'pilot',
        metadata: null,
        data: { primary: { rankName: 'Gold', totalWins: 3, rankImage: { url: 'https://e/x.png' } }, dynamic: [{ type: 3, name: 'banner', value: { url: 'https://e/b.png' } }] },
      },
    });
    expect(await client.updateApplicationIdentityProfile(APP, USER, 'p1', { data: {} })).toEqual({ created: false, profile: null });
  });

  it('rejects a response that is not the documented shape with an HTTPError naming the field', async () => {
    server.reply({ status: 200, json: { id: LOBBY, members: [] } });
    const error = await rejectionOf(client.getLobby(LOBBY));
    expect(error).toBeInstanceOf(rest.SocialSdkError);
    expect(error.type).toBe('HTTPError');
    expect(error.message).toContain('lobby.application_id');
    expect(error.route).toBe('GET /lobbies/:id');
  });
});

describe('RestClient limits, checked before sending', () => {
  const member = (i: number) => ({ id: String(1300000000000000000n + BigInt(i)) });
  const many = (n: number) => Array.from({ length: n }, (_, i) => member(i));
  const REFUSED: [string, (c: RestClient) => Promise<unknown>, typeof RangeError | typeof TypeError, RegExp][] = [
    ['26 members on create', (c) => c.createLobby({ members: many(26) }), RangeError, /members must hold at most 25 members per request, got 26/],
    ['26 members on modify', (c) => c.modifyLobby(LOBBY, { members: many(26) }), RangeError, /at most 25/],
    ['26 bulk entries', (c) => c.bulkUpdateLobbyMembers(LOBBY, many(26)), RangeError, /updates must hold 1 to 25 members per request, got 26/],
    ['0 bulk entries', (c) => c.bulkUpdateLobbyMembers(LOBBY, []), RangeError, /1 to 25/],
    ['501-character voice status', (c) => c.setVoiceChannelStatus(CHANNEL, '🐉'.repeat(501)), RangeError, /status must be 0 to 500 characters, got 501/],
    ['limit 0', (c) => c.getLobbyMessages(LOBBY, { limit: 0 }), RangeError, /limit must be an integer from 1 to 200/],
    ['limit 201', (c) => c.getLobbyMessages(LOBBY, { limit: 201 }), RangeError, /limit must be an integer from 1 to 200/],
    ['6 moderation keys', (c) => c.setLobbyMessageModerationMetadata(LOBBY, MESSAGE, { a: '1', b: '2', c: '3', d: '4', e: '5', f: '6' }), RangeError, /at most 5 entries, got 6/],
    ['6 moderation keys on a DM', (c) => c.setDirectMessageModerationMetadata(USER, LOBBY, MESSAGE, { a: '1', b: '2', c: '3', d: '4', e: '5', f: '6' }), RangeError, /at most 5 entries/],
    ['an empty additional name', (c) => c.addLobbyMember(LOBBY, USER, { additionalName: '' }), RangeError, /additionalName must not be empty/],
    ['an 81-character additional name', (c) => c.bulkUpdateLobbyMembers(LOBBY, [{ id: USER, additionalName: 'x'.repeat(81) }]), RangeError, /additionalName must be 1 to 80 characters, got 81/],
    ['a 251-character secret', (c) => c.createOrJoinLobby({ secret: 'x'.repeat(251) }, { userToken: USER_TOKEN }), RangeError, /secret must be 1 to 250 characters, got 251/],
    ['idle timeout 4', (c) => c.createLobby({ idleTimeoutSeconds: 4 }), RangeError, /idleTimeoutSeconds must be a whole number of seconds from 5 to 604800/],
    ['idle timeout 604801', (c) => c.modifyLobby(LOBBY, { idleTimeoutSeconds: 604801 }), RangeError, /from 5 to 604800/],
    ['empty content', (c) => c.sendLobbyMessage(LOBBY, { content: '' }), RangeError, /content must not be empty/],
    ['a number as an ID', (c) => c.getLobby(5 as unknown as string), TypeError, /lobbyId must be a decimal string or a bigint/],
    ['a malformed ID', (c) => c.getLobby('12ab'), RangeError, /lobbyId must be an unsigned 64-bit integer/],
    ['a member flag of 2', (c) => c.addLobbyMember(LOBBY, USER, { flags: 2 }), RangeError, /flags must be a flag value/],
    ['an @me route without a user token', (c) => c.leaveLobby(LOBBY, {} as { userToken: string }), TypeError, /options.userToken is required/],
    ['31 dynamic profile fields', (c) => c.updateApplicationIdentityProfile(APP, USER, 'p', { data: { dynamic: Array.from({ length: 31 }, () => ({ type: 2 as const, name: 'n', value: 1 })) } }), RangeError, /at most 30 fields, got 31/],
    ['an empty player id', (c) => c.getApplicationIdentityProfile(APP, USER, ''), RangeError, /providerIssuedUserId must not be empty/],
    ['a 513-character audit-log reason', (c) => c.deleteLobby(LOBBY, { reason: 'x'.repeat(513) }), RangeError, /options.reason must be 1 to 512 characters/],
  ];

  it.each(REFUSED)('refuses %s, and the server sees nothing', async (_name, call, kind, message) => {
    const error = await call(client).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(kind);
    expect((error as Error).message).toMatch(message);
    expect(server.requests).toEqual([]);
  });

  it('accepts the bounds themselves', async () => {
    server.handler = (request) => (request.method === 'GET' ? { status: 200, json: [] } : request.path.endsWith('/bulk') ? { status: 200, json: [] } : { status: 200, json: wireLobby() });
    await client.createLobby({ members: many(25), idleTimeoutSeconds: 5 });
    await client.bulkUpdateLobbyMembers(LOBBY, many(25));
    await client.bulkUpdateLobbyMembers(LOBBY, many(1));
    await client.getLobbyMessages(LOBBY, { limit: 1 });
    await client.createOrJoinLobby({ secret: 'x'.repeat(250), idleTimeoutSeconds: 604800 }, { userToken: USER_TOKEN });
    server.handler = () => ({ status: 204 });
    await client.setVoiceChannelStatus(CHANNEL, '🐉'.repeat(500));
    await client.setLobbyMessageModerationMetadata(LOBBY, MESSAGE, { a: '1', b: '2', c: '3', d: '4', e: '5' });
    expect(server.requests).toHaveLength(7);
  });
});
