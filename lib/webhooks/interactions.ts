/**
 * {@link createInteractionHandler}: a typed receiver for the service's interactions sent to an
 * application's interactions endpoint URL (docs interactions/receiving-and-responding.mdx,
 * "Receiving an Interaction"): verifies the Ed25519 signature (verify.ts: the same key and headers
 * as webhook events; 401 when wrong, as the service's check on saving the URL requires), answers a
 * PING with `{ "type": 1 }`, and otherwise hands the parsed interaction (discord-api-types'
 * APIInteraction) to `onInteraction`, whose returned response (APIInteractionResponse) is the
 * HTTP answer: the initial response. The service wants it "within 3 seconds"; a handler still
 * running at `deadlineMs` is answered with a deferred response instead (type 5, or 6 for a
 * component), and its later result is dropped: follow up through the RestClient then. A handler
 * that throws is answered 500 (the user sees the interaction fail).
 * @module
 */
import type { KeyObject } from 'node:crypto';
import type { APIInteraction, APIInteractionResponse } from 'discord-api-types/v10';

import { SIGNATURE_HEADER, TIMESTAMP_HEADER, toPublicKey, verifyWebhookEvent } from './verify.js';
import { answer as reply, header, readRawBody, type WebhookRequestLike, type WebhookResponseLike } from './http-io.js';

/** Interaction types (receiving-and-responding.mdx, "Interaction Type"): PING 1, MESSAGE_COMPONENT 3. */
const PING = 1;
const MESSAGE_COMPONENT = 3;
/** Response types: PONG 1, DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE 5, DEFERRED_UPDATE_MESSAGE 6. */
const PONG = 1;
const DEFERRED_MESSAGE = 5;
const DEFERRED_UPDATE = 6;

/** Default bound of an interaction's body (interactions carry resolved objects; a few hundred KiB at most). */
export const DEFAULT_INTERACTION_BODY_BYTES = 1024 * 1024;
/** The default time the handler is given before a deferred answer goes out (ms; the service allows 3 s). */
export const DEFAULT_DEADLINE_MS = 2500;

/** Options of {@link createInteractionHandler}. */
export interface InteractionHandlerOptions {
  /** The application's Ed25519 public key: 64 hex characters (the developer portal's), or a KeyObject. */
  publicKey: string | KeyObject;
  /**
   * Called with each verified interaction but PINGs (answered by the handler). Return the initial
   * response (a message, a modal, an update, a deferral); `undefined` answers with a deferral.
   */
  onInteraction: (interaction: APIInteraction) => APIInteractionResponse | undefined | Promise<APIInteractionResponse | undefined>;
  /** Bodies larger than this are refused with 413 (default 1 MiB). */
  maxBodyBytes?: number;
  /** Requests whose timestamp is further than this from `now()` are refused with 401 (default 300 s). */
  maxAgeSeconds?: number;
  /** How long `onInteraction` may take before a deferral is sent instead (ms, default 2500). */
  deadlineMs?: number;
  /** The clock, ms since the Unix epoch (default `Date.now`; a test can give the simulator's). */
  now?: () => number;
  /** Refused requests' reasons and `onInteraction`'s errors (default: `process.emitWarning` for the latter). */
  onError?: (error: Error) => void;
}

/** Why a request was refused, for `onError`. */
export class InteractionRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'InteractionRequestError';
  }
}

/**
 * Parses a verified body as an interaction.
 * @throws InteractionRequestError (400) when it is not JSON or has no numeric `type`, `id` and `application_id`.
 */
export function parseInteraction(raw: string | Uint8Array): APIInteraction {
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof raw === 'string' ? raw : Buffer.from(raw).toString('utf8'));
  } catch {
    throw new InteractionRequestError(400, 'the body is not valid JSON');
  }
  const fields = parsed as Record<string, unknown> | null;
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields) || typeof fields['type'] !== 'number' || typeof fields['id'] !== 'string' || typeof fields['application_id'] !== 'string') {
    throw new InteractionRequestError(400, 'the body is not an interaction');
  }
  return fields as unknown as APIInteraction;
}

