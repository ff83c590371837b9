// CI's safety net for hangs (docs/development.md, "A hang fails CI fast and says where"): the
// watchdog reporter ends a test file whose fork's JS thread is blocked, naming it and its test and
// saving the fork's stacks; the run's deadline (scripts/ci-deadline.cjs) ends a command that runs
// too long, saving its stacks, with exit code 124. Both checked on a process that really blocks.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { root } from './sdk.js';

interface Run {
  code: number | null;
  output: string;
}

/**
 * Runs the command in a process group of its own. Should the watchdog miss the blocked fork, the
 * group (the fork included: a blocked fork does not see its parent go) is killed after 40 s and the
 * run answers code null, so nothing blocked outlives the test.
 */
function run(command: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const killGroup = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // the group is gone
      }
    };
    const timer = setTimeout(killGroup, 40_000);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe("CI's hang watchdog and deadline", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hang-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('the reporter names a blocked file and its test, saves its fork\'s stacks and kills it: the run fails instead of waiting', { timeout: 60_000 }, async () => {
    const dir = tempDir();
    const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
    const result = await run(process.execPath, [vitest, 'run', '--config', 'test/fixtures/hang/vitest.config.mts', '--reporter=default', '--reporter=./test/reporters/hang-watchdog.ts'], {
      SOCIAL_SDK_FILE_LIMIT_S: '3',
      SOCIAL_SDK_HANG_DIR: dir,
    });
    expect(result.code, result.output).toBe(1);
    expect(result.output).toContain('hang watchdog: test/fixtures/hang/blocked.hang.ts has run for');
    expect(result.output).toMatch(/fork \d+ last began: test\/fixtures\/hang\/blocked\.hang\.ts > blocks its JS thread/);
    const saved = readdirSync(dir).filter((name) => /^hang-\d+\.txt$/.test(name));
    expect(saved.length, result.output).toBeGreaterThan(0);
    expect(readFileSync(path.join(dir, saved[0]!), 'utf8')).toContain('blocked.hang.ts');
  });

  it('the deadline ends a command that runs too long with exit code 124 and its stacks; a command within it keeps its own exit code', { timeout: 60_000 }, async () => {
    const dir = tempDir();
    const deadline = path.join(root, 'scripts', 'ci-deadline.cjs');
    const blocked = await run(process.execPath, [deadline, '2', process.execPath, '-e', 'Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0)'], { SOCIAL_SDK_HANG_DIR: dir });
    expect(blocked.code, blocked.output).toBe(124);
    expect(blocked.output).toContain('still running after 2 s');
    expect(readdirSync(dir).some((name) => /^deadline-\d+\.txt$/.test(name))).toBe(true);
    const quick = await run(process.execPath, [deadline, '30', process.execPath, '-e', 'process.exit(3)'], { SOCIAL_SDK_HANG_DIR: dir });
    expect(quick.code).toBe(3);
  });
});
