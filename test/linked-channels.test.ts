// Linking a guild channel to a lobby from a client (discordpp LinkChannelToLobby and
// UnlinkChannelFromLobby; server API "PATCH /lobbies/{lobby.id}/channel-linking"): the caller must be
// a lobby member with the CanLinkLobby flag, and the channel a guild text channel it can view, send
// messages in and manage, not linked to another lobby. Members see the link through lobbyUpdated.
import { describe, expect, it } from 'vitest';

import { sdk } from './sdk.js';
import { player, rejectionOf, type Player } from './lobby-helpers.js';

type Simulator = InstanceType<typeof sdk.Simulator>;
const CAN_LINK_LOBBY = 1;

/** Alice (who may link, when `flag`) and Bob in a lobby; a guild where Alice manages channels. */
async function setup(options: { flag?: boolean } = {}) {
  const sim: Simulator = new sdk.Simulator();
  const alice = await player(sim, 'alice');
  const bob = await player(sim, 'bob');
  const lobbyId = await alice.client.createOrJoinLobby('raid-night');
  await bob.client.createOrJoinLobby('raid-night');
  if (options.flag ?? true) sim.bulkUpdateLobbyMembers(lobbyId, [{ user: alice.user, flags: CAN_LINK_LOBBY }]);
  const guild = sim.createGuild({ name: 'Raiders', owner: sim.createUser({ username: 'owner' }), members: [bob.user] });
  sim.addGuildMember(guild, alice.user, { permissions: ['manageChannels'] });
  const text = sim.createGuildChannel(guild, { name: 'raid-chat', position: 0 });
  await sim.settle();
  alice.received.length = 0;
  bob.received.length = 0;
  return { sim, alice, bob, lobbyId, guild, text };
}

function lobbyUpdates(p: Player, lobbyId: string): number {
  return p.of('lobbyUpdated').filter((event) => event.lobbyId === lobbyId).length;
}

