// The simulator's worker pool (native/sim/service/service_pool) under ThreadSanitizer: a C++
// stress program (test/native/service_pool_stress.cc) posts to many queues from several threads,
// stops queues while they run, and checks per-queue order, completeness and the settle()
// callback; TSan reports any data race or use after free in the pool. Built from the sources,
// not from the loaded addon: it runs once in CI (vitest.config.mts, build-independent).
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

describe.skipIf(!(await hasCompiler()))('the service pool under ThreadSanitizer', () => {
  it('runs every queue in order, drops a stopped queue cleanly, settles last, with no race reported', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'service-pool-'));
    try {
      const exe = path.join(dir, 'service_pool_stress');
      await run('g++', [
        '-std=c++17', '-O1', '-g', '-fsanitize=thread', `-I${path.join(root, 'native')}`,
        path.join(root, 'test', 'native', 'service_pool_stress.cc'),
        path.join(root, 'native', 'sim', 'service', 'service_pool.cc'),
        path.join(root, 'native', 'sdk', 'callback_queue.cc'),
        '-o', exe, '-lpthread',
      ]);
      // halt_on_error: the first report ends the run with a non-zero status.
      const result = await run(exe, ['30'], { env: { ...process.env, TSAN_OPTIONS: 'halt_on_error=1' } }).then(
        (out) => ({ code: 0, ...out }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      expect(result.stderr).not.toContain('ThreadSanitizer');
      expect(result.stdout.trim()).toBe('ok');
      expect(result.code).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
