// Device sign-in on a console: the game asks for a device authorization, the SDK shows the screen
// with a user code, the player enters it at discord.com/activate on their phone and approves, and
// the game's poll gets the tokens. Against the real SDK the player does that; here the
// simulator's harness does, and its clock plays the polling interval.
const { Client, Simulator } = require('social-sdk-node');

async function main() {
  const sim = new Simulator();
  const game = sim.createApplication({ name: 'My Console Game' });
  const player = sim.createUser({ username: 'ada' });
  const client = sim.createClient({ applicationId: game.id });
  client.on('authorizeDeviceScreenClosed', () => console.log('the sign-in screen closed'));
  try {
    const signingIn = client.getTokenFromDevice({
      scopes: Client.getDefaultCommunicationScopes(),
      signal: AbortSignal.timeout(10 * 60_000), // the player may walk away
    });

    // The screen the SDK shows over the game: the code to enter at the verification page.
    await sim.settle();
    const [screen] = sim.deviceSignIn().screens;
    const [request] = sim.deviceSignIn().requests;
    console.log(`screen: enter ${screen.userCode} at ${request.verificationUri} (expires in ${(request.expiresAt - sim.now()) / 1000} s)`);

    // The player, on their phone: discord.com/activate, the code, Approve. The game polls every
    // `interval` seconds: the next poll gets the tokens.
    sim.machine(player).browser.approveDevice(screen.userCode);
    sim.advance(request.interval * 1000);
    const tokens = await signingIn;
    console.log(`tokens: ${JSON.stringify(tokens)}, valid ${tokens.expiresIn} s`);

    await client.updateToken(tokens.accessToken);
    await client.connect();
    console.log(`signed in as ${client.currentUser.username}`);
  } finally {
    await client.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
