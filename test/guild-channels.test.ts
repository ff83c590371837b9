// Guilds and guild channels (spec: "Channel object" and the 2026-11-16 Get Guild Channels change;
// "GetGuildChannels: results ordered as in the chat client (by position); GuildChannel carries
// type, position and parent category ID"). Channels the user cannot view are omitted.
import { describe, expect, it } from 'vitest';

import { sdk } from './sdk.js';
import { player, rejectionOf } from './lobby-helpers.js';

const { SocialSdkError } = sdk;
type Simulator = InstanceType<typeof sdk.Simulator>;

/** Fisher-Yates with a fixed seed, so a failure can be replayed. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

async function guildOf(sim: Simulator) {
  const alice = await player(sim, 'alice');
  const bob = await player(sim, 'bob');
  const guild = sim.createGuild({ name: 'Guild of Ada', owner: sim.createUser({ username: 'owner' }), members: [alice.user, bob.user] });
  return { alice, bob, guild };
}

describe('getUserGuilds', () => {
  it("lists the guilds the user is a member of, and follows membership changes", async () => {
    const sim = new sdk.Simulator();
    const { alice, bob, guild } = await guildOf(sim);
    const other = sim.createGuild({ name: 'Bob only', owner: bob.user });
    expect(await alice.client.getUserGuilds()).toEqual([{ id: guild.id, name: 'Guild of Ada' }]);
    expect(await bob.client.getUserGuilds()).toEqual([
      { id: guild.id, name: 'Guild of Ada' },
      { id: other.id, name: 'Bob only' },
    ]);
    sim.addGuildMember(other, alice.user);
    expect((await alice.client.getUserGuilds()).map((g) => g.id)).toEqual([guild.id, other.id]);
    sim.removeGuildMember(guild, alice.user);
    expect(await alice.client.getUserGuilds()).toEqual([{ id: other.id, name: 'Bob only' }]);
    const lone = await player(sim, 'lone');
    expect(await lone.client.getUserGuilds()).toEqual([]);
  });
});

describe('getGuildChannels', () => {
  it('orders channels by position whatever the creation order, equal positions by id (the older first)', async () => {
    const sim = new sdk.Simulator();
    const { alice, guild } = await guildOf(sim);
    const specs = [
      { name: 'rules', position: 0 },
      { name: 'general', position: 1 },
      { name: 'memes', position: 2 },
      { name: 'voice', position: 3, type: 'GuildVoice' as const },
      { name: 'archive', position: 7 },
      { name: 'zzz', position: 12 },
    ];
    for (const seed of [1, 2, 3]) {
      const g = sim.createGuild({ name: `g${seed}`, owner: alice.user });
      for (const spec of shuffled(specs, seed)) sim.createGuildChannel(g, spec);
      const channels = await alice.client.getGuildChannels(g.id);
      expect(channels.map((c) => c.name)).toEqual(specs.map((s) => s.name));
      expect(channels.map((c) => c.position)).toEqual([0, 1, 2, 3, 7, 12]);
      expect(channels[3]!.type).toBe('GuildVoice');
    }
    // Ties: the channel created first comes first.
    const tie1 = sim.createGuildChannel(guild, { name: 'b-first', position: 5 });
    const tie2 = sim.createGuildChannel(guild, { name: 'a-second', position: 5 });
    sim.createGuildChannel(guild, { name: 'before', position: 4 });
    const listed = await alice.client.getGuildChannels(guild.id);
    expect(listed.map((c) => c.name)).toEqual(['before', 'b-first', 'a-second']);
    expect(BigInt(tie1) < BigInt(tie2)).toBe(true);
    // A new position reorders the list.
    sim.updateGuildChannel(tie2, { position: 0 });
    expect((await alice.client.getGuildChannels(guild.id)).map((c) => c.name)).toEqual(['a-second', 'before', 'b-first']);
  });

  it('gives each channel its type, position, parent category, flags and linked lobby', async () => {
    const sim = new sdk.Simulator();
    const { alice, guild } = await guildOf(sim);
    const category = sim.createGuildChannel(guild, { name: 'Game', type: 'GuildCategory', position: 0 });
    const text = sim.createGuildChannel(guild, { name: 'party', position: 1, parent: category });
    const loose = sim.createGuildChannel(guild, { name: 'lobby-less', position: 2 });
    const channels = await alice.client.getGuildChannels(guild.id);
    expect(channels).toEqual([
      { id: category, name: 'Game', type: 'GuildCategory', position: 0, parentId: null, isLinkable: false, isViewableAndWriteableByAllMembers: true, linkedLobby: null },
      { id: text, name: 'party', type: 'GuildText', position: 1, parentId: category, isLinkable: false, isViewableAndWriteableByAllMembers: true, linkedLobby: null },
      { id: loose, name: 'lobby-less', type: 'GuildText', position: 2, parentId: null, isLinkable: false, isViewableAndWriteableByAllMembers: true, linkedLobby: null },
    ]);
    expect(typeof channels[0]!.position).toBe('number');

    // A member granted manageChannels may link text channels (categories never).
    sim.addGuildMember(guild, alice.user, { permissions: ['manageChannels'] });
    expect((await alice.client.getGuildChannels(guild.id)).map((c) => c.isLinkable)).toEqual([false, true, true]);

    // Linking a lobby to the channel (the lobby harness) shows the lobby on the channel.
    const lobbyId = sim.createLobby({ secret: 's' });
    sim.linkLobbyChannel(lobbyId, { id: text, name: 'party', guildId: guild.id });
    const linked = (await alice.client.getGuildChannels(guild.id)).find((c) => c.id === text)!;
    expect(linked.linkedLobby).toEqual({ applicationId: sim.defaultApplication.id, lobbyId });
    expect(linked.isLinkable).toBe(true); // linked to this game's lobby: still linkable
    // Linked to another game's lobby: not linkable from this game.
    const otherGame = sim.createApplication({ name: 'Other Game' });
    const foreign = sim.createLobby({ application: otherGame, secret: 'x' });
    sim.linkLobbyChannel(foreign, { id: loose, name: 'lobby-less', guildId: guild.id });
    const foreignLinked = (await alice.client.getGuildChannels(guild.id)).find((c) => c.id === loose)!;
    expect(foreignLinked.linkedLobby).toEqual({ applicationId: otherGame.id, lobbyId: foreign });
    expect(foreignLinked.isLinkable).toBe(false);
    sim.linkLobbyChannel(lobbyId, null);
    expect((await alice.client.getGuildChannels(guild.id)).find((c) => c.id === text)!.linkedLobby).toBeNull();
  });

  it('omits channels the user cannot view, and shows them again when an overwrite lets it', async () => {
    const sim = new sdk.Simulator();
    const { alice, bob, guild } = await guildOf(sim);
    const general = sim.createGuildChannel(guild, { name: 'general', position: 0 });
    const secret = sim.createGuildChannel(guild, {
      name: 'staff',
      position: 1,
      overwrites: [{ target: 'everyone', deny: ['viewChannel'] }, { target: bob.user, allow: ['viewChannel'] }],
    });
    const names = async (who: typeof alice) => (await who.client.getGuildChannels(guild.id)).map((c) => c.name);
    expect(await names(alice)).toEqual(['general']);
    expect(await names(bob)).toEqual(['general', 'staff']);
    // Not obfuscated: nothing about the hidden channel reaches alice.
    expect(JSON.stringify(await alice.client.getGuildChannels(guild.id))).not.toContain(secret);
    const seenByBob = (await bob.client.getGuildChannels(guild.id)).find((c) => c.id === secret)!;
    expect(seenByBob.isViewableAndWriteableByAllMembers).toBe(false);

    // Alice gets her own allow: the channel reappears.
    sim.updateGuildChannel(secret, {
      overwrites: [
        { target: 'everyone', deny: ['viewChannel'] },
        { target: bob.user, allow: ['viewChannel'] },
        { target: alice.user, allow: ['viewChannel'] },
      ],
    });
    expect(await names(alice)).toEqual(['general', 'staff']);
    // A member deny beats the @everyone allow.
    sim.updateGuildChannel(general, { overwrites: [{ target: alice.user, deny: ['viewChannel'] }] });
    expect(await names(alice)).toEqual(['staff']);
    expect(await names(bob)).toEqual(['general', 'staff']);
    // Dropping the overwrites makes both channels public again.
    sim.updateGuildChannel(secret, { overwrites: null });
    sim.updateGuildChannel(general, { overwrites: [] });
    expect(await names(alice)).toEqual(['general', 'staff']);
    expect((await alice.client.getGuildChannels(guild.id)).every((c) => c.isViewableAndWriteableByAllMembers)).toBe(true);
  });

  it('channels follow their category unless they have overwrites of their own; parent ids survive a hidden category', async () => {
    const sim = new sdk.Simulator();
    const { alice, bob, guild } = await guildOf(sim);
    const hiddenCategory = sim.createGuildChannel(guild, {
      name: 'Staff',
      type: 'GuildCategory',
      position: 0,
      overwrites: [{ target: 'everyone', deny: ['viewChannel'] }, { target: bob.user, allow: ['viewChannel'] }],
    });
    const synced = sim.createGuildChannel(guild, { name: 'staff-chat', position: 1, parent: hiddenCategory });
    const ownRules = sim.createGuildChannel(guild, { name: 'staff-news', position: 2, parent: hiddenCategory, overwrites: [] });
    const aliceSees = await alice.client.getGuildChannels(guild.id);
    // The synced channel inherits the deny; the one with its own (empty) overwrites does not, and
    // names its category even though alice cannot see the category itself.
    expect(aliceSees.map((c) => [c.name, c.parentId])).toEqual([['staff-news', hiddenCategory]]);
    expect((await bob.client.getGuildChannels(guild.id)).map((c) => c.id)).toEqual([hiddenCategory, synced, ownRules]);

    // Changing the category's overwrites changes what its synced channels show.
    sim.updateGuildChannel(hiddenCategory, { overwrites: [] });
    expect((await alice.client.getGuildChannels(guild.id)).map((c) => c.name)).toEqual(['Staff', 'staff-chat', 'staff-news']);
    // Moving a channel out of its category drops the inheritance.
    sim.updateGuildChannel(hiddenCategory, { overwrites: [{ target: 'everyone', deny: ['viewChannel'] }] });
    sim.updateGuildChannel(synced, { parent: null });
    const after = await alice.client.getGuildChannels(guild.id);
    expect(after.map((c) => [c.name, c.parentId])).toEqual([
      ['staff-chat', null],
      ['staff-news', hiddenCategory],
    ]);
  });

  it('the guild owner sees every channel whatever the overwrites', async () => {
    const sim = new sdk.Simulator();
    const owner = await player(sim, 'owner');
    const member = sim.createUser({ username: 'member' });
    const guild = sim.createGuild({ name: 'mine', owner: owner.user, members: [member] });
    sim.createGuildChannel(guild, { name: 'locked', overwrites: [{ target: 'everyone', deny: ['viewChannel'] }, { target: owner.user, deny: ['viewChannel'] }] });
    const [locked] = await owner.client.getGuildChannels(guild.id);
    expect(locked).toMatchObject({ name: 'locked', isLinkable: true, isViewableAndWriteableByAllMembers: false });
  });

  it('refuses non-members (403, 50001) and unknown guilds (404, 10004)', async () => {
    const sim = new sdk.Simulator();
    const { guild } = await guildOf(sim);
    sim.createGuildChannel(guild, { name: 'general' });
    const outsider = await player(sim, 'outsider');
    const refused = await rejectionOf(outsider.client.getGuildChannels(guild.id));
    expect(refused).toBeInstanceOf(SocialSdkError);
    expect(refused).toMatchObject({ type: 'HTTPError', status: 403, code: 50001 });
    const unknown = await rejectionOf(outsider.client.getGuildChannels('12345'));
    expect(unknown).toMatchObject({ type: 'HTTPError', status: 404, code: 10004 });
    // Membership is what counts: added, the outsider reads the channels.
    sim.addGuildMember(guild, outsider.user);
    expect((await outsider.client.getGuildChannels(guild.id)).map((c) => c.name)).toEqual(['general']);
  });

  it('refuses bad input before anything is sent, needs a ready client, and fails with injected faults', async () => {
    const sim = new sdk.Simulator();
    const { alice, guild } = await guildOf(sim);
    await expect(alice.client.getGuildChannels('x')).rejects.toThrow(RangeError);
    await expect(alice.client.getGuildChannels(12 as unknown as string)).rejects.toThrow(TypeError);
    sim.failNext('getGuildChannels', { error: { type: 'HTTPError', status: 503, retryable: true } });
    sim.failNext('getUserGuilds', { error: { type: 'NetworkError' } });
    expect(await rejectionOf(alice.client.getGuildChannels(guild.id))).toMatchObject({ type: 'HTTPError', status: 503, retryable: true });
    expect(await rejectionOf(alice.client.getUserGuilds())).toMatchObject({ type: 'NetworkError' });
    expect(await alice.client.getGuildChannels(guild.id)).toEqual([]);

    const idle = sim.createClient();
    try {
      expect(await rejectionOf(idle.getUserGuilds())).toMatchObject({ type: 'ClientNotReady' });
      expect(await rejectionOf(idle.getGuildChannels(guild.id))).toMatchObject({ type: 'ClientNotReady' });
    } finally {
      await idle.close();
    }
  });
});

describe('the guild harness', () => {
  it('checks its input and changes nothing on bad input', async () => {
    const sim = new sdk.Simulator();
    const { alice, guild } = await guildOf(sim);
    const category = sim.createGuildChannel(guild, { name: 'cat', type: 'GuildCategory' });
    const text = sim.createGuildChannel(guild, { name: 'text', position: 1 });
    expect(() => sim.createGuild({ name: 'g', owner: '999' })).toThrow(new RangeError('no user with id 999'));
    expect(() => sim.createGuild({ name: 'g', owner: alice.user, members: ['998'] })).toThrow(RangeError);
    expect(() => sim.createGuildChannel(guild, { name: 'x', type: 'Nope' as 'GuildText' })).toThrow(/type must be a channel type/);
    expect(() => sim.createGuildChannel(guild, { name: 'x', position: -1 })).toThrow(RangeError);
    expect(() => sim.createGuildChannel(guild, { name: 'x', position: 1.5 })).toThrow(RangeError);
    expect(() => sim.createGuildChannel(guild, { name: '' })).toThrow(new RangeError('name must not be empty'));
    expect(() => sim.createGuildChannel(guild, { name: 'x', parent: text })).toThrow(/is not a category/);
    expect(() => sim.createGuildChannel(guild, { name: 'x', type: 'GuildCategory', parent: category })).toThrow(/category cannot be in another/);
    expect(() => sim.createGuildChannel('77', { name: 'x' })).toThrow(/no guild with id 77/);
    expect(() => sim.createGuildChannel(guild, { name: 'x', overwrites: [{ target: 'everyone', deny: ['fly' as 'viewChannel'] }] })).toThrow(
      // The value is not echoed (any string may be a secret in the wrong place): its length is.
      new RangeError("overwrites[0].deny[0] must be a permission name (PermissionFlagsBits' names, camel-cased: viewChannel, manageChannels, ...), got a string of 3 characters"),
    );
    expect(() =>
      sim.createGuildChannel(guild, { name: 'x', overwrites: [{ target: 'everyone' }, { target: 'everyone' }] }),
    ).toThrow(/two overwrites for everyone/);
    expect(() => sim.updateGuildChannel(text, { parent: text })).toThrow(/is not a category/);
    expect(() => sim.updateGuildChannel('5', { name: 'y' })).toThrow(/no guild channel with id 5/);
    expect(() => sim.addGuildMember(guild, alice.user, { permissions: ['admin' as 'viewChannel'] })).toThrow(RangeError);
    const owner = (await alice.client.getUserGuilds()).length; // alice is still a member
    expect(owner).toBe(1);
    // Nothing above changed the guild's channels.
    sim.addGuildMember(guild, alice.user);
    expect((await alice.client.getGuildChannels(guild.id)).map((c) => c.name)).toEqual(['cat', 'text']);
  });
});
