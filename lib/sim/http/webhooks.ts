/**
 * Webhook events of the simulated service (server API reference §5; discord-api-docs
 * developers/events/webhook-events.mdx): per application an events URL the harness sets
 * (verified on save with a PING it must answer 204, and a probe with a bad signature it must
 * refuse with 401), an Ed25519 key pair (node:crypto) whose public key the harness reads, and the
 * deliveries: each event the world noted (see native/sim/service/webhook_outbox.h) is POSTed with
 * `X-Signature-Ed25519` over the `X-Signature-Timestamp` (Unix seconds of the simulator's clock)
 * followed by the body, and retried with exponential backoff on the simulator's clock for up to
 * 10 minutes. Every delivery is kept in a log (pending, delivered, failed), so a test can check
 * that nothing was lost.
 *
 * The URL's health, as the docs state it: "routine security checks against your endpoint,
 * including purposefully sending you invalid signatures. If you fail the validation, we will
 * remove your Webhook Events URL and alert you via email and System DM"; and "If your app fails to
 * respond too often, Discord will stop sending you webhook events and notify you via email". How
 * often and how many are not documented: {@link PROBE_INTERVAL_MS} and
 * {@link FAILED_EVENTS_BEFORE_DISABLING} are our choices. Either way the application's status
 * becomes DISABLED_BY_DISCORD (application.mdx, "Application Event Webhook Status": 3) until the
 * URL is saved again.
 * @internal
 * @module
 */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

import { SocialSdkError } from '../../common/errors.js';
import type { NativeMessage, NativeWebhookNotice, NativeWorld } from '../../addon/native.js';
import { getRuntime } from '../../addon/runtime.js';
import { SDK_MESSAGE_FLAG, wireLobbyMessage, wireUser } from './wire.js';
import type { WebhookEvent, WebhookEventBody } from '../../webhooks/types.js';

/** The receiver must answer within this (real time; server API reference §5.3). */
export const DELIVERY_TIMEOUT_MS = 3000;
/** Unacknowledged events are retried for up to this long on the simulator's clock (§5.3). */
export const RETRY_WINDOW_MS = 10 * 60 * 1000;
/** The first retry waits this long; each later one twice the one before. */
export const FIRST_RETRY_MS = 1000;
/**
 * A saved URL gets a PING with a bad signature this often (simulator's clock). Our choice: the
 * docs say only "automated, routine security checks".
 */
export const PROBE_INTERVAL_MS = 60 * 60 * 1000;
/**
 * The service stops sending events once this many events in a row failed for good (unanswered
 * through their whole retry window, none acknowledged between). Our choice: the docs say only
 * "fails to respond too often".
 */
export const FAILED_EVENTS_BEFORE_DISABLING = 10;

/** One delivery of the log. */
export interface WebhookDelivery {
  /** The log's own sequence number (decimal). */
  id: string;
  applicationId: string;
  /** The event's type, e.g. `'APPLICATION_DEAUTHORIZED'`. */
  eventType: string;
  /** `pending` until the receiver answers 2xx (`delivered`) or the retry window ends (`failed`). */
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  /** The HTTP status of the last attempt; null when it got no answer. */
  lastStatus: number | null;
  /** Why the last attempt failed; null when it did not. */
  lastError: string | null;
  /** Simulator clock, ms: when the event happened, when it was delivered, when the next attempt is due. */
  queuedAt: number;
  deliveredAt: number | null;
  nextAttemptAt: number | null;
  /** The body sent (parsed). */
  body: WebhookEventBody;
}

/** An application's event webhook status (application.mdx, "Application Event Webhook Status"). */
export type WebhookEventsStatus = 'DISABLED' | 'ENABLED' | 'DISABLED_BY_DISCORD';

/** What the service told the application's owner about its events URL (by email, and for a removal by system DM). */
export interface WebhookAlert {
  applicationId: string;
  /** Simulator clock, ms. */
  at: number;
  /** The URL it was about. */
  url: string;
  /** `INVALID_SIGNATURE_ACCEPTED`: the URL answered 2xx to a probe and was removed; `TOO_MANY_FAILURES`: events stopped. */
  reason: 'INVALID_SIGNATURE_ACCEPTED' | 'TOO_MANY_FAILURES';
  via: ('email' | 'system DM')[];
}

