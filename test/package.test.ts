import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
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
});

describe('the packed files', () => {
  it('ship the TypeScript sources that the source maps and declaration maps point at', async () => {
    const run = promisify(execFile);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const { stdout } = await run(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, shell: process.platform === 'win32' });
    const [listing] = JSON.parse(stdout) as [{ files: { path: string }[] }];
    const packed = new Set(listing.files.map((f) => f.path));
    const maps = [...packed].filter((file) => file.endsWith('.map'));
    expect(maps).toContain('dist/index.js.map');
    expect(maps).toContain('dist/index.d.ts.map');
    const missing: string[] = [];
    for (const map of maps) {
      const { sources } = JSON.parse(fs.readFileSync(path.join(root, map), 'utf8')) as { sources: string[] };
      for (const source of sources) {
        const file = path.posix.join(path.posix.dirname(map), source);
        if (!packed.has(file)) missing.push(`${map} -> ${file}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('the native loader', () => {
  it('names the platform, where it looked and the build command when no binary can be found', async () => {
    // A copy of dist/ in a package root that has neither build/ nor prebuilds/ (inside the repo, so
    // that node-gyp-build still resolves from node_modules).
    const fakeRoot = fs.mkdtempSync(path.join(root, '.loader-test-'));
    try {
      fs.cpSync(path.join(root, 'dist'), path.join(fakeRoot, 'dist'), { recursive: true });
      const script = `try { new (require(${JSON.stringify(path.join(fakeRoot, 'dist', 'index.js'))}).Simulator)(); } catch (e) { console.log(e.message); process.exit(3); }`;
      const run = promisify(execFile);
      const result = await run(process.execPath, ['-e', script], { env: { ...process.env, PREBUILDS_ONLY: '' } }).catch(
        (error: { code: number; stdout: string }) => error,
      );
      expect('code' in result ? result.code : 0).toBe(3);
      const message = result.stdout;
      expect(message).toContain(`could not load the native addon for ${process.platform}-${process.arch}`);
      expect(message).toContain(path.join(fakeRoot, 'build', 'Release'));
      expect(message).toContain(path.join(fakeRoot, 'prebuilds', `${process.platform}-${process.arch}`));
      expect(message).toContain('npm rebuild social-sdk-node --build-from-source');
    } finally {
      fs.rmSync(fakeRoot, { recursive: true, force: true });
    }
  });
});
