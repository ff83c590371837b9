// A save that fails after a refresh (disk full, an I/O error) loses nothing: the old refresh token
// is spent, so the client keeps working on the new tokens it holds, the failure is said
// (tokenSaveFailed; kept.save() rejects) and the save is retried (issue 33, item 2).
import { afterEach, describe, expect, it } from 'vitest';

import { sdk, type Client, type Simulator, type StoredTokens, type TokenSaveFailed, type TokenStoreKey, type User } from './sdk.js';
import { signedIn } from './sign-in-helpers.js';
import { until, world } from './helpers.js';

const minutes = (n: number) => n * 60 * 1000;
/** The simulator's tokens last 7 days; tokenExpiring comes 5 minutes before. */
const untilExpiring = minutes(7 * 24 * 60 - 5);

/** A memory store whose set fails (ENOSPC) while `failing` is more than 0, counting down. */
function flakyStore() {
  const inner = new sdk.MemoryTokenStore();
  const store = {
    failing: 0,
    get: (key: TokenStoreKey) => inner.get(key),
    set(key: TokenStoreKey, tokens: StoredTokens) {
      if (store.failing > 0) {
        store.failing--;
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      }
      inner.set(key, tokens);
    },
    clear: (key: TokenStoreKey) => inner.clear(key),
  };
  return store;
}

const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

function setup() {
  const { sim, user, app } = world();
  const applicationId = app.id;
  const client = sim.createClient({ applicationId });
  clients.push(client);
  const seen = { saveFailed: [] as TokenSaveFailed[], refreshed: 0, signedOut: 0 };
  client.on('tokenSaveFailed', (event) => seen.saveFailed.push(event));
  client.on('tokenRefreshed', () => seen.refreshed++);
  client.on('signedOut', () => seen.signedOut++);
  return { sim, user, applicationId, client, seen, key: { applicationId, account: 'default' } };
}

describe('keepSignedIn: a failed save', () => {
  it('on renewal: said (tokenSaveFailed, kept.save() rejects), the session runs on the new tokens, saved once the store works', async () => {
    const { sim, user, applicationId, client, seen, key } = setup();
    const store = flakyStore();
    const first = await signedIn(sim, client, user, applicationId);
    const kept = await client.keepSignedIn({ store, applicationId, tokens: first });
    await client.connect();
    store.failing = 1000;
    sim.advance(untilExpiring);
    await until(() => seen.saveFailed.length === 1, 'the save failure to be said');
    expect(seen.saveFailed[0]!.error).toMatchObject({ code: 'ENOSPC' });
    // The session carries on past the old token's expiry, on the tokens the client holds.
    sim.advance(minutes(10));
    await expect(client.getUserGuilds()).resolves.toBeDefined();
    expect(store.get(key)?.refreshToken).toBe(first.refreshToken);
    await expect(kept.save()).rejects.toMatchObject({ code: 'ENOSPC' });
    store.failing = 0;
    await kept.save();
    const saved = store.get(key)!;
    expect(saved.refreshToken).not.toBe(first.refreshToken);
    // What was saved is the live sign-in: a restart restores it.
    await expect(client.fetchCurrentUser(saved.accessToken)).resolves.toMatchObject({ id: user.id });
    expect(seen.signedOut).toBe(0);
    await expect(kept.save()).resolves.toBeUndefined();
  });

  it('is retried by itself: one failure, then the retry saves the new tokens', async () => {
    const { sim, user, applicationId, client, seen, key } = setup();
    const store = flakyStore();
    const first = await signedIn(sim, client, user, applicationId);
    await client.keepSignedIn({ store, applicationId, tokens: first });
    await client.connect();
    store.failing = 1;
    sim.advance(untilExpiring);
    await until(() => seen.saveFailed.length === 1, 'the save failure');
    // The first retry comes 1 s later (our choice), on the wall clock.
    await until(() => store.get(key)?.refreshToken !== first.refreshToken, 'the retried save', 10000);
    await expect(client.fetchCurrentUser(store.get(key)!.accessToken)).resolves.toMatchObject({ id: user.id });
    expect(seen.saveFailed).toHaveLength(1);
  });

  it('on restore: keepSignedIn resolves signed in on the refreshed tokens, says the failure, and kept.save() saves them', async () => {
    const { sim, user, applicationId, client, seen, key } = setup();
    const store = flakyStore();
    store.set(key, await signedIn(sim, client, user, applicationId));
    const spent = store.get(key)!;
    store.failing = 1000;
    const kept = await client.keepSignedIn({ store, applicationId });
    expect(kept.signedIn).toBe(true);
    expect(seen.saveFailed).toHaveLength(1);
    await client.connect();
    await expect(client.getUserGuilds()).resolves.toBeDefined();
    store.failing = 0;
    await kept.save();
    expect(store.get(key)!.refreshToken).not.toBe(spent.refreshToken);
  });
});
