// Activity invites and the join loop (issue 14): invites need the sender's party and join secret
// and go where a direct message may go (never across a block); accepting gives the join secret, which lands the
// invited player in the sender's lobby; an invite dies when the party fills up or the sender's
// presence changes; join requests and their replies; accepting in the chat client (activityJoin),
// with the launch command the game registered when it is not running.
import { inspect } from 'node:util';

import { describe, expect, it } from 'vitest';

import { until } from './helpers.js';
import { player, rejectionOf, type Player } from './lobby-helpers.js';
import { sdk, type ActivityInvite, type ActivityJoin } from './sdk.js';

type Simulator = InstanceType<typeof sdk.Simulator>;

const LOBBY_SECRET = 'ada-party-lobby';
const party = (currentSize: number, maxSize = 4, id = 'party-1', join = LOBBY_SECRET) => ({
  state: 'In a group',
  party: { id, currentSize, maxSize },
  secrets: { join },
});

/** Ada and Bo, ready and friends (Discord and game); each records the invites it receives. */
async function friends() {
  const sim = new sdk.Simulator();
  const ada = await player(sim, 'ada');
  const bo = await player(sim, 'bo');
  sim.setFriends(ada.user, bo.user, { discord: true, game: true });
  const received = new Map<Player, { created: ActivityInvite[]; updated: ActivityInvite[] }>();
  for (const p of [ada, bo]) {
    const seen = { created: [] as ActivityInvite[], updated: [] as ActivityInvite[] };
    received.set(p, seen);
    p.client.on('activityInviteCreated', (invite) => seen.created.push(invite));
    p.client.on('activityInviteUpdated', (invite) => seen.updated.push(invite));
  }
  await sim.settle();
  return { sim, ada, bo, invites: (p: Player) => received.get(p)! };
}

async function settled<T>(sim: Simulator, value: Promise<T>): Promise<T> {
  const out = await value;
  await sim.settle();
  return out;
}

describe('the join loop', () => {
  it('invite -> accept -> join secret -> createOrJoinLobby lands the invited player in the sender\'s lobby', async () => {
    const { sim, ada, bo, invites } = await friends();
    const lobbyId = await ada.client.createOrJoinLobby(LOBBY_SECRET);
    await settled(sim, ada.client.updateRichPresence(party(1)));
    // Bo sees Ada online, playing this game.
    expect(bo.client.getRelationshipsByGroup('onlinePlayingGame').map((r) => r.id)).toEqual([ada.user.id]);
    await settled(sim, ada.client.sendActivityInvite(bo.user.id, 'come play'));
    await until(() => invites(bo).created.length === 1, 'the invite');
    const invite = invites(bo).created[0]!;
    expect(invite).toMatchObject({ senderId: ada.user.id, applicationId: ada.client.applicationId, type: 'join', partyId: 'party-1', isValid: true });
    expect(invite.messageId).not.toBe('0');
    expect(invites(ada).created).toEqual([]);
    const join = await bo.client.acceptActivityInvite(invite);
    expect(join.joinSecret).toBe(LOBBY_SECRET);
    expect(await bo.client.createOrJoinLobby(join.joinSecret)).toBe(lobbyId);
    await sim.settle();
    expect(ada.client.getLobby(lobbyId)!.members.map((m) => m.id).sort()).toEqual([ada.user.id, bo.user.id].sort());
    // The chat client shows the invite with its message, without the secret.
    const shown = sim.chatClient(bo.user).activityInvites;
    expect(shown.map((entry) => [entry.invite.messageId, entry.content])).toEqual([[invite.messageId, 'come play']]);
    expect(JSON.stringify(shown)).not.toContain(LOBBY_SECRET);
  });

  it('a join request, answered with an invite, ends in the same join', async () => {
    const { sim, ada, bo, invites } = await friends();
    await settled(sim, ada.client.updateRichPresence(party(1)));
    await settled(sim, bo.client.sendActivityJoinRequest(ada.user.id));
    await until(() => invites(ada).created.length === 1, 'the join request');
    const request = invites(ada).created[0]!;
    expect(request).toMatchObject({ senderId: bo.user.id, type: 'joinRequest', isValid: true });
    // A join request is not an invite: it gives no join secret.
    expect((await rejectionOf(ada.client.acceptActivityInvite(request))).code).toBe(10008);
    await settled(sim, ada.client.sendActivityJoinRequestReply(request));
    await until(() => invites(bo).created.length === 1, 'the reply');
    expect(invites(bo).created[0]).toMatchObject({ senderId: ada.user.id, type: 'join', partyId: 'party-1' });
    expect((await bo.client.acceptActivityInvite(invites(bo).created[0]!)).joinSecret).toBe(LOBBY_SECRET);
    // Only the recipient of a request can answer it.
    const error = await rejectionOf(bo.client.sendActivityJoinRequestReply(request));
    expect([error.type, error.status, error.code]).toEqual(['HTTPError', 404, 10008]);
  });
});

