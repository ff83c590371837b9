// Sign-in through the public API: the default scopes and PKCE (spec "Authentication"; sdk-api.md
// §5.2-5.3).
import { createHash } from 'node:crypto';
import { inspect } from 'node:util';

import { describe, expect, it } from 'vitest';

import { sdk } from './sdk.js';
import { world } from './helpers.js';

describe('default scopes', () => {
  it('are the SDK values, as static methods of Client', () => {
    expect(sdk.Client.getDefaultPresenceScopes()).toBe('openid sdk.social_layer_presence');
    expect(sdk.Client.getDefaultCommunicationScopes()).toBe('openid sdk.social_layer');
  });
});

describe('createAuthorizationCodeVerifier', () => {
  it('makes a verifier whose S256 challenge is base64url(SHA-256(verifier))', async () => {
    const { sim, app } = world();
    const client = sim.createClient({ applicationId: app.id });
    const pair = client.createAuthorizationCodeVerifier();
    expect(pair.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(pair.challenge.method).toBe('S256');
    expect(pair.challenge.challenge).toBe(createHash('sha256').update(pair.verifier).digest('base64url'));
    await client.close();
  });

  it('makes a different verifier every time, without a token or a connection', async () => {
    const { sim, app } = world();
    const client = sim.createClient({ applicationId: app.id });
    const verifiers = new Set(Array.from({ length: 20 }, () => client.createAuthorizationCodeVerifier().verifier));
    expect(verifiers.size).toBe(20);
    expect(client.status).toBe('disconnected');
    await client.close();
  });

  it('keeps the verifier out of inspect and JSON output', async () => {
    const { sim, app } = world();
    const client = sim.createClient({ applicationId: app.id });
    const pair = client.createAuthorizationCodeVerifier();
    for (const shown of [inspect(pair, { depth: 5, showHidden: true }), JSON.stringify(pair), inspect({ pair })]) {
      expect(shown).not.toContain(pair.verifier);
      expect(shown).toContain(pair.challenge.challenge);
    }
    await client.close();
  });

  it('throws ClientDestroyed on a closed client and a TypeError on a foreign receiver', async () => {
    const { sim, app } = world();
    const client = sim.createClient({ applicationId: app.id });
    await client.close();
    expect(() => client.createAuthorizationCodeVerifier()).toThrow(expect.objectContaining({ type: 'ClientDestroyed' }));
    const method = sdk.Client.prototype.createAuthorizationCodeVerifier;
    expect(() => method.call({})).toThrow(TypeError);
  });
});
