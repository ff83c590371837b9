/**
 * Request execution: headers, the JSON body, the timeout, retries of 5xx and network failures
 * with backoff, 429s waited out through the rate limiter, and the response parsed or turned into
 * a `SocialSdkError`.
 * @internal
 * @module
 */
import { SocialSdkError } from '../common/errors.js';
import { abortable, abortedError, httpError, networkError, redactorFor, timeoutError } from './failures.js';
import type { ResolvedOptions, RestResponseLike } from './options.js';
import { Deadline, send, targetOf, type Target } from './http.js';
import { hashToken, type BucketContext, type InvalidRequestCounter, type RateLimiter } from './rate-limits.js';
import type { Route } from './routes.js';

/** One request as an endpoint method describes it. */
export interface RestRequest {
  route: Route;
  /** Serialized as JSON. */
  body?: unknown;
  /** Sent as `application/x-www-form-urlencoded` instead (the OAuth2 endpoints). */
  form?: Record<string, string>;
  /**
   * Sent as `multipart/form-data` instead: the JSON body in `payload_json` (the service's
   * convention for bodies with files, docs reference.mdx "Uploading Files") and the files.
   */
  multipart?: { payload: unknown; files: readonly MultipartFile[] };
  /**
   * An `Authorization` value sent instead of the bot or user token (`Basic` client credentials);
   * null: none (the body authenticates the request).
   */
  authorization?: string | null;
  /** More secrets the request carries (client secret, codes, tokens of a form): redacted from errors. */
  secrets?: readonly string[];
  /** Appended to the URL (already checked). */
  query?: Record<string, string>;
  signal?: AbortSignal;
  /** A user's token: sent as `Bearer` instead of the bot token. */
  userToken?: string;
  /** `X-Audit-Log-Reason`. */
  reason?: string;
}

/** A file of a multipart request. */
export interface MultipartFile {
  /** The form field (`target_users_file`, `files[0]`). */
  field: string;
  filename: string;
  contentType: string;
  data: string;
}

/**
 * A multipart body, `payload_json` and the files, encoded by the platform's own FormData (through
 * a Response): its text and its content type with the boundary. A string, as every other body, so
 * a `makeRequest` sees one kind of body.
 */
async function multipartBody(multipart: NonNullable<RestRequest['multipart']>): Promise<{ text: string; contentType: string }> {
  const form = new FormData();
  form.append('payload_json', JSON.stringify(multipart.payload));
  for (const file of multipart.files) form.append(file.field, new Blob([file.data], { type: file.contentType }), file.filename);
  const encoded = new Response(form);
  return { text: await encoded.text(), contentType: encoded.headers.get('content-type')! };
}

/** What a successful request gives the endpoint method. */
export interface RestResult {
  status: number;
  /** The parsed JSON body, or undefined when there is none (204). */
  body: unknown;
}

/** Statuses the service counts as invalid requests (server-api.md §6.1). */
const INVALID_STATUSES = new Set([401, 403, 429]);

