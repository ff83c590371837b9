// The webhook receiver of `social-sdk-node/webhooks` (issue 19; server-api.md §5.2-5.4) over real
// loopback sockets: signatures checked with node:crypto before anything is parsed, 401 for a bad
// or missing signature and for a stale (replayed) timestamp, 413 over the body bound, 400 for
// malformed JSON, 204 for a PING and for an event (then handed to onEvent), for node:http and for
// Express- and Fastify-style request/response objects.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import { root } from './sdk.js';

const webhooks = createRequire(import.meta.url)(path.join(root, 'dist', 'webhooks', 'index.js')) as typeof import('../lib/webhooks/index.js');
const { createWebhookEventHandler, verifyWebhookEvent } = webhooks;
type WebhookEvent = import('../lib/webhooks/index.js').WebhookEvent;
type UnknownEvent = import('../lib/webhooks/index.js').UnknownWebhookEvent;

function keyPair(): { privateKey: KeyObject; publicKey: string } {
  const pair = generateKeyPairSync('ed25519');
  return { privateKey: pair.privateKey, publicKey: Buffer.from(pair.publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('hex') };
}

function signed(privateKey: KeyObject, body: string, timestamp: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-signature-ed25519': sign(null, Buffer.from(timestamp + body), privateKey).toString('hex'),
    'x-signature-timestamp': timestamp,
  };
}

const NOW_MS = Date.UTC(2026, 10, 24, 12, 0, 0);
const nowSeconds = String(NOW_MS / 1000);
const deauthorized = JSON.stringify({
  version: 1,
  application_id: '1000000000000000001',
  type: 1,
  event: { type: 'APPLICATION_DEAUTHORIZED', timestamp: '2026-11-24T12:00:00.000000', data: { user: { id: '2000000000000000002', username: 'ada', global_name: null, avatar: null, discriminator: '0' } } },
});
const ping = JSON.stringify({ version: 1, application_id: '1000000000000000001', type: 0 });

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function serve(listener: http.RequestListener): Promise<string> {
  const server = http.createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;
}

/** A node:http server running the handler; the events it handed over and the refusals it reported. */
async function receiver(options: { maxBodyBytes?: number; onUnknownEvent?: (event: UnknownEvent) => void } = {}) {
  const keys = keyPair();
  const events: WebhookEvent[] = [];
  const errors: Error[] = [];
  let handed: () => void = () => {};
  const handler = createWebhookEventHandler({
    publicKey: keys.publicKey,
    now: () => NOW_MS,
    onEvent: (event) => {
      events.push(event);
      handed();
    },
    onError: (error) => errors.push(error),
    ...options,
  });
  const url = await serve((request, response) => void handler(request, response));
  const nextEvent = () => new Promise<void>((resolve) => (handed = resolve));
  return { keys, url, events, errors, nextEvent };
}

describe('verifyWebhookEvent', () => {
  it('accepts the signature of timestamp + raw body, and nothing else', () => {
    const { privateKey, publicKey } = keyPair();
    const headers = signed(privateKey, deauthorized, nowSeconds);
    const signature = headers['x-signature-ed25519']!;
    expect(verifyWebhookEvent(deauthorized, signature, nowSeconds, publicKey)).toBe(true);
    expect(verifyWebhookEvent(Buffer.from(deauthorized), signature, nowSeconds, publicKey)).toBe(true);
    expect(verifyWebhookEvent(deauthorized.replace('ada', 'bob'), signature, nowSeconds, publicKey)).toBe(false);
    expect(verifyWebhookEvent(deauthorized, signature, String(NOW_MS / 1000 + 1), publicKey)).toBe(false);
    expect(verifyWebhookEvent(deauthorized, signature, nowSeconds, keyPair().publicKey)).toBe(false);
    expect(verifyWebhookEvent(deauthorized, undefined, nowSeconds, publicKey)).toBe(false);
    expect(verifyWebhookEvent(deauthorized, 'zz', nowSeconds, publicKey)).toBe(false);
    expect(verifyWebhookEvent(deauthorized, signature, null, publicKey)).toBe(false);
  });

  it('refuses a malformed public key with a clear error', () => {
    expect(() => verifyWebhookEvent('{}', 'a'.repeat(128), '1', 'not-hex')).toThrow(new RangeError("publicKey must be 64 hex characters (the application's Ed25519 public key)"));
    expect(() => verifyWebhookEvent('{}', 'a'.repeat(128), '1', 42 as never)).toThrow(TypeError);
  });
});

