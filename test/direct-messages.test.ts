// Direct messages (vendor: SendUserMessage(WithMetadata), EditUserMessage, DeleteUserMessage,
// GetUserMessagesWithLimit, GetUserMessageSummaries, the message callbacks; spec: moderation
// metadata on game direct messages).
import { describe, expect, it } from 'vitest';

import { sdk, type Client, type MessageDeletedEvent } from './sdk.js';
import { player, rejectionOf, type Player } from './lobby-helpers.js';

const { SocialSdkError, limits } = sdk;
type Simulator = InstanceType<typeof sdk.Simulator>;

/** Records `messageDeleted`, which the lobby helpers do not. */
function deletions(client: Client): MessageDeletedEvent[] {
  const seen: MessageDeletedEvent[] = [];
  client.on('messageDeleted', (event) => seen.push(event));
  return seen;
}

async function pair(sim: Simulator = new sdk.Simulator()) {
  const alice = await player(sim, 'alice');
  const bob = await player(sim, 'bob');
  return { sim, alice, bob };
}

const contents = async (who: Player, peer: Player, limit?: number) =>
  (await who.client.getUserMessages(peer.user.id, limit === undefined ? undefined : { limit })).map((m) => m.content);

const fault = { type: 'HTTPError', status: 503, code: 0, retryable: true, message: 'injected: service unavailable' } as const;

