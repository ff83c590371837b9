/**
 * A vitest reporter for CI: a test file that runs longer than SOCIAL_SDK_FILE_LIMIT_S seconds is
 * reported as hung, with the test it is in and the native stacks of its fork, and the fork is
 * killed, so that the run fails within its budget and says where, instead of waiting for CI's
 * time-out. A test's own time-out cannot fire when the fork's JS thread is blocked (a native
 * deadlock, a synchronous loop); this watches from the vitest process, whose loop is free.
 *
 *   npx vitest run --reporter=default --reporter=./test/reporters/hang-watchdog.ts
 *
 * The test a fork is in comes from the fork itself (current-test.ts, a setup file of the suite).
 * Off when SOCIAL_SDK_FILE_LIMIT_S is unset or 0. The stacks go to SOCIAL_SDK_HANG_DIR (default
 * .ci/out) as hang-<pid>.txt, through gdb when it is installed; their JS-thread summary is printed.
 */
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { Reporter, TestModule } from 'vitest/node';

/** Shared with CI's step deadline (scripts/ci-deadline.cjs) and the forks' setup file (current-test.ts). */
const stacks = createRequire(import.meta.url)('../../scripts/process-stacks.cjs') as typeof import('../../scripts/process-stacks.cjs');

export default class HangWatchdog implements Reporter {
  readonly #limitMs = stacks.fileLimitMs();
  readonly #dir = stacks.hangDir();
  /** The files running, by module id: when each began, and whether it was reported. */
  readonly #running = new Map<string, { startedAt: number; reported: boolean }>();
  #timer: NodeJS.Timeout | undefined;

  onInit(): void {
    if (!(this.#limitMs > 0)) return;
    this.#timer = setInterval(() => this.#check(), Math.min(10_000, this.#limitMs / 4));
    this.#timer.unref();
  }

  onTestModuleQueued(module: TestModule): void {
    this.#running.set(module.moduleId, { startedAt: Date.now(), reported: false });
  }

  onTestModuleEnd(module: TestModule): void {
    this.#running.delete(module.moduleId);
  }

  onTestRunEnd(): void {
    if (this.#timer) clearInterval(this.#timer);
  }

  #check(): void {
    const now = Date.now();
    for (const [moduleId, running] of this.#running) {
      if (running.reported || now - running.startedAt < this.#limitMs) continue;
      running.reported = true;
      this.#report(moduleId, running, now);
    }
  }

  /** The test the fork `pid` said it began last (current-test.ts, the setup file), or why not known. */
  #lastBegun(pid: number): string {
    try {
      return readFileSync(path.join(this.#dir, `running-${pid}.txt`), 'utf8');
    } catch {
      return 'no test yet (loading the file, or a hook before the first test)';
    }
  }

  /** Names the file and its test, saves the stacks of the forks that were there when it started, and kills them. */
  #report(moduleId: string, running: { startedAt: number }, now: number): void {
    const file = path.relative(process.cwd(), moduleId);
    // The test comes from the fork's own note (vitest reports a test's start in batches that a
    // blocked fork never sends).
    const lines = [`hang watchdog: ${file} has run for ${Math.round((now - running.startedAt) / 1000)} s (limit ${this.#limitMs / 1000} s)`];
    // Each file runs in a fork of its own (pool forks, isolate): its fork started before the file
    // did. A fork started since runs another file and is left alone.
    const startedTicks = stacks.ticksSinceBoot() - Math.ceil(((now - running.startedAt) / 1000) * stacks.TICKS_PER_SECOND);
    const suspects = stacks.nodeDescendants(process.pid).filter((p) => p.startTicks <= startedTicks + stacks.TICKS_PER_SECOND);
    mkdirSync(this.#dir, { recursive: true });
    for (const { pid } of suspects) {
      lines.push(`  fork ${pid} last began: ${this.#lastBegun(pid)}`);
      const found = stacks.stacksOf(pid);
      const saved = path.join(this.#dir, `hang-${pid}.txt`);
      writeFileSync(saved, `${lines.join('\n')}\n\n${found}`);
      lines.push(`  fork ${pid}: stacks in ${saved}; its main thread:`, ...stacks.mainThreadFrames(found).map((l) => `    ${l}`));
    }
    if (suspects.length === 0) lines.push('  no fork of that age found');
    process.stderr.write(`\n${lines.join('\n')}\n\n`);
    for (const { pid } of suspects) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
}
