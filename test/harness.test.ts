import { describe, expect, it } from 'vitest';

import { sdk, type StatusChange } from './sdk.js';
import { player, players, rejectionOf } from './lobby-helpers.js';

const { limits } = sdk;

describe('game backend: bulk lobby member updates', () => {
  it('adds up to 25 members per call: added users get lobbyCreated, existing members lobbyMemberAdded', async () => {
    const { sim, all: [host, guest] } = await players(2);
    const lobbyId = sim.createLobby({ metadata: { kind: 'party' } });
    const extras = Array.from({ length: 23 }, (_, i) => sim.createUser({ username: `npc${i}` }));
    sim.bulkUpdateLobbyMembers(lobbyId, [
      { user: host!.user, metadata: { role: 'leader' } },
      { user: guest!.user.id, additionalName: 'Sir Guest' },
      ...extras.map((user) => ({ user })),
    ]);
    await sim.settle();
    expect(host!.of('lobbyCreated')).toEqual([{ lobbyId }]);
    expect(guest!.of('lobbyCreated')).toEqual([{ lobbyId }]);
    // The host was first in the request: it sees the 24 that came after it.
    expect(host!.of('lobbyMemberAdded').map((e) => e.memberId)).toEqual([guest!.user.id, ...extras.map((u) => u.id)]);
    expect(guest!.of('lobbyMemberAdded').map((e) => e.memberId)).toEqual(extras.map((u) => u.id));
    const lobby = sim.getLobby(lobbyId)!;
    expect(lobby.members).toHaveLength(limits.lobbyMembersPerBulkRequest);
    expect(lobby.members[0]).toEqual({ id: host!.user.id, metadata: { role: 'leader' }, connected: true, canLinkLobby: false, user: null, additionalName: null, flags: 0 });
    expect(lobby.members[1]).toMatchObject({ id: guest!.user.id, additionalName: 'Sir Guest' });
    expect(lobby.members[2]).toMatchObject({ connected: false });
    // Clients see members, never the backend-only additional name.
    expect(Object.keys(host!.client.getLobby(lobbyId)!.members[1]!).sort()).toEqual(['canLinkLobby', 'connected', 'id', 'metadata', 'user']);
  });

  it('more than 25 entries is a clear error and changes nothing', async () => {
    const { sim, all: [host] } = await players(1);
    const lobbyId = sim.createLobby();
    const users = Array.from({ length: 26 }, (_, i) => sim.createUser({ username: `u${i}` }));
    expect(() => sim.bulkUpdateLobbyMembers(lobbyId, [host!.user, ...users.slice(1)].map((user) => ({ user })))).toThrow(
      new RangeError('a bulk update changes at most 25 members per request, got 26'),
    );
    await sim.settle();
    expect(sim.getLobby(lobbyId)!.members).toEqual([]);
    expect(host!.received).toEqual([]);
  });

  it('a request with any bad entry is refused whole', async () => {
    const { sim, all: [host] } = await players(1);
    const lobbyId = sim.createLobby();
    expect(() => sim.bulkUpdateLobbyMembers(lobbyId, [{ user: host!.user }, { user: '999' }])).toThrow(/^Unknown User: no user with id 999$/);
    // The refusal carries what the simulated HTTP service answers with.
    expect(() => sim.bulkUpdateLobbyMembers(lobbyId, [{ user: '999' }])).toThrow(expect.objectContaining({ status: 404, code: 10013 }));
    expect(() => sim.bulkUpdateLobbyMembers(lobbyId, [{ user: host!.user }, { user: host!.user }])).toThrow(/appears twice/);
    expect(() => sim.bulkUpdateLobbyMembers(lobbyId, [{ user: host!.user, metadata: { n: 2 } as unknown as Record<string, string> }])).toThrow(
      new TypeError("members[0].metadata['n'] must be a string, got number"),
    );
    expect(() => sim.bulkUpdateLobbyMembers('77', [{ user: host!.user }])).toThrow(/^Unknown Lobby: no lobby with id 77$/);
    expect(() => sim.bulkUpdateLobbyMembers(lobbyId, [{ user: 5 as unknown as string }])).toThrow(TypeError);
    await sim.settle();
    expect(sim.getLobby(lobbyId)!.members).toEqual([]);
    expect(host!.received).toEqual([]);
  });

  it('updates and removes members; the additional name goes on messages sent after it was set', async () => {
    const { sim, all: [host, guest] } = await players(2);
    const lobbyId = await host!.client.createOrJoinLobby('s');
    await guest!.client.createOrJoinLobby('s');
    const before = await guest!.client.sendLobbyMessage(lobbyId, 'before');
    sim.bulkUpdateLobbyMembers(lobbyId, [{ user: guest!.user, additionalName: 'Aragorn', metadata: { class: 'ranger' } }]);
    const after = await guest!.client.sendLobbyMessage(lobbyId, 'after');
    await sim.settle();
    expect(host!.of('lobbyMemberUpdated')).toEqual([{ lobbyId, memberId: guest!.user.id }]);
    expect(host!.client.getLobby(lobbyId)!.members[1]!.metadata).toEqual({ class: 'ranger' });
    const seen = host!.of('messageCreated');
    expect(seen.map((m) => [m.id, m.additionalName])).toEqual([
      [before, null],
      [after, 'Aragorn'],
    ]);

    sim.bulkUpdateLobbyMembers(lobbyId, [{ user: guest!.user, remove: true }, { user: sim.createUser({ username: 'x' }), remove: true }]);
    await sim.settle();
    expect(guest!.of('lobbyDeleted')).toEqual([{ lobbyId }]);
    expect(host!.of('lobbyMemberRemoved')).toEqual([{ lobbyId, memberId: guest!.user.id }]);
    expect(guest!.client.getLobbyIds()).toEqual([]);
  });
});

