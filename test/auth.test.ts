// Sign-in through the public API: the default scopes and PKCE (spec "Authentication"; sdk-api.md
// §5.2-5.3).
import { createHash } from 'node:crypto';
import { inspect } from 'node:util';

import { describe, expect, it } from 'vitest';

import { sdk } from './sdk.js';
import { until, world } from './helpers.js';

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

describe('authorize', () => {
  const scopes = 'openid sdk.social_layer';

  /** A client of the world's application (not signed in) and its PKCE pair. */
  function setup() {
    const w = world();
    const client = w.sim.createClient({ applicationId: w.app.id });
    const pkce = client.createAuthorizationCodeVerifier();
    return { ...w, client, pkce, chat: w.sim.chatClient(w.user) };
  }

  it('shows a consent prompt in the chat client; approving it resolves a code for the desktop redirect URI', async () => {
    const { sim, app, client, pkce, chat } = setup();
    const pending = client.authorize({ scopes, codeChallenge: pkce.challenge, state: 'csrf-1' });
    await sim.settle();
    expect(chat.consentPrompts).toEqual([{ applicationId: app.id, scopes, windowPid: process.pid, integrationType: null, customSchemeParam: null }]);
    chat.approveConsent();
    const authorization = await pending;
    expect(authorization.code).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(authorization.redirectUri).toBe('http://127.0.0.1/callback');
    expect(chat.consentPrompts).toEqual([]);
    // The code is a secret.
    expect(inspect(authorization)).not.toContain(authorization.code);
    expect(JSON.stringify(authorization)).not.toContain(authorization.code);
    expect(client.status).toBe('disconnected');
    await client.close();
  });

  // discordpp.h, SetGameWindowPid: sign-in can happen in game through Discord's overlay; "If your
  // game's main window is not the same process as the one running the integration you may need to
  // set the window PID using this method. It defaults to the current pid."
  it("shows the prompt over the game's window: this process unless setGameWindowPid names another", async () => {
    const { sim, client, pkce, chat } = setup();
    expect(() => client.setGameWindowPid(0)).toThrow(RangeError);
    expect(() => client.setGameWindowPid(2 ** 31)).toThrow(RangeError);
    expect(() => client.setGameWindowPid('4242' as never)).toThrow(TypeError);
    client.setGameWindowPid(4242);
    const pending = client.authorize({ scopes, codeChallenge: pkce.challenge });
    await sim.settle();
    expect(chat.consentPrompts.map((prompt) => prompt.windowPid)).toEqual([4242]);
    chat.denyConsent();
    await expect(pending).rejects.toMatchObject({ type: 'AuthorizationFailed' });
    await client.close();
    expect(() => client.setGameWindowPid(4242)).not.toThrow();
  });

  it('rejects with AuthorizationFailed when the user denies it', async () => {
    const { sim, client, pkce, chat } = setup();
    const pending = client.authorize({ scopes, codeChallenge: pkce.challenge });
    await sim.settle();
    chat.denyConsent();
    await expect(pending).rejects.toMatchObject({ type: 'AuthorizationFailed' });
    expect(chat.consentPrompts).toEqual([]);
    await client.close();
  });

  it('with no chat client running, goes to the browser instead of the chat client (auth-browser.test.ts)', async () => {
    const { sim, client, pkce, chat, user } = setup();
    chat.stop();
    const inBrowser = client.authorize({ scopes, codeChallenge: pkce.challenge });
    await sim.settle();
    expect(sim.machine(user).browser.pages).toHaveLength(1);
    client.abortAuthorize();
    await expect(inBrowser).rejects.toMatchObject({ type: 'Aborted' });
    chat.start();
    const pending = client.authorize({ scopes, codeChallenge: pkce.challenge });
    await sim.settle();
    chat.approveConsent();
    await expect(pending).resolves.toMatchObject({ redirectUri: 'http://127.0.0.1/callback' });
    await client.close();
  });

  it('a prompt left hanging stays shown (hidden while the chat client is down) until the game aborts it', async () => {
    const { sim, client, pkce, chat } = setup();
    let settled = false;
    const pending = client.authorize({ scopes, codeChallenge: pkce.challenge });
    pending.then(() => (settled = true), () => (settled = true));
    await sim.settle();
    sim.advance(60 * 60 * 1000);
    await sim.settle();
    expect(settled).toBe(false);
    chat.dropRpc();
    expect(chat.consentPrompts).toEqual([]);
    expect(() => chat.approveConsent()).toThrow(RangeError);
    chat.restoreRpc();
    expect(chat.consentPrompts).toHaveLength(1);
    client.abortAuthorize();
    await expect(pending).rejects.toMatchObject({ type: 'Aborted' });
    expect(chat.consentPrompts).toEqual([]);
    expect(() => chat.approveConsent()).toThrow(RangeError);
    await client.close();
  });

  it('rejects with Aborted when its signal aborts, and sends nothing for a signal already aborted', async () => {
    const { sim, client, pkce, chat } = setup();
    const controller = new AbortController();
    const pending = client.authorize({ scopes, codeChallenge: pkce.challenge, signal: controller.signal });
    await sim.settle();
    expect(chat.consentPrompts).toHaveLength(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ type: 'Aborted' });
    expect(chat.consentPrompts).toEqual([]);
    await expect(client.authorize({ scopes, codeChallenge: pkce.challenge, signal: controller.signal })).rejects.toMatchObject({ type: 'Aborted' });
    await sim.settle();
    expect(chat.consentPrompts).toEqual([]);
    await client.close();
  });

  it('one at a time: a second authorize while one is pending is refused; close() ends the pending one', async () => {
    const { sim, client, pkce, chat } = setup();
    const first = client.authorize({ scopes, codeChallenge: pkce.challenge });
    await expect(client.authorize({ scopes, codeChallenge: pkce.challenge })).rejects.toMatchObject({ type: 'ValidationError' });
    await sim.settle();
    expect(chat.consentPrompts).toHaveLength(1);
    await client.close();
    await expect(first).rejects.toMatchObject({ type: 'ClientDestroyed' });
    expect(chat.consentPrompts).toEqual([]);
  });

  it('checks its options before sending anything', async () => {
    const { sim, client, pkce, chat } = setup();
    const challenge = pkce.challenge;
    await expect(client.authorize(undefined as never)).rejects.toThrow(TypeError);
    await expect(client.authorize({ scopes: '', codeChallenge: challenge })).rejects.toThrow('options.scopes must not be empty');
    await expect(client.authorize({ scopes, codeChallenge: 'x' as never })).rejects.toThrow(TypeError);
    await expect(client.authorize({ scopes, codeChallenge: { method: 'plain', challenge: challenge.challenge } as never })).rejects.toThrow(RangeError);
    await expect(client.authorize({ scopes, codeChallenge: { method: 'S256', challenge: 'short' } })).rejects.toThrow(RangeError);
    await expect(client.authorize({ scopes, codeChallenge: challenge, state: 7 as never })).rejects.toThrow(TypeError);
    await expect(client.authorize({ scopes, codeChallenge: challenge, signal: {} as never })).rejects.toThrow(TypeError);
    await sim.settle();
    expect(chat.consentPrompts).toEqual([]);
    await client.close();
  });
});

