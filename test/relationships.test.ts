// Relationships (issue 14): Discord and game friends kept apart, requests by username and by id,
// accept / reject / cancel / remove, block and unblock, provisional accounts (game friends only),
// the friends list's groups and their ordering, the events, and friends seeing each other's presence.
import { describe, expect, it } from 'vitest';

import { sdk } from './sdk.js';
import { player, rejectionOf, type Player } from './lobby-helpers.js';

type Simulator = InstanceType<typeof sdk.Simulator>;

/** Two ready players of a fresh world (no lobby in common); each records its relationship events. */
async function pair(options: { provisional?: boolean } = {}) {
  const sim = new sdk.Simulator();
  const ada = await player(sim, 'ada');
  const bo = await player(sim, 'bo', options);
  const events = new Map<Player, string[]>();
  for (const p of [ada, bo]) {
    const seen: string[] = [];
    events.set(p, seen);
    p.client.on('relationshipCreated', (e) => seen.push(`created ${e.userId} ${e.isDiscordRelationshipUpdate ? 'discord' : 'game'}`));
    p.client.on('relationshipDeleted', (e) => seen.push(`deleted ${e.userId} ${e.isDiscordRelationshipUpdate ? 'discord' : 'game'}`));
  }
  return { sim, ada, bo, events: (p: Player) => events.get(p)! };
}

const types = (p: Player, other: Player) => {
  const r = p.client.getRelationship(other.user.id);
  return [r.discordType, r.gameType];
};

describe('friend requests', () => {
  it('a Discord request by username is pending both ways, and accepting makes both Discord friends (game type untouched)', async () => {
    const { sim, ada, bo, events } = await pair();
    await ada.client.sendDiscordFriendRequest('BO');
    await sim.settle();
    expect(types(ada, bo)).toEqual(['pendingOutgoing', 'none']);
    expect(types(bo, ada)).toEqual(['pendingIncoming', 'none']);
    expect(events(bo)).toEqual([`created ${ada.user.id} discord`]);
    await bo.client.acceptDiscordFriendRequest(ada.user.id);
    await sim.settle();
    expect(types(ada, bo)).toEqual(['friend', 'none']);
    expect(types(bo, ada)).toEqual(['friend', 'none']);
    expect(events(ada)).toEqual([`created ${bo.user.id} discord`, `created ${bo.user.id} discord`]);
    expect(ada.client.getRelationships().map((r) => r.id)).toEqual([bo.user.id]);
    expect(ada.client.getRelationship(bo.user.id).user?.username).toBe('bo');
  });

  it('game friends are distinct from Discord friends: both types on one user', async () => {
    const { sim, ada, bo } = await pair();
    await ada.client.sendGameFriendRequestById(bo.user.id);
    await bo.client.acceptGameFriendRequest(ada.user.id);
    await sim.settle();
    expect(types(ada, bo)).toEqual(['none', 'friend']);
    await bo.client.sendDiscordFriendRequestById(ada.user.id);
    await ada.client.acceptDiscordFriendRequest(bo.user.id);
    await sim.settle();
    expect(types(ada, bo)).toEqual(['friend', 'friend']);
    await ada.client.removeGameFriend(bo.user.id);
    await sim.settle();
    expect(types(bo, ada)).toEqual(['friend', 'none']);
    await ada.client.removeDiscordAndGameFriend(bo.user.id);
    await sim.settle();
    expect(types(bo, ada)).toEqual(['none', 'none']);
    expect(bo.client.getRelationships()).toEqual([]);
  });

  it('a request to someone whose request is pending accepts it', async () => {
    const { sim, ada, bo } = await pair();
    await ada.client.sendGameFriendRequest('bo');
    await bo.client.sendGameFriendRequest('ada');
    await sim.settle();
    expect(types(ada, bo)).toEqual(['none', 'friend']);
  });

  it('reject and cancel remove the request on both sides, with relationshipDeleted', async () => {
    const { sim, ada, bo, events } = await pair();
    await ada.client.sendDiscordFriendRequestById(bo.user.id);
    await bo.client.rejectDiscordFriendRequest(ada.user.id);
    await sim.settle();
    expect(types(ada, bo)).toEqual(['none', 'none']);
    expect(events(ada)).toContain(`deleted ${bo.user.id} discord`);
    await ada.client.sendGameFriendRequestById(bo.user.id);
    await ada.client.cancelGameFriendRequest(bo.user.id);
    await sim.settle();
    expect(types(bo, ada)).toEqual(['none', 'none']);
    expect(events(bo).at(-1)).toBe(`deleted ${ada.user.id} game`);
  });

  it('refuses with the service codes: unknown username, oneself, already friends, nothing pending', async () => {
    const { sim, ada, bo } = await pair();
    expect(await rejectionOf(ada.client.sendDiscordFriendRequest('nobody'))).toMatchObject({ type: 'HTTPError', code: 80004 });
    expect(await rejectionOf(ada.client.sendGameFriendRequestById(ada.user.id))).toMatchObject({ type: 'HTTPError', code: 80003 });
    sim.setFriends(ada.user, bo.user);
    expect(await rejectionOf(ada.client.sendDiscordFriendRequest('bo'))).toMatchObject({ type: 'HTTPError', code: 80007 });
    expect(await rejectionOf(ada.client.acceptGameFriendRequest(bo.user.id))).toMatchObject({ type: 'HTTPError', status: 404 });
    expect(await rejectionOf(ada.client.unblockUser(bo.user.id))).toMatchObject({ type: 'HTTPError', status: 404 });
  });

  it('checks input in TypeScript before anything is sent', async () => {
    const { ada } = await pair();
    await expect(ada.client.sendDiscordFriendRequest('')).rejects.toThrow(new RangeError('username must not be empty'));
    await expect(ada.client.blockUser('x')).rejects.toBeInstanceOf(RangeError);
    expect(() => ada.client.getRelationshipsByGroup('friends' as never)).toThrow(RangeError);
  });
});

