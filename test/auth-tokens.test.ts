// The token exchange through the public API: PKCE-bound single-use codes, refresh with rotation,
// revocation of the whole authorization, and the app removed by the user (spec "Authentication"
// items 4 and 5; server-api.md §4.3-4.4).
import { inspect } from 'node:util';

import { describe, expect, it } from 'vitest';

import { sdk, type Client, type Simulator, type User } from './sdk.js';
import { until, world } from './helpers.js';

const scopes = 'openid sdk.social_layer';

/** Signs `user` in through the chat client's consent prompt: the code, its redirect URI and the verifier. */
async function authorized(sim: Simulator, client: Client, user: User) {
  const pkce = client.createAuthorizationCodeVerifier();
  const pending = client.authorize({ scopes, codeChallenge: pkce.challenge });
  await sim.settle();
  sim.chatClient(user).approveConsent();
  const { code, redirectUri } = await pending;
  return { code, redirectUri, codeVerifier: pkce.verifier };
}

function setup() {
  const w = world();
  const client = w.sim.createClient({ applicationId: w.app.id });
  return { ...w, client, applicationId: w.app.id };
}

const minutes = (n: number) => n * 60 * 1000;
const invalidGrant = { type: 'HTTPError', status: 400, oauthError: 'invalid_grant' };

describe('getToken', () => {
  it('exchanges the code for tokens that sign the user in', async () => {
    const { sim, user, client, applicationId } = setup();
    const tokens = await client.getToken({ applicationId, ...(await authorized(sim, client, user)) });
    expect(tokens).toMatchObject({ tokenType: 'Bearer', expiresIn: 604800, scopes });
    expect(tokens.accessToken).not.toBe(tokens.refreshToken);
    for (const shown of [inspect(tokens, { showHidden: true }), JSON.stringify(tokens)]) {
      expect(shown).not.toContain(tokens.accessToken);
      expect(shown).not.toContain(tokens.refreshToken);
    }
    await client.updateToken(tokens.accessToken);
    await client.connect();
    expect(client.currentUser?.id).toBe(user.id);
    await client.close();
  });

  it('refuses a code whose verifier does not match its challenge (invalid_grant), and the code is spent', async () => {
    const { sim, user, client, applicationId } = setup();
    const grant = await authorized(sim, client, user);
    const other = client.createAuthorizationCodeVerifier().verifier;
    await expect(client.getToken({ applicationId, ...grant, codeVerifier: other })).rejects.toMatchObject(invalidGrant);
    await expect(client.getToken({ applicationId, ...grant })).rejects.toMatchObject(invalidGrant);
    await client.close();
  });

  it('refuses a code used twice', async () => {
    const { sim, user, client, applicationId } = setup();
    const grant = await authorized(sim, client, user);
    await client.getToken({ applicationId, ...grant });
    const reused = client.getToken({ applicationId, ...grant });
    await expect(reused).rejects.toMatchObject(invalidGrant);
    await expect(reused).rejects.toThrow(/already used/);
    await client.close();
  });

  it('refuses an expired code (10 minutes on the simulator clock), another redirect URI, another application', async () => {
    const { sim, user, client, applicationId } = setup();
    const late = await authorized(sim, client, user);
    sim.advance(10 * 60 * 1000);
    await expect(client.getToken({ applicationId, ...late })).rejects.toThrow(/expired/);
    const moved = await authorized(sim, client, user);
    await expect(client.getToken({ applicationId, ...moved, redirectUri: 'http://127.0.0.1/other' })).rejects.toMatchObject(invalidGrant);
    const foreign = await authorized(sim, client, user);
    const otherApp = sim.createApplication({ name: 'Other' });
    await expect(client.getToken({ ...foreign, applicationId: otherApp.id })).rejects.toMatchObject(invalidGrant);
    await client.close();
  });

  it('keeps codes, verifiers and tokens out of error messages', async () => {
    const { sim, user, client, applicationId } = setup();
    const grant = await authorized(sim, client, user);
    const error = await client.getToken({ applicationId, ...grant, codeVerifier: 'x'.repeat(43) }).catch((e: Error) => e);
    expect(String((error as Error).message)).not.toContain(grant.code);
    expect(inspect(error)).not.toContain(grant.code);
    const refused = await client.refreshToken({ applicationId, refreshToken: 'simr.secret-value' }).catch((e: Error) => e);
    expect(inspect(refused)).not.toContain('simr.secret-value');
    await client.close();
  });
});

