// Races between the simulated clients' threads and the JS thread (test/fixtures/races.cjs), each
// looped in a child process for a bounded time so a crash shows as a signal: closing a client while
// its thread schedules delayed calls, events sent right after connect() resolves, and the bound of
// the pump's queue under a flood.
import { describe, expect, it } from 'vitest';

import { runFixture, type ChildResult } from './helpers.js';

/** The fixture exited cleanly, printed DONE, and its JSON line. */
function report(result: ChildResult): Record<string, number> {
  const output = `\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}`;
  expect({ code: result.code, signal: result.signal }, output).toEqual({ code: 0, signal: null });
  const lines = result.stdout.trim().split('\n');
  expect(lines.at(-1), output).toBe('DONE');
  return JSON.parse(lines.at(-2)!) as Record<string, number>;
}

describe('races', () => {
  it('closing a client while its thread schedules delayed calls leaves nothing behind in the world', async () => {
    // Before the fix: SIGSEGV (heap-use-after-free in World::Advance) within a few hundred iterations.
    const counts = report(await runFixture('races.cjs', ['close-delayed', '2500'], { timeoutMs: 20000 }));
    expect(counts.iterations).toBeGreaterThan(300);
    // Every operation started before close() settled (with ClientDestroyed or a result).
    expect(counts.rejected).toBeGreaterThan(0);
  });

  it('every message sent to a client once connect() has resolved arrives', async () => {
    const counts = report(await runFixture('races.cjs', ['ready-gap', '2500'], { timeoutMs: 20000 }));
    expect(counts.iterations).toBeGreaterThan(300);
    expect({ directLost: counts.directLost, lobbyLost: counts.lobbyLost }).toEqual({ directLost: 0, lobbyLost: 0 });
  });
});

describe('the pump queue under a flood', () => {
  it('stays within its bound: the backend thread waits for room', async () => {
    const counts = report(
      await runFixture('races.cjs', ['flood', '0', '1000000'], { execArgv: ['--expose-gc'], timeoutMs: 30000 }),
    );
    expect(counts.received).toBe(1_000_000);
    expect(counts.producerWaits).toBeGreaterThan(0);
    expect(counts.highWater).toBeLessThanOrEqual(counts.capacity!);
    expect(counts.queued).toBe(0);
    // The memory this saves is measured by `npm run bench` (flood RSS), not asserted here.
  });
});
