// Native units built from the sources on their own, with a sanitizer, not from the loaded addon:
// they run once in CI (vitest.config.mts, build-independent).
//   - The simulator's worker pool (native/sim/service/service_pool) under ThreadSanitizer: a C++
//     stress program (test/native/service_pool_stress.cc) posts to many queues from several
//     threads, stops queues while they run, and checks per-queue order, completeness and the
//     settle() callback; TSan reports any data race or use after free in the pool.
//   - A simulated client's pending operations (native/sim/client/pending_operations) under
//     ASan+UBSan (test/native/pending_operations_test.cc): taken once each in any order, what is
//     left handed over in order, done entries dropped behind one left pending.
//   - A simulated client's fan-out callbacks (native/sim/client/published_callback.h) under TSan and
//     under ASan+UBSan (test/native/published_callback_test.cc): read by another thread while
//     replaced, every pointer read still valid afterwards, all of them handed over by TakeAll.
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

describe.skipIf(!(await hasCompiler()))('native units', () => {
  it('the service pool under ThreadSanitizer runs every queue in order, drops a stopped queue cleanly, settles last, with no race reported', async () => {
    const result = await buildAndRun(
      'service_pool_stress',
      ['test/native/service_pool_stress.cc', 'native/sim/service/service_pool.cc', 'native/sdk/callback_queue.cc'],
      ['-fsanitize=thread'],
      ['30'],
      { TSAN_OPTIONS: 'halt_on_error=1' }, // the first report ends the run with a non-zero status
    );
    expect(result.stderr).not.toContain('ThreadSanitizer');
    expect(result.stdout.trim()).toBe('ok');
    expect(result.code).toBe(0);
  }, 120_000);

  it('pending operations under ASan+UBSan: each taken once, the rest in order, done entries dropped', async () => {
    const result = await buildAndRun(
      'pending_operations_test',
      ['test/native/pending_operations_test.cc', 'native/sim/client/pending_operations.cc'],
      ['-fsanitize=address,undefined', '-fno-sanitize-recover=all'],
      [],
    );
    expect(result.stdout.trim(), result.stderr).toBe('ok');
    expect(result.code).toBe(0);
  }, 120_000);

  it.each([
    ['ThreadSanitizer', ['-fsanitize=thread'], { TSAN_OPTIONS: 'halt_on_error=1' }],
    ['ASan+UBSan', ['-fsanitize=address,undefined', '-fno-sanitize-recover=all'], {}],
  ])('published callbacks under %s: read while replaced, every pointer read stays valid, all handed over', async (_name, flags, env) => {
    const result = await buildAndRun('published_callback_test', ['test/native/published_callback_test.cc'], flags, [], env);
    expect(result.stderr).not.toContain('Sanitizer');
    expect(result.stdout.trim(), result.stderr).toBe('ok');
    expect(result.code).toBe(0);
  }, 120_000);
});
