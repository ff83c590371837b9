// The inspector (issue 35): `<url>/inspector/` of a served simulator, over a real socket. The page
// and its files are served to anyone (they hold no data); the state and its Server-Sent Events
// stream need the harness secret (`Authorization: Harness <secret>`, lib/remote/access.ts) and
// refuse anything else with 401 and a JSON error, changing nothing. What it shows comes from the
// world the simulated SDK clients of the same Simulator changed, and never holds a token or secret.
import { createRequire } from 'node:module';
import * as path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { root, sdk, type Client, type SimulatedService } from './sdk.js';
import type { InspectorState } from '../lib/sim/inspector/view.js';

type Simulator = InstanceType<typeof sdk.Simulator>;

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).reverse().map((thing) => thing.close()));
});

async function served(): Promise<{ sim: Simulator; service: SimulatedService; secret: string; base: string }> {
  const sim = new sdk.Simulator();
  const service = await sim.listen();
  open.push(service);
  const secret = new URLSearchParams(new URL(service.inspectorUrl).hash.slice(1)).get('secret')!;
  return { sim, service, secret, base: `${service.url}/inspector/` };
}

async function connected(sim: Simulator, username: string): Promise<{ id: string; client: Client }> {
  const user = sim.createUser({ username });
  const client = await sim.connectClient(user);
  open.push(client);
  return { id: user.id, client };
}

const harness = (secret: string) => ({ authorization: `Harness ${secret}` });

/** Reads a Server-Sent Events stream until `done(text so far)`; then aborts it. */
async function readStream(response: Response, abort: AbortController, done: (text: string) => boolean): Promise<string> {
  const reader = response.body!.getReader();
  let text = '';
  while (!done(text)) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += Buffer.from(chunk.value).toString('utf8');
  }
  abort.abort();
  return text;
}

/** The `state` events of a stream's text, parsed. */
function states(text: string): { world: { lobbies: { id: string; messages: { content: string }[] }[] } }[] {
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('event: state\n'))
    .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)));
}

