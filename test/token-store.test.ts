// The token stores of keepSignedIn: in memory, and the AES-256-GCM file (mode 0600, atomic
// writes, a corrupted, foreign or wrongly keyed file reported with nothing changed).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';

import { afterEach, describe, expect, it } from 'vitest';

import { sdk, type StoredTokens } from './sdk.js';

const tokens: StoredTokens = { accessToken: 'sima.the-access-token-1', refreshToken: 'simr.the-refresh-token-1', scopes: 'openid sdk.social_layer' };
const other: StoredTokens = { accessToken: 'sima.the-access-token-2', refreshToken: 'simr.the-refresh-token-2', scopes: 'openid' };
const game = { applicationId: '1234567890123', account: 'default' };
const passphrase = 'a long enough passphrase';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function folder(): string {
  const made = mkdtempSync(join(tmpdir(), 'token-store-'));
  folders.push(made);
  return made;
}

describe('MemoryTokenStore', () => {
  it('keeps one token set per application and account; hides the tokens from inspect and JSON', () => {
    const store = new sdk.MemoryTokenStore();
    expect(store.get(game)).toBeUndefined();
    store.set(game, tokens);
    store.set({ ...game, account: 'bob' }, other);
    expect(store.get(game)).toMatchObject(tokens);
    expect(store.get({ ...game, account: 'bob' })).toMatchObject(other);
    for (const shown of [inspect(store.get(game)), JSON.stringify(store.get(game)), inspect(store)]) {
      expect(shown).not.toContain(tokens.accessToken);
      expect(shown).not.toContain(tokens.refreshToken);
    }
    store.clear(game);
    expect(store.get(game)).toBeUndefined();
    expect(store.get({ ...game, account: 'bob' })).toMatchObject(other);
  });

  it('refuses a bad key or token set', () => {
    const store = new sdk.MemoryTokenStore();
    expect(() => store.get({ applicationId: 'nope', account: 'a' })).toThrow(RangeError);
    expect(() => store.set({ ...game, account: '' }, tokens)).toThrow(RangeError);
    expect(() => store.set(game, { ...tokens, refreshToken: 5 } as never)).toThrow(TypeError);
    expect(store.get(game)).toBeUndefined();
    expect(() => sdk.MemoryTokenStore.prototype.get.call({} as never, game)).toThrow(/this is not a MemoryTokenStore/);
  });
});

