// Publisher-level account linking (spec "Authentication" rule 8; server-api.md §4.6): an approved
// publisher (the parent application) exchanges its player's access token for an access token of
// one of its games (a child application): on the SDK client (exchangeChildToken) and on the
// simulated HTTP service with the RestClient (POST /partner-sdk/child-token), over loopback.
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { inspect } from 'node:util';

import { afterEach, describe, expect, it } from 'vitest';

import { root, sdk, type Client, type SimulatedService } from './sdk.js';
import { until } from './helpers.js';
import { rejectionOf as rejection } from './lobby-helpers.js';

const { RestClient } = createRequire(import.meta.url)(path.join(root, 'dist', 'rest', 'index.js')) as typeof import('../lib/rest/index.js');

const hour = 60 * 60 * 1000;
const week = 7 * 24 * hour;

const clients: Client[] = [];
const services: SimulatedService[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(services.splice(0).map((service) => service.close()));
});

/** A publisher approved for linking, its game, a game of nobody's, and a player signed in to the publisher. */
function setup(options: { approved?: boolean } = {}) {
  const sim = new sdk.Simulator({ build: 'debug' });
  const publisher = sim.createApplication({ name: 'Publisher', publisherLinking: options.approved ?? true });
  const game = sim.createApplication({ name: 'Game', parent: publisher });
  const stranger = sim.createApplication({ name: 'Stranger' });
  const user = sim.createUser({ username: 'ada' });
  const parent = sim.issueToken(user, publisher);
  const client = sim.createClient({ applicationId: game.id, logLevel: 'verbose' });
  clients.push(client);
  return { sim, publisher, game, stranger, user, parent, client };
}

describe('exchangeChildToken (SDK client)', () => {
  it('answers a token of the child for the same user, no refresh token, valid as long as the parent token; the game signs in with it', async () => {
    const { sim, game, user, parent, client } = setup();
    expect(game.parentId).not.toBeNull();
    sim.advance(hour);
    const child = await client.exchangeChildToken({ parentToken: parent.accessToken, childApplicationId: game.id });
    expect(child).toMatchObject({ refreshToken: '', tokenType: 'Bearer', expiresIn: (week - hour) / 1000 });
    expect(child.accessToken).not.toBe(parent.accessToken);
    expect(inspect(child)).not.toContain(child.accessToken);
    expect(JSON.stringify(child)).not.toContain(child.accessToken);
    await client.updateToken(child.accessToken);
    await client.connect();
    expect(client.currentUser?.id).toBe(user.id);
    // The child token lives no longer than the parent token: at its expiry the session ends.
    sim.advance(week - hour);
    await until(() => client.status === 'disconnected', 'the expiry of the parent token');
    await expect(client.fetchCurrentUser(child.accessToken)).rejects.toMatchObject({ type: 'HTTPError', status: 401 });
  });

  it('revoking the parent token ends the child token and the session signed in with it', async () => {
    const { sim, game, parent, client } = setup();
    const child = await client.exchangeChildToken({ parentToken: parent.accessToken, childApplicationId: game.id });
    await client.updateToken(child.accessToken);
    await client.connect();
    expect(sim.revokeToken(parent.accessToken)).toBe(true);
    await until(() => client.status === 'disconnected', 'the session to end');
    await expect(client.fetchCurrentUser(child.accessToken)).rejects.toMatchObject({ status: 401 });
    await expect(client.exchangeChildToken({ parentToken: parent.accessToken, childApplicationId: game.id })).rejects.toMatchObject({
      type: 'HTTPError',
      status: 401,
    });
  });

  it('refuses an unapproved publisher (403 50001), a game that is not its child (400 50035), an unknown child (404 10002), an unknown parent token (401)', async () => {
    const approved = setup();
    await expect(
      approved.client.exchangeChildToken({ parentToken: approved.parent.accessToken, childApplicationId: approved.stranger.id }),
    ).rejects.toMatchObject({ type: 'HTTPError', status: 400, code: 50035 });
    await expect(approved.client.exchangeChildToken({ parentToken: approved.parent.accessToken, childApplicationId: '999' })).rejects.toMatchObject({
      type: 'HTTPError',
      status: 404,
      code: 10002,
    });
    const unknown = await rejection(approved.client.exchangeChildToken({ parentToken: 'not-a-token', childApplicationId: approved.game.id }));
    expect(unknown).toMatchObject({ type: 'HTTPError', status: 401 });
    // A token of the game itself is no parent token (the game is no approved publisher).
    const own = approved.sim.issueToken(approved.user, approved.game);
    await expect(approved.client.exchangeChildToken({ parentToken: own.accessToken, childApplicationId: approved.game.id })).rejects.toMatchObject({
      status: 403,
      code: 50001,
    });
    const unapproved = setup({ approved: false });
    const error = await rejection(
      unapproved.client.exchangeChildToken({ parentToken: unapproved.parent.accessToken, childApplicationId: unapproved.game.id }),
    );
    expect(error).toMatchObject({ type: 'HTTPError', status: 403, code: 50001 });
    expect(error.message).not.toContain(unapproved.parent.accessToken);
    expect(inspect(error)).not.toContain(unapproved.parent.accessToken);
  });

  it("refuses sign-in with a child application's own id: authorize and getProvisionalToken (400 50035)", async () => {
    const { sim, game, client } = setup();
    await expect(client.authorize({ scopes: 'openid sdk.social_layer', codeChallenge: client.createAuthorizationCodeVerifier().challenge })).rejects.toMatchObject({
      status: 400,
      code: 50035,
    });
    const externalAuthToken = sim.identityProvider(game).issueToken({ subject: 'p1' });
    await expect(client.getProvisionalToken({ applicationId: game.id, externalAuthType: 'OIDC', externalAuthToken })).rejects.toMatchObject({
      status: 400,
      code: 50035,
    });
  });

  it('the parent token shows in no log line (debug build, verbose)', async () => {
    const { game, parent, client } = setup();
    const lines: string[] = [];
    client.on('log', ({ message }) => lines.push(message));
    const child = await client.exchangeChildToken({ parentToken: parent.accessToken, childApplicationId: game.id });
    expect(lines.some((line) => line.includes('/partner-sdk/child-token'))).toBe(true);
    expect(lines.filter((line) => line.includes(parent.accessToken) || line.includes(child.accessToken))).toEqual([]);
  });

  it('bad input rejects with a TypeError or RangeError, nothing sent', async () => {
    const { sim, game, client } = setup();
    const lines: string[] = [];
    client.on('log', ({ message }) => lines.push(message));
    await expect(client.exchangeChildToken(null as never)).rejects.toThrow(TypeError);
    await expect(client.exchangeChildToken({ parentToken: '', childApplicationId: game.id })).rejects.toThrow(RangeError);
    await expect(client.exchangeChildToken({ parentToken: 't', childApplicationId: 'x' })).rejects.toThrow(/childApplicationId/);
    await sim.settle();
    expect(lines.filter((line) => line.includes('child-token'))).toEqual([]);
  });
});

