#!/usr/bin/env node
// npm run demo: Ada signs in (PKCE, the consent prompt in her chat client, the token exchange, kept
// signed in); two simulated players meet in a lobby on the built-in simulator and chat; the game
// backend names a character and flags a message, and both players see it happen; Ada shares her rich
// presence and Bo sees it with the developer portal's invite cover image; then the game reads a
// player's chat-client voice settings and hears her change one, and the two share a short voice
// call; last, Bo sees his friend Ada playing, accepts her invite and lands in her lobby. Runs
// offline; no vendor SDK needed.
'use strict';
const { Client, MemoryTokenStore, Simulator } = require('../dist/index.js');

const started = process.hrtime.bigint();
const stamp = () => `${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(1).padStart(6)} ms`;
const say = (who, text) => console.log(`${stamp()}  ${who.padEnd(7)} ${text}`);

/** Prints every lobby and message event a player's client receives. */
function narrate(name, client, names) {
  const who = (id) => names.get(id) ?? id;
  client.on('statusChanged', ({ status, error }) => say(name, `status -> ${status}${error === 'none' ? '' : ` (${error})`}`));
  client.on('lobbyCreated', ({ lobbyId }) => say(name, `lobby ${lobbyId} is available`));
  client.on('lobbyMemberAdded', ({ memberId }) => say(name, `${who(memberId)} joined`));
  // Handles are live, as in the SDK: read the member when needed, not as of the event.
  client.on('lobbyMemberUpdated', ({ memberId }) => say(name, `${who(memberId)}'s membership changed (metadata or connection)`));
  client.on('messageCreated', (m) => {
    const author = m.additionalName ? `${who(m.authorId)} as "${m.additionalName}"` : who(m.authorId);
    say(name, `<${author}> ${m.content}`);
  });
  client.on('messageUpdated', (m) => say(name, `message ${m.id} moderation: ${JSON.stringify(m.moderationMetadata)}`));
}