describe('provisional accounts', () => {
  it('can have game friends but not Discord friends (a clear error)', async () => {
    const { sim, ada, bo } = await pair({ provisional: true });
    const refused = await rejectionOf(ada.client.sendDiscordFriendRequestById(bo.user.id));
    expect(refused).toMatchObject({ type: 'HTTPError', code: 80000 });
    expect(refused.message).toContain('provisional accounts cannot have Discord friends');
    expect(await rejectionOf(bo.client.sendDiscordFriendRequest('ada'))).toMatchObject({ code: 80000 });
    expect(() => sim.setFriends(ada.user, bo.user)).toThrow(RangeError);
    await bo.client.sendGameFriendRequest('ada');
    await ada.client.acceptGameFriendRequest(bo.user.id);
    await sim.settle();
    expect(types(ada, bo)).toEqual(['none', 'friend']);
  });
});

describe('blocking', () => {
  it('removes the friendship; the blocker sees blocked, the blocked user nothing; no new request across it', async () => {
    const { sim, ada, bo, events } = await pair();
    sim.setFriends(ada.user, bo.user, { discord: true, game: true });
    await sim.settle();
    await ada.client.blockUser(bo.user.id);
    await sim.settle();
    expect(types(ada, bo)).toEqual(['blocked', 'none']);
    expect(types(bo, ada)).toEqual(['none', 'none']);
    expect(events(bo)).toEqual(expect.arrayContaining([`deleted ${ada.user.id} discord`, `deleted ${ada.user.id} game`]));
    expect(await rejectionOf(bo.client.sendGameFriendRequest('ada'))).toMatchObject({ code: 80001 });
    await ada.client.unblockUser(bo.user.id);
    await sim.settle();
    expect(types(ada, bo)).toEqual(['none', 'none']);
  });

  it('hides presence both ways, even between members of one lobby', async () => {
    const { sim, ada, bo } = await pair();
    await ada.client.createOrJoinLobby('both');
    await bo.client.createOrJoinLobby('both');
    await ada.client.updateRichPresence({ state: 'Harbor' });
    await bo.client.updateRichPresence({ state: 'Dock' });
    await sim.settle();
    expect(bo.client.getUser(ada.user.id)?.status).toBe('online');
    await bo.client.blockUser(ada.user.id);
    await sim.settle();
    expect(bo.client.getUser(ada.user.id)).toMatchObject({ status: 'offline', gameActivity: null });
    expect(ada.client.getUser(bo.user.id)).toMatchObject({ status: 'offline', gameActivity: null });
  });
});