describe('refreshToken and revokeToken', () => {
  it('rotates: the new tokens work, the old refresh token is spent', async () => {
    const { sim, user, client, applicationId } = setup();
    const first = await client.getToken({ applicationId, ...(await authorized(sim, client, user)) });
    const second = await client.refreshToken({ applicationId, refreshToken: first.refreshToken });
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.scopes).toBe(scopes);
    await expect(client.refreshToken({ applicationId, refreshToken: first.refreshToken })).rejects.toMatchObject(invalidGrant);
    await client.updateToken(second.accessToken);
    await client.connect();
    expect(client.status).toBe('ready');
    await client.close();
  });

  // discordpp.h 1.9.16441, Client::RefreshToken: "Once this is called, the old access and refresh
  // tokens are both invalidated and cannot be used again."
  it('refresh invalidates the old access token too: connect and fetchCurrentUser with it are refused', async () => {
    const { sim, user, client, applicationId } = setup();
    const first = await client.getToken({ applicationId, ...(await authorized(sim, client, user)) });
    await client.refreshToken({ applicationId, refreshToken: first.refreshToken });
    await expect(client.fetchCurrentUser(first.accessToken)).rejects.toMatchObject({ type: 'HTTPError', status: 401 });
    await client.updateToken(first.accessToken);
    await expect(client.connect()).rejects.toMatchObject({ type: 'AuthorizationFailed' });
    await client.close();
  });

  // The header is silent on a session already signed in with the old token. Our choice: the
  // connection stays (RefreshToken then UpdateToken is the header's own flow, SetTokenExpirationCallback:
  // "If the token is refreshed before the expiration callback is invoked, call Client::UpdateToken
  // to pass in the new token"), but the old token "cannot be used again": the session's service
  // calls fail with 401 until updateToken gives it the new one.
  it('a session on the old access token stays connected; its calls fail with 401 until updateToken', async () => {
    const { sim, user, client, applicationId } = setup();
    const first = await client.getToken({ applicationId, ...(await authorized(sim, client, user)) });
    await client.updateToken(first.accessToken);
    await client.connect();
    const second = await client.refreshToken({ applicationId, refreshToken: first.refreshToken });
    await sim.settle();
    expect(client.status).toBe('ready');
    await expect(client.getUserGuilds()).rejects.toMatchObject({ type: 'HTTPError', status: 401 });
    await client.updateToken(second.accessToken);
    await expect(client.getUserGuilds()).resolves.toEqual([]);
    expect(client.status).toBe('ready');
    await client.close();
  });

  it('revoking any token of the authorization ends them all: the connected client is dropped, refresh is invalid_grant', async () => {
    const { sim, user, client, applicationId } = setup();
    const tokens = await client.getToken({ applicationId, ...(await authorized(sim, client, user)) });
    await client.updateToken(tokens.accessToken);
    await client.connect();
    await client.revokeToken({ applicationId, token: tokens.refreshToken });
    await until(() => client.status === 'disconnected', 'the disconnect');
    await expect(client.refreshToken({ applicationId, refreshToken: tokens.refreshToken })).rejects.toMatchObject(invalidGrant);
    await expect(client.connect()).rejects.toMatchObject({ type: 'AuthorizationFailed' });
    // An unknown token is not an error (RFC 7009).
    await expect(client.revokeToken({ applicationId, token: 'nothing-like-it' })).resolves.toBeUndefined();
    await client.close();
  });

  it('a user who removes the app deletes its tokens: refresh is invalid_grant (treat as APPLICATION_DEAUTHORIZED)', async () => {
    const { sim, user, app, client, applicationId } = setup();
    const tokens = await client.getToken({ applicationId, ...(await authorized(sim, client, user)) });
    expect(sim.removeApplicationForUser(user, app)).toBeGreaterThanOrEqual(2);
    const refused = await client.refreshToken({ applicationId, refreshToken: tokens.refreshToken }).catch((e: unknown) => e);
    expect(refused).toMatchObject(invalidGrant);
    expect(refused).toBeInstanceOf(Error);
    expect(() => sim.removeApplicationForUser('1', app)).toThrow(RangeError);
    await client.close();
  });

  it('checks its options before sending anything', async () => {
    const { client, applicationId } = setup();
    await expect(client.getToken(undefined as never)).rejects.toThrow(TypeError);
    await expect(client.getToken({ applicationId, code: '', codeVerifier: 'v'.repeat(43), redirectUri: 'x' })).rejects.toThrow('options.code must not be empty');
    await expect(client.getToken({ applicationId, code: 'c', codeVerifier: 'short', redirectUri: 'x' })).rejects.toThrow(RangeError);
    await expect(client.refreshToken({ applicationId: 'nope', refreshToken: 'r' })).rejects.toThrow(RangeError);
    await expect(client.revokeToken({ applicationId, token: 5 as never })).rejects.toThrow(TypeError);
    await client.close();
  });
});