describe('linkChannelToLobby / unlinkChannelFromLobby', () => {
  it('links a channel: every member sees it on the lobby and gets lobbyUpdated; the channel shows the lobby; unlinking undoes it', async () => {
    const { sim, alice, bob, lobbyId, guild, text } = await setup();
    await alice.client.linkChannelToLobby(lobbyId, text);
    await sim.settle();
    const linked = { id: text, name: 'raid-chat', guildId: guild.id };
    expect(alice.client.getLobby(lobbyId)!.linkedChannel).toEqual(linked);
    expect(bob.client.getLobby(lobbyId)!.linkedChannel).toEqual(linked);
    expect(sim.getLobby(lobbyId)!.linkedChannel).toEqual(linked);
    expect([lobbyUpdates(alice, lobbyId), lobbyUpdates(bob, lobbyId)]).toEqual([1, 1]);
    const channel = (await alice.client.getGuildChannels(guild.id)).find((c) => c.id === text)!;
    expect(channel.linkedLobby).toEqual({ applicationId: sim.defaultApplication.id, lobbyId });

    // Linking the same channel again changes nothing.
    await alice.client.linkChannelToLobby(lobbyId, text);
    await sim.settle();
    expect(lobbyUpdates(bob, lobbyId)).toBe(1);

    await alice.client.unlinkChannelFromLobby(lobbyId);
    await sim.settle();
    expect(bob.client.getLobby(lobbyId)!.linkedChannel).toBeNull();
    expect((await alice.client.getGuildChannels(guild.id)).find((c) => c.id === text)!.linkedLobby).toBeNull();
    expect(lobbyUpdates(bob, lobbyId)).toBe(2);
    // Unlinking a lobby without a channel resolves and tells no one.
    await alice.client.unlinkChannelFromLobby(lobbyId);
    await sim.settle();
    expect(lobbyUpdates(bob, lobbyId)).toBe(2);
  });

  it('linking another channel replaces the link', async () => {
    const { sim, alice, bob, lobbyId, guild, text } = await setup();
    const other = sim.createGuildChannel(guild, { name: 'raid-logs', position: 1 });
    await alice.client.linkChannelToLobby(lobbyId, text);
    await alice.client.linkChannelToLobby(lobbyId, other);
    await sim.settle();
    expect(bob.client.getLobby(lobbyId)!.linkedChannel).toEqual({ id: other, name: 'raid-logs', guildId: guild.id });
    const channels = await alice.client.getGuildChannels(guild.id);
    expect(channels.map((c) => c.linkedLobby?.lobbyId ?? null)).toEqual([null, lobbyId]);
    expect(lobbyUpdates(bob, lobbyId)).toBe(2);
  });

  it('needs the CanLinkLobby flag, which only the game backend sets: 403 (50013) without it, and nothing changes', async () => {
    const { sim, alice, bob, lobbyId, text } = await setup({ flag: false });
    for (const attempt of [alice.client.linkChannelToLobby(lobbyId, text), alice.client.unlinkChannelFromLobby(lobbyId)]) {
      expect(await rejectionOf(attempt)).toMatchObject({ type: 'HTTPError', status: 403, code: 50013 });
    }
    await sim.settle();
    expect(bob.client.getLobby(lobbyId)!.linkedChannel).toBeNull();
    expect(lobbyUpdates(bob, lobbyId)).toBe(0);
    expect(sim.getLobby(lobbyId)!.members.map((m) => m.flags)).toEqual([0, 0]);
    expect(bob.client.getLobby(lobbyId)!.members.map((m) => m.canLinkLobby)).toEqual([false, false]);

    sim.bulkUpdateLobbyMembers(lobbyId, [{ user: alice.user, flags: CAN_LINK_LOBBY }]);
    expect(sim.getLobby(lobbyId)!.members.map((m) => m.flags)).toEqual([CAN_LINK_LOBBY, 0]);
    // discordpp.h, LobbyMemberHandle::CanLinkLobby: "Under the hood this checks if the
    // LobbyMemberFlags::CanLinkLobby flag is set"; every member sees it.
    await sim.settle();
    for (const viewer of [alice, bob]) {
      expect(viewer.client.getLobby(lobbyId)!.members.map((m) => [m.id, m.canLinkLobby])).toEqual([
        [alice.user.id, true],
        [bob.user.id, false],
      ]);
    }
    await alice.client.linkChannelToLobby(lobbyId, text);
    // Taken away again: unlinking is refused.
    sim.bulkUpdateLobbyMembers(lobbyId, [{ user: alice.user, flags: 0 }]);
    expect(await rejectionOf(alice.client.unlinkChannelFromLobby(lobbyId))).toMatchObject({ status: 403, code: 50013 });
    expect(bob.client.getLobby(lobbyId)!.linkedChannel?.id).toBe(text);
  });

  it('the harness refuses flags other than 0 and 1 (CanLinkLobby is the only one), changing nothing', async () => {
    const { sim, alice, lobbyId } = await setup({ flag: false });
    expect(() => sim.bulkUpdateLobbyMembers(lobbyId, [{ user: alice.user, flags: 2 }])).toThrow(RangeError);
    expect(() => sim.bulkUpdateLobbyMembers(lobbyId, [{ user: alice.user, flags: 1.5 }])).toThrow(RangeError);
    expect(() => sim.bulkUpdateLobbyMembers(lobbyId, [{ user: alice.user, flags: '1' as unknown as number }])).toThrow(TypeError);
    expect(sim.getLobby(lobbyId)!.members.map((m) => m.flags)).toEqual([0, 0]);
  });

  it('refuses a channel the user may not link, with the service errors, and nothing changes', async () => {
    const { sim, alice, bob, lobbyId, guild, text } = await setup();
    const voice = sim.createGuildChannel(guild, { name: 'raid-voice', type: 'GuildVoice', position: 2 });
    const hidden = sim.createGuildChannel(guild, { name: 'staff', position: 3, overwrites: [{ target: 'everyone', deny: ['viewChannel'] }] });
    const readOnly = sim.createGuildChannel(guild, { name: 'news', position: 4, overwrites: [{ target: 'everyone', deny: ['sendMessages'] }] });
    const elsewhere = sim.createGuild({ name: 'Elsewhere', owner: bob.user });
    const foreignChannel = sim.createGuildChannel(elsewhere, { name: 'theirs', position: 0 });
    const cases: [string, number, number][] = [
      ['12345', 404, 10003], // no such channel
      [hidden, 404, 10003], // one the user cannot view
      [foreignChannel, 404, 10003], // a guild the user is not in
      [voice, 400, 50024], // not a text channel
      [readOnly, 403, 50013], // no Send Messages
    ];
    for (const [channel, status, code] of cases) {
      expect(await rejectionOf(alice.client.linkChannelToLobby(lobbyId, channel)), channel).toMatchObject({ type: 'HTTPError', status, code });
    }
    // Without Manage Channels (the guild-level grant taken back).
    sim.addGuildMember(guild, alice.user);
    expect(await rejectionOf(alice.client.linkChannelToLobby(lobbyId, text))).toMatchObject({ status: 403, code: 50013 });
    await sim.settle();
    expect(bob.client.getLobby(lobbyId)!.linkedChannel).toBeNull();
    expect(lobbyUpdates(bob, lobbyId)).toBe(0);
  });

  it('refuses a channel another lobby has (400, 50035), and a lobby the user is not in (403 / 404)', async () => {
    const { sim, alice, bob, lobbyId, text } = await setup();
    const otherLobby = sim.createLobby({ secret: 'other' });
    sim.linkLobbyChannel(otherLobby, { id: text, name: 'raid-chat', guildId: '1' });
    expect(await rejectionOf(alice.client.linkChannelToLobby(lobbyId, text))).toMatchObject({ status: 400, code: 50035 });
    expect(await rejectionOf(alice.client.linkChannelToLobby(otherLobby, text))).toMatchObject({ status: 403, code: 50001 });
    expect(await rejectionOf(alice.client.unlinkChannelFromLobby('999'))).toMatchObject({ status: 404 });
    await sim.settle();
    expect(bob.client.getLobby(lobbyId)!.linkedChannel).toBeNull();
  });

  it('checks ids before anything is sent, needs a ready client, and rejects once closed', async () => {
    const { sim, alice, lobbyId, text } = await setup();
    await expect(alice.client.linkChannelToLobby('x', text)).rejects.toThrow(RangeError);
    await expect(alice.client.linkChannelToLobby(lobbyId, 7 as unknown as string)).rejects.toThrow(TypeError);
    await expect(alice.client.unlinkChannelFromLobby(null as unknown as string)).rejects.toThrow(TypeError);
    const idle = new sdk.Client({ simulator: sim });
    try {
      expect(await rejectionOf(idle.linkChannelToLobby(lobbyId, text))).toMatchObject({ type: 'ClientNotReady' });
      expect(await rejectionOf(idle.unlinkChannelFromLobby(lobbyId))).toMatchObject({ type: 'ClientNotReady' });
    } finally {
      await idle.close();
    }
    expect(await rejectionOf(idle.linkChannelToLobby(lobbyId, text))).toMatchObject({ type: 'ClientDestroyed' });
  });
});

