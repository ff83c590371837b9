// The device authorization grant over HTTP, as a game server runs it for a console (docs
// discord-social-sdk/development-guides/account-linking-on-consoles.mdx, "Manual Flow for Console
// Authorization": POST /oauth2/device/authorize with the client credentials answers device_code,
// user_code, verification_uri (https://discord.com/activate), verification_uri_complete,
// expires_in 300 and interval 5; the game polls POST /oauth2/token with grant_type
// urn:ietf:params:oauth:grant-type:device_code "using the provided interval until the code expires
// after expires_in or succeeds"; provisional-accounts/merging-accounts.mdx "Console": the same poll
// with external_auth_type and external_auth_token merges a provisional account). The polls'
// refusals are RFC 8628 §3.5's (the docs name none: our choice, docs/conformance.md). Through the
// RestClient and raw requests over a real socket; the player answers in the simulated browser.
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

import { root, sdk, type Client, type SimulatedService } from './sdk.js';

const { RestClient } = createRequire(import.meta.url)(path.join(root, 'dist', 'rest', 'index.js')) as typeof import('../lib/rest/index.js');
type Simulator = InstanceType<typeof sdk.Simulator>;

const scopes = 'openid sdk.social_layer';
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
  return { sim, service, app, rest, user, clientSecret };
}

/** The OAuth2 error a poll was refused with. */
async function oauthErrorOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => 'resolved',
    (error: { oauthError?: unknown; status?: unknown }) => ({ status: error.status, oauthError: error.oauthError }),
  );
}

