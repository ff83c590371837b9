import { describe, expect, it } from 'vitest';

import { sdk } from './sdk.js';
import { player, players, rejectionOf, type Player } from './lobby-helpers.js';

const { SocialSdkError, limits } = sdk;

describe('createOrJoinLobby', () => {
  it('creates the lobby for the first caller and joins it for the next one with the same secret', async () => {
    const { sim, all: [alice, bob] } = await players(2);
    const created = await alice!.client.createOrJoinLobby('match-1', {
      lobbyMetadata: { mode: 'duo' },
      memberMetadata: { muted: '["troll"]' },
    });
    const joined = await bob!.client.createOrJoinLobby('match-1', { memberMetadata: { team: 'red' } });
    expect(joined).toBe(created);
    expect(await alice!.client.createOrJoinLobby('match-2')).not.toBe(created);

    // Member metadata given at creation is visible to the other members.
    const seenByBob = bob!.client.getLobby(created)!;
    expect(seenByBob.metadata).toEqual({ mode: 'duo' });
    expect(seenByBob.members).toEqual([
      { id: alice!.user.id, metadata: { muted: '["troll"]' }, connected: true, canLinkLobby: false, user: expect.objectContaining({ id: alice!.user.id }) },
      { id: bob!.user.id, metadata: { team: 'red' }, connected: true, canLinkLobby: false, user: expect.objectContaining({ id: bob!.user.id }) },
    ]);
    expect(seenByBob.linkedChannel).toBeNull();
    expect(seenByBob.callInfo).toBeNull();
    expect(alice!.client.getLobbyIds().sort()).toEqual([created, await alice!.client.createOrJoinLobby('match-2')].sort());
    expect(bob!.client.getLobbyIds()).toEqual([created]);
    expect(sim.getLobby(created)!.hasSecret).toBe(true);
  });

  it('fires lobbyCreated for the joining client and lobbyMemberAdded for the others, never for oneself', async () => {
    const { sim, all: [alice, bob, carol] } = await players(3);
    const lobbyId = await alice!.client.createOrJoinLobby('s');
    await bob!.client.createOrJoinLobby('s');
    await carol!.client.createOrJoinLobby('s');
    await sim.settle();

    expect(alice!.of('lobbyCreated')).toEqual([{ lobbyId }]);
    expect(alice!.of('lobbyMemberAdded')).toEqual([
      { lobbyId, memberId: bob!.user.id },
      { lobbyId, memberId: carol!.user.id },
    ]);
    expect(bob!.of('lobbyCreated')).toEqual([{ lobbyId }]);
    expect(bob!.of('lobbyMemberAdded')).toEqual([{ lobbyId, memberId: carol!.user.id }]);
    expect(carol!.of('lobbyCreated')).toEqual([{ lobbyId }]);
    expect(carol!.of('lobbyMemberAdded')).toEqual([]);
  });

  it('joining again updates metadata that is given and keeps what is not', async () => {
    const { sim, all: [alice, bob] } = await players(2);
    const lobbyId = await alice!.client.createOrJoinLobby('s', { lobbyMetadata: { map: 'dust' }, memberMetadata: { a: '1' } });
    await bob!.client.createOrJoinLobby('s');
    await alice!.client.createOrJoinLobby('s'); // nothing given: nothing changes
    await alice!.client.createOrJoinLobby('s', { memberMetadata: { a: '2' } });
    await alice!.client.createOrJoinLobby('s', { lobbyMetadata: { map: 'nuke' } });
    await sim.settle();
    expect(bob!.client.getLobby(lobbyId)!.metadata).toEqual({ map: 'nuke' });
    expect(bob!.client.getLobby(lobbyId)!.members[0]!.metadata).toEqual({ a: '2' });
    expect(bob!.of('lobbyMemberUpdated')).toEqual([{ lobbyId, memberId: alice!.user.id }]);
    expect(bob!.of('lobbyUpdated')).toEqual([{ lobbyId }]);
    expect(alice!.of('lobbyCreated')).toHaveLength(1);
  });

  it("joining with only member metadata keeps the lobby's metadata, and the reverse (the service replaces both maps)", async () => {
    const { sim, all: [alice, bob] } = await players(2);
    const lobbyId = await alice!.client.createOrJoinLobby('s', { lobbyMetadata: { map: 'dust' } });
    await bob!.client.createOrJoinLobby('s', { memberMetadata: { team: 'red' } });
    await sim.settle();
    expect(sim.getLobby(lobbyId)!.metadata).toEqual({ map: 'dust' });
    expect(sim.getLobby(lobbyId)!.members.map((m) => m.metadata)).toEqual([{}, { team: 'red' }]);
    await bob!.client.createOrJoinLobby('s', { lobbyMetadata: { map: 'nuke' } });
    await sim.settle();
    expect(sim.getLobby(lobbyId)!.metadata).toEqual({ map: 'nuke' });
    expect(sim.getLobby(lobbyId)!.members.map((m) => m.metadata)).toEqual([{}, { team: 'red' }]);
    expect(alice!.client.getLobby(lobbyId)!.members[1]!.metadata).toEqual({ team: 'red' });
  });

  it('refuses bad input before anything is sent', async () => {
    const { sim, all: [alice] } = await players(1);
    const client = alice!.client;
    await expect(client.createOrJoinLobby('')).rejects.toThrow(new RangeError('secret must not be empty'));
    await expect(client.createOrJoinLobby(42 as unknown as string)).rejects.toThrow(TypeError);
    await expect(client.createOrJoinLobby('s', { lobbyMetadata: { n: 1 } as unknown as Record<string, string> })).rejects.toThrow(
      new TypeError("lobbyMetadata['n'] must be a string, got number"),
    );
    await expect(client.createOrJoinLobby('s', { memberMetadata: [] as unknown as Record<string, string> })).rejects.toThrow(
      /memberMetadata must be an object of string values, got an array/,
    );
    await sim.settle();
    expect(client.getLobbyIds()).toEqual([]);
    expect(alice!.received).toEqual([]);
  });

  it('keeps metadata keys such as __proto__ as plain data', async () => {
    const { all: [alice] } = await players(1);
    const metadata = JSON.parse('{"__proto__":"x","constructor":"y"}') as Record<string, string>;
    const lobbyId = await alice!.client.createOrJoinLobby('s', { lobbyMetadata: metadata });
    const lobby = alice!.client.getLobby(lobbyId)!;
    expect(Object.getOwnPropertyNames(lobby.metadata).sort()).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(lobby.metadata)).toBe(Object.prototype);
  });

  it('needs a ready client', async () => {
    const sim = new sdk.Simulator();
    const client = sim.createClient();
    try {
      const error = await rejectionOf(client.createOrJoinLobby('s'));
      expect(error).toBeInstanceOf(SocialSdkError);
      expect(error.type).toBe('ClientNotReady');
      expect(client.getLobbyIds()).toEqual([]);
    } finally {
      await client.close();
    }
    const closed = await rejectionOf(client.sendLobbyMessage('1', 'hi'));
    expect(closed.type).toBe('ClientDestroyed');
  });
});

