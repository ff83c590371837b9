// A game server gives a player without a chat account a provisional account (bot-issued): it mints
// a token per play session and the game signs in with it. The player later links their chat
// account (a merge, with the bot-issued account's access token); when they ask to unlink, the
// server unmerges and the player is back on a new provisional account.
import { Simulator } from 'social-sdk-node';
import { RestClient } from 'social-sdk-node/rest';

const sim = new Simulator();
const service = await sim.listen();
const app = sim.defaultApplication;
const rest = new RestClient({ token: service.issueBotToken(), baseUrl: service.apiBase });

// The server: a session token for its player 'p-1001' (the account is made on first use).
const session = await rest.getBotProvisionalToken({ externalUserId: 'p-1001', preferredGlobalName: 'Wanderer' });
console.log(`server: ${session.tokenType} token for ${session.expiresIn} s, refresh token: ${session.refreshToken}`);

// The game: signs in with it.
const game = sim.createClient({ applicationId: app.id });
await game.updateToken(session.accessToken);
await game.connect();
const provisional = game.currentUser;
console.log(`game: signed in as ${provisional.displayName}, provisional: ${provisional.isProvisional}`);

// The player links their chat account: the merge takes the bot-issued account's access token.
const ada = sim.createUser({ username: 'ada' });
const pkce = game.createAuthorizationCodeVerifier();
const pending = game.authorize({ scopes: 'openid sdk.social_layer', codeChallenge: pkce.challenge });
await sim.settle();
sim.chatClient(ada).approveConsent();
const { code, redirectUri } = await pending;
const merged = await game.getTokenFromProvisionalMerge({
  applicationId: app.id, code, codeVerifier: pkce.verifier, redirectUri,
  externalAuthType: 'DiscordBotIssuedAccessToken', externalAuthToken: session.accessToken,
});
game.provisionalUserMergeCompleted(true);
console.log(`game: merged into ${(await game.fetchCurrentUser(merged.accessToken)).name}`);

// From now on the player signs in with OAuth2: the provisional route refuses (530010).
await rest.getBotProvisionalToken({ externalUserId: 'p-1001' }).catch((error) => console.log(`server: bot token refused, ${error.code}`));

// The player asks to unlink: the server unmerges. Ada's tokens for the game end; the next session
// token is for a new provisional account.
await rest.unmergeBotProvisionalAccount('p-1001');
await game.fetchCurrentUser(merged.accessToken).catch((error) => console.log(`game: ada's token now answers ${error.status}`));
const next = await rest.getBotProvisionalToken({ externalUserId: 'p-1001' });
const account = await game.fetchCurrentUser(next.accessToken);
console.log(`server: new provisional account: ${account.id !== provisional.id && account.id !== ada.id}`);

await game.close();
await service.close();
