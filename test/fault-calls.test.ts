// Fault injection reaches the call it names and no other. The list of injectable calls is the seam
// description's (seam/seam.json, from which both the native CallKind and the TypeScript names are
// generated): a call added there without a probe here fails this test.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

import { player, players } from './lobby-helpers.js';
import { until } from './helpers.js';
import { root, sdk, type ActivityInvite, type Client, type SimulatedCall } from './sdk.js';

const seam = JSON.parse(fs.readFileSync(path.join(root, 'seam', 'seam.json'), 'utf8')) as { calls: { name: SimulatedCall }[] };
const CALLS = seam.calls.map((call) => call.name);
const INJECTED = 'injected by the fault-calls test';
const CODE = 4321;

type Outcome = 'ok' | 'failed';

/** A world where every injectable call can be made once, set up before any fault is planned. */
async function context() {
  const { sim, all } = await players(2);
  const [alice, bob] = [all[0]!, all[1]!];
  const lobbyId = await alice.client.createOrJoinLobby('fault-calls-lobby');
  await bob.client.createOrJoinLobby('fault-calls-lobby');
  const leavingLobbyId = await bob.client.createOrJoinLobby('fault-calls-lobby-to-leave');
  await alice.client.sendLobbyMessage(lobbyId, 'hello');
  const editable = await alice.client.sendUserMessage(bob.user.id, 'to edit');
  const deletable = await alice.client.sendUserMessage(bob.user.id, 'to delete');
  const guild = sim.createGuild({ name: 'fault guild', owner: alice.user, members: [bob.user] });
  const channel = sim.createGuildChannel(guild, { name: 'general' });
  // Alice may link channels to the lobby (CanLinkLobby); she owns the guild.
  sim.bulkUpdateLobbyMembers(lobbyId, [{ user: alice.user, flags: 1 }]);
  await alice.client.updateRichPresence({ state: 'playing' });
  const carol = sim.createUser({ username: 'carol' });
  // Carol signs in for the message: a direct message needs both users online in the game (or
  // friends, or a shared server and a conversation before: discordpp.h, SendUserMessage).
  const carolClient = await sim.connectClient(carol);
  await alice.client.sendUserMessage(carol.id, 'hello carol');
  await carolClient.close();
  // Nothing cached for this client, and no probe writes to carol: its read goes to the service.
  const uncached: Client = await sim.connectClient(alice.user);
  // Relationships: one user per probe, and the requests the probes answer, made before any fault.
  const dan = await player(sim, 'dan');
  const fresh = (username: string) => sim.createUser({ username });
  const friendsUsers = { byNameD: fresh('fr-name-d'), byNameG: fresh('fr-name-g'), byIdD: fresh('fr-id-d'), byIdG: fresh('fr-id-g'),
    gameFriend: fresh('fr-game'), friend: fresh('fr-both'), toBlock: fresh('fr-block'), blocked: fresh('fr-blocked') };
  await bob.client.sendDiscordFriendRequestById(alice.user.id);
  await bob.client.sendGameFriendRequestById(alice.user.id);
  await dan.client.sendDiscordFriendRequestById(alice.user.id);
  await dan.client.sendGameFriendRequestById(alice.user.id);
  await alice.client.sendDiscordFriendRequestById(carol.id);
  await alice.client.sendGameFriendRequestById(carol.id);
  sim.setFriends(alice.user, friendsUsers.gameFriend, { discord: false, game: true });
  sim.setFriends(alice.user, friendsUsers.friend, { discord: true, game: true });
  await alice.client.blockUser(friendsUsers.blocked.id);
  // Activity invites: eve shows a party with a join secret (never changed by a probe) and is
  // alice's friend; alice holds an invite from eve, eve a join request from alice.
  const eve = await player(sim, 'eve');
  sim.setFriends(alice.user, eve.user, { discord: true, game: true });
  await eve.client.updateRichPresence({ state: 'in a party', party: { id: 'fault-party', currentSize: 1, maxSize: 4 }, secrets: { join: 'fault-calls-lobby' } });
  const aliceInvites: ActivityInvite[] = [];
  const eveInvites: ActivityInvite[] = [];
  alice.client.on('activityInviteCreated', (invite) => aliceInvites.push(invite));
  eve.client.on('activityInviteCreated', (invite) => eveInvites.push(invite));
  await eve.client.sendActivityInvite(alice.user.id, 'join us');
  await alice.client.sendActivityJoinRequest(eve.user.id);
  await sim.settle();
  await until(() => aliceInvites.length === 1 && eveInvites.length === 1, 'the invites of the fault-calls context');
  const invites = { toAccept: aliceInvites[0]!, joinRequest: eveInvites[0]! };
  // A lobby of alice's with a linked channel of its own (the link probes use the other lobby).
  const linkedLobbyId = await alice.client.createOrJoinLobby('fault-calls-linked');
  sim.bulkUpdateLobbyMembers(linkedLobbyId, [{ user: alice.user, flags: 1 }]);
  await alice.client.linkChannelToLobby(linkedLobbyId, sim.createGuildChannel(guild, { name: 'linked' }));
  await sim.settle();
  return { sim, alice, bob, lobbyId, leavingLobbyId, editable, deletable, guild, channel, carol, uncached, dan, friendsUsers, eve, invites, linkedLobbyId };
}
type Context = Awaited<ReturnType<typeof context>>;

