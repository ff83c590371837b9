// Signing a player in as in production, for the server-side tests: the game client asks
// (authorize with PKCE), the player approves the consent prompt in the chat client, and the game
// server gets what it exchanges at POST /oauth2/token.
import { sdk, type Client, type User } from './sdk.js';

type Simulator = InstanceType<typeof sdk.Simulator>;

/** `user` approves a sign-in of `game` in the chat client: the code, its redirect URI and the PKCE verifier. */
export async function approvedSignIn(sim: Simulator, game: Client, user: User, scopes = 'openid sdk.social_layer') {
  const pkce = game.createAuthorizationCodeVerifier();
  const pending = game.authorize({ scopes, codeChallenge: pkce.challenge });
  await sim.settle();
  sim.chatClient(user).approveConsent();
  const { code, redirectUri } = await pending;
  return { code, redirectUri, codeVerifier: pkce.verifier };
}

/** `user` signs `client` in to `applicationId` (authorize with PKCE, consent, getToken): the token set. */
export async function signedIn(sim: Simulator, client: Client, user: User, applicationId: string) {
  const { code, redirectUri, codeVerifier } = await approvedSignIn(sim, client, user);
  return client.getToken({ applicationId, code, codeVerifier, redirectUri });
}
