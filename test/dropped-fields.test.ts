// The fields the SDK hands back that reach TypeScript (issue 36, "Fields dropped on the way to
// TypeScript"), each asserted on the simulator through the public API with the value its rule
// gives. Sources: the vendor header's comments (discordpp.h 1.9.16441) named in each test; the CDN
// format of avatarUrl is the API reference's "Image Formatting" (discord-api-docs reference.mdx).
import { describe, expect, it } from 'vitest';

import { sdk } from './sdk.js';
import { player, players, type Player } from './lobby-helpers.js';
import { world } from './helpers.js';

type Simulator = InstanceType<typeof sdk.Simulator>;

/** Two players in one lobby (so they see each other). */
async function duo(sim: Simulator = new sdk.Simulator()) {
  const { all } = await players(2, sim);
  const [ada, bo] = all as [Player, Player];
  const lobbyId = await ada.client.createOrJoinLobby('fields');
  await bo.client.createOrJoinLobby('fields');
  await sim.settle();
  return { sim, ada, bo, lobbyId };
}

describe('Activity', () => {
  it('statusDisplayType and supportedPlatforms arrive at a friend as the game set them (Activity::StatusDisplayType, SupportedPlatforms)', async () => {
    const { sim, ada, bo } = await duo();
    await ada.client.updateRichPresence({
      details: 'Ranked duo',
      state: 'In a match',
      statusDisplayType: 'Details',
      supportedPlatforms: ['IOS', 'Desktop', 'Android'],
    });
    await sim.settle();
    const shown = bo.client.getUser(ada.user.id)!.gameActivity!;
    expect(shown.statusDisplayType).toBe('Details');
    // In the vendor's bit order (ActivityGamePlatforms: Desktop 1, ..., IOS 8, Android 16).
    expect(shown.supportedPlatforms).toEqual(['Desktop', 'IOS', 'Android']);
    // "This field cannot be set by the SDK, and will always be the application ID of the game's
    // parent or unset if the game has no parent."
    expect(shown.parentApplicationId).toBeNull();
  });

  it('left out: statusDisplayType null and no platforms', async () => {
    const { sim, ada, bo } = await duo();
    await ada.client.updateRichPresence({ details: 'Exploring' });
    await sim.settle();
    expect(bo.client.getUser(ada.user.id)!.gameActivity).toMatchObject({ statusDisplayType: null, supportedPlatforms: [] });
  });

  it("parentApplicationId is the publishing game's parent application (Activity::ParentApplicationId)", async () => {
    const sim = new sdk.Simulator();
    const publisher = sim.createApplication({ name: 'Publisher' });
    const game = sim.createApplication({ name: 'Game', parent: publisher });
    const [ada, bo] = [sim.createUser({ username: 'ada' }), sim.createUser({ username: 'bo' })];
    const adaClient = await sim.connectClient(ada, { application: game });
    const boClient = await sim.connectClient(bo, { application: game });
    try {
      await adaClient.createOrJoinLobby('p');
      await boClient.createOrJoinLobby('p');
      await adaClient.updateRichPresence({ details: 'Exploring' });
      await sim.settle();
      expect(boClient.getUser(ada.id)!.gameActivity).toMatchObject({ applicationId: game.id, parentApplicationId: publisher.id });
    } finally {
      await Promise.all([adaClient.close(), boClient.close()]);
    }
  });

  it('refuses a statusDisplayType or platform that is not the vendor enum, and publishes nothing', async () => {
    const { sim, ada, bo } = await duo();
    // @ts-expect-error not a StatusDisplayTypes name
    await expect(ada.client.updateRichPresence({ details: 'x1', statusDisplayType: 'Party' })).rejects.toThrow(RangeError);
    // @ts-expect-error not an ActivityGamePlatforms name
    await expect(ada.client.updateRichPresence({ details: 'x1', supportedPlatforms: ['Switch'] })).rejects.toThrow(
      /activity\.supportedPlatforms\[0\]/,
    );
    // @ts-expect-error not an array
    await expect(ada.client.updateRichPresence({ details: 'x1', supportedPlatforms: 'IOS' })).rejects.toThrow(TypeError);
    await sim.settle();
    expect(bo.client.getUser(ada.user.id)!.gameActivity).toBeNull();
  });
});