describe('the friends list', () => {
  async function world() {
    const sim = new sdk.Simulator();
    const me = await player(sim, 'me');
    const other = sim.createApplication({ name: 'Other Game' });
    // zed and amy play this game; kim is online in another game; lou is offline; gil is a game friend elsewhere.
    const users = Object.fromEntries(['zed', 'amy', 'kim', 'lou', 'gil'].map((name) => [name, sim.createUser({ username: name })]));
    for (const name of ['zed', 'amy', 'kim', 'lou']) sim.setFriends(me.user, users[name]!);
    sim.setFriends(me.user, users.gil!, { discord: false, game: true });
    const zed = await sim.connectClient(users.zed!);
    const amy = await sim.connectClient(users.amy!);
    const kim = await sim.connectClient(users.kim!, { application: other });
    const gil = await sim.connectClient(users.gil!, { application: other });
    await zed.updateRichPresence({ state: 'playing' });
    await amy.updateRichPresence({ state: 'playing' });
    await kim.updateRichPresence({ state: 'elsewhere' });
    await gil.updateRichPresence({ state: 'elsewhere' });
    await sim.settle();
    return { sim, me, users, clients: { zed, amy, kim, gil } };
  }
  const names = (list: { user: { username: string } | null }[]) => list.map((r) => r.user?.username);

  it('groups friends by presence, each group ordered by name; game-only friends show only in game', async () => {
    const { me, clients } = await world();
    try {
      expect(names(me.client.getRelationshipsByGroup('onlinePlayingGame'))).toEqual(['amy', 'zed']);
      expect(names(me.client.getRelationshipsByGroup('onlineElsewhere'))).toEqual(['kim']);
      expect(names(me.client.getRelationshipsByGroup('offline'))).toEqual(['gil', 'lou']);
      expect(me.client.getRelationshipsByGroup('onlinePlayingGame')[0]!.user).toMatchObject({ status: 'online', gameActivity: { state: 'playing' } });
    } finally {
      await Promise.all(Object.values(clients).map((c) => c.close()));
    }
  });

  it('relationshipGroupsUpdated when a friend comes online, starts this game, goes offline; with userUpdated each time', async () => {
    const { sim, me, users, clients } = await world();
    const moved: string[] = [];
    const updated: string[] = [];
    me.client.on('relationshipGroupsUpdated', ({ userId }) => moved.push(userId));
    me.client.on('userUpdated', ({ userId }) => updated.push(userId));
    try {
      const lou = await sim.connectClient(users.lou!);
      await sim.settle();
      expect(moved).toEqual([users.lou!.id]); // offline -> online elsewhere (no activity)
      expect(updated).toEqual([users.lou!.id]); // and its status changed: online
      expect(me.client.getUser(users.lou!.id)?.status).toBe('online');
      await lou.updateRichPresence({ state: 'joined' });
      await sim.settle();
      expect(moved).toEqual([users.lou!.id, users.lou!.id]);
      expect(updated).toContain(users.lou!.id);
      expect(names(me.client.getRelationshipsByGroup('onlinePlayingGame'))).toEqual(['amy', 'lou', 'zed']);
      await clients.zed.close();
      await sim.settle();
      expect(moved.at(-1)).toBe(users.zed!.id);
      expect(updated.at(-1)).toBe(users.zed!.id);
      expect(me.client.getUser(users.zed!.id)).toMatchObject({ status: 'offline', gameActivity: null });
      expect(names(me.client.getRelationshipsByGroup('offline'))).toEqual(['gil', 'zed']);
      await lou.close();
    } finally {
      await Promise.all(Object.values(clients).map((c) => c.close()));
    }
  });

  // discordpp.h 1.9.16441, GetRelationshipsByGroup: "OnlineElsewhere: Users who are online but not
  // playing the game (users who have played the game before are sorted to the top)". Having
  // played is having signed in to it once; the order within each part (display name, then id)
  // is our choice.
  it('onlineElsewhere lists the friends who have played this game before first', async () => {
    const { sim, me, users, clients } = await world();
    const other = sim.createApplication({ name: 'Third Game' });
    // Lou plays this game once, then goes to another one: online elsewhere, having played.
    const lou = await sim.connectClient(users.lou!);
    await lou.close();
    const louElsewhere = await sim.connectClient(users.lou!, { application: other });
    // Abe (first by name) has never played it.
    const abe = sim.createUser({ username: 'abe' });
    sim.setFriends(me.user, abe);
    const abeElsewhere = await sim.connectClient(abe, { application: other });
    await sim.settle();
    try {
      expect(names(me.client.getRelationshipsByGroup('onlineElsewhere'))).toEqual(['lou', 'abe', 'kim']);
      // Kim plays it once too: now both who have played come first, by name.
      const kimHere = await sim.connectClient(users.kim!);
      await sim.settle();
      await kimHere.close();
      await sim.settle();
      expect(names(me.client.getRelationshipsByGroup('onlineElsewhere'))).toEqual(['kim', 'lou', 'abe']);
    } finally {
      await Promise.all([louElsewhere, abeElsewhere, ...Object.values(clients)].map((c) => c.close()));
    }
  });

  // discordpp.h 1.9.16441, SearchFriendsByUsername: "Searches all of your friends by both username
  // and display name [...] Under the hood uses the Levenshtein distance algorithm." The threshold
  // (one edit per four characters of the text, distance to the closest part of the name) and the
  // order (closest first, then by name) are our choices.
  it('searchFriendsByUsername matches friends by Levenshtein distance on username or display name, the closest first', async () => {
    const { sim, me, users, clients } = await world();
    sim.createUser({ username: 'amelia' }); // not a friend
    const kimberly = sim.createUser({ username: 'kimberly', globalName: 'Captain Kimberly' });
    sim.setFriends(me.user, kimberly);
    try {
      const search = (text: string) => me.client.searchFriendsByUsername(text).map((u) => u.username);
      expect(search('AM')).toEqual(['amy']); // part of a name: distance 0, any case
      expect(search('nobody')).toEqual([]);
      expect(search('amyy')).toEqual(['amy']); // one edit for four characters
      expect(search('amxx')).toEqual([]); // two edits: too far
      expect(search('kimberyl')).toEqual(['kimberly']); // two edits for eight characters
      expect(search('captian')).toEqual([]); // two edits for seven characters: too far
      expect(search('captain kim')).toEqual(['kimberly']); // the display name
      // "kim" is in both names (distance 0): by display name, 'Captain Kimberly' before 'kim'.
      expect(search('kim')).toEqual(['kimberly', 'kim']);
      // "kimb" is in kimberly (0); kim is one edit away (1 allowed for four characters): closest first.
      expect(search('kimb')).toEqual(['kimberly', 'kim']);
      expect(search('')).toHaveLength(Object.keys(users).length + 1); // every friend
    } finally {
      await Promise.all(Object.values(clients).map((c) => c.close()));
    }
  });
});