describe('the inspector page', () => {
  it('is served without the secret: the HTML, its script and its style sheet, with no data in them', async () => {
    const { service, secret, base } = await served();
    expect(service.inspectorUrl).toBe(`${service.url}/inspector/#secret=${secret}`);
    const page = await fetch(base);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    // Accessible structure: headings, labelled filters, a live timeline.
    expect(html).toContain('<h1>Simulator inspector</h1>');
    for (const filter of ['filter-user', 'filter-application', 'filter-lobby']) expect(html).toContain(`<label for="${filter}">`);
    expect(html).toMatch(/<ol id="timeline" aria-live="polite"/);
    const script = await fetch(`${base}inspector.js`);
    expect([script.status, script.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect(await script.text()).toContain("fetch(base + 'events'");
    const style = await fetch(`${base}inspector.css`);
    expect([style.status, style.headers.get('content-type')]).toEqual([200, 'text/css; charset=utf-8']);
    const head = await fetch(base, { method: 'HEAD' });
    expect([head.status, await head.text()]).toEqual([200, '']);
    expect(html + (await (await fetch(`${base}inspector.js`)).text())).not.toContain(secret);
  });

  it('answers 404 to other paths under /inspector/ and 405 to other methods, as JSON', async () => {
    const { base, secret } = await served();
    for (const path of ['nope', 'state/x', '%ff', '..%2fapi%2fv10%2flobbies', 'inspector.js.map']) {
      const answer = await fetch(`${base}${path}`, { headers: harness(secret) });
      expect([path, answer.status]).toEqual([path, 404]);
      expect(await answer.json()).toEqual({ message: '404: Not Found', code: 0 });
    }
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const answer = await fetch(`${base}state`, { method, headers: harness(secret) });
      expect([method, answer.status, answer.headers.get('allow')]).toEqual([method, 405, 'GET, HEAD']);
      expect(await answer.json()).toMatchObject({ code: 0 });
    }
  });
});

describe('the inspector state and stream', () => {
  it('refuse a missing or wrong secret with 401 and a JSON error, and change nothing', async () => {
    const { sim, service, secret, base } = await served();
    const alice = await connected(sim, 'alice');
    await alice.client.createOrJoinLobby('party');
    const before = (await (await fetch(`${base}state`, { headers: harness(secret) })).json()) as InspectorState;
    const refusals: [string, Record<string, string>][] = [
      ['state', {}],
      ['state', harness(`${secret}x`)],
      ['state', harness('')],
      ['state', { authorization: `Bot ${service.issueBotToken()}` }],
      ['state', { authorization: secret }],
      ['events', {}],
      ['events', harness('wrong')],
    ];
    for (const [path, headers] of refusals) {
      const answer = await fetch(`${base}${path}`, { headers });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('content-type')).toBe('application/json');
      expect(answer.headers.get('www-authenticate')).toBe('Harness');
      expect(await answer.json()).toEqual({ message: expect.stringContaining('Authorization: Harness <secret>'), code: 0 });
    }
    const after = (await (await fetch(`${base}state`, { headers: harness(secret) })).json()) as InspectorState;
    // Nothing changed: the same world, no request logged, no timeline entry, no invalid request counted.
    expect(after.world).toEqual(before.world);
    expect(after.service.requests).toEqual(before.service.requests);
    expect(after.timeline).toEqual(before.timeline);
    expect(service.invalidRequestCount).toBe(0);
  });

  it('lists what the simulated clients made: a lobby with two members and a message', async () => {
    const { sim, secret, base } = await served();
    const alice = await connected(sim, 'alice');
    const bob = await connected(sim, 'bob');
    const lobbyId = await alice.client.createOrJoinLobby('party', { lobbyMetadata: { map: 'dust' } });
    await bob.client.createOrJoinLobby('party');
    await bob.client.sendLobbyMessage(lobbyId, 'gg');
    const answer = await fetch(`${base}state`, { headers: harness(secret) });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const state = (await answer.json()) as InspectorState;
    expect(state.clock).toEqual({ now: sim.now(), mode: 'manual' });
    const lobby = state.world.lobbies.find((l) => l.id === lobbyId)!;
    expect(lobby).toMatchObject({ applicationId: sim.defaultApplication.id, hasSecret: true, metadata: { map: 'dust' } });
    expect(lobby.members.map((m) => [m.id, m.connected])).toEqual([[alice.id, true], [bob.id, true]]);
    expect(lobby.messages).toEqual([expect.objectContaining({ authorId: bob.id, content: 'gg' })]);
    // The users, the application's bot user among them.
    expect(state.world.users.map((u) => [u.username, u.status])).toEqual(
      expect.arrayContaining([['alice', 'online'], ['bob', 'online'], ['Simulated Game', 'offline']]),
    );
  });

  it('never serves a token or a secret: bot and user tokens, client secret, lobby and join secrets, the harness secret', async () => {
    const { sim, service, secret, base } = await served();
    const alice = await connected(sim, 'alice');
    const botToken = service.issueBotToken();
    const userToken = sim.issueToken(alice.id, sim.defaultApplication).accessToken;
    const clientSecret = service.clientSecret();
    const lobbySecret = 'lobby-secret-7f3a9c';
    const joinSecret = 'join-secret-51be02';
    const lobbyId = await alice.client.createOrJoinLobby(lobbySecret);
    await alice.client.updateRichPresence({ type: 'Playing', state: 'Queueing', secrets: { join: joinSecret } });
    // Requests that carry the credentials, so that the request log has them to leave out.
    const lobbyAnswer = await fetch(`${service.apiBase}/lobbies`, { method: 'POST', headers: { authorization: `Bot ${botToken}`, 'content-type': 'application/json' }, body: '{}' });
    expect(lobbyAnswer.status).toBe(201);
    const sent = await fetch(`${service.apiBase}/lobbies/${lobbyId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${userToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'hello over http' }),
    });
    expect(sent.status).toBe(201);
    const basic = `Basic ${Buffer.from(`${sim.defaultApplication.id}:${clientSecret}`).toString('base64')}`;
    await fetch(`${service.apiBase}/oauth2/token/revoke`, { method: 'POST', headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' }, body: `token=${userToken}` });

    const abort = new AbortController();
    const stream = await fetch(`${base}events`, { headers: harness(secret), signal: abort.signal });
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const streamed = await readStream(stream, abort, (text) => states(text).length >= 1);
    const state = await (await fetch(`${base}state`, { headers: harness(secret) })).text();
    for (const text of [state, streamed]) {
      for (const hidden of [botToken, userToken, clientSecret, lobbySecret, joinSecret, secret]) expect(text).not.toContain(hidden);
    }
    // The request log says which kind of credential each request sent, never which.
    const requests = JSON.parse(state).service.requests as { route: string; credential: string; status: number; applicationId: string | null }[];
    expect(requests.map((r) => [r.route, r.status, r.credential])).toEqual([
      ['POST /lobbies', 201, 'Bot'],
      ['POST /lobbies/{lobby_id}/messages', 201, 'Bearer'],
      ['POST /oauth2/token/revoke', 200, 'other'],
    ]);
    expect(requests[0]!.applicationId).toBe(sim.defaultApplication.id);
  });

  it('pushes a change on the stream without a reload: a new message, and a timeline entry for it', async () => {
    const { sim, secret, base } = await served();
    const alice = await connected(sim, 'alice');
    const lobbyId = await alice.client.createOrJoinLobby('party');
    const abort = new AbortController();
    const stream = await fetch(`${base}events`, { headers: harness(secret), signal: abort.signal });
    const reading = readStream(stream, abort, (text) => states(text).some((s) => s.world.lobbies.some((l) => l.messages.some((m) => m.content === 'pushed'))));
    await alice.client.sendLobbyMessage(lobbyId, 'pushed');
    const all = states(await reading);
    expect(all[0]!.world.lobbies[0]!.messages).toEqual([]);
    const last = all.at(-1) as unknown as { timeline: { kind: string; text: string; userIds: string[]; lobbyId: string }[] };
    expect(last.timeline).toContainEqual(expect.objectContaining({ kind: 'messageSent', text: `alice in lobby ${lobbyId}: pushed`, userIds: [alice.id], lobbyId }));
  });

  it('keeps a stream open until the service closes, which ends it', async () => {
    const { service, secret, base } = await served();
    const stream = await fetch(`${base}events`, { headers: harness(secret) });
    const reader = stream.body!.getReader();
    await reader.read();
    await service.close();
    let ended = false;
    try {
      for (;;) if ((await reader.read()).done) break;
      ended = true;
    } catch {
      ended = true; // the connection was closed under it
    }
    expect(ended).toBe(true);
  });
});

describe('sim.inspect()', () => {
  it('gives the inspector URL of the service the simulator listens with, and a clear error when it does not listen', async () => {
    const sim = new sdk.Simulator();
    expect(() => sim.inspect()).toThrow(/not listening; call `await sim.listen\(\)` first/);
    const service = await sim.listen();
    expect(sim.inspect()).toBe(service.inspectorUrl);
    expect(sim.inspect()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/inspector\/#secret=[\w-]{43}$/);
    await service.close();
    expect(() => sim.inspect()).toThrow(/not listening/);
  });
});

describe('the inspector timeline', () => {
  const { Timeline } = createRequire(import.meta.url)(path.join(root, 'dist', 'sim', 'inspector', 'timeline.js')) as typeof import('../lib/sim/inspector/timeline.js');
  type View = import('../lib/sim/inspector/world-view.js').WorldView;
  const user = (id: string, username: string, status: 'online' | 'offline') => ({ id, username, displayName: username, globalName: null, isProvisional: false, profilePrivacy: 'everyone' as const, applicationProfiles: [], status, activity: null, signedInTo: status === 'online' ? ['9'] : [], relationships: [] });
  const message = (id: string, authorId: string, content: string) => ({ id, authorId, content, sentAt: 0, editedAt: null, metadata: {}, moderationMetadata: {} });
  const lobby = (id: string, members: string[], messages: ReturnType<typeof message>[] = []) => ({
    id, applicationId: '9', hasSecret: false, idleTimeoutSeconds: 300, metadata: {}, linkedChannel: null,
    members: members.map((m) => ({ id: m, connected: true, metadata: {}, additionalName: null, flags: 0 })), messages, messagesKept: messages.length,
  });
  const view = (now: number, parts: Partial<View>): View => ({ now, applications: [], users: [], lobbies: [], calls: [], guilds: [], ...parts });

  it('derives each kind of event from successive views, the requests and the deliveries, and starts from the first view', () => {
    const timeline = new Timeline();
    const request = (seq: number) => ({ seq, at: seq, method: 'POST', route: 'POST /lobbies', applicationId: '9', userId: null, lobbyId: null, status: 201, credential: 'Bot' as const, durationMs: 1 });
    const delivery = (status: 'pending' | 'delivered') => ({ id: '1', applicationId: '9', eventType: 'LOBBY_MESSAGE_CREATE', status, attempts: 1, lastStatus: status === 'delivered' ? 204 : null });
    // The starting point: nothing in it is an event.
    timeline.observe(view(1, { users: [user('1', 'ada', 'online'), user('2', 'bo', 'offline')], lobbies: [lobby('50', ['1'], [message('70', '1', 'old')])] }), [request(1)], [delivery('pending')]);
    expect(timeline.entries()).toEqual([]);
    timeline.observe(
      view(2, {
        users: [user('1', 'ada', 'offline'), user('2', 'bo', 'online')],
        lobbies: [lobby('51', ['2'], [message('80', '2', 'hi')]), lobby('50', ['2'], [message('70', '1', 'old'), message('71', '2', 'new')])],
        calls: [{ lobbyId: '51', applicationId: '9', participants: [{ userId: '2', selfMute: false, selfDeaf: false }] }],
      }),
      [request(1), request(2)],
      [delivery('delivered')],
    );
    timeline.observe(view(3, { users: [user('2', 'bo', 'online')], lobbies: [lobby('50', ['2'])] }), [], []);
    expect(timeline.entries().map((e) => [e.at, e.kind, e.text, e.userIds, e.lobbyId])).toEqual([
      [2, 'userOffline', 'ada went offline', ['1'], null],
      [2, 'userOnline', 'bo came online', ['2'], null],
      [2, 'lobbyCreated', 'lobby 51 created', ['2'], '51'],
      [2, 'memberJoined', 'bo joined lobby 51', ['2'], '51'],
      [2, 'messageSent', 'bo in lobby 51: hi', ['2'], '51'],
      [2, 'memberJoined', 'bo joined lobby 50', ['2'], '50'],
      [2, 'memberLeft', 'ada left lobby 50', ['1'], '50'],
      [2, 'messageSent', 'bo in lobby 50: new', ['2'], '50'],
      [2, 'callJoined', 'bo joined the call of lobby 51', ['2'], '51'],
      [2, 'request', 'POST /lobbies answered 201 (credential: Bot)', [], null],
      [2, 'webhook', 'webhook LOBBY_MESSAGE_CREATE delivered', [], null],
      [3, 'lobbyDeleted', 'lobby 51 deleted', ['2'], '51'],
      [3, 'callLeft', 'bo left the call of lobby 51', ['2'], '51'],
    ]);
    expect(timeline.entries().map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  });
});