describe('leaveLobby, getLobby and membership events', () => {
  it('leaving fires lobbyDeleted for the leaver and lobbyMemberRemoved for the rest', async () => {
    const { sim, all: [alice, bob] } = await players(2);
    const lobbyId = await alice!.client.createOrJoinLobby('s');
    await bob!.client.createOrJoinLobby('s');
    await bob!.client.leaveLobby(lobbyId);
    await sim.settle();
    expect(bob!.of('lobbyDeleted')).toEqual([{ lobbyId }]);
    expect(alice!.of('lobbyMemberRemoved')).toEqual([{ lobbyId, memberId: bob!.user.id }]);
    expect(bob!.client.getLobby(lobbyId)).toBeNull();
    expect(bob!.client.getLobbyIds()).toEqual([]);
    expect(alice!.client.getLobby(lobbyId)!.members.map((m) => m.id)).toEqual([alice!.user.id]);

    const again = await rejectionOf(bob!.client.leaveLobby(lobbyId));
    expect(again).toMatchObject({ type: 'HTTPError', status: 403 });
  });

  it('getLobby is null for lobbies the user is not in, and for unknown ones', async () => {
    const { all: [alice, bob] } = await players(2);
    const lobbyId = await alice!.client.createOrJoinLobby('s');
    expect(bob!.client.getLobby(lobbyId)).toBeNull();
    expect(alice!.client.getLobby('1')).toBeNull();
    expect(() => alice!.client.getLobby(-1 as unknown as string)).toThrow(TypeError);
    expect(() => alice!.client.getLobby('x')).toThrow(RangeError);
  });

  it("members see each other's connected flag change, with lobbyMemberUpdated", async () => {
    const { sim, all: [alice, bob] } = await players(2);
    const lobbyId = await alice!.client.createOrJoinLobby('s');
    await bob!.client.createOrJoinLobby('s');
    await bob!.client.disconnect();
    await sim.settle();
    expect(alice!.client.getLobby(lobbyId)!.members[1]).toMatchObject({ id: bob!.user.id, connected: false });
    expect(alice!.of('lobbyMemberUpdated')).toEqual([{ lobbyId, memberId: bob!.user.id }]);
    // A disconnected client sees no lobbies, and gets no events.
    expect(bob!.client.getLobby(lobbyId)).toBeNull();
    await alice!.client.sendLobbyMessage(lobbyId, 'while you were away');
    await bob!.client.connect();
    await sim.settle();
    expect(alice!.client.getLobby(lobbyId)!.members[1]!.connected).toBe(true);
    expect(alice!.of('lobbyMemberUpdated')).toHaveLength(2);
    expect(bob!.of('messageCreated')).toEqual([]);
    // Membership outlived the connection; the message is in the history.
    expect((await bob!.client.getLobbyMessages(lobbyId)).map((m) => m.content)).toEqual(['while you were away']);
  });
  it('members closing at once: each other member hears of each, with its own lobby and member ids; a stranger hears nothing', async () => {
    // A fan-out hands many clients the same ids in a row; the pump reuses the last ones it
    // converted, so this checks that distinct ids interleaved in one batch stay distinct.
    const { sim, all } = await players(5);
    const [alice, bob, carol, dave, stranger] = all as [Player, Player, Player, Player, Player];
    const shared = await alice.client.createOrJoinLobby('s');
    for (const member of [bob, carol, dave]) await member.client.createOrJoinLobby('s');
    const pair = await alice.client.createOrJoinLobby('t');
    await carol.client.createOrJoinLobby('t');
    await sim.settle();
    const usersSeen = new Map<Player, string[]>();
    for (const member of [alice, bob, stranger]) {
      usersSeen.set(member, []);
      member.client.on('userUpdated', ({ userId }) => usersSeen.get(member)!.push(userId));
    }
    await Promise.all([carol.client.close(), dave.client.close()]);
    await sim.settle();
    const byId = (a: { lobbyId: string; memberId: string }, b: { lobbyId: string; memberId: string }) =>
      `${a.lobbyId}/${a.memberId}`.localeCompare(`${b.lobbyId}/${b.memberId}`);
    expect([...alice.of('lobbyMemberUpdated')].sort(byId)).toEqual(
      [
        { lobbyId: shared, memberId: carol.user.id },
        { lobbyId: shared, memberId: dave.user.id },
        { lobbyId: pair, memberId: carol.user.id },
      ].sort(byId),
    );
    expect([...bob.of('lobbyMemberUpdated')].sort(byId)).toEqual(
      [
        { lobbyId: shared, memberId: carol.user.id },
        { lobbyId: shared, memberId: dave.user.id },
      ].sort(byId),
    );
    for (const member of [alice, bob]) expect([...usersSeen.get(member)!].sort()).toEqual([carol.user.id, dave.user.id].sort());
    expect(usersSeen.get(stranger)).toEqual([]);
    expect(alice.client.getLobby(shared)!.members.filter((m) => !m.connected).map((m) => m.id).sort()).toEqual(
      [carol.user.id, dave.user.id].sort(),
    );
  });
});

