// The simulator's clock ends where snowflake IDs end (42 bits of milliseconds since 2015-01-01):
// past it IDs would wrap and repeat, so a new lobby could take another's ID and show its members.
// IDs are never reissued, nor minted onto an ID a harness chose for a user.
// The clock's modes: `manual` moves only by advance(); `real-time` follows the host's clock
// (expiries, latency, rate-limit windows), advance() adding jumps, on a timer that neither holds
// the process open nor keeps a dropped simulator's world alive.
import { inspect } from 'node:util';

import { describe, expect, it } from 'vitest';

import { sdk } from './sdk.js';
import { runFixture } from './helpers.js';
import { serve } from './service-helpers.js';

const SERVICE_EPOCH_MS = Date.UTC(2015, 0, 1);
const LAST_SNOWFLAKE_MS = SERVICE_EPOCH_MS + 2 ** 42 - 1;
const DAY_MS = 86_400_000;

/** The milliseconds a snowflake encodes. */
function timestampOf(id: string): number {
  return Number(BigInt(id) >> 22n) + SERVICE_EPOCH_MS;
}

describe('the clock', () => {
  it('refuses to move past the last instant snowflakes can encode, and changes nothing', () => {
    const sim = new sdk.Simulator();
    const before = sim.now();
    for (const ms of [2 ** 42, Number.MAX_SAFE_INTEGER, LAST_SNOWFLAKE_MS - before]) {
      expect(() => sim.advance(ms)).toThrow(RangeError);
      expect(() => sim.advance(ms)).toThrow(/snowflake/);
    }
    expect(sim.now()).toBe(before);
    expect(() => inspect(sim)).not.toThrow();
  });

  it('runs up to a day before that end, and IDs minted there are new, ordered and in range', async () => {
    const sim = new sdk.Simulator();
    const early = sim.createUser({ username: 'early' });
    const app = sim.createApplication({ name: 'Late Game' });
    const target = LAST_SNOWFLAKE_MS - DAY_MS;
    sim.advance(target - sim.now());
    expect(sim.now()).toBe(target);
    expect(() => sim.advance(1)).toThrow(RangeError);
    const ids = [early.id, app.id];
    for (let i = 0; i < 5; ++i) ids.push(sim.createUser({ username: `late${i}` }).id);
    const lobbies = [sim.createLobby({ application: app, secret: 'a' }), sim.createLobby({ application: app, secret: 'b' })];
    ids.push(...lobbies);
    expect(new Set(ids).size).toBe(ids.length);
    const late = ids.slice(2);
    expect(late.map(timestampOf).every((ms) => ms >= target && ms <= LAST_SNOWFLAKE_MS)).toBe(true);
    expect([...late].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1))).toEqual(late);
    expect(inspect(sim)).toContain('Simulator');
  });

  it('never mints an ID a harness chose for a user', () => {
    const sim = new sdk.Simulator();
    const app = sim.createApplication({ name: 'Game' });
    // The next IDs the clock would mint (same millisecond: the increment goes up by one; the
    // application's bot user took the one after the application's).
    const next = BigInt(app.botUserId) + 1n;
    const chosen = [next, next + 1n, next + 2n].map((id) => sim.createUser({ id: id.toString(), username: `u${id}` }).id);
    const minted = [sim.createUser({ username: 'm1' }).id, sim.createApplication({ name: 'Other' }).id];
    for (const id of minted) expect(chosen).not.toContain(id);
    expect(() => sim.createUser({ id: app.id, username: 'impostor' })).toThrow(RangeError);
    expect(sim.getUser(app.id)).toBeNull();
  });
});

