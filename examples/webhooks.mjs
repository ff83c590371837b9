// A game server that keeps account links healthy: it links a player on the server (the code from
// the game's authorize() exchanged with the client secret), receives the service's signed
// webhook events, and drops the link when the player removes the app from their account
// (APPLICATION_DEAUTHORIZED). The simulated service plays the platform, on loopback.
import { createServer } from 'node:http';
import { Simulator } from 'social-sdk-node';
import { RestClient } from 'social-sdk-node/rest';
import { createWebhookEventHandler } from 'social-sdk-node/webhooks';

const sim = new Simulator();
const service = await sim.listen();
const app = sim.defaultApplication;
const rest = new RestClient({ token: service.issueBotToken(), clientId: app.id, clientSecret: service.clientSecret(), baseUrl: service.apiBase });

// The game server's links (player -> refresh token) and its events endpoint.
const links = new Map();
const receiver = createServer(
  createWebhookEventHandler({
    publicKey: service.webhookPublicKey(), // the developer portal's "Public Key"
    now: () => sim.now(), // the simulator's clock signs the events
    onEvent(event) {
      if (event.type === 'APPLICATION_DEAUTHORIZED') {
        links.delete(event.data.user.id);
        console.log(`event: ${event.data.user.username} removed the app; link dropped (${links.size} left)`);
      }
    },
  }),
);
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
await service.setWebhookEventsUrl(`http://127.0.0.1:${receiver.address().port}/events`); // answered the PING
console.log('events URL verified');

// The player links their account in the game; the game hands the code to the server.
const ada = sim.createUser({ username: 'ada' });
const game = sim.createClient({ applicationId: app.id });
const pkce = game.createAuthorizationCodeVerifier();
const pending = game.authorize({ scopes: 'openid sdk.social_layer', codeChallenge: pkce.challenge });
await sim.settle();
sim.chatClient(ada).approveConsent();
const { code, redirectUri } = await pending;
const tokens = await rest.exchangeCode({ code, redirectUri, codeVerifier: pkce.verifier });
links.set(ada.id, tokens.refreshToken);
console.log(`server: linked ${ada.username}: ${JSON.stringify(tokens)}`);

// Later the player removes the app from their account settings.
sim.removeApplicationForUser(ada, app);
await service.webhooksIdle();
await new Promise((resolve) => setImmediate(resolve));

// A refresh would have told the server too: invalid_grant, the same signal.
await rest.refreshToken(tokens.refreshToken).catch((error) => console.log(`server: refresh refused: ${error.oauthError}`));
// The service checks the URL routinely with a PING whose signature is wrong (in the simulator,
// hourly): the handler refuses it with 401, so the URL stays. One that accepted it would be removed.
sim.advance(60 * 60 * 1000);
await service.webhooksIdle();
console.log(`events after the hourly check: ${service.webhookEventsStatus()}`);
console.log(`deliveries: ${service.webhookDeliveries().map((d) => `${d.eventType} ${d.status}`).join(', ')}`);

await game.close();
await service.close();
receiver.close();
