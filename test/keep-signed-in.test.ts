// Staying signed in through the public API, on the simulator's virtual clock: keepSignedIn refreshes
// before each expiry (the session carries on), saves the rotated tokens, signs out on invalid_grant
// (app removed, revoked) and restores from an encrypted file after a restart.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { sdk, type Client, type SignedOut, type Simulator, type StoredTokens, type TokenStore, type User } from './sdk.js';
import { signedIn } from './sign-in-helpers.js';
import { until, world } from './helpers.js';

const minutes = (n: number) => n * 60 * 1000;
/** The simulator's tokens last 7 days; tokenExpiring comes 5 minutes before. */
const untilExpiring = minutes(7 * 24 * 60 - 5);

/** A client of a fresh world, with what it saw: statuses, refreshes and sign-outs. */
function setup() {
  const w = world();
  const applicationId = w.app.id;
  const client = w.sim.createClient({ applicationId });
  const seen = { statuses: [] as string[], refreshed: 0, signedOut: [] as SignedOut[] };
  client.on('statusChanged', ({ status, errorDetail }) => seen.statuses.push(`${status}/${errorDetail}`));
  client.on('tokenRefreshed', () => seen.refreshed++);
  client.on('signedOut', (event) => seen.signedOut.push(event));
  return { ...w, applicationId, client, seen };
}

const key = (applicationId: string, account = 'default') => ({ applicationId, account });
const invalidGrant = { type: 'HTTPError', status: 400, oauthError: 'invalid_grant' };

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function tokenFile(): string {
  const folder = mkdtempSync(join(tmpdir(), 'keep-signed-in-'));
  folders.push(folder);
  return join(folder, 'tokens.bin');
}