describe('joinLinkedLobbyGuild', () => {
  it("gives a member an invite URL to the linked channel's guild: single use, valid one hour on the virtual clock", async () => {
    const { sim, alice, lobbyId, guild, text } = await setup();
    const cy = await player(sim, 'cy');
    await cy.client.createOrJoinLobby('raid-night');
    const noLink = await rejectionOf(cy.client.joinLinkedLobbyGuild(lobbyId));
    expect([noLink.type, noLink.status, noLink.code]).toEqual(['HTTPError', 400, 50035]);
    await alice.client.linkChannelToLobby(lobbyId, text);
    const url = await cy.client.joinLinkedLobbyGuild(lobbyId);
    expect(url).toMatch(/^https:\/\/discord\.gg\/\w{10}$/);
    const codeOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);
    const service = await sim.listen();
    try {
      expect(service.acceptChannelInvite(codeOf(url), cy.user)).toEqual({ guildId: guild.id, channelId: text, lobbyId });
      expect((await cy.client.getUserGuilds()).map((g) => g.id)).toEqual([guild.id]);
      // Single use.
      expect(() => service.acceptChannelInvite(codeOf(url), cy.user)).toThrow(expect.objectContaining({ status: 404, code: 10006 }));
      // Valid one hour: a minute before, a fresh one works; at the hour, it is gone.
      const fresh = await cy.client.joinLinkedLobbyGuild(lobbyId);
      const late = await cy.client.joinLinkedLobbyGuild(lobbyId);
      sim.advance(59 * 60 * 1000);
      expect(service.acceptChannelInvite(codeOf(fresh), cy.user).guildId).toBe(guild.id);
      sim.advance(60 * 1000);
      expect(() => service.acceptChannelInvite(codeOf(late), cy.user)).toThrow(expect.objectContaining({ code: 10006 }));
    } finally {
      await service.close();
    }
  });

  it('refuses a user who is not a member (404 10031) and a provisional account (merge required first)', async () => {
    const { sim, alice, lobbyId, text } = await setup();
    await alice.client.linkChannelToLobby(lobbyId, text);
    const stranger = await player(sim, 'stranger');
    const notMember = await rejectionOf(stranger.client.joinLinkedLobbyGuild(lobbyId));
    expect([notMember.type, notMember.status, notMember.code]).toEqual(['HTTPError', 404, 10031]);
    const guest = await player(sim, 'guest', { provisional: true });
    await guest.client.createOrJoinLobby('raid-night');
    const provisional = await rejectionOf(guest.client.joinLinkedLobbyGuild(lobbyId));
    expect(provisional.type).toBe('AuthorizationFailed');
    expect(provisional.message).toMatch(/provisional account .* merge it into a full account first/);
    await expect(alice.client.joinLinkedLobbyGuild('not-an-id')).rejects.toThrow(RangeError);
  });
});
