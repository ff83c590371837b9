import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';

import { describe, expect, it } from 'vitest';

import { runFixture } from './helpers.js';
import { root } from './sdk.js';

interface EntryReport {
  exports: string[];
  status: string;
  sameClass?: boolean;
}

async function entry(name: string): Promise<EntryReport> {
  const result = await runFixture(name);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as EntryReport;
}

describe('the package entries', () => {
  it('works from require() and from import, with the same exports and one module state', async () => {
    const cjs = await entry('entry-require.cjs');
    const esm = await entry('entry-import.mjs');
    expect(cjs.status).toBe('ready');
    expect(esm.status).toBe('ready');
    expect(esm.exports).toEqual(cjs.exports);
    expect(cjs.exports).toEqual(expect.arrayContaining(['Client', 'Simulator', 'SocialSdkError', 'toSnowflake', 'limits']));
    expect(esm.sameClass).toBe(true);
  });

  it('ships type declarations that type-check for CommonJS and ESM consumers', async () => {
    const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const project = path.join(root, 'test', 'fixtures', 'types', 'tsconfig.json');
    const run = promisify(execFile);
    const result = await run(process.execPath, [tsc, '-p', project], { cwd: root }).catch((error: { stdout: string }) => error);
    expect(result.stdout).toBe('');
  });
});