async function outcome(call: Promise<unknown>): Promise<Outcome> {
  try {
    await call;
    return 'ok';
  } catch (error) {
    // Connecting and joining a call report the fault's code as their error detail.
    if (error instanceof Error && (error.message.includes(INJECTED) || error.message.includes(`detail ${CODE}`))) return 'failed';
    throw error;
  }
}

/** An invalid_grant refusal is the service's answer (the call reached it), not the fault. */
function refusedIsOk(error: unknown): void {
  if (error instanceof Error && (error as { oauthError?: string }).oauthError === 'invalid_grant') return;
  throw error;
}

/** One call of each kind, and how to see whether the planned fault reached it. */
const PROBES: Record<SimulatedCall, (ctx: Context) => Promise<Outcome>> = {
  connect: async ({ sim, carol }) => {
    const client = sim.createClient({ applicationId: sim.defaultApplication.id });
    try {
      await client.updateToken(sim.issueToken(carol, sim.defaultApplication).accessToken);
      return await outcome(client.connect());
    } finally {
      await client.close();
    }
  },
  createOrJoinLobby: ({ alice }) => outcome(alice.client.createOrJoinLobby('fault-calls-another-lobby')),
  leaveLobby: ({ bob, leavingLobbyId }) => outcome(bob.client.leaveLobby(leavingLobbyId)),
  sendLobbyMessage: ({ alice, lobbyId }) => outcome(alice.client.sendLobbyMessage(lobbyId, 'again')),
  getLobbyMessages: ({ alice, lobbyId }) => outcome(alice.client.getLobbyMessages(lobbyId)),
  startCall: async ({ alice, lobbyId }) => {
    const result = await outcome(alice.client.startCall(lobbyId));
    if (result === 'ok') await alice.client.endCall(lobbyId);
    return result;
  },
  getVoiceSettings: ({ alice }) => outcome(alice.client.getVoiceSettings()),
  getUserGuilds: ({ alice }) => outcome(alice.client.getUserGuilds()),
  getGuildChannels: ({ alice, guild }) => outcome(alice.client.getGuildChannels(guild.id)),
  sendUserMessage: ({ alice, bob }) => outcome(alice.client.sendUserMessage(bob.user.id, 'another')),
  editUserMessage: ({ alice, bob, editable }) => outcome(alice.client.editUserMessage(bob.user.id, editable, 'edited')),
  deleteUserMessage: ({ alice, bob, deletable }) => outcome(alice.client.deleteUserMessage(bob.user.id, deletable)),
  getUserMessages: ({ uncached, carol }) => outcome(uncached.getUserMessages(carol.id, { limit: 1 })),
  getUserMessageSummaries: ({ alice }) => outcome(alice.client.getUserMessageSummaries()),
  updateRichPresence: ({ alice }) => outcome(alice.client.updateRichPresence({ state: 'still playing' })),
  setOnlineStatus: ({ alice }) => outcome(alice.client.setOnlineStatus('idle')),
  linkChannelToLobby: ({ alice, lobbyId, channel }) => outcome(alice.client.linkChannelToLobby(lobbyId, channel)),
  unlinkChannelFromLobby: ({ alice, lobbyId }) => outcome(alice.client.unlinkChannelFromLobby(lobbyId)),
  // Reports nothing: a failed clear leaves the activity published (and logs a warning).
  sendDiscordFriendRequest: ({ alice }) => outcome(alice.client.sendDiscordFriendRequest('fr-name-d')),
  sendGameFriendRequest: ({ alice }) => outcome(alice.client.sendGameFriendRequest('fr-name-g')),
  sendDiscordFriendRequestById: ({ alice, friendsUsers }) => outcome(alice.client.sendDiscordFriendRequestById(friendsUsers.byIdD.id)),
  sendGameFriendRequestById: ({ alice, friendsUsers }) => outcome(alice.client.sendGameFriendRequestById(friendsUsers.byIdG.id)),
  acceptDiscordFriendRequest: ({ alice, bob }) => outcome(alice.client.acceptDiscordFriendRequest(bob.user.id)),
  acceptGameFriendRequest: ({ alice, bob }) => outcome(alice.client.acceptGameFriendRequest(bob.user.id)),
  rejectDiscordFriendRequest: ({ alice, dan }) => outcome(alice.client.rejectDiscordFriendRequest(dan.user.id)),
  rejectGameFriendRequest: ({ alice, dan }) => outcome(alice.client.rejectGameFriendRequest(dan.user.id)),
  cancelDiscordFriendRequest: ({ alice, carol }) => outcome(alice.client.cancelDiscordFriendRequest(carol.id)),
  cancelGameFriendRequest: ({ alice, carol }) => outcome(alice.client.cancelGameFriendRequest(carol.id)),
  removeGameFriend: ({ alice, friendsUsers }) => outcome(alice.client.removeGameFriend(friendsUsers.gameFriend.id)),
  removeDiscordAndGameFriend: ({ alice, friendsUsers }) => outcome(alice.client.removeDiscordAndGameFriend(friendsUsers.friend.id)),
  blockUser: ({ alice, friendsUsers }) => outcome(alice.client.blockUser(friendsUsers.toBlock.id)),
  unblockUser: ({ alice, friendsUsers }) => outcome(alice.client.unblockUser(friendsUsers.blocked.id)),
  clearRichPresence: async ({ sim, alice, bob }) => {
    alice.client.clearRichPresence();
    await sim.settle();
    return bob.client.getUser(alice.user.id)!.gameActivity === null ? 'ok' : 'failed';
  },
  // The consent prompt shows only when the request reached the chat client: approve it then.
  authorize: async ({ sim, alice }) => {
    const pkce = alice.client.createAuthorizationCodeVerifier();
    const pending = outcome(alice.client.authorize({ scopes: 'openid sdk.social_layer', codeChallenge: pkce.challenge }));
    await sim.settle();
    const chat = sim.chatClient(alice.user);
    if (chat.consentPrompts.length > 0) chat.approveConsent();
    return pending;
  },
  // Refused codes and tokens are an outcome too: the probe tells a fault from the service's answer.
  getToken: ({ alice }) =>
    outcome(alice.client.getToken({ applicationId: alice.client.applicationId, code: 'no-such-code', codeVerifier: 'v'.repeat(43), redirectUri: 'http://127.0.0.1/callback' }).catch(refusedIsOk)),
  refreshToken: ({ alice }) =>
    outcome(alice.client.refreshToken({ applicationId: alice.client.applicationId, refreshToken: 'no-such-token' }).catch(refusedIsOk)),
  revokeToken: ({ alice }) => outcome(alice.client.revokeToken({ applicationId: alice.client.applicationId, token: 'no-such-token' })),
  sendActivityInvite: ({ alice, eve }) => outcome(eve.client.sendActivityInvite(alice.user.id, 'another invite')),
  sendActivityJoinRequest: ({ alice, eve }) => outcome(alice.client.sendActivityJoinRequest(eve.user.id)),
  sendActivityJoinRequestReply: ({ eve, invites }) => outcome(eve.client.sendActivityJoinRequestReply(invites.joinRequest)),
  acceptActivityInvite: ({ alice, invites }) => outcome(alice.client.acceptActivityInvite(invites.toAccept)),
  joinLinkedLobbyGuild: ({ alice, linkedLobbyId }) => outcome(alice.client.joinLinkedLobbyGuild(linkedLobbyId)),
  getProvisionalToken: ({ sim, alice }) =>
    outcome(alice.client.getProvisionalToken({
      applicationId: alice.client.applicationId,
      externalAuthType: 'OIDC',
      externalAuthToken: sim.identityProvider(alice.client.applicationId).issueToken({ subject: 'probe' }),
    })),
  // Alice has a full account: the service refuses her (400), which tells a fault from its answer.
  updateProvisionalAccountDisplayName: ({ alice }) =>
    outcome(alice.client.updateProvisionalAccountDisplayName('Captain').catch((error: unknown) => {
      if ((error as { status?: number }).status !== 400) throw error;
    })),
  // A refused code is an answer of the service (the merge reached it).
  getTokenFromProvisionalMerge: ({ sim, alice }) =>
    outcome(alice.client.getTokenFromProvisionalMerge({
      applicationId: alice.client.applicationId, code: 'no-such-code', codeVerifier: 'v'.repeat(43), redirectUri: 'http://127.0.0.1/callback',
      externalAuthType: 'OIDC', externalAuthToken: sim.identityProvider(alice.client.applicationId).issueToken({ subject: 'merge-probe' }),
    }).catch(refusedIsOk)),
  // An identity without an account is refused (404): an answer of the service.
  unmergeIntoProvisionalAccount: ({ sim, alice }) =>
    outcome(alice.client.unmergeIntoProvisionalAccount({
      applicationId: alice.client.applicationId, externalAuthType: 'OIDC',
      externalAuthToken: sim.identityProvider(alice.client.applicationId).issueToken({ subject: 'unmerge-probe' }),
    }).catch((error: unknown) => {
      if ((error as { status?: number }).status !== 404) throw error;
    })),
  fetchCurrentUser: ({ sim, alice }) =>
    outcome(alice.client.fetchCurrentUser(sim.issueToken(alice.user, alice.client.applicationId).accessToken)),
  // The default application is no approved publisher: the service refuses (403), an answer of it.
  exchangeChildToken: ({ sim, alice }) =>
    outcome(alice.client.exchangeChildToken({
      parentToken: sim.issueToken(alice.user, alice.client.applicationId).accessToken,
      childApplicationId: alice.client.applicationId,
    }).catch((error: unknown) => {
      if ((error as { status?: number }).status !== 403) throw error;
    })),
  // POST /oauth2/device/authorize for an unknown application: the service refuses it (400), an
  // answer that tells a fault from it without a player to approve.
  getTokenFromDevice: ({ alice }) =>
    outcome(alice.client.getTokenFromDevice({ clientId: '1', scopes: 'openid sdk.social_layer' }).catch(refused400)),
  getTokenFromDeviceProvisionalMerge: ({ sim, alice }) =>
    outcome(alice.client.getTokenFromDeviceProvisionalMerge({
      clientId: '1', scopes: 'openid sdk.social_layer', externalAuthType: 'OIDC',
      externalAuthToken: sim.identityProvider(alice.client.applicationId).issueToken({ subject: 'device-probe' }),
    }).catch(refused400)),
  // A direct message alice's client holds, between two full accounts: viewable in Discord.
  openMessageInDiscord: ({ alice, editable }) => outcome(alice.client.openMessageInDiscord(editable)),
  openConnectedGamesSettingsInDiscord: ({ alice }) => outcome(alice.client.openConnectedGamesSettingsInDiscord()),
  getDiscordClientConnectedUser: ({ alice }) => outcome(alice.client.getDiscordClientConnectedUser(alice.client.applicationId)),
};

function refused400(error: unknown): void {
  if ((error as { status?: number }).status !== 400) throw error;
}

describe('fault injection (Simulator.failNext)', () => {
  it('has a probe for every injectable call of the seam description, and names no other', () => {
    expect(Object.keys(PROBES).sort()).toEqual([...CALLS].sort());
  });

  for (const target of CALLS) {
    it(`a fault planned for ${target} reaches ${target} and no other call`, async () => {
      const ctx = await context();
      ctx.sim.failNext(target, { count: 100, error: { type: 'HTTPError', status: 503, code: CODE, message: INJECTED } });
      const seen: Partial<Record<SimulatedCall, Outcome>> = {};
      // Every call once, the target's own probe last, so a fault taken by another call shows.
      for (const call of [...CALLS.filter((c) => c !== target), target]) seen[call] = await PROBES[call](ctx);
      const expected = Object.fromEntries(CALLS.map((call) => [call, call === target ? 'failed' : 'ok']));
      expect(seen).toEqual(expected);
      ctx.sim.clearFailures();
      await ctx.uncached.close();
    });
  }
});