describe('lobby capacity', () => {
  it('a lobby holds at most 1,000 members: the backend is refused beyond, and so is a client joining by secret', async () => {
    const { sim, all: [host, late] } = await players(2);
    // Created by secret from a client (clients cannot join lobbies the backend made).
    const lobbyId = await host!.client.createOrJoinLobby('packed');
    const users = Array.from({ length: limits.lobbyMembers - 1 }, (_, i) => sim.createUser({ username: `fan${i}` }));
    for (let at = 0; at < users.length; at += 25) {
      sim.bulkUpdateLobbyMembers(lobbyId, users.slice(at, at + 25).map((user) => ({ user })));
    }
    expect(sim.getLobby(lobbyId)!.members).toHaveLength(1000);
    expect(() => sim.bulkUpdateLobbyMembers(lobbyId, [{ user: late!.user }])).toThrow(/would have more than 1000 members/);
    // Removing one and adding one in the same request fits.
    sim.bulkUpdateLobbyMembers(lobbyId, [{ user: users[0]!, remove: true }, { user: sim.createUser({ username: 'swap' }) }]);
    const error = await rejectionOf(late!.client.createOrJoinLobby('packed'));
    expect(error).toMatchObject({ type: 'HTTPError', status: 400 });
    expect(error.message).toMatch(/is full/);
    expect(late!.client.getLobbyIds()).toEqual([]);
  });

  it('a user can be in at most 200 lobbies of one game', async () => {
    const { all: [alice] } = await players(1);
    for (let i = 0; i < limits.lobbiesPerUser; i++) await alice!.client.createOrJoinLobby(`room-${i}`);
    const error = await rejectionOf(alice!.client.createOrJoinLobby('one-too-many'));
    expect(error).toMatchObject({ type: 'HTTPError', status: 400 });
    expect(alice!.client.getLobbyIds()).toHaveLength(200);
    await alice!.client.leaveLobby(alice!.client.getLobbyIds()[0]!);
    await alice!.client.createOrJoinLobby('one-too-many');
  });
});