describe('presence for friends', () => {
  it('friends (no lobby in common) see status and rich presence, with userUpdated; invisible looks offline; strangers see nothing', async () => {
    const { sim, ada, bo } = await pair();
    const stranger = await player(sim, 'cy');
    sim.setFriends(ada.user, bo.user, { discord: false, game: true });
    await sim.settle();
    const updated: string[] = [];
    bo.client.on('userUpdated', ({ userId }) => updated.push(userId));
    await ada.client.updateRichPresence({ state: 'Harbor' });
    await ada.client.setOnlineStatus('dnd');
    await sim.settle();
    expect(updated).toEqual([ada.user.id, ada.user.id]);
    expect(bo.client.getUser(ada.user.id)).toMatchObject({ status: 'dnd', gameActivity: { state: 'Harbor' } });
    expect(stranger.client.getUser(ada.user.id)).toBeNull();
    await ada.client.setOnlineStatus('invisible');
    await sim.settle();
    expect(bo.client.getUser(ada.user.id)?.status).toBe('offline');
    await ada.client.removeGameFriend(bo.user.id);
    await sim.settle();
    expect(bo.client.getUser(ada.user.id)).toBeNull();
  });
});

describe('custom status privacy (spec: Presence Update)', () => {
  it('Friends Only: a custom status shows to friends, not to lobby co-members; other activities show to both', async () => {
    const sim = new sdk.Simulator();
    const ada = await player(sim, 'ada');
    const friend = await player(sim, 'friend');
    const mate = await player(sim, 'mate');
    sim.setFriends(ada.user, friend.user);
    for (const p of [ada, mate]) await p.client.createOrJoinLobby('shared-room');
    await ada.client.updateRichPresence({ type: 'CustomStatus', state: 'brb, dinner' });
    await sim.settle();
    const seenBy = (p: Player) => p.client.getUser(ada.user.id)?.gameActivity?.state ?? null;
    expect([seenBy(friend), seenBy(mate)]).toEqual(['brb, dinner', 'brb, dinner']);

    const updates: string[] = [];
    mate.client.on('userUpdated', ({ userId }) => updates.push(userId));
    sim.chatClient(ada.user).setProfilePrivacy('friendsOnly');
    await sim.settle();
    expect([seenBy(friend), seenBy(mate), seenBy(ada)]).toEqual(['brb, dinner', null, 'brb, dinner']);
    expect(updates).toContain(ada.user.id);
    // The rule is about the custom status only.
    await ada.client.updateRichPresence({ type: 'Playing', state: 'In the harbor' });
    await sim.settle();
    expect([seenBy(friend), seenBy(mate)]).toEqual(['In the harbor', 'In the harbor']);
    await ada.client.updateRichPresence({ type: 'CustomStatus', state: 'brb, dinner' });
    await sim.settle();
    expect(seenBy(mate)).toBeNull();
    // Friends & Small Servers Only hides it in guilds of more than 200 members only: not in a lobby.
    sim.chatClient(ada.user).setProfilePrivacy('friendsAndSmallServers');
    await sim.settle();
    expect(seenBy(mate)).toBe('brb, dinner');
    expect(() => sim.chatClient(ada.user).setProfilePrivacy('nobody' as never)).toThrow(RangeError);
    expect(seenBy(mate)).toBe('brb, dinner');
  });
});