describe('User', () => {
  it('avatar is the hash the user has (UserHandle::Avatar), null when none is set', async () => {
    const sim = new sdk.Simulator();
    const hash = 'a_1269e74af4df7417b13759eae50c83dc';
    const ada = sim.createUser({ username: 'ada', avatar: hash });
    const bo = await player(sim, 'bo');
    const adaClient = await sim.connectClient(ada);
    try {
      expect(adaClient.currentUser!.avatar).toBe(hash);
      expect(bo.client.currentUser!.avatar).toBeNull();
      await adaClient.createOrJoinLobby('a');
      await bo.client.createOrJoinLobby('a');
      await sim.settle();
      expect(bo.client.getUser(ada.id)!.avatar).toBe(hash);
    } finally {
      await adaClient.close();
    }
    expect(() => sim.createUser({ username: 'cy', avatar: 'not a hash' })).toThrow(RangeError);
  });

  it('avatarUrl follows the CDN format, with the animated and static types and the size', () => {
    const user = { id: '80351110224678912', avatar: '8342729096ea3675442027381ff50dfe' };
    const animated = { id: user.id, avatar: 'a_1269e74af4df7417b13759eae50c83dc' };
    // "avatars/user_id/user_avatar.png"; the returned format is changed by the extension.
    expect(sdk.avatarUrl(user)).toBe('https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png');
    expect(sdk.avatarUrl(user, { staticType: 'jpeg', size: 64 })).toBe(
      'https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.jpg?size=64',
    );
    // UserHandle::AvatarUrl(animatedType, staticType): an a_ hash takes the animated type; animated
    // WebP is "the .webp file extension and ?animated=true".
    expect(sdk.avatarUrl(animated)).toBe('https://cdn.discordapp.com/avatars/80351110224678912/a_1269e74af4df7417b13759eae50c83dc.gif');
    expect(sdk.avatarUrl(animated, { animatedType: 'webp', size: 4096 })).toBe(
      'https://cdn.discordapp.com/avatars/80351110224678912/a_1269e74af4df7417b13759eae50c83dc.webp?size=4096&animated=true',
    );
    // "If the user does not have an avatar set, a url to one of Discord's default avatars is
    // returned instead": index (user_id >> 22) % 6.
    expect(sdk.avatarUrl({ id: user.id, avatar: null })).toBe(`https://cdn.discordapp.com/embed/avatars/${Number((80351110224678912n >> 22n) % 6n)}.png`);
    // "Image size can be any power of two between 16 and 4096."
    expect(() => sdk.avatarUrl(user, { size: 100 })).toThrow(RangeError);
    expect(() => sdk.avatarUrl(user, { size: 8192 })).toThrow(RangeError);
    // @ts-expect-error not an AvatarType
    expect(() => sdk.avatarUrl(user, { staticType: 'bmp' })).toThrow(RangeError);
  });

  it('relationship is the viewer\'s with that user (UserHandle::Relationship), none with oneself', async () => {
    const { sim, ada, bo } = await duo();
    expect(bo.client.getUser(ada.user.id)!.relationship).toEqual({ discordType: 'none', gameType: 'none', isSpamRequest: false });
    await ada.client.sendGameFriendRequestById(bo.user.id);
    await sim.settle();
    expect(bo.client.getUser(ada.user.id)!.relationship).toMatchObject({ discordType: 'none', gameType: 'pendingIncoming' });
    expect(ada.client.getUser(bo.user.id)!.relationship).toMatchObject({ gameType: 'pendingOutgoing' });
    await bo.client.acceptGameFriendRequest(ada.user.id);
    await sim.settle();
    expect(bo.client.getUser(ada.user.id)!.relationship.gameType).toBe('friend');
    expect(ada.client.currentUser!.relationship).toEqual({ discordType: 'none', gameType: 'none', isSpamRequest: false });
  });
});

describe('Lobby', () => {
  it("callInfo lists the members in voice before the observer joins (LobbyHandle::GetCallInfoHandle)", async () => {
    const { sim, ada, bo, lobbyId } = await duo();
    expect(bo.client.getLobby(lobbyId)!.callInfo).toBeNull();
    await ada.client.startCall(lobbyId);
    ada.client.setSelfMute(lobbyId, true);
    await sim.settle();
    // "This can allow you to display which lobby members are in voice, even if the current user
    // has not yet joined the voice call."
    expect(bo.client.getCall(lobbyId)).toBeNull();
    expect(bo.client.getLobby(lobbyId)!.callInfo).toEqual({
      channelId: lobbyId, // CallInfoHandle::ChannelId: "the lobby ID of the call"
      guildId: null,
      participants: [{ userId: ada.user.id, selfMute: true, selfDeaf: false }],
    });
    await ada.client.endCall(lobbyId);
    await sim.settle();
    expect(bo.client.getLobby(lobbyId)!.callInfo).toBeNull();
  });

  it("a member's user is that user as the reader sees it (LobbyMemberHandle::User)", async () => {
    const { sim, ada, bo, lobbyId } = await duo();
    await ada.client.updateRichPresence({ details: 'In the lobby' });
    await sim.settle();
    const member = bo.client.getLobby(lobbyId)!.members.find((m) => m.id === ada.user.id)!;
    expect(member.user).toMatchObject({ id: ada.user.id, username: ada.user.username, status: 'online' });
    expect(member.user!.gameActivity).toMatchObject({ details: 'In the lobby' });
    expect(member.canLinkLobby).toBe(false);
  });
});

