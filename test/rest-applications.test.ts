// The routes of the official description the package lacked, on both sides: the RestClient's
// methods against sim.listen() over real loopback sockets, the raw answers checked against the
// description's schemas (test/conformance/openapi-digest.json, discord/discord-api-spec 74fda0f),
// and the simulator's ID tokens verified with `jose` against the JWKS it serves.
//   GET /oauth2/@me, /oauth2/keys, /oauth2/userinfo, /oauth2/applications/@me (docs topics/oauth2.mdx
//   "Get Current Authorization Information", "Get Current Bot Application Information"; the
//   description's get_public_keys, get_openid_connect_userinfo); the client_credentials grant
//   (topics/oauth2.mdx "Client Credentials Grant"); GET/PATCH /applications/@me and
//   /applications/{application_id} (resources/application.mdx "Get Current Application", "Edit
//   Current Application"; events/webhook-events.mdx "Subscribing to Events"); the application
//   identity routes (discord-api-types 0.38.57 rest/v10/applicationIdentityProfile.d.ts).
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { inspect } from 'node:util';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';

import { componentErrors } from './conformance/official-description.js';
import { root, sdk, type Client, type SimulatedService, type User } from './sdk.js';

const require = createRequire(import.meta.url);
const { RestClient } = require(path.join(root, 'dist', 'rest', 'index.js')) as typeof import('../lib/rest/index.js');
const { createWebhookEventHandler } = require(path.join(root, 'dist', 'webhooks', 'index.js')) as typeof import('../lib/webhooks/index.js');
type Simulator = InstanceType<typeof sdk.Simulator>;

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** The simulator's ID tokens' issuer: our choice (lib/sim/http/signing.ts), the docs name none. */
const ISSUER = 'https://discord.com';


const services: SimulatedService[] = [];
const clients: Client[] = [];
const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(services.splice(0).map((service) => service.close()));
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function setup() {
  const sim: Simulator = new sdk.Simulator();
  const service = await sim.listen({ rateLimits: 'off' });
  services.push(service);
  const app = sim.defaultApplication;
  const botToken = service.issueBotToken();
  const rest = new RestClient({ token: botToken, clientId: app.id, clientSecret: service.clientSecret(), baseUrl: service.apiBase, retries: 0 });
  const game = sim.createClient({ applicationId: app.id });
  clients.push(game);
  /** A raw GET, for the schema checks. */
  const raw = async (route: string, authorization: string) => (await fetch(`${service.apiBase}${route}`, { headers: { authorization } })).json() as Promise<unknown>;
  return { sim, service, app, rest, game, botToken, raw };
}

async function signedInWithOpenId(sim: Simulator, game: Client, rest: InstanceType<typeof RestClient>, user: User) {
  const pkce = game.createAuthorizationCodeVerifier();
  const pending = game.authorize({ scopes: 'openid sdk.social_layer', codeChallenge: pkce.challenge });
  await sim.settle();
  sim.chatClient(user).approveConsent();
  const { code, redirectUri } = await pending;
  return rest.exchangeCode({ code, redirectUri, codeVerifier: pkce.verifier });
}

/** A receiver that verifies signatures (it answers the service's PING 204 and a bad signature 401). */
async function eventsUrl(sim: Simulator, service: SimulatedService, verifies = true): Promise<string> {
  const handler = createWebhookEventHandler({ publicKey: service.webhookPublicKey(), now: () => sim.now(), onEvent: () => {} });
  const server = http.createServer((request, response) => (verifies ? void handler(request, response) : response.writeHead(204).end()));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;
}

