// The social-sdk-node/rest entry: importable without the native addon (a server that only talks
// HTTP needs no compiled code), the same from require() and import, and sharing the error class
// with the main entry.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import { describe, expect, it } from 'vitest';

import { root } from './sdk.js';

const run = promisify(execFile);

const REST_EXPORTS = [
  'DEFAULT_BASE_URL',
  'EventWebhooksStatus',
  'LobbyMemberFlags',
  'MemoryRateLimitStore',
  'PlayerTokenStore',
  'ProfileDynamicFieldType',
  'RedisRateLimitStore',
  'RestClient',
  'SocialSdkError',
  'limits',
  'toSnowflake',
];

describe('social-sdk-node/rest', () => {
  it('loads no native code: the addon loader is poisoned and never asked for', async () => {
    // Any attempt to load node-gyp-build, a .node file or lib's native loader throws, and is recorded.
    const probe = `
      const Module = require('node:module');
      const path = require('node:path');
      const load = Module._load;
      const loaded = [];
      const refused = [];
      Module._load = function (request, parent) {
        loaded.push(request);
        if (request === 'node-gyp-build' || request.endsWith('.node') || /(^|\\/)native(\\.js)?$/.test(request)) {
          refused.push(request);
          throw new Error('the native addon must not be loaded: ' + request);
        }
        return load.apply(this, arguments);
      };
      const restEntry = require('social-sdk-node/rest');
      const client = new restEntry.RestClient({ token: 'probe-token' });
      const files = Object.keys(require.cache).map((file) => path.relative(process.cwd(), file)).sort();
      process.stdout.write(JSON.stringify({ exports: Object.keys(restEntry).sort(), refused, files, baseUrl: client.baseUrl }));
    `;
    const { stdout, stderr } = await run(process.execPath, ['-e', probe], { cwd: root });
    expect(stderr).toBe('');
    const report = JSON.parse(stdout) as { exports: string[]; refused: string[]; files: string[]; baseUrl: string };
    expect(report.refused).toEqual([]);
    expect(report.exports).toEqual(REST_EXPORTS);
    expect(report.baseUrl).toBe('https://discord.com/api/v10');
    // Only the REST modules and the dependency-free helpers they share with the main entry (the route table and the token sets among them);
    // the Redis script runner, which takes a client the application made: `redis` (an optional peer) is never loaded.
    const outside = report.files.filter((file) => !file.startsWith('dist/rest/') && !['dist/common/define-methods.js', 'dist/common/redis-script.js', 'dist/common/errors.js', 'dist/common/hidden.js', 'dist/common/limits.js', 'dist/common/validate.js', 'dist/model/ids.js', 'dist/model/token-sets.js', 'dist/routes/table.js'].includes(file));
    expect(outside).toEqual([]);
    expect(report.files.some((file) => file.endsWith('.node'))).toBe(false);
  });

  it('gives the same classes from require() and import, and the same SocialSdkError as the main entry', async () => {
    const script = `
      const cjs = require('social-sdk-node/rest');
      import('social-sdk-node/rest').then((esm) => {
        const main = require('social-sdk-node');
        const names = Object.keys(esm).filter((name) => name !== 'default').sort();
        process.stdout.write(JSON.stringify({
          names,
          sameClient: esm.RestClient === cjs.RestClient,
          sameError: esm.SocialSdkError === main.SocialSdkError,
          sameLimits: esm.limits === main.limits,
        }));
      });
    `;
    const { stdout } = await run(process.execPath, ['-e', script], { cwd: root });
    expect(JSON.parse(stdout)).toEqual({ names: REST_EXPORTS, sameClient: true, sameError: true, sameLimits: true });
  });
});
