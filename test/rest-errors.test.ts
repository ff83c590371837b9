// RestClient failures over real sockets: the service's error body parsed into a SocialSdkError,
// 5xx and network failures retried with backoff, timeouts, aborts before and during a request,
// and tokens kept out of every error, inspect and JSON output.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';

import { Agent, type Dispatcher } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { rejectionOf, rest, ScriptedServer, until, VirtualClock, wireLobby, type RestClientOptions, type RestRequestInit } from './rest-server-helpers.js';

const TOKEN = 'bot.token-SECRET-AAAA';
const USER_TOKEN = 'user.token-SECRET-BBBB';
const LOBBY = '1100000000000000001';

let server: ScriptedServer;

beforeEach(async () => {
  server = await ScriptedServer.start();
});

afterEach(async () => {
  await server.close();
});

function clientWith(options: Partial<RestClientOptions> = {}) {
  return new rest.RestClient({ token: TOKEN, baseUrl: server.baseUrl, clock: new VirtualClock(true), retries: 0, ...options });
}

describe('HTTP errors', () => {
  it('carry the status, the service code and message, and the route with IDs replaced', async () => {
    server.reply({ status: 404, json: { code: 10031, message: 'Unknown Lobby' } });
    const error = await rejectionOf(clientWith().bulkUpdateLobbyMembers(LOBBY, [{ id: '1300000000000000001' }]));
    expect(error).toBeInstanceOf(rest.SocialSdkError);
    expect(error).toMatchObject({ name: 'SocialSdkError', type: 'HTTPError', status: 404, code: 10031, route: 'POST /lobbies/:id/members/bulk', retryable: false });
    expect(error.message).toBe('POST /lobbies/:id/members/bulk: Unknown Lobby (HTTP 404, code 10031)');
    expect(error.message).not.toContain(LOBBY);
  });

  it('list the fields of a form error (50035)', async () => {
    server.reply({
      status: 400,
      json: { code: 50035, message: 'Invalid Form Body', errors: { members: { '0': { id: { _errors: [{ code: 'NUMBER_TYPE_COERCE', message: 'Value "x" is not snowflake.' }] } } } } },
    });
    const error = await rejectionOf(clientWith().createLobby({}));
    expect(error).toMatchObject({ type: 'HTTPError', status: 400, code: 50035, route: 'POST /lobbies' });
    expect(error.message).toBe('POST /lobbies: Invalid Form Body (HTTP 400, code 50035): members.0.id: Value "x" is not snowflake.');
  });

  it('a 403 with 50013 is not retried', async () => {
    server.reply({ status: 403, json: { code: 50013, message: 'Missing Permissions' } });
    const error = await rejectionOf(clientWith({ retries: 3 }).setVoiceChannelStatus('1500000000000000001', 'x'));
    expect(error).toMatchObject({ type: 'HTTPError', status: 403, code: 50013, route: 'PUT /channels/:id/voice-status' });
    expect(server.requests).toHaveLength(1);
  });
});

