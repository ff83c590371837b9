// authorize() without a running chat client: the browser fallback and its loopback redirect.
// Sources: discordpp.h 1.9.16441, Client::Authorize ("## Overlay": "the SDK will fall back to
// using a browser window"; "## Redirects": desktop `http://127.0.0.1/callback`, "The SDK will then
// spin up a local webserver to handle the OAuth2 redirects"; "## Security": "the SDK automatically
// attaches a state and checks it"), AuthorizationArgs::State ("the SDK will automatically generate
// a secure random value"), AbortAuthorize ("this *will not* close authorization windows presented
// to the user"); discord-api-docs communication-features.mdx: "Authorization flow launches
// (Overlay > Discord Client > Browser fallback)".
import { inspect } from 'node:util';

import { describe, expect, it } from 'vitest';

import { world } from './helpers.js';

const scopes = 'openid sdk.social_layer';

/** A client not signed in, and alice's chat client stopped: the only chat client of the world. */
function setup() {
  const w = world();
  const client = w.sim.createClient({ applicationId: w.app.id });
  const pkce = client.createAuthorizationCodeVerifier();
  w.sim.chatClient(w.user).stop();
  return { ...w, client, pkce, browser: w.sim.machine(w.user).browser };
}

describe('authorize() falls back to the browser', () => {
  it('opens the authorize page for the loopback redirect; approving it redirects to the SDK, whose authorize() resolves the code', async () => {
    const { sim, app, user, client, pkce, browser } = setup();
    const pending = client.authorize({ scopes, codeChallenge: pkce.challenge, state: 'csrf-1' });
    await sim.settle();
    expect(sim.chatClient(user).consentPrompts).toEqual([]);
    expect(browser.pages).toHaveLength(1);
    const page = new URL(browser.pages[0]!);
    expect(`${page.origin}${page.pathname}`).toBe('https://discord.com/oauth2/authorize');
    expect(Object.fromEntries(page.searchParams)).toEqual({
      response_type: 'code',
      client_id: app.id,
      scope: scopes,
      redirect_uri: 'http://127.0.0.1/callback',
      state: 'csrf-1',
      code_challenge: pkce.challenge.challenge,
      code_challenge_method: 'S256',
    });
    const redirect = new URL(browser.approveAuthorization());
    expect(`${redirect.origin}${redirect.pathname}`).toBe('http://127.0.0.1/callback');
    expect(redirect.searchParams.get('state')).toBe('csrf-1');
    const authorization = await pending;
    expect(authorization).toMatchObject({ code: redirect.searchParams.get('code'), redirectUri: 'http://127.0.0.1/callback' });
    expect(inspect(authorization)).not.toContain(authorization.code);
    expect(browser.pages).toEqual([]);
    // The code is the service's: it exchanges for the approving user's tokens.
    const tokens = await client.getToken({ applicationId: app.id, code: authorization.code, codeVerifier: pkce.verifier, redirectUri: authorization.redirectUri });
    await client.updateToken(tokens.accessToken);
    await client.connect();
    expect(client.currentUser?.id).toBe(user.id);
    await client.close();
  });

  it('the SDK makes the state when the game leaves it unset: a fresh random value per authorization', async () => {
    const { sim, client, pkce, browser } = setup();
    const states: string[] = [];
    for (let i = 0; i < 2; i++) {
      const pending = client.authorize({ scopes, codeChallenge: pkce.challenge });
      await sim.settle();
      states.push(new URL(browser.pages[0]!).searchParams.get('state') ?? '');
      expect(new URL(browser.approveAuthorization()).searchParams.get('state')).toBe(states[i]);
      await pending;
    }
    expect(states[0]).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(states[1]).not.toBe(states[0]);
    await client.close();
  });

  it('a user who cancels: redirect with error=access_denied, authorize() rejects with AuthorizationFailed', async () => {
    const { sim, client, pkce, browser } = setup();
    const pending = client.authorize({ scopes, codeChallenge: pkce.challenge, state: 's' });
    await sim.settle();
    const redirect = new URL(browser.denyAuthorization());
    expect(Object.fromEntries(redirect.searchParams)).toEqual({ error: 'access_denied', state: 's' });
    await expect(pending).rejects.toMatchObject({ type: 'AuthorizationFailed' });
    expect(() => browser.approveAuthorization()).toThrow(RangeError);
    await client.close();
  });

  it('abortAuthorize() leaves the page open; its redirect then reaches no one, and a new authorize() opens its own page', async () => {
    const { sim, client, pkce, browser } = setup();
    const aborted = client.authorize({ scopes, codeChallenge: pkce.challenge, state: 'first' });
    await sim.settle();
    client.abortAuthorize();
    await expect(aborted).rejects.toMatchObject({ type: 'Aborted' });
    expect(browser.pages).toHaveLength(1);
    const next = client.authorize({ scopes, codeChallenge: pkce.challenge, state: 'second' });
    await sim.settle();
    expect(browser.pages).toHaveLength(2);
    // The user approves the old page (oldest first): nothing waits on it.
    expect(new URL(browser.approveAuthorization()).searchParams.get('state')).toBe('first');
    expect(new URL(browser.approveAuthorization()).searchParams.get('state')).toBe('second');
    await expect(next).resolves.toMatchObject({ redirectUri: 'http://127.0.0.1/callback' });
    await client.close();
  });

  it('uses a running chat client first; the browser only when no chat client is reachable', async () => {
    const { sim, user, client, pkce, browser } = setup();
    sim.chatClient(user).start();
    const pending = client.authorize({ scopes, codeChallenge: pkce.challenge });
    await sim.settle();
    expect(browser.pages).toEqual([]);
    expect(sim.chatClient(user).consentPrompts).toHaveLength(1);
    sim.chatClient(user).approveConsent();
    await pending;
    await client.close();
  });

  it('a closed client leaves its page; answering it changes nothing', async () => {
    const { sim, client, pkce, browser } = setup();
    const pending = client.authorize({ scopes, codeChallenge: pkce.challenge });
    await sim.settle();
    await client.close();
    await expect(pending).rejects.toMatchObject({ type: 'ClientDestroyed' });
    expect(browser.pages).toHaveLength(1);
    expect(browser.approveAuthorization()).toMatch(/^http:\/\/127\.0\.0\.1\/callback\?code=/);
  });
});

describe('browser harness input', () => {
  it('refuses malformed pages with nothing opened', () => {
    const { sim, browser } = setup();
    expect(() => browser.open(42 as unknown as string)).toThrow(TypeError);
    expect(() => browser.open('not a url')).toThrow(RangeError);
    expect(() => browser.open('ftp://example.com/')).toThrow(RangeError);
    expect(() => browser.open('https://discord.com/oauth2/authorize?response_type=token&client_id=1&scope=openid&redirect_uri=https://a.example/cb')).toThrow(RangeError);
    expect(() => browser.open('https://discord.com/oauth2/authorize?response_type=code&client_id=999&scope=openid&redirect_uri=https://a.example/cb')).toThrow(RangeError);
    expect(() => browser.open(`https://discord.com/oauth2/authorize?response_type=code&client_id=${sim.defaultApplication.id}&scope=openid`)).toThrow(RangeError);
    expect(() => browser.approveAuthorization()).toThrow(RangeError);
    expect(browser.pages).toEqual([]);
  });
});
