/**
 * {@link createWebhookEventHandler}: a request handler for the service's webhook events, for
 * `node:http` servers and Express- or Fastify-style routes. It verifies before it parses:
 * signature (401), timestamp freshness (401), body size (413), JSON (400); answers a PING with
 * 204; answers an event with 204 at once (the service wants an answer within 3 seconds) and then
 * hands it to `onEvent` (a documented event type) or `onUnknownEvent` (any other).
 * @module
 */
import type { KeyObject } from 'node:crypto';

export type { WebhookRequestLike, WebhookResponseLike } from './http-io.js';
import { DEDUP_TTL_MS, dedupKey, MemoryWebhookDedupStore, type WebhookDedupStore } from './dedup-store.js';
import { answer, header, readRawBody, type WebhookRequestLike, type WebhookResponseLike } from './http-io.js';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, toPublicKey, verifyWebhookEvent } from './verify.js';
import { WebhookEventType, WebhookType, type UnknownWebhookEvent, type WebhookEvent, type WebhookEventContext } from './types.js';

/** Default body bound: events are a few KiB; anything this large is not the service's. */
export const DEFAULT_MAX_BODY_BYTES = 256 * 1024;
/** Default age (either way) beyond which a delivery's timestamp is refused: a replayed old delivery. */
export const DEFAULT_MAX_AGE_SECONDS = 5 * 60;

/** Options of {@link createWebhookEventHandler}. */
export interface WebhookEventHandlerOptions {
  /** The application's Ed25519 public key: 64 hex characters (the developer portal's), or a KeyObject. */
  publicKey: string | KeyObject;
  /**
   * Called with each verified event of a type this package knows ({@link WebhookEventType}: every
   * documented type), after the 204 was sent; narrow it on `event.type`. A rejection or throw
   * goes to `onError`.
   */
  onEvent: (event: WebhookEvent, context: WebhookEventContext) => void | Promise<void>;
  /**
   * Called instead of `onEvent` with a verified event of a type this package does not know (one
   * the service added later), after the 204 was sent. Without it such events are acknowledged and
   * dropped.
   */
  onUnknownEvent?: (event: UnknownWebhookEvent, context: WebhookEventContext) => void | Promise<void>;
  /** Bodies larger than this are refused with 413 (default 256 KiB). */
  maxBodyBytes?: number;
  /** Deliveries whose timestamp is further than this from `now()` are refused with 401 (default 300 s). */
  maxAgeSeconds?: number;
  /** The clock, ms since the Unix epoch (default `Date.now`; a test can give the simulator's). */
  now?: () => number;
  /** Errors of `onEvent` and refused deliveries' reasons (default: `process.emitWarning` for `onEvent` errors only). */
  onError?: (error: Error) => void;
  /**
   * Where handled events are remembered, so that the same event delivered again (the service
   * retries for up to 10 minutes, each retry signed anew) is acknowledged but not handled twice:
   * keyed on a SHA-256 of the raw body, kept 15 minutes. Default: a `MemoryWebhookDedupStore` of
   * this handler; several receivers behind one URL share a `RedisWebhookDedupStore`
   * (docs/fleets.md); `null` handles every delivery.
   */
  dedupStore?: WebhookDedupStore | null;
}

/** Why a delivery was refused, for `onError`. */
export class WebhookRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookRequestError';
  }
}

function checkPositiveInteger(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
  return value;
}

function checkDedupStore(value: unknown, now: () => number): WebhookDedupStore | null {
  if (value === undefined) return new MemoryWebhookDedupStore(now);
  if (value === null) return null;
  if (typeof value !== 'object' || typeof (value as Partial<WebhookDedupStore>).claim !== 'function') {
    throw new TypeError('options.dedupStore must be a WebhookDedupStore (MemoryWebhookDedupStore or RedisWebhookDedupStore) or null');
  }
  return value as WebhookDedupStore;
}

const KNOWN_EVENT_TYPES: ReadonlySet<string> = new Set(Object.values(WebhookEventType));

/** Whether the event is of a type this package describes (so `onEvent` may be given it, typed). */
function isKnownEvent(event: WebhookEvent | UnknownWebhookEvent): event is WebhookEvent {
  return KNOWN_EVENT_TYPES.has(event.type);
}

/** The parsed, checked envelope. */
function parseEnvelope(raw: Buffer): { type: number; applicationId: string; event?: WebhookEvent | UnknownWebhookEvent } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new WebhookRequestError(400, 'the body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new WebhookRequestError(400, 'the body is not a webhook event');
  const { type, application_id: applicationId, event } = parsed as Record<string, unknown>;
  if ((type !== WebhookType.Ping && type !== WebhookType.Event) || typeof applicationId !== 'string') throw new WebhookRequestError(400, 'the body is not a webhook event');
  if (type === WebhookType.Ping) return { type, applicationId };
  if (typeof event !== 'object' || event === null || typeof (event as { type?: unknown }).type !== 'string') throw new WebhookRequestError(400, 'the event has no type');
  return { type, applicationId, event: event as UnknownWebhookEvent };
}