describe('lobby messages', () => {
  it('sendLobbyMessage resolves the id and messageCreated reaches every member, the sender too', async () => {
    const { sim, all: [alice, bob, carol] } = await players(3);
    const lobbyId = await alice!.client.createOrJoinLobby('s');
    await bob!.client.createOrJoinLobby('s');
    await carol!.client.createOrJoinLobby('other');
    const before = sim.now();
    const id = await bob!.client.sendLobbyMessage(lobbyId, 'gg', { metadata: { emote: 'wave' } });
    await sim.settle();
    const expected = {
      id,
      content: 'gg',
      rawContent: 'gg',
      applicationId: sim.defaultApplication.id,
      authorId: bob!.user.id,
      channelId: lobbyId,
      lobbyId,
      sentAt: before,
      editedAt: null,
      metadata: { emote: 'wave' },
      moderationMetadata: {},
      additionalName: null,
      recipientId: null,
      // Chat a game sent through the SDK: not an SDK notice, nothing the SDK cannot show.
      disclosureType: null,
      sentFromGame: true,
      additionalContent: null,
    };
    expect(alice!.of('messageCreated')).toEqual([expected]);
    expect(bob!.of('messageCreated')).toEqual([expected]);
    expect(carol!.of('messageCreated')).toEqual([]);
    const message = alice!.of('messageCreated')[0]!;
    expect(Object.isFrozen(message)).toBe(true);
    expect(Object.isFrozen(message.moderationMetadata)).toBe(true);
  });

  it('content must be 1 to 2,000 characters, counted as code points; refused content is never sent', async () => {
    const { sim, all: [alice] } = await players(1);
    const lobbyId = await alice!.client.createOrJoinLobby('s');
    const max = limits.messageContentLength;
    await expect(alice!.client.sendLobbyMessage(lobbyId, '')).rejects.toThrow(new RangeError('content must not be empty'));
    await expect(alice!.client.sendLobbyMessage(lobbyId, 'x'.repeat(max + 1))).rejects.toThrow(
      new RangeError('content must be at most 2000 characters, got 2001'),
    );
    await expect(alice!.client.sendLobbyMessage(lobbyId, '🎮'.repeat(max + 1))).rejects.toThrow(/got 2001/);
    await expect(alice!.client.sendLobbyMessage(lobbyId, null as unknown as string)).rejects.toThrow(TypeError);
    await expect(alice!.client.sendLobbyMessage(lobbyId, 'ok', { metadata: { a: 1 } as unknown as Record<string, string> })).rejects.toThrow(TypeError);
    await sim.settle();
    expect(alice!.of('messageCreated')).toEqual([]);
    expect(await alice!.client.getLobbyMessages(lobbyId)).toEqual([]);

    await alice!.client.sendLobbyMessage(lobbyId, 'x'.repeat(max));
    await alice!.client.sendLobbyMessage(lobbyId, '🎮'.repeat(max)); // 4,000 UTF-16 units, 2,000 characters
    expect((await alice!.client.getLobbyMessages(lobbyId)).map((m) => m.content.length)).toEqual([2 * max, max]);
  });

  // The native layer reads a string into a 256-byte buffer first and again at its own length when
  // it may not have fit: text of every length around that edge, with 2-, 3- and 4-byte characters
  // at its end, arrives as it was sent.
  it('content crosses the native layer exactly, whatever its length and characters', async () => {
    const { sim, all: [alice] } = await players(1);
    const lobbyId = await alice!.client.createOrJoinLobby('s');
    const sent: string[] = [];
    for (let ascii = 246; ascii <= 258; ascii++) for (const end of ['é', '€', '🎮', 'x']) sent.push('a'.repeat(ascii) + end);
    for (const content of sent) await alice!.client.sendLobbyMessage(lobbyId, content);
    await sim.settle();
    expect(alice!.of('messageCreated').map((m) => m.content)).toEqual(sent);
    // An unpaired surrogate is refused before it reaches the native layer (not well-formed).
    await expect(alice!.client.sendLobbyMessage(lobbyId, 'a'.repeat(252) + '\ud800')).rejects.toThrow(RangeError);
  });

  it('a non-member can neither send nor read, gets an HTTP error, and nothing changes', async () => {
    const { sim, all: [alice, mallory] } = await players(2);
    const lobbyId = await alice!.client.createOrJoinLobby('s');
    await alice!.client.sendLobbyMessage(lobbyId, 'private');
    const readError = await rejectionOf(mallory!.client.getLobbyMessages(lobbyId));
    expect(readError).toBeInstanceOf(SocialSdkError);
    expect(readError).toMatchObject({ type: 'HTTPError', status: 403, code: 50001 });
    const sendError = await rejectionOf(mallory!.client.sendLobbyMessage(lobbyId, 'let me in'));
    expect(sendError).toMatchObject({ type: 'HTTPError', status: 403 });
    const unknown = await rejectionOf(mallory!.client.getLobbyMessages('123'));
    expect(unknown).toMatchObject({ type: 'HTTPError', status: 404 });
    await sim.settle();
    expect(mallory!.client.getLobbyIds()).toEqual([]);
    expect(alice!.client.getLobby(lobbyId)!.members.map((m) => m.id)).toEqual([alice!.user.id]);
    expect((await alice!.client.getLobbyMessages(lobbyId)).map((m) => m.content)).toEqual(['private']);
    expect(alice!.of('lobbyMemberAdded')).toEqual([]);
  });

  it("a refused call's error stack shows the line of the caller that awaited it (through .then in the method too)", async () => {
    const { all: [alice, mallory] } = await players(2);
    const lobbyId = await alice!.client.createOrJoinLobby('s');
    /** The line this function is called from, as this file's stack frames give it. */
    const lineOfCaller = () => Number(/lobbies\.test\.ts:(\d+):/.exec(new Error().stack!.split('\n')[2]!)![1]);
    let sendLine = 0;
    let readLine = 0;
    async function sendAsStranger() {
      sendLine = lineOfCaller() + 1;
      await mallory!.client.sendLobbyMessage(lobbyId, 'let me in');
    }
    async function readAsStranger() {
      readLine = lineOfCaller() + 1;
      await mallory!.client.getLobbyMessages(lobbyId); // its method maps the value with .then
    }
    const sendError = await rejectionOf(sendAsStranger());
    const readError = await rejectionOf(readAsStranger());
    expect(sendError).toMatchObject({ type: 'HTTPError', status: 403 });
    expect(readError).toMatchObject({ type: 'HTTPError', status: 403 });
    expect(sendError.stack).toMatch(/^SocialSdkError: sendLobbyMessage: /);
    expect(sendError.stack).toMatch(new RegExp(`at (async )?sendAsStranger \\(.*lobbies\\.test\\.ts:${sendLine}:`));
    expect(readError.stack).toMatch(/^SocialSdkError: getLobbyMessages: /);
    expect(readError.stack).toMatch(new RegExp(`at (async )?readAsStranger \\(.*lobbies\\.test\\.ts:${readLine}:`));
  });

  it('message objects are frozen plain objects whose metadata keys such as __proto__ stay plain data', async () => {
    const { sim, all: [alice] } = await players(1);
    const lobbyId = await alice!.client.createOrJoinLobby('s');
    const metadata = JSON.parse('{"__proto__":"x","constructor":"y"}') as Record<string, string>;
    await alice!.client.sendLobbyMessage(lobbyId, 'hi', { metadata });
    await sim.settle();
    const [message] = await alice!.client.getLobbyMessages(lobbyId);
    for (const seen of [message!, alice!.of('messageCreated')[0]!]) {
      expect(Object.getPrototypeOf(seen)).toBe(Object.prototype);
      expect(Object.keys(seen)).toEqual([
        'id', 'content', 'rawContent', 'applicationId', 'authorId', 'channelId', 'lobbyId', 'sentAt', 'editedAt', 'metadata', 'moderationMetadata',
        'additionalName', 'recipientId', 'disclosureType', 'sentFromGame', 'additionalContent',
      ]);
      expect(Object.isFrozen(seen) && Object.isFrozen(seen.metadata) && Object.isFrozen(seen.moderationMetadata)).toBe(true);
      expect(Object.getPrototypeOf(seen.metadata)).toBe(Object.prototype);
      expect(Object.getOwnPropertyNames(seen.metadata).sort()).toEqual(['__proto__', 'constructor']);
      expect(seen.metadata['__proto__']).toBe('x');
      expect(seen.moderationMetadata).toEqual({});
    }
  });

  it('getLobbyMessages returns at most the 200 most recent, newest first; a larger limit is clamped', async () => {
    const { all: [alice] } = await players(1);
    const lobbyId = await alice!.client.createOrJoinLobby('s');
    const sent: string[] = [];
    for (let i = 0; i < 250; i++) sent.push(await alice!.client.sendLobbyMessage(lobbyId, `m${i}`));

    const all = await alice!.client.getLobbyMessages(lobbyId);
    expect(all).toHaveLength(limits.lobbyMessagesReturned);
    expect(all.map((m) => m.id)).toEqual(sent.slice(50).reverse());
    expect(all[0]!.content).toBe('m249');
    expect((await alice!.client.getLobbyMessages(lobbyId, { limit: 1000 })).map((m) => m.id)).toEqual(all.map((m) => m.id));
    expect((await alice!.client.getLobbyMessages(lobbyId, { limit: 3 })).map((m) => m.content)).toEqual(['m249', 'm248', 'm247']);
    await expect(alice!.client.getLobbyMessages(lobbyId, { limit: 0 })).rejects.toThrow(RangeError);
    await expect(alice!.client.getLobbyMessages(lobbyId, { limit: 1.5 })).rejects.toThrow(RangeError);
  });

  it('messages older than 72 hours on the virtual clock are not returned', async () => {
    const { sim, all: [alice] } = await players(1);
    const lobbyId = await alice!.client.createOrJoinLobby('s');
    await alice!.client.sendLobbyMessage(lobbyId, 'old');
    sim.advance(limits.lobbyMessageReadWindowMs - 1);
    await alice!.client.sendLobbyMessage(lobbyId, 'new');
    expect((await alice!.client.getLobbyMessages(lobbyId)).map((m) => m.content)).toEqual(['new', 'old']);
    sim.advance(2);
    expect((await alice!.client.getLobbyMessages(lobbyId)).map((m) => m.content)).toEqual(['new']);
  });
});