describe('game backend: moderation metadata, linked channel, deletion', () => {
  it('setting moderation metadata reaches every member at once as messageUpdated with the new map', async () => {
    const { sim, all: [alice, bob] } = await players(2);
    const lobbyId = await alice!.client.createOrJoinLobby('s');
    await bob!.client.createOrJoinLobby('s');
    const messageId = await bob!.client.sendLobbyMessage(lobbyId, 'spam spam');
    sim.setMessageModerationMetadata(lobbyId, messageId, { flagged: 'spam', score: '0.97' });
    await sim.settle();
    for (const p of [alice!, bob!]) {
      expect(p.of('messageUpdated')).toEqual([
        expect.objectContaining({ id: messageId, content: 'spam spam', moderationMetadata: { flagged: 'spam', score: '0.97' } }),
      ]);
    }
    const [stored] = await alice!.client.getLobbyMessages(lobbyId);
    expect(stored!.moderationMetadata).toEqual({ flagged: 'spam', score: '0.97' });
    expect(() => sim.setMessageModerationMetadata(lobbyId, '42', {})).toThrow(/no message 42 in lobby/);
    expect(() => sim.setMessageModerationMetadata(lobbyId, messageId, { a: null } as unknown as Record<string, string>)).toThrow(TypeError);
  });

  it('linking a channel updates the lobby for its members', async () => {
    const { sim, all: [alice] } = await players(1);
    const lobbyId = await alice!.client.createOrJoinLobby('s');
    sim.linkLobbyChannel(lobbyId, { id: '1001', name: 'party-chat', guildId: '2002' });
    await sim.settle();
    expect(alice!.of('lobbyUpdated')).toEqual([{ lobbyId }]);
    expect(alice!.client.getLobby(lobbyId)!.linkedChannel).toEqual({ id: '1001', name: 'party-chat', guildId: '2002' });
    sim.linkLobbyChannel(lobbyId, null);
    expect(alice!.client.getLobby(lobbyId)!.linkedChannel).toBeNull();
  });

  it('deleting a lobby fires lobbyDeleted for every member', async () => {
    const { sim, all: [alice, bob] } = await players(2);
    const lobbyId = await alice!.client.createOrJoinLobby('s');
    await bob!.client.createOrJoinLobby('s');
    sim.deleteLobby(lobbyId);
    await sim.settle();
    expect(alice!.of('lobbyDeleted')).toEqual([{ lobbyId }]);
    expect(bob!.of('lobbyDeleted')).toEqual([{ lobbyId }]);
    expect(sim.getLobby(lobbyId)).toBeNull();
    expect(() => sim.deleteLobby(lobbyId)).toThrow(RangeError);
    // The secret is free again: the next caller creates a new lobby.
    expect(await alice!.client.createOrJoinLobby('s')).not.toBe(lobbyId);
  });

  it('SDK clients cannot join or leave a lobby the backend made, with or without a secret (403 50001)', async () => {
    const { sim, all: [alice, bob] } = await players(2);
    const lobbyId = sim.createLobby();
    sim.bulkUpdateLobbyMembers(lobbyId, [{ user: alice!.user }]);
    const error = await rejectionOf(alice!.client.leaveLobby(lobbyId));
    expect(error).toMatchObject({ type: 'HTTPError', status: 403, code: 50001 });
    expect(alice!.client.getLobbyIds()).toEqual([lobbyId]);
    // The server API's rule: CreateOrJoinLobby and LeaveLobby only for lobbies created by secret.
    const backendLobby = sim.createLobby({ secret: 'open' });
    const join = await rejectionOf(bob!.client.createOrJoinLobby('open'));
    expect(join).toMatchObject({ type: 'HTTPError', status: 403, code: 50001 });
    expect(join.message).toMatch(/created by the game's server/);
    expect(sim.getLobby(backendLobby)!.members).toEqual([]);
    sim.bulkUpdateLobbyMembers(backendLobby, [{ user: bob!.user }]);
    expect((await rejectionOf(bob!.client.leaveLobby(backendLobby))).code).toBe(50001);
    expect((await rejectionOf(bob!.client.createOrJoinLobby('open'))).code).toBe(50001);
    await sim.settle();
    expect(bob!.client.getLobbyIds()).toEqual([backendLobby]);
    expect(() => sim.createLobby({ secret: 'open' })).toThrow(/already has a lobby with this secret/);
    // A lobby created by secret from a client can be joined and left.
    const bySecret = await alice!.client.createOrJoinLobby('made-by-a-client');
    expect(await bob!.client.createOrJoinLobby('made-by-a-client')).toBe(bySecret);
    await bob!.client.leaveLobby(bySecret);
  });
});

describe('settle()', () => {
  it('resolves once every queued result and event has been delivered', async () => {
    const { sim, all } = await players(5);
    const lobbyId = sim.createLobby();
    sim.bulkUpdateLobbyMembers(lobbyId, all.map((p) => ({ user: p.user })));
    const logs: string[] = [];
    all[0]!.client.on('log', (entry) => logs.push(entry.message));
    sim.emitLogs(all[0]!.user, 20_000, { message: 'load' });
    await sim.settle();
    expect(logs).toHaveLength(20_000);
    for (const [i, p] of all.entries()) expect(p.of('lobbyMemberAdded')).toHaveLength(all.length - 1 - i);
  });

  it('waits for work that listeners start while it settles', async () => {
    const { sim, all: [alice, bob] } = await players(2);
    const lobbyId = await alice!.client.createOrJoinLobby('s');
    await bob!.client.createOrJoinLobby('s');
    // Bob answers every "ping" with a "pong": a chain of work started from listeners.
    bob!.client.on('messageCreated', (m) => {
      if (m.content.startsWith('ping')) void bob!.client.sendLobbyMessage(lobbyId, m.content.replace('ping', 'pong'));
    });
    void alice!.client.sendLobbyMessage(lobbyId, 'ping 1');
    await sim.settle();
    expect(alice!.of('messageCreated').map((m) => m.content)).toEqual(['ping 1', 'pong 1']);
  });
});

describe('latency injection on the virtual clock', () => {
  it('a call completes only once the clock has advanced by the latency', async () => {
    const { sim, all: [alice] } = await players(1);
    sim.setLatency(100);
    let result: string | undefined;
    const pending = alice!.client.createOrJoinLobby('slow').then((id) => (result = id));
    await sim.settle();
    expect(result).toBeUndefined();
    sim.advance(99);
    await sim.settle();
    expect(result).toBeUndefined();
    sim.advance(1);
    await sim.settle();
    expect(result).toBe(await pending);
    expect(alice!.client.getLobbyIds()).toEqual([result]);
  });

  it('connecting waits for the clock too, and disconnect() cancels a connect in progress', async () => {
    const sim = new sdk.Simulator();
    const user = sim.createUser({ username: 'slowpoke' });
    const grant = sim.issueToken(user, sim.defaultApplication);
    const client = sim.createClient({ applicationId: grant.applicationId });
    const statuses: StatusChange['status'][] = [];
    client.on('statusChanged', (change) => statuses.push(change.status));
    try {
      await client.updateToken(grant.accessToken);
      sim.setLatency(50);
      const connecting = client.connect();
      await sim.settle();
      expect(client.status).toBe('connecting');
      const aborted = await rejectionOf(Promise.all([connecting, client.disconnect()]));
      expect(aborted.type).toBe('Aborted');
      sim.advance(50);
      await sim.settle();
      expect(client.status).toBe('disconnected');
      expect(statuses).toEqual(['connecting', 'disconnecting', 'disconnected']);

      const again = client.connect();
      await sim.settle(); // the call has reached the simulator and waits for the clock
      sim.advance(50);
      await again;
      expect(client.status).toBe('ready');
    } finally {
      await client.close();
    }
  });
});

describe('fault injection', () => {
  it('fails the next N calls of a kind with the given error, then calls go through again', async () => {
    const { sim, all: [alice, bob] } = await players(2);
    const lobbyId = await alice!.client.createOrJoinLobby('s');
    sim.failNext('sendLobbyMessage', { count: 2, error: { type: 'HTTPError', status: 503, code: 0, retryable: true, retryAfter: 1.5, message: 'overloaded' } });
    for (let i = 0; i < 2; i++) {
      const error = await rejectionOf(alice!.client.sendLobbyMessage(lobbyId, `try ${i}`));
      expect(error).toBeInstanceOf(sdk.SocialSdkError);
      expect(error).toMatchObject({ type: 'HTTPError', status: 503, retryable: true, retryAfter: 1.5, message: 'sendLobbyMessage: overloaded' });
    }
    await alice!.client.sendLobbyMessage(lobbyId, 'third time lucky');
    expect((await alice!.client.getLobbyMessages(lobbyId)).map((m) => m.content)).toEqual(['third time lucky']);
    // Other kinds were never affected.
    await bob!.client.createOrJoinLobby('s');
  });

  it('a fault can target one user', async () => {
    const { sim, all: [alice, bob] } = await players(2);
    sim.failNext('createOrJoinLobby', { error: { type: 'NetworkError' }, user: bob!.user });
    await alice!.client.createOrJoinLobby('s');
    const error = await rejectionOf(bob!.client.createOrJoinLobby('s'));
    expect(error).toMatchObject({ type: 'NetworkError' });
    await bob!.client.createOrJoinLobby('s');
  });

  it('a failed connect ends disconnected with connectionFailed and the given code', async () => {
    const sim = new sdk.Simulator();
    const user = sim.createUser({ username: 'unlucky' });
    sim.failNext('connect', { error: { type: 'NetworkError', code: 4000 } });
    const error = await rejectionOf(sim.connectClient(user));
    expect(error).toMatchObject({ type: 'NetworkError', code: 4000, retryable: true });
    const client = await sim.connectClient(user);
    expect(client.status).toBe('ready');
    await client.close();
  });

  it('clearFailures() forgets planned failures; bad plans are refused', async () => {
    const { sim, all: [alice] } = await players(1);
    sim.failNext('createOrJoinLobby', { count: 5, error: { type: 'HTTPError', status: 500 } });
    sim.clearFailures();
    await alice!.client.createOrJoinLobby('s');
    expect(() => sim.failNext('teleport' as 'connect', { error: { type: 'NetworkError' } })).toThrow(/call must be one of connect/);
    expect(() => sim.failNext('connect', { error: { type: 'None' as 'NetworkError' } })).toThrow(RangeError);
    expect(() => sim.failNext('connect', { count: 0, error: { type: 'NetworkError' } })).toThrow(RangeError);
    expect(() => sim.failNext('connect', { error: { type: 'HTTPError', status: 700 } })).toThrow(RangeError);
  });
});

describe('dropped connections', () => {
  it('a dropped client goes reconnecting, then ready; lobby members see it leave and come back', async () => {
    const { sim, all: [alice, bob] } = await players(2);
    const lobbyId = await alice!.client.createOrJoinLobby('s');
    await bob!.client.createOrJoinLobby('s');
    const statuses: string[] = [];
    bob!.client.on('statusChanged', (change) => statuses.push(change.status));
    expect(sim.dropConnections(bob!.user)).toBe(1);
    await sim.settle();
    expect(statuses).toEqual(['reconnecting', 'connecting', 'connected', 'ready']);
    expect(alice!.of('lobbyMemberUpdated')).toEqual([
      { lobbyId, memberId: bob!.user.id },
      { lobbyId, memberId: bob!.user.id },
    ]);
    expect(alice!.client.getLobby(lobbyId)!.members[1]!.connected).toBe(true);
  });
});

describe('harness input', () => {
  it('gets the same errors as the client API', async () => {
    const { sim, all: [alice] } = await players(1);
    const clientError = await rejectionOf(alice!.client.createOrJoinLobby('s', { lobbyMetadata: { a: 1 } as unknown as Record<string, string> }));
    expect(() => sim.createLobby({ metadata: { a: 1 } as unknown as Record<string, string> })).toThrow(
      new TypeError(clientError.message.replace('lobbyMetadata', 'metadata')),
    );
    expect(() => sim.createLobby({ secret: '' })).toThrow(new RangeError('secret must not be empty'));
    await expect(alice!.client.leaveLobby('-1')).rejects.toThrow(RangeError);
    expect(() => sim.deleteLobby('-1')).toThrow(RangeError);
    expect(() => sim.setLatency(-5)).toThrow(RangeError);
    expect(() => sim.linkLobbyChannel('1', { id: '1', name: '', guildId: '2' })).toThrow(new RangeError('channel.name must not be empty'));
  });

  it('several players share one world', async () => {
    const sim = new sdk.Simulator();
    const a = await player(sim, 'a');
    const b = await player(sim, 'b');
    const lobbyId = await a.client.createOrJoinLobby('shared');
    expect(await b.client.createOrJoinLobby('shared')).toBe(lobbyId);
    const other = new sdk.Simulator();
    const c = await player(other, 'c');
    expect(await c.client.createOrJoinLobby('shared')).not.toBe(lobbyId);
  });
});
