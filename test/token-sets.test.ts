// Token sets keep their secrets where copying cannot reach them (issue 33, item 5): the tokens are
// behind accessors, so `{ ...set }`, `structuredClone(set)` and `inspect(set, { customInspect:
// false })` show none of them; `revealSecrets()` is the one explicit way to copy them.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';

import { afterEach, describe, expect, it } from 'vitest';

import { approvedSignIn } from './sign-in-helpers.js';
import { rest } from './rest-server-helpers.js';
import { sdk, type Client, type SimulatedService } from './sdk.js';

const scopes = 'openid sdk.social_layer';
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Every way of copying or showing `set` that must not reach its `secrets`. */
function expectHidden(set: object, secrets: string[]): void {
  const shown = [
    inspect({ ...set }),
    inspect(structuredClone(set)),
    inspect(set, { customInspect: false, showHidden: true, depth: 5 }),
    inspect(set),
    JSON.stringify(set),
    JSON.stringify(Object.entries(set)),
    JSON.stringify(Object.assign({}, set)),
  ];
  for (const secret of secrets) {
    expect(secret.length).toBeGreaterThan(0);
    for (const text of shown) expect(text).not.toContain(secret);
  }
}

describe('token sets hide their secrets from copies', () => {
  it('the game client: getToken, refreshToken, and what the stores answer', async () => {
    const sim = new sdk.Simulator();
    const app = sim.defaultApplication;
    const user = sim.createUser({ username: 'ada' });
    const client: Client = sim.createClient({ applicationId: app.id });
    cleanups.push(() => client.close());
    const pkce = client.createAuthorizationCodeVerifier();
    const pending = client.authorize({ scopes, codeChallenge: pkce.challenge });
    await sim.settle();
    sim.chatClient(user).approveConsent();
    const granted = await client.getToken({ applicationId: app.id, codeVerifier: pkce.verifier, ...(await pending) });
    const refreshed = await client.refreshToken({ applicationId: app.id, refreshToken: granted.refreshToken });
    for (const set of [granted, refreshed]) {
      expectHidden(set, [set.accessToken, set.refreshToken]);
      expect({ ...set }).toEqual({ tokenType: 'Bearer', expiresIn: set.expiresIn, scopes: set.scopes });
      expect(set.revealSecrets()).toEqual({ accessToken: set.accessToken, refreshToken: set.refreshToken });
    }
    const key = { applicationId: app.id, account: 'default' };
    const memory = new sdk.MemoryTokenStore();
    memory.set(key, refreshed);
    const folder = mkdtempSync(join(tmpdir(), 'token-sets-'));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    const file = new sdk.EncryptedFileTokenStore({ path: join(folder, 'tokens.bin'), key: randomBytes(32) });
    await file.set(key, refreshed);
    for (const saved of [memory.get(key)!, (await file.get(key))!]) {
      expectHidden(saved, [refreshed.accessToken, refreshed.refreshToken]);
      expect(saved).toMatchObject({ accessToken: refreshed.accessToken, refreshToken: refreshed.refreshToken, scopes: refreshed.scopes });
    }
    // What keepSignedIn gives a custom store's set: hidden too; revealSecrets() serializes it.
    const given: unknown[] = [];
    const custom = { get: () => undefined, set: (_key: unknown, tokens: unknown) => void given.push(tokens), clear: () => undefined };
    await client.keepSignedIn({ store: custom, applicationId: app.id, tokens: refreshed });
    const handed = given[0] as { accessToken: string; revealSecrets(): Record<string, string> };
    expectHidden(handed, [refreshed.accessToken, refreshed.refreshToken]);
    expect(handed.revealSecrets()).toEqual({ accessToken: refreshed.accessToken, refreshToken: refreshed.refreshToken });
  });

  it("the RestClient's OAuth2TokenSet", async () => {
    const sim = new sdk.Simulator();
    const service: SimulatedService = await sim.listen({ rateLimits: 'off' });
    cleanups.push(() => service.close());
    const app = sim.defaultApplication;
    const client = new rest.RestClient({ token: service.issueBotToken(), clientId: app.id, clientSecret: service.clientSecret(), baseUrl: service.apiBase, retries: 0 });
    const user = sim.createUser({ username: 'ada' });
    const game = sim.createClient({ applicationId: app.id });
    cleanups.push(() => game.close());
    const set = await client.exchangeCode(await approvedSignIn(sim, game, user, scopes));
    expect(set.idToken).toEqual(expect.any(String));
    expectHidden(set, [set.accessToken, set.refreshToken!, set.idToken!]);
    expect(set.revealSecrets()).toEqual({ accessToken: set.accessToken, refreshToken: set.refreshToken, idToken: set.idToken });
    expect(JSON.parse(JSON.stringify(set))).toEqual({ accessToken: '[REDACTED]', refreshToken: '[REDACTED]', tokenType: 'Bearer', expiresIn: set.expiresIn, scopes: set.scopes, idToken: '[REDACTED]' });
  });
});
