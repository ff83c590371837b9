// The simulated service's 429s as the public rate-limit docs describe them, and App Testers.
// Source of the 429 rules: discord/discord-api-docs developers/topics/rate-limits.mdx, "Header
// Format" (X-RateLimit-Scope "Returned only on HTTP 429 responses"), "Rate Limit Response
// Structure" (message, retry_after, global, code? "for some limits") and the three example
// responses (user, shared, global); server-api.md §6.1 says the same.
import { describe, expect, it } from 'vitest';

import { sdk } from './sdk.js';
import { serve } from './service-helpers.js';

const BUCKET_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'x-ratelimit-reset-after', 'x-ratelimit-bucket'];

describe('429 answers (rate-limits.mdx)', () => {
  it("a spent route budget answers the docs' user-limit example: bucket headers, scope user, and a body of message, retry_after and global only", async () => {
    const sim = new sdk.Simulator();
    const { service, call } = await serve(sim);
    service.setRateLimit('POST /lobbies', { limit: 1, windowMs: 8_000 });
    const ok = await call('POST', '/lobbies', { body: {} });
    expect(ok.status).toBe(201);
    // "Returned only on HTTP 429 responses": a success carries no scope.
    expect(ok.headers.get('x-ratelimit-scope')).toBeNull();
    sim.advance(500);
    const limited = await call('POST', '/lobbies', { body: {} });
    expect(limited.status).toBe(429);
    // The docs' example body has no code: "code? ... for some limits" only.
    expect(limited.body).toEqual({ message: 'You are being rate limited.', retry_after: 7.5, global: false });
    expect(limited.headers.get('retry-after')).toBe('8');
    expect(limited.headers.get('x-ratelimit-scope')).toBe('user');
    expect(limited.headers.get('x-ratelimit-global')).toBeNull();
    for (const name of BUCKET_HEADERS) expect(limited.headers.get(name), name).not.toBeNull();
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('x-ratelimit-reset-after')).toBe('7.500');
    expect(limited.headers.get('x-ratelimit-bucket')).toBe(ok.headers.get('x-ratelimit-bucket'));
  });

  it("a spent global budget answers the docs' global example: Retry-After, X-RateLimit-Global, scope global, global: true", async () => {
    const sim = new sdk.Simulator();
    const { service, call } = await serve(sim, { rateLimits: 'off' });
    service.setGlobalRateLimit({ limit: 1, windowMs: 2_000 });
    expect((await call('POST', '/lobbies', { body: {} })).status).toBe(201);
    const limited = await call('POST', '/lobbies', { body: {} });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'You are being rate limited.', retry_after: 2, global: true });
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(limited.headers.get('x-ratelimit-global')).toBe('true');
    expect(limited.headers.get('x-ratelimit-scope')).toBe('global');
  });

  it('a planned 429 (failNext) carries the headers and body of a real one', async () => {
    const sim = new sdk.Simulator();
    const { service, call } = await serve(sim);
    service.failNext('POST /lobbies', { status: 429, retryAfter: 7 });
    const limited = await call('POST', '/lobbies', { body: {} });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'You are being rate limited.', retry_after: 7, global: false });
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(limited.headers.get('x-ratelimit-scope')).toBe('user');
    for (const name of BUCKET_HEADERS) expect(limited.headers.get(name), name).not.toBeNull();
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('x-ratelimit-reset-after')).toBe('7.000');
    expect(Math.round(Number(limited.headers.get('x-ratelimit-reset')) * 1000)).toBe(sim.now() + 7_000);
    // The route's development budget (100 per 2 h) is the bucket's limit; the refused request used none of it.
    expect(limited.headers.get('x-ratelimit-limit')).toBe('100');
    expect((await call('POST', '/lobbies', { body: {} })).headers.get('x-ratelimit-remaining')).toBe('99');
  });

  it('a planned 429 of the global scope, and of the shared scope, which the invalid-request count leaves out', async () => {
    const sim = new sdk.Simulator();
    const { service, call } = await serve(sim);
    service.failNext('POST /lobbies', { status: 429, retryAfter: 3, scope: 'global' });
    const global = await call('POST', '/lobbies', { body: {} });
    expect(global.body).toEqual({ message: 'You are being rate limited.', retry_after: 3, global: true });
    expect(global.headers.get('x-ratelimit-global')).toBe('true');
    expect(global.headers.get('x-ratelimit-scope')).toBe('global');
    expect(service.invalidRequestCount).toBe(1);
    // "429 errors returned with X-RateLimit-Scope: shared are not counted against you."
    service.failNext('POST /lobbies', { status: 429, retryAfter: 60, scope: 'shared' });
    const shared = await call('POST', '/lobbies', { body: {} });
    expect(shared.body).toEqual({ message: 'The resource is being rate limited.', retry_after: 60, global: false });
    expect(shared.headers.get('x-ratelimit-scope')).toBe('shared');
    expect(shared.headers.get('retry-after')).toBe('60');
    // The caller's own bucket is not spent: the shared example shows its real Remaining.
    expect(shared.headers.get('x-ratelimit-remaining')).toBe('100');
    expect(service.invalidRequestCount).toBe(1);
  });

  it('a planned 429 with a code sends it ("code? ... for some limits"); other refusals keep { code, message }', async () => {
    const sim = new sdk.Simulator();
    const { service, call } = await serve(sim);
    service.failNext('POST /lobbies', { status: 429, code: 20016, retryAfter: 1, message: 'This action cannot be performed due to slowmode rate limit.' });
    expect((await call('POST', '/lobbies', { body: {} })).body).toEqual({
      message: 'This action cannot be performed due to slowmode rate limit.',
      retry_after: 1,
      global: false,
      code: 20016,
    });
    service.failNext('POST /lobbies', { status: 503, code: 0, message: 'down' });
    expect((await call('POST', '/lobbies', { body: {} })).body).toEqual({ code: 0, message: 'down' });
    expect((await call('GET', '/lobbies/1')).body).toEqual({ code: 10031, message: expect.any(String) });
  });

  it('refuses a scope on anything but a 429, and an unknown scope, changing nothing', async () => {
    const sim = new sdk.Simulator();
    const { service, call } = await serve(sim);
    expect(() => service.failNext('POST /lobbies', { status: 503, scope: 'user' })).toThrow(new RangeError('failure.scope is only for a 429, got status 503'));
    expect(() => service.failNext('POST /lobbies', { status: 429, scope: 'bucket' as 'user' })).toThrow(RangeError);
    expect((await call('POST', '/lobbies', { body: {} })).status).toBe(201);
  });
});

