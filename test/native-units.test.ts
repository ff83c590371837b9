// Native units built from the sources on their own, with a sanitizer, not from the loaded addon:
// they run once in CI (vitest.config.mts, build-independent).
//   - The simulator's worker pool (native/sim/service/service_pool) under ThreadSanitizer: a C++
//     stress program (test/native/service_pool_stress.cc) posts to many queues from several
//     threads, stops queues while they run, and checks per-queue order, completeness and the
//     settle() callback; TSan reports any data race or use after free in the pool.
//   - A simulated client's pending operations (native/sim/client/pending_operations) under
//     ASan+UBSan (test/native/pending_operations_test.cc): taken once each in any order, what is
//     left handed over in order, done entries dropped behind one left pending.
//   - The device authorization grant's rules (native/sim/service/device_authorizations) under
//     ASan+UBSan (test/native/device_authorizations_test.cc): slow_down, spent answers, expiry.
//   - A simulated client's fan-out callbacks (native/sim/client/published_callback.h) under TSan and
//     under ASan+UBSan (test/native/published_callback_test.cc): read by another thread while
//     replaced, every pointer read still valid afterwards, all of them handed over by TakeAll.
//   - A simulated client's other callbacks (native/sim/client/client_callbacks.h) under TSan and
//     under ASan+UBSan (test/native/client_callbacks_test.cc): taken under a lock while set, replaced
//     and cleared, each taken still valid afterwards, the fields independent.
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';

import { describe, expect, it } from 'vitest';

import { root } from './sdk.js';

const run = promisify(execFile);

async function hasCompiler(): Promise<boolean> {
  try {
    await run('g++', ['--version']);
    return true;
  } catch {
    return false;
  }
}

/** Compiles `sources` (paths from the repository root) with `flags` and runs the program with `args`. */
async function buildAndRun(name: string, sources: string[], flags: string[], args: string[], env: NodeJS.ProcessEnv = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  try {
    const exe = path.join(dir, name);
    await run('g++', ['-std=c++17', '-O1', '-g', ...flags, `-I${path.join(root, 'native')}`, ...sources.map((source) => path.join(root, source)), '-o', exe, '-lpthread']);
    // A failing program (non-zero status) still hands back its output.
    return await run(exe, args, { env: { ...process.env, ...env } }).then(
      (out) => ({ code: 0, ...out }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// The sanitizers the units run under: the first report ends the run with a non-zero status.
const TSAN = { flags: ['-fsanitize=thread'], env: { TSAN_OPTIONS: 'halt_on_error=1' } };
const ASAN = { flags: ['-fsanitize=address,undefined', '-fno-sanitize-recover=all'], env: {} };

/** The unit printed "ok", exited with 0, and no sanitizer reported anything. */
function expectClean(result: { code: number; stdout: string; stderr: string }): void {
  expect(result.stderr).not.toContain('Sanitizer');
  expect(result.stdout.trim(), result.stderr).toBe('ok');
  expect(result.code).toBe(0);
}

describe.skipIf(!(await hasCompiler()))('native units', () => {
  it('the service pool under ThreadSanitizer runs every queue in order, drops a stopped queue cleanly, settles last, with no race reported', async () => {
    const sources = ['test/native/service_pool_stress.cc', 'native/sim/service/service_pool.cc', 'native/sdk/callback_queue.cc'];
    expectClean(await buildAndRun('service_pool_stress', sources, TSAN.flags, ['30'], TSAN.env));
  }, 120_000);

  it('pending operations under ASan+UBSan: each taken once, the rest in order, done entries dropped', async () => {
    const sources = ['test/native/pending_operations_test.cc', 'native/sim/client/pending_operations.cc'];
    expectClean(await buildAndRun('pending_operations_test', sources, ASAN.flags, [], ASAN.env));
  }, 120_000);

  it('device authorizations under ASan+UBSan: slow_down, spent answers, expiry, codes matched loosely (RFC 8628 §3.5, §6.1); one screen per client', async () => {
    const sources = ['test/native/device_authorizations_test.cc', 'native/sim/service/device_authorizations.cc', 'native/sim/service/pkce.cc'];
    expectClean(await buildAndRun('device_authorizations_test', sources, ASAN.flags, [], ASAN.env));
  }, 120_000);

  // The two holders of a client's callbacks, each a unit of its own file, under both sanitizers.
  for (const [unit, title] of [
    ['published_callback_test', 'published callbacks under %s: read while replaced, every pointer read stays valid, all handed over'],
    ['client_callbacks_test', 'client callbacks under %s: taken while replaced, each taken stays valid, the fields independent'],
  ] as const) {
    it.each([
      ['ThreadSanitizer', TSAN],
      ['ASan+UBSan', ASAN],
    ])(title, async (_name, sanitizer) => {
      expectClean(await buildAndRun(unit, [`test/native/${unit}.cc`], sanitizer.flags, [], sanitizer.env));
    }, 120_000);
  }
});
