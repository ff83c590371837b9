// Provisional accounts through the public API: the application's identity provider (the harness)
// issues a token, getProvisionalToken exchanges it for a one-hour access token of the provisional
// account bound to that identity, created on first use (sdk-api.md §5.3, server-api.md §4.5).
import { inspect } from 'node:util';

import { describe, expect, it } from 'vitest';

import { sdk } from './sdk.js';
import { until, world } from './helpers.js';

const hour = 60 * 60 * 1000;
const invalidExternalToken = { type: 'HTTPError', status: 403, code: 50025 };

function setup() {
  const w = world({ build: 'debug' });
  const client = w.sim.createClient({ applicationId: w.app.id, logLevel: 'verbose' });
  return { ...w, client, applicationId: w.app.id, provider: w.sim.identityProvider(w.app) };
}

describe('getProvisionalToken', () => {
  it('creates a provisional account on first use; one hour, no refresh token; the same identity signs in to the same account', async () => {
    const { sim, client, applicationId, provider } = setup();
    const externalAuthToken = provider.issueToken({ subject: 'player-42' });
    const tokens = await client.getProvisionalToken({ applicationId, externalAuthType: 'OIDC', externalAuthToken });
    expect(tokens).toMatchObject({ refreshToken: '', tokenType: 'Bearer', expiresIn: 3600, scopes: 'sdk.social_layer' });
    expect(inspect(tokens)).not.toContain(tokens.accessToken);
    await client.updateToken(tokens.accessToken);
    await client.connect();
    const account = client.currentUser;
    expect(account?.isProvisional).toBe(true);
    await expect(client.fetchCurrentUser(tokens.accessToken)).resolves.toMatchObject({ id: account?.id });
    // The next session: a fresh provider token of the same player, the same account.
    const again = await client.getProvisionalToken({ applicationId, externalAuthType: 'OIDC', externalAuthToken: provider.issueToken({ subject: 'player-42' }) });
    await expect(client.fetchCurrentUser(again.accessToken)).resolves.toMatchObject({ id: account?.id });
    // Another player, or the same subject of another provider type: another account.
    const other = await client.getProvisionalToken({ applicationId, externalAuthType: 'OIDC', externalAuthToken: provider.issueToken({ subject: 'player-43' }) });
    const steam = await client.getProvisionalToken({
      applicationId,
      externalAuthType: 'SteamSessionTicket',
      externalAuthToken: provider.issueToken({ subject: 'player-42', type: 'SteamSessionTicket' }),
    });
    const ids = await Promise.all([other, steam].map(async (t) => (await client.fetchCurrentUser(t.accessToken)).id));
    expect(new Set([account?.id, ...ids]).size).toBe(3);
    // One hour on the simulator's clock: the session ends as with any expired token.
    sim.advance(hour);
    await until(() => client.status === 'disconnected', 'the expiry');
    await expect(client.connect()).rejects.toMatchObject({ type: 'AuthorizationFailed' });
    await client.close();
  });

  it('refuses a provider token that is unknown, of another application or type, or expired (403, 50025); no token in any log line', async () => {
    const { sim, client, applicationId, provider } = setup();
    const lines: string[] = [];
    client.on('log', ({ message }) => lines.push(message));
    const accepted = provider.issueToken({ subject: 'q' });
    const granted = await client.getProvisionalToken({ applicationId, externalAuthType: 'OIDC', externalAuthToken: accepted });
    const otherApp = sim.createApplication({ name: 'Other' });
    const foreign = sim.identityProvider(otherApp).issueToken({ subject: 'p' });
    const short = provider.issueToken({ subject: 'p', expiresInMs: 1000 });
    sim.advance(1000);
    for (const [externalAuthType, externalAuthToken] of [
      ['OIDC', 'not-a-provider-token'],
      ['OIDC', foreign],
      ['AppleIdToken', provider.issueToken({ subject: 'p' })],
      ['OIDC', short],
    ] as const) {
      const error = await client.getProvisionalToken({ applicationId, externalAuthType, externalAuthToken }).catch((e: unknown) => e);
      expect(error).toMatchObject(invalidExternalToken);
      expect(inspect(error)).not.toContain(externalAuthToken);
    }
    await client.updateToken(granted.accessToken);
    await client.connect();
    await client.close();
    expect(lines.some((line) => line.includes('/partner-sdk/token'))).toBe(true);
    expect(lines.filter((line) => [accepted, foreign, short, granted.accessToken].some((secret) => line.includes(secret)))).toEqual([]);
  });

  it('checks its options before sending anything; the harness checks its own', async () => {
    const { sim, client, applicationId, provider } = setup();
    await expect(client.getProvisionalToken(undefined as never)).rejects.toThrow(TypeError);
    await expect(client.getProvisionalToken({ applicationId, externalAuthType: 'Facebook' as never, externalAuthToken: 't' })).rejects.toThrow(RangeError);
    await expect(client.getProvisionalToken({ applicationId, externalAuthType: 'OIDC', externalAuthToken: '' })).rejects.toThrow(RangeError);
    await expect(client.getProvisionalToken({ applicationId: 'x', externalAuthType: 'OIDC', externalAuthToken: 't' })).rejects.toThrow(RangeError);
    expect(() => provider.issueToken({ subject: '' })).toThrow(RangeError);
    expect(() => provider.issueToken({ subject: 's', type: 'Nope' as never })).toThrow(RangeError);
    expect(() => sim.identityProvider('424242').issueToken({ subject: 's' })).toThrow(RangeError);
    expect(sdk.SimulatedIdentityProvider).toBeTypeOf('function');
    await client.close();
  });
});

