// What a game asks of the Discord app on the player's machine (the simulated chat client):
// canOpenMessageInDiscord / openMessageInDiscord, openConnectedGamesSettingsInDiscord,
// setShowingChat, getDiscordClientConnectedUser. Sources: the vendor header's comments (discordpp.h
// 1.9: CanOpenMessageInDiscord, OpenMessageInDiscord, OpenConnectedGamesSettingsInDiscord,
// SetShowingChat, GetDiscordClientConnectedUser) and the docs page
// development-guides/sending-direct-messages ("Messages viewable in Discord", "Suppressing Double
// Notifications", "In-Game Direct Message Settings"). Our choices are in docs/conformance.md.
import { describe, expect, it } from 'vitest';

import { sdk } from './sdk.js';
import { player, rejectionOf } from './lobby-helpers.js';

const CAN_LINK_LOBBY = 1;

describe('opening a message in Discord', () => {
  // sending-direct-messages, "Messages viewable in Discord": "1 on 1 chat when at least one of the
  // users is a full Discord user"; "Lobby chat when the lobby is linked to a Discord channel".
  // discordpp.h, CanOpenMessageInDiscord: "lobby chat and some DMs are ephemeral and not persisted
  // on Discord so cannot be opened".
  it('can open a direct message with a full account, and lobby chat only once the lobby is linked', async () => {
    const sim = new sdk.Simulator();
    const alice = await player(sim, 'alice');
    const bob = await player(sim, 'bob');
    const dm = await alice.client.sendUserMessage(bob.user.id, 'gg');
    const lobbyId = await alice.client.createOrJoinLobby('linked');
    const before = await alice.client.sendLobbyMessage(lobbyId, 'before the link');
    await sim.settle();
    expect(alice.client.canOpenMessageInDiscord(dm)).toBe(true);
    expect(bob.client.canOpenMessageInDiscord(dm)).toBe(true);
    expect(alice.client.canOpenMessageInDiscord(before)).toBe(false);
    await expect(alice.client.openMessageInDiscord(before)).rejects.toMatchObject({ type: 'ValidationError' });
    // Not held by this client (GetMessageHandle): nothing to check.
    expect(alice.client.canOpenMessageInDiscord('123456789012345678')).toBe(false);

    sim.bulkUpdateLobbyMembers(lobbyId, [{ user: alice.user, flags: CAN_LINK_LOBBY }]);
    const guild = sim.createGuild({ name: 'Raiders', owner: sim.createUser({ username: 'owner' }) });
    sim.addGuildMember(guild, alice.user, { permissions: ['manageChannels'] });
    const text = sim.createGuildChannel(guild, { name: 'raid-chat', position: 0 });
    await alice.client.linkChannelToLobby(lobbyId, text);
    const after = await alice.client.sendLobbyMessage(lobbyId, 'after the link');
    await sim.settle();
    expect(alice.client.canOpenMessageInDiscord(after)).toBe(true);

    // OpenMessageInDiscord: "Opens the given message in the Discord client."
    await expect(alice.client.openMessageInDiscord(after)).resolves.toBe('opened');
    await expect(bob.client.openMessageInDiscord(dm)).resolves.toBe('opened');
    expect(sim.chatClient(alice.user).openedMessages).toEqual([after]);
    expect(sim.chatClient(bob.user).openedMessages).toEqual([dm]);
  });

  // The header's callbacks: provisionalUserMergeRequiredCallback for an account Discord cannot show
  // it to; no chat client to talk to is an RPC failure (as the other RPC calls, our choice).
  it('asks a provisional account to merge first, and fails with RPCError when the Discord app is not reachable', async () => {
    const sim = new sdk.Simulator();
    const alice = await player(sim, 'alice');
    const guest = await player(sim, 'guest', { provisional: true });
    const other = await player(sim, 'other', { provisional: true });
    const dm = await alice.client.sendUserMessage(guest.user.id, 'hello guest');
    const between = await guest.client.sendUserMessage(other.user.id, 'two guests');
    await sim.settle();
    expect(guest.client.canOpenMessageInDiscord(dm)).toBe(true);
    await expect(guest.client.openMessageInDiscord(dm)).resolves.toBe('provisionalUserMergeRequired');
    expect(sim.chatClient(guest.user).openedMessages).toEqual([]);
    expect(guest.client.canOpenMessageInDiscord(between)).toBe(false);

    sim.chatClient(alice.user).stop();
    const error = await rejectionOf(alice.client.openMessageInDiscord(dm));
    expect(error).toMatchObject({ type: 'RPCError' });
    await alice.client.close();
    expect(alice.client.canOpenMessageInDiscord(dm)).toBe(false);
    expect(() => guest.client.canOpenMessageInDiscord('x')).toThrow(RangeError);
  });
});

