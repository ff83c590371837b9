// Tokens on the server (issue 19; spec "Authentication" rules 4 and 5; server-api.md §4.3-4.4):
// the RestClient's token methods against sim.listen() over real loopback sockets, as a
// confidential client with the application's client secret. Codes come from the SDK's
// authorize() in a simulated game client, as in production.
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

import { approvedSignIn } from './sign-in-helpers.js';
import { root, sdk, type Client, type SimulatedService, type User } from './sdk.js';

const { RestClient } = createRequire(import.meta.url)(path.join(root, 'dist', 'rest', 'index.js')) as typeof import('../lib/rest/index.js');
type Simulator = InstanceType<typeof sdk.Simulator>;

const scopes = 'openid sdk.social_layer';
const invalidGrant = { type: 'HTTPError', status: 400, oauthError: 'invalid_grant' };

const services: SimulatedService[] = [];
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(services.splice(0).map((service) => service.close()));
});

async function setup() {
  const sim: Simulator = new sdk.Simulator();
  const service = await sim.listen({ rateLimits: 'off' });
  services.push(service);
  const app = sim.defaultApplication;
  const clientSecret = service.clientSecret();
  const rest = new RestClient({ token: service.issueBotToken(), clientId: app.id, clientSecret, baseUrl: service.apiBase, retries: 0 });
  const user = sim.createUser({ username: 'ada' });
  const game = sim.createClient({ applicationId: app.id });
  clients.push(game);
  return { sim, service, app, rest, user, game, clientSecret };
}

async function rejection(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: Error & Record<string, unknown>) => error,
  );
}