describe('updateProvisionalAccountDisplayName', () => {
  it('sets the provisional account\'s display name; others who see it are told; a full account is refused', async () => {
    const { sim, user, app, client, applicationId, provider } = setup();
    const tokens = await client.getProvisionalToken({ applicationId, externalAuthType: 'OIDC', externalAuthToken: provider.issueToken({ subject: 'p1' }) });
    await expect(client.updateProvisionalAccountDisplayName('Nova')).rejects.toMatchObject({ type: 'ClientNotReady' });
    await client.updateToken(tokens.accessToken);
    await client.connect();
    const me = client.currentUser!;
    // A game friend sees the change.
    const friend = await sim.connectClient(user, { application: app });
    sim.setFriends(user, me.id, { discord: false, game: true });
    await sim.settle();
    const updates: string[] = [];
    friend.on('userUpdated', ({ userId }) => updates.push(userId));
    await client.updateProvisionalAccountDisplayName('Nova');
    expect(client.currentUser?.displayName).toBe('Nova');
    await until(() => updates.includes(me.id), 'the friend\'s userUpdated');
    expect(friend.getUser(me.id)?.displayName).toBe('Nova');
    await expect(client.updateProvisionalAccountDisplayName('')).rejects.toThrow(RangeError);
    await expect(client.updateProvisionalAccountDisplayName('x'.repeat(33))).rejects.toThrow(RangeError);
    await expect(client.updateProvisionalAccountDisplayName(7 as never)).rejects.toThrow(TypeError);
    expect(client.currentUser?.displayName).toBe('Nova');
    await expect(friend.updateProvisionalAccountDisplayName('Nope')).rejects.toMatchObject({ type: 'HTTPError', status: 400 });
    expect(friend.currentUser?.displayName).toBe(user.displayName);
    await friend.close();
    await client.close();
  });
});

/** `user` approves a sign-in of `client` in the chat client: the code, its redirect URI and the verifier. */
async function approvedBy(sim: ReturnType<typeof setup>['sim'], client: ReturnType<typeof setup>['client'], user: { id: string }) {
  const pkce = client.createAuthorizationCodeVerifier();
  const pending = client.authorize({ scopes: 'openid sdk.social_layer', codeChallenge: pkce.challenge });
  await sim.settle();
  sim.chatClient(user.id).approveConsent();
  const { code, redirectUri } = await pending;
  return { code, redirectUri, codeVerifier: pkce.verifier };
}