/** Resolves once the host's clock has moved at least `ms` (the wait is not asserted on). */
async function wallClockPasses(ms: number): Promise<void> {
  const start = Date.now();
  while (Date.now() < start + ms) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('the start date', () => {
  it('startTime starts the clock at a simulated date (a Date or ms); IDs and tokens follow it', () => {
    const start = Date.UTC(2026, 1, 22); // the day before the 2026-02-23 permission change
    const sim = new sdk.Simulator({ startTime: new Date(start) });
    expect(sim.now()).toBe(start);
    const user = sim.createUser({ username: 'early' });
    expect(timestampOf(user.id)).toBe(start);
    sim.advance(DAY_MS);
    expect(sim.now()).toBe(start + DAY_MS);
    expect(new sdk.Simulator({ startTime: start }).now()).toBe(start);
  });

  it('refuses a start before 2015-01-01, after 2100, not whole or not a date, and with url', () => {
    expect(() => new sdk.Simulator({ startTime: SERVICE_EPOCH_MS - 1 })).toThrow(RangeError);
    expect(() => new sdk.Simulator({ startTime: Date.UTC(2100, 0, 2) })).toThrow(RangeError);
    expect(() => new sdk.Simulator({ startTime: 1.5e12 + 0.5 })).toThrow(RangeError);
    expect(() => new sdk.Simulator({ startTime: new Date('nonsense') })).toThrow(RangeError);
    expect(() => new sdk.Simulator({ startTime: '2026-01-01' as unknown as number })).toThrow(/startTime must be a Date or a number/);
    expect(() => new sdk.Simulator({ url: 'http://127.0.0.1:1/#secret=x', startTime: 0 })).toThrow(/startTime/);
  });
});

describe('clock modes', () => {
  it('manual (the default) stands still until advance(); real-time moves by itself and advance() still jumps', async () => {
    const manual = new sdk.Simulator();
    const realTime = new sdk.Simulator({ clock: 'real-time' });
    expect([manual.clockMode, realTime.clockMode]).toEqual(['manual', 'real-time']);
    const [still, moving] = [manual.now(), realTime.now()];
    await wallClockPasses(20);
    expect(manual.now()).toBe(still);
    const moved = realTime.now();
    expect(moved).toBeGreaterThan(moving);
    const jumped = realTime.advance(3_600_000);
    expect(jumped).toBeGreaterThanOrEqual(moved + 3_600_000);
    await wallClockPasses(20);
    // The jump stays: real time goes on from there.
    expect(realTime.now()).toBeGreaterThan(jumped);
  });

  it('refuses a bad mode with a RangeError, changing nothing; listen({ clock }) switches the mode', async () => {
    expect(() => new sdk.Simulator({ clock: 'sideways' as 'manual' })).toThrow(new RangeError('clock must be one of manual, real-time, got a string of 8 characters'));
    const sim = new sdk.Simulator();
    await expect(sim.listen({ clock: 'wall' as 'manual' })).rejects.toThrow(RangeError);
    expect(sim.clockMode).toBe('manual');
    await serve(sim, { clock: 'real-time' });
    expect(sim.clockMode).toBe('real-time');
    await serve(sim, { clock: 'manual' });
    expect(sim.clockMode).toBe('manual');
    const at = sim.now();
    await wallClockPasses(20);
    expect(sim.now()).toBe(at);
  });

  it('real time: a token expires by itself, and injected latency passes by itself', async () => {
    const sim = new sdk.Simulator({ clock: 'real-time' });
    const { call } = await serve(sim, { rateLimits: 'off' });
    const user = sim.createUser({ username: 'ada' });
    // 2 s: long enough that the first call comes before the expiry on a loaded machine (an
    // ASan run beside others took more than 500 ms to get there).
    const token = sim.issueToken(user, sim.defaultApplication, { expiresInMs: 2000 }).accessToken;
    // A valid token on an unknown lobby: 404 (Unknown Lobby); expired: 401.
    expect((await call('GET', '/lobbies/1/messages', { bearer: token })).status).toBe(404);
    let status = 404;
    for (let round = 0; round < 500 && status !== 401; round++) {
      await wallClockPasses(20);
      status = (await call('GET', '/lobbies/1/messages', { bearer: token })).status;
    }
    expect(status).toBe(401);
    sim.setLatency(30);
    expect((await call('POST', '/lobbies', { body: {} })).status).toBe(201);
  });

  it('real time: a spent budget answers again once its window has passed on the wall clock; manual: only once advanced', async () => {
    for (const clock of ['real-time', 'manual'] as const) {
      const sim = new sdk.Simulator({ clock });
      const { service, call } = await serve(sim);
      service.setRateLimit('POST /lobbies', { limit: 1, windowMs: 100 });
      expect((await call('POST', '/lobbies', { body: {} })).status).toBe(201);
      expect((await call('POST', '/lobbies', { body: {} })).status).toBe(429);
      await wallClockPasses(150);
      expect((await call('POST', '/lobbies', { body: {} })).status, clock).toBe(clock === 'real-time' ? 201 : 429);
      sim.advance(100);
      expect((await call('POST', '/lobbies', { body: {} })).status, clock).toBe(201);
    }
  });

  it("the real-time timer neither holds the process open nor keeps a dropped simulator's world alive (node --expose-gc)", async () => {
    const result = await runFixture('clock-real-time.cjs', [], { execArgv: ['--expose-gc'], timeoutMs: 20_000 });
    expect({ code: result.code, signal: result.signal }, result.stderr).toEqual({ code: 0, signal: null });
    expect(result.stdout.split('\n')).toEqual(['COLLECTED manual', 'COLLECTED real-time', 'DONE', '']);
  });
});
