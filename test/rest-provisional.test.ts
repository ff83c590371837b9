// Provisional accounts on the server (issue 19; spec "Authentication" rules 6 and 7;
// server-api.md §4.5-4.7): the RestClient's provisional methods against sim.listen() over real
// loopback sockets: POST /partner-sdk/token/bot and /partner-sdk/token (made on first use,
// 530010 once merged), the unmerge routes (204, tokens and sessions end, a new provisional user
// id, APPLICATION_DEAUTHORIZED; 50229 and 404), and the OIDC issuer rules, which the SDK
// client's getProvisionalToken meets too (530008, 530002, 530004; refused configuration edits).
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

import { approvedSignIn } from './sign-in-helpers.js';
import { root, sdk, type Client, type SimulatedService, type User } from './sdk.js';
import { until } from './helpers.js';

const require = createRequire(import.meta.url);
const { RestClient } = require(path.join(root, 'dist', 'rest', 'index.js')) as typeof import('../lib/rest/index.js');
const { createWebhookEventHandler } = require(path.join(root, 'dist', 'webhooks', 'index.js')) as typeof import('../lib/webhooks/index.js');
type Simulator = InstanceType<typeof sdk.Simulator>;
type WebhookEvent = import('../lib/webhooks/index.js').WebhookEvent | import('../lib/webhooks/index.js').UnknownWebhookEvent;

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
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
  const clientSecret = service.clientSecret();
  const rest = new RestClient({ token: service.issueBotToken(), clientId: app.id, clientSecret, baseUrl: service.apiBase, retries: 0 });
  const game = sim.createClient({ applicationId: app.id });
  clients.push(game);
  const provider = sim.identityProvider(app);
  return { sim, service, app, rest, game, provider, clientSecret };
}

/** The account a token signs in to, as the service tells the game client. */
async function accountOf(game: Client, accessToken: string): Promise<string> {
  return (await game.fetchCurrentUser(accessToken)).id;
}

/** A raw request to the simulated service (for what the RestClient's own checks never send). */
async function post(service: SimulatedService, route: string, body: unknown, authorization?: string) {
  const response = await fetch(`${service.apiBase}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization === undefined ? {} : { authorization }) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>) };
}

/** The game server's webhook receiver, on the simulator's clock. */
async function receiver(sim: Simulator, service: SimulatedService): Promise<WebhookEvent[]> {
  const events: WebhookEvent[] = [];
  const handler = createWebhookEventHandler({ publicKey: service.webhookPublicKey(), now: () => sim.now(), onEvent: (event) => void events.push(event) });
  const server = http.createServer((request, response) => void handler(request, response));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  await service.setWebhookEventsUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}/events`);
  return events;
}