describe('sendUserMessage', () => {
  it('resolves the id; both users get messageCreated with a DM (recipientId set, no lobby), others nothing', async () => {
    const { sim, alice, bob } = await pair();
    const carol = await player(sim, 'carol');
    const before = sim.now();
    const id = await alice.client.sendUserMessage(bob.user.id, 'hi bob', { metadata: { mood: 'happy' } });
    await sim.settle();
    const [received] = bob.of('messageCreated');
    expect(received).toEqual({
      id,
      content: 'hi bob',
      // MessageHandle::RawContent: no markup replaced on the simulator; ApplicationId: the sender's game.
      rawContent: 'hi bob',
      applicationId: sim.defaultApplication.id,
      authorId: alice.user.id,
      channelId: received!.channelId,
      lobbyId: null,
      recipientId: bob.user.id,
      sentAt: before,
      editedAt: null,
      metadata: { mood: 'happy' },
      moderationMetadata: {},
      additionalName: null,
      // Chat a game sent through the SDK: not an SDK notice, nothing the SDK cannot show.
      disclosureType: null,
      sentFromGame: true,
      additionalContent: null,
    });
    expect(Object.isFrozen(received)).toBe(true);
    expect(alice.of('messageCreated')).toEqual([received]);
    expect(carol.received).toEqual([]);
    // One conversation, one channel, whichever way the message goes.
    const reply = await bob.client.sendUserMessage(alice.user.id, 'hi alice');
    await sim.settle();
    const answer = alice.of('messageCreated')[1]!;
    expect(answer).toMatchObject({ id: reply, authorId: bob.user.id, recipientId: alice.user.id, channelId: received!.channelId });
    expect(received!.channelId).not.toBe(id);
  });

  it("a conversation belongs to the two users: their clients of another game see it too", async () => {
    const { sim, alice, bob } = await pair();
    const otherGame = sim.createApplication({ name: 'Other Game' });
    const bobElsewhere = await sim.connectClient(bob.user, { application: otherGame });
    try {
      const seen: string[] = [];
      bobElsewhere.on('messageCreated', (m) => seen.push(m.content));
      const id = await alice.client.sendUserMessage(bob.user.id, 'from game one');
      await sim.settle();
      expect(seen).toEqual(['from game one']);
      expect(await bobElsewhere.getUserMessageSummaries()).toEqual([{ userId: alice.user.id, lastMessageId: id }]);
    } finally {
      await bobElsewhere.close();
    }
  });

  it('refuses bad input before anything is sent', async () => {
    const { sim, alice, bob } = await pair();
    const max = limits.messageContentLength;
    await expect(alice.client.sendUserMessage(bob.user.id, '')).rejects.toThrow(new RangeError('content must not be empty'));
    await expect(alice.client.sendUserMessage(bob.user.id, 'x'.repeat(max + 1))).rejects.toThrow(RangeError);
    await expect(alice.client.sendUserMessage(bob.user.id, 5 as unknown as string)).rejects.toThrow(TypeError);
    await expect(alice.client.sendUserMessage('bob', 'hi')).rejects.toThrow(RangeError);
    await expect(alice.client.sendUserMessage(7 as unknown as string, 'hi')).rejects.toThrow(TypeError);
    await expect(alice.client.sendUserMessage(bob.user.id, 'hi', { metadata: { n: 1 } as unknown as Record<string, string> })).rejects.toThrow(
      new TypeError("metadata['n'] must be a string, got number"),
    );
    await expect(alice.client.editUserMessage(bob.user.id, '1', '')).rejects.toThrow(RangeError);
    await expect(alice.client.deleteUserMessage(bob.user.id, 'nope')).rejects.toThrow(RangeError);
    await expect(alice.client.getUserMessages(bob.user.id, { limit: 1.5 })).rejects.toThrow(new RangeError('limit must be an integer, got 1.5'));
    await sim.settle();
    expect(alice.received).toEqual([]);
    expect(bob.received).toEqual([]);
    expect(await alice.client.getUserMessageSummaries()).toEqual([]);
    // The longest content is accepted (code points, not UTF-16 units).
    await alice.client.sendUserMessage(bob.user.id, '😀'.repeat(max));
  });

  it('refuses unknown users (404, 10013) and oneself (400, 50007)', async () => {
    const { alice } = await pair();
    expect(await rejectionOf(alice.client.sendUserMessage('424242', 'hi'))).toMatchObject({ type: 'HTTPError', status: 404, code: 10013 });
    expect(await rejectionOf(alice.client.sendUserMessage(alice.user.id, 'hi'))).toMatchObject({ type: 'HTTPError', status: 400, code: 50007 });
    expect(await alice.client.getUserMessageSummaries()).toEqual([]);
  });

  // discordpp.h 1.9.16441, Client::SendUserMessage: "A message can be sent between two users in
  // the following situations: - Both users are online and in the game and have not blocked each
  // other - Both users are friends with each other - Both users share a mutual Discord server and
  // have previously DM'd each other on Discord"; EditUserMessage: "All of the same restrictions
  // apply as for sending a message". 50007 is the service's "Cannot send messages to this user"
  // (discord-api-docs, opcodes-and-status-codes); 403, and an invisible user counting as not
  // online, are our choices.
  it('goes only to a user online in the game, a friend, or a user of a shared server messaged before (403 50007)', async () => {
    const { sim, alice, bob } = await pair();
    const refused = async (to: { id: string }) => {
      const error = await rejectionOf(alice.client.sendUserMessage(to.id, 'hi'));
      expect([error.type, error.status, error.code]).toEqual(['HTTPError', 403, 50007]);
    };
    // Both online in the game: allowed, until one blocks the other.
    const first = await alice.client.sendUserMessage(bob.user.id, 'both in game');
    // Invisible shows offline: not "online" for the rule.
    await bob.client.setOnlineStatus('invisible');
    await refused(bob.user);
    await bob.client.setOnlineStatus('online');
    await alice.client.sendUserMessage(bob.user.id, 'online again');
    // Not signed in: refused, also when signed in to another game only.
    const away = sim.createUser({ username: 'away' });
    await refused(away);
    const otherGame = sim.createApplication({ name: 'Other Game' });
    const elsewhere = await sim.connectClient(away, { application: otherGame });
    await refused(away);
    await elsewhere.close();
    // Friends: allowed, signed in or not.
    sim.setFriends(alice.user, away, { discord: false, game: true });
    await alice.client.sendUserMessage(away.id, 'hi friend');
    // A shared server: only with a conversation before.
    const stranger = sim.createUser({ username: 'stranger' });
    sim.createGuild({ name: 'Guild', owner: alice.user, members: [stranger, bob.user] });
    await refused(stranger);
    await bob.client.close();
    await alice.client.sendUserMessage(bob.user.id, 'you are offline, but we share a server and talked');
    // Editing follows the same rule: once Bo blocks Alice, neither may send nor edit.
    const bobAgain = await sim.connectClient(bob.user);
    await bobAgain.blockUser(alice.user.id);
    await refused(bob.user);
    const edit = await rejectionOf(alice.client.editUserMessage(bob.user.id, first, 'changed'));
    expect([edit.status, edit.code]).toEqual([403, 50007]);
    const summaries = await alice.client.getUserMessageSummaries();
    expect(summaries.map((s) => s.userId).sort()).toEqual([bob.user.id, away.id].sort());
    await bobAgain.close();
  });

  it('needs a ready client', async () => {
    const { sim, bob } = await pair();
    const idle = sim.createClient();
    try {
      for (const call of [
        idle.sendUserMessage(bob.user.id, 'hi'),
        idle.editUserMessage(bob.user.id, '1', 'x'),
        idle.deleteUserMessage(bob.user.id, '1'),
        idle.getUserMessages(bob.user.id),
        idle.getUserMessageSummaries(),
      ]) {
        const error = await rejectionOf(call);
        expect(error).toBeInstanceOf(SocialSdkError);
        expect(error.type).toBe('ClientNotReady');
      }
    } finally {
      await idle.close();
    }
    expect(bob.received).toEqual([]);
  });
});