describe('account-link requests (onAuthorizeRequest)', () => {
  it('the chat client asks subscribed clients of the application; the handler can start the sign-in', async () => {
    const { sim, app, user } = world();
    const client = sim.createClient({ applicationId: app.id });
    const other = sim.createClient({ applicationId: sim.createApplication({ name: 'Other' }).id });
    const chat = sim.chatClient(user);
    // Nobody subscribed yet: nobody is asked.
    expect(chat.requestAccountLink(app)).toBe(0);
    let asked = 0;
    let signIn: Promise<unknown> | undefined;
    client.onAuthorizeRequest(() => {
      asked++;
      const pkce = client.createAuthorizationCodeVerifier();
      signIn = client.authorize({ scopes: 'openid sdk.social_layer', codeChallenge: pkce.challenge });
    });
    let otherAsked = 0;
    other.onAuthorizeRequest(() => otherAsked++);
    expect(chat.requestAccountLink(app.id)).toBe(1);
    await until(() => asked === 1, 'the request');
    await sim.settle();
    expect(chat.consentPrompts).toEqual([
      { applicationId: app.id, scopes: 'openid sdk.social_layer', windowPid: process.pid, integrationType: null, customSchemeParam: null },
    ]);
    chat.approveConsent();
    await expect(signIn).resolves.toMatchObject({ redirectUri: 'http://127.0.0.1/callback' });
    expect(otherAsked).toBe(0);
    await client.close();
    await other.close();
  });

  it('survives the chat client stopping or losing its connection and coming back; stops after offAuthorizeRequest', async () => {
    const { sim, app, user } = world();
    const client = sim.createClient({ applicationId: app.id });
    const chat = sim.chatClient(user);
    let asked = 0;
    client.onAuthorizeRequest(() => asked++);
    expect(chat.requestAccountLink(app)).toBe(1);
    await until(() => asked === 1, 'the first request');
    chat.stop();
    expect(() => chat.requestAccountLink(app)).toThrow(RangeError);
    chat.start();
    expect(chat.requestAccountLink(app)).toBe(1);
    await until(() => asked === 2, 'the request after the restart');
    chat.dropRpc();
    expect(() => chat.requestAccountLink(app)).toThrow(/not running/);
    chat.restoreRpc();
    expect(chat.requestAccountLink(app)).toBe(1);
    await until(() => asked === 3, 'the request after the reconnect');
    // A second onAuthorizeRequest replaces the handler.
    let replaced = 0;
    client.onAuthorizeRequest(() => replaced++);
    expect(chat.requestAccountLink(app)).toBe(1);
    await until(() => replaced === 1, 'the replaced handler');
    client.offAuthorizeRequest();
    expect(chat.requestAccountLink(app)).toBe(0);
    await sim.settle();
    expect([asked, replaced]).toEqual([3, 1]);
    expect(client.listenerCount('authorizeRequest')).toBe(0);
    await client.close();
  });

  it('ends with the client; bad input throws and changes nothing', async () => {
    const { sim, app, user } = world();
    const client = sim.createClient({ applicationId: app.id });
    const chat = sim.chatClient(user);
    expect(() => client.onAuthorizeRequest('nope' as never)).toThrow(TypeError);
    expect(chat.requestAccountLink(app)).toBe(0);
    client.onAuthorizeRequest(() => undefined);
    await client.close();
    expect(chat.requestAccountLink(app)).toBe(0);
    let closedError: unknown;
    try {
      client.onAuthorizeRequest(() => undefined);
    } catch (error) {
      closedError = error;
    }
    expect(closedError).toMatchObject({ type: 'ClientDestroyed' });
    expect(() => client.offAuthorizeRequest()).not.toThrow();
    expect(() => chat.requestAccountLink('123')).toThrow(RangeError);
    expect(() => sdk.Client.prototype.offAuthorizeRequest.call({} as never)).toThrow(TypeError);
  });
});
