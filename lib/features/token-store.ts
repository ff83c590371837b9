/**
 * Where a launcher keeps a player's tokens between runs ({@link TokenStore}): in memory, or in a
 * file encrypted with AES-256-GCM (node:crypto). Used by `client.keepSignedIn()`; an OS-keyring
 * store can implement the same interface.
 * @module
 */
import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCallback, type ScryptOptions } from 'node:crypto';
import { watch as watchFolder } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { inspect } from 'node:util';

import { toSnowflake, type Snowflake, type SnowflakeInput } from '../model/ids.js';
import { checkOneOf, checkOptions, checkText, typeName } from '../common/validate.js';
import { serialized, withFileLock } from './token-store-lock.js';
import { StoredTokenSet } from '../model/token-sets.js';

/** Which saved tokens: those of one application and one local account (player profile). */
export interface TokenStoreKey {
  readonly applicationId: Snowflake;
  /** The launcher's name for the player on this machine; `'default'` unless the launcher has several. */
  readonly account: string;
}

/**
 * The tokens a store keeps: what the token endpoint answered. Secrets: a store must not log them
 * (the stores here show `[REDACTED]` in their place in `util.inspect` and JSON output).
 */
export interface StoredTokens {
  readonly accessToken: string;
  readonly refreshToken: string;
  /** The granted scopes, space-separated. */
  readonly scopes: string;
}

/**
 * A place to keep tokens between runs. Each method may answer at once or with a promise. `get`
 * answers `undefined` when nothing is saved; a store that cannot read what it holds (a corrupted
 * or foreign file, a wrong key) rejects with a {@link TokenStoreError} rather than pretend it is
 * empty.
 *
 * Two optional methods let several clients (a launcher and its game, in one process or several)
 * share one saved sign-in. A store without `withLock` is locked within this process only (per
 * store object and key): two processes on such a store may still spend one refresh token twice,
 * and `keepSignedIn` then only re-reads the store before it concludes anything. A store without
 * `watch` does not tell a client that another one renewed the tokens: its calls are refused
 * until its own next renewal.
 */
export interface TokenStore {
  get(key: TokenStoreKey): Promise<StoredTokens | undefined> | StoredTokens | undefined;
  set(key: TokenStoreKey, tokens: StoredTokens): Promise<void> | void;
  clear(key: TokenStoreKey): Promise<void> | void;
  /**
   * Runs `work` holding the store's lock for `key` across store objects and processes; `get`,
   * `set` and `clear` called inside `work` must not wait for the lock again. A lock left by a
   * killed process must be recovered. Resolves what `work` resolves.
   */
  withLock?<T>(key: TokenStoreKey, work: () => Promise<T> | T): Promise<T>;
  /** Calls `changed` (soon, not necessarily at once) when the entry may have changed; answers the unsubscribe. */
  watch?(key: TokenStoreKey, changed: () => void): () => void;
}

/**
 * Why a store could not be used: `notATokenStore` (not a file this library wrote, or cut short),
 * `cannotDecrypt` (a wrong key or passphrase, or the file was altered), `locked` (another holder
 * kept the lock longer than the wait, 30 s: our choice), `unavailable` (the OS credential store
 * did not answer: no Secret Service running, or its optional package is not installed).
 */
export type TokenStoreErrorReason = 'notATokenStore' | 'cannotDecrypt' | 'locked' | 'unavailable';

/** A token store file that cannot be used. Nothing in it (and no key) is in the message. */
export class TokenStoreError extends Error {
  readonly reason: TokenStoreErrorReason;
  /** The file (for the keyring store: `keyring:<service>`). */
  readonly path: string;
  /** `options.cause`: the underlying failure (the credential store's), as `Error`'s own. */
  constructor(message: string, reason: TokenStoreErrorReason, path: string, options?: { cause?: unknown }) {
    if (typeof message !== 'string') throw new TypeError(`TokenStoreError: message must be a string, got ${typeName(message)}`);
    const checkedReason = checkOneOf(reason, ['notATokenStore', 'cannotDecrypt', 'locked', 'unavailable'] as const, 'reason');
    if (typeof path !== 'string') throw new TypeError(`TokenStoreError: path must be a string, got ${typeName(path)}`);
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'TokenStoreError';
    this.reason = checkedReason;
    this.path = path;
  }
}

/** Keeps tokens in memory: for tests, and for launchers that must forget them at exit. */
export class MemoryTokenStore implements TokenStore {
  readonly #entries = new Map<string, StoredTokens>();
  readonly #lanes = new Map<string, Promise<void>>();
  readonly #watchers = new Map<string, Set<() => void>>();

