// The social-sdk-node/webhooks entry: importable without the native addon (a game server's event
// receiver needs no compiled code), the same from require() and import.
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';

import { describe, expect, it } from 'vitest';

import { root } from './sdk.js';

const run = promisify(execFile);

const WEBHOOK_EXPORTS = [
  'DEDUP_TTL_MS',
  'DEFAULT_DEADLINE_MS',
  'DEFAULT_INTERACTION_BODY_BYTES',
  'DEFAULT_MAX_AGE_SECONDS',
  'DEFAULT_MAX_BODY_BYTES',
  'InteractionRequestError',
  'MemoryWebhookDedupStore',
  'RedisWebhookDedupStore',
  'SIGNATURE_HEADER',
  'TIMESTAMP_HEADER',
  'WebhookEventType',
  'WebhookRequestError',
  'WebhookType',
  'createInteractionHandler',
  'createWebhookEventHandler',
  'parseInteraction',
  'verifyWebhookEvent',
];

describe('social-sdk-node/webhooks', () => {
  it('loads no native code and no module outside dist/webhooks/ (but the Redis script runner it shares with /rest, which imports no redis)', async () => {
    const probe = `
      const Module = require('node:module');
      const path = require('node:path');
      const load = Module._load;
      const refused = [];
      Module._load = function (request, parent) {
        if (request === 'node-gyp-build' || request.endsWith('.node') || /(^|\\/)native(\\.js)?$/.test(request)) {
          refused.push(request);
          throw new Error('the native addon must not be loaded: ' + request);
        }
        return load.apply(this, arguments);
      };
      const entry = require('social-sdk-node/webhooks');
      const x = require('node:crypto').generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x;
      entry.createWebhookEventHandler({ publicKey: Buffer.from(x, 'base64url').toString('hex'), onEvent() {} });
      const files = Object.keys(require.cache).map((file) => path.relative(process.cwd(), file)).sort();
      process.stdout.write(JSON.stringify({ exports: Object.keys(entry).sort(), refused, files }));
    `;
    const { stdout, stderr } = await run(process.execPath, ['-e', probe], { cwd: root });
    expect(stderr).toBe('');
    const report = JSON.parse(stdout) as { exports: string[]; refused: string[]; files: string[] };
    expect(report.refused).toEqual([]);
    expect(report.exports).toEqual(WEBHOOK_EXPORTS);
    expect(report.files.filter((file) => !file.startsWith('dist/webhooks/'))).toEqual([path.join('dist', 'common', 'redis-script.js')]);
  });

  it('gives the same functions from require() and import', async () => {
    const script = `
      const cjs = require('social-sdk-node/webhooks');
      import('social-sdk-node/webhooks').then((esm) => {
        process.stdout.write(JSON.stringify({
          names: Object.keys(esm).filter((name) => name !== 'default').sort(),
          same: esm.verifyWebhookEvent === cjs.verifyWebhookEvent && esm.createWebhookEventHandler === cjs.createWebhookEventHandler,
        }));
      });
    `;
    const { stdout } = await run(process.execPath, ['-e', script], { cwd: root });
    expect(JSON.parse(stdout)).toEqual({ names: WEBHOOK_EXPORTS, same: true });
  });
});
