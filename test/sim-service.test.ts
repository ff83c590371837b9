// The simulated service over real HTTP (sim.listen): the server API against the world the
// simulated SDK clients live in, called here with plain fetch as any game server would.
import { describe, expect, it } from 'vitest';
import { inspect } from 'node:util';

import { sdk } from './sdk.js';
import { players } from './lobby-helpers.js';
import { serve } from './service-helpers.js';

describe('the simulated service over HTTP', () => {
  it('listens on loopback and refuses requests without a valid token (401), counting them as invalid', async () => {
    const sim = new sdk.Simulator();
    const { service, call } = await serve(sim);
    expect(service.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(service.apiBase).toBe(`${service.url}/api/v10`);
    expect(await call('POST', '/lobbies', { token: 'not-a-token', body: {} })).toMatchObject({ status: 401, body: { code: 0, message: '401: Unauthorized' } });
    const noAuth = await fetch(`${service.apiBase}/lobbies`, { method: 'POST' });
    expect(noAuth.status).toBe(401);
    expect(service.invalidRequestCount).toBe(2);
    expect((await call('GET', '/nowhere')).status).toBe(404);
    expect((await call('DELETE', '/lobbies')).status).toBe(405);
  });

  it('a lobby created over HTTP with members reaches their clients; the bot reads it back', async () => {
    const { sim, all: [alice, bob] } = await players(2);
    const { call } = await serve(sim);
    const created = await call('POST', '/lobbies', {
      body: { metadata: { mode: 'duo' }, members: [{ id: alice!.user.id, metadata: { role: 'host' } }, { id: bob!.user.id }], idle_timeout_seconds: 600 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      application_id: sim.defaultApplication.id,
      metadata: { mode: 'duo' },
      members: [{ id: alice!.user.id, metadata: { role: 'host' }, flags: 0 }, { id: bob!.user.id, metadata: {}, flags: 0 }],
    });
    const id: string = created.body.id;
    await sim.settle();
    expect(alice!.of('lobbyCreated')).toEqual([{ lobbyId: id }]);
    expect((await alice!.client.getLobby(id))?.metadata).toEqual({ mode: 'duo' });
    expect(sim.getLobby(id)?.idleTimeoutSeconds).toBe(600);
    expect((await call('GET', `/lobbies/${id}`)).body).toEqual(created.body);
  });

  it('bulk updates set the server-only additional name; members see it on messages and as events', async () => {
    const { sim, all: [alice, bob] } = await players(2);
    const { call } = await serve(sim);
    const id: string = (await call('POST', '/lobbies', { body: { members: [{ id: alice!.user.id }] } })).body.id;
    const bulk = await call('POST', `/lobbies/${id}/members/bulk`, {
      body: [
        { id: alice!.user.id, additional_name: 'Aria the Bold' },
        { id: bob!.user.id, additional_name: 'Brom', flags: 1 },
      ],
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body).toEqual([
      { id: alice!.user.id, metadata: {}, flags: 0, additional_name: 'Aria the Bold' },
      { id: bob!.user.id, metadata: {}, flags: 1, additional_name: 'Brom' },
    ]);
    await sim.settle();
    expect(alice!.of('lobbyMemberAdded')).toEqual([{ lobbyId: id, memberId: bob!.user.id }]);
    expect(alice!.of('lobbyMemberUpdated')).toEqual([{ lobbyId: id, memberId: alice!.user.id }]);
    await alice!.client.sendLobbyMessage(id, 'hello');
    await sim.settle();
    expect(bob!.of('messageCreated').at(-1)).toMatchObject({ content: 'hello', additionalName: 'Aria the Bold' });
    // Removal in bulk; the removed member is left out of the answer.
    const removed = await call('POST', `/lobbies/${id}/members/bulk`, { body: [{ id: bob!.user.id, remove_member: true }] });
    expect(removed).toMatchObject({ status: 200, body: [] });
    await sim.settle();
    expect(bob!.of('lobbyDeleted')).toEqual([{ lobbyId: id }]);
  });

  it('refuses what the service refuses, with its error body, and changes nothing', async () => {
    const { sim, all: [alice] } = await players(1);
    const { call } = await serve(sim);
    const id: string = (await call('POST', '/lobbies', { body: {} })).body.id;
    const users = Array.from({ length: 26 }, (_, i) => sim.createUser({ username: `u${i}` }));
    const oversized = await call('POST', `/lobbies/${id}/members/bulk`, { body: users.map((u) => ({ id: u.id })) });
    expect(oversized).toMatchObject({ status: 400, body: { code: 50035, errors: { members: { _errors: [{ message: 'members must hold 1 to 25 members, got 26' }] } } } });
    expect(await call('POST', `/lobbies/${id}/members/bulk`, { body: [] })).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(await call('POST', `/lobbies/${id}/members/bulk`, { body: [{ id: alice!.user.id }, { id: '999' }] })).toMatchObject({
      status: 404,
      body: { code: 10013 },
    });
    expect(await call('PUT', `/lobbies/${id}/members/${alice!.user.id}`, { body: { additional_name: 'x'.repeat(81) } })).toMatchObject({
      status: 400,
      body: { code: 50035, errors: { additional_name: { _errors: [{ code: 'BASE_TYPE_INVALID' }] } } },
    });
    expect(sim.getLobby(id)!.members).toEqual([]);
    expect(await call('GET', '/lobbies/123456789')).toMatchObject({ status: 404, body: { code: 10031 } });
    expect(await call('POST', '/lobbies', { raw: '{"metadata":', headers: { 'content-type': 'application/json' } })).toMatchObject({
      status: 400,
      body: { code: 50109 },
    });
    expect(await call('POST', '/lobbies', { raw: '{}', headers: { 'content-type': 'text/plain' } })).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(await call('POST', '/lobbies', { body: { idle_timeout_seconds: 4 } })).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(await call('POST', '/lobbies', { body: { metadata: { k: 5 } } })).toMatchObject({ status: 400, body: { code: 50035 } });
    await sim.settle();
    expect(alice!.received).toEqual([]);
  });

  it("another application's bot sees none of this application's lobbies", async () => {
    const sim = new sdk.Simulator();
    const { service, call } = await serve(sim);
    const other = sim.createApplication({ name: 'Other Game' });
    const otherToken = service.issueBotToken(other);
    const id: string = (await call('POST', '/lobbies', { body: {} })).body.id;
    expect(await call('GET', `/lobbies/${id}`, { token: otherToken })).toMatchObject({ status: 404, body: { code: 10031 } });
    expect(await call('DELETE', `/lobbies/${id}`, { token: otherToken })).toMatchObject({ status: 204 });
    expect(sim.getLobby(id)).not.toBeNull();
    expect(() => service.issueBotToken('42')).toThrow(RangeError);
  });

  it('modify replaces the member list and overwrites metadata; delete is idempotent', async () => {
    const { sim, all: [alice, bob] } = await players(2);
    const { call } = await serve(sim);
    const id: string = (await call('POST', '/lobbies', { body: { metadata: { a: '1' }, members: [{ id: alice!.user.id }] } })).body.id;
    const modified = await call('PATCH', `/lobbies/${id}`, { body: { metadata: { b: '2' }, members: [{ id: bob!.user.id }] } });
    expect(modified.body).toMatchObject({ metadata: { b: '2' }, members: [{ id: bob!.user.id }] });
    await sim.settle();
    expect(alice!.of('lobbyDeleted')).toEqual([{ lobbyId: id }]);
    expect(bob!.of('lobbyCreated')).toEqual([{ lobbyId: id }]);
    expect(bob!.of('lobbyUpdated')).toEqual([]); // the metadata changed before bob was a member
    await call('PATCH', `/lobbies/${id}`, { body: { metadata: { c: '3' } } });
    await sim.settle();
    expect(bob!.of('lobbyUpdated')).toEqual([{ lobbyId: id }]);
    expect(await call('DELETE', `/lobbies/${id}`)).toMatchObject({ status: 204 });
    expect(await call('DELETE', `/lobbies/${id}`)).toMatchObject({ status: 204 });
    await sim.settle();
    expect(bob!.of('lobbyDeleted')).toEqual([{ lobbyId: id }]);
  });

  it('a user token joins by secret, sends and reads messages; non-members are refused', async () => {
    const { sim, all: [alice, bob] } = await players(2);
    const { call } = await serve(sim);
    const carol = sim.createUser({ username: 'carol' });
    const aliceToken = sim.issueToken(alice!.user, sim.defaultApplication).accessToken;
    const carolToken = sim.issueToken(carol, sim.defaultApplication).accessToken;
    const joined = await call('PUT', '/lobbies', { bearer: aliceToken, body: { secret: 'party-1', lobby_metadata: { map: 'dunes' } } });
    expect(joined.status).toBe(200);
    const id: string = joined.body.id;
    const viaClient = await bob!.client.createOrJoinLobby('party-1');
    expect(viaClient).toBe(id);
    const sent = await call('POST', `/lobbies/${id}/messages`, { bearer: aliceToken, body: { content: 'gg', metadata: { kind: 'chat' } } });
    expect(sent).toMatchObject({ status: 201, body: { content: 'gg', lobby_id: id, author: { id: alice!.user.id }, metadata: { kind: 'chat' } } });
    await sim.settle();
    expect(bob!.of('messageCreated').map((m) => m.content)).toEqual(['gg']);
    const read = await call('GET', `/lobbies/${id}/messages?limit=10`, { bearer: aliceToken });
    expect(read.body.map((m: { content: string }) => m.content)).toEqual(['gg']);
    expect(await call('GET', `/lobbies/${id}/messages?limit=201`, { bearer: aliceToken })).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(await call('GET', `/lobbies/${id}/messages`, { bearer: carolToken })).toMatchObject({ status: 403, body: { code: 50001 } });
    expect(await call('POST', `/lobbies/${id}/messages`, { bearer: aliceToken, body: { content: '' } })).toMatchObject({ status: 400 });
    // A bot token is not a user's.
    expect(await call('POST', `/lobbies/${id}/messages`, { body: { content: 'x' } })).toMatchObject({ status: 403, body: { code: 50001 } });
    expect(await call('DELETE', `/lobbies/${id}/members/@me`, { bearer: aliceToken })).toMatchObject({ status: 204 });
    await sim.settle();
    expect(bob!.of('lobbyMemberRemoved')).toEqual([{ lobbyId: id, memberId: alice!.user.id }]);
  });

  it('moderation metadata on lobby and direct messages reaches the clients as messageUpdated', async () => {
    const { sim, all: [alice, bob] } = await players(2);
    const { call } = await serve(sim);
    const id: string = (await call('POST', '/lobbies', { body: { members: [{ id: alice!.user.id }, { id: bob!.user.id }] } })).body.id;
    await sim.settle();
    const messageId = await alice!.client.sendLobbyMessage(id, 'spoiler');
    expect(await call('PUT', `/lobbies/${id}/messages/${messageId}/moderation-metadata`, { body: { action: 'blur' } })).toMatchObject({ status: 204 });
    await sim.settle();
    expect(bob!.of('messageUpdated').at(-1)).toMatchObject({ id: messageId, moderationMetadata: { action: 'blur' } });
    const six = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`k${i}`, 'v']));
    expect(await call('PUT', `/lobbies/${id}/messages/${messageId}/moderation-metadata`, { body: six })).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(await call('PUT', `/lobbies/${id}/messages/1/moderation-metadata`, { body: {} })).toMatchObject({ status: 404, body: { code: 10008 } });

    const dm = await alice!.client.sendUserMessage(bob!.user.id, 'hi');
    await sim.settle();
    const path = `/partner-sdk/dms/${bob!.user.id}/${alice!.user.id}/messages/${dm}/moderation-metadata`;
    expect(await call('PUT', path, { body: { action: 'hide' } })).toMatchObject({ status: 204 });
    await sim.settle();
    expect(bob!.of('messageUpdated').at(-1)).toMatchObject({ id: dm, moderationMetadata: { action: 'hide' } });
    const carol = sim.createUser({ username: 'carol' });
    expect(await call('PUT', `/partner-sdk/dms/${carol.id}/${alice!.user.id}/messages/${dm}/moderation-metadata`, { body: {} })).toMatchObject({
      status: 404,
      body: { code: 10008 },
    });
  });
});