  get(key: TokenStoreKey): StoredTokens | undefined {
    const saved = MemoryTokenStore.#of(this, 'get').get(entryName(checkKey(key)));
    return saved && redacted(saved);
  }

  set(key: TokenStoreKey, tokens: StoredTokens): void {
    const name = entryName(checkKey(key));
    MemoryTokenStore.#of(this, 'set').set(name, checkTokens(tokens));
    this.#changed(name);
  }

  clear(key: TokenStoreKey): void {
    const name = entryName(checkKey(key));
    MemoryTokenStore.#of(this, 'clear').delete(name);
    this.#changed(name);
  }

  /** Runs `work` with the key's lock held (one holder at a time; the store's own methods do not wait). */
  async withLock<T>(key: TokenStoreKey, work: () => Promise<T> | T): Promise<T> {
    MemoryTokenStore.#of(this, 'withLock');
    const name = entryName(checkKey(key));
    if (typeof work !== 'function') throw new TypeError(`MemoryTokenStore.withLock: work must be a function, got ${typeName(work)}`);
    return serialized(this.#lanes, name, work);
  }

  /** Calls `changed` after each `set` and `clear` of the key. */
  watch(key: TokenStoreKey, changed: () => void): () => void {
    MemoryTokenStore.#of(this, 'watch');
    const name = entryName(checkKey(key));
    if (typeof changed !== 'function') throw new TypeError(`MemoryTokenStore.watch: changed must be a function, got ${typeName(changed)}`);
    let listeners = this.#watchers.get(name);
    if (!listeners) this.#watchers.set(name, (listeners = new Set()));
    const listener = () => changed();
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  #changed(name: string): void {
    for (const listener of this.#watchers.get(name) ?? []) queueMicrotask(listener);
  }

  /** How many token sets it holds; never the tokens. */
  [inspect.custom](): string {
    return `MemoryTokenStore { entries: ${MemoryTokenStore.#of(this, 'inspect').size} }`;
  }

  /** The brand check: the entries of `self`, a MemoryTokenStore; a TypeError for anything else. */
  static #of(self: unknown, method: string): Map<string, StoredTokens> {
    if (typeof self !== 'object' || self === null || !(#entries in self)) throw new TypeError(`MemoryTokenStore.${method}: this is not a MemoryTokenStore`);
    return (self as MemoryTokenStore).#entries;
  }
}

/** Options of {@link EncryptedFileTokenStore}: the file and exactly one of `key` and `passphrase`. */
export interface EncryptedFileTokenStoreOptions {
  /** The file. Created with mode 0600 (its folder, when missing, with 0700). */
  path: string;
  /** A 32-byte AES-256 key the caller keeps (e.g. in the OS keyring). */
  key?: Uint8Array;
  /** A passphrase the key is derived from with scrypt (a random salt per file). At least 8 characters. */
  passphrase?: string;
}

/** `SSTS` then the format version. */
const MAGIC = Buffer.from('SSTS\u0001', 'latin1');
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + SALT_BYTES + IV_BYTES;
const KEY_BYTES = 32;
/** scrypt cost: N = 2^15 (about 32 MiB and a few tens of ms, once per store and file). */
const SCRYPT_OPTIONS: ScryptOptions = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function scrypt(passphrase: string, salt: Buffer): Promise<Buffer> {
  return new Promise((done, fail) => {
    scryptCallback(passphrase, salt, KEY_BYTES, SCRYPT_OPTIONS, (error, key) => (error ? fail(error) : done(key)));
  });
}

/**
 * Keeps tokens in one file encrypted with AES-256-GCM (node:crypto), so a launcher restarts
 * without asking the player again. The file holds every application's and account's tokens;
 * each write replaces it atomically (a new file with mode 0600, then a rename) with a fresh IV,
 * and the header (format and salt) is authenticated with the contents. A file that is not a
 * token store, was cut short or altered, or was written with another key or passphrase is
 * reported: `get`, `set` and `clear` reject with a {@link TokenStoreError} and the file is left
 * as it is. Each read-modify-write holds a lock file beside it (`<path>.lock`, with the writer's
 * pid and the time), so store objects and processes sharing the file lose no update; a lock
 * whose process is gone (or older than 10 minutes: our choice) is taken over.
 * @example
 * const store = new EncryptedFileTokenStore({ path: join(appData, 'tokens.bin'), passphrase });
 */
export class EncryptedFileTokenStore implements TokenStore {
  readonly #path: string;
  readonly #key: Buffer | undefined;
  readonly #passphrase: string | undefined;
  /** Keys derived from the passphrase, by salt (hex). */
  readonly #derived = new Map<string, Promise<Buffer>>();

  constructor(options: EncryptedFileTokenStoreOptions) {
    const checked = checkOptions(options);
    this.#path = resolve(checkText(checked.path, 'options.path', 1, 4096));
    if ((checked.key === undefined) === (checked.passphrase === undefined)) {
      throw new TypeError('EncryptedFileTokenStore: give exactly one of options.key and options.passphrase');
    }
    if (checked.key !== undefined) {
      if (!(checked.key instanceof Uint8Array)) throw new TypeError(`options.key must be a Buffer or Uint8Array, got ${typeName(checked.key)}`);
      if (checked.key.length !== KEY_BYTES) throw new RangeError(`options.key must be ${KEY_BYTES} bytes (AES-256), got ${checked.key.length}`);
      this.#key = Buffer.from(checked.key);
    } else {
      this.#passphrase = checkText(checked.passphrase, 'options.passphrase', 8, 1024);
    }
  }

  /** The file. */
  get path(): string {
    return EncryptedFileTokenStore.#of(this, 'path').#path;
  }

  async get(key: TokenStoreKey): Promise<StoredTokens | undefined> {
    const self = EncryptedFileTokenStore.#of(this, 'get');
    const name = entryName(checkKey(key));
    const saved = (await self.#read()).entries[name];
    return saved && redacted(saved);
  }

  async set(key: TokenStoreKey, tokens: StoredTokens): Promise<void> {
    const self = EncryptedFileTokenStore.#of(this, 'set');
    const name = entryName(checkKey(key));
    const checked = checkTokens(tokens);
    return self.#update((entries) => {
      entries[name] = checked;
    });
  }

  async clear(key: TokenStoreKey): Promise<void> {
    const self = EncryptedFileTokenStore.#of(this, 'clear');
    const name = entryName(checkKey(key));
    return self.#update((entries) => {
      delete entries[name];
    });
  }