describe('POST /partner-sdk/token/bot (RestClient.getBotProvisionalToken)', () => {
  it('makes the account on first use and signs in to it later; 7 days, no refresh token; the token acts for the player', async () => {
    const { sim, rest, game } = await setup();
    const tokens = await rest.getBotProvisionalToken({ externalUserId: 'player-1', preferredGlobalName: 'Nova' });
    expect(tokens).toMatchObject({ tokenType: 'Bearer', expiresIn: 604800, scopes: 'sdk.social_layer', refreshToken: null });
    for (const shown of [inspect(tokens, { showHidden: true }), JSON.stringify(tokens)]) expect(shown).not.toContain(tokens.accessToken);
    const id = await accountOf(game, tokens.accessToken);
    const account = sim.getUser(id);
    expect(account).toMatchObject({ isProvisional: true, displayName: 'Nova' });
    // The same player later: the same account, which keeps its name; another player: another account.
    const again = await rest.getBotProvisionalToken({ externalUserId: 'player-1', preferredGlobalName: 'Other' });
    expect(again.accessToken).not.toBe(tokens.accessToken);
    expect(await accountOf(game, again.accessToken)).toBe(id);
    expect(sim.getUser(id)?.displayName).toBe('Nova');
    const other = await rest.getBotProvisionalToken({ externalUserId: 'player-2' });
    expect(await accountOf(game, other.accessToken)).not.toBe(id);
    // The token signs the player in, over HTTP and in the SDK.
    const lobby = await rest.createOrJoinLobby({ secret: 'bot-room' }, { userToken: tokens.accessToken });
    expect(lobby.members.map((member) => member.id)).toEqual([id]);
    await game.updateToken(tokens.accessToken);
    await game.connect();
    expect(game.currentUser).toMatchObject({ id, isProvisional: true });
    // Seven days on the simulator's clock, then it no longer does.
    sim.advance(WEEK_MS);
    await until(() => game.status === 'disconnected', 'the expiry');
    await expect(game.fetchCurrentUser(tokens.accessToken)).rejects.toMatchObject({ status: 401 });
  });

  it('checks its input before sending; the service refuses a bad body (50035) and a user token (403)', async () => {
    const { service, rest } = await setup();
    await expect(rest.getBotProvisionalToken({ externalUserId: '' })).rejects.toThrow(RangeError);
    await expect(rest.getBotProvisionalToken({ externalUserId: 'x'.repeat(1025) })).rejects.toThrow(RangeError);
    await expect(rest.getBotProvisionalToken({ externalUserId: 'p', preferredGlobalName: 'n'.repeat(33) })).rejects.toThrow(RangeError);
    await expect(rest.getBotProvisionalToken({ externalUserId: 7 as never })).rejects.toThrow(TypeError);
    await expect(rest.getBotProvisionalToken(null as never)).rejects.toThrow(TypeError);
    const bot = `Bot ${service.issueBotToken()}`;
    expect(await post(service, '/partner-sdk/token/bot', {}, bot)).toMatchObject({ status: 400, body: { code: 50035, errors: { external_user_id: expect.anything() } } });
    expect(await post(service, '/partner-sdk/token/bot', { external_user_id: 'p', preferred_global_name: '' }, bot)).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(await post(service, '/partner-sdk/token/bot', { external_user_id: 'p' })).toMatchObject({ status: 401 });
    const user = await post(service, '/partner-sdk/token/bot', { external_user_id: 'p' }, bot);
    expect(await post(service, '/partner-sdk/token/bot', { external_user_id: 'p' }, `Bearer ${String(user.body?.['access_token'])}`)).toMatchObject({ status: 403, body: { code: 50001 } });
  });

  it('a bot-issued account merges with DISCORD_BOT_ISSUED_ACCESS_TOKEN and its access token; then 530010; the bot unmerge gives it a new provisional account', async () => {
    const { sim, service, rest, game } = await setup();
    const events = await receiver(sim, service);
    const alice = sim.createUser({ username: 'alice' });
    const provisional = await rest.getBotProvisionalToken({ externalUserId: 'player-7' });
    const provisionalId = await accountOf(game, provisional.accessToken);
    // Nothing to unmerge yet (50229); a player the service never saw (404).
    await expect(rest.unmergeBotProvisionalAccount('player-7')).rejects.toMatchObject({ type: 'HTTPError', status: 400, code: 50229 });
    await expect(rest.unmergeBotProvisionalAccount('never-seen')).rejects.toMatchObject({ type: 'HTTPError', status: 404 });
    // The external_user_id is not the merge's external token: the account's access token is.
    const grant = await approvedSignIn(sim, game, alice);
    await expect(game.getTokenFromProvisionalMerge({ applicationId: sim.defaultApplication.id, ...grant, externalAuthType: 'DiscordBotIssuedAccessToken', externalAuthToken: 'player-7' }))
      .rejects.toMatchObject({ status: 403, code: 50025 });
    const merged = await game.getTokenFromProvisionalMerge({
      applicationId: sim.defaultApplication.id,
      ...(await approvedSignIn(sim, game, alice)),
      externalAuthType: 'DiscordBotIssuedAccessToken',
      externalAuthToken: provisional.accessToken,
    });
    expect(await accountOf(game, merged.accessToken)).toBe(alice.id);
    await expect(game.fetchCurrentUser(provisional.accessToken)).rejects.toMatchObject({ status: 401 });
    await expect(rest.getBotProvisionalToken({ externalUserId: 'player-7' })).rejects.toMatchObject({ type: 'HTTPError', status: 400, code: 530010 });

    // Alice plays with the merged token; the bot unmerges: her tokens and session end, the player gets a new account.
    await game.updateToken(merged.accessToken);
    await game.connect();
    await rest.unmergeBotProvisionalAccount('player-7');
    await until(() => game.status === 'disconnected', "the merged account's session ending");
    await expect(game.fetchCurrentUser(merged.accessToken)).rejects.toMatchObject({ status: 401 });
    await expect(rest.refreshToken(merged.refreshToken)).rejects.toMatchObject({ oauthError: 'invalid_grant' });
    const after = await rest.getBotProvisionalToken({ externalUserId: 'player-7' });
    const afterId = await accountOf(game, after.accessToken);
    expect([alice.id, provisionalId]).not.toContain(afterId);
    expect(sim.getUser(afterId)?.isProvisional).toBe(true);
    await expect(rest.unmergeBotProvisionalAccount('player-7')).rejects.toMatchObject({ code: 50229 });
    await service.webhooksIdle();
    expect(events.filter((event) => event.type === 'APPLICATION_DEAUTHORIZED').map((event) => (event.data as { user: { id: string } }).user.id)).toContain(alice.id);
    await expect(rest.unmergeBotProvisionalAccount('')).rejects.toThrow(RangeError);
  });
});

