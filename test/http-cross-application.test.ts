// Issue 33 item 7: no route of the simulated service lets one application act on another's
// resources. Every route of the route table (ROUTE_LIST, read from dist/ as the service serves it)
// is called with application B's credentials (bot token, a user's B access token, B's client
// credentials) against application A's resources, over a real socket; each must be refused (or,
// for the routes that name no resource of another application, act on B's own), and A's world,
// read back through A, must be unchanged. Refusing another game's direct message with 404 10008
// Unknown Message is our choice (the docs do not say; another application's lobby is 404 10031).
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

import { player } from './lobby-helpers.js';
import { serve, type Answer } from './service-helpers.js';
import { approvedSignIn } from './sign-in-helpers.js';
import { root, sdk } from './sdk.js';

const table = createRequire(import.meta.url)(path.join(root, 'dist', 'routes', 'table.js')) as typeof import('../lib/routes/table.js');
type RouteName = import('../lib/routes/table.js').RouteName;

describe("another application's credentials on every route", () => {
  it('are refused on every resource of application A, and nothing of A changes', { timeout: 30_000 }, async () => {
    const sim = new sdk.Simulator();
    const appA = sim.defaultApplication;
    const { service, call } = await serve(sim);
    const appB = sim.createApplication({ name: 'Game B' });
    const botB = service.issueBotToken(appB);
    const secretB = service.clientSecret(appB);
    const ada = await player(sim, 'ada');
    const bo = await player(sim, 'bo');
    sim.setFriends(ada.user, bo.user);
    const adaA = sim.issueToken(ada.user, appA);
    const adaB = sim.issueToken(ada.user, appB).accessToken;
    // A code a player approved for game A, not yet redeemed.
    const gameA = sim.createClient({ applicationId: appA.id });
    const signIn = await approvedSignIn(sim, gameA, bo.user);
    await gameA.close();

    // A's resources: a lobby with a message, a direct message sent from game A, a game profile,
    // a guild voice channel its bot may set, a provisional account and an OIDC identity.
    const lobby = (await call('POST', '/lobbies', { body: { members: [{ id: ada.user.id, flags: 1 }, { id: bo.user.id }], metadata: { mode: 'duo' } } })).body as { id: string };
    const message = (await call('POST', `/lobbies/${lobby.id}/messages`, { bearer: adaA.accessToken, body: { content: 'hi' } })).body as { id: string };
    const dm = await ada.client.sendUserMessage(bo.user.id, 'gg');
    const profile = `/applications/${appA.id}/users/${ada.user.id}/identities/ada-1/profile`;
    expect((await call('PATCH', profile, { body: { username: 'ada', metadata: { rank: 'gold' } } })).status).toBe(201);
    const guild = sim.createGuild({ name: 'Raiders', owner: ada.user });
    sim.addGuildMember(guild, appA.botUserId, { permissions: ['setVoiceChannelStatus', 'manageChannels', 'createInstantInvite', 'manageGuild', 'readMessageHistory'] });
    const voice = sim.createGuildChannel(guild, { name: 'Raid Voice', type: 'GuildVoice', position: 1 });
    const inviteA = (await call('POST', `/channels/${voice}/invites`, { body: { target_user_ids: [ada.user.id] } })).body as { code: string };
    const skuA = sim.createSku(appA, { name: 'Pass' });
    const subscriptionA = sim.createSubscription(ada.user, skuA);
    const text = sim.createGuildChannel(guild, { name: 'general' });
    const posted = (await call('POST', `/channels/${text}/messages`, { body: { content: 'from A' } })).body as { id: string };
    await call('POST', '/partner-sdk/token/bot', { body: { external_user_id: 'player-1' } });
    const provider = sim.identityProvider(appA);
    provider.configureOidc({ issuer: 'https://id.example.com' });
    const external = provider.issueToken({ subject: 'p1' });
    const identities = (await call('GET', `/applications/${appA.id}/application-identities/DISCORD_BOT_ISSUED_ACCESS_TOKEN/player-1`)).body as { user_id?: string }[];
    const provisionalUser = identities[0]?.user_id ?? ada.user.id;

    // A's application commands, global and of the guild.
    const commandA = (await call('POST', `/applications/${appA.id}/commands`, { body: { name: 'raid', description: 'Start a raid' } })).body as { id: string };
    const guildCommandA = (await call('POST', `/applications/${appA.id}/guilds/${guild.id}/commands`, { body: { name: 'party', description: 'Party' } })).body as { id: string };
    /** A's world as A reads it. */
    const snapshot = async () => ({
      lobby: (await call('GET', `/lobbies/${lobby.id}`)).body,
      messages: (await call('GET', `/lobbies/${lobby.id}/messages`, { bearer: adaA.accessToken })).body,
      dm: await bo.client.getUserMessages(ada.user.id),
      profile: (await call('GET', profile)).body,
      application: (await call('GET', '/applications/@me')).body,
      identities: (await call('GET', `/applications/${appA.id}/application-identities/DISCORD_BOT_ISSUED_ACCESS_TOKEN/player-1`)).body,
      authorization: (await call('GET', '/oauth2/@me', { bearer: adaA.accessToken })).status,
      channelMessages: (await call('GET', `/channels/${text}/messages`)).body,
      commands: (await call('GET', `/applications/${appA.id}/commands`)).body,
      guildCommands: (await call('GET', `/applications/${appA.id}/guilds/${guild.id}/commands`)).body,
    });
    const before = await snapshot();

    const asB = { token: botB };
    const json = { 'content-type': 'application/json' };
    const form = { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${appB.id}:${secretB}`).toString('base64')}` };
    const refused = (status: number) => status >= 400 && status < 500;
    /**
     * Each route: B's request against A's resource and whether its answer is a refusal, or, for the
     * routes whose request names no resource of another application, why (they act on B's own).
     */
    const cases: Record<RouteName, (() => Promise<Answer>) | { ownOnly: string }> = {
      createLobby: { ownOnly: 'creates a lobby of the caller' },
      createOrJoinLobby: { ownOnly: "a secret is per application: B's user joins B's lobby (checked below)" },
      getLobby: () => call('GET', `/lobbies/${lobby.id}`, asB),
      modifyLobby: () => call('PATCH', `/lobbies/${lobby.id}`, { ...asB, body: { metadata: { mode: 'hijacked' } } }),
      deleteLobby: async () => {
        // DELETE is idempotent (docs/served-simulator-and-cli.md: an unknown lobby answers 204); another application's lobby is
        // unknown to B, so 204 too, and the snapshot checks it is still there.
        const answer = await call('DELETE', `/lobbies/${lobby.id}`, asB);
        return { ...answer, status: answer.status === 204 ? 404 : answer.status };
      },
      addLobbyMember: () => call('PUT', `/lobbies/${lobby.id}/members/${provisionalUser}`, { ...asB, body: {} }),
      removeLobbyMember: () => call('DELETE', `/lobbies/${lobby.id}/members/${bo.user.id}`, asB),
      leaveLobby: () => call('DELETE', `/lobbies/${lobby.id}/members/@me`, { bearer: adaB }),
      bulkUpdateLobbyMembers: () => call('POST', `/lobbies/${lobby.id}/members/bulk`, { ...asB, body: [{ id: bo.user.id, remove_member: true }] }),
      linkChannelToLobby: () => call('PATCH', `/lobbies/${lobby.id}/channel-linking`, { bearer: adaB, body: { channel_id: voice } }),
      createLobbyChannelInvite: () => call('POST', `/lobbies/${lobby.id}/members/@me/invites`, { bearer: adaB }),
      createLobbyChannelInviteForUser: () => call('POST', `/lobbies/${lobby.id}/members/${bo.user.id}/invites`, asB),
      sendLobbyMessage: () => call('POST', `/lobbies/${lobby.id}/messages`, { bearer: adaB, body: { content: 'from B' } }),
      getLobbyMessages: () => call('GET', `/lobbies/${lobby.id}/messages`, { bearer: adaB }),
      setLobbyMessageModerationMetadata: () => call('PUT', `/lobbies/${lobby.id}/messages/${message.id}/moderation-metadata`, { ...asB, body: { action: 'hide' } }),
      setDirectMessageModerationMetadata: () => call('PUT', `/partner-sdk/dms/${ada.user.id}/${bo.user.id}/messages/${dm}/moderation-metadata`, { ...asB, body: { action: 'hide' } }),
      setVoiceChannelStatus: () => call('PUT', `/channels/${voice}/voice-status`, { ...asB, body: { status: 'B was here' } }),
      updateApplicationIdentityProfile: () => call('PATCH', profile, { ...asB, body: { username: 'mallory' } }),
      getApplicationIdentityProfile: () => call('GET', profile, asB),
      oauth2Token: () => call('POST', '/oauth2/token', { raw: new URLSearchParams({ grant_type: 'authorization_code', code: signIn.code, redirect_uri: signIn.redirectUri, code_verifier: signIn.codeVerifier }).toString(), headers: form }),
      oauth2DeviceAuthorize: { ownOnly: 'starts a device request of the caller (polling another application\'s device code: test/device-sign-in-http.test.ts)' },
      oauth2TokenRevoke: async () => {
        // RFC 7009 §2.2: an invalid token (here: not B's) is answered 200; it must stay valid (the snapshot's authorization).
        const answer = await call('POST', '/oauth2/token/revoke', { raw: new URLSearchParams({ token: adaA.accessToken }).toString(), headers: form });
        return { ...answer, status: answer.status === 200 ? 400 : answer.status };
      },
      provisionalToken: () => call('POST', '/partner-sdk/token', { raw: JSON.stringify({ client_id: appB.id, client_secret: secretB, external_auth_type: 'OIDC', external_auth_token: external }), headers: json }),
      botProvisionalToken: { ownOnly: "an external user id names the caller's own provisional account" },
      unmergeProvisionalAccount: () =>
        call('POST', '/partner-sdk/provisional-accounts/unmerge', { raw: JSON.stringify({ client_id: appB.id, client_secret: secretB, external_auth_type: 'OIDC', external_auth_token: external }), headers: json }),
      unmergeBotProvisionalAccount: () => call('POST', '/partner-sdk/provisional-accounts/unmerge/bot', { ...asB, body: { external_user_id: 'player-1' } }),
      exchangeChildToken: () => call('POST', '/partner-sdk/child-token', { raw: JSON.stringify({ parent_access_token: adaA.accessToken, parent_client_secret: secretB, child_application_id: appB.id }), headers: json }),
      getCurrentAuthorization: { ownOnly: "the caller's own token" },
      getCurrentBotApplication: { ownOnly: "the caller's own application" },
      getOAuth2Keys: { ownOnly: "the service's public keys" },
      getGateway: { ownOnly: "the gateway's URL" },
      getGatewayBot: { ownOnly: "the gateway's URL and the caller's own session start limit" },
      // A's guild: B's bot user is no member of it (403 Missing Access).
      getGuildChannels: () => call('GET', `/guilds/${guild.id}/channels`, asB),
      getGuildRoles: () => call('GET', `/guilds/${guild.id}/roles`, asB),
      getGuildRoleMemberCounts: () => call('GET', `/guilds/${guild.id}/roles/member-counts`, asB),
      getGuildBans: () => call('GET', `/guilds/${guild.id}/bans`, asB),
      banUserFromGuild: () => call('PUT', `/guilds/${guild.id}/bans/${bo.user.id}`, { ...asB, body: {} }),
      unbanUserFromGuild: () => call('DELETE', `/guilds/${guild.id}/bans/${bo.user.id}`, asB),
      getGuildPruneCount: () => call('GET', `/guilds/${guild.id}/prune`, asB),
      beginGuildPrune: () => call('POST', `/guilds/${guild.id}/prune`, { ...asB, body: { days: 1 } }),
      getCurrentUserGuilds: { ownOnly: "the caller's own bot user's guilds" },
      createChannelInvite: () => call('POST', `/channels/${voice}/invites`, { ...asB, body: {} }),
      getChannelInvites: () => call('GET', `/channels/${voice}/invites`, asB),
      getInviteTargetUsers: () => call('GET', `/invites/${inviteA.code}/target-users`, asB),
      updateInviteTargetUsers: () =>
        call('PUT', `/invites/${inviteA.code}/target-users`, {
          ...asB,
          raw: `--b\r\nContent-Disposition: form-data; name="target_users_file"; filename="t.csv"\r\nContent-Type: text/csv\r\n\r\nuser_id\n${bo.user.id}\n\r\n--b--\r\n`,
          headers: { 'content-type': 'multipart/form-data; boundary=b' },
        }),
      getCurrentUser: { ownOnly: "the caller's own user (a bot's, or the token's user)" },
      getCurrentUserConnections: { ownOnly: "the token's own user's connections" },
      listSkuSubscriptions: () => call('GET', `/skus/${skuA.id}/subscriptions?user_id=${ada.user.id}`, asB),
      getSkuSubscription: () => call('GET', `/skus/${skuA.id}/subscriptions/${subscriptionA.id}`, asB),
      listGuildEmojis: () => call('GET', `/guilds/${guild.id}/emojis`, asB),
      createGuildEmoji: () => call('POST', `/guilds/${guild.id}/emojis`, { ...asB, body: { name: 'bb', image: 'data:image/png;base64,iVBORw0KGgo=' } }),
      listGuildStickers: () => call('GET', `/guilds/${guild.id}/stickers`, asB),
      createGuildSticker: () => call('POST', `/guilds/${guild.id}/stickers`, { ...asB, body: { name: 'bb', tags: 'bb' } }),
      listGuildScheduledEvents: () => call('GET', `/guilds/${guild.id}/scheduled-events`, asB),
      createGuildScheduledEvent: () =>
        call('POST', `/guilds/${guild.id}/scheduled-events`, { ...asB, body: { name: 'B', privacy_level: 2, entity_type: 2, channel_id: voice, scheduled_start_time: '2030-01-01T00:00:00Z' } }),
      getInviteTargetUsersJobStatus: () => call('GET', `/invites/${inviteA.code}/target-users/job-status`, asB),
      // A guild's channel messages: B's bot user is no member of it.
      createChannelMessage: () => call('POST', `/channels/${text}/messages`, { ...asB, body: { content: 'B was here' } }),
      getChannelMessages: () => call('GET', `/channels/${text}/messages`, asB),
      getChannelMessage: () => call('GET', `/channels/${text}/messages/${posted.id}`, asB),
      editChannelMessage: () => call('PATCH', `/channels/${text}/messages/${posted.id}`, { ...asB, body: { content: 'B was here' } }),
      getChannelPins: () => call('GET', `/channels/${text}/messages/pins`, asB),
      pinChannelMessage: () => call('PUT', `/channels/${text}/messages/pins/${posted.id}`, asB),
      unpinChannelMessage: () => call('DELETE', `/channels/${text}/messages/pins/${posted.id}`, asB),
      searchGuildMessages: () => call('GET', `/guilds/${guild.id}/messages/search?content=A`, asB),
      getOpenIdUserInfo: { ownOnly: "the caller's own token" },
      getCurrentApplication: { ownOnly: "the caller's own application" },
      modifyCurrentApplication: { ownOnly: "the caller's own application" },
      getApplication: () => call('GET', `/applications/${appA.id}`, asB),
      modifyApplication: () => call('PATCH', `/applications/${appA.id}`, { ...asB, body: { description: 'B was here' } }),
      getUserApplicationIdentities: () => call('GET', `/users/${provisionalUser}/application-identities/${appA.id}`, asB),
      getApplicationIdentities: () => call('GET', `/applications/${appA.id}/application-identities/DISCORD_BOT_ISSUED_ACCESS_TOKEN/player-1`, asB),
      deleteApplicationIdentity: () => call('POST', `/users/${provisionalUser}/application-identities/${appA.id}/DISCORD_BOT_ISSUED_ACCESS_TOKEN/player-1/delete`, { ...asB, body: {} }),
      getGlobalApplicationCommands: () => call('GET', `/applications/${appA.id}/commands`, asB),
      createGlobalApplicationCommand: () => call('POST', `/applications/${appA.id}/commands`, { ...asB, body: { name: 'hijack', description: 'x' } }),
      bulkOverwriteGlobalApplicationCommands: () => call('PUT', `/applications/${appA.id}/commands`, { ...asB, body: [] }),
      getGlobalApplicationCommand: () => call('GET', `/applications/${appA.id}/commands/${commandA.id}`, asB),
      editGlobalApplicationCommand: () => call('PATCH', `/applications/${appA.id}/commands/${commandA.id}`, { ...asB, body: { description: 'B was here' } }),
      deleteGlobalApplicationCommand: () => call('DELETE', `/applications/${appA.id}/commands/${commandA.id}`, asB),
      getGuildApplicationCommands: () => call('GET', `/applications/${appA.id}/guilds/${guild.id}/commands`, asB),
      createGuildApplicationCommand: () => call('POST', `/applications/${appA.id}/guilds/${guild.id}/commands`, { ...asB, body: { name: 'hijack', description: 'x' } }),
      bulkOverwriteGuildApplicationCommands: () => call('PUT', `/applications/${appA.id}/guilds/${guild.id}/commands`, { ...asB, body: [] }),
      getGuildApplicationCommand: () => call('GET', `/applications/${appA.id}/guilds/${guild.id}/commands/${guildCommandA.id}`, asB),
      editGuildApplicationCommand: () => call('PATCH', `/applications/${appA.id}/guilds/${guild.id}/commands/${guildCommandA.id}`, { ...asB, body: { description: 'B was here' } }),
      deleteGuildApplicationCommand: () => call('DELETE', `/applications/${appA.id}/guilds/${guild.id}/commands/${guildCommandA.id}`, asB),
      // The interaction routes' credential is the interaction's token (test/interactions-rules.test.ts): without A's, B gets 10062 / 10015.
      createInteractionResponse: () => call('POST', `/interactions/${commandA.id}/forged-token/callback`, { ...asB, body: { type: 4, data: { content: 'x' } } }),
      createFollowupMessage: () => call('POST', `/webhooks/${appA.id}/forged-token`, { ...asB, body: { content: 'x' } }),
      getOriginalInteractionResponse: () => call('GET', `/webhooks/${appA.id}/forged-token/messages/@original`, asB),
      editOriginalInteractionResponse: () => call('PATCH', `/webhooks/${appA.id}/forged-token/messages/@original`, { ...asB, body: { content: 'x' } }),
      deleteOriginalInteractionResponse: () => call('DELETE', `/webhooks/${appA.id}/forged-token/messages/@original`, asB),
      getFollowupMessage: () => call('GET', `/webhooks/${appA.id}/forged-token/messages/${message.id}`, asB),
      editFollowupMessage: () => call('PATCH', `/webhooks/${appA.id}/forged-token/messages/${message.id}`, { ...asB, body: { content: 'x' } }),
      deleteFollowupMessage: () => call('DELETE', `/webhooks/${appA.id}/forged-token/messages/${message.id}`, asB),
    };

    // Every route of the table has a case (a route added later without one fails here).
    expect(Object.keys(cases).sort()).toEqual(table.ROUTE_LIST.map((route) => route.name).sort());
    const accepted: string[] = [];
    for (const route of table.ROUTE_LIST) {
      const run = cases[route.name];
      if (typeof run !== 'function') continue;
      const answer = await run();
      if (!refused(answer.status)) accepted.push(`${table.routeKey(route)} -> ${answer.status}`);
    }
    expect(accepted).toEqual([]);
    // B's user with a secret of A's lobby gets a lobby of B.
    const joined = await call('PUT', '/lobbies', { bearer: adaB, body: { secret: 'shared-secret' } });
    expect(joined.status).toBe(200);
    expect(joined.body.id).not.toBe(lobby.id);
    expect(await snapshot()).toEqual(before);
  });

  it("game B's bot cannot moderate a direct message sent from game A: 404 10008, the message unchanged", async () => {
    const sim = new sdk.Simulator();
    const { service, call } = await serve(sim);
    const appB = sim.createApplication({ name: 'Game B' });
    const ada = await player(sim, 'ada');
    const bo = await player(sim, 'bo');
    sim.setFriends(ada.user, bo.user);
    const dm = await ada.client.sendUserMessage(bo.user.id, 'gg');
    const path = `/partner-sdk/dms/${ada.user.id}/${bo.user.id}/messages/${dm}/moderation-metadata`;
    const answer = await call('PUT', path, { token: service.issueBotToken(appB), body: { action: 'hide' } });
    expect(answer).toMatchObject({ status: 404, body: { code: 10008 } });
    await sim.settle();
    expect(bo.of('messageUpdated')).toEqual([]);
    // Game A's bot may.
    expect((await call('PUT', path, { body: { action: 'hide' } })).status).toBe(204);
  });
});
