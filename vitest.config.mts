import { availableParallelism } from 'node:os';

import { defineConfig } from 'vitest/config';

/**
 * Test files whose outcome does not depend on the native build that is loaded: static checks of
 * the sources, the TypeScript consumers, the vendor adapter's compile gate (it compiles the
 * sources, not the loaded binary), the docs, the REST client (no addon), and the simulator's
 * worker pool built on its own with ThreadSanitizer. CI runs them once,
 * with the node-gyp build npm ci makes; its run on the ASan+UBSan build sets
 * SOCIAL_SDK_TESTS=native and leaves them out, since it would only repeat the same work.
 */
const BUILD_INDEPENDENT = [
  'test/architecture.test.ts',
  'test/consumer-types.test.ts',
  'test/vendor-gate.test.ts',
  'test/sdk-surface.test.ts',
  'test/support-docs.test.ts',
  'test/rest-endpoints.test.ts',
  'test/rest-errors.test.ts',
  'test/rest-rate-limits.test.ts',
  'test/rest-entry.test.ts',
  'test/native-units.test.ts',
];

/**
 * Test files that drive the package from child processes as a user does (the CLI, packing, the
 * examples, the fuzz driver, builds without the vendor SDK, the inspector in headless Chromium).
 * The addon code they reach is the code the in-process files reach; under ASan every child is a
 * preloaded node, which made them most of that pass's time, and the fuzz has its own ASan step. CI
 * runs them with the node-gyp build only.
 */
const CHILD_PROCESS_LEVEL = [
  'test/doctor.test.ts',
  'test/package.test.ts',
  'test/examples.test.ts',
  'test/docs-blocks.test.ts',
  'test/sim-cli.test.ts',
  'test/inspector-browser.test.ts',
  // The remote link: the served world is the CLI in a child process, players are child processes.
  'test/remote.test.ts',
  'test/remote-link.test.ts',
  'test/remote-harness.test.ts',
  'test/vendor.test.ts',
  'test/fuzz/fuzz.test.ts',
  // CI's hang watchdog and deadline, on a vitest and a node of their own.
  'test/ci-hang-watchdog.test.ts',
  // Fleets: game servers (most as child processes) sharing a Redis store against a served simulator; the
  // JS stores are what they test, and the simulator code they reach is the in-process files'.
  'test/fleet-rate-limits.test.ts',
  'test/fleet-outage.test.ts',
  'test/fleet-tokens.test.ts',
  'test/fleet-global-limit.test.ts',
  'test/fleet-first-request.test.ts',
  // The embedded app SDK in headless Chromium (as the inspector's browser test).
  'test/activities-embedded.test.ts',
];

export default defineConfig({
  test: {
    // Native code: each test file in its own child process (the default `forks` pool), so a crash
    // is reported against its file and worker_threads are only those a test starts on purpose.
    pool: 'forks',
    // vitest's default is one fork fewer than the cores: one on a 2-core machine. Most files wait
    // (sockets, child processes, the simulator's threads, timers), so two forks at least: the suite
    // took 6.5 min with one fork and 3.9 min with two on the 2-core CI machine, all passing.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(process.env['SOCIAL_SDK_TESTS'] === 'native' ? [...BUILD_INDEPENDENT, ...CHILD_PROCESS_LEVEL] : [])],
    // The fork's note of the test it began, for CI's hang watchdog (test/reporters/hang-watchdog.ts).
    setupFiles: ['./test/reporters/current-test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
