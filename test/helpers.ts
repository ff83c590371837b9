import { spawn } from 'node:child_process';
import * as path from 'node:path';

import { root, sdk } from './sdk.js';

/** Waits until `predicate` holds, polling on the event loop (events arrive through the pump). */
export async function until(predicate: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
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

/** Runs a fixture script (test/fixtures/NAME) in a fresh Node process. */
export function runFixture(name: string, args: string[] = [], options: { execArgv?: string[]; timeoutMs?: number } = {}): Promise<ChildResult> {
  const script = path.join(root, 'test', 'fixtures', name);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.execArgv ?? []), script, ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not exit within ${options.timeoutMs ?? 15000} ms (it hung)\nstdout:\n${stdout}\nstderr:\n${stderr}`));
    }, options.timeoutMs ?? 15000);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}