describe('Message', () => {
  it('rawContent is the text as sent and applicationId the game it was sent from (MessageHandle::RawContent, ApplicationId)', async () => {
    const { sim, ada, bo, lobbyId } = await duo();
    const content = 'gg <@123> :wave:';
    const id = await ada.client.sendLobbyMessage(lobbyId, content);
    await sim.settle();
    const message = bo.client.getMessage(id)!;
    // The simulator replaces no markup (docs/conformance.md): both read what was sent.
    expect(message.rawContent).toBe(content);
    expect(message.content).toBe(content);
    expect(message.applicationId).toBe(sim.defaultApplication.id);
  });

  it("a direct message's channel, author and recipient (MessageHandle::Channel, Author, Recipient)", async () => {
    const { sim, ada, bo } = await duo();
    const id = await ada.client.sendUserMessage(bo.user.id, 'hello');
    await sim.settle();
    const message = bo.client.getMessage(id)!;
    expect(message.applicationId).toBe(sim.defaultApplication.id);
    expect(bo.client.getMessageAuthor(message)).toMatchObject({ id: ada.user.id, username: ada.user.username });
    // "the UserHandle for the other participant in a DM".
    expect(bo.client.getMessageRecipient(message)).toMatchObject({ id: bo.user.id });
    expect(bo.client.getMessageChannel(message)).toMatchObject({ id: message.channelId, type: 'Dm' });
    expect(bo.client.getMessageChannel(message)!.recipients.slice().sort()).toEqual([ada.user.id, bo.user.id].sort());
  });

  it("a lobby message's channel is the lobby and it has no recipient", async () => {
    const { sim, ada, bo, lobbyId } = await duo();
    const id = await ada.client.sendLobbyMessage(lobbyId, 'hi all');
    await sim.settle();
    const message = bo.client.getMessage(id)!;
    expect(bo.client.getMessageAuthor(message)).toMatchObject({ id: ada.user.id });
    expect(bo.client.getMessageRecipient(message)).toBeNull();
    expect(bo.client.getMessageChannel(message)).toMatchObject({ id: lobbyId, type: 'Lobby' });
  });
});

describe('AuthorizationArgs', () => {
  const scopes = 'openid sdk.social_layer applications.commands';

  it('integrationType and customSchemeParam reach the consent prompt (AuthorizationArgs::IntegrationType, CustomSchemeParam)', async () => {
    const { sim, app, user } = world();
    const client = sim.createClient({ applicationId: app.id });
    const pkce = client.createAuthorizationCodeVerifier();
    try {
      const pending = client.authorize({ scopes, codeChallenge: pkce.challenge, integrationType: 'UserInstall', customSchemeParam: 'mygame' });
      await sim.settle();
      expect(sim.chatClient(user).consentPrompts).toMatchObject([{ applicationId: app.id, integrationType: 'UserInstall', customSchemeParam: 'mygame' }]);
      sim.chatClient(user).approveConsent();
      await pending;
    } finally {
      await client.close();
    }
  });

  it("the browser fallback's authorize URL carries integration_type (topics/oauth2)", async () => {
    const { sim, app, user } = world();
    const client = sim.createClient({ applicationId: app.id });
    const pkce = client.createAuthorizationCodeVerifier();
    sim.chatClient(user).stop();
    try {
      const pending = client.authorize({ scopes, codeChallenge: pkce.challenge, integrationType: 'GuildInstall' });
      await sim.settle();
      const [page] = sim.machine(user).browser.pages;
      expect(new URL(page!).searchParams.get('integration_type')).toBe('0');
      client.abortAuthorize();
      await expect(pending).rejects.toMatchObject({ type: 'Aborted' });
    } finally {
      await client.close();
    }
  });

  it('refuses a bad integrationType or scheme, and asks nothing', async () => {
    const { sim, app, user } = world();
    const client = sim.createClient({ applicationId: app.id });
    const pkce = client.createAuthorizationCodeVerifier();
    try {
      // @ts-expect-error not an IntegrationType name
      await expect(client.authorize({ scopes, codeChallenge: pkce.challenge, integrationType: 'Guild' })).rejects.toThrow(RangeError);
      await expect(client.authorize({ scopes, codeChallenge: pkce.challenge, customSchemeParam: '1game:/' })).rejects.toThrow(/URI scheme/);
      await sim.settle();
      expect(sim.chatClient(user).consentPrompts).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

describe('ClientCreateOptions', () => {
  it('the experimental audio options are recorded in the harness view of the SDK client', async () => {
    const sim = new sdk.Simulator();
    const user = sim.createUser({ username: 'ada' });
    const client = sim.createClient({
      applicationId: sim.defaultApplication.id,
      experimentalAudioSystem: 'Game',
      experimentalAndroidPreventCommsForBluetooth: true,
    });
    try {
      await client.updateToken(sim.issueToken(user.id, sim.defaultApplication.id).accessToken);
      await client.connect();
      expect(sim.machine(user).sdkClients).toMatchObject([{ experimentalAudio: { audioSystem: 'Game', androidPreventCommsForBluetooth: true } }]);
    } finally {
      await client.close();
    }
    // @ts-expect-error not an AudioSystem name
    expect(() => sim.createClient({ experimentalAudioSystem: 'Loud' })).toThrow(RangeError);
    // @ts-expect-error not a boolean
    expect(() => sim.createClient({ experimentalAndroidPreventCommsForBluetooth: 1 })).toThrow(TypeError);
  });
});
