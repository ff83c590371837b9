// The webhook tests' game server and simulated service (test/sim-webhooks*.test.ts): a receiver
// made with `social-sdk-node/webhooks` on a real loopback socket, a RestClient with client
// credentials, and an SDK client's account link.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import * as path from 'node:path';

import { root, sdk, type Client, type SimulatedService, type User } from './sdk.js';

const require = createRequire(import.meta.url);
export const { RestClient } = require(path.join(root, 'dist', 'rest', 'index.js')) as typeof import('../lib/rest/index.js');
const { createWebhookEventHandler } = require(path.join(root, 'dist', 'webhooks', 'index.js')) as typeof import('../lib/webhooks/index.js');
export type WebhookEvent = import('../lib/webhooks/index.js').WebhookEvent | import('../lib/webhooks/index.js').UnknownWebhookEvent;
export type Simulator = InstanceType<typeof sdk.Simulator>;

/** What a test opened, closed by closeAll: push a service or client made outside these helpers. */
export const services: SimulatedService[] = [];
export const clients: Client[] = [];
const servers: http.Server[] = [];

/** Closes what the test's helpers opened: its clients, services and receivers (an afterEach). */
export async function closeAll(): Promise<void> {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(services.splice(0).map((service) => service.close()));
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
}

export async function serve(listener: http.RequestListener): Promise<string> {
  const server = http.createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;
}

/**
 * The game server's receiver, on the simulator's clock; `failNext` answers that many requests 503
 * first; `careless` answers every request 204 without checking it (a receiver that stopped
 * verifying signatures). `refusals` are the requests our verifier refused, with why.
 */
export async function gameServer(sim: Simulator, service: SimulatedService) {
  const events: WebhookEvent[] = [];
  const answers: number[] = [];
  const refusals: string[] = [];
  const state = { failNext: 0, careless: false };
  const handler = createWebhookEventHandler({
    publicKey: service.webhookPublicKey(),
    now: () => sim.now(),
    onEvent: (event) => void events.push(event),
    onError: (error) => void refusals.push(error.message),
  });
  const url = await serve((request, response) => {
    response.on('finish', () => answers.push(response.statusCode));
    if (state.failNext > 0 || state.careless) {
      if (!state.careless) state.failNext -= 1;
      request.resume();
      response.writeHead(state.careless ? 204 : 503).end();
      return;
    }
    void handler(request, response);
  });
  return { url, events, answers, refusals, state };
}

export async function setup() {
  const sim: Simulator = new sdk.Simulator();
  const service = await sim.listen({ rateLimits: 'off' });
  services.push(service);
  const server = await gameServer(sim, service);
  await service.setWebhookEventsUrl(server.url);
  const rest = new RestClient({ token: service.issueBotToken(), clientId: sim.defaultApplication.id, clientSecret: service.clientSecret(), baseUrl: service.apiBase, retries: 0 });
  return { sim, service, server, rest };
}

/** Every delivery attempt answered and every verified event handed to onEvent. */
export async function delivered(service: SimulatedService): Promise<void> {
  await service.webhooksIdle();
  await new Promise((resolve) => setImmediate(resolve));
}

export async function linked(sim: Simulator, rest: InstanceType<typeof RestClient>, user: User) {
  const game = sim.createClient({ applicationId: sim.defaultApplication.id });
  clients.push(game);
  const pkce = game.createAuthorizationCodeVerifier();
  const pending = game.authorize({ scopes: 'openid sdk.social_layer', codeChallenge: pkce.challenge });
  await sim.settle();
  sim.chatClient(user).approveConsent();
  const { code, redirectUri } = await pending;
  return rest.exchangeCode({ code, redirectUri, codeVerifier: pkce.verifier });
}