describe('RestClient token methods against sim.listen()', () => {
  it('exchanges a code for tokens that act for the user, with the tokens hidden from inspect and JSON', async () => {
    const { sim, rest, user, game } = await setup();
    const tokens = await rest.exchangeCode(await approvedSignIn(sim, game, user, scopes));
    expect(tokens).toMatchObject({ tokenType: 'Bearer', expiresIn: 604800, scopes });
    expect(tokens.refreshToken).toEqual(expect.any(String));
    const lobby = await rest.createOrJoinLobby({ secret: 'after-link' }, { userToken: tokens.accessToken });
    expect(lobby.members.map((member) => member.id)).toEqual([user.id]);
    for (const shown of [inspect(tokens, { showHidden: true }), JSON.stringify(tokens)]) {
      expect(shown).not.toContain(tokens.accessToken);
      expect(shown).not.toContain(tokens.refreshToken);
      expect(shown).toContain('[REDACTED]');
    }
  });

  it('refuses a spent code, a wrong verifier and a wrong redirect URI with invalid_grant', async () => {
    const { sim, rest, user, game } = await setup();
    const grant = await approvedSignIn(sim, game, user, scopes);
    await rest.exchangeCode(grant);
    await expect(rest.exchangeCode(grant)).rejects.toMatchObject(invalidGrant);
    const other = await approvedSignIn(sim, game, user, scopes);
    await expect(rest.exchangeCode({ ...other, codeVerifier: game.createAuthorizationCodeVerifier().verifier })).rejects.toMatchObject(invalidGrant);
    const moved = await approvedSignIn(sim, game, user, scopes);
    await expect(rest.exchangeCode({ ...moved, redirectUri: 'http://127.0.0.1/elsewhere' })).rejects.toMatchObject(invalidGrant);
  });

  it('authenticates the client: a wrong secret is 401 invalid_client; a reset secret replaces the old one', async () => {
    const { sim, service, app, rest, user, game } = await setup();
    const wrong = new RestClient({ token: service.issueBotToken(), clientId: app.id, clientSecret: 'not-the-secret', baseUrl: service.apiBase, retries: 0 });
    const refused = await rejection(wrong.exchangeCode(await approvedSignIn(sim, game, user, scopes)));
    expect(refused).toMatchObject({ type: 'HTTPError', status: 401, oauthError: 'invalid_client' });
    const fresh = service.resetClientSecret();
    await expect(rest.exchangeCode(await approvedSignIn(sim, game, user, scopes))).rejects.toMatchObject({ status: 401, oauthError: 'invalid_client' });
    const renewed = new RestClient({ token: service.issueBotToken(), clientId: app.id, clientSecret: fresh, baseUrl: service.apiBase, retries: 0 });
    await expect(renewed.exchangeCode(await approvedSignIn(sim, game, user, scopes))).resolves.toMatchObject({ tokenType: 'Bearer' });
  });

  it('refresh rotates: the new set works, the spent refresh token is invalid_grant', async () => {
    const { sim, rest, user, game } = await setup();
    const first = await rest.exchangeCode(await approvedSignIn(sim, game, user, scopes));
    const second = await rest.refreshToken(first.refreshToken!);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    await expect(rest.refreshToken(first.refreshToken!)).rejects.toMatchObject(invalidGrant);
    await expect(rest.createOrJoinLobby({ secret: 'rotated' }, { userToken: second.accessToken })).resolves.toMatchObject({ members: [{ id: user.id }] });
    // discordpp.h 1.9.16441, Client::RefreshToken: "the old access and refresh tokens are both
    // invalidated and cannot be used again" (the HTTP refresh grant reaches the same World rule).
    await expect(rest.createOrJoinLobby({ secret: 'stale' }, { userToken: first.accessToken })).rejects.toMatchObject({ type: 'HTTPError', status: 401 });
  });

  it('a refresh after the player removed the app fails with the deauthorization error (invalid_grant), and the access token stops working', async () => {
    const { sim, app, rest, user, game } = await setup();
    const tokens = await rest.exchangeCode(await approvedSignIn(sim, game, user, scopes));
    expect(sim.removeApplicationForUser(user, app)).toBeGreaterThanOrEqual(2);
    const refused = await rejection(rest.refreshToken(tokens.refreshToken!));
    expect(refused).toBeInstanceOf(sdk.SocialSdkError);
    expect(refused).toMatchObject(invalidGrant);
    await expect(rest.createOrJoinLobby({ secret: 'gone' }, { userToken: tokens.accessToken })).rejects.toMatchObject({ type: 'HTTPError', status: 401 });
  });

  it('a refresh after the player was banned fails with the deauthorization error (invalid_grant); lifting the ban brings no token back', async () => {
    const { sim, rest, user, game } = await setup();
    const tokens = await rest.exchangeCode(await approvedSignIn(sim, game, user, scopes));
    sim.banUser(user);
    await expect(rest.refreshToken(tokens.refreshToken!)).rejects.toMatchObject(invalidGrant);
    await expect(rest.createOrJoinLobby({ secret: 'banned' }, { userToken: tokens.accessToken })).rejects.toMatchObject({ status: 401 });
    sim.unbanUser(user);
    await expect(rest.refreshToken(tokens.refreshToken!)).rejects.toMatchObject(invalidGrant);
    // Linking again after the ban works.
    const relinked = await rest.exchangeCode(await approvedSignIn(sim, game, user, scopes));
    await expect(rest.createOrJoinLobby({ secret: 'back' }, { userToken: relinked.accessToken })).resolves.toMatchObject({ members: [{ id: user.id }] });
  });

  it('revoking the access token ends the whole authorization: later refreshes and API calls fail', async () => {
    const { sim, rest, user, game } = await setup();
    const tokens = await rest.exchangeCode(await approvedSignIn(sim, game, user, scopes));
    await rest.revokeToken(tokens.accessToken, { tokenTypeHint: 'access_token' });
    await expect(rest.refreshToken(tokens.refreshToken!)).rejects.toMatchObject(invalidGrant);
    await expect(rest.createOrJoinLobby({ secret: 'revoked' }, { userToken: tokens.accessToken })).rejects.toMatchObject({ status: 401 });
    // RFC 7009: revoking a token again (now unknown) is not an error.
    await expect(rest.revokeToken(tokens.refreshToken!)).resolves.toBeUndefined();
  });

  it('unlink then relink: unlinkUser revokes both tokens, and linking again gets a fresh, working authorization', async () => {
    const { sim, rest, user, game } = await setup();
    const linked = await rest.exchangeCode(await approvedSignIn(sim, game, user, scopes));
    await rest.unlinkUser({ accessToken: linked.accessToken, refreshToken: linked.refreshToken });
    await expect(rest.refreshToken(linked.refreshToken!)).rejects.toMatchObject(invalidGrant);
    await expect(rest.createOrJoinLobby({ secret: 'x' }, { userToken: linked.accessToken })).rejects.toMatchObject({ status: 401 });

    const relinked = await rest.exchangeCode(await approvedSignIn(sim, game, user, scopes));
    await expect(rest.createOrJoinLobby({ secret: 'relinked' }, { userToken: relinked.accessToken })).resolves.toMatchObject({ members: [{ id: user.id }] });
    const refreshed = await rest.refreshToken(relinked.refreshToken!);
    await expect(rest.createOrJoinLobby({ secret: 'relinked' }, { userToken: refreshed.accessToken })).resolves.toMatchObject({ members: [{ id: user.id }] });
    // The old link stays dead.
    await expect(rest.refreshToken(linked.refreshToken!)).rejects.toMatchObject(invalidGrant);
  });

  it('the token endpoint accepts only form bodies and known grant types, in the OAuth2 error shape', async () => {
    const { service, app, clientSecret } = await setup();
    const basic = `Basic ${Buffer.from(`${app.id}:${clientSecret}`).toString('base64')}`;
    const json = await fetch(`${service.apiBase}/oauth2/token`, { method: 'POST', headers: { authorization: basic, 'content-type': 'application/json' }, body: '{"grant_type":"refresh_token"}' });
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ error: 'invalid_request' });
    const unknown = await fetch(`${service.apiBase}/oauth2/token`, { method: 'POST', headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=password' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: 'unsupported_grant_type', error_description: expect.any(String) });
    // Credentials in the form body work as Basic does.
    const inBody = await fetch(`${service.apiBase}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'simr.unknown', client_id: app.id, client_secret: clientSecret }).toString(),
    });
    expect(inBody.status).toBe(400);
    expect(await inBody.json()).toMatchObject({ error: 'invalid_grant' });
    const anonymous = await fetch(`${service.apiBase}/oauth2/token/revoke`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'token=x' });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('checks input before sending, and needs the client credentials', async () => {
    const { service, rest } = await setup();
    const noCredentials = new RestClient({ token: service.issueBotToken(), baseUrl: service.apiBase });
    await expect(noCredentials.refreshToken('simr.x')).rejects.toThrow(new TypeError('RestClient.refreshToken needs the clientId and clientSecret options (the application\'s OAuth2 client credentials)'));
    expect(() => new RestClient({ token: 't', clientId: '1' } as never)).toThrow(new TypeError('clientId and clientSecret must be given together'));
    await expect(rest.exchangeCode({ code: '', redirectUri: 'http://127.0.0.1/callback' })).rejects.toThrow(RangeError);
    await expect(rest.revokeToken('x', { tokenTypeHint: 'id_token' as never })).rejects.toThrow(new RangeError("tokenTypeHint must be 'access_token' or 'refresh_token'"));
    await expect(rest.unlinkUser({})).rejects.toThrow(TypeError);
  });

  it('keeps the client secret, codes and tokens out of errors and inspect output', async () => {
    const { sim, rest, user, game, clientSecret } = await setup();
    const grant = await approvedSignIn(sim, game, user, scopes);
    const tokens = await rest.exchangeCode(grant);
    const errors = [await rejection(rest.exchangeCode(grant)), await rejection(rest.refreshToken(`${tokens.refreshToken!}x`))];
    sim.removeApplicationForUser(user, sim.defaultApplication);
    errors.push(await rejection(rest.refreshToken(tokens.refreshToken!)));
    for (const error of errors) {
      const shown = `${error.message} ${inspect(error, { showHidden: true })} ${JSON.stringify(error)}`;
      for (const secret of [clientSecret, grant.code, grant.codeVerifier, tokens.accessToken, tokens.refreshToken!]) expect(shown).not.toContain(secret);
    }
    expect(inspect(rest, { showHidden: true })).not.toContain(clientSecret);
    expect(JSON.stringify(rest)).not.toContain(clientSecret);
  });
});
