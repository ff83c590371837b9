// EncryptedFileTokenStore with N writers: store objects in one process and writer processes
// (test/fixtures/token-store-writer.cjs) lose 0 updates; every write still replaces the file
// atomically; a lock left by a killed process is recovered (issue 33, item 3).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { sdk } from './sdk.js';
import { runFixture, startFixture, until } from './helpers.js';

const applicationId = '1234567890123';
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function folder(): string {
  const made = mkdtempSync(join(tmpdir(), 'token-store-writers-'));
  folders.push(made);
  return made;
}

async function missing(path: string, key: Buffer, prefixes: string[], count: number): Promise<string[]> {
  const store = new sdk.EncryptedFileTokenStore({ path, key });
  const lost: string[] = [];
  for (const prefix of prefixes) {
    for (let i = 0; i < count; i++) {
      const saved = await store.get({ applicationId, account: `${prefix}-${i}` });
      if (saved?.refreshToken !== `refresh-${prefix}-${i}`) lost.push(`${prefix}-${i}`);
    }
  }
  return lost;
}

describe('EncryptedFileTokenStore with N writers', () => {
  it('store objects of one process: 80 concurrent sets, one store object each, lose 0 updates', async () => {
    const dir = folder();
    const path = join(dir, 'tokens.bin');
    const key = randomBytes(32);
    await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        new sdk.EncryptedFileTokenStore({ path, key }).set({ applicationId, account: `p-${i}` }, { accessToken: `access-p-${i}`, refreshToken: `refresh-p-${i}`, scopes: 'openid' }),
      ),
    );
    expect(await missing(path, key, ['p'], 80)).toEqual([]);
    // Nothing left beside it: no temporary file, no lock.
    expect(readdirSync(dir)).toEqual(['tokens.bin']);
  });

  it('4 processes writing 20 token sets each at once lose 0 updates', async () => {
    const dir = folder();
    const path = join(dir, 'tokens.bin');
    const key = randomBytes(32);
    const prefixes = ['a', 'b', 'c', 'd'];
    const results = await Promise.all(prefixes.map((prefix) => runFixture('token-store-writer.cjs', [path, key.toString('hex'), prefix, '20'], { timeoutMs: 60000 })));
    for (const result of results) expect(result, result.stderr).toMatchObject({ code: 0 });
    expect(await missing(path, key, prefixes, 20)).toEqual([]);
    expect(readdirSync(dir)).toEqual(['tokens.bin']);
  });

  it('recovers the lock of a process killed while holding it (its pid is gone) and writes', async () => {
    const dir = folder();
    const path = join(dir, 'tokens.bin');
    const key = randomBytes(32);
    const holder = startFixture('token-store-lock-holder.cjs', [path, key.toString('hex')]);
    await until(() => holder.output().stdout.includes('locked'), 'the holder to take the lock', 15000);
    holder.child.kill('SIGKILL');
    expect(await holder.exited).toMatchObject({ signal: 'SIGKILL' });
    expect(readdirSync(dir)).toEqual(['tokens.bin.lock']);
    const store = new sdk.EncryptedFileTokenStore({ path, key });
    await store.set({ applicationId, account: 'y-0' }, { accessToken: 'access-y-0', refreshToken: 'refresh-y-0', scopes: 'openid' });
    expect(await missing(path, key, ['y'], 1)).toEqual([]);
    expect(readdirSync(dir)).toEqual(['tokens.bin']);
  });
});