describe('signed ID tokens and the keys that verify them', () => {
  it('GET /oauth2/keys serves a JWKS (OAuth2GetKeys) that verifies the id_token of a code exchange granting openid', async () => {
    const { sim, rest, game, app, raw } = await setup();
    const user = sim.createUser({ username: 'ada' });
    const tokens = await signedInWithOpenId(sim, game, rest, user);
    expect(tokens.idToken).toEqual(expect.any(String));
    for (const shown of [inspect(tokens), JSON.stringify(tokens)]) expect(shown).not.toContain(tokens.idToken);
    const keys = await rest.getOAuth2Keys();
    expect(keys.keys).toEqual([expect.objectContaining({ kty: 'RSA', use: 'sig', alg: 'RS256' })]);
    // The description: get_public_keys answers OAuth2GetKeys (every OAuth2Key field required); no token needed.
    expect(componentErrors('OAuth2GetKeys', await raw('/oauth2/keys', ''))).toEqual([]);
    const jwks = createRemoteJWKSet(new URL(`${rest.baseUrl}/oauth2/keys`));
    const { payload, protectedHeader } = await jwtVerify(tokens.idToken!, jwks, { issuer: ISSUER, audience: app.id, currentDate: new Date(sim.now()) });
    expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: keys.keys[0]!.kid });
    expect(payload).toMatchObject({ sub: user.id, iat: Math.floor(sim.now() / 1000), exp: Math.floor((sim.now() + WEEK_MS) / 1000) });
  });

  it('the provisional token routes answer an id_token (ProvisionalTokenResponse requires it) for the provisional account', async () => {
    const { sim, rest, game, app } = await setup();
    const tokens = await rest.getBotProvisionalToken({ externalUserId: 'player-1' });
    const account = (await game.fetchCurrentUser(tokens.accessToken)).id;
    const jwks = createRemoteJWKSet(new URL(`${rest.baseUrl}/oauth2/keys`));
    const { payload } = await jwtVerify(tokens.idToken!, jwks, { issuer: ISSUER, audience: app.id, currentDate: new Date(sim.now()) });
    expect(payload.sub).toBe(account);
    // A token signed by another world's key does not verify here.
    const other = await setup();
    const foreign = await other.rest.getBotProvisionalToken({ externalUserId: 'player-1' });
    await expect(jwtVerify(foreign.idToken!, jwks, { currentDate: new Date(sim.now()) })).rejects.toThrow();
  });

  it('a code exchange without openid answers no id_token', async () => {
    const { sim, rest, game } = await setup();
    const user = sim.createUser({ username: 'bo' });
    const pkce = game.createAuthorizationCodeVerifier();
    const pending = game.authorize({ scopes: 'sdk.social_layer', codeChallenge: pkce.challenge });
    await sim.settle();
    sim.chatClient(user).approveConsent();
    const { code, redirectUri } = await pending;
    expect((await rest.exchangeCode({ code, redirectUri, codeVerifier: pkce.verifier })).idToken).toBeNull();
  });
});

describe('the current authorization, userinfo and the client_credentials grant', () => {
  it('GET /oauth2/@me: the application, the scopes, the expiry; the user only with identify', async () => {
    const { sim, rest, game, app } = await setup();
    const user = sim.createUser({ username: 'ada' });
    const tokens = await signedInWithOpenId(sim, game, rest, user);
    const current = await rest.getCurrentAuthorization({ userToken: tokens.accessToken });
    expect(current).toMatchObject({ application: { id: app.id, name: app.name }, scopes: ['openid', 'sdk.social_layer'], user: null });
    expect(current.expires.getTime()).toBe(sim.now() + WEEK_MS);
    // An unknown bearer token is refused.
    await expect(rest.getCurrentAuthorization({ userToken: 'not-a-token' })).rejects.toMatchObject({ type: 'HTTPError', status: 401 });
  });

  it('GET /oauth2/userinfo: OIDC claims with openid; 403 without it', async () => {
    const { sim, rest, game } = await setup();
    const user = sim.createUser({ username: 'ada', globalName: 'Ada' });
    const tokens = await signedInWithOpenId(sim, game, rest, user);
    expect(await rest.getUserInfo({ userToken: tokens.accessToken })).toEqual({ sub: user.id, preferredUsername: 'ada', nickname: 'Ada' });
    const identifyOnly = await rest.getClientCredentialsToken({ scopes: 'identify' });
    await expect(rest.getUserInfo({ userToken: identifyOnly.accessToken })).rejects.toMatchObject({ type: 'HTTPError', status: 403, code: 50001 });
  });

  it('client_credentials: a 7-day token for the owner, without a refresh token; its authorization conforms (OAuth2GetAuthorizationResponse)', async () => {
    const { rest, raw } = await setup();
    const tokens = await rest.getClientCredentialsToken({ scopes: 'identify connections' });
    // docs topics/oauth2.mdx, "Client Credentials Access Token Response": expires_in 604800, no refresh_token.
    expect(tokens).toMatchObject({ tokenType: 'Bearer', expiresIn: 604800, scopes: 'identify connections', refreshToken: null, idToken: null });
    const owner = (await rest.getApplication()).owner;
    const current = await rest.getCurrentAuthorization({ userToken: tokens.accessToken });
    expect(current.user?.id).toBe(owner?.id);
    expect(current.scopes).toEqual(['identify', 'connections']);
    expect(componentErrors('OAuth2GetAuthorizationResponse', await raw('/oauth2/@me', `Bearer ${tokens.accessToken}`))).toEqual([]);
    await expect(rest.getClientCredentialsToken({ scopes: 'Not A Scope' })).rejects.toMatchObject({ status: 400, oauthError: 'invalid_request' });
  });
});