describe('createWebhookEventHandler on node:http', () => {
  it('answers a signed PING 204 and hands nothing to onEvent', async () => {
    const { keys, url, events } = await receiver();
    const response = await fetch(url, { method: 'POST', headers: signed(keys.privateKey, ping, nowSeconds), body: ping });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(events).toEqual([]);
  });

  it('answers a signed event 204, then hands it to onEvent, typed', async () => {
    const { keys, url, events, nextEvent } = await receiver();
    const handed = nextEvent();
    const response = await fetch(url, { method: 'POST', headers: signed(keys.privateKey, deauthorized, nowSeconds), body: deauthorized });
    expect(response.status).toBe(204);
    await handed;
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(event.type).toBe('APPLICATION_DEAUTHORIZED');
    // Narrowed on `type` alone (no cast): onEvent is given the documented events only.
    if (event.type === 'APPLICATION_DEAUTHORIZED') expect(event.data.user.id).toBe('2000000000000000002');
  });

  // The docs' Entitlement Create example (webhook-events.mdx, "Entitlement Create Example"): the
  // event types of the docs' "Event Types" table reach onEvent typed; any other type goes to
  // onUnknownEvent (or, without it, is acknowledged and dropped: our choice).
  it('hands the documented entitlement events to onEvent, typed; an event of another type to onUnknownEvent only', async () => {
    const entitlement = { application_id: '1234560123453231555', consumed: false, deleted: false, gift_code_flags: 0, id: '1234505980407808808', promotion_id: null, sku_id: '123489045643835123', type: 4, user_id: '111178765189277770' };
    const created = JSON.stringify({ version: 1, application_id: '1234560123453231555', type: 1, event: { type: 'ENTITLEMENT_CREATE', timestamp: '2024-10-18T18:41:21.109604', data: entitlement } });
    const later = JSON.stringify({ version: 1, application_id: '1234560123453231555', type: 1, event: { type: 'SOMETHING_NEW', timestamp: '2024-10-18T18:41:21.109604', data: { x: 1 } } });
    const unknown: UnknownEvent[] = [];
    let unknownHanded: () => void = () => {};
    const { keys, url, events, nextEvent } = await receiver({
      onUnknownEvent: (event) => {
        unknown.push(event);
        unknownHanded();
      },
    });
    const handed = nextEvent();
    expect((await fetch(url, { method: 'POST', headers: signed(keys.privateKey, created, nowSeconds), body: created })).status).toBe(204);
    await handed;
    const [event] = events;
    if (event?.type !== 'ENTITLEMENT_CREATE') throw new Error(`expected ENTITLEMENT_CREATE, got ${event?.type}`);
    expect([event.data.sku_id, event.data.user_id, event.data.deleted, event.data.gift_code_flags]).toEqual(['123489045643835123', '111178765189277770', false, 0]);

    const laterHanded = new Promise<void>((resolve) => (unknownHanded = resolve));
    expect((await fetch(url, { method: 'POST', headers: signed(keys.privateKey, later, nowSeconds), body: later })).status).toBe(204);
    await laterHanded;
    expect(unknown).toEqual([{ type: 'SOMETHING_NEW', timestamp: '2024-10-18T18:41:21.109604', data: { x: 1 } }]);
    expect(events).toHaveLength(1);

    // Without onUnknownEvent: acknowledged, given to nobody.
    const plain = await receiver();
    expect((await fetch(plain.url, { method: 'POST', headers: signed(plain.keys.privateKey, later, nowSeconds), body: later })).status).toBe(204);
    const deauthorizedHanded = plain.nextEvent();
    expect((await fetch(plain.url, { method: 'POST', headers: signed(plain.keys.privateKey, deauthorized, nowSeconds), body: deauthorized })).status).toBe(204);
    await deauthorizedHanded;
    expect(plain.events.map((given) => given.type)).toEqual(['APPLICATION_DEAUTHORIZED']);
  });

  it('401 for a tampered body, a wrong key, missing headers; nothing reaches onEvent', async () => {
    const { keys, url, events, errors } = await receiver();
    const headers = signed(keys.privateKey, deauthorized, nowSeconds);
    const tampered = await fetch(url, { method: 'POST', headers, body: deauthorized.replace('"ada"', '"eve"') });
    expect(tampered.status).toBe(401);
    const other = await fetch(url, { method: 'POST', headers: signed(keyPair().privateKey, deauthorized, nowSeconds), body: deauthorized });
    expect(other.status).toBe(401);
    const unsigned = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: deauthorized });
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toEqual({ error: 'invalid request signature' });
    expect(events).toEqual([]);
    expect(errors.map((error) => (error as Error & { status?: number }).status)).toEqual([401, 401, 401]);
  });

  it('401 for a replayed delivery whose timestamp is older (or newer) than maxAgeSeconds, though its signature is right', async () => {
    const { keys, url, events } = await receiver();
    const old = String(NOW_MS / 1000 - 301);
    const replayed = await fetch(url, { method: 'POST', headers: signed(keys.privateKey, deauthorized, old), body: deauthorized });
    expect(replayed.status).toBe(401);
    expect(await replayed.json()).toEqual({ error: 'stale request timestamp' });
    const future = String(NOW_MS / 1000 + 301);
    expect((await fetch(url, { method: 'POST', headers: signed(keys.privateKey, deauthorized, future), body: deauthorized })).status).toBe(401);
    const recent = String(NOW_MS / 1000 - 299);
    expect((await fetch(url, { method: 'POST', headers: signed(keys.privateKey, ping, recent), body: ping })).status).toBe(204);
    expect(events).toEqual([]);
  });

  it('413 for a body over maxBodyBytes (before verifying), 400 for signed malformed JSON or a body that is not an event, 405 for GET', async () => {
    const { keys, url, events } = await receiver({ maxBodyBytes: 1024 });
    const big = JSON.stringify({ version: 1, application_id: '1', type: 1, event: { type: 'X', data: 'x'.repeat(2000) } });
    expect((await fetch(url, { method: 'POST', headers: signed(keys.privateKey, big, nowSeconds), body: big })).status).toBe(413);
    const broken = '{"version":1,';
    const malformed = await fetch(url, { method: 'POST', headers: signed(keys.privateKey, broken, nowSeconds), body: broken });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: 'the body is not valid JSON' });
    const notEvent = '[1,2]';
    expect((await fetch(url, { method: 'POST', headers: signed(keys.privateKey, notEvent, nowSeconds), body: notEvent })).status).toBe(400);
    expect((await fetch(url)).status).toBe(405);
    expect(events).toEqual([]);
  });

  it('a throwing onEvent does not change the answer; the error goes to onError', async () => {
    const keys = keyPair();
    const errors: Error[] = [];
    let reported: () => void = () => {};
    const done = new Promise<void>((resolve) => (reported = resolve));
    const handler = createWebhookEventHandler({
      publicKey: keys.publicKey,
      now: () => NOW_MS,
      onEvent: () => Promise.reject(new Error('database down')),
      onError: (error) => {
        errors.push(error);
        reported();
      },
    });
    const url = await serve((request, response) => void handler(request, response));
    expect((await fetch(url, { method: 'POST', headers: signed(keys.privateKey, deauthorized, nowSeconds), body: deauthorized })).status).toBe(204);
    await done;
    expect(errors.map((error) => error.message)).toEqual(['database down']);
  });

  it('checks its options', () => {
    expect(() => createWebhookEventHandler({ publicKey: 'abc', onEvent: () => {} })).toThrow(RangeError);
    expect(() => createWebhookEventHandler({ publicKey: keyPair().publicKey } as never)).toThrow(new TypeError('options.onEvent must be a function'));
    expect(() => createWebhookEventHandler({ publicKey: keyPair().publicKey, onEvent: () => {}, onUnknownEvent: 'log' as never })).toThrow(new TypeError('options.onUnknownEvent must be a function'));
    expect(() => createWebhookEventHandler({ publicKey: keyPair().publicKey, onEvent: () => {}, maxBodyBytes: 0 })).toThrow(new RangeError('options.maxBodyBytes must be a positive integer'));
  });
});

