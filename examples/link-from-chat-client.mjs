// Account linking from the chat client, web flow: the game set a Connection Entrypoint URL, the
// player clicks "link your account" in the chat client while no running game offers to take it,
// and the chat client opens the game's page. That page does the standard OAuth2 web flow; the
// game server exchanges the code with its client secret and hands the token to the running game,
// which signs in with updateToken. The harness plays the player and the browser.
import { Simulator } from 'social-sdk-node';
import { RestClient } from 'social-sdk-node/rest';

const sim = new Simulator();
const game = sim.createApplication({ name: 'My Game', connectionEntrypointUrl: 'https://game.example/link' });
const service = await sim.listen();
const server = new RestClient({ token: service.issueBotToken(game), clientId: game.id, clientSecret: service.clientSecret(game), baseUrl: service.apiBase });
const player = sim.createUser({ username: 'ada' });
const client = sim.createClient({ applicationId: game.id });
try {
  // The player clicks the prompt in the chat client: no game subscribed, so the browser opens the page.
  const asked = sim.chatClient(player).requestAccountLink(game);
  const browser = sim.machine(player).browser;
  console.log(`games asked: ${asked}, browser shows: ${browser.pages.join()}`);

  // The page (after the game's own sign-in) sends the player to the authorize page.
  const callback = 'https://game.example/discord/callback';
  const authorize = new URL('https://discord.com/oauth2/authorize');
  authorize.search = new URLSearchParams({ response_type: 'code', client_id: game.id, scope: 'openid sdk.social_layer', redirect_uri: callback, state: 'f81c2a' }).toString();
  browser.open(authorize.href);
  const redirect = new URL(browser.approveAuthorization()); // the code is a secret: not logged
  console.log(`redirected to ${redirect.origin}${redirect.pathname}, state ${redirect.searchParams.get('state')}`);

  // The game server's callback: exchange the code, send the token to the running game.
  const tokens = await server.exchangeCode({ code: redirect.searchParams.get('code'), redirectUri: callback });
  await client.updateToken(tokens.accessToken);
  await client.connect();
  console.log(`the running game is signed in as ${client.currentUser.username}`);
} finally {
  await client.close();
  await service.close();
}