/** A URL events go to. */
interface Endpoint {
  url: URL;
  /** Events in a row that failed for good since the last acknowledged one. */
  failedInARow: number;
}

/** An application whose events the service stopped. */
interface Stopped {
  /** Kept after too many failures; null once removed for accepting a bad signature. */
  url: URL | null;
  /** What its deliveries still pending end with. */
  why: string;
}

const ALERTS = {
  INVALID_SIGNATURE_ACCEPTED: { why: 'the events URL was removed: it accepted a request with an invalid signature', via: ['email', 'system DM'] },
  TOO_MANY_FAILURES: { why: 'webhook events were disabled: too many failed deliveries', via: ['email'] },
} as const satisfies Record<WebhookAlert['reason'], { why: string; via: WebhookAlert['via'] }>;

function acknowledged(status: number | null): boolean {
  return status !== null && status >= 200 && status <= 299;
}

interface Keys {
  privateKey: KeyObject;
  publicKeyHex: string;
}

/** The PING (webhook type 0) the service checks a URL with. */
function pingBody(applicationId: string): string {
  const ping: WebhookEventBody = { version: 1, application_id: applicationId, type: 0 };
  return JSON.stringify(ping);
}

/** `2024-10-18T14:42:53.064000`: the service's event timestamps (no zone, microseconds). */
function eventTimestamp(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, -1)}000`;
}

/** `2025-08-05T20:38:43.660000+00:00`: a message's own times, as the docs' update example shows them. */
function messageTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, -1)}000+00:00`;
}

function messageTimes(message: NativeMessage): { timestamp: string; edited_timestamp: string | null } {
  return { timestamp: messageTime(message.sentAt), edited_timestamp: message.editedAt === null ? null : messageTime(message.editedAt) };
}

/** The service's verdict on an attempt: 2xx is an acknowledgement. */
function post(url: URL, body: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    // No keep-alive agent: a delivery holds no socket (nor the process) once answered.
    const outgoing = send(url, { method: 'POST', agent: false, timeout: DELIVERY_TIMEOUT_MS, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode ?? 0));
      response.once('error', reject);
    });
    outgoing.once('timeout', () => outgoing.destroy(new Error(`no answer within ${DELIVERY_TIMEOUT_MS} ms`)));
    outgoing.once('error', reject);
    outgoing.end(body);
  });
}

function afterBatchHook(dispatcher: WeakRef<WebhookDispatcher>): () => void {
  const hook = () => {
    const alive = dispatcher.deref();
    if (alive) alive.drain();
    else getRuntime().afterBatch.delete(hook);
  };
  return hook;
}

export class WebhookDispatcher {
  readonly #world: NativeWorld;
  readonly #untilClock: (at: number) => Promise<void>;
  readonly #endpoints = new Map<string, Endpoint>();
  readonly #stopped = new Map<string, Stopped>();
  readonly #alerts: WebhookAlert[] = [];
  readonly #keys = new Map<string, Keys>();
  readonly #log: WebhookDelivery[] = [];
  #dropped = 0;
  #inFlight = 0;
  #idleWaiters: (() => void)[] = [];
  /** The runtime's hook holds the dispatcher weakly: a simulator dropped without removing its URLs is still collected. */
  readonly #afterBatch = afterBatchHook(new WeakRef(this));

  constructor(world: NativeWorld, untilClock: (at: number) => Promise<void>) {
    this.#world = world;
    this.#untilClock = untilClock;
  }

  /** The application's Ed25519 public key, 64 hex characters (made on first use). */
  publicKey(applicationId: string): string {
    return this.#keysOf(applicationId).publicKeyHex;
  }