describe('the application object and its webhook events settings', () => {
  it('GET /applications/@me, /applications/{id} and /oauth2/applications/@me answer the bot\'s application (PrivateApplicationResponse)', async () => {
    const { sim, service, rest, app, botToken, raw } = await setup();
    const mine = await rest.getApplication();
    expect(mine).toMatchObject({ id: app.id, name: app.name, verifyKey: service.webhookPublicKey(), eventWebhooksUrl: null, eventWebhooksStatus: 1, eventWebhooksTypes: [] });
    expect(await rest.getApplication(app.id)).toEqual(mine);
    expect(await rest.getCurrentBotApplication()).toEqual(mine);
    expect(componentErrors('PrivateApplicationResponse', { id: app.id })).not.toEqual([]);
    for (const route of ['/applications/@me', `/applications/${app.id}`, '/oauth2/applications/@me']) {
      expect(componentErrors('PrivateApplicationResponse', await raw(route, `Bot ${botToken}`))).toEqual([]);
    }
    const other = sim.createApplication({ name: 'Other' });
    await expect(rest.getApplication(other.id)).rejects.toMatchObject({ type: 'HTTPError', status: 403, code: 20012 });
    await expect(rest.getApplication('999999999999')).rejects.toMatchObject({ type: 'HTTPError', status: 404, code: 10002 });
  });

  it('PATCH /applications/@me enables events at a URL that passes the PING check, disables them, and keeps the rest', async () => {
    const { sim, service, rest, botToken, raw } = await setup();
    const url = await eventsUrl(sim, service);
    const enabled = await rest.modifyApplication({ eventWebhooksUrl: url, eventWebhooksStatus: 2, eventWebhooksTypes: ['LOBBY_MESSAGE_CREATE'], description: 'A game' });
    expect(enabled).toMatchObject({ eventWebhooksUrl: url, eventWebhooksStatus: 2, eventWebhooksTypes: ['LOBBY_MESSAGE_CREATE'], description: 'A game' });
    expect(service.webhookEventsUrl()).toBe(url);
    expect(componentErrors('PrivateApplicationResponse', await raw('/applications/@me', `Bot ${botToken}`))).toEqual([]);
    // "Only properties that are passed will be updated."
    const disabled = await rest.modifyApplication({ eventWebhooksStatus: 1 });
    expect(disabled).toMatchObject({ eventWebhooksUrl: url, eventWebhooksStatus: 1, eventWebhooksTypes: ['LOBBY_MESSAGE_CREATE'], description: 'A game' });
    expect(service.webhookEventsUrl()).toBeNull();
  });

  it('refuses a URL that does not verify signatures, enabling without a URL, and unknown event types, changing nothing', async () => {
    const { sim, service, rest } = await setup();
    const careless = await eventsUrl(sim, service, false);
    await expect(rest.modifyApplication({ eventWebhooksUrl: careless, eventWebhooksStatus: 2, description: 'changed' })).rejects.toMatchObject({ status: 400, code: 50035 });
    await expect(rest.modifyApplication({ eventWebhooksStatus: 2 })).rejects.toMatchObject({ status: 400, code: 50035 });
    await expect(rest.modifyApplication({ eventWebhooksTypes: ['NOT_AN_EVENT' as 'LOBBY_MESSAGE_CREATE'] })).rejects.toMatchObject({ status: 400, code: 50035 });
    expect(await rest.getApplication()).toMatchObject({ description: '', eventWebhooksUrl: null, eventWebhooksStatus: 1, eventWebhooksTypes: [] });
    expect(service.webhookEventsUrl()).toBeNull();
    await expect(rest.modifyApplication({ eventWebhooksUrl: 'ftp://example.com' })).rejects.toThrow(RangeError);
  });
});