describe('openConnectedGamesSettingsInDiscord', () => {
  // discordpp.h / sending-direct-messages: "opens the Connected Games settings in the Discord client
  // ... If the client isn't connected or the user is a provisional account, this function does
  // nothing."
  it('opens the settings in the Discord app; a provisional account or a client not ready gets nothing opened', async () => {
    const sim = new sdk.Simulator();
    const alice = await player(sim, 'alice');
    const guest = await player(sim, 'guest', { provisional: true });
    await alice.client.openConnectedGamesSettingsInDiscord();
    expect(sim.chatClient(alice.user).connectedGamesSettingsOpened).toBe(1);
    await expect(guest.client.openConnectedGamesSettingsInDiscord()).rejects.toMatchObject({ type: 'ValidationError' });
    expect(sim.chatClient(guest.user).connectedGamesSettingsOpened).toBe(0);
    await alice.client.disconnect();
    await expect(alice.client.openConnectedGamesSettingsInDiscord()).rejects.toMatchObject({ type: 'ClientNotReady' });
    sim.chatClient(alice.user).dropRpc();
    await alice.client.connect();
    await expect(alice.client.openConnectedGamesSettingsInDiscord()).rejects.toMatchObject({ type: 'RPCError' });
    expect(sim.chatClient(alice.user).connectedGamesSettingsOpened).toBe(1);
  });
});

describe('setShowingChat', () => {
  // discordpp.h, SetShowingChat: "to avoid double-notifying users, you can call this function
  // whenever the chat is shown or hidden to suppress those duplicate notifications."
  it("tells the user's Discord app while the game shows chat, also when set before connecting, until the client goes", async () => {
    const sim = new sdk.Simulator();
    const alice = await player(sim, 'alice');
    const chat = sim.chatClient(alice.user);
    expect(chat.showingChat).toBe(false);
    alice.client.setShowingChat(true);
    await sim.settle();
    expect(chat.showingChat).toBe(true);
    alice.client.setShowingChat(false);
    await sim.settle();
    expect(chat.showingChat).toBe(false);
    expect(() => alice.client.setShowingChat('yes' as never)).toThrow(TypeError);

    const later = sim.createClient({ applicationId: sim.defaultApplication.id });
    later.setShowingChat(true);
    await later.updateToken(sim.issueToken(alice.user.id, sim.defaultApplication.id).accessToken);
    await later.connect();
    await sim.settle();
    expect(chat.showingChat).toBe(true);
    await later.close();
    await sim.settle();
    expect(chat.showingChat).toBe(false);
  });
});

describe('getDiscordClientConnectedUser', () => {
  // discordpp.h, GetDiscordClientConnectedUser: "If the Discord app is running on the user's
  // computer and the SDK establishes a connection to it, this function will return the user that is
  // currently logged in to the Discord app." The callback: (ClientResult, std::optional<UserHandle>).
  it('answers the account the Discord app is signed into, null when signed out, RPCError when unreachable', async () => {
    const sim = new sdk.Simulator();
    const alice = await player(sim, 'alice');
    const bob = await player(sim, 'bob');
    const guest = await player(sim, 'guest', { provisional: true });
    const appId = alice.client.applicationId;
    expect(await alice.client.getDiscordClientConnectedUser(appId)).toMatchObject({ id: alice.user.id, username: 'alice' });
    expect(sim.chatClient(alice.user).signedInAs).toBe(alice.user.id);
    // Another account signed into the Discord app on this machine: the game can warn before linking.
    sim.chatClient(guest.user).signIn(bob.user);
    expect(await guest.client.getDiscordClientConnectedUser(appId)).toMatchObject({ id: bob.user.id, username: 'bob' });
    sim.chatClient(guest.user).signIn(null);
    expect(await guest.client.getDiscordClientConnectedUser(appId)).toBeNull();
    expect(() => sim.chatClient(alice.user).signIn(guest.user)).toThrow(RangeError);

    sim.chatClient(alice.user).stop();
    await expect(alice.client.getDiscordClientConnectedUser(appId)).rejects.toMatchObject({ type: 'RPCError' });
    await expect(alice.client.getDiscordClientConnectedUser('nope')).rejects.toThrow(RangeError);
  });
});
