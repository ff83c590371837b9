// Issue 33 item 11: an HTTP fuzz of the simulated service, seeded (HTTP_FUZZ_SEED, HTTP_FUZZ_RUNS
// override): random methods, table paths with random ids and garbage (malformed % escapes
// included), every kind of Authorization header, content types and bodies (JSON, deep nesting,
// huge numbers, garbage), over a real socket. Asserted: every request is answered within a bound
// (no hang), never with a 5xx (no failure is injected here), the service keeps serving (no
// crash), and a refused request changes nothing of the world it could reach (A's lobby and its
// messages, read back before and after).
import { createRequire } from 'node:module';
import * as path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { player } from './lobby-helpers.js';
import { serve } from './service-helpers.js';
import { root, sdk } from './sdk.js';

const table = createRequire(import.meta.url)(path.join(root, 'dist', 'routes', 'table.js')) as typeof import('../lib/routes/table.js');
const SEED = process.env.HTTP_FUZZ_SEED ? Number(process.env.HTTP_FUZZ_SEED) : 33;
const RUNS = process.env.HTTP_FUZZ_RUNS ? Number(process.env.HTTP_FUZZ_RUNS) : 400;
/** A request not answered within this is a hang (the service's own body time-out is 5 s; every body here is sent whole). */
const ANSWER_BOUND_MS = 4000;

describe(`HTTP fuzz of the simulated service (seed ${SEED}, ${RUNS} requests)`, () => {
  it('answers every request, never 5xx, stays up, and a refused request changes nothing', { timeout: 120_000 }, async () => {
    const sim = new sdk.Simulator();
    const { service, botToken, call } = await serve(sim);
    const ada = await player(sim, 'ada');
    const bearer = sim.issueToken(ada.user, sim.defaultApplication).accessToken;
    const lobby = (await call('POST', '/lobbies', { body: { members: [{ id: ada.user.id }] } })).body as { id: string };
    const secret = service.clientSecret();
    const basic = `Basic ${Buffer.from(`${sim.defaultApplication.id}:${secret}`).toString('base64')}`;

    const snapshot = async () => JSON.stringify([await call('GET', `/lobbies/${lobby.id}`), await call('GET', `/lobbies/${lobby.id}/messages`, { bearer })].map((answer) => [answer.status, answer.body]));

    const garbage = fc.oneof(fc.string({ maxLength: 12 }).map(encodeURIComponent), fc.constantFrom('%zz', '%', '%E0%A4%A', '%ff', '..', '@me', '%2F', '0', '-1', '99999999999999999999999'));
    const id = fc.oneof(fc.constant(lobby.id), fc.constant(ada.user.id), fc.constant(sim.defaultApplication.id), fc.bigInt({ min: 0n, max: 2n ** 64n }).map(String), garbage);
    const tablePath = fc
      .tuple(fc.constantFrom(...table.ROUTE_LIST.map((route) => route.path)), fc.array(id, { minLength: 6, maxLength: 6 }))
      .map(([pattern, ids]) => {
        let i = 0;
        return pattern.replace(/\{[^}]+\}/g, () => ids[i++]!);
      });
    const urlPath = fc.oneof({ weight: 5, arbitrary: tablePath }, { weight: 1, arbitrary: fc.array(garbage, { maxLength: 4 }).map((parts) => `/${parts.join('/')}`) });
    const authorization = fc.constantFrom(undefined, `Bot ${botToken}`, 'Bot forged', `Bearer ${bearer}`, 'Bearer forged', basic, 'Basic Zm9vOmJhcg==', 'garbage', `Bot ${botToken} extra`);
    const contentType = fc.constantFrom(undefined, 'application/json', 'application/json; charset=utf-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'multipart/form-data', 'text/plain');
    const deep = fc.integer({ min: 1, max: 20_000 }).map((levels) => `{"metadata":${'['.repeat(levels)}${']'.repeat(levels)}}`);
    const body = fc.oneof(
      fc.constant(undefined),
      fc.json({ maxDepth: 4 }),
      deep,
      fc.constantFrom('1e999999', '-1e999999', '123456789012345678901234567890', '{"limit":1e400}', '{"metadata":{"k":1e308}}', '{', '\u0000', 'content=x&content=y', '--x\r\nContent-Disposition: form-data; name="payload_json"\r\n\r\n{"content":"hi"}\r\n--x--'),
      fc.json({ maxDepth: 2 }).map((value) => `{"content":"fuzz","members":[{"id":"${ada.user.id}","metadata":${value}}],"metadata":${value}}`),
      fc.string({ maxLength: 200 }),
    );
    const query = fc.constantFrom('', '?limit=1', '?limit=-5', '?limit=1e9', '?limit=%zz', '?with_counts=true');
    const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'FUZZ');

    const problems: string[] = [];
    await fc.assert(
      fc.asyncProperty(method, urlPath, query, authorization, contentType, body, async (verb, route, search, auth, type, payload) => {
        const headers: Record<string, string> = {};
        if (auth !== undefined) headers['authorization'] = auth;
        if (type !== undefined) headers['content-type'] = type;
        const sendsBody = payload !== undefined && verb !== 'GET';
        const before = await snapshot();
        const what = `${verb} ${route}${search} (${auth?.split(' ')[0] ?? 'no auth'}, ${type ?? 'no type'})`;
        let status: number;
        try {
          const response = await fetch(`${service.apiBase}${route}${search}`, { method: verb, headers, ...(sendsBody ? { body: payload } : {}), signal: AbortSignal.timeout(ANSWER_BOUND_MS) });
          await response.arrayBuffer();
          status = response.status;
        } catch (error) {
          problems.push(`${what}: no answer (${error instanceof Error ? error.name : String(error)})`);
          return;
        }
        if (status >= 500) problems.push(`${what}: ${status}`);
        if (status >= 400 && (await snapshot()) !== before) problems.push(`${what}: refused with ${status} but changed the lobby`);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(problems).toEqual([]);
    // Still serving.
    expect((await call('GET', `/lobbies/${lobby.id}`)).status).toBeLessThan(500);
  });
});