describe('application identities', () => {
  it('lists a provisional account\'s identity by user and by external id, and deletes it: the next exchange makes a new account', async () => {
    const { rest, game, app } = await setup();
    const first = await rest.getBotProvisionalToken({ externalUserId: 'player/7' });
    const account = (await game.fetchCurrentUser(first.accessToken)).id;
    const identity = { userId: account, providerType: 'DISCORD_BOT_ISSUED_ACCESS_TOKEN', providerId: null, providerIssuedUserId: 'player/7' };
    expect(await rest.getUserApplicationIdentities(account, app.id)).toEqual([identity]);
    expect(await rest.getApplicationIdentities(app.id, { providerType: 'DISCORD_BOT_ISSUED_ACCESS_TOKEN', providerIssuedUserId: 'player/7' })).toEqual([identity]);
    // discord-api-types: "This is empty if no identity matches the external account key."
    expect(await rest.getApplicationIdentities(app.id, { providerType: 'DISCORD_BOT_ISSUED_ACCESS_TOKEN', providerIssuedUserId: 'nobody' })).toEqual([]);
    await rest.deleteApplicationIdentity(account, app.id, { providerType: 'DISCORD_BOT_ISSUED_ACCESS_TOKEN', providerIssuedUserId: 'player/7' });
    expect(await rest.getUserApplicationIdentities(account, app.id)).toEqual([]);
    await expect(rest.deleteApplicationIdentity(account, app.id, { providerType: 'DISCORD_BOT_ISSUED_ACCESS_TOKEN', providerIssuedUserId: 'player/7' })).rejects.toMatchObject({ status: 404, code: 10013 });
    const again = await rest.getBotProvisionalToken({ externalUserId: 'player/7' });
    expect((await game.fetchCurrentUser(again.accessToken)).id).not.toBe(account);
  });

  it('a profile-only write makes a NONE identity (server API reference §3); deleting it drops the profile', async () => {
    const { sim, rest, app } = await setup();
    const user = sim.createUser({ username: 'ada' });
    await rest.updateApplicationIdentityProfile(app.id, user.id, 'pilot-1', { username: 'pilot' });
    const identity = { userId: user.id, providerType: 'NONE', providerId: null, providerIssuedUserId: 'pilot-1' };
    expect(await rest.getUserApplicationIdentities(user.id, app.id)).toEqual([identity]);
    expect(await rest.getApplicationIdentities(app.id, { providerType: 'NONE', providerIssuedUserId: 'pilot-1' })).toEqual([identity]);
    await rest.deleteApplicationIdentity(user.id, app.id, { providerType: 'NONE', providerIssuedUserId: 'pilot-1' });
    expect(await rest.getUserApplicationIdentities(user.id, app.id)).toEqual([]);
    await expect(rest.getApplicationIdentityProfile(app.id, user.id, 'pilot-1')).rejects.toMatchObject({ status: 404 });
    const other = sim.createApplication({ name: 'Other' });
    await expect(rest.getUserApplicationIdentities(user.id, other.id)).rejects.toMatchObject({ status: 403, code: 20012 });
  });
});