describe('EncryptedFileTokenStore', () => {
  it('round-trips through the file with a passphrase: mode 0600, no plain token in it, no temporary file left', async () => {
    const dir = folder();
    const path = join(dir, 'nested', 'tokens.bin');
    const store = new sdk.EncryptedFileTokenStore({ path, passphrase });
    expect(await store.get(game)).toBeUndefined();
    await store.set(game, tokens);
    await store.set({ ...game, account: 'bob' }, other);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const raw = readFileSync(path);
    for (const secret of [tokens.accessToken, tokens.refreshToken, passphrase]) expect(raw.includes(secret)).toBe(false);
    expect(readdirSync(join(dir, 'nested'))).toEqual(['tokens.bin']);
    // Another store object (the next run) reads it back.
    const reopened = new sdk.EncryptedFileTokenStore({ path, passphrase });
    expect(await reopened.get(game)).toMatchObject(tokens);
    await reopened.clear(game);
    expect(await store.get(game)).toBeUndefined();
    expect(await store.get({ ...game, account: 'bob' })).toMatchObject(other);
  });

  it('each write uses a fresh IV: the same contents encrypt differently', async () => {
    const path = join(folder(), 'tokens.bin');
    const store = new sdk.EncryptedFileTokenStore({ path, key: randomBytes(32) });
    await store.set(game, tokens);
    const first = readFileSync(path);
    await store.set(game, tokens);
    expect(readFileSync(path).equals(first)).toBe(false);
    expect(await store.get(game)).toMatchObject(tokens);
  });

  it('writes of one store run one at a time: concurrent sets all land', async () => {
    const path = join(folder(), 'tokens.bin');
    const store = new sdk.EncryptedFileTokenStore({ path, key: randomBytes(32) });
    await Promise.all(['a', 'b', 'c', 'd'].map((account) => store.set({ ...game, account }, tokens)));
    for (const account of ['a', 'b', 'c', 'd']) expect(await store.get({ ...game, account })).toMatchObject(tokens);
  });

  it('reports a wrong key or passphrase, an altered or cut file, a foreign file; never changes the file', async () => {
    const path = join(folder(), 'tokens.bin');
    const key = randomBytes(32);
    await new sdk.EncryptedFileTokenStore({ path, key }).set(game, tokens);
    const good = readFileSync(path);

    const wrongKey = new sdk.EncryptedFileTokenStore({ path, key: randomBytes(32) });
    await expect(wrongKey.get(game)).rejects.toMatchObject({ name: 'TokenStoreError', reason: 'cannotDecrypt', path });
    await expect(wrongKey.set(game, other)).rejects.toMatchObject({ reason: 'cannotDecrypt' });
    await expect(new sdk.EncryptedFileTokenStore({ path, passphrase }).get(game)).rejects.toBeInstanceOf(sdk.TokenStoreError);
    expect(readFileSync(path).equals(good)).toBe(true);

    const store = new sdk.EncryptedFileTokenStore({ path, key });
    const cases: Array<[string, Buffer, string]> = [
      ['a flipped byte in the contents', Buffer.from(good.map((b, i) => (i === good.length - 20 ? b ^ 1 : b))), 'cannotDecrypt'],
      ['a flipped byte in the header (salt)', Buffer.from(good.map((b, i) => (i === 7 ? b ^ 1 : b))), 'cannotDecrypt'],
      ['cut short', good.subarray(0, 20), 'notATokenStore'],
      ['empty', Buffer.alloc(0), 'notATokenStore'],
      ['someone else\'s file', Buffer.from('{"accessToken":"x"}'), 'notATokenStore'],
    ];
    for (const [what, contents, reason] of cases) {
      writeFileSync(path, contents);
      const error = await store.get(game).catch((e: unknown) => e);
      expect(error, what).toMatchObject({ reason });
      expect((error as Error).message).toContain(path);
      await expect(store.clear(game), what).rejects.toMatchObject({ reason });
      expect(readFileSync(path).equals(contents), what).toBe(true);
    }
  });

  it('checks its options; inspect shows the path only', async () => {
    const path = join(folder(), 'tokens.bin');
    expect(() => new sdk.EncryptedFileTokenStore({ path } as never)).toThrow(/exactly one of options.key and options.passphrase/);
    expect(() => new sdk.EncryptedFileTokenStore({ path, key: randomBytes(32), passphrase })).toThrow(TypeError);
    expect(() => new sdk.EncryptedFileTokenStore({ path, key: randomBytes(16) })).toThrow(RangeError);
    expect(() => new sdk.EncryptedFileTokenStore({ path, key: 'k'.repeat(32) as never })).toThrow(TypeError);
    expect(() => new sdk.EncryptedFileTokenStore({ path, passphrase: 'short' })).toThrow(RangeError);
    expect(() => new sdk.EncryptedFileTokenStore({ path: '', passphrase })).toThrow(RangeError);
    const key = randomBytes(32);
    const shown = inspect(new sdk.EncryptedFileTokenStore({ path, key }), { showHidden: true, depth: 5 });
    expect(shown).toContain('tokens.bin');
    expect(shown).not.toContain(key.toString('hex'));
    expect(shown).not.toMatch(/Buffer|Uint8Array/);
    expect(inspect(new sdk.EncryptedFileTokenStore({ path, passphrase }), { showHidden: true })).not.toContain(passphrase);
    // Methods called on something else reject (they never throw), and the error class checks its arguments.
    await expect(sdk.EncryptedFileTokenStore.prototype.set.call(undefined as never, game, tokens)).rejects.toThrow(/this is not an EncryptedFileTokenStore/);
    expect(() => new sdk.TokenStoreError({} as never, 'cannotDecrypt', path)).toThrow(TypeError);
    expect(() => new sdk.TokenStoreError('m', 'other' as never, path)).toThrow(RangeError);
  });
});