describe('who can be invited, and with what', () => {
  it('needs a party and a join secret in the sender\'s rich presence (HTTPError 400, 50035)', async () => {
    const { sim, ada, bo, invites } = await friends();
    const noPresence = await rejectionOf(ada.client.sendActivityInvite(bo.user.id));
    expect([noPresence.type, noPresence.status, noPresence.code]).toEqual(['HTTPError', 400, 50035]);
    await settled(sim, ada.client.updateRichPresence({ state: 'Alone', party: { id: 'party-x', currentSize: 1, maxSize: 2 } }));
    expect((await rejectionOf(ada.client.sendActivityInvite(bo.user.id))).code).toBe(50035);
    await settled(sim, ada.client.updateRichPresence({ state: 'Alone', secrets: { join: LOBBY_SECRET } }));
    expect((await rejectionOf(ada.client.sendActivityInvite(bo.user.id))).code).toBe(50035);
    // A full party takes no more invites.
    await settled(sim, ada.client.updateRichPresence(party(2, 2)));
    expect((await rejectionOf(ada.client.sendActivityInvite(bo.user.id))).code).toBe(50035);
    await sim.settle();
    expect(invites(bo).created).toEqual([]);
  });

  // discordpp.h 1.9.16441, Client::SendActivityInvite: "The invite is sent as a message on
  // Discord, which means it can be sent if any of the following are true: - Both users are online
  // and in the game and have not blocked each other - Both users are friends with each other -
  // Both users share a mutual Discord server and have previously DM'd each other on Discord".
  // The refusal, 403 50007 "Cannot send messages to this user", is the service's JSON error code
  // (discord-api-docs, opcodes-and-status-codes); a join request follows the same rule (our choice).
  it('goes to a user online in the game, a friend, or a user of a shared server messaged before; never across a block (403 50007)', async () => {
    const { sim, ada, bo, invites } = await friends();
    await settled(sim, ada.client.updateRichPresence(party(1)));
    // Online in the game, not friends: allowed.
    const online = await player(sim, 'cy');
    await ada.client.sendActivityInvite(online.user.id);
    await online.client.sendActivityJoinRequest(ada.user.id);
    // Not signed in, not a friend: refused.
    const away = sim.createUser({ username: 'away' });
    const notFriend = await rejectionOf(ada.client.sendActivityInvite(away.id));
    expect([notFriend.type, notFriend.status, notFriend.code]).toEqual(['HTTPError', 403, 50007]);
    expect((await rejectionOf(ada.client.sendActivityJoinRequest(away.id))).code).toBe(50007);
    // A game friend who is not signed in: allowed (friends).
    const gameFriend = sim.createUser({ username: 'dee' });
    sim.setFriends(ada.user, gameFriend, { discord: false, game: true });
    await ada.client.sendActivityInvite(gameFriend.id);
    // Cy signs out: a shared server is not enough until they have messaged each other; the
    // invite above is a message between them, so with a shared server Ada can invite Cy again.
    await online.client.close();
    const stranger = sim.createUser({ username: 'eve' });
    const guild = sim.createGuild({ name: 'Guild', owner: ada.user, members: [stranger, online.user] });
    expect((await rejectionOf(ada.client.sendActivityInvite(stranger.id))).code).toBe(50007);
    await ada.client.sendActivityInvite(online.user.id);
    sim.removeGuildMember(guild, online.user);
    expect((await rejectionOf(ada.client.sendActivityInvite(online.user.id))).code).toBe(50007);
    expect((await rejectionOf(ada.client.sendActivityInvite(ada.user.id))).status).toBe(400);
    expect((await rejectionOf(ada.client.sendActivityInvite('123456789012345678'))).code).toBe(10013);
    // Bo blocks Ada: both online in the game, yet neither can invite the other any more.
    await settled(sim, bo.client.blockUser(ada.user.id));
    expect((await rejectionOf(ada.client.sendActivityInvite(bo.user.id))).code).toBe(50007);
    expect((await rejectionOf(bo.client.sendActivityJoinRequest(ada.user.id))).code).toBe(50007);
    await sim.settle();
    expect(invites(bo).created).toEqual([]);
  });
});