describe('App Testers', () => {
  // Source: discord/discord-api-docs developers/discord-social-sdk/development-guides/
  // provisional-accounts/merging-accounts.mdx: "add your QA users to your application's App
  // Testers list to avoid hitting rate limits during testing". That the exemption covers the
  // development budgets of every route (developers/discord-social-sdk/core-concepts/
  // communication-features.mdx, "Development Rate Limits") is our choice: the docs name no other.
  it("an App Tester's Bearer requests skip the development budgets and do not spend the application's", async () => {
    const sim = new sdk.Simulator();
    const app = sim.defaultApplication;
    const [tester, player] = [sim.createUser({ username: 'qa' }), sim.createUser({ username: 'player' })];
    const { service, call } = await serve(sim);
    service.setAppTester(tester, true);
    expect(service.isAppTester(tester)).toBe(true);
    expect(service.isAppTester(player)).toBe(false);
    const testerToken = sim.issueToken(tester, app).accessToken;
    const playerToken = sim.issueToken(player, app).accessToken;
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) statuses.push((await call('PUT', '/lobbies', { bearer: testerToken, body: { secret: `qa-${i}` } })).status);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    // The development limits are per application: the tester's 101 requests spent none of it.
    const first = await call('PUT', '/lobbies', { bearer: playerToken, body: { secret: 'p' } });
    expect(first.headers.get('x-ratelimit-remaining')).toBe('99');
    service.setAppTester(tester, false);
    const counted = await call('PUT', '/lobbies', { bearer: testerToken, body: { secret: 'qa-again' } });
    expect(counted.headers.get('x-ratelimit-remaining')).toBe('98');
  });

  it('is per application, and the global budget still applies to a tester', async () => {
    const sim = new sdk.Simulator();
    const other = sim.createApplication({ name: 'Other Game' });
    const tester = sim.createUser({ username: 'qa' });
    const { service, call } = await serve(sim);
    service.setAppTester(tester, true, other);
    expect(service.isAppTester(tester, other)).toBe(true);
    expect(service.isAppTester(tester)).toBe(false);
    const inOther = sim.issueToken(tester, other).accessToken;
    const inDefault = sim.issueToken(tester, sim.defaultApplication).accessToken;
    expect((await call('PUT', '/lobbies', { bearer: inOther, body: { secret: 'a' } })).headers.get('x-ratelimit-limit')).toBeNull();
    expect((await call('PUT', '/lobbies', { bearer: inDefault, body: { secret: 'b' } })).headers.get('x-ratelimit-remaining')).toBe('99');
    service.setGlobalRateLimit({ limit: 1, windowMs: 60_000 });
    expect((await call('PUT', '/lobbies', { bearer: inOther, body: { secret: 'c' } })).status).toBe(200);
    expect((await call('PUT', '/lobbies', { bearer: inOther, body: { secret: 'd' } })).status).toBe(429);
  });

  it('refuses bad input with nothing changed', async () => {
    const sim = new sdk.Simulator();
    const { service } = await serve(sim);
    const user = sim.createUser({ username: 'qa' });
    expect(() => service.setAppTester(user, 'yes' as unknown as boolean)).toThrow(TypeError);
    expect(() => service.setAppTester('12', true)).toThrow(new RangeError('no user with id 12'));
    expect(() => service.setAppTester(user, true, '13')).toThrow(new RangeError('no application with id 13'));
    expect(service.isAppTester(user)).toBe(false);
  });
});