describe('editUserMessage and deleteUserMessage', () => {
  it('the author edits: both get messageUpdated with the new content and editedAt', async () => {
    const { sim, alice, bob } = await pair();
    const id = await alice.client.sendUserMessage(bob.user.id, 'teh typo');
    sim.advance(5000);
    await alice.client.editUserMessage(bob.user.id, id, 'the typo');
    await sim.settle();
    for (const who of [alice, bob]) {
      expect(who.of('messageUpdated')).toEqual([expect.objectContaining({ id, content: 'the typo', editedAt: sim.now() })]);
    }
    expect(await contents(bob, alice)).toEqual(['the typo']);
  });

  it('the author deletes: both get messageDeleted with the message and channel ids', async () => {
    const { sim, alice, bob } = await pair();
    const aliceSaw = deletions(alice.client);
    const bobSaw = deletions(bob.client);
    const keep = await alice.client.sendUserMessage(bob.user.id, 'keep');
    const gone = await alice.client.sendUserMessage(bob.user.id, 'oops');
    await sim.settle();
    const channelId = bob.of('messageCreated')[0]!.channelId;
    const iterator = bob.client.events('messageDeleted');
    await alice.client.deleteUserMessage(bob.user.id, gone);
    await sim.settle();
    expect(aliceSaw).toEqual([{ messageId: gone, channelId }]);
    expect(bobSaw).toEqual([{ messageId: gone, channelId }]);
    expect((await iterator.next()).value).toEqual({ messageId: gone, channelId });
    await iterator.return?.();
    expect(await contents(bob, alice)).toEqual(['keep']);
    expect(await bob.client.getUserMessageSummaries()).toEqual([{ userId: alice.user.id, lastMessageId: keep }]);
  });

  it('only the author may edit or delete (403, 50005); nothing changes', async () => {
    const { sim, alice, bob } = await pair();
    const bobSaw = deletions(bob.client);
    const id = await alice.client.sendUserMessage(bob.user.id, 'mine');
    expect(await rejectionOf(bob.client.editUserMessage(alice.user.id, id, 'yours now'))).toMatchObject({ type: 'HTTPError', status: 403, code: 50005 });
    expect(await rejectionOf(bob.client.deleteUserMessage(alice.user.id, id))).toMatchObject({ type: 'HTTPError', status: 403, code: 50005 });
    // Unknown messages and conversations.
    expect(await rejectionOf(alice.client.editUserMessage(bob.user.id, '123', 'x'))).toMatchObject({ status: 404, code: 10008 });
    const carol = await player(sim, 'carol');
    expect(await rejectionOf(alice.client.deleteUserMessage(carol.user.id, id))).toMatchObject({ status: 404, code: 10003 });
    await sim.settle();
    expect(bob.of('messageUpdated')).toEqual([]);
    expect(bobSaw).toEqual([]);
    expect(await contents(alice, bob)).toEqual(['mine']);
  });
});