describe('event ordering per client', () => {
  it('every member sees lobbyCreated first, then the messages in one global order, which is the history order', async () => {
    const { sim, all } = await players(4);
    const [alice, bob] = all;
    const lobbyId = await alice!.client.createOrJoinLobby('s');
    for (const p of all.slice(1)) await p.client.createOrJoinLobby('s');
    // Two senders at once, interleaving.
    await Promise.all([
      (async () => {
        for (let i = 0; i < 30; i++) await alice!.client.sendLobbyMessage(lobbyId, `a${i}`);
      })(),
      (async () => {
        for (let i = 0; i < 30; i++) await bob!.client.sendLobbyMessage(lobbyId, `b${i}`);
      })(),
    ]);
    await sim.settle();
    const history = (await alice!.client.getLobbyMessages(lobbyId)).map((m) => m.id).reverse();
    expect(history).toHaveLength(60);
    for (const p of all) {
      expect(p.received[0]).toEqual(['lobbyCreated', { lobbyId }]);
      expect(p.of('messageCreated').map((m) => m.id)).toEqual(history);
      // Each sender's own messages in the order sent.
      const contents = p.of('messageCreated').map((m) => m.content);
      expect(contents.filter((c) => c.startsWith('a'))).toEqual(Array.from({ length: 30 }, (_, i) => `a${i}`));
    }
  });

  it('thousands of messages in a row: every member gets each one with its own id and content, one object per message', async () => {
    // More messages than the pump keeps converted objects of (1,024), so kept ones are let go and
    // their memory reused while the rest are delivered.
    const { sim, all } = await players(3);
    const [alice] = all;
    const lobbyId = await alice!.client.createOrJoinLobby('s');
    for (const p of all.slice(1)) await p.client.createOrJoinLobby('s');
    const sent: string[] = [];
    for (let at = 0; at < 3000; at += 100) {
      sent.push(...(await Promise.all(Array.from({ length: 100 }, (_, i) => alice!.client.sendLobbyMessage(lobbyId, `m${at + i}`)))));
    }
    await sim.settle();
    const byMember = all.map((p) => p.of('messageCreated'));
    for (const messages of byMember) {
      expect(messages.map((m) => m.id)).toEqual(sent);
      expect(messages.map((m) => m.content)).toEqual(sent.map((_, i) => `m${i}`));
    }
    // The members share each message's one frozen object.
    expect(byMember[1]!.every((m, i) => m === byMember[2]![i])).toBe(true);
  });

  it("a member's arrival is seen before anything it says", async () => {
    const { sim, all: [alice, bob] } = await players(2);
    const lobbyId = await alice!.client.createOrJoinLobby('s');
    await bob!.client.createOrJoinLobby('s');
    await bob!.client.sendLobbyMessage(lobbyId, 'hi');
    await sim.settle();
    expect(alice!.received.map(([name]) => name)).toEqual(['lobbyCreated', 'lobbyMemberAdded', 'messageCreated']);
    expect(bob!.received.map(([name]) => name)).toEqual(['lobbyCreated', 'messageCreated']);
  });
});

describe('provisional users', () => {
  it('a provisional account joins and chats like any other', async () => {
    const sim = new sdk.Simulator();
    const guest = await player(sim, 'guest', { provisional: true });
    const host = await player(sim, 'host');
    const lobbyId = await host.client.createOrJoinLobby('s');
    await guest.client.createOrJoinLobby('s');
    await guest.client.sendLobbyMessage(lobbyId, 'hello from a guest');
    await sim.settle();
    expect(guest.client.currentUser!.isProvisional).toBe(true);
    expect(host.of('messageCreated').map((m) => m.authorId)).toEqual([guest.user.id]);
  });
});