describe('an invite is no longer acceptable once the party is full or the presence changed', () => {
  async function invited() {
    const world = await friends();
    const { sim, ada, bo, invites } = world;
    await settled(sim, ada.client.updateRichPresence(party(1, 2)));
    await settled(sim, ada.client.sendActivityInvite(bo.user.id));
    await until(() => invites(bo).created.length === 1, 'the invite');
    return { ...world, invite: invites(bo).created[0]! };
  }

  it('the party fills up: activityInviteUpdated with isValid false, and accepting is refused (400 50035)', async () => {
    const { sim, ada, bo, invites, invite } = await invited();
    await settled(sim, ada.client.updateRichPresence(party(2, 2)));
    await until(() => invites(bo).updated.length === 1, 'the update');
    expect(invites(bo).updated[0]).toMatchObject({ messageId: invite.messageId, isValid: false });
    const error = await rejectionOf(bo.client.acceptActivityInvite(invite));
    expect([error.type, error.status, error.code]).toEqual(['HTTPError', 400, 50035]);
    // Room again does not revive it: the sender invites anew.
    await settled(sim, ada.client.updateRichPresence(party(1, 2)));
    expect((await rejectionOf(bo.client.acceptActivityInvite(invite))).code).toBe(50035);
    expect(sim.chatClient(bo.user).activityInvites.map((entry) => entry.invite.isValid)).toEqual([false]);
  });

  it('the sender moves to another party, changes its join secret, clears its presence or goes offline', async () => {
    const changes: ((ada: Player) => Promise<unknown>)[] = [
      (ada) => ada.client.updateRichPresence(party(1, 2, 'party-2')),
      (ada) => ada.client.updateRichPresence(party(1, 2, 'party-1', 'another-lobby')),
      async (ada) => ada.client.clearRichPresence(),
      (ada) => ada.client.disconnect(),
    ];
    for (const change of changes) {
      const { sim, ada, bo, invites, invite } = await invited();
      await change(ada);
      await sim.settle();
      await until(() => invites(bo).updated.length === 1, 'the update');
      expect(invites(bo).updated[0]!.isValid).toBe(false);
      expect((await rejectionOf(bo.client.acceptActivityInvite(invite))).code).toBe(50035);
    }
  });

  it('a presence change that keeps the party and secret keeps the invite', async () => {
    const { sim, ada, bo, invites, invite } = await invited();
    await settled(sim, ada.client.updateRichPresence({ ...party(1, 2), details: 'Picking a map' }));
    expect(invites(bo).updated).toEqual([]);
    expect((await bo.client.acceptActivityInvite(invite)).joinSecret).toBe(LOBBY_SECRET);
  });

  it('only its recipient can accept it (404 10008)', async () => {
    const { sim, invite } = await invited();
    const eve = await player(sim, 'eve');
    const error = await rejectionOf(eve.client.acceptActivityInvite(invite));
    expect([error.status, error.code]).toEqual([404, 10008]);
    expect(error.message).not.toContain(LOBBY_SECRET);
  });
});

