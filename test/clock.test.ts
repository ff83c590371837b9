// The simulator's clock ends where snowflake IDs end (42 bits of milliseconds since 2015-01-01):
// past it IDs would wrap and repeat, so a new lobby could take another's ID and show its members.
// IDs are never reissued, nor minted onto an ID a harness chose for a user.
import { inspect } from 'node:util';

import { describe, expect, it } from 'vitest';

import { sdk } from './sdk.js';

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
