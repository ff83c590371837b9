// A real redis-server (the system's package; .ci/run installs it) on a free loopback port, in a
// temporary directory, without persistence: started for a test and stopped after. redis-server
// has no `--port 0`, so a free port is found by binding one and closing it first. No mock.
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

export const REDIS_SERVER = process.env['REDIS_SERVER'] ?? '/usr/bin/redis-server';

/** Whether redis-server is installed (the fleet tests are skipped, saying so, when not). */
export const haveRedisServer = fs.existsSync(REDIS_SERVER);

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** One redis-server; `stop()` then `start()` again keeps its port (an outage and a return). */
export class RedisServer {
  #child: ChildProcess | undefined;
  readonly #dir = fs.mkdtempSync(path.join(os.tmpdir(), 'social-sdk-redis-'));

  private constructor(readonly port: number) {}

  /** Starts a server on a free loopback port. */
  static async start(): Promise<RedisServer> {
    const server = new RedisServer(await freePort());
    await server.start();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts (again) on the same port; resolves when it accepts connections. */
  async start(): Promise<void> {
    if (this.#child) return;
    const child = spawn(REDIS_SERVER, ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.#dir, '--loglevel', 'notice'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.#child = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10_000);
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (${code}): ${output}`));
      });
    });
    child.stdout!.resume();
    child.stderr!.resume();
  }

  /** Stops the server (SIGTERM) and waits for it to exit. */
  async stop(): Promise<void> {
    const child = this.#child;
    if (!child) return;
    this.#child = undefined;
    if (child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }

  /** Stops it and removes its directory. */
  async close(): Promise<void> {
    await this.stop();
    fs.rmSync(this.#dir, { recursive: true, force: true });
  }
}
