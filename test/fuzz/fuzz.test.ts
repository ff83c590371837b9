// The adversarial fuzz suite (issue 16), short and seeded: every target group of the fuzz driver
// (test/fuzz/driver.cjs) runs in a child process of its own, so a crash or a hang is seen as a
// signal, an exit code or a time-out rather than taking the test runner down. FUZZ_SEED and
// FUZZ_RUNS override the seed and the number of runs per group (CI runs longer passes through
// `npm run fuzz`, on the normal and on the ASan build).
import { describe, expect, it } from 'vitest';

import { GROUPS, report, runGroup } from './run.cjs';

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 16;
const RUNS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : 300;
/** The hang bound of one child, scaled with the run count (a case takes ~10-20 ms, also under ASan; 300 runs of the four groups take ~10 s on 2 cores). */
const TIMEOUT_MS = Math.max(60_000, RUNS * 250);

describe.concurrent(`fuzz: hostile values against every public member and the raw binding (seed ${SEED}, ${RUNS} runs per group)`, () => {
  for (const group of GROUPS) {
    it(`${group}: no crash, no hang, no invariant violated`, { timeout: TIMEOUT_MS + 10_000 }, async () => {
      const result = await runGroup({ group, seed: SEED, runs: RUNS, timeoutMs: TIMEOUT_MS });
      const details = `\n${report(result)}`;
      expect({ timedOut: result.timedOut, signal: result.signal, code: result.code }, details).toEqual({ timedOut: false, signal: null, code: 0 });
      expect(result.summary, `no FUZZ-SUMMARY from the driver${details}`).not.toBeNull();
      expect(result.summary!.calls, details).toBeGreaterThan(0);
      expect(result.summary!.violations, details).toBe(0);
    });
  }
});
