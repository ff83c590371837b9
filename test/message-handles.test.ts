// Reading a message and its channel from the client's memory: client.getMessage
// (Client::GetMessageHandle) and client.getChannel (Client::GetChannelHandle). Sources: the vendor
// header's comments (discordpp.h 1.9: GetMessageHandle, GetChannelHandle, class ChannelHandle) and
// the docs page development-guides/sending-direct-messages ("Message History").
import { describe, expect, it } from 'vitest';

import { sdk } from './sdk.js';
import { player } from './lobby-helpers.js';

const byId = (a: string, b: string) => (BigInt(a) < BigInt(b) ? -1 : 1);

describe('getMessage', () => {
  // discordpp.h, GetMessageHandle: "Returns a reference to the Discord message object for the given
  // ID." The docs' example reads it in the message-created callback.
  it('answers a message this client received, the sender included, as the event showed it', async () => {
    const sim = new sdk.Simulator();
    const alice = await player(sim, 'alice');
    const bob = await player(sim, 'bob');
    const lobbyId = await alice.client.createOrJoinLobby('handles');
    await bob.client.createOrJoinLobby('handles');
    const id = await alice.client.sendLobbyMessage(lobbyId, 'gg', { metadata: { hero: 'mage' } });
    await sim.settle();
    const [created] = bob.of('messageCreated');
    expect(bob.client.getMessage(id)).toEqual(created);
    expect(alice.client.getMessage(id)).toEqual(created);
    expect(alice.client.getMessage(id)).toMatchObject({ content: 'gg', authorId: alice.user.id, lobbyId, metadata: { hero: 'mage' } });
    expect(bob.client.getMessage('123456789012345678')).toBeNull();
  });

  // sending-direct-messages, Message History: "A MessageHandle will keep working ...": a read after an
  // edit shows the edit (handles see "changes to the underlying data"); a deleted message is gone.
  it('shows the latest version of a direct message, and nothing once it is deleted', async () => {
    const sim = new sdk.Simulator();
    const alice = await player(sim, 'alice');
    const bob = await player(sim, 'bob');
    const id = await alice.client.sendUserMessage(bob.user.id, 'hi bob');
    await alice.client.editUserMessage(bob.user.id, id, 'hi bob!');
    await sim.settle();
    expect(bob.client.getMessage(id)).toMatchObject({ content: 'hi bob!', recipientId: bob.user.id });
    expect(bob.client.getMessage(id)!.editedAt).not.toBeNull();
    await alice.client.deleteUserMessage(bob.user.id, id);
    await sim.settle();
    expect(bob.client.getMessage(id)).toBeNull();
    expect(alice.client.getMessage(id)).toBeNull();
  });

  // discordpp.h, GetMessageHandle: "The SDK keeps the 25 most recent messages in each channel in
  // memory. Messages sent before the SDK was started cannot be accessed with this."
  it('keeps the 25 most recent messages of each channel, and none sent before the client started (discordpp.h, Client::GetMessageHandle)', async () => {
    const sim = new sdk.Simulator();
    const alice = await player(sim, 'alice');
    const lobbyId = await alice.client.createOrJoinLobby('history');
    const ids: string[] = [];
    for (let i = 0; i < 26; i++) ids.push(await alice.client.sendLobbyMessage(lobbyId, `message ${i}`));
    await sim.settle();
    expect(alice.client.getMessage(ids[0]!)).toBeNull();
    expect(ids.slice(1).map((id) => alice.client.getMessage(id)?.content)).toEqual(ids.slice(1).map((_, i) => `message ${i + 1}`));
    // Another channel keeps its own 25.
    const bob = await player(sim, 'bob');
    const dm = await alice.client.sendUserMessage(bob.user.id, 'psst');
    await sim.settle();
    expect(alice.client.getMessage(dm)?.content).toBe('psst');
    // Bob joins after the messages were sent: the lobby's history is the service's (getLobbyMessages), not his client's memory.
    await bob.client.createOrJoinLobby('history');
    expect(bob.client.getMessage(ids[25]!)).toBeNull();
    expect((await bob.client.getLobbyMessages(lobbyId, { limit: 1 }))[0]?.id).toBe(ids[25]);
  });

  // The same rule, message after message, through many of the window's moves (the client lets the
  // oldest go by moving the window's start and removes the freed slots in batches): after each
  // send exactly the 25 newest are held; an edit and a delete reach a held message wherever it sits.
  it('holds exactly the 25 newest of a channel after every one of 60 messages, with edits and deletes among them (discordpp.h, Client::GetMessageHandle)', async () => {
    const sim = new sdk.Simulator();
    const alice = await player(sim, 'alice');
    const bob = await player(sim, 'bob');
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) {
      ids.push(await alice.client.sendUserMessage(bob.user.id, `dm ${i}`));
      await sim.settle();
      const held = ids.filter((id) => bob.client.getMessage(id) !== null);
      expect(held).toEqual(ids.slice(-25));
    }
    // The oldest held (the window's first slot) and one in its middle.
    await alice.client.editUserMessage(bob.user.id, ids[35]!, 'dm 35, edited');
    await alice.client.editUserMessage(bob.user.id, ids[47]!, 'dm 47, edited');
    await alice.client.deleteUserMessage(bob.user.id, ids[50]!);
    // A message no longer held is not brought back by its edit.
    await alice.client.editUserMessage(bob.user.id, ids[10]!, 'dm 10, edited');
    await sim.settle();
    expect(bob.client.getMessage(ids[35]!)?.content).toBe('dm 35, edited');
    expect(bob.client.getMessage(ids[47]!)?.content).toBe('dm 47, edited');
    expect(bob.client.getMessage(ids[50]!)).toBeNull();
    expect(bob.client.getMessage(ids[10]!)).toBeNull();
    expect(ids.filter((id) => bob.client.getMessage(id) !== null)).toEqual(ids.slice(35).filter((id) => id !== ids[50]));
    // The next message fills the place the delete left: 25 again, none older brought back.
    ids.push(await alice.client.sendUserMessage(bob.user.id, 'dm 60'));
    await sim.settle();
    expect(ids.filter((id) => bob.client.getMessage(id) !== null)).toEqual(ids.slice(35).filter((id) => id !== ids[50]));
  });

  it('checks its argument, and answers null once closed', async () => {
    const sim = new sdk.Simulator();
    const alice = await player(sim, 'alice');
    const lobbyId = await alice.client.createOrJoinLobby('closing');
    const id = await alice.client.sendLobbyMessage(lobbyId, 'bye');
    await sim.settle();
    expect(() => alice.client.getMessage('nope')).toThrow(RangeError);
    expect(() => alice.client.getMessage(5 as never)).toThrow(TypeError);
    await alice.client.close();
    expect(alice.client.getMessage(id)).toBeNull();
  });
});