describe('merging and bans', () => {
  it('merges a provisional account into a full one; a ban deletes the tokens, leaves a restricted account (530017) until the unban', async () => {
    const { sim, user: alice, client, applicationId, provider } = setup();
    const bob = sim.createUser({ username: 'bob' });
    const identity = () => ({ externalAuthType: 'OIDC' as const, externalAuthToken: provider.issueToken({ subject: 'p7' }) });
    const provisional = await client.getProvisionalToken({ applicationId, ...identity() });
    await client.updateToken(provisional.accessToken);
    await client.connect();
    const provisionalId = client.currentUser!.id;

    // The player links Alice's chat account: the merge answers her tokens, the provisional session ends.
    const merged = await client.getTokenFromProvisionalMerge({ applicationId, ...(await approvedBy(sim, client, alice)), ...identity() });
    client.provisionalUserMergeCompleted(true);
    await expect(client.fetchCurrentUser(merged.accessToken)).resolves.toMatchObject({ id: alice.id });
    await until(() => client.status === 'disconnected', 'the provisional session ending');
    await expect(client.fetchCurrentUser(provisional.accessToken)).rejects.toMatchObject({ status: 401 });
    // The identity now belongs to a full account: sign in with OAuth2 (530010).
    await expect(client.getProvisionalToken({ applicationId, ...identity() })).rejects.toMatchObject({ type: 'HTTPError', status: 400, code: 530010 });
    await client.updateToken(merged.accessToken);
    await client.connect();

    // Alice is banned: her tokens go at once (the session ends, a refresh is invalid_grant) ...
    expect(sim.banUser(alice)).toBe(1);
    await until(() => client.status === 'disconnected', 'the ban ending the session');
    await expect(client.refreshToken({ applicationId, refreshToken: merged.refreshToken })).rejects.toMatchObject({ oauthError: 'invalid_grant' });
    // ... and the identity signs in to a new provisional account, neither hers nor the old one.
    const restricted = await client.getProvisionalToken({ applicationId, ...identity() });
    const restrictedUser = await client.fetchCurrentUser(restricted.accessToken);
    expect([alice.id, provisionalId]).not.toContain(restrictedUser.id);
    // Every merge fails with 530017 while the ban lasts, whoever approves it.
    for (const approver of [bob, bob]) {
      await expect(client.getTokenFromProvisionalMerge({ applicationId, ...(await approvedBy(sim, client, approver)), ...identity() }))
        .rejects.toMatchObject({ type: 'HTTPError', status: 400, code: 530017 });
    }
    client.provisionalUserMergeCompleted(false);
    // The unban restores merging.
    sim.unbanUser(alice);
    const relinked = await client.getTokenFromProvisionalMerge({ applicationId, ...(await approvedBy(sim, client, bob)), ...identity() });
    await expect(client.fetchCurrentUser(relinked.accessToken)).resolves.toMatchObject({ id: bob.id });
    expect(() => sim.banUser('424242')).toThrow(RangeError);
    await client.close();
  });

  it('unmerges: the identity leaves the full account for a new provisional one, the full account\'s tokens end', async () => {
    const { sim, user: alice, client, applicationId, provider } = setup();
    const identity = (subject = 'u1') => ({ applicationId, externalAuthType: 'OIDC' as const, externalAuthToken: provider.issueToken({ subject }) });
    const first = await client.getProvisionalToken(identity());
    const firstId = (await client.fetchCurrentUser(first.accessToken)).id;
    // Not merged yet: the account is provisional (50229); an identity never seen has none (404).
    await expect(client.unmergeIntoProvisionalAccount(identity())).rejects.toMatchObject({ status: 400, code: 50229 });
    await expect(client.unmergeIntoProvisionalAccount(identity('never-seen'))).rejects.toMatchObject({ status: 404 });
    await expect(client.unmergeIntoProvisionalAccount({ ...identity(), externalAuthToken: 'bad' })).rejects.toMatchObject({ status: 403, code: 50025 });
    const merged = await client.getTokenFromProvisionalMerge({ ...(await approvedBy(sim, client, alice)), ...identity() });
    await client.updateToken(merged.accessToken);
    await client.connect();
    await client.unmergeIntoProvisionalAccount(identity());
    await until(() => client.status === 'disconnected', 'the full account\'s session ending');
    await expect(client.refreshToken({ applicationId, refreshToken: merged.refreshToken })).rejects.toMatchObject({ oauthError: 'invalid_grant' });
    const after = await client.getProvisionalToken(identity());
    const afterId = (await client.fetchCurrentUser(after.accessToken)).id;
    expect([alice.id, firstId]).not.toContain(afterId);
    await expect(client.unmergeIntoProvisionalAccount({ ...identity(), externalAuthType: 'Nope' as never })).rejects.toThrow(RangeError);
    await client.close();
  });

  it('refuses a merge with a bad provider token (50025) or code (invalid_grant), and checks its options', async () => {
    const { sim, user, client, applicationId, provider } = setup();
    const grant = await approvedBy(sim, client, user);
    await expect(client.getTokenFromProvisionalMerge({ applicationId, ...grant, externalAuthType: 'OIDC', externalAuthToken: 'nope' }))
      .rejects.toMatchObject({ status: 403, code: 50025 });
    await expect(client.getTokenFromProvisionalMerge({ applicationId, ...grant, codeVerifier: 'w'.repeat(43), externalAuthType: 'OIDC', externalAuthToken: provider.issueToken({ subject: 'x' }) }))
      .rejects.toMatchObject({ oauthError: 'invalid_grant' });
    await expect(client.getTokenFromProvisionalMerge({ applicationId, ...grant, externalAuthType: 'Nope' as never, externalAuthToken: 't' })).rejects.toThrow(RangeError);
    expect(() => client.provisionalUserMergeCompleted('yes' as never)).toThrow(TypeError);
    await client.close();
  });
});

