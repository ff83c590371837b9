// RestClient rate limits over real sockets, with a virtual clock driving the waits: 429s waited
// out and resent (the wait asserted exactly, nothing slept), buckets learned from headers, order
// kept within a bucket while another proceeds, the global limit, rejectOnRateLimit, the wait cap,
// per-user queues, and the invalid-request count. And on real time, against a mock service whose
// two routes share one bucket, our client beside @discordjs/rest 2.6.3.
import { REST } from '@discordjs/rest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  API_PREFIX,
  rejectionOf,
  rest,
  ScriptedServer,
  until,
  VirtualClock,
  wireLobby,
  wireMessage,
  type RateLimitInfo,
  type RecordedRequest,
  type RestClientOptions,
  type ScriptedResponse,
} from './rest-server-helpers.js';

const TOKEN = 'bot.token-AAAA';
const LOBBY = '1100000000000000001';
const OTHER_LOBBY = '1100000000000000002';

let server: ScriptedServer;

beforeEach(async () => {
  server = await ScriptedServer.start();
});

afterEach(async () => {
  await server.close();
});

function clientWith(clock: VirtualClock, options: Partial<RestClientOptions> = {}) {
  return new rest.RestClient({ token: TOKEN, baseUrl: server.baseUrl, clock, retries: 0, ...options });
}

const tooMany = (retryAfter: number, headers: Record<string, string> = {}, global = false) => ({
  status: 429,
  headers: { 'retry-after': String(Math.ceil(retryAfter)), ...headers },
  json: { message: 'You are being rate limited.', retry_after: retryAfter, global },
});