async function main() {
  const sim = new Simulator();
  // inviteCoverImage: the image uploaded in the developer portal, the fallback for game invites.
  const game = sim.createApplication({ name: 'Harbor Raid', inviteCoverImage: 'https://cdn.example.com/harbor-raid-cover.png' });
  const ada = sim.createUser({ username: 'ada_l', globalName: 'Ada' });
  const bo = sim.createUser({ username: 'bo', provisional: true });
  const names = new Map([[ada.id, 'Ada'], [bo.id, 'Bo']]);
  console.log(`simulator: SDK ${sim.sdkVersion}, game "${game.name}"; players Ada and Bo (a provisional account)\n`);

  // Ada's launcher signs her in for real: a PKCE pair, the consent prompt her chat client shows
  // (the harness clicks "Authorize" for her), the token exchange, then keepSignedIn (refreshes
  // before expiry; a launcher would use an EncryptedFileTokenStore so the next start asks nothing).
  const adaClient = sim.createClient({ applicationId: game.id });
  const pkce = adaClient.createAuthorizationCodeVerifier();
  const authorizing = adaClient.authorize({ scopes: Client.getDefaultCommunicationScopes(), codeChallenge: pkce.challenge });
  await sim.settle();
  sim.chatClient(ada).approveConsent();
  const tokens = await adaClient.getToken({ applicationId: game.id, codeVerifier: pkce.verifier, ...(await authorizing) });
  await adaClient.keepSignedIn({ store: new MemoryTokenStore(), applicationId: game.id, tokens });
  await adaClient.connect();
  say('[Ada]', `signed in as ${adaClient.currentUser.username} (scopes: ${tokens.scopes})`);
  // Bo plays on a provisional account, whose token the game backend gets him: the harness issues
  // it here, and connectClient makes a ready client in one call (token, client, connect).
  const boClient = await sim.connectClient(bo, { application: game });
  narrate('[Ada]', adaClient, names);
  narrate('[Bo]', boClient, names);

  // Ada opens a lobby with metadata; Bo joins with the same secret (an invite would carry it).
  const lobbyId = await adaClient.createOrJoinLobby('harbor-raid-7', {
    lobbyMetadata: { mode: 'duo', map: 'harbor' },
    memberMetadata: { muted: '[]' },
  });
  await boClient.createOrJoinLobby('harbor-raid-7', { memberMetadata: { muted: '[]' } });
  await sim.settle();
  const lobby = boClient.getLobby(lobbyId);
  say('[Bo]', `sees lobby metadata ${JSON.stringify(lobby.metadata)}, ${lobby.members.length} members`);

  await adaClient.sendLobbyMessage(lobbyId, 'ready when you are');
  const rude = await boClient.sendLobbyMessage(lobbyId, 'you are all noobs', { metadata: { emote: 'smirk' } });
  await sim.settle();

  // The game backend (server API): give Bo a character name, and flag the rude message.
  console.log(`\n${stamp()}  backend sets Bo's additional name and flags message ${rude}`);
  sim.bulkUpdateLobbyMembers(lobbyId, [{ user: bo, additionalName: 'Captain Bo' }]);
  sim.setMessageModerationMetadata(lobbyId, rude, { flagged: 'toxicity', action: 'hide' });
  await sim.settle();
  await boClient.sendLobbyMessage(lobbyId, 'sorry, all good');
  await sim.settle();

  // Rich presence: Ada publishes hers without an invite cover image of her own; Bo, who knows her
  // from the lobby, sees it with the portal's image.
  console.log(`\n${stamp()}  Ada sets her rich presence (no invite cover image of her own)`);
  boClient.on('userUpdated', ({ userId }) => {
    const activity = boClient.getUser(userId)?.gameActivity;
    if (!activity) return say('[Bo]', `${names.get(userId)} has no rich presence`);
    const { party, assets } = activity;
    say('[Bo]', `${names.get(userId)}: ${activity.type} ${activity.name} - ${activity.details}, ${activity.state} (party ${party.currentSize}/${party.maxSize})`);
    say('[Bo]', `invite cover image: ${assets.inviteCoverImage}`);
  });
  await adaClient.updateRichPresence({
    details: 'Harbor, duo',
    state: 'In a match',
    party: { id: 'harbor-raid-7', currentSize: 2, maxSize: 2 },
    assets: { largeImage: 'harbor' },
  });
  await sim.settle();

  // The service drops Bo's connection: the client reconnects by itself, and Ada sees it.
  console.log(`\n${stamp()}  the service drops Bo's connection`);
  sim.dropConnections(bo);
  await sim.settle();

  const history = await adaClient.getLobbyMessages(lobbyId);
  console.log(`\nhistory (newest first, at most 200):`);
  for (const m of history) {
    const hidden = m.moderationMetadata.action === 'hide' ? '  [hidden by moderation]' : '';
    console.log(`  ${names.get(m.authorId)}${m.additionalName ? ` (${m.additionalName})` : ''}: ${m.content}${hidden}`);
  }

  // Voice settings live in each player's desktop chat client; the game reads them over local RPC.
  console.log(`\n${stamp()}  Ada's launcher reads her chat client's voice settings`);
  adaClient.on('voiceSettingsUpdated', (s) =>
    say('[Ada]', `voice settings updated: ${s.inputMode}${s.pttKey ? ` (${s.pttKey})` : ''}, output volume ${s.outputVolume}`),
  );
  const voice = await adaClient.getVoiceSettings();
  say('[Ada]', `voice settings: ${voice.inputMode}, muted ${voice.selfMute}, input ${voice.inputVolume}, output ${voice.outputVolume}`);
  console.log(`${stamp()}  Ada switches to push-to-talk in her chat client`);
  sim.chatClient(ada).setVoiceSettings({ inputMode: 'pushToTalk', pttKey: 'SHIFT + F' });
  await sim.settle();

  // A short voice call in the lobby: Bo joins muted, Ada sees it.
  adaClient.on('voiceParticipantChanged', ({ userId, added }) => say('[Ada]', `${names.get(userId)} ${added ? 'joined' : 'left'} the call`));
  adaClient.on('voiceStateChanged', ({ lobbyId: id, userId }) => {
    const state = adaClient.getCall(id)?.participants.find((p) => p.userId === userId);
    if (state) say('[Ada]', `${names.get(userId)} is ${state.selfMute ? 'muted' : 'unmuted'}`);
  });
  await adaClient.startCall(lobbyId);
  await boClient.startCall(lobbyId);
  boClient.setSelfMute(lobbyId, true);
  await sim.settle();
  say('[Ada]', `call ${adaClient.getCall(lobbyId).status} with ${adaClient.getCall(lobbyId).participants.length} participants`);
  await boClient.endCall(lobbyId);
  await sim.settle();

  // Friends and the join loop: Bo sees Ada online, playing; she invites him into a new party; he
  // accepts, gets the join secret and lands in her lobby.
  console.log(`\n${stamp()}  Ada and Bo become game friends (Bo is provisional: game friends only)`);
  sim.setFriends(ada, bo, { discord: false, game: true });
  const squadSecret = 'harbor-raid-8';
  const squadLobby = await adaClient.createOrJoinLobby(squadSecret);
  await adaClient.updateRichPresence({
    details: 'Harbor, squad',
    state: 'Forming a squad',
    party: { id: 'squad-8', currentSize: 1, maxSize: 4 },
    secrets: { join: squadSecret },
    assets: { largeImage: 'harbor' },
  });
  await sim.settle();
  for (const { user } of boClient.getRelationshipsByGroup('onlinePlayingGame')) {
    say('[Bo]', `friend ${names.get(user.id)} is ${user.status}, playing: ${user.gameActivity.state}`);
  }
  const invited = new Promise((resolve) => boClient.once('activityInviteCreated', resolve));
  await adaClient.sendActivityInvite(bo.id, 'another round?');
  const invite = await invited;
  say('[Bo]', `${invite.type} invite from ${names.get(invite.senderId)} to party ${invite.partyId}`);
  const { joinSecret } = await boClient.acceptActivityInvite(invite);
  const landed = await boClient.createOrJoinLobby(joinSecret);
  say('[Bo]', `accepted the invite and joined Ada's lobby: ${landed === squadLobby}`);
  await sim.settle();

  await Promise.all([adaClient.close(), boClient.close()]);
  console.log(`\nclosed both clients`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
