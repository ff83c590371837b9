// The route table (lib/routes/table.ts) is the one description of every HTTP route: each entry
// carries its decisions (where it comes from, whether the RestClient calls it), agrees with the
// official OpenAPI description's digest where it says it comes from it, and the simulated service
// serves exactly its entries (test/conformance.test.ts calls each one over a socket).
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { digest } from './conformance/official-description.js';
import { root, sdk, type SimulatedService } from './sdk.js';

const load = createRequire(import.meta.url);
const table = load(path.join(root, 'dist', 'routes', 'table.js')) as typeof import('../lib/routes/table.js');

/** The description's security scheme names for our auth kinds. */
const SCHEMES: Record<string, string> = { bot: 'BotToken', bearer: 'OAuth2', client: 'none', none: 'none' };
/** The description's media types for our body kinds. */
const MEDIA: Record<string, string> = { json: 'application/json', form: 'application/x-www-form-urlencoded', multipart: 'multipart/form-data' };

describe('the route table', () => {
  it('every entry has its decisions: a source (with where an absent route is documented) and whether the RestClient calls it (with why not)', () => {
    for (const route of table.ROUTE_LIST) {
      const name = `${route.name} (${table.routeKey(route)})`;
      if (typeof route.source === 'object') expect(route.source.absent.length, name).toBeGreaterThan(10);
      else expect(['stable', 'preview'], name).toContain(route.source);
      if (typeof route.restClient === 'object') expect(route.restClient.no.length, name).toBeGreaterThan(10);
      else expect(route.restClient, name).toBe('yes');
      expect(route.auth.length, name).toBeGreaterThan(0);
    }
    const keys = table.ROUTE_LIST.map((route) => table.routeKey(route));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it(`agrees with the official description (${digest.commit.slice(0, 12)}): source, body media types, and auth unless a docs page says otherwise`, () => {
    for (const route of table.ROUTE_LIST) {
      const key = table.routeKey(route);
      const operation = digest.operations[key];
      if (typeof route.source === 'object') {
        expect(operation, `${key} is in the description: its source cannot be 'absent'`).toBeUndefined();
        continue;
      }
      expect(operation, `${key} is not in the description`).toBeDefined();
      expect(operation!.source, key).toBe(route.source);
      const ours = [...route.auth].map((kind) => SCHEMES[kind]).sort();
      const theirs = [...new Set(operation!.security)].sort();
      if (route.authFollows === undefined) expect(ours, `${key}: auth`).toEqual(theirs);
      else {
        // A documented difference: ours must differ, be a subset of the description's, and cite the docs page (or the standard) it follows.
        expect(ours, `${key}: authFollows set, but the auth agrees`).not.toEqual(theirs);
        for (const scheme of ours) expect(theirs, key).toContain(scheme);
        expect(route.authFollows, key).toMatch(/^(docs \S+\.mdx, "|OpenID Connect Core \d)/);
      }
      expect((route.body ?? []).map((kind) => MEDIA[kind]).sort(), `${key}: body media types`).toEqual([...(operation!.requestBody?.contentTypes ?? [])].sort());
    }
  });

  it('holds every operation of the areas the digest covers', () => {
    const ours = new Set(table.ROUTE_LIST.map((route) => table.routeKey(route)));
    expect(Object.keys(digest.operations).filter((key) => !ours.has(key))).toEqual([]);
  });

  it('budgets come from the table (the docs\' development rate limits)', () => {
    expect(table.DEVELOPMENT_BUDGETS.get('PATCH /lobbies/{lobby_id}/channel-linking')).toEqual({ limit: 20, windowMs: 7_200_000 });
    expect(table.DEVELOPMENT_BUDGETS.get('POST /lobbies')).toEqual({ limit: 100, windowMs: 7_200_000 });
    expect(table.DEVELOPMENT_BUDGETS.size).toBe(10);
  });

  describe('the simulated service serves exactly the table', () => {
    let service: SimulatedService;
    beforeAll(async () => {
      service = await new sdk.Simulator().listen({ rateLimits: 'off' });
    });
    afterAll(async () => {
      await service.close();
    });

    it('SERVICE_ROUTES lists the table; harness calls name routes in either placeholder notation', () => {
      expect([...sdk.SERVICE_ROUTES].sort()).toEqual(table.ROUTE_LIST.map((route) => table.routeKey(route)).sort());
      expect(() => service.failNext('PATCH /lobbies/:lobby', { status: 503 })).not.toThrow();
      expect(() => service.failNext('PATCH /lobbies/{lobby_id}/nope', { status: 503 })).toThrow(RangeError);
    });

    it('a path of the table answers (never 404 "no route"); one outside it is 404, another method 405', async () => {
      for (const route of table.ROUTE_LIST) {
        const url = `${service.apiBase}${route.path.replace(/\{[^}]+\}/g, '1')}`;
        const response = await fetch(url, { method: route.method, headers: { authorization: 'Bot not-a-token' } });
        const text = await response.text();
        expect(text.includes('404: Not Found') ? 'no route' : 'routed', table.routeKey(route)).toBe('routed');
      }
      expect((await fetch(`${service.apiBase}/lobbies/1/nothing-here`)).status).toBe(404);
      expect((await fetch(`${service.apiBase}/lobbies`, { method: 'GET' })).status).toBe(405);
    });
  });
});