describe('POST /oauth2/device/authorize and the device_code grant', () => {
  it('answers the codes of the docs example; the player approves at the verification page; the poll answers tokens that act for them', async () => {
    const { sim, rest, user, app } = await setup();
    const codes = await rest.requestDeviceAuthorization({ scopes });
    expect(codes).toMatchObject({ verificationUri: 'https://discord.com/activate', expiresIn: 300, interval: 5 });
    expect(codes.userCode).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    expect(codes.verificationUriComplete).toBe(`https://discord.com/activate?user_code=${codes.userCode}`);
    // The device code is a secret: left out of inspect and JSON.
    for (const shown of [inspect(codes), JSON.stringify(codes)]) {
      expect(shown).not.toContain(codes.deviceCode);
      expect(shown).toContain(codes.userCode);
    }
    expect(sim.deviceSignIn().requests).toEqual([expect.objectContaining({ userCode: codes.userCode, applicationId: app.id, scopes })]);

    // Before the player answers: authorization_pending; polled sooner than the interval: slow_down.
    sim.advance(5_000);
    expect(await oauthErrorOf(rest.exchangeDeviceCode(codes.deviceCode))).toEqual({ status: 400, oauthError: 'authorization_pending' });
    expect(await oauthErrorOf(rest.exchangeDeviceCode(codes.deviceCode))).toEqual({ status: 400, oauthError: 'slow_down' });

    sim.machine(user).browser.approveDevice(codes.userCode);
    sim.advance(10_000); // the interval grew by 5 seconds with slow_down
    const tokens = await rest.exchangeDeviceCode(codes.deviceCode);
    expect(tokens).toMatchObject({ tokenType: 'Bearer', expiresIn: 604800, scopes });
    const lobby = await rest.createOrJoinLobby({ secret: 'from-the-console' }, { userToken: tokens.accessToken });
    expect(lobby.members.map((member) => member.id)).toEqual([user.id]);
    // The code is spent.
    expect(await oauthErrorOf(rest.exchangeDeviceCode(codes.deviceCode))).toEqual({ status: 400, oauthError: 'invalid_grant' });
  });

  it('a denied request answers access_denied; an expired one expired_token; another application cannot poll it', async () => {
    const { sim, service, rest, user } = await setup();
    const denied = await rest.requestDeviceAuthorization({ scopes });
    sim.machine(user).browser.denyDevice(denied.userCode);
    sim.advance(5_000);
    expect(await oauthErrorOf(rest.exchangeDeviceCode(denied.deviceCode))).toEqual({ status: 400, oauthError: 'access_denied' });

    const expiring = await rest.requestDeviceAuthorization({ scopes });
    const other = sim.createApplication({ name: 'Other Game' });
    const otherRest = new RestClient({ token: service.issueBotToken(other), clientId: other.id, clientSecret: service.clientSecret(other), baseUrl: service.apiBase, retries: 0 });
    sim.advance(5_000);
    expect(await oauthErrorOf(otherRest.exchangeDeviceCode(expiring.deviceCode))).toEqual({ status: 400, oauthError: 'invalid_grant' });
    sim.advance(300_000);
    expect(await oauthErrorOf(rest.exchangeDeviceCode(expiring.deviceCode))).toEqual({ status: 400, oauthError: 'expired_token' });
  });

  it('a poll with the external identity merges the provisional account into the player (merging-accounts.mdx "Console")', async () => {
    const { sim, rest, user } = await setup();
    const provisional = await rest.getBotProvisionalToken({ externalUserId: 'console-player-1' });
    const codes = await rest.requestDeviceAuthorization({ scopes });
    sim.machine(user).browser.approveDevice(codes.userCode);
    sim.advance(5_000);
    const merged = await rest.exchangeDeviceCode(codes.deviceCode, { externalAuthType: 'DiscordBotIssuedAccessToken', externalAuthToken: provisional.accessToken });
    const lobby = await rest.createOrJoinLobby({ secret: 'merged' }, { userToken: merged.accessToken });
    expect(lobby.members.map((member) => member.id)).toEqual([user.id]);
    // The provisional account's token ended with the merge; the bot's player id now answers 530010.
    await expect(rest.getBotProvisionalToken({ externalUserId: 'console-player-1' })).rejects.toMatchObject({ type: 'HTTPError', status: 400, code: 530010 });
  });

  it('refuses bad requests with the OAuth2 error body and changes nothing', async () => {
    const { sim, service, app, clientSecret } = await setup();
    const post = async (pathname: string, form: Record<string, string>, secret = clientSecret) => {
      const response = await fetch(`${service.apiBase}${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${app.id}:${secret}`).toString('base64')}` },
        body: new URLSearchParams(form).toString(),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    expect(await post('/oauth2/device/authorize', { scope: 'openid' }, 'wrong-secret')).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    expect(await post('/oauth2/device/authorize', { scope: 'Not A Scope!' })).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(sim.deviceSignIn().requests).toEqual([]);
    const grant = 'urn:ietf:params:oauth:grant-type:device_code';
    expect(await post('/oauth2/token', { grant_type: grant })).toMatchObject({ status: 400, body: { error: 'invalid_request', error_description: 'device_code is required' } });
    expect(await post('/oauth2/token', { grant_type: grant, device_code: 'never-issued' })).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await post('/oauth2/token', { grant_type: grant, device_code: 'x', external_auth_type: 'NOT_A_TYPE', external_auth_token: 't' })).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(await post('/oauth2/token', { grant_type: grant, device_code: 'x', external_auth_token: 't' })).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    // The error bodies never echo the device code.
    const refused = await post('/oauth2/token', { grant_type: grant, device_code: 'a-secret-device-code' });
    expect(JSON.stringify(refused.body)).not.toContain('a-secret-device-code');
  });

  it('the RestClient checks its input before sending and needs the client credentials', async () => {
    const { service, rest } = await setup();
    const withoutCredentials = new RestClient({ token: service.issueBotToken(), baseUrl: service.apiBase, retries: 0 });
    await expect(withoutCredentials.requestDeviceAuthorization({ scopes })).rejects.toThrow(/clientId and clientSecret/);
    await expect(rest.exchangeDeviceCode('')).rejects.toThrow(RangeError);
    await expect(rest.exchangeDeviceCode(42 as never)).rejects.toThrow(TypeError);
    await expect(rest.exchangeDeviceCode('code', { externalAuthType: 'Nope' as never, externalAuthToken: 't' })).rejects.toThrow(RangeError);
    await expect(rest.requestDeviceAuthorization({ scopes: 7 as never })).rejects.toThrow(TypeError);
  });
});
