// Processes around a served world for the remote-link tests: the CLI serving it, and players whose
// only pointer to it is SOCIAL_SDK_SIMULATOR.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach } from 'vitest';

import { root } from './sdk.js';
import { fixturePath } from './helpers.js';

const BIN = path.join(root, 'dist', 'bin', 'social-sdk-node.js');

export interface ServedCli {
  child: ChildProcessWithoutNullStreams;
  url: string;
  apiBase: string;
  harnessUrl: string;
  applications: { id: string; botToken: string }[];
  stop(): Promise<void>;
}

/** `social-sdk-node sim --json` on a free port, with `args`. */
export async function serveCli(args: string[] = []): Promise<ServedCli> {
  const child = spawn(process.execPath, [BIN, 'sim', '--port', '0', '--json', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  const served = JSON.parse(line) as Omit<ServedCli, 'child' | 'stop'>;
  return {
    ...served,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGINT');
      await once(child, 'exit');
    },
  };
}

/** A player process (test/fixtures/remote-player.cjs) attached through SOCIAL_SDK_SIMULATOR only. */
export class Player {
  readonly child: ChildProcessWithoutNullStreams;
  readonly events: Record<string, unknown>[] = [];
  #next = 1;
  readonly #answers = new Map<number, (value: { ok?: unknown; error?: { message: string } }) => void>();
  readonly #watchers: { test: (event: Record<string, unknown>) => boolean; resolve: (event: Record<string, unknown>) => void }[] = [];

  constructor(harnessUrl: string) {
    this.child = spawn(process.execPath, [fixturePath('remote-player.cjs')], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, SOCIAL_SDK_SIMULATOR: harnessUrl },
    });
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      const message = JSON.parse(line) as { id?: number; event?: string };
      if (message.id !== undefined) {
        this.#answers.get(message.id)?.(message as never);
        this.#answers.delete(message.id);
        return;
      }
      this.events.push(message);
      for (const watcher of [...this.#watchers]) {
        if (watcher.test(message)) {
          this.#watchers.splice(this.#watchers.indexOf(watcher), 1);
          watcher.resolve(message);
        }
      }
    });
  }

  /** Runs a command in the player's process; rejects with its error's message. */
  async do<T>(name: string, args: Record<string, unknown> = {}): Promise<T> {
    const id = this.#next++;
    const answer = new Promise<{ ok?: unknown; error?: { message: string } }>((resolve) => this.#answers.set(id, resolve));
    this.child.stdin.write(`${JSON.stringify({ id, do: name, ...args })}\n`);
    const { ok, error } = await answer;
    if (error) throw new Error(error.message);
    return ok as T;
  }

  /** The first event (seen already or to come) that `test` accepts. */
  event(test: (event: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
    const seen = this.events.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.#watchers.push({ test, resolve }));
  }

  async kill(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGKILL');
    await once(this.child, 'exit');
  }
}

/**
 * What a test file's tests start (served worlds, players, proxies), stopped after each test in
 * reverse order. Call once at the file's top level.
 */
export function stoppedAfterEach() {
  const running: { stop(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const item of running.splice(0).reverse()) await item.stop();
  });
  return {
    track<T extends { stop(): Promise<void> }>(item: T): T {
      running.push(item);
      return item;
    },
    /** `social-sdk-node sim` in a child process, stopped after the test. */
    async served(args: string[] = []): Promise<ServedCli> {
      return this.track(await serveCli(args));
    },
  };
}