  /** The events URL of the application (kept when the service disabled its events), or null. */
  url(applicationId: string): string | null {
    return (this.#endpoints.get(applicationId)?.url ?? this.#stopped.get(applicationId)?.url)?.href ?? null;
  }

  /** ENABLED with a URL; DISABLED_BY_DISCORD once the service stopped its events; DISABLED otherwise. */
  status(applicationId: string): WebhookEventsStatus {
    if (this.#endpoints.has(applicationId)) return 'ENABLED';
    return this.#stopped.has(applicationId) ? 'DISABLED_BY_DISCORD' : 'DISABLED';
  }

  /** What the owners were told, oldest first (copies), optionally of one application. */
  alerts(applicationId?: string): WebhookAlert[] {
    return this.#alerts.filter((alert) => applicationId === undefined || alert.applicationId === applicationId).map((alert) => ({ ...alert, via: [...alert.via] }));
  }

  /**
   * Sets (or with null removes) the application's events URL. Like the developer portal, the
   * service checks the URL first: a PING must be answered 204 and a probe with a bad signature
   * 401; otherwise the URL is refused (a SocialSdkError ValidationError) and nothing changes.
   */
  async setUrl(applicationId: string, url: URL | null): Promise<void> {
    if (url === null) {
      this.#stopped.delete(applicationId);
      this.#stop(applicationId);
      return;
    }
    const body = pingBody(applicationId);
    const signed = await this.#attempt(url, applicationId, body);
    if (signed !== 204) throw new SocialSdkError(`setWebhookEventsUrl: the URL answered the PING with ${signed} instead of 204`, { type: 'ValidationError' });
    const probe = await this.#attempt(url, applicationId, body, true);
    if (probe !== 401) {
      throw new SocialSdkError(`setWebhookEventsUrl: the URL answered a PING with a bad signature with ${probe} instead of 401 (it must verify signatures)`, { type: 'ValidationError' });
    }
    const endpoint: Endpoint = { url, failedInARow: 0 };
    this.#endpoints.set(applicationId, endpoint);
    this.#stopped.delete(applicationId);
    this.#world.setWebhookSubscribed(applicationId, true);
    this.#updateHook();
    void this.#probeRoutinely(applicationId, endpoint);
  }

  /** The delivery log, oldest first (copies), optionally of one application. */
  deliveries(applicationId?: string): WebhookDelivery[] {
    this.drain();
    return this.#log.filter((entry) => applicationId === undefined || entry.applicationId === applicationId).map((entry) => ({ ...entry }));
  }

  /** Notices the world dropped because nobody took them (its outbox was full). */
  get dropped(): number {
    return this.#dropped;
  }

  /**
   * Resolves once no attempt is in flight: every delivery is delivered, failed, or waiting for
   * the simulator's clock to reach its next attempt.
   */
  async idle(): Promise<void> {
    // A turn of the event loop first: retries the clock just released start in microtasks.
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.drain();
    if (this.#inFlight === 0) return;
    await new Promise<void>((resolve) => this.#idleWaiters.push(resolve));
    // Answered attempts may have scheduled the next ones (or more events arrived): look again.
    return this.idle();
  }

  /** Takes the world's notices and starts their deliveries (on the JS thread). */
  drain(): void {
    if (this.#endpoints.size > 0) this.#takeNotices();
  }

  #takeNotices(): void {
    const { notices, dropped } = this.#world.takeWebhookNotices();
    this.#dropped += dropped;
    for (const notice of notices) {
      const event = this.#event(notice);
      if (event === undefined) continue;
      const entry: WebhookDelivery = {
        id: String(this.#log.length + 1),
        applicationId: notice.applicationId,
        eventType: notice.type,
        status: 'pending',
        attempts: 0,
        lastStatus: null,
        lastError: null,
        queuedAt: notice.at,
        deliveredAt: null,
        nextAttemptAt: this.#world.now(),
        body: { version: 1, application_id: notice.applicationId, type: 1, event },
      };
      this.#log.push(entry);
      void this.#deliver(entry);
    }
  }

  /** Attempts until delivered or the retry window is over. */
  async #deliver(entry: WebhookDelivery): Promise<void> {
    const body = JSON.stringify(entry.body);
    for (;;) {
      const endpoint = this.#endpoints.get(entry.applicationId);
      if (!endpoint) {
        const why = this.#stopped.get(entry.applicationId)?.why ?? 'the events URL was removed';
        Object.assign(entry, { status: 'failed', lastError: why, nextAttemptAt: null });
        return;
      }
      entry.attempts += 1;
      let status: number | null = null;
      let error: string | null = null;
      try {
        status = await this.#attempt(endpoint.url, entry.applicationId, body);
        if (!acknowledged(status)) error = `answered ${status}`;
      } catch (cause) {
        error = cause instanceof Error ? cause.message : String(cause);
      }
      const now = this.#world.now();
      Object.assign(entry, { lastStatus: status, lastError: error });
      if (error === null) {
        Object.assign(entry, { status: 'delivered', deliveredAt: now, nextAttemptAt: null });
        endpoint.failedInARow = 0;
        return;
      }
      const next = now + FIRST_RETRY_MS * 2 ** (entry.attempts - 1);
      if (next - entry.queuedAt > RETRY_WINDOW_MS) {
        Object.assign(entry, { status: 'failed', nextAttemptAt: null });
        endpoint.failedInARow += 1;
        if (endpoint.failedInARow >= FAILED_EVENTS_BEFORE_DISABLING) this.#disable(entry.applicationId, endpoint, 'TOO_MANY_FAILURES');
        return;
      }
      entry.nextAttemptAt = next;
      await this.#untilClock(next);
    }
  }

  /**
   * Every {@link PROBE_INTERVAL_MS} while `endpoint` is the application's: a PING with a bad
   * signature. Answered 2xx (accepted), the URL is removed; any other answer, or none, keeps it.
   */
  async #probeRoutinely(applicationId: string, endpoint: Endpoint): Promise<void> {
    for (;;) {
      await this.#untilClock(this.#world.now() + PROBE_INTERVAL_MS);
      if (this.#endpoints.get(applicationId) !== endpoint) return;
      const status = await this.#attempt(endpoint.url, applicationId, pingBody(applicationId), true).catch(() => null);
      if (acknowledged(status)) return this.#disable(applicationId, endpoint, 'INVALID_SIGNATURE_ACCEPTED');
    }
  }

  /** The service stops the application's events (if `endpoint` is still its URL) and alerts the owner. */
  #disable(applicationId: string, endpoint: Endpoint, reason: WebhookAlert['reason']): void {
    if (this.#endpoints.get(applicationId) !== endpoint) return;
    const { why, via } = ALERTS[reason];
    this.#stopped.set(applicationId, { url: reason === 'TOO_MANY_FAILURES' ? endpoint.url : null, why });
    this.#alerts.push({ applicationId, at: this.#world.now(), url: endpoint.url.href, reason, via: [...via] });
    this.#stop(applicationId);
  }

  /**
   * No more events for the application: the world stops noting them, and what it noted before
   * goes into the log and fails at once (no URL), not left behind nor sent.
   */
  #stop(applicationId: string): void {
    this.#endpoints.delete(applicationId);
    this.#world.setWebhookSubscribed(applicationId, false);
    this.#takeNotices();
    this.#updateHook();
  }

  /** One signed POST; resolves with the status. `badSignature`: the service's probe. */
  async #attempt(url: URL, applicationId: string, body: string, badSignature = false): Promise<number> {
    this.#inFlight += 1;
    try {
      return await post(url, body, this.signedHeaders(applicationId, body, badSignature));
    } finally {
      this.#inFlight -= 1;
      if (this.#inFlight === 0) for (const resolve of this.#idleWaiters.splice(0)) resolve();
    }
  }

  /**
   * The headers of a signed request to the application (`X-Signature-Ed25519` over the
   * `X-Signature-Timestamp`, Unix seconds of the simulator's clock, then the body): webhook events
   * and interaction deliveries alike. `badSignature`: the service's probe.
   */
  signedHeaders(applicationId: string, body: string, badSignature = false): Record<string, string> {
    const timestamp = String(Math.floor(this.#world.now() / 1000));
    const signature = sign(null, Buffer.from(timestamp + body), this.#keysOf(applicationId).privateKey);
    if (badSignature) signature[0] = (signature[0] ?? 0) ^ 0xff;
    return {
      'content-type': 'application/json',
      'user-agent': 'Discord-Interactions/1.0 (+https://discord.com)',
      'x-signature-ed25519': signature.toString('hex'),
      'x-signature-timestamp': timestamp,
    };
  }

  #keysOf(applicationId: string): Keys {
    let keys = this.#keys.get(applicationId);
    if (!keys) {
      const pair = generateKeyPairSync('ed25519');
      const x = pair.publicKey.export({ format: 'jwk' }).x ?? '';
      keys = { privateKey: pair.privateKey, publicKeyHex: Buffer.from(x, 'base64url').toString('hex') };
      this.#keys.set(applicationId, keys);
    }
    return keys;
  }

  /** Takes notices after each batch of SDK client events while some application has an events URL. */
  #updateHook(): void {
    const hooks = getRuntime().afterBatch;
    if (this.#endpoints.size > 0) hooks.add(this.#afterBatch);
    else hooks.delete(this.#afterBatch);
  }

  #event(notice: NativeWebhookNotice): WebhookEvent | undefined {
    const timestamp = eventTimestamp(notice.at);
    switch (notice.type) {
      case 'APPLICATION_AUTHORIZED':
        return {
          type: 'APPLICATION_AUTHORIZED',
          timestamp,
          data: { integration_type: 1, user: wireUser(this.#world, notice.userId ?? '0'), scopes: (notice.scopes ?? '').split(' ').filter((scope) => scope !== '') },
        };
      case 'APPLICATION_DEAUTHORIZED':
        return { type: 'APPLICATION_DEAUTHORIZED', timestamp, data: { user: wireUser(this.#world, notice.userId ?? '0') } };
      case 'LOBBY_MESSAGE_CREATE':
        return notice.message ? { type: 'LOBBY_MESSAGE_CREATE', timestamp, data: wireLobbyMessage(this.#world, notice.message, notice.applicationId) } : undefined;
      case 'LOBBY_MESSAGE_UPDATE':
        // An update adds the message's times (docs webhook-events.mdx, "Lobby Message Update": "with
        // additional fields for message updates"; its example: timestamp, edited_timestamp).
        return notice.message
          ? { type: 'LOBBY_MESSAGE_UPDATE', timestamp, data: { ...wireLobbyMessage(this.#world, notice.message, notice.applicationId), ...messageTimes(notice.message) } }
          : undefined;
      case 'LOBBY_MESSAGE_DELETE':
        return { type: 'LOBBY_MESSAGE_DELETE', timestamp, data: { id: notice.messageId ?? '0', lobby_id: notice.lobbyId ?? '0' } };
      case 'GAME_DIRECT_MESSAGE_CREATE':
        return notice.message ? { type: 'GAME_DIRECT_MESSAGE_CREATE', timestamp, data: this.#directMessage(notice.message, notice.applicationId) } : undefined;
      case 'GAME_DIRECT_MESSAGE_UPDATE':
        return notice.message ? { type: 'GAME_DIRECT_MESSAGE_UPDATE', timestamp, data: this.#directMessage(notice.message, notice.applicationId) } : undefined;
      case 'GAME_DIRECT_MESSAGE_DELETE':
        return { type: 'GAME_DIRECT_MESSAGE_DELETE', timestamp, data: { id: notice.messageId ?? '0', channel_id: notice.channelId ?? '0' } };
      default:
        return undefined;
    }
  }

  #directMessage(message: NativeMessage, applicationId: string) {
    const recipientId = message.recipientId ?? '0';
    return {
      id: message.id,
      type: 0,
      content: message.content,
      author: wireUser(this.#world, message.authorId),
      flags: SDK_MESSAGE_FLAG,
      application_id: applicationId,
      channel_id: message.channelId,
      recipient_id: recipientId,
      channel: { id: message.channelId, type: 1, recipients: [wireUser(this.#world, recipientId)] },
      ...messageTimes(message),
    };
  }
}
