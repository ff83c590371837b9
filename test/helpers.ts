import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';

import { root, sdk } from './sdk.js';

/** Waits until `predicate` holds (it may answer through a promise: a read from Redis), polling on the event loop (events arrive through the pump). */
export async function until(predicate: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** A fresh simulator with one user and the user's token. */
export function world(options: ConstructorParameters<typeof sdk.Simulator>[0] = {}) {
  const sim = new sdk.Simulator(options);
  const app = sim.createApplication({ name: 'Test Game' });
  const user = sim.createUser({ username: 'alice' });
  const grant = sim.issueToken(user, app);
  return { sim, app, user, grant };
}

export interface ChildResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function fixturePath(name: string): string {
  return path.join(root, 'test', 'fixtures', name);
}

export interface StartedFixture {
  child: ChildProcess;
  /** What the child printed so far. */
  output(): { stdout: string; stderr: string };
  /** Settles when the child exits (resolves on 'exit', so output printed before it is in). */
  exited: Promise<ChildResult>;
}

/** Starts a fixture script (test/fixtures/NAME) in a fresh Node process. */
export function startFixture(name: string, args: string[] = [], options: { execArgv?: string[]; env?: Record<string, string> } = {}): StartedFixture {
  const child = spawn(process.execPath, [...(options.execArgv ?? []), fixturePath(name), ...args], {
    cwd: root,
    env: options.env ? { ...process.env, ...options.env } : process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<ChildResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, output: () => ({ stdout, stderr }), exited };
}

/** Runs a fixture to its end; rejects (after killing it) if it does not exit in time. */
export async function runFixture(
  name: string,
  args: string[] = [],
  options: { execArgv?: string[]; timeoutMs?: number; env?: Record<string, string> } = {},
): Promise<ChildResult> {
  const started = startFixture(name, args, options);
  const timeoutMs = options.timeoutMs ?? 15000;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      started.child.kill('SIGKILL');
      const { stdout, stderr } = started.output();
      reject(new Error(`${name} did not exit within ${timeoutMs} ms (it hung)\nstdout:\n${stdout}\nstderr:\n${stderr}`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([started.exited, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
