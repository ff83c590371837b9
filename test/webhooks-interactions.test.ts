// Our interaction receiver (social-sdk-node/webhooks createInteractionHandler) on its own: it
// verifies before it parses (401 for a bad signature or a stale timestamp, as the service's check
// on saving the URL requires), answers a PING with { type: 1 }, answers with what onInteraction
// returns, defers past its deadline (the service waits 3 seconds), and answers 500 when the
// handler throws. Requests are signed here with node:crypto, as the service signs them.
import { generateKeyPairSync, sign } from 'node:crypto';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';

import { root } from './sdk.js';

const { createInteractionHandler, parseInteraction, InteractionRequestError } = createRequire(import.meta.url)(path.join(root, 'dist', 'webhooks', 'index.js')) as typeof import('../lib/webhooks/index.js');

const pair = generateKeyPairSync('ed25519');
const publicKey = Buffer.from(pair.publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('hex');
const NOW = 1_800_000_000_000;

/** A signed request (a readable stream with headers, as node:http gives one) and a response recording what was sent. */
function exchange(body: unknown, options: { badSignature?: boolean; timestamp?: number } = {}) {
  const text = JSON.stringify(body);
  const timestamp = String(options.timestamp ?? NOW / 1000);
  const signature = sign(null, Buffer.from(timestamp + text), pair.privateKey);
  if (options.badSignature) signature[0] = (signature[0] ?? 0) ^ 0xff;
  const request = Object.assign(Readable.from([Buffer.from(text)]), { method: 'POST', headers: { 'x-signature-ed25519': signature.toString('hex'), 'x-signature-timestamp': timestamp } });
  const sent: { status?: number; body?: unknown } = {};
  const response = {
    writeHead: (status: number) => void (sent.status = status),
    end: (chunk?: string) => void (sent.body = chunk === undefined ? undefined : JSON.parse(chunk)),
  };
  return { request, response, sent };
}

const command = { id: '1', application_id: '2', type: 2, token: 't', data: { name: 'raid' } };

describe('createInteractionHandler', () => {
  it('answers a PING with { type: 1 } and a command with what onInteraction returns', async () => {
    const handler = createInteractionHandler({ publicKey, now: () => NOW, onInteraction: (interaction) => ({ type: 4, data: { content: `hi ${interaction.id}` } }) });
    const ping = exchange({ id: '1', application_id: '2', type: 1 });
    await handler(ping.request, ping.response);
    expect(ping.sent).toEqual({ status: 200, body: { type: 1 } });
    const run = exchange(command);
    await handler(run.request, run.response);
    expect(run.sent).toEqual({ status: 200, body: { type: 4, data: { content: 'hi 1' } } });
  });

  it('refuses a bad signature and a stale timestamp with 401 before parsing; a body that is no interaction with 400', async () => {
    const refusals: number[] = [];
    const handler = createInteractionHandler({ publicKey, now: () => NOW, onInteraction: () => ({ type: 5 }), onError: (error) => refusals.push((error as InstanceType<typeof InteractionRequestError>).status) });
    for (const [body, options] of [[command, { badSignature: true }], [command, { timestamp: NOW / 1000 - 3600 }], [{ hello: 'world' }, {}]] as const) {
      const sent = exchange(body, options);
      await handler(sent.request, sent.response);
    }
    expect(refusals).toEqual([401, 401, 400]);
    expect(() => parseInteraction('{"type":"x"}')).toThrow(InteractionRequestError);
  });

  it('defers (type 5; 6 for a component) when onInteraction is still running at deadlineMs, and answers 500 when it throws', async () => {
    const never = new Promise<undefined>(() => {});
    const slow = createInteractionHandler({ publicKey, now: () => NOW, deadlineMs: 20, onInteraction: () => never });
    const run = exchange(command);
    await slow(run.request, run.response);
    expect(run.sent.body).toEqual({ type: 5 });
    const press = exchange({ ...command, type: 3 });
    await slow(press.request, press.response);
    expect(press.sent.body).toEqual({ type: 6 });
    const errors: Error[] = [];
    const failing = createInteractionHandler({ publicKey, now: () => NOW, onError: (error) => errors.push(error), onInteraction: () => { throw new Error('boom'); } });
    const failed = exchange(command);
    await failing(failed.request, failed.response);
    expect(failed.sent.status).toBe(500);
    expect(errors.map((error) => error.message)).toEqual(['boom']);
  });

  it('checks its options: a malformed key or handler is a TypeError or RangeError at creation', () => {
    expect(() => createInteractionHandler({ publicKey: 'zz', onInteraction: () => undefined })).toThrow(RangeError);
    expect(() => createInteractionHandler({ publicKey, onInteraction: 'no' as never })).toThrow(TypeError);
    expect(() => createInteractionHandler({ publicKey, onInteraction: () => undefined, deadlineMs: 0 })).toThrow(RangeError);
  });
});
