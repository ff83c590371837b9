// Sign-in with PKCE: the player approves the game in the chat client, the game exchanges the code
// for tokens and connects, refreshes them, and finally unlinks by revoking them. The verifier,
// the code and the tokens are secrets: never logged. Against the real SDK the player answers the
// prompt; here the simulator's harness does.
const { createHash } = require('node:crypto');
const { Client, Simulator } = require('social-sdk-node');

async function main() {
  const sim = new Simulator();
  const game = sim.createApplication({ name: 'My Game' });
  const player = sim.createUser({ username: 'ada' });
  const client = sim.createClient({ applicationId: game.id });
  try {
    const pkce = client.createAuthorizationCodeVerifier();
    const expected = createHash('sha256').update(pkce.verifier).digest('base64url');
    console.log(`challenge ${pkce.challenge.method}: ${pkce.challenge.challenge === expected ? 'matches' : 'differs'}`);

    const authorizing = client.authorize({
      scopes: Client.getDefaultCommunicationScopes(),
      codeChallenge: pkce.challenge,
      signal: AbortSignal.timeout(120_000), // the player may walk away
    });
    // The harness plays the player: the chat client shows the prompt, the player approves it.
    await sim.settle();
    const chat = sim.chatClient(player);
    console.log(`prompt: ${chat.consentPrompts.map((prompt) => prompt.scopes).join()}`);
    chat.approveConsent();

    const authorization = await authorizing;
    console.log(`authorized for ${authorization.redirectUri}: ${JSON.stringify(authorization)}`);

    // The token exchange: the code, the verifier and the redirect URI together.
    let tokens = await client.getToken({ applicationId: game.id, codeVerifier: pkce.verifier, ...authorization });
    await client.updateToken(tokens.accessToken);
    await client.connect();
    console.log(`signed in as ${client.currentUser.username}, token valid ${tokens.expiresIn} s`);

    // Before it expires: a new token set (the old refresh token is spent), handed to the client.
    tokens = await client.refreshToken({ applicationId: game.id, refreshToken: tokens.refreshToken });
    await client.updateToken(tokens.accessToken);
    console.log(`refreshed: ${JSON.stringify(tokens)}`);

    // Unlinking: revoke (every token of the authorization goes), do not only forget them.
    await client.revokeToken({ applicationId: game.id, token: tokens.refreshToken });
    const refused = await client.refreshToken({ applicationId: game.id, refreshToken: tokens.refreshToken }).catch((error) => error);
    console.log(`after unlinking, a refresh is refused: ${refused.oauthError}`);
  } finally {
    await client.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