describe('getUserMessages', () => {
  it('newest first, at most the limit; none given or <= 0 means 200; larger limits are clamped', async () => {
    const { sim, alice, bob } = await pair();
    const total = limits.lobbyMessagesReturned + 5;
    for (let i = 0; i < total; i++) await (i % 2 ? bob : alice).client.sendUserMessage((i % 2 ? alice : bob).user.id, `m${i}`);
    await sim.settle();
    // A fresh client has nothing cached: these are fetched.
    const late = await sim.connectClient(alice.user);
    try {
      expect((await late.getUserMessages(bob.user.id, { limit: 3 })).map((m) => m.content)).toEqual([`m${total - 1}`, `m${total - 2}`, `m${total - 3}`]);
      for (const limit of [undefined, 0, -4, 1000]) {
        const messages = await late.getUserMessages(bob.user.id, limit === undefined ? undefined : { limit });
        expect(messages).toHaveLength(limits.lobbyMessagesReturned);
        expect(messages[0]!.content).toBe(`m${total - 1}`);
        expect(messages.at(-1)!.content).toBe(`m${total - limits.lobbyMessagesReturned}`);
      }
    } finally {
      await late.close();
    }
  });

  it('returns only the last 72 hours', async () => {
    const { sim, alice, bob } = await pair();
    await alice.client.sendUserMessage(bob.user.id, 'old');
    sim.advance(limits.lobbyMessageReadWindowMs - 1000);
    await alice.client.sendUserMessage(bob.user.id, 'recent');
    sim.advance(2000);
    expect(await contents(bob, alice)).toEqual(['recent']); // cached, still windowed
    const late = await sim.connectClient(bob.user);
    try {
      expect((await late.getUserMessages(alice.user.id)).map((m) => m.content)).toEqual(['recent']); // fetched
    } finally {
      await late.close();
    }
  });

  it('rejects with 404 when the users have no conversation', async () => {
    const { alice, bob } = await pair();
    const error = await rejectionOf(alice.client.getUserMessages(bob.user.id, { limit: 5 }));
    expect(error).toBeInstanceOf(SocialSdkError);
    expect(error).toMatchObject({ type: 'HTTPError', status: 404, code: 10003 });
  });

  it('is served from the local cache when it holds enough, and fetched (and fallible) otherwise', async () => {
    const { sim, alice, bob } = await pair();
    for (const text of ['one', 'two', 'three']) await alice.client.sendUserMessage(bob.user.id, text);
    await sim.settle();
    // Bob received all three while connected: a read of up to 3 needs no round trip, so the
    // planned fault of the fetch does not touch it.
    sim.failNext('getUserMessages', { count: 10, error: fault, user: bob.user });
    expect(await contents(bob, alice, 3)).toEqual(['three', 'two', 'one']);
    expect(await contents(bob, alice, 2)).toEqual(['three', 'two']);
    // Four is more than the cache holds: that read goes to the service and meets the fault.
    const failed = await rejectionOf(bob.client.getUserMessages(alice.user.id, { limit: 4 }));
    expect(failed).toMatchObject({ type: 'HTTPError', status: 503, message: expect.stringContaining('injected: service unavailable') });
    // The default (200) also needs the service.
    expect(await rejectionOf(bob.client.getUserMessages(alice.user.id))).toMatchObject({ status: 503 });
    // Edits and deletions keep the cache current.
    const four = await bob.client.sendUserMessage(alice.user.id, 'four');
    await alice.client.editUserMessage(bob.user.id, alice.of('messageCreated')[0]!.id, 'ONE');
    await bob.client.deleteUserMessage(alice.user.id, four);
    await sim.settle();
    expect(await contents(bob, alice, 3)).toEqual(['three', 'two', 'ONE']);
    sim.clearFailures();
  });

  it('a fetch fills the cache; reconnecting empties it', async () => {
    const { sim, alice, bob } = await pair();
    for (const text of ['a', 'b']) await alice.client.sendUserMessage(bob.user.id, text);
    await sim.settle();
    const late = await sim.connectClient(bob.user);
    try {
      sim.failNext('getUserMessages', { error: fault });
      // Nothing cached for the new client: the fetch fails.
      expect(await rejectionOf(late.getUserMessages(alice.user.id, { limit: 1 }))).toMatchObject({ status: 503 });
      expect((await late.getUserMessages(alice.user.id, { limit: 2 })).map((m) => m.content)).toEqual(['b', 'a']);
      // What the fetch brought is cached now: the same read survives a planned fault.
      sim.failNext('getUserMessages', { error: fault });
      expect((await late.getUserMessages(alice.user.id, { limit: 2 })).map((m) => m.content)).toEqual(['b', 'a']);
      // After a reconnect the cache is gone (events may have been missed meanwhile): fetched again.
      await late.disconnect();
      await late.connect();
      expect(await rejectionOf(late.getUserMessages(alice.user.id, { limit: 1 }))).toMatchObject({ status: 503 });
    } finally {
      sim.clearFailures();
      await late.close();
    }
  });
});

