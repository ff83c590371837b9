/**
 * A vitest reporter for CI: a test file that runs longer than SOCIAL_SDK_FILE_LIMIT_S seconds is
 * reported as hung, with the test it is in and the native stacks of its fork, and the fork is
 * killed, so that the run fails within its budget and says where, instead of waiting for CI's
 * time-out. A test's own time-out cannot fire when the fork's JS thread is blocked (a native
 * deadlock, a synchronous loop); this watches from the vitest process, whose loop is free.
 *
 *   npx vitest run --reporter=default --reporter=./test/reporters/hang-watchdog.ts
 *
 * Off when SOCIAL_SDK_FILE_LIMIT_S is unset or 0. The stacks go to SOCIAL_SDK_HANG_DIR (default
 * .ci/out) as hang-<pid>.txt, through gdb when it is installed; their JS-thread summary is printed.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { Reporter, TestCase, TestModule } from 'vitest/node';

interface Running {
  startedAt: number;
  /** The tests started and not yet finished, by id. */
  tests: Map<string, string>;
  reported: boolean;
}

/** The watched process's descendants that are node processes, with their start times (clock ticks since boot). */
function nodeDescendants(root: number): { pid: number; startTicks: number }[] {
  const children = new Map<number, number[]>();
  const starts = new Map<number, number>();
  const commands = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid ... starttime is field 22; comm may hold spaces, so split after ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(entry);
      const ppid = Number(fields[1]);
      starts.set(pid, Number(fields[19]));
      commands.set(pid, stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    } catch {
      // the process ended while we read
    }
  }
  const found: { pid: number; startTicks: number }[] = [];
  const visit = (pid: number): void => {
    for (const child of children.get(pid) ?? []) {
      if (commands.get(child)?.startsWith('node')) found.push({ pid: child, startTicks: starts.get(child) ?? 0 });
      visit(child);
    }
  };
  visit(root);
  return found;
}

/** Seconds since boot now, in the clock ticks /proc/<pid>/stat counts start times in (100 per second on Linux). */
function ticksSinceBoot(): number {
  return Math.floor(Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]) * 100);
}

/** Every thread's stack of `pid` through gdb, or why there is none. */
function stacksOf(pid: number): string {
  try {
    // LD_PRELOAD (the ASan run's) is not for gdb itself.
    const env = { ...process.env };
    delete env['LD_PRELOAD'];
    return execFileSync('gdb', ['-p', String(pid), '-batch', '-ex', 'thread apply all bt 40'], { encoding: 'utf8', env, timeout: 60_000, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    return `no stacks for ${pid}: ${(error as Error).message}`;
  }
}

export default class HangWatchdog implements Reporter {
  readonly #limitMs = Number(process.env['SOCIAL_SDK_FILE_LIMIT_S'] ?? 0) * 1000;
  readonly #dir = process.env['SOCIAL_SDK_HANG_DIR'] ?? path.join('.ci', 'out');
  readonly #running = new Map<string, Running>();
  #timer: NodeJS.Timeout | undefined;

  onInit(): void {
    if (!(this.#limitMs > 0)) return;
    this.#timer = setInterval(() => this.#check(), Math.min(10_000, this.#limitMs / 4));
    this.#timer.unref();
  }

  onTestModuleQueued(module: TestModule): void {
    this.#running.set(module.moduleId, { startedAt: Date.now(), tests: new Map(), reported: false });
  }

  onTestModuleEnd(module: TestModule): void {
    this.#running.delete(module.moduleId);
  }

  onTestCaseReady(test: TestCase): void {
    this.#running.get(test.module.moduleId)?.tests.set(test.id, test.fullName);
  }

  onTestCaseResult(test: TestCase): void {
    this.#running.get(test.module.moduleId)?.tests.delete(test.id);
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

  /** Names the file and its test, saves the stacks of the forks that were there when it started, and kills them. */
  #report(moduleId: string, running: Running, now: number): void {
    const file = path.relative(process.cwd(), moduleId);
    const tests = [...running.tests.values()];
    const lines = [
      `hang watchdog: ${file} has run for ${Math.round((now - running.startedAt) / 1000)} s (limit ${this.#limitMs / 1000} s)`,
      tests.length > 0 ? `  in: ${tests.join(' | ')}` : '  in: no test (loading the file, or a hook)',
    ];
    // Each file runs in a fork of its own (pool forks, isolate): its fork started before the file
    // did. A fork started since runs another file and is left alone.
    const startedTicks = ticksSinceBoot() - Math.ceil(((now - running.startedAt) / 1000) * 100);
    const suspects = nodeDescendants(process.pid).filter((p) => p.startTicks <= startedTicks + 100);
    mkdirSync(this.#dir, { recursive: true });
    for (const { pid } of suspects) {
      const stacks = stacksOf(pid);
      const saved = path.join(this.#dir, `hang-${pid}.txt`);
      writeFileSync(saved, `${lines.join('\n')}\n\n${stacks}`);
      // The main thread's frames (gdb lists it as "Thread 1"), enough to see where it waits.
      const main = /Thread 1 [^\n]*\n((?:#[^\n]*\n){0,15})/.exec(stacks)?.[1] ?? '(no main-thread stack)\n';
      lines.push(`  fork ${pid}: stacks in ${saved}; its main thread:`, ...main.trimEnd().split('\n').map((l) => `    ${l.slice(0, 200)}`));
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