describe('the harness: publishers and their games', () => {
  it('a parent must exist and not be a child itself; publisherLinking must be a boolean', () => {
    const { sim, publisher, game } = setup();
    expect(publisher).toMatchObject({ parentId: null, publisherLinking: true });
    expect(game).toMatchObject({ parentId: publisher.id, publisherLinking: false });
    expect(() => sim.createApplication({ name: 'Orphan', parent: '123' })).toThrow(/no application with id 123/);
    expect(() => sim.createApplication({ name: 'Grandchild', parent: game })).toThrow(/is a child application/);
    expect(() => sim.createApplication({ name: 'Bad', publisherLinking: 'yes' as never })).toThrow(TypeError);
  });
});

describe('POST /partner-sdk/child-token (RestClient, loopback)', () => {
  async function serviceSetup() {
    const world = setup();
    const service = await world.sim.listen({ rateLimits: 'off' });
    services.push(service);
    const clientSecret = service.clientSecret(world.publisher);
    const rest = new RestClient({ token: service.issueBotToken(world.publisher), clientId: world.publisher.id, clientSecret, baseUrl: service.apiBase, retries: 0 });
    return { ...world, service, rest, clientSecret };
  }

  it("exchanges the publisher's token for the game's, which the game's client signs in with", async () => {
    const { sim, game, user, parent, client, rest } = await serviceSetup();
    sim.advance(hour);
    const child = await rest.exchangeChildToken({ parentAccessToken: parent.accessToken, childApplicationId: game.id });
    expect(child).toMatchObject({ refreshToken: null, tokenType: 'Bearer', expiresIn: (week - hour) / 1000 });
    expect(inspect(child)).not.toContain(child.accessToken);
    await client.updateToken(child.accessToken);
    await client.connect();
    expect(client.currentUser?.id).toBe(user.id);
  });

  it("refuses a child application's own provisional-account calls on the server too (400 50035)", async () => {
    const { service, game } = await serviceSetup();
    const asGame = new RestClient({ token: service.issueBotToken(game), baseUrl: service.apiBase, retries: 0 });
    await expect(asGame.getBotProvisionalToken({ externalUserId: 'p-1' })).rejects.toMatchObject({ type: 'HTTPError', status: 400, code: 50035 });
  });

  it('refuses a wrong client secret (401 530007) and the service rules as the SDK path does; no secret in any error', async () => {
    const { service, publisher, game, stranger, parent, rest, clientSecret } = await serviceSetup();
    const wrong = new RestClient({ token: service.issueBotToken(publisher), clientId: publisher.id, clientSecret: 'wrong-secret', baseUrl: service.apiBase, retries: 0 });
    const refused = await rejection(wrong.exchangeChildToken({ parentAccessToken: parent.accessToken, childApplicationId: game.id }));
    expect(refused).toMatchObject({ type: 'HTTPError', status: 401, code: 530007 });
    await expect(rest.exchangeChildToken({ parentAccessToken: parent.accessToken, childApplicationId: stranger.id })).rejects.toMatchObject({
      status: 400,
      code: 50035,
    });
    const unknown = await rejection(rest.exchangeChildToken({ parentAccessToken: 'no-such-token', childApplicationId: game.id }));
    expect(unknown).toMatchObject({ status: 401 });
    for (const error of [refused, unknown]) {
      for (const secret of [parent.accessToken, clientSecret, 'wrong-secret']) {
        expect(error.message).not.toContain(secret);
        expect(inspect(error, { depth: 5 })).not.toContain(secret);
      }
    }
  });
});
