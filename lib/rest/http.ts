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

type Undici = { Agent: new () => Dispatcher };

let undici: Undici | undefined;
/** One keep-alive Agent for every client of the process that was given no dispatcher (as `fetch` shares its global one). */
let sharedAgent: Dispatcher | undefined;

function load(): Undici {
  // A require, not an import: the module is loaded when the first request is sent.
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

/**
 * An answer read whole, as the client reads a fetch `Response`: the status, the headers (undici's
 * object of lower-case names behind a `get`) and the text. One object for all three: the client
 * makes one per request.
 */
class Answer implements RestResponseLike {
  constructor(
    readonly status: number,
    private readonly raw: Record<string, string | string[] | undefined>,
    private readonly body: string,
  ) {}

  get headers(): this {
    return this;
  }

  get(name: string): string | null {
    const value = this.raw[name.toLowerCase()];
    if (value === undefined) return null;
    return typeof value === 'string' ? value : value.join(', ');
  }

  text(): Promise<string> {
    return Promise.resolve(this.body);
  }
}

/** What {@link send} gives back: the response and its whole body as text. */
export interface SentResponse {
  response: RestResponseLike;
  text: string;
}

/** Where a client's requests go: the base URL's origin and path, split once (undici takes them apart). */
export interface Target {
  /** `https://discord.com` */
  origin: string;
  /** `/api/v10`, or '' */
  basePath: string;
}

/** @internal Splits a (checked) base URL. */
export function targetOf(baseUrl: string): Target {
  const url = new URL(baseUrl);
  return { origin: url.origin, basePath: url.pathname === '/' ? '' : url.pathname };
}

/**
 * Sends one request through `dispatcher` (default: the shared keep-alive Agent) and reads the
 * whole body. Rejects when `deadline` aborts or the connection fails. The dispatcher's own
 * `request` is called with the origin and path already split: undici's top-level `request`
 * would parse the URL again for every request.
 */
export async function send(target: Target, path: string, method: string, headers: Record<string, string>, body: string | undefined, dispatcher: Dispatcher | undefined, deadline: Deadline): Promise<SentResponse> {
  const through = dispatcher ?? (sharedAgent ??= new (load().Agent)());
  const answer = await through.request({ origin: target.origin, path: `${target.basePath}${path}`, method: method as Dispatcher.HttpMethod, headers, body, signal: deadline });
  const text = await answer.body.text();
  return { response: new Answer(answer.statusCode, answer.headers, text), text };
}