describe('accepting in the chat client', () => {
  it('the running game gets activityJoin and activityJoinWithApplication with the join secret', async () => {
    const { sim, ada, bo, invites } = await friends();
    await settled(sim, ada.client.updateRichPresence(party(1)));
    await settled(sim, ada.client.sendActivityInvite(bo.user.id));
    await until(() => invites(bo).created.length === 1, 'the invite');
    const joins: ActivityJoin[] = [];
    const withApplication: { applicationId: string; joinSecret: string }[] = [];
    bo.client.on('activityJoin', (join) => joins.push(join));
    bo.client.on('activityJoinWithApplication', (join) => withApplication.push(join));
    sim.chatClient(bo.user).acceptActivityInvite(invites(bo).created[0]!);
    await sim.settle();
    await until(() => joins.length === 1 && withApplication.length === 1, 'the joins');
    expect(joins[0]!.joinSecret).toBe(LOBBY_SECRET);
    expect(withApplication[0]).toMatchObject({ applicationId: bo.client.applicationId, joinSecret: LOBBY_SECRET });
    expect(inspect(joins[0]) + JSON.stringify(withApplication[0])).not.toContain(LOBBY_SECRET);
    // An invalid invite cannot be accepted there either.
    await settled(sim, ada.client.updateRichPresence(party(4, 4)));
    expect(() => sim.chatClient(bo.user).acceptActivityInvite(invites(bo).created[0]!)).toThrow(RangeError);
  });

  /** Ada invites Bo into her party; Bo closes the game and accepts the invite in the chat client. */
  async function acceptWithGameClosed({ sim, ada, bo, invites }: Awaited<ReturnType<typeof friends>>): Promise<void> {
    await settled(sim, ada.client.updateRichPresence(party(1)));
    await settled(sim, ada.client.sendActivityInvite(bo.user.id));
    await until(() => invites(bo).created.length === 1, 'the invite');
    await bo.client.close();
    await sim.settle();
    sim.chatClient(bo.user).acceptActivityInvite(invites(bo).created[0]!.messageId);
  }

  it('when the game is not running, the chat client runs its registered launch command and the join waits for it', async () => {
    const players = await friends();
    const { sim, ada, bo } = players;
    const appId = bo.client.applicationId;
    expect(bo.client.registerLaunchCommand(appId, '"C:\\Games\\Quest\\quest.exe" --from-invite')).toBe(true);
    await sim.settle();
    expect(sim.chatClient(bo.user).launchCommands).toEqual({ registered: { [appId]: '"C:\\Games\\Quest\\quest.exe" --from-invite' }, launched: [] });
    await acceptWithGameClosed(players);
    expect(sim.chatClient(bo.user).launchCommands.launched).toEqual(['"C:\\Games\\Quest\\quest.exe" --from-invite']);
    // The launched game connects and gets the join.
    const launched = sim.createClient({ applicationId: appId });
    const joins: ActivityJoin[] = [];
    launched.on('activityJoin', (join) => joins.push(join));
    await launched.updateToken(sim.issueToken(bo.user, sim.defaultApplication).accessToken);
    await launched.connect();
    await sim.settle();
    await until(() => joins.length === 1, 'the join after launch');
    expect(await launched.createOrJoinLobby(joins[0]!.joinSecret)).toBe(await ada.client.createOrJoinLobby(LOBBY_SECRET));
    await launched.close();
  });

  // discordpp.h, RegisterLaunchSteamApplication: "For steam games, this function allows you to
  // indicate to Discord what the steam game ID is. You should invoke this when the SDK starts up so
  // that if the user in the future tries to join from Discord the game will be able to launch".
  // How the chat client starts the game is not stated: a Steam URL is our choice (docs).
  it('a Steam game registers its Steam app id instead, and the chat client starts it through Steam', async () => {
    const players = await friends();
    const { sim, bo } = players;
    const appId = bo.client.applicationId;
    expect(bo.client.registerLaunchSteamApplication(appId, 480)).toBe(true);
    await sim.settle();
    expect(sim.chatClient(bo.user).launchCommands).toEqual({ registered: { [appId]: 'steam://rungameid/480' }, launched: [] });
    await acceptWithGameClosed(players);
    expect(sim.chatClient(bo.user).launchCommands.launched).toEqual(['steam://rungameid/480']);
    expect(bo.client.registerLaunchSteamApplication(appId, 480)).toBe(false);
  });

  it('without a running game or a launch command, accepting there is refused', async () => {
    const { sim, ada, bo, invites } = await friends();
    await settled(sim, ada.client.updateRichPresence(party(1)));
    await settled(sim, ada.client.sendActivityInvite(bo.user.id));
    await until(() => invites(bo).created.length === 1, 'the invite');
    await bo.client.close();
    await sim.settle();
    expect(() => sim.chatClient(bo.user).acceptActivityInvite(invites(bo).created[0]!)).toThrow(/launch command/);
    expect(sim.chatClient(bo.user).launchCommands.launched).toEqual([]);
  });
});