function checkPositiveInteger(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
  return value;
}

/**
 * A handler for the application's interactions endpoint URL: `http.createServer(handler)`,
 * `app.post('/interactions', handler)` (Express, before any JSON body parser), or a Fastify route
 * whose body is kept as a Buffer. Refusals: 405 (not a POST), 413, 401 (bad signature or stale
 * timestamp), 400 (not an interaction).
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createInteractionHandler } from 'social-sdk-node/webhooks';
 * createServer(createInteractionHandler({
 *   publicKey: process.env.APP_PUBLIC_KEY!,
 *   onInteraction: (interaction) => ({ type: 4, data: { content: `pong from ${interaction.id}` } }),
 * })).listen(8080);
 * ```
 */
export function createInteractionHandler(options: InteractionHandlerOptions): (request: WebhookRequestLike, response: WebhookResponseLike) => Promise<void> {
  if (typeof options !== 'object' || options === null) throw new TypeError('options must be an object with publicKey and onInteraction');
  const publicKey = toPublicKey(options.publicKey, 'options.publicKey');
  const { onInteraction, onError, now } = options;
  if (typeof onInteraction !== 'function') throw new TypeError('options.onInteraction must be a function');
  if (onError !== undefined && typeof onError !== 'function') throw new TypeError('options.onError must be a function');
  if (now !== undefined && typeof now !== 'function') throw new TypeError('options.now must be a function');
  const maxBodyBytes = checkPositiveInteger(options.maxBodyBytes, 'options.maxBodyBytes', DEFAULT_INTERACTION_BODY_BYTES);
  const maxAgeSeconds = checkPositiveInteger(options.maxAgeSeconds, 'options.maxAgeSeconds', 300);
  const deadlineMs = checkPositiveInteger(options.deadlineMs, 'options.deadlineMs', DEFAULT_DEADLINE_MS);
  const clock = now ?? Date.now;
  const report = (error: Error, fromHandler: boolean) => {
    if (onError) onError(error);
    else if (fromHandler) process.emitWarning(error);
  };

  return async (request, response) => {
    try {
      if (request.method !== undefined && request.method !== 'POST') throw new InteractionRequestError(405, 'interactions are POSTed');
      const raw = await readRawBody(request, maxBodyBytes, (status, message) => new InteractionRequestError(status, message));
      const timestamp = header(request.headers, TIMESTAMP_HEADER);
      if (!verifyWebhookEvent(raw, header(request.headers, SIGNATURE_HEADER), timestamp, publicKey)) throw new InteractionRequestError(401, 'invalid request signature');
      if (!/^\d{1,12}$/.test(timestamp ?? '') || Math.abs(clock() / 1000 - Number(timestamp)) > maxAgeSeconds) throw new InteractionRequestError(401, 'stale request timestamp');
      const interaction = parseInteraction(raw);
      if (interaction.type === PING) return reply(response, 200, { type: PONG });
      const deferral = { type: interaction.type === MESSAGE_COMPONENT ? DEFERRED_UPDATE : DEFERRED_MESSAGE };
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, deadlineMs, undefined)));
      let answer: APIInteractionResponse | undefined;
      try {
        answer = await Promise.race([Promise.resolve().then(() => onInteraction(interaction)), late]);
      } catch (error) {
        // The user then sees "This interaction failed", as for any answer the service cannot use.
        report(error instanceof Error ? error : new Error(String(error)), true);
        return reply(response, 500, { error: 'the interaction handler failed' });
      } finally {
        clearTimeout(timer);
      }
      reply(response, 200, answer ?? deferral);
    } catch (error) {
      const refusal = error instanceof InteractionRequestError ? error : new InteractionRequestError(400, 'the request could not be read');
      reply(response, refusal.status, { error: refusal.message });
      report(refusal, false);
    }
  };
}
