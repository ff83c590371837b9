// Account linking from the chat client (spec "Authentication" rule 9: "Any developer can set a
// Connection Entrypoint URL so the chat client shows account-linking prompts"; discord-api-docs
// discord-social-sdk/development-guides/account-linking-from-discord.mdx: flows "in the following
// priority order: Connected game flow, Web flow"; the web page does the standard OAuth2 web flow
// and, "If the user is currently in game, send an update to their client with the token and call
// Client::UpdateToken"). A game server (RestClient against sim.listen(), real loopback sockets)
// completes the web flow.
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import { root, sdk, type Client, type SimulatedService } from './sdk.js';

const { RestClient } = createRequire(import.meta.url)(path.join(root, 'dist', 'rest', 'index.js')) as typeof import('../lib/rest/index.js');

const entrypoint = 'https://game.example/link-discord';
const callback = 'https://game.example/discord/callback';

const services: SimulatedService[] = [];
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(services.splice(0).map((service) => service.close()));
});

async function setup() {
  const sim = new sdk.Simulator();
  const app = sim.createApplication({ name: 'Linked Game', connectionEntrypointUrl: entrypoint });
  const service = await sim.listen({ rateLimits: 'off' });
  services.push(service);
  const rest = new RestClient({ token: service.issueBotToken(app), clientId: app.id, clientSecret: service.clientSecret(app), baseUrl: service.apiBase, retries: 0 });
  const user = sim.createUser({ username: 'ada' });
  const game = sim.createClient({ applicationId: app.id });
  clients.push(game);
  return { sim, app, rest, user, game, browser: sim.machine(user).browser, chat: sim.chatClient(user) };
}

describe('Connection Entrypoint URL', () => {
  it('with no game subscribed, the prompt opens the entrypoint URL; the game server does the web flow and the running game signs in with updateToken', async () => {
    const { sim, app, rest, user, game, browser, chat } = await setup();
    expect(chat.requestAccountLink(app)).toBe(0);
    expect(browser.pages).toEqual([entrypoint]);
    // The game's page sends the player to the service's authorize page (a confidential client: no PKCE).
    const authorize = new URL('https://discord.com/oauth2/authorize');
    for (const [name, value] of Object.entries({ response_type: 'code', client_id: app.id, scope: 'openid sdk.social_layer', redirect_uri: callback, state: 'web-1' })) {
      authorize.searchParams.set(name, value);
    }
    browser.open(authorize.href);
    expect(browser.pages).toEqual([entrypoint, authorize.href]);
    const redirect = new URL(browser.approveAuthorization());
    expect(`${redirect.origin}${redirect.pathname}`).toBe(callback);
    expect(redirect.searchParams.get('state')).toBe('web-1');
    // The game server exchanges the code with its client secret, and hands the token to the running game.
    const tokens = await rest.exchangeCode({ code: redirect.searchParams.get('code')!, redirectUri: callback });
    await game.updateToken(tokens.accessToken);
    await game.connect();
    expect(game.currentUser?.id).toBe(user.id);
    // The code was single use.
    await expect(rest.exchangeCode({ code: redirect.searchParams.get('code')!, redirectUri: callback })).rejects.toMatchObject({ oauthError: 'invalid_grant' });
    await sim.settle();
  });

  it('a running game that subscribed takes the request first (connected game flow): no page opens', async () => {
    const { sim, app, game, browser, chat } = await setup();
    let asked = 0;
    game.onAuthorizeRequest(() => asked++);
    await sim.settle();
    expect(chat.requestAccountLink(app)).toBe(1);
    await sim.settle();
    expect(asked).toBe(1);
    expect(browser.pages).toEqual([]);
    game.offAuthorizeRequest();
    await sim.settle();
    expect(chat.requestAccountLink(app)).toBe(0);
    expect(browser.pages).toEqual([entrypoint]);
  });

  it('an application without an entrypoint URL opens nothing; a bad URL is refused at creation', async () => {
    const { sim, user } = await setup();
    const plain = sim.createApplication({ name: 'Plain Game' });
    expect(sim.chatClient(user).requestAccountLink(plain)).toBe(0);
    expect(sim.machine(user).browser.pages).toEqual([]);
    expect(() => sim.createApplication({ name: 'Bad', connectionEntrypointUrl: 'javascript:alert(1)' })).toThrow(RangeError);
    expect(() => sim.createApplication({ name: 'Bad', connectionEntrypointUrl: 7 as unknown as string })).toThrow(TypeError);
  });

  it('a web-flow code with a PKCE challenge needs its verifier; one without refuses a verifier', async () => {
    const { app, rest, browser } = await setup();
    const open = (extra: Record<string, string>) => {
      const url = new URL('https://discord.com/api/oauth2/authorize');
      for (const [name, value] of Object.entries({ response_type: 'code', client_id: app.id, scope: 'openid', redirect_uri: callback, ...extra })) url.searchParams.set(name, value);
      browser.open(url.href);
      return new URL(browser.approveAuthorization()).searchParams.get('code')!;
    };
    const plain = open({});
    await expect(rest.exchangeCode({ code: plain, redirectUri: callback, codeVerifier: 'v'.repeat(43) })).rejects.toMatchObject({ oauthError: 'invalid_grant' });
    const challenged = open({ code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256' });
    await expect(rest.exchangeCode({ code: challenged, redirectUri: callback })).rejects.toMatchObject({ oauthError: 'invalid_grant' });
  });
});