describe('getUserMessageSummaries', () => {
  it('one entry per conversation with its newest message, the most recent conversation first', async () => {
    const { sim, alice, bob } = await pair();
    const carol = await player(sim, 'carol');
    await alice.client.sendUserMessage(bob.user.id, 'to bob');
    const toCarol = await alice.client.sendUserMessage(carol.user.id, 'to carol');
    const fromBob = await bob.client.sendUserMessage(alice.user.id, 'back to alice');
    expect(await alice.client.getUserMessageSummaries()).toEqual([
      { userId: bob.user.id, lastMessageId: fromBob },
      { userId: carol.user.id, lastMessageId: toCarol },
    ]);
    expect(await carol.client.getUserMessageSummaries()).toEqual([{ userId: alice.user.id, lastMessageId: toCarol }]);
    sim.failNext('getUserMessageSummaries', { error: { type: 'NetworkError' } });
    expect(await rejectionOf(carol.client.getUserMessageSummaries())).toMatchObject({ type: 'NetworkError' });
  });
});

describe('moderation metadata on direct messages', () => {
  it('the game backend sets it; both users get messageUpdated at once, and reads show it', async () => {
    const { sim, alice, bob } = await pair();
    const id = await alice.client.sendUserMessage(bob.user.id, 'you are all noobs');
    sim.setDirectMessageModerationMetadata(id, { action: 'hide', flagged: 'toxicity' });
    await sim.settle();
    for (const who of [alice, bob]) {
      expect(who.of('messageUpdated')).toEqual([expect.objectContaining({ id, moderationMetadata: { action: 'hide', flagged: 'toxicity' }, editedAt: null })]);
    }
    expect((await bob.client.getUserMessages(alice.user.id, { limit: 1 }))[0]!.moderationMetadata).toEqual({ action: 'hide', flagged: 'toxicity' });
    expect(() => sim.setDirectMessageModerationMetadata('999', {})).toThrow(/no direct message 999/);
    expect(() => sim.setDirectMessageModerationMetadata(id, { n: 1 } as unknown as Record<string, string>)).toThrow(TypeError);
  });
});