describe('getChannel', () => {
  // discordpp.h, GetChannelHandle: "the most common use for this will be to look up the channel a
  // message was sent in. For convience this API will also work with lobbies, so the three possible
  // return values for the SDK are a DM, an Ephemeral DM, and a Lobby." ChannelHandle::Recipients:
  // "For DMs and GroupDMs, returns the user IDs of the members of the channel. For all other channels
  // returns an empty list." ChannelHandle::Name: "Generally only channels in servers have names".
  it("answers a direct message's channel with its two members, and a lobby the user is in", async () => {
    const sim = new sdk.Simulator();
    const alice = await player(sim, 'alice');
    const bob = await player(sim, 'bob');
    const carol = await player(sim, 'carol');
    const id = await alice.client.sendUserMessage(bob.user.id, 'hi bob');
    await sim.settle();
    const message = bob.client.getMessage(id)!;
    const dm = { id: message.channelId, name: '', type: 'Dm', recipients: [alice.user.id, bob.user.id].sort(byId) };
    expect(bob.client.getChannel(message.channelId)).toEqual(dm);
    expect(alice.client.getChannel(message.channelId)).toEqual(dm);
    expect(carol.client.getChannel(message.channelId)).toBeNull();

    const lobbyId = await alice.client.createOrJoinLobby('channel');
    const lobby = { id: lobbyId, name: '', type: 'Lobby', recipients: [] };
    // A lobby without a message yet: it is a channel all the same.
    expect(alice.client.getChannel(lobbyId)).toEqual(lobby);
    expect(carol.client.getChannel(lobbyId)).toBeNull();
    const sent = await alice.client.sendLobbyMessage(lobbyId, 'gg');
    await sim.settle();
    expect(alice.client.getChannel(alice.client.getMessage(sent)!.channelId)).toEqual(lobby);

    expect(() => alice.client.getChannel('x')).toThrow(RangeError);
    await alice.client.close();
    expect(alice.client.getChannel(lobbyId)).toBeNull();
  });
});