describe('429 responses', () => {
  it('waits Retry-After and resends the same request, without using a retry', async () => {
    const clock = new VirtualClock(true);
    const client = clientWith(clock);
    server.reply({ status: 429, headers: { 'retry-after': '2' } }, { status: 200, json: wireLobby() });
    const lobby = await client.getLobby(LOBBY);
    expect(lobby.id).toBe(LOBBY);
    expect(server.seen).toEqual([`GET /lobbies/${LOBBY}`, `GET /lobbies/${LOBBY}`]);
    expect(clock.sleeps).toEqual([2000]);
    expect(client.invalidRequestCount).toBe(1);
  });

  it("prefers the body's precise retry_after, and tells onRateLimited", async () => {
    const clock = new VirtualClock(true);
    const seen: RateLimitInfo[] = [];
    const client = clientWith(clock, { onRateLimited: (info) => seen.push(info) });
    server.reply(tooMany(1.5, { 'x-ratelimit-scope': 'user', 'x-ratelimit-bucket': 'b1' }), { status: 204 });
    await client.deleteLobby(LOBBY);
    expect(clock.sleeps).toEqual([1500]);
    expect(seen).toEqual([{ route: 'DELETE /lobbies/:id', majorParameter: 'global', retryAfter: 1.5, global: false, bucket: 'b1', scope: 'user', fromResponse: true }]);
  });

  it('rejects with RateLimited and retryAfter when rejectOnRateLimit is true; nothing is resent', async () => {
    const clock = new VirtualClock(true);
    const client = clientWith(clock, { rejectOnRateLimit: true });
    server.reply(tooMany(2));
    const error = await rejectionOf(client.getLobby(LOBBY));
    expect(error).toBeInstanceOf(rest.SocialSdkError);
    expect(error).toMatchObject({ type: 'RateLimited', retryAfter: 2, status: 429, route: 'GET /lobbies/:id', retryable: true });
    expect(server.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('asks a rejectOnRateLimit predicate per limit: it rejects one route and waits on another', async () => {
    const clock = new VirtualClock(true);
    const client = clientWith(clock, { rejectOnRateLimit: (info) => info.route.startsWith('POST /lobbies/:id/messages') });
    server.reply(tooMany(3));
    const error = await rejectionOf(client.sendLobbyMessage(LOBBY, { content: 'hi' }));
    expect(error).toMatchObject({ type: 'RateLimited', retryAfter: 3, route: 'POST /lobbies/:id/messages' });
    server.reply(tooMany(3), { status: 200, json: wireLobby() });
    await client.getLobby(LOBBY);
    expect(clock.sleeps).toEqual([3000]);
  });

  it('waits up to maxRateLimitWaitMs and rejects a longer wait', async () => {
    const clock = new VirtualClock(true);
    const client = clientWith(clock, { maxRateLimitWaitMs: 1000 });
    server.reply(tooMany(0.5), { status: 204 });
    await client.deleteLobby(LOBBY);
    expect(clock.sleeps).toEqual([500]);
    server.reply(tooMany(5));
    const error = await rejectionOf(client.deleteLobby(OTHER_LOBBY));
    expect(error).toMatchObject({ type: 'RateLimited', retryAfter: 5, route: 'DELETE /lobbies/:id' });
    expect(error.message).toContain('maxRateLimitWaitMs');
    expect(clock.sleeps).toEqual([500]);
  });
});

describe('buckets', () => {
  const exhausted = (resetAfter: number, bucket = 'messages') => ({
    'x-ratelimit-limit': '5',
    'x-ratelimit-remaining': '0',
    'x-ratelimit-reset-after': String(resetAfter),
    'x-ratelimit-bucket': bucket,
  });

  it('waits for an exhausted bucket to reset before sending (X-RateLimit-Remaining 0, Reset-After)', async () => {
    const clock = new VirtualClock(true);
    const client = clientWith(clock);
    server.reply({ status: 201, headers: exhausted(3), json: wireMessage() }, { status: 201, json: wireMessage() });
    await client.sendLobbyMessage(LOBBY, { content: 'one' });
    expect(clock.sleeps).toEqual([]);
    await client.sendLobbyMessage(OTHER_LOBBY, { content: 'two' });
    // The lobby id is no major parameter: both lobbies share the route's bucket.
    expect(clock.sleeps).toEqual([3000]);
    expect(server.requests).toHaveLength(2);
  });

  it('routes the service puts in one bucket (X-RateLimit-Bucket) share its counts', async () => {
    const clock = new VirtualClock(true);
    const client = clientWith(clock);
    server.reply(
      { status: 204, headers: { 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '3', 'x-ratelimit-reset-after': '4', 'x-ratelimit-bucket': 'members' } },
      { status: 204, headers: exhausted(4, 'members') },
      { status: 204 },
    );
    await client.removeLobbyMember(LOBBY, '1300000000000000001');
    await client.deleteLobby(LOBBY);
    expect(clock.sleeps).toEqual([]);
    // DELETE /lobbies/:id exhausted the bucket that DELETE /lobbies/:id/members/:id is in too.
    await client.removeLobbyMember(LOBBY, '1300000000000000002');
    expect(clock.sleeps).toEqual([4000]);
  });

  it('keeps the order of requests in a bucket while another bucket proceeds', async () => {
    const clock = new VirtualClock(false);
    const client = clientWith(clock);
    server.handler = (request) => (request.method === 'GET' ? { status: 200, json: wireLobby() } : { status: 201, json: wireMessage() });
    server.reply({ status: 201, headers: exhausted(5), json: wireMessage() });
    await client.sendLobbyMessage(LOBBY, { content: 'm1' });
    const second = client.sendLobbyMessage(LOBBY, { content: 'm2' });
    const third = client.sendLobbyMessage(OTHER_LOBBY, { content: 'm3' });
    await until(() => clock.pending.length === 1, 'the second message to wait for the reset');
    await client.getLobby(LOBBY);
    expect(server.requests.map((r) => (r.method === 'GET' ? 'get' : (JSON.parse(r.body) as { content: string }).content))).toEqual(['m1', 'get']);
    expect(clock.pending.map((sleep) => sleep.ms)).toEqual([5000]);
    clock.advance(5000);
    await Promise.all([second, third]);
    expect(server.requests.map((r) => (r.method === 'GET' ? 'get' : (JSON.parse(r.body) as { content: string }).content))).toEqual(['m1', 'get', 'm2', 'm3']);
  });

  it('keeps a queue per user token: one user exhausted does not hold another', async () => {
    const clock = new VirtualClock(false);
    const client = clientWith(clock);
    server.handler = () => ({ status: 201, json: wireMessage() });
    server.reply({ status: 201, headers: exhausted(5), json: wireMessage() });
    await client.sendLobbyMessage(LOBBY, { content: 'a1' }, { userToken: 'user-a' });
    const waiting = client.sendLobbyMessage(LOBBY, { content: 'a2' }, { userToken: 'user-a' });
    await until(() => clock.pending.length === 1, "user A's second message to wait");
    await client.sendLobbyMessage(LOBBY, { content: 'b1' }, { userToken: 'user-b' });
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer user-a', 'Bearer user-b']);
    clock.advance(5000);
    await waiting;
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer user-a', 'Bearer user-b', 'Bearer user-a']);
  });

  it('rejects a bucket wait beyond maxRateLimitWaitMs before sending (RateLimited, status 0)', async () => {
    const clock = new VirtualClock(true);
    const client = clientWith(clock, { maxRateLimitWaitMs: 1000 });
    server.reply({ status: 201, headers: exhausted(30), json: wireMessage() });
    await client.sendLobbyMessage(LOBBY, { content: 'one' });
    const error = await rejectionOf(client.sendLobbyMessage(LOBBY, { content: 'two' }));
    expect(error).toMatchObject({ type: 'RateLimited', retryAfter: 30, status: 0, route: 'POST /lobbies/:id/messages' });
    expect(server.requests).toHaveLength(1);
  });
});

describe('the global limit', () => {
  it('a global 429 blocks every bucket for retry_after, then each request is sent', async () => {
    const clock = new VirtualClock(false);
    const client = clientWith(clock);
    server.handler = (request) => (request.method === 'GET' ? { status: 200, json: wireLobby() } : { status: 204 });
    server.reply(tooMany(2, { 'x-ratelimit-global': 'true', 'x-ratelimit-scope': 'global' }, true));
    const first = client.getLobby(LOBBY);
    await until(() => clock.pending.length === 1, 'the global wait');
    // Another route, another bucket: it waits for the global limit too.
    const other = client.deleteLobby(OTHER_LOBBY);
    await until(() => clock.pending.length === 2, 'the other route to wait');
    expect(server.seen).toEqual([`GET /lobbies/${LOBBY}`]);
    expect(clock.pending.map((sleep) => sleep.ms)).toEqual([2000, 2000]);
    clock.advance(2000);
    await Promise.all([first, other]);
    expect([...server.seen].sort()).toEqual([`DELETE /lobbies/${OTHER_LOBBY}`, `GET /lobbies/${LOBBY}`, `GET /lobbies/${LOBBY}`]);
  });
});

describe('invalid requests', () => {
  it('counts 401, 403 and 429 in the last 10 minutes and warns once at the threshold', async () => {
    const clock = new VirtualClock(true);
    const warnings: number[] = [];
    const client = clientWith(clock, { invalidRequestWarningThreshold: 2, onInvalidRequestWarning: (count) => warnings.push(count), rejectOnRateLimit: true });
    server.reply(
      { status: 401, json: { code: 0, message: '401: Unauthorized' } },
      { status: 404, json: { code: 10031, message: 'Unknown Lobby' } },
      { status: 403, json: { code: 50013, message: 'Missing Permissions' } },
      tooMany(1),
    );
    for (let i = 0; i < 4; i++) await client.getLobby(LOBBY).catch(() => undefined);
    expect(client.invalidRequestCount).toBe(3);
    expect(warnings).toEqual([2]);
    clock.advance(10 * 60 * 1000);
    expect(client.invalidRequestCount).toBe(0);
  });

  it('does not count a 429 of the shared scope', async () => {
    const clock = new VirtualClock(true);
    const client = clientWith(clock);
    server.reply(tooMany(1, { 'x-ratelimit-scope': 'shared' }), { status: 204 });
    await client.deleteLobby(LOBBY);
    expect(client.invalidRequestCount).toBe(0);
  });
});

describe('routes that share a bucket (X-RateLimit-Bucket), on real time', () => {
  // "In some cases, per-route rate limits will be shared across a set of similar endpoints,
  // indicated in the X-RateLimit-Bucket header. It's recommended to use this header as a unique
  // identifier for a rate limit, which will allow you to group shared limits as you encounter
  // them." (discord-api-docs developers/topics/rate-limits.mdx, introduction)
  const LIMIT = 4;
  const WINDOW_MS = 600;
  const PER_ROUTE = 8;
  const lobby = '1100000000000000001';
  // Snowflake-sized ids: both clients see one route shape per method, not one per user.
  const userIds = Array.from({ length: PER_ROUTE }, (_, i) => `13000000000000000${10 + i}`);

  /** A service whose PUT and DELETE of lobby members share one bucket of 4 per 600 ms (a fixed window). */
  function sharedBucket(): { handler: (request: RecordedRequest) => ScriptedResponse; tooMany: () => number } {
    let window = { used: 0, resetAt: 0 };
    let refused = 0;
    const handler = (request: RecordedRequest): ScriptedResponse => {
      const now = Date.now();
      if (now >= window.resetAt) window = { used: 0, resetAt: now + WINDOW_MS };
      const resetAfter = ((window.resetAt - now) / 1000).toFixed(3);
      const headers: Record<string, string> = {
        'x-ratelimit-limit': String(LIMIT),
        'x-ratelimit-reset': (window.resetAt / 1000).toFixed(3),
        'x-ratelimit-reset-after': resetAfter,
        'x-ratelimit-bucket': 'lobby-members',
      };
      if (window.used >= LIMIT) {
        refused++;
        return {
          status: 429,
          headers: { ...headers, 'x-ratelimit-remaining': '0', 'x-ratelimit-scope': 'user', 'retry-after': String(Math.ceil(Number(resetAfter))) },
          json: { message: 'You are being rate limited.', retry_after: Number(resetAfter), global: false },
        };
      }
      window.used++;
      headers['x-ratelimit-remaining'] = String(LIMIT - window.used);
      const id = request.path.split('/').pop()!;
      return request.method === 'PUT' ? { status: 200, headers, json: { id, metadata: null, flags: 0 } } : { status: 204, headers };
    };
    return { handler, tooMany: () => refused };
  }

  /** The user ids each route's requests reached the service with, in order (429s included), from request `from` on. */
  function sentPerRoute(from: number): Record<string, string[]> {
    const sent: Record<string, string[]> = { PUT: [], DELETE: [] };
    for (const request of server.requests.slice(from)) sent[request.method]!.push(request.path.split('/').pop()!);
    return sent;
  }

  const WARM_UP_USER = '1300000000000000001';

  it('our RestClient, once each route has named its bucket: 16 concurrent requests, no 429, each once and in order per route', async () => {
    const service = sharedBucket();
    server.handler = service.handler;
    const client = new rest.RestClient({ token: TOKEN, baseUrl: server.baseUrl, retries: 0 });
    await client.addLobbyMember(lobby, WARM_UP_USER);
    await client.removeLobbyMember(lobby, WARM_UP_USER);
    await Promise.all(userIds.flatMap((user) => [client.addLobbyMember(lobby, user), client.removeLobbyMember(lobby, user)]));
    expect(service.tooMany()).toBe(0);
    expect(sentPerRoute(2)).toEqual({ PUT: userIds, DELETE: userIds });
  });

  it('@discordjs/rest, the reference client, in the same case: no 429 either (it moves both routes into one queue)', async () => {
    const service = sharedBucket();
    server.handler = service.handler;
    const client = new REST({ api: server.baseUrl.slice(0, -'/v10'.length), version: '10' }).setToken(TOKEN);
    expect(server.baseUrl.endsWith(`${API_PREFIX}`)).toBe(true);
    await client.put(`/lobbies/${lobby}/members/${WARM_UP_USER}`, { body: {} });
    await client.delete(`/lobbies/${lobby}/members/${WARM_UP_USER}`);
    await Promise.all(
      userIds.flatMap((user) => [client.put(`/lobbies/${lobby}/members/${user}`, { body: {} }), client.delete(`/lobbies/${lobby}/members/${user}`)]),
    );
    expect(service.tooMany()).toBe(0);
    expect(sentPerRoute(2)).toEqual({ PUT: userIds, DELETE: userIds });
  });

  it('our RestClient from a cold start (all 16 sent before any answer names the bucket): no 429 either', async () => {
    // @discordjs/rest meets 429s here: each route's first queue keeps its own count of the bucket.
    const service = sharedBucket();
    server.handler = service.handler;
    const client = new rest.RestClient({ token: TOKEN, baseUrl: server.baseUrl, retries: 0 });
    await Promise.all(userIds.flatMap((user) => [client.addLobbyMember(lobby, user), client.removeLobbyMember(lobby, user)]));
    expect(service.tooMany()).toBe(0);
    expect(sentPerRoute(0)).toEqual({ PUT: userIds, DELETE: userIds });
  });
});
