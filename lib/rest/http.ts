/**
 * The default way a RestClient sends a request: undici's `request` through a keep-alive `Agent`
 * (the one @discordjs/rest uses), rather than the global `fetch`, whose WHATWG layers (Request,
 * Headers, body streams, an AbortController per request) cost more than the rest of the client
 * together (bench/rest.cjs). undici is loaded on the first request, so importing
 * `social-sdk-node/rest` loads nothing but the client's own modules.
 * @internal
 * @module
 */
import { EventEmitter } from 'node:events';
import type { Dispatcher } from 'undici-types';

import type { RestResponseLike } from './options.js';

type Undici = { Agent: new () => Dispatcher; request: (url: string, options: Record<string, unknown>) => Promise<Dispatcher.ResponseData> };

let undici: Undici | undefined;
/** One keep-alive Agent for every client of the process that was given no dispatcher (as `fetch` shares its global one). */
let sharedAgent: Dispatcher | undefined;

function load(): Undici {
  // A require, not an import: the module is loaded when the first request is sent.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  undici ??= require('undici') as Undici;
  return undici;
}

/**
 * Aborts undici's request: on the timeout, or when the caller's signal aborts. An EventEmitter
 * (undici takes one as a signal), as an AbortController per request costs more than the rest of
 * the request's bookkeeping.
 */
export class Deadline extends EventEmitter {
  aborted = false;
  readonly #timer: NodeJS.Timeout;
  readonly #signal: AbortSignal | undefined;
  readonly #onAbort = (): void => this.abort();
  /** Whether it was the timeout (not the caller) that aborted. */
  timedOut = false;

  constructor(timeoutMs: number, signal: AbortSignal | undefined) {
    super();
    this.#timer = setTimeout(() => {
      this.timedOut = true;
      this.abort();
    }, timeoutMs);
    this.#signal = signal;
    if (signal !== undefined) {
      if (signal.aborted) this.abort();
      else signal.addEventListener('abort', this.#onAbort, { once: true });
    }
  }

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.emit('abort');
  }

  /** Stops the timer and the listening. */
  clear(): void {
    clearTimeout(this.#timer);
    this.#signal?.removeEventListener('abort', this.#onAbort);
  }
}

/** A response's headers (undici's object of lower-case names) read as a fetch `Headers`. */
class ResponseHeaders {
  constructor(private readonly raw: Record<string, string | string[] | undefined>) {}

  get(name: string): string | null {
    const value = this.raw[name.toLowerCase()];
    if (value === undefined) return null;
    return typeof value === 'string' ? value : value.join(', ');
  }
}

/** What {@link send} gives back: the response and its whole body as text. */
export interface SentResponse {
  response: RestResponseLike;
  text: string;
}

/**
 * Sends one request through `dispatcher` (default: the shared keep-alive Agent) and reads the
 * whole body. Rejects when `deadline` aborts or the connection fails.
 */
export async function send(url: string, method: string, headers: Record<string, string>, body: string | undefined, dispatcher: Dispatcher | undefined, deadline: Deadline): Promise<SentResponse> {
  const { Agent, request } = load();
  const answer = await request(url, { method, headers, body, signal: deadline, dispatcher: dispatcher ?? (sharedAgent ??= new Agent()) });
  const text = await answer.body.text();
  const responseHeaders = new ResponseHeaders(answer.headers);
  return { response: { status: answer.statusCode, headers: responseHeaders, text: () => Promise.resolve(text) }, text };
}