/**
 * A handler for the application's webhook events URL. Mount it on a POST route (before any JSON
 * body parser, or give it the raw bytes). The same event delivered again (a retry) is answered
 * 204 and not handled again (see {@link WebhookEventHandlerOptions.dedupStore}). Mount it: `http.createServer(handler)`,
 * `app.post('/events', handler)` (Express), or a Fastify route whose body is kept as a Buffer.
 * Refusals: 405 (not a POST), 413 (body over `maxBodyBytes`), 401 (missing or bad signature, or
 * a timestamp older or newer than `maxAgeSeconds`), 400 (not JSON, not an event). A PING is
 * answered 204. An event is answered 204 at once, then given to `onEvent` (a documented type) or
 * `onUnknownEvent` (any other type).
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createWebhookEventHandler } from 'social-sdk-node/webhooks';
 * createServer(createWebhookEventHandler({
 *   publicKey: process.env.APP_PUBLIC_KEY!,
 *   onEvent: (event) => { if (event.type === 'APPLICATION_DEAUTHORIZED') unlink(event.data.user.id); },
 * })).listen(8080);
 * ```
 */
export function createWebhookEventHandler(options: WebhookEventHandlerOptions): (request: WebhookRequestLike, response: WebhookResponseLike) => Promise<void> {
  if (typeof options !== 'object' || options === null) throw new TypeError('options must be an object with publicKey and onEvent');
  const publicKey = toPublicKey(options.publicKey, 'options.publicKey');
  const { onEvent, onUnknownEvent, onError, now } = options;
  if (typeof onEvent !== 'function') throw new TypeError('options.onEvent must be a function');
  if (onUnknownEvent !== undefined && typeof onUnknownEvent !== 'function') throw new TypeError('options.onUnknownEvent must be a function');
  if (onError !== undefined && typeof onError !== 'function') throw new TypeError('options.onError must be a function');
  if (now !== undefined && typeof now !== 'function') throw new TypeError('options.now must be a function');
  const maxBodyBytes = checkPositiveInteger(options.maxBodyBytes, 'options.maxBodyBytes', DEFAULT_MAX_BODY_BYTES);
  const maxAgeSeconds = checkPositiveInteger(options.maxAgeSeconds, 'options.maxAgeSeconds', DEFAULT_MAX_AGE_SECONDS);
  const clock = now ?? Date.now;
  const dedupStore = checkDedupStore(options.dedupStore, clock);
  const report = (error: Error, fromEvent: boolean) => {
    if (onError) onError(error);
    else if (fromEvent) process.emitWarning(error);
  };

  return async (request, response) => {
    try {
      if (request.method !== undefined && request.method !== 'POST') throw new WebhookRequestError(405, 'webhook events are POSTed');
      const raw = await readRawBody(request, maxBodyBytes, (status, message) => new WebhookRequestError(status, message));
      const signature = header(request.headers, SIGNATURE_HEADER);
      const timestamp = header(request.headers, TIMESTAMP_HEADER);
      if (!verifyWebhookEvent(raw, signature, timestamp, publicKey)) throw new WebhookRequestError(401, 'invalid request signature');
      const sentAt = Number(timestamp);
      if (!/^\d{1,12}$/.test(timestamp ?? '') || Math.abs(clock() / 1000 - sentAt) > maxAgeSeconds) {
        throw new WebhookRequestError(401, 'stale request timestamp');
      }
      const envelope = parseEnvelope(raw);
      answer(response, 204);
      const { event } = envelope;
      if (event === undefined) return;
      const context: WebhookEventContext = { applicationId: envelope.applicationId };
      const handle = isKnownEvent(event) ? () => onEvent(event, context) : onUnknownEvent && (() => onUnknownEvent(event, context));
      if (handle === undefined) return;
      // After the answer: the service waits at most 3 seconds, whatever onEvent does (and a
      // shared de-duplication store's round trip).
      setImmediate(() => {
        void (async () => {
          let first = true;
          try {
            if (dedupStore !== null) first = await dedupStore.claim(dedupKey(raw), DEDUP_TTL_MS);
          } catch (error) {
            // A store that fails must not lose the event: handled (perhaps twice), and told.
            report(error instanceof Error ? error : new Error(String(error)), true);
          }
          if (!first) return;
          try {
            await handle();
          } catch (error) {
            report(error instanceof Error ? error : new Error(String(error)), true);
          }
        })();
      });
    } catch (error) {
      const refusal = error instanceof WebhookRequestError ? error : new WebhookRequestError(400, 'the request could not be read');
      answer(response, refusal.status, { error: refusal.message });
      report(refusal, false);
    }
  };
}