/** A response's body text, parsed as JSON when the Content-Type says so (a body that is not JSON stays text). */
function parseBody(response: RestResponseLike, text: string): unknown {
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** Seconds to wait from a 429: the body's precise `retry_after`, else the `Retry-After` header, else 1. */
function retryAfterSeconds(response: RestResponseLike, body: unknown): number {
  const fromBody = typeof body === 'object' && body !== null ? (body as { retry_after?: unknown }).retry_after : undefined;
  if (typeof fromBody === 'number' && Number.isFinite(fromBody) && fromBody >= 0) return fromBody;
  const header = Number(response.headers.get('retry-after') ?? '');
  if (Number.isFinite(header) && header >= 0 && response.headers.get('retry-after') !== null) return header;
  return 1;
}

/** @internal Sends requests for one client. */
export class Transport {
  /** The base URL split for the default transport. */
  readonly #target: Target;

  constructor(
    private readonly options: ResolvedOptions,
    private readonly token: () => string,
    private readonly limiter: RateLimiter,
    private readonly invalidRequests: InvalidRequestCounter,
  ) {
    this.#target = targetOf(options.baseUrl);
  }

  /** Sends the request through its bucket's queue; resolves with the successful response. */
  execute(request: RestRequest): Promise<RestResult> {
    const shape = request.route.shape;
    if (request.signal?.aborted) return Promise.reject(abortedError(shape));
    const context: BucketContext = { route: request.route, tokenHash: request.userToken === undefined ? '' : hashToken(request.userToken) };
    return this.limiter.enqueue(context, request.signal, () => this.#attempts(request, context));
  }

  async #attempts(request: RestRequest, context: BucketContext): Promise<RestResult> {
    const { clock, retries, retryBackoffMs } = this.options;
    const shape = request.route.shape;
    const redact = redactorFor(this.token(), request.userToken, request.authorization ?? undefined, ...(request.secrets ?? []));
    let failures = 0;
    const retryOrThrow = async (error: Error): Promise<void> => {
      if (failures >= retries) throw error;
      failures++;
      const backoff = retryBackoffMs * 2 ** (failures - 1);
      if (backoff > 0) await abortable(clock.sleep(backoff, request.signal), request.signal, shape);
    };
    for (;;) {
      let answer: { status: number; body: unknown } | 'resend';
      try {
        answer = await this.limiter.exclusive(context, request.signal, () => this.#attempt(request, context, redact));
      } catch (error) {
        if (error instanceof SocialSdkError && error.type === 'NetworkError') {
          await retryOrThrow(error);
          continue;
        }
        throw error;
      }
      // Not a retry: the same request is sent again after the 429's wait.
      if (answer === 'resend') continue;
      const { status, body } = answer;
      if (status >= 500) {
        await retryOrThrow(httpError(shape, status, body, redact));
        continue;
      }
      if (status >= 400) throw httpError(shape, status, body, redact);
      return { status, body };
    }
  }

  /**
   * One attempt, on the bucket's turn: waits for the limits, sends, learns the bucket from the
   * answer; a 429 is waited out here (the bucket is blocked for its other routes meanwhile) and
   * answers 'resend'.
   */
  async #attempt(request: RestRequest, context: BucketContext, redact: (text: string) => string): Promise<{ status: number; body: unknown } | 'resend'> {
    const turn = this.limiter.waitForTurn(context, request.signal);
    const countedIn = turn instanceof Promise ? await turn : turn;
    // A shared store's take for the request queued behind this one goes out with this one.
    if (countedIn !== undefined) this.limiter.takeAhead(context);
    const { response, body } = await this.#send(request, redact);
    this.limiter.learn(context, response.headers, countedIn);
    const { status } = response;
    if (INVALID_STATUSES.has(status) && !(status === 429 && response.headers.get('x-ratelimit-scope') === 'shared')) this.invalidRequests.record();
    if (status !== 429) return { status, body };
    const seconds = retryAfterSeconds(response, body);
    const global = response.headers.get('x-ratelimit-global') !== null || (typeof body === 'object' && body !== null && (body as { global?: unknown }).global === true);
    await this.limiter.tooManyRequests(context, seconds * 1000, global, response.headers.get('x-ratelimit-scope') ?? undefined, request.signal);
    return 'resend';
  }

  /** One attempt: the request sent, the body read, within the timeout. */
  async #send(request: RestRequest, redact: (text: string) => string): Promise<{ response: RestResponseLike; body: unknown }> {
    const { route } = request;
    const headers: Record<string, string> = { 'user-agent': this.options.userAgent };
    const authorization = request.authorization === undefined ? (request.userToken === undefined ? `Bot ${this.token()}` : `Bearer ${request.userToken}`) : request.authorization;
    if (authorization !== null) headers['authorization'] = authorization;
    if (request.reason !== undefined) headers['x-audit-log-reason'] = encodeURIComponent(request.reason);
    let body: string | undefined;
    if (request.multipart !== undefined) {
      const encoded = await multipartBody(request.multipart);
      body = encoded.text;
      headers['content-type'] = encoded.contentType;
    } else if (request.form !== undefined) {
      body = new URLSearchParams(request.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (request.body !== undefined) {
      body = JSON.stringify(request.body);
      headers['content-type'] = 'application/json';
    }
    const query = request.query === undefined ? '' : `?${new URLSearchParams(request.query).toString()}`;
    if (this.options.makeRequest === undefined) return this.#sendDirect(request, `${route.path}${query}`, headers, body, redact);
    const url = `${this.options.baseUrl}${route.path}${query}`;
    const timeout = new AbortController();
    const signal = request.signal === undefined ? timeout.signal : AbortSignal.any([request.signal, timeout.signal]);
    const timer = setTimeout(() => timeout.abort(), this.options.timeoutMs);
    try {
      const init = { method: route.method, headers, signal, ...(body === undefined ? {} : { body }), ...(this.options.dispatcher === undefined ? {} : { dispatcher: this.options.dispatcher }) };
      // Raced with the signal too, so that a makeRequest that ignores it still cannot hold the call.
      const response = await abortable(this.options.makeRequest(url, init), signal, route.shape);
      return { response, body: parseBody(response, await abortable(response.text(), signal, route.shape)) };
    } catch (error) {
      if (request.signal?.aborted) throw abortedError(route.shape);
      if (timeout.signal.aborted) throw timeoutError(route.shape, this.options.timeoutMs);
      throw networkError(route.shape, error, redact);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The default transport (http.ts): undici's `request`, aborted by a {@link Deadline}. */
  async #sendDirect(request: RestRequest, path: string, headers: Record<string, string>, body: string | undefined, redact: (text: string) => string): Promise<{ response: RestResponseLike; body: unknown }> {
    const { route } = request;
    const deadline = new Deadline(this.options.timeoutMs, request.signal);
    try {
      const { response, text } = await send(this.#target, path, route.method, headers, body, this.options.dispatcher, deadline);
      return { response, body: parseBody(response, text) };
    } catch (error) {
      if (request.signal?.aborted) throw abortedError(route.shape);
      if (deadline.timedOut) throw timeoutError(route.shape, this.options.timeoutMs);
      throw networkError(route.shape, error, redact);
    } finally {
      deadline.clear();
    }
  }
}
