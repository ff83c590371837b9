// Helpers of the RestClient tests: a scripted HTTP server on 127.0.0.1 (real sockets) that records
// every request and answers what the test scripts, a virtual clock for the client's rate-limit and
// retry waits, and the REST entry loaded from the build as users get it.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import * as path from 'node:path';

import { vi } from 'vitest';

import { root } from './sdk.js';

export const rest = createRequire(import.meta.url)(path.join(root, 'dist', 'rest', 'index.js')) as typeof import('../lib/rest/index.js');
export type * from '../lib/rest/index.js';

/** One request the server received. */
export interface RecordedRequest {
  method: string;
  /** The path under the server's root, with the query (`/api/v10/lobbies?x=1`). */
  url: string;
  /** The path under the client's base URL, without the query (`/lobbies/1`). */
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What the server answers: a status with a JSON body (or none), or no answer at all. */
export interface ScriptedResponse {
  status: number;
  headers?: Record<string, string>;
  /** Serialized as JSON (Content-Type application/json); undefined sends no body. */
  json?: unknown;
  /** Never answer (the client's timeout or abort ends it). */
  hang?: boolean;
  /** Drop the connection without answering. */
  destroy?: boolean;
}

export type Handler = (request: RecordedRequest) => ScriptedResponse | Promise<ScriptedResponse>;

/** The base path the server pretends to serve the API under. */
export const API_PREFIX = '/api/v10';

export class ScriptedServer {
  readonly requests: RecordedRequest[] = [];
  /** Answers every request; tests replace it. The default: 204. */
  handler: Handler = () => ({ status: 204 });
  readonly #server: http.Server;
  readonly #queued: ScriptedResponse[] = [];

  private constructor(server: http.Server) {
    this.#server = server;
  }

  static async start(): Promise<ScriptedServer> {
    const server = http.createServer();
    const scripted = new ScriptedServer(server);
    server.on('request', (request, response) => void scripted.#answer(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return scripted;
  }

  /** The client's baseUrl for this server. */
  get baseUrl(): string {
    const { port } = this.#server.address() as AddressInfo;
    return `http://127.0.0.1:${port}${API_PREFIX}`;
  }

  /** Answers the next requests with these, in order, before falling back to the handler. */
  reply(...responses: ScriptedResponse[]): void {
    this.#queued.push(...responses);
  }

  /** The requests received, as `METHOD /path`. */
  get seen(): string[] {
    return this.requests.map((request) => `${request.method} ${request.path}`);
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  async #answer(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const recorded: RecordedRequest = {
      method: request.method ?? '',
      url: request.url ?? '',
      path: url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    this.requests.push(recorded);
    const scripted = this.#queued.shift() ?? (await this.handler(recorded));
    if (scripted.hang) return;
    if (scripted.destroy) {
      request.socket.destroy();
      return;
    }
    const headers: Record<string, string> = { ...scripted.headers };
    let body = '';
    if (scripted.json !== undefined) {
      body = JSON.stringify(scripted.json);
      headers['content-type'] = 'application/json';
    }
    response.writeHead(scripted.status, headers);
    response.end(body);
  }
}

/** The JSON body of a recorded request. */
export function bodyOf(request: RecordedRequest | undefined): unknown {
  if (request === undefined) throw new Error('no such request');
  return request.body === '' ? undefined : (JSON.parse(request.body) as unknown);
}

interface PendingSleep {
  until: number;
  ms: number;
  resolve: () => void;
}

/**
 * A virtual clock for the client's waits. In `auto` mode every sleep is recorded and the clock
 * jumps ahead at once; otherwise sleeps stay pending until the test calls {@link advance}.
 */
export class VirtualClock {
  nowMs = 1_800_000_000_000;
  /** Every sleep asked for, in ms, in order. */
  readonly sleeps: number[] = [];
  readonly pending: PendingSleep[] = [];

  constructor(readonly auto: boolean) {}

  now(): number {
    return this.nowMs;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    if (this.auto) {
      this.nowMs += ms;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const entry: PendingSleep = { until: this.nowMs + ms, ms, resolve };
      this.pending.push(entry);
      signal?.addEventListener('abort', () => {
        this.pending.splice(this.pending.indexOf(entry), 1);
        reject(signal.reason as Error);
      });
    });
  }

  /** Moves the clock on and wakes the sleeps that are due. */
  advance(ms: number): void {
    this.nowMs += ms;
    for (const entry of [...this.pending]) {
      if (entry.until <= this.nowMs) {
        this.pending.splice(this.pending.indexOf(entry), 1);
        entry.resolve();
      }
    }
  }
}

/** Waits (polling, bounded) until the condition holds: for states reached through real sockets. */
export async function until(condition: () => boolean, what: string): Promise<void> {
  await vi.waitFor(
    () => {
      if (!condition()) throw new Error(`still waiting for ${what}`);
    },
    { timeout: 5000, interval: 5 },
  );
}

/** The rejection of a promise (fails the test if it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<InstanceType<typeof rest.SocialSdkError>> {
  try {
    await promise;
  } catch (error) {
    return error as InstanceType<typeof rest.SocialSdkError>;
  }
  throw new Error('expected a rejection, but it resolved');
}

/** A lobby as the service sends it. */
export function wireLobby(id = '1100000000000000001', extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    application_id: '1200000000000000001',
    metadata: { mode: 'duo' },
    members: [{ id: '1300000000000000001', metadata: null, flags: 1 }, { id: '1300000000000000002', metadata: { team: 'red' }, flags: 0, additional_name: 'Captain' }],
    flags: 0,
    ...extra,
  };
}

/** A lobby message as the service sends it. */
export function wireMessage(id = '1400000000000000001'): Record<string, unknown> {
  return {
    id,
    type: 0,
    content: 'gg',
    lobby_id: '1100000000000000001',
    channel_id: '1100000000000000001',
    author: { id: '1300000000000000002', username: 'pilot', discriminator: '0', global_name: 'Pilot', avatar: null },
    lobby_member: { additional_name: 'Captain' },
    metadata: { color: 'blue' },
    flags: 65536,
    application_id: '1200000000000000001',
  };
}
