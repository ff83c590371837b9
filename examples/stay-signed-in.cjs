// Staying signed in: the launcher keeps the player's tokens in an encrypted file. The first run
// signs in with PKCE; keepSignedIn refreshes the tokens before they expire and saves the rotated
// ones; the next run restores them without asking the player; when the player removes the app,
// the launcher is told (signedOut) and the file forgets them. The simulator's clock plays the days.
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Client, EncryptedFileTokenStore, Simulator } = require('social-sdk-node');

const DAY = 24 * 60 * 60 * 1000;

async function main() {
  const sim = new Simulator();
  const game = sim.createApplication({ name: 'My Game' });
  const player = sim.createUser({ username: 'ada' });
  const folder = mkdtempSync(join(tmpdir(), 'launcher-'));
  // In a launcher: the app's data folder, and a key kept in the OS keyring or a passphrase.
  const storeOptions = { path: join(folder, 'tokens.bin'), passphrase: 'the launcher passphrase' };
  try {
    // The first run: nothing saved yet, so the player signs in.
    const first = sim.createClient({ applicationId: game.id });
    let kept = await first.keepSignedIn({ store: new EncryptedFileTokenStore(storeOptions), applicationId: game.id });
    console.log(`first run, saved tokens: ${kept.signedIn}`);
    const pkce = first.createAuthorizationCodeVerifier();
    const authorizing = first.authorize({ scopes: Client.getDefaultCommunicationScopes(), codeChallenge: pkce.challenge });
    await sim.settle();
    sim.chatClient(player).approveConsent(); // the harness plays the player
    const tokens = await first.getToken({ applicationId: game.id, codeVerifier: pkce.verifier, ...(await authorizing) });
    await first.keepSignedIn({ store: new EncryptedFileTokenStore(storeOptions), applicationId: game.id, tokens });
    await first.connect();
    console.log(`signed in as ${first.currentUser.username}`);

    // A week later the token is about to expire: refreshed, saved, and the session carries on.
    const refreshed = new Promise((resolve) => first.once('tokenRefreshed', resolve));
    sim.advance(7 * DAY - 5 * 60 * 1000);
    await refreshed;
    sim.advance(DAY);
    await first.getUserGuilds();
    console.log(`a week later: still ${first.status}`);
    await first.close();

    // The next run reads the file back: no prompt.
    const next = sim.createClient({ applicationId: game.id });
    next.on('signedOut', ({ reason }) => console.log(`signed out: ${reason}, show the sign-in screen`));
    const store = new EncryptedFileTokenStore(storeOptions);
    kept = await next.keepSignedIn({ store, applicationId: game.id });
    await next.connect();
    console.log(`next run, saved tokens: ${kept.signedIn}, signed in as ${next.currentUser.username}`);

    // The player removes the app: the session ends, the refresh is refused, the file forgets.
    const signedOut = new Promise((resolve) => next.once('signedOut', resolve));
    sim.removeApplicationForUser(player, game);
    await signedOut;
    console.log(`saved tokens now: ${(await store.get({ applicationId: game.id, account: 'default' })) !== undefined}`);
    await next.close();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