  /** Runs `work` holding the file's lock (every key of the file), across store objects and processes. */
  async withLock<T>(key: TokenStoreKey, work: () => Promise<T> | T): Promise<T> {
    const self = EncryptedFileTokenStore.#of(this, 'withLock');
    checkKey(key);
    if (typeof work !== 'function') throw new TypeError(`EncryptedFileTokenStore.withLock: work must be a function, got ${typeName(work)}`);
    return self.#locked(work);
  }

  /** Calls `changed` when the file is replaced (by any store object or process); best effort (fs.watch). */
  watch(key: TokenStoreKey, changed: () => void): () => void {
    const self = EncryptedFileTokenStore.#of(this, 'watch');
    checkKey(key);
    if (typeof changed !== 'function') throw new TypeError(`EncryptedFileTokenStore.watch: changed must be a function, got ${typeName(changed)}`);
    const name = basename(self.#path);
    const watcher = watchFolder(dirname(self.#path), { persistent: false }, (_event, file) => {
      if (file === null || file === name) changed();
    });
    watcher.on('error', () => watcher.close());
    return () => watcher.close();
  }

  [inspect.custom](): string {
    return `EncryptedFileTokenStore { path: ${inspect(EncryptedFileTokenStore.#of(this, 'inspect').#path)} }`;
  }

  /** The brand check: `self` as an EncryptedFileTokenStore; a TypeError for anything else. */
  static #of(self: unknown, method: string): EncryptedFileTokenStore {
    if (typeof self !== 'object' || self === null || !(#path in self)) throw new TypeError(`EncryptedFileTokenStore.${method}: this is not an EncryptedFileTokenStore`);
    return self as EncryptedFileTokenStore;
  }

  #locked<T>(work: () => Promise<T> | T): Promise<T> {
    return withFileLock(this.#path, work, () => this.#error('stayed locked by another writer (its lock file is <path>.lock)', 'locked'));
  }

  #update(change: (entries: Record<string, StoredTokens>) => void): Promise<void> {
    return this.#locked(async () => {
      const { entries, salt } = await this.#read();
      change(entries);
      await this.#write(entries, salt);
    });
  }

  async #keyFor(salt: Buffer): Promise<Buffer> {
    if (this.#key) return this.#key;
    const id = salt.toString('hex');
    let derived = this.#derived.get(id);
    if (!derived) {
      derived = scrypt(this.#passphrase as string, salt);
      this.#derived.set(id, derived);
    }
    return derived;
  }

  /** The entries (none when there is no file yet) and the salt to write them with. */
  async #read(): Promise<{ entries: Record<string, StoredTokens>; salt: Buffer }> {
    let data: Buffer;
    try {
      data = await readFile(this.#path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { entries: {}, salt: randomBytes(SALT_BYTES) };
      throw error;
    }
    if (data.length < HEADER_BYTES + TAG_BYTES || !data.subarray(0, MAGIC.length).equals(MAGIC)) {
      throw this.#error('is not a token store file (or it was cut short)', 'notATokenStore');
    }
    const salt = data.subarray(MAGIC.length, MAGIC.length + SALT_BYTES);
    const iv = data.subarray(MAGIC.length + SALT_BYTES, HEADER_BYTES);
    const tag = data.subarray(data.length - TAG_BYTES);
    let plain: Buffer;
    try {
      const decipher = createDecipheriv('aes-256-gcm', await this.#keyFor(salt), iv);
      decipher.setAAD(data.subarray(0, HEADER_BYTES));
      decipher.setAuthTag(tag);
      plain = Buffer.concat([decipher.update(data.subarray(HEADER_BYTES, data.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw this.#error('cannot be decrypted: another key or passphrase wrote it, or it was altered', 'cannotDecrypt');
    }
    return { entries: parseEntries(plain, () => this.#error('does not hold token sets', 'notATokenStore')), salt: Buffer.from(salt) };
  }

  async #write(entries: Record<string, StoredTokens>, salt: Buffer): Promise<void> {
    const iv = randomBytes(IV_BYTES);
    const header = Buffer.concat([MAGIC, salt, iv]);
    const cipher = createCipheriv('aes-256-gcm', await this.#keyFor(salt), iv);
    cipher.setAAD(header);
    const body = Buffer.concat([cipher.update(JSON.stringify(entries), 'utf8'), cipher.final()]);
    await mkdir(dirname(this.#path), { recursive: true, mode: 0o700 });
    // A new file beside it, then a rename: a reader sees the old file or the new one, never half.
    const temporary = `${this.#path}.${randomBytes(6).toString('hex')}.tmp`;
    const file = await open(temporary, 'wx', 0o600);
    try {
      await file.writeFile(Buffer.concat([header, body, cipher.getAuthTag()]));
      await file.sync();
    } catch (error) {
      await file.close();
      await rm(temporary, { force: true });
      throw error;
    }
    await file.close();
    try {
      await rename(temporary, this.#path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  #error(what: string, reason: TokenStoreErrorReason): TokenStoreError {
    return new TokenStoreError(`token store ${this.#path} ${what}`, reason, this.#path);
  }
}

function parseEntries(plain: Buffer, foreign: () => TokenStoreError): Record<string, StoredTokens> {
  let value: unknown;
  try {
    value = JSON.parse(plain.toString('utf8'));
  } catch {
    throw foreign();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw foreign();
  const entries: Record<string, StoredTokens> = Object.create(null) as Record<string, StoredTokens>;
  for (const [name, tokens] of Object.entries(value)) {
    if (!isStoredTokens(tokens)) throw foreign();
    entries[name] = { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, scopes: tokens.scopes };
  }
  return entries;
}

function isStoredTokens(value: unknown): value is StoredTokens {
  if (typeof value !== 'object' || value === null) return false;
  const { accessToken, refreshToken, scopes } = value as Record<string, unknown>;
  return typeof accessToken === 'string' && typeof refreshToken === 'string' && typeof scopes === 'string';
}

/** Checks a key (applicationId, account) as every store's methods take it. */
export function checkKey(key: unknown): TokenStoreKey {
  const checked = checkOptions(key as TokenStoreKey | undefined, 'key');
  const applicationId = toSnowflake(checked.applicationId as SnowflakeInput, 'key.applicationId');
  const account = checkText(checked.account, 'key.account', 1, 256);
  return { applicationId, account };
}

export function checkTokens(tokens: unknown): StoredTokens {
  const checked = checkOptions(tokens as StoredTokens | undefined, 'tokens');
  return {
    accessToken: checkText(checked.accessToken, 'tokens.accessToken', 1, 4096),
    refreshToken: checkText(checked.refreshToken, 'tokens.refreshToken', 1, 4096),
    scopes: checkText(checked.scopes ?? '', 'tokens.scopes', 0, 1024),
  };
}

export function entryName(key: TokenStoreKey): string {
  return `${key.applicationId}/${key.account}`;
}

/** A copy whose tokens are secrets (see {@link StoredTokenSet}). */
export function redacted(tokens: StoredTokens): StoredTokens {
  return new StoredTokenSet(tokens);
}