describe('keepSignedIn', () => {
  it('refreshes before each expiry: the session carries on, the rotated tokens are saved, the spent ones refused', async () => {
    const { sim, user, applicationId, client, seen } = setup();
    const store = new sdk.MemoryTokenStore();
    const first = await signedIn(sim, client, user, applicationId);
    const kept = await client.keepSignedIn({ store, applicationId, tokens: first });
    expect(kept.signedIn).toBe(true);
    await client.connect();
    const spent: StoredTokens[] = [first];
    for (let expiry = 1; expiry <= 3; expiry++) {
      // To the notice of the current token (each lasts 7 days from its refresh; 10 minutes were spent below).
      sim.advance(expiry === 1 ? untilExpiring : untilExpiring - minutes(10));
      await until(() => seen.refreshed === expiry, `refresh ${expiry}`);
      const saved = store.get(key(applicationId));
      expect(saved?.refreshToken).not.toBe(spent.at(-1)?.refreshToken);
      spent.push(saved as StoredTokens);
      // Past the old token's expiry: the session is still up, on the new token.
      sim.advance(minutes(10));
      await client.getUserGuilds();
      expect(client.status).toBe('ready');
    }
    expect(seen.statuses.filter((s) => s.startsWith('disconnected'))).toEqual([]);
    expect(seen.signedOut).toEqual([]);
    // Rotation: every refresh token but the newest is spent.
    await expect(client.refreshToken({ applicationId, refreshToken: spent[1]!.refreshToken })).rejects.toMatchObject(invalidGrant);
    // discordpp.h RefreshToken: the old access tokens are invalidated too; the session runs on the newest.
    for (const old of spent.slice(0, -1)) await expect(client.fetchCurrentUser(old.accessToken)).rejects.toMatchObject({ status: 401 });
    await expect(client.fetchCurrentUser(spent.at(-1)!.accessToken)).resolves.toMatchObject({ id: user.id });
    await client.close();
  });

  it('the user removing the app ends the session; the refresh is invalid_grant: store cleared, signedOut deauthorized', async () => {
    const { sim, user, app, applicationId, client, seen } = setup();
    const store = new sdk.MemoryTokenStore();
    await client.keepSignedIn({ store, applicationId, tokens: await signedIn(sim, client, user, applicationId) });
    await client.connect();
    sim.removeApplicationForUser(user, app);
    await until(() => seen.signedOut.length === 1, 'the sign-out');
    expect(seen.statuses.at(-1)).toBe('disconnected/4004');
    expect(seen.signedOut[0]).toMatchObject({ reason: 'deauthorized', error: invalidGrant });
    expect(store.get(key(applicationId))).toBeUndefined();
    // Stopped: a later expiry finds nothing to refresh, and nothing more is said.
    sim.advance(untilExpiring + minutes(10));
    await sim.settle();
    expect(seen.signedOut).toHaveLength(1);
    await client.close();
  });

  it('a ban deletes the tokens at once: the session ends, the refresh is invalid_grant, signedOut deauthorized', async () => {
    const { sim, user, applicationId, client, seen } = setup();
    const store = new sdk.MemoryTokenStore();
    await client.keepSignedIn({ store, applicationId, tokens: await signedIn(sim, client, user, applicationId) });
    await client.connect();
    sim.banUser(user);
    await until(() => seen.signedOut.length === 1, 'the sign-out');
    expect(seen.signedOut[0]).toMatchObject({ reason: 'deauthorized', error: invalidGrant });
    expect(store.get(key(applicationId))).toBeUndefined();
    await client.close();
  });

  it('a revocation by another client ends the session; the check finds invalid_grant: signedOut deauthorized', async () => {
    const { sim, user, applicationId, client, seen } = setup();
    const store = new sdk.MemoryTokenStore();
    const tokens = await signedIn(sim, client, user, applicationId);
    await client.keepSignedIn({ store, applicationId, tokens });
    await client.connect();
    // Another device of the launcher revokes; the gateway ends this session (4004).
    const other = sim.createClient({ applicationId });
    await other.revokeToken({ applicationId, token: tokens.accessToken });
    await until(() => seen.signedOut.length === 1, 'the sign-out');
    expect(seen.signedOut[0]!.reason).toBe('deauthorized');
    await other.close();
    await client.close();
  });

  it('restarts from the encrypted file: restores, refreshes at once, connects as the same user', async () => {
    const path = tokenFile();
    const passphrase = 'correct horse battery';
    const { sim, user, applicationId, client, seen } = setup();
    const first = await signedIn(sim, client, user, applicationId);
    await client.keepSignedIn({ store: new sdk.EncryptedFileTokenStore({ path, passphrase }), applicationId, tokens: first });
    await client.connect();
    sim.advance(untilExpiring);
    await until(() => seen.refreshed === 1, 'the refresh');
    await client.close();
    expect(statSync(path).mode & 0o777).toBe(0o600);

    // The next run: a new store object on the same file, a new client.
    const store = new sdk.EncryptedFileTokenStore({ path, passphrase });
    const beforeRestart = await store.get(key(applicationId));
    const again = sim.createClient({ applicationId });
    const kept = await again.keepSignedIn({ store, applicationId });
    expect(kept.signedIn).toBe(true);
    await again.connect();
    expect(again.currentUser?.id).toBe(user.id);
    const afterRestart = await store.get(key(applicationId));
    expect(afterRestart?.refreshToken).not.toBe(beforeRestart?.refreshToken);
    await expect(again.refreshToken({ applicationId, refreshToken: first.refreshToken })).rejects.toMatchObject(invalidGrant);
    await again.close();
  });

  it('restores nothing when nothing is saved; saved tokens of a removed app: signedIn false, signedOut, store cleared', async () => {
    const { sim, user, app, applicationId, client, seen } = setup();
    const store = new sdk.MemoryTokenStore();
    await expect(client.keepSignedIn({ store, applicationId })).resolves.toMatchObject({ signedIn: false });
    await expect(client.connect()).rejects.toMatchObject({ type: 'ValidationError' });
    store.set(key(applicationId, 'bob'), await signedIn(sim, client, user, applicationId));
    sim.removeApplicationForUser(user, app);
    const kept = await client.keepSignedIn({ store, applicationId, account: 'bob' });
    expect(kept.signedIn).toBe(false);
    expect(seen.signedOut).toMatchObject([{ reason: 'deauthorized' }]);
    expect(store.get(key(applicationId, 'bob'))).toBeUndefined();
    await client.close();
  });

  it('a refresh that keeps failing for another reason: signedOut refreshFailed, the store kept', async () => {
    const { sim, user, applicationId, client, seen } = setup();
    const store = new sdk.MemoryTokenStore();
    const tokens = await signedIn(sim, client, user, applicationId);
    await client.keepSignedIn({ store, applicationId, tokens });
    await client.connect();
    sim.failNext('refreshToken', { count: 3, error: { type: 'HTTPError', status: 503 } });
    sim.advance(untilExpiring);
    await until(() => seen.signedOut.length === 1, 'the sign-out');
    expect(seen.signedOut[0]).toMatchObject({ reason: 'refreshFailed', error: { type: 'HTTPError', status: 503 } });
    expect(store.get(key(applicationId))?.refreshToken).toBe(tokens.refreshToken);
    await client.close();
  });

  it('retries a failed refresh: two failures then success keeps the session', async () => {
    const { sim, user, applicationId, client, seen } = setup();
    const store = new sdk.MemoryTokenStore();
    await client.keepSignedIn({ store, applicationId, tokens: await signedIn(sim, client, user, applicationId) });
    await client.connect();
    sim.failNext('refreshToken', { count: 2, error: { type: 'NetworkError' } });
    sim.advance(untilExpiring);
    await until(() => seen.refreshed === 1, 'the refresh');
    expect(seen.signedOut).toEqual([]);
    await client.close();
  });

  it('signOut revokes (the unlink rule), clears the store and says so once', async () => {
    const { sim, user, applicationId, client, seen } = setup();
    const store = new sdk.MemoryTokenStore();
    const tokens = await signedIn(sim, client, user, applicationId);
    const kept = await client.keepSignedIn({ store, applicationId, tokens });
    await client.connect();
    await kept.signOut();
    expect(store.get(key(applicationId))).toBeUndefined();
    await expect(client.refreshToken({ applicationId, refreshToken: tokens.refreshToken })).rejects.toMatchObject(invalidGrant);
    await until(() => client.status === 'disconnected', 'the disconnect');
    await sim.settle();
    expect(seen.signedOut).toEqual([{ reason: 'signedOut' }]);
    await client.close();
  });

  it('reports a store it cannot read, with nothing changed', async () => {
    const { applicationId, client, seen } = setup();
    const failing: TokenStore = {
      get: () => Promise.reject(new sdk.TokenStoreError('token store x cannot be decrypted', 'cannotDecrypt', 'x')),
      set: () => undefined,
      clear: () => undefined,
    };
    await expect(client.keepSignedIn({ store: failing, applicationId })).rejects.toMatchObject({ reason: 'cannotDecrypt' });
    expect(seen.signedOut).toEqual([]);
    await client.close();
  });

  it('checks its options before touching the store', async () => {
    const { applicationId, client } = setup();
    const store = new sdk.MemoryTokenStore();
    await expect(client.keepSignedIn(undefined as never)).rejects.toThrow(TypeError);
    await expect(client.keepSignedIn({ store: {} as never, applicationId })).rejects.toThrow(/must be a TokenStore \(get, set and clear methods\): its get is undefined/);
    await expect(client.keepSignedIn({ store, applicationId: 'x' })).rejects.toThrow(RangeError);
    await expect(client.keepSignedIn({ store, applicationId, account: '' })).rejects.toThrow(RangeError);
    await expect(client.keepSignedIn({ store, applicationId, tokens: { accessToken: 1 } as never })).rejects.toThrow(TypeError);
    expect(store.get(key(applicationId))).toBeUndefined();
    await expect(sdk.Client.prototype.keepSignedIn.call({} as Client, { store, applicationId })).rejects.toThrow(TypeError);
    await client.close();
  });
});
