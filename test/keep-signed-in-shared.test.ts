// Two clients (a launcher and its game, or a launcher started twice) keeping one player signed in
// from one token file, each with its own store object: restore and renewal are serialized by the
// store's lock, the store is re-read before anything is concluded from invalid_grant, and an entry
// that changed since it was read is never cleared (issue 33, item 1).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { sdk, type Client, type SignedOut, type Simulator, type User } from './sdk.js';
import { signedIn } from './sign-in-helpers.js';
import { world } from './helpers.js';

const invalidGrant = { type: 'HTTPError', status: 400, oauthError: 'invalid_grant' };

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function tokenFile(): string {
  const folder = mkdtempSync(join(tmpdir(), 'keep-signed-in-shared-'));
  folders.push(folder);
  return join(folder, 'tokens.bin');
}

describe('keepSignedIn: two clients, one saved sign-in', () => {
  it('two clients with separate store objects on one file restore one sign-in 100 times: 0 lost, 0 false deauthorized', async () => {
    const { sim, user, app } = world();
    const applicationId = app.id;
    const path = tokenFile();
    const fileKey = randomBytes(32);
    const storeObject = () => new sdk.EncryptedFileTokenStore({ path, key: fileKey });
    const key = { applicationId, account: 'default' };
    const first = sim.createClient({ applicationId });
    await first.keepSignedIn({ store: storeObject(), applicationId, tokens: await signedIn(sim, first, user, applicationId) });
    await first.close();

    const signedOut: SignedOut[] = [];
    let lost = 0;
    let notSignedIn = 0;
    for (let trial = 0; trial < 100; trial++) {
      const launcher = sim.createClient({ applicationId });
      const game = sim.createClient({ applicationId });
      for (const client of [launcher, game]) client.on('signedOut', (event) => signedOut.push(event));
      const kept = await Promise.all([launcher, game].map((client) => client.keepSignedIn({ store: storeObject(), applicationId })));
      notSignedIn += kept.filter((k) => !k.signedIn).length;
      const saved = await storeObject().get(key);
      if (!saved) lost++;
      await Promise.all([launcher.close(), game.close()]);
    }
    expect({ lost, notSignedIn, signedOut }).toEqual({ lost: 0, notSignedIn: 0, signedOut: [] });
    // What is saved is a live sign-in of the player.
    const saved = await storeObject().get(key);
    const check = sim.createClient({ applicationId });
    await expect(check.fetchCurrentUser(saved!.accessToken)).resolves.toMatchObject({ id: user.id });
    await check.close();
  });

  it('both clients keep working: the one whose tokens the other restored picks them up from the store', async () => {
    const { sim, user, app } = world();
    const applicationId = app.id;
    const store = new sdk.MemoryTokenStore();
    const launcher = sim.createClient({ applicationId });
    const game = sim.createClient({ applicationId });
    await launcher.keepSignedIn({ store, applicationId, tokens: await signedIn(sim, launcher, user, applicationId) });
    await launcher.connect();
    // The game starts later and restores the same sign-in: its refresh spends the launcher's tokens
    // (discordpp.h RefreshToken: "the old access and refresh tokens are both invalidated").
    await expect(game.keepSignedIn({ store, applicationId })).resolves.toMatchObject({ signedIn: true });
    await game.connect();
    await expect(game.getUserGuilds()).resolves.toBeDefined();
    // The launcher is told through the store and hands the new access token to updateToken.
    const saved = store.get({ applicationId, account: 'default' })!;
    await expect(launcher.fetchCurrentUser(saved.accessToken)).resolves.toMatchObject({ id: user.id });
    await expect(launcher.getUserGuilds()).resolves.toBeDefined();
    await Promise.all([launcher.close(), game.close()]);
  });

  it('a refused refresh clears nothing when the store changed since it was read', async () => {
    const { sim, user, app } = world();
    const applicationId = app.id;
    const key = { applicationId, account: 'default' };
    const inner = new sdk.MemoryTokenStore();
    const client = sim.createClient({ applicationId });
    const spent = await signedIn(sim, client, user, applicationId);
    const renewed = await client.refreshToken({ applicationId, refreshToken: spent.refreshToken });
    inner.set(key, spent);
    // A store that another process writes between this client's read and its refresh.
    let reads = 0;
    const store = {
      get: (k: typeof key) => {
        const answer = inner.get(k);
        if (++reads === 1) inner.set(key, renewed);
        return answer;
      },
      set: (k: typeof key, t: Parameters<typeof inner.set>[1]) => inner.set(k, t),
      clear: (k: typeof key) => inner.clear(k),
    };
    const seen: SignedOut[] = [];
    client.on('signedOut', (event) => seen.push(event));
    await expect(client.refreshToken({ applicationId, refreshToken: spent.refreshToken })).rejects.toMatchObject(invalidGrant);
    const kept = await client.keepSignedIn({ store, applicationId });
    expect(kept.signedIn).toBe(true);
    expect(seen).toEqual([]);
    expect(inner.get(key)).toBeDefined();
    await client.close();
  });
});