describe('retries', () => {
  it('retries a 5xx with exponential backoff, then rejects with the HTTPError', async () => {
    const clock = new VirtualClock(true);
    server.handler = () => ({ status: 502, json: { code: 0, message: 'Bad Gateway' } });
    const error = await rejectionOf(clientWith({ clock, retries: 2, retryBackoffMs: 100 }).getLobby(LOBBY));
    expect(error).toMatchObject({ type: 'HTTPError', status: 502, retryable: true, route: 'GET /lobbies/:id' });
    expect(server.requests).toHaveLength(3);
    expect(clock.sleeps).toEqual([100, 200]);
  });

  it('resolves when a retry succeeds', async () => {
    server.reply({ status: 500 }, { status: 200, json: wireLobby() });
    const lobby = await clientWith({ retries: 1 }).getLobby(LOBBY);
    expect(lobby.id).toBe(LOBBY);
    expect(server.requests).toHaveLength(2);
  });

  it('retries a dropped connection, then rejects with a NetworkError', async () => {
    server.handler = () => ({ status: 0, destroy: true });
    const error = await rejectionOf(clientWith({ retries: 1 }).getLobby(LOBBY));
    expect(error).toMatchObject({ type: 'NetworkError', retryable: true, route: 'GET /lobbies/:id' });
    expect(server.requests).toHaveLength(2);
  });

  it('a refused connection is a NetworkError', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = new rest.RestClient({ token: TOKEN, baseUrl: `http://127.0.0.1:${port}/api/v10`, retries: 0 });
    const error = await rejectionOf(client.deleteLobby(LOBBY));
    expect(error).toMatchObject({ type: 'NetworkError', route: 'DELETE /lobbies/:id' });
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('a request with no answer within timeoutMs is a NetworkError', async () => {
    server.handler = () => ({ status: 0, hang: true });
    const error = await rejectionOf(clientWith({ timeoutMs: 50 }).getLobby(LOBBY));
    expect(error).toMatchObject({ type: 'NetworkError', route: 'GET /lobbies/:id' });
    expect(error.message).toBe('GET /lobbies/:id: network error: no response within 50 ms');
  });
});

describe('AbortSignal', () => {
  it('an aborted signal rejects with Aborted and sends nothing', async () => {
    const error = await rejectionOf(clientWith().getLobby(LOBBY, { signal: AbortSignal.abort() }));
    expect(error).toMatchObject({ type: 'Aborted', route: 'GET /lobbies/:id' });
    expect(server.requests).toEqual([]);
  });

  it('aborting during a request rejects with Aborted; nothing more is sent and the queue goes on', async () => {
    const client = clientWith({ retries: 3 });
    server.reply({ status: 0, hang: true });
    const controller = new AbortController();
    const pending = client.getLobby(LOBBY, { signal: controller.signal });
    await until(() => server.requests.length === 1, 'the request to arrive');
    controller.abort();
    expect(await rejectionOf(pending)).toMatchObject({ type: 'Aborted', route: 'GET /lobbies/:id' });
    server.handler = () => ({ status: 200, json: wireLobby() });
    await client.getLobby(LOBBY);
    expect(server.requests).toHaveLength(2);
  });

  it('aborting during a rate-limit wait rejects with Aborted and ends the wait', async () => {
    const clock = new VirtualClock(false);
    const client = clientWith({ clock });
    server.reply({ status: 429, headers: { 'retry-after': '5' } });
    const controller = new AbortController();
    const pending = client.deleteLobby(LOBBY, { signal: controller.signal });
    await until(() => clock.pending.length === 1, 'the rate-limit wait');
    controller.abort();
    expect(await rejectionOf(pending)).toMatchObject({ type: 'Aborted' });
    expect(clock.pending).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('aborting while queued behind another request rejects at once and sends nothing', async () => {
    const client = clientWith();
    server.reply({ status: 0, hang: true });
    const firstController = new AbortController();
    const first = client.getLobby(LOBBY, { signal: firstController.signal });
    await until(() => server.requests.length === 1, 'the first request to arrive');
    const controller = new AbortController();
    const queued = client.getLobby(LOBBY, { signal: controller.signal });
    controller.abort();
    expect(await rejectionOf(queued)).toMatchObject({ type: 'Aborted' });
    expect(server.requests).toHaveLength(1);
    firstController.abort();
    await first.catch(() => undefined);
  });
});

describe('tokens', () => {
  function expectNoToken(value: unknown): void {
    for (const text of [inspect(value, { showHidden: true, depth: 10 }), JSON.stringify(value), String(value)]) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(USER_TOKEN);
      expect(text).not.toContain('SECRET');
    }
  }

  it('never appear in an error, even when the service or the transport echoes them', async () => {
    const client = clientWith();
    server.handler = (request) => ({ status: 401, json: { code: 40001, message: `Unauthorized: ${String(request.headers.authorization)}` } });
    const botError = await rejectionOf(client.getLobby(LOBBY));
    const userError = await rejectionOf(client.getLobbyMessages(LOBBY, {}, { userToken: USER_TOKEN }));
    expect(botError.message).toContain('Unauthorized: Bot [redacted]');
    expect(userError.message).toContain('Unauthorized: Bearer [redacted]');
    const echoing = clientWith({
      makeRequest: (_url: string, init: RestRequestInit) => Promise.reject(new Error(`could not send ${init.headers.authorization ?? ''}`)),
    });
    const networkError = await rejectionOf(echoing.leaveLobby(LOBBY, { userToken: USER_TOKEN }));
    expect(networkError.type).toBe('NetworkError');
    for (const error of [botError, userError, networkError]) {
      expectNoToken(error);
      expectNoToken(Object.values(error));
      expectNoToken(error.stack);
    }
  });

  it('never appear in inspect or JSON of the client, nor in option errors', () => {
    const client = clientWith();
    expectNoToken(client);
    expect(inspect(client, { customInspect: false, showHidden: true, depth: 10 })).not.toContain(TOKEN);
    expect(inspect(client)).toBe(`RestClient { baseUrl: ${JSON.stringify(server.baseUrl)}, invalidRequestCount: 0 }`);
    expect(JSON.parse(JSON.stringify(client))).toEqual({ baseUrl: server.baseUrl, invalidRequestCount: 0 });
    const badToken = (() => {
      try {
        return new rest.RestClient({ token: 'SECRET with space' });
      } catch (error) {
        return error;
      }
    })();
    expect(badToken).toBeInstanceOf(RangeError);
    expectNoToken(badToken);
    expect(() => new rest.RestClient({} as { token: string })).toThrow(TypeError);
  });

  it('a user token in a bad place is not echoed', async () => {
    const error = await clientWith()
      .leaveLobby(LOBBY, { userToken: `${USER_TOKEN}\n` })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(RangeError);
    expectNoToken(error);
  });
});

describe('injection points', () => {
  it('sends through makeRequest when given one, handing it the dispatcher', async () => {
    const dispatcher = { marker: 'dispatcher' } as unknown as NonNullable<RestClientOptions['dispatcher']>;
    const calls: { url: string; init: RestRequestInit }[] = [];
    const client = clientWith({
      dispatcher,
      makeRequest: (url, init) => {
        calls.push({ url, init });
        return fetch(url, { method: init.method, headers: init.headers, signal: init.signal, ...(init.body === undefined ? {} : { body: init.body }) });
      },
    });
    server.reply({ status: 200, json: wireLobby() });
    await client.getLobby(LOBBY);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(`${server.baseUrl}/lobbies/${LOBBY}`);
    expect(calls[0]!.init.dispatcher).toBe(dispatcher);
    expect(server.requests).toHaveLength(1);
  });

  it('sends through the given undici dispatcher by default, under the base URL\'s path', async () => {
    const dispatched: string[] = [];
    class CountingAgent extends Agent {
      override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandlers): boolean {
        dispatched.push(`${options.method} ${options.origin?.toString() ?? ''}${options.path}`);
        return super.dispatch(options, handler);
      }
    }
    const agent = new CountingAgent();
    try {
      server.reply({ status: 200, json: wireLobby() });
      const lobby = await clientWith({ dispatcher: agent as unknown as NonNullable<RestClientOptions['dispatcher']> }).getLobby(LOBBY);
      expect(lobby.id).toBe(LOBBY);
      expect(dispatched).toEqual([`GET ${server.baseUrl}/lobbies/${LOBBY}`]);
      expect(server.requests.map((request) => request.url)).toEqual([`${new URL(server.baseUrl).pathname}/lobbies/${LOBBY}`]);
    } finally {
      await agent.close();
    }
  });

  it('sends the same request through makeRequest: fetch and through the default transport', async () => {
    server.reply({ status: 200, json: wireLobby() }, { status: 200, json: wireLobby() });
    await clientWith({ makeRequest: (url, init) => fetch(url, init) }).getLobby(LOBBY, { reason: 'audit' });
    await clientWith().getLobby(LOBBY, { reason: 'audit' });
    const [viaFetch, viaDefault] = server.requests;
    expect(viaDefault!.url).toBe(viaFetch!.url);
    expect(viaDefault!.headers).toMatchObject({ authorization: `Bot ${TOKEN}`, 'x-audit-log-reason': 'audit' });
    for (const name of ['authorization', 'user-agent', 'x-audit-log-reason']) expect(viaDefault!.headers[name]).toBe(viaFetch!.headers[name]);
  });
});

describe('options', () => {
  it.each([
    ['a baseUrl that is no URL', { baseUrl: 'not a url' }, RangeError, /baseUrl must be an absolute http or https URL/],
    ['a baseUrl with credentials', { baseUrl: 'https://user:pw@example.com/api' }, RangeError, /must not hold credentials/],
    ['a baseUrl of another scheme', { baseUrl: 'ftp://example.com' }, RangeError, /http or https URL, got ftp:/],
    ['retries below 0', { retries: -1 }, RangeError, /retries must be an integer from 0 to 100/],
    ['a timeout of 0', { timeoutMs: 0 }, RangeError, /timeoutMs must be an integer from 1/],
    ['rejectOnRateLimit of another type', { rejectOnRateLimit: 'yes' }, TypeError, /rejectOnRateLimit must be a boolean or a function/],
    ['a clock without sleep', { clock: { now: () => 0 } }, TypeError, /clock must have now\(\) and sleep/],
    ['makeRequest of another type', { makeRequest: 'fetch' }, TypeError, /makeRequest must be a function/],
    ['a userAgent of two lines', { userAgent: 'a\r\nX-Injected: 1' }, RangeError, /userAgent must be one line/],
  ])('refuses %s', (_name, options, kind, message) => {
    const make = () => new rest.RestClient({ token: TOKEN, ...(options as Partial<RestClientOptions>) });
    expect(make).toThrow(kind);
    expect(make).toThrow(message);
  });

  it('strips a trailing slash of baseUrl', async () => {
    const client = new rest.RestClient({ token: TOKEN, baseUrl: `${server.baseUrl}/` });
    await client.deleteLobby(LOBBY);
    expect(server.requests[0]!.url).toBe(`/api/v10/lobbies/${LOBBY}`);
  });
});

describe('payloads', () => {
  it('keeps a metadata key named __proto__ as an entry of its own, the map still a plain object', async () => {
    server.reply({ status: 200, json: wireLobby(LOBBY, { metadata: { mode: 'duo', ['__proto__']: 'polluted?' } }) });
    const lobby = await clientWith().getLobby(LOBBY);
    expect(Object.getPrototypeOf(lobby.metadata)).toBe(Object.prototype);
    expect(Object.keys(lobby.metadata)).toEqual(['mode', '__proto__']);
    expect(Object.getOwnPropertyDescriptor(lobby.metadata, '__proto__')?.value).toBe('polluted?');
    expect(({} as Record<string, unknown>)['mode']).toBeUndefined();
  });
});