describe('POST /partner-sdk/token (RestClient.getProvisionalToken, client credentials)', () => {
  it('exchanges a provider token for the identity\'s account; OIDC adds a refresh token whose use warns as deprecated', async () => {
    const { sim, rest, game, provider } = await setup();
    const oidc = await rest.getProvisionalToken({ externalAuthType: 'OIDC', externalAuthToken: provider.issueToken({ subject: 'p1' }) });
    expect(oidc).toMatchObject({ tokenType: 'Bearer', expiresIn: 604800, scopes: 'sdk.social_layer', refreshToken: expect.any(String) });
    for (const shown of [inspect(oidc), JSON.stringify(oidc)]) {
      expect(shown).not.toContain(oidc.accessToken);
      expect(shown).not.toContain(oidc.refreshToken);
    }
    const id = await accountOf(game, oidc.accessToken);
    expect(sim.getUser(id)?.isProvisional).toBe(true);
    // The same identity through the SDK path: the same account.
    const sdkTokens = await game.getProvisionalToken({ applicationId: sim.defaultApplication.id, externalAuthType: 'OIDC', externalAuthToken: provider.issueToken({ subject: 'p1' }) });
    expect(await accountOf(game, sdkTokens.accessToken)).toBe(id);
    // A Steam ticket: another identity, no refresh token.
    const steam = await rest.getProvisionalToken({ externalAuthType: 'SteamSessionTicket', externalAuthToken: provider.issueToken({ subject: 'p1', type: 'SteamSessionTicket' }) });
    expect(steam.refreshToken).toBeNull();
    expect(await accountOf(game, steam.accessToken)).not.toBe(id);
    // Refreshing the OIDC one still works (deprecated, not removed), with a DeprecationWarning that holds no token.
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => {
      if (String((warning as Error & { code?: string }).code).startsWith('SOCIAL_SDK')) warnings.push(warning);
    };
    process.on('warning', onWarning);
    try {
      const refreshed = await rest.refreshToken(oidc.refreshToken!);
      expect(await accountOf(game, refreshed.accessToken)).toBe(id);
      await rest.refreshToken(refreshed.refreshToken!);
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.map((warning) => [warning.name, (warning as Error & { code?: string }).code])).toEqual([['DeprecationWarning', 'SOCIAL_SDK_OIDC_REFRESH']]);
    expect(warnings[0]!.message).not.toContain(oidc.refreshToken);
  });

  it('refuses a wrong client secret (401 530007), a bad provider token (403 50025), a merged identity (530010); needs the credentials', async () => {
    const { sim, service, app, rest, game, provider, clientSecret } = await setup();
    const alice = sim.createUser({ username: 'alice' });
    const wrong = new RestClient({ token: service.issueBotToken(), clientId: app.id, clientSecret: 'not-the-secret', baseUrl: service.apiBase, retries: 0 });
    const token = provider.issueToken({ subject: 'm1' });
    await expect(wrong.getProvisionalToken({ externalAuthType: 'OIDC', externalAuthToken: token })).rejects.toMatchObject({ type: 'HTTPError', status: 401, code: 530007 });
    await expect(rest.getProvisionalToken({ externalAuthType: 'OIDC', externalAuthToken: 'not-issued' })).rejects.toMatchObject({ status: 403, code: 50025 });
    await expect(rest.getProvisionalToken({ externalAuthType: 'AppleIdToken', externalAuthToken: token })).rejects.toMatchObject({ status: 403, code: 50025 });
    const expiring = provider.issueToken({ subject: 'm1', expiresInMs: 1000 });
    sim.advance(1000);
    await expect(rest.getProvisionalToken({ externalAuthType: 'OIDC', externalAuthToken: expiring })).rejects.toMatchObject({ status: 403, code: 50025 });
    // Merged into Alice's account: the identity signs in with OAuth2 now, on both paths.
    await rest.getProvisionalToken({ externalAuthType: 'OIDC', externalAuthToken: provider.issueToken({ subject: 'm1' }) });
    await game.getTokenFromProvisionalMerge({ applicationId: app.id, ...(await approvedSignIn(sim, game, alice)), externalAuthType: 'OIDC', externalAuthToken: provider.issueToken({ subject: 'm1' }) });
    await expect(rest.getProvisionalToken({ externalAuthType: 'OIDC', externalAuthToken: provider.issueToken({ subject: 'm1' }) })).rejects.toMatchObject({ status: 400, code: 530010 });
    // Input checks, before anything is sent.
    const bare = new RestClient({ token: service.issueBotToken(), baseUrl: service.apiBase, retries: 0 });
    await expect(bare.getProvisionalToken({ externalAuthType: 'OIDC', externalAuthToken: token })).rejects.toThrow(TypeError);
    await expect(rest.getProvisionalToken({ externalAuthType: 'Facebook' as never, externalAuthToken: token })).rejects.toThrow(RangeError);
    await expect(rest.getProvisionalToken({ externalAuthType: 'OIDC', externalAuthToken: '' })).rejects.toThrow(RangeError);
    await expect(rest.getProvisionalToken('OIDC' as never)).rejects.toThrow(TypeError);
    // The service's own checks of the body.
    const body = { client_id: app.id, client_secret: clientSecret, external_auth_type: 'OIDC', external_auth_token: provider.issueToken({ subject: 'raw' }) };
    expect(await post(service, '/partner-sdk/token', body)).toMatchObject({ status: 200, body: { token_type: 'Bearer', expires_in: 604800 } });
    expect(await post(service, '/partner-sdk/token', { ...body, external_auth_type: 'FACEBOOK' })).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(await post(service, '/partner-sdk/token', { ...body, client_id: 'abc' })).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(await post(service, '/partner-sdk/token', { ...body, client_id: '424242' })).toMatchObject({ status: 404, body: { code: 10002 } });
    const { client_secret: _secret, ...withoutSecret } = body;
    expect(await post(service, '/partner-sdk/token', withoutSecret)).toMatchObject({ status: 401, body: { code: 530007 } });
    // Without a secret, the application's bot token proves the client.
    expect(await post(service, '/partner-sdk/token', { ...withoutSecret, external_auth_token: provider.issueToken({ subject: 'raw' }) }, `Bot ${service.issueBotToken()}`)).toMatchObject({ status: 200 });
  });

  it('unmerges an external identity with the client credentials: 204, tokens and sessions end, a new provisional account; 50229, 404, 50025', async () => {
    const { sim, service, app, rest, game, provider } = await setup();
    const events = await receiver(sim, service);
    const alice = sim.createUser({ username: 'alice' });
    const identity = (subject = 'u1') => ({ externalAuthType: 'OIDC' as const, externalAuthToken: provider.issueToken({ subject }) });
    const first = await rest.getProvisionalToken(identity());
    const firstId = await accountOf(game, first.accessToken);
    await expect(rest.unmergeProvisionalAccount(identity())).rejects.toMatchObject({ status: 400, code: 50229 });
    await expect(rest.unmergeProvisionalAccount(identity('never-seen'))).rejects.toMatchObject({ status: 404 });
    await expect(rest.unmergeProvisionalAccount({ externalAuthType: 'OIDC', externalAuthToken: 'bad' })).rejects.toMatchObject({ status: 403, code: 50025 });
    const merged = await game.getTokenFromProvisionalMerge({ applicationId: app.id, ...(await approvedSignIn(sim, game, alice)), ...identity() });
    await game.updateToken(merged.accessToken);
    await game.connect();
    await rest.unmergeProvisionalAccount(identity());
    await until(() => game.status === 'disconnected', "the full account's session ending");
    await expect(rest.refreshToken(merged.refreshToken)).rejects.toMatchObject({ oauthError: 'invalid_grant' });
    const after = await rest.getProvisionalToken(identity());
    expect([alice.id, firstId]).not.toContain(await accountOf(game, after.accessToken));
    await service.webhooksIdle();
    // The merge ended the provisional account's tokens, the unmerge Alice's.
    expect(events.filter((event) => event.type === 'APPLICATION_DEAUTHORIZED').map((event) => (event.data as { user: { id: string } }).user.id).sort()).toEqual([firstId, alice.id].sort());
  });
});