describe('token lifecycle', () => {

  it('tokenExpiring: once per token, when 5 minutes are left on the clock, then expiry ends the session (4004)', async () => {
    const { sim, user, app } = world();
    const client = sim.createClient({ applicationId: app.id });
    const seen: string[] = [];
    client.on('tokenExpiring', () => seen.push('expiring'));
    client.on('statusChanged', ({ status, error, errorDetail }) => seen.push(`${status}/${error}/${errorDetail}`));
    await client.updateToken(sim.issueToken(user, app, { expiresInMs: minutes(60) }).accessToken);
    await client.connect();
    seen.length = 0;
    sim.advance(minutes(54));
    await client.getUserGuilds(); // a round trip: anything due before it has been delivered
    expect(seen).toEqual([]);
    sim.advance(minutes(1));
    await client.getUserGuilds();
    expect(seen).toEqual(['expiring']);
    // Reconnecting with the same token does not announce it again.
    sim.dropConnections(user);
    await until(() => client.status === 'ready' && seen.length >= 5, 'the reconnect');
    sim.advance(minutes(1));
    await client.getUserGuilds();
    expect(seen.filter((s) => s === 'expiring')).toHaveLength(1);
    sim.advance(minutes(4));
    await until(() => seen.at(-1)?.startsWith('disconnected') === true, 'the expiry');
    expect(seen.at(-1)).toBe('disconnected/unexpectedClose/4004');
    expect(seen.filter((s) => s === 'expiring')).toHaveLength(1);
    await expect(client.connect()).rejects.toMatchObject({ type: 'AuthorizationFailed' });
    await client.close();
  });

  it('announces at once a token with less than 5 minutes left at connect; a fresh token is announced again', async () => {
    const { sim, user, app } = world();
    const client = sim.createClient({ applicationId: app.id });
    let expiring = 0;
    client.on('tokenExpiring', () => expiring++);
    await client.updateToken(sim.issueToken(user, app, { expiresInMs: minutes(3) }).accessToken);
    await client.connect();
    await until(() => expiring === 1, 'the notice');
    // The refresh: a new token, then its own notice when it gets close.
    await client.updateToken(sim.issueToken(user, app, { expiresInMs: minutes(30) }).accessToken);
    await client.disconnect();
    await client.connect();
    await client.getUserGuilds();
    expect(expiring).toBe(1);
    sim.advance(minutes(25));
    await until(() => expiring === 2, 'the second notice');
    expect(client.status).toBe('ready');
    await client.close();
  });

  it('updateToken while connected: the session carries on with the new token; another user\'s token changes nothing until the next connect', async () => {
    const { sim, user, app } = world();
    const bob = sim.createUser({ username: 'bob' });
    const client = sim.createClient({ applicationId: app.id });
    const seen: string[] = [];
    client.on('statusChanged', ({ status }) => seen.push(status));
    await client.updateToken(sim.issueToken(user, app, { expiresInMs: minutes(10) }).accessToken);
    await client.connect();
    await client.updateToken(sim.issueToken(user, app, { expiresInMs: minutes(60) }).accessToken);
    sim.advance(minutes(20));
    await client.getUserGuilds();
    expect(client.status).toBe('ready');
    expect(seen).not.toContain('disconnected');
    // Bob's token is kept for the next connect; this session stays Alice's, on her token.
    await client.updateToken(sim.issueToken(bob, app).accessToken);
    await client.getUserGuilds();
    expect(client.currentUser?.id).toBe(user.id);
    sim.advance(minutes(40));
    await until(() => client.status === 'disconnected', 'the expiry of the adopted token');
    await client.connect();
    expect(client.currentUser?.id).toBe(bob.id);
    await client.close();
  });
});