describe('createWebhookEventHandler with framework-style objects', () => {
  function fakeResponse() {
    const sent: { status?: number; body?: string | undefined } = {};
    return {
      sent,
      express: { headersSent: false, writeHead: (status: number) => ((sent.status = status), undefined), end: (body?: string) => ((sent.body = body), undefined) },
      fastify: { code: (status: number) => (sent.status = status), header: () => undefined, send: (body?: string) => (sent.body = body) },
    };
  }

  it('Express with express.raw(): verifies the Buffer body', async () => {
    const keys = keyPair();
    const events: WebhookEvent[] = [];
    const handler = createWebhookEventHandler({ publicKey: keys.publicKey, now: () => NOW_MS, onEvent: (event) => void events.push(event) });
    const good = fakeResponse();
    await handler({ method: 'POST', headers: signed(keys.privateKey, deauthorized, nowSeconds), body: Buffer.from(deauthorized) }, good.express);
    expect(good.sent.status).toBe(204);
    await new Promise((resolve) => setImmediate(resolve));
    expect(events.map((event) => event.type)).toEqual(['APPLICATION_DEAUTHORIZED']);
    const parsed = fakeResponse();
    await handler({ method: 'POST', headers: signed(keys.privateKey, deauthorized, nowSeconds), body: JSON.parse(deauthorized) as unknown }, parsed.express);
    expect(parsed.sent.status).toBe(500);
    expect(parsed.sent.body).toContain('raw body');
  });

  it('Fastify-style reply with a raw body: 401 for a bad signature, 204 for a good one', async () => {
    const keys = keyPair();
    const handler = createWebhookEventHandler({ publicKey: keys.publicKey, now: () => NOW_MS, onEvent: () => {} });
    const bad = fakeResponse();
    await handler({ method: 'POST', headers: signed(keyPair().privateKey, ping, nowSeconds), rawBody: ping }, bad.fastify);
    expect(bad.sent.status).toBe(401);
    const good = fakeResponse();
    await handler({ method: 'POST', headers: signed(keys.privateKey, ping, nowSeconds), rawBody: ping }, good.fastify);
    expect(good.sent.status).toBe(204);
  });
});