describe('OIDC issuer configuration (spec rule 7)', () => {
  const algs = (list: string[]) => ({ issuer: 'https://id.mygame.com', jwks_uri: 'https://id.mygame.com/keys', id_token_signing_alg_values_supported: list });
  const refused: [string, Parameters<ReturnType<Simulator['identityProvider']>['configureOidc']>[0], RegExp][] = [
    ['http', { issuer: 'http://id.mygame.com' }, /must be an https:\/\/ URL/],
    ['a query', { issuer: 'https://id.mygame.com/?tenant=1' }, /must not have a query/],
    ['a fragment', { issuer: 'https://id.mygame.com/#x' }, /must not have a fragment/],
    ['credentials', { issuer: 'https://user:pw@id.mygame.com' }, /must not carry credentials/],
    ['an IPv4 address', { issuer: 'https://10.0.0.5' }, /not an IP address/],
    ['a short IPv4 address', { issuer: 'https://127.1' }, /not an IP address/],
    ['an IPv6 address', { issuer: 'https://[::1]/' }, /not an IP address/],
    ['a single label', { issuer: 'https://intranet' }, /several labels/],
    ['.local', { issuer: 'https://sso.corp.local' }, /not under \.local/],
    ['.arpa', { issuer: 'https://1.0.0.10.in-addr.arpa' }, /not under \.arpa/],
    ['.internal', { issuer: 'https://sso.corp.internal' }, /not under \.internal/],
    ['.localhost', { issuer: 'https://id.localhost' }, /not under \.localhost/],
    ['a bad label', { issuer: 'https://-id.mygame.com' }, /not a valid DNS name/],
    ['non-ASCII', { issuer: 'https://ïd.mygame.com' }, /ASCII/],
    ['a discovery redirect', { issuer: 'https://id.mygame.com', discoveryRedirects: true }, /redirect/],
    ['another issuer in the document', { issuer: 'https://id.mygame.com', discovery: { ...algs(['RS256']), issuer: 'https://id.mygame.com/' } }, /not the configured issuer/],
    ['no jwks_uri', { issuer: 'https://id.mygame.com', discovery: { issuer: 'https://id.mygame.com', id_token_signing_alg_values_supported: ['RS256'] } }, /no jwks_uri/],
    ['an http jwks_uri', { issuer: 'https://id.mygame.com', discovery: { ...algs(['RS256']), jwks_uri: 'http://id.mygame.com/keys' } }, /jwks_uri must be an https/],
    ['no signing algorithms', { issuer: 'https://id.mygame.com', discovery: algs([]) }, /no id_token_signing_alg_values_supported/],
    ['only unsupported algorithms', { issuer: 'https://id.mygame.com', discovery: algs(['HS256', 'none']) }, /no supported algorithm/],
  ];

  it('refuses an edit that breaks a rule, with a clear error and nothing changed: exchanges go on as before', async () => {
    const { sim, rest, game, provider } = await setup();
    const before = provider.oidcConfiguration();
    expect(before).toMatchObject({ issuer: `https://login.example.com/apps/${sim.defaultApplication.id}`, grandfathered: false, discoveryRedirects: false });
    for (const [what, config, message] of refused) {
      expect(() => provider.configureOidc(config), what).toThrow(RangeError);
      expect(() => provider.configureOidc(config), what).toThrow(message);
      expect(provider.oidcConfiguration(), what).toEqual(before);
    }
    await expect(rest.getProvisionalToken({ externalAuthType: 'OIDC', externalAuthToken: provider.issueToken({ subject: 's' }) })).resolves.toMatchObject({ tokenType: 'Bearer' });
    await expect(game.getProvisionalToken({ applicationId: sim.defaultApplication.id, externalAuthType: 'OIDC', externalAuthToken: provider.issueToken({ subject: 's' }) })).resolves.toMatchObject({ tokenType: 'Bearer' });
    // Malformed arguments are TypeErrors; the harness's own bounds RangeErrors.
    expect(() => provider.configureOidc(undefined as never)).toThrow(TypeError);
    expect(() => provider.configureOidc({ issuer: 7 } as never)).toThrow(TypeError);
    expect(() => provider.configureOidc({ issuer: 'https://id.mygame.com', discovery: { id_token_signing_alg_values_supported: 'RS256' } } as never)).toThrow(TypeError);
    expect(() => provider.configureOidc({ issuer: 'https://id.mygame.com', discoveryRedirects: 'no' } as never)).toThrow(TypeError);
    expect(() => provider.issueToken({ subject: 's', type: 'SteamSessionTicket', issuer: 'https://id.mygame.com' })).toThrow(RangeError);
    expect(provider.oidcConfiguration()).toEqual(before);
  });

  it('an accepted edit moves the issuer: ID tokens of the old one fail with 530002 on the HTTP and the SDK path', async () => {
    const { sim, rest, game, provider } = await setup();
    const app = sim.defaultApplication.id;
    const old = provider.issueToken({ subject: 'p' });
    provider.configureOidc({ issuer: 'https://accounts.mygame.com', discovery: { issuer: 'https://accounts.mygame.com', jwks_uri: 'https://keys.mygame.com/jwks?v=2', id_token_signing_alg_values_supported: ['HS256', 'ES384'] } });
    expect(provider.oidcConfiguration()).toEqual({
      issuer: 'https://accounts.mygame.com',
      discovery: { issuer: 'https://accounts.mygame.com', jwks_uri: 'https://keys.mygame.com/jwks?v=2', id_token_signing_alg_values_supported: ['HS256', 'ES384'] },
      discoveryRedirects: false,
      grandfathered: false,
    });
    await expect(rest.getProvisionalToken({ externalAuthType: 'OIDC', externalAuthToken: old })).rejects.toMatchObject({ type: 'HTTPError', status: 400, code: 530002 });
    await expect(game.getProvisionalToken({ applicationId: app, externalAuthType: 'OIDC', externalAuthToken: old })).rejects.toMatchObject({ type: 'HTTPError', status: 400, code: 530002 });
    const foreign = provider.issueToken({ subject: 'p', issuer: 'https://evil.example.net' });
    await expect(rest.getProvisionalToken({ externalAuthType: 'OIDC', externalAuthToken: foreign })).rejects.toMatchObject({ code: 530002 });
    const fresh = await rest.getProvisionalToken({ externalAuthType: 'OIDC', externalAuthToken: provider.issueToken({ subject: 'p' }) });
    expect(await accountOf(game, fresh.accessToken)).toEqual(expect.any(String));
    // A port and a fully qualified name are fine.
    provider.configureOidc({ issuer: 'https://accounts.mygame.com.:8443/realm' });
    expect(provider.oidcConfiguration()?.discovery.jwks_uri).toBe('https://accounts.mygame.com.:8443/realm/jwks.json');
  });

  it('without a configuration OIDC exchanges fail with 530008 (other providers are unaffected); an ID token over a week old with 530004', async () => {
    const { sim, rest, game, provider } = await setup();
    const app = sim.defaultApplication.id;
    const old = provider.issueToken({ subject: 'p', expiresInMs: 2 * WEEK_MS });
    provider.configureOidc(null);
    expect(provider.oidcConfiguration()).toBeNull();
    const token = provider.issueToken({ subject: 'p' });
    await expect(rest.getProvisionalToken({ externalAuthType: 'OIDC', externalAuthToken: token })).rejects.toMatchObject({ status: 400, code: 530008 });
    await expect(game.getProvisionalToken({ applicationId: app, externalAuthType: 'OIDC', externalAuthToken: token })).rejects.toMatchObject({ status: 400, code: 530008 });
    await expect(rest.getProvisionalToken({ externalAuthType: 'EpicOnlineServicesIdToken', externalAuthToken: provider.issueToken({ subject: 'p', type: 'EpicOnlineServicesIdToken' }) })).resolves.toMatchObject({ tokenType: 'Bearer' });
    // Configured again, with the issuer the old token names (the default one): it works until it is a week old.
    provider.configureOidc({ issuer: `https://login.example.com/apps/${app}` });
    await expect(rest.getProvisionalToken({ externalAuthType: 'OIDC', externalAuthToken: old })).resolves.toMatchObject({ tokenType: 'Bearer' });
    sim.advance(WEEK_MS + 1);
    await expect(rest.getProvisionalToken({ externalAuthType: 'OIDC', externalAuthToken: old })).rejects.toMatchObject({ status: 400, code: 530004 });
    await expect(game.getProvisionalToken({ applicationId: app, externalAuthType: 'OIDC', externalAuthToken: old })).rejects.toMatchObject({ code: 530004 });
  });

  it('a configuration that predates the rules keeps working until it is edited; then the rules apply', async () => {
    const { sim, rest, provider } = await setup();
    const legacy = sim.createApplication({ name: 'Legacy' });
    const legacyProvider = sim.identityProvider(legacy);
    legacyProvider.configureOidc({ issuer: 'https://sso.corp.internal', discoveryRedirects: true, grandfathered: true });
    expect(legacyProvider.oidcConfiguration()).toMatchObject({ issuer: 'https://sso.corp.internal', grandfathered: true });
    const service = services[0]!;
    const legacyRest = new RestClient({ token: service.issueBotToken(legacy), clientId: legacy.id, clientSecret: service.clientSecret(legacy), baseUrl: service.apiBase, retries: 0 });
    await expect(legacyRest.getProvisionalToken({ externalAuthType: 'OIDC', externalAuthToken: legacyProvider.issueToken({ subject: 'old-player' }) })).resolves.toMatchObject({ tokenType: 'Bearer' });
    // An edit is checked: refused, and the grandfathered configuration still works.
    expect(() => legacyProvider.configureOidc({ issuer: 'https://sso2.corp.internal' })).toThrow(/not under \.internal/);
    expect(legacyProvider.oidcConfiguration()).toMatchObject({ issuer: 'https://sso.corp.internal', grandfathered: true });
    await expect(legacyRest.getProvisionalToken({ externalAuthType: 'OIDC', externalAuthToken: legacyProvider.issueToken({ subject: 'old-player' }) })).resolves.toMatchObject({ tokenType: 'Bearer' });
    // Grandfathering is not a way around the rules: only an application's first configuration can be.
    expect(() => legacyProvider.configureOidc({ issuer: 'https://sso3.corp.internal', grandfathered: true })).toThrow(/only be the application's first configuration/);
    expect(() => provider.configureOidc({ issuer: 'https://x.corp.internal', grandfathered: true })).not.toThrow();
    expect(() => provider.configureOidc({ issuer: 'https://y.corp.internal', grandfathered: true })).toThrow(RangeError);
    // A valid edit replaces it, no longer grandfathered.
    legacyProvider.configureOidc({ issuer: 'https://sso.corp.example.com' });
    expect(legacyProvider.oidcConfiguration()).toMatchObject({ issuer: 'https://sso.corp.example.com', grandfathered: false });
    await expect(rest.getProvisionalToken({ externalAuthType: 'OIDC', externalAuthToken: provider.issueToken({ subject: 'n' }) })).resolves.toMatchObject({ tokenType: 'Bearer' });
  });
});