describe('isAuthenticated and fetchCurrentUser', () => {
  it('isAuthenticated: false until a token is given, true after (validity not checked), false once closed', async () => {
    const { sim, grant, app } = world();
    const client = sim.createClient({ applicationId: app.id });
    expect(client.isAuthenticated()).toBe(false);
    await expect(client.updateToken('')).rejects.toThrow(RangeError);
    expect(client.isAuthenticated()).toBe(false);
    await client.updateToken('not-a-token-the-service-knows');
    expect(client.isAuthenticated()).toBe(true);
    await expect(client.connect()).rejects.toMatchObject({ type: 'AuthorizationFailed' });
    expect(client.isAuthenticated()).toBe(true);
    await client.updateToken(grant.accessToken);
    await client.connect();
    expect(client.isAuthenticated()).toBe(true);
    await client.close();
    expect(client.isAuthenticated()).toBe(false);
    expect(() => sdk.Client.prototype.isAuthenticated.call({} as Client)).toThrow(TypeError);
  });

  it('fetchCurrentUser: the user of any token, without a connection; refused tokens are 401', async () => {
    const { sim, user, app, client, applicationId } = setup();
    const bob = sim.createUser({ username: 'bob' });
    const tokens = await client.getToken({ applicationId, ...(await authorized(sim, client, user)) });
    await expect(client.fetchCurrentUser(tokens.accessToken)).resolves.toEqual({ id: user.id, name: 'alice' });
    // Not the client's own token, nor of its application: still answered.
    const otherApp = sim.createApplication({ name: 'Other' });
    await expect(client.fetchCurrentUser(sim.issueToken(bob, otherApp).accessToken)).resolves.toEqual({ id: bob.id, name: 'bob' });
    expect(client.status).toBe('disconnected');
    expect(client.isAuthenticated()).toBe(false);
    const expiring = sim.issueToken(bob, app, { expiresInMs: minutes(1) }).accessToken;
    sim.advance(minutes(2));
    for (const refused of [expiring, 'no-such-token']) {
      const error = await client.fetchCurrentUser(refused).catch((e: unknown) => e);
      expect(error).toMatchObject({ type: 'HTTPError', status: 401 });
      expect(inspect(error)).not.toContain(refused);
    }
    await client.revokeToken({ applicationId, token: tokens.refreshToken });
    await expect(client.fetchCurrentUser(tokens.accessToken)).rejects.toMatchObject({ status: 401 });
    await expect(client.fetchCurrentUser('')).rejects.toThrow(RangeError);
    await expect(client.fetchCurrentUser(5 as never)).rejects.toThrow(TypeError);
    await expect(client.fetchCurrentUser('t', { tokenType: 'User' as never })).rejects.toThrow(RangeError);
    await client.close();
    await expect(client.fetchCurrentUser(tokens.accessToken)).rejects.toMatchObject({ type: 'ClientDestroyed' });
  });
});
