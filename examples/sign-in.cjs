// Sign-in with PKCE: the scopes to ask for and a fresh code verifier. The challenge goes with the
// authorization request, the verifier (a secret: never logged) with the token exchange.
const { createHash } = require('node:crypto');
const { Client, Simulator } = require('social-sdk-node');

async function main() {
  const sim = new Simulator();
  const game = sim.createApplication({ name: 'My Game' });
  const client = sim.createClient({ applicationId: game.id });
  try {
    console.log(`scopes: ${Client.getDefaultCommunicationScopes()}`);
    const pkce = client.createAuthorizationCodeVerifier();
    const expected = createHash('sha256').update(pkce.verifier).digest('base64url');
    console.log(`challenge ${pkce.challenge.method}: ${pkce.challenge.challenge === expected ? 'matches' : 'differs'}`);
    console.log(JSON.stringify(pkce).includes(pkce.verifier) ? 'verifier shown' : 'verifier hidden');
  } finally {
    await client.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