describe('bad input', () => {
  it('is refused with a clear error and changes nothing', async () => {
    const { sim, ada, bo, invites } = await friends();
    await settled(sim, ada.client.updateRichPresence(party(1)));
    await expect(ada.client.sendActivityInvite('nope')).rejects.toThrow(RangeError);
    await expect(ada.client.sendActivityInvite(bo.user.id, 'x'.repeat(2001))).rejects.toThrow(RangeError);
    await expect(bo.client.acceptActivityInvite(null as never)).rejects.toThrow(TypeError);
    await expect(bo.client.acceptActivityInvite({} as never)).rejects.toThrow(/invite\.senderId/);
    await settled(sim, ada.client.sendActivityInvite(bo.user.id));
    await until(() => invites(bo).created.length === 1, 'the invite');
    const invite = invites(bo).created[0]!;
    await expect(bo.client.acceptActivityInvite({ ...invite, type: 'party' as never })).rejects.toThrow(/invite\.type/);
    await expect(bo.client.acceptActivityInvite({ ...invite, isValid: 'yes' as never })).rejects.toThrow(TypeError);
    expect(() => bo.client.registerLaunchCommand(bo.client.applicationId, '')).toThrow(RangeError);
    expect(() => bo.client.registerLaunchCommand('x', 'game.exe')).toThrow(RangeError);
    for (const bad of [0, -1, 1.5, 2 ** 32, Number.NaN]) {
      expect(() => bo.client.registerLaunchSteamApplication(bo.client.applicationId, bad)).toThrow(RangeError);
    }
    expect(() => bo.client.registerLaunchSteamApplication(bo.client.applicationId, '480' as never)).toThrow(TypeError);
    expect(sim.chatClient(bo.user).launchCommands.registered).toEqual({});
    await expect(sdk.Client.prototype.acceptActivityInvite.call({}, invite)).rejects.toThrow(TypeError);
    // The invite still works.
    expect((await bo.client.acceptActivityInvite(invite)).joinSecret).toBe(LOBBY_SECRET);
  });

  it('a closed or not-ready client', async () => {
    const { sim, bo, ada } = await friends();
    const idle = sim.createClient({ applicationId: bo.client.applicationId });
    expect((await rejectionOf(idle.sendActivityInvite(ada.user.id))).type).toBe('ClientNotReady');
    await idle.close();
    expect(idle.registerLaunchCommand(bo.client.applicationId, 'game')).toBe(false);
  });
});
