/**
 * {@link KeyringTokenStore}: tokens in the operating system's credential store (the Secret Service
 * on Linux, the Keychain on macOS, the Credential Manager on Windows), through the optional package
 * `@napi-rs/keyring` (prebuilt for every platform: no compiler; install it only if you use this store).
 * @module
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';

import { checkText, typeName } from '../common/validate.js';
import { LOCK_WAIT_MS, withFileLock } from './token-store-lock.js';
import { checkKey, checkTokens, entryName, redacted, TokenStoreError, type StoredTokens, type TokenStore, type TokenStoreKey } from './token-store.js';

/** What this store uses of `@napi-rs/keyring`'s `Entry` (one secret of a service and an account). */
interface KeyringEntry {
  getPassword(): string | null | undefined;
  setPassword(password: string): void;
  deletePassword(): boolean | void;
}
interface KeyringModule {
  Entry: new (service: string, account: string) => KeyringEntry;
}

/** The package, loaded on first use (it is an optional peer dependency). */
let keyring: KeyringModule | undefined;
function loadKeyring(service: string): KeyringModule {
  if (keyring) return keyring;
  try {
    keyring = createRequire(__filename)('@napi-rs/keyring') as KeyringModule;
    return keyring;
  } catch (error) {
    throw new TokenStoreError(
      'KeyringTokenStore needs the optional package @napi-rs/keyring: npm install @napi-rs/keyring',
      'unavailable',
      `keyring:${service}`,
      { cause: error },
    );
  }
}

/** Options of {@link KeyringTokenStore}. */
export interface KeyringTokenStoreOptions {
  /** The service name the entries are saved under (the credential store shows it). Default `'social-sdk-node'`. */
  service?: string;
}

/**
 * A {@link TokenStore} in the operating system's credential store: one entry per application and
 * account (the entry's account is `<applicationId>/<account>`, its secret the tokens as JSON).
 * Renewals are serialized across store objects and processes of the same user by a lock file in
 * the system's temporary folder (the credential stores have no locks of their own); a lock left by
 * a killed process is recovered. The stores have no change notifications: no `watch`.
 *
 * On Linux it needs a running Secret Service (GNOME Keyring, KWallet 6, KeePassXC) in the user's
 * D-Bus session; without one, every method rejects with a {@link TokenStoreError} whose reason is
 * `'unavailable'`, as it does when `@napi-rs/keyring` is not installed. Tokens never appear in an
 * error, `util.inspect` or JSON output.
 *
 * @example
 * ```ts
 * import { KeyringTokenStore } from 'social-sdk-node'; // and: npm install @napi-rs/keyring
 * const kept = await client.keepSignedIn({ store: new KeyringTokenStore({ service: 'My Launcher' }) });
 * ```
 */
export class KeyringTokenStore implements TokenStore {
  readonly #service: string;

  constructor(options: KeyringTokenStoreOptions = {}) {
    if (typeof options !== 'object' || options === null) throw new TypeError(`KeyringTokenStore: options must be an object, got ${typeName(options)}`);
    this.#service = checkText(options.service ?? 'social-sdk-node', 'options.service', 1, 256);
  }

  /** The service name the entries are saved under. */
  get service(): string {
    return KeyringTokenStore.#of(this, 'service').#service;
  }

  async get(key: TokenStoreKey): Promise<StoredTokens | undefined> {
    const self = KeyringTokenStore.#of(this, 'get');
    const entry = self.#entry(checkKey(key));
    const saved = self.#call(() => entry.getPassword());
    if (saved === null || saved === undefined) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(saved);
    } catch {
      parsed = undefined;
    }
    try {
      return redacted(checkTokens(parsed));
    } catch {
      throw new TokenStoreError(`keyring entry of service '${self.#service}' is not a token set this library saved`, 'notATokenStore', `keyring:${self.#service}`);
    }
  }

  async set(key: TokenStoreKey, tokens: StoredTokens): Promise<void> {
    const self = KeyringTokenStore.#of(this, 'set');
    const entry = self.#entry(checkKey(key));
    const { accessToken, refreshToken, scopes } = checkTokens(tokens);
    self.#call(() => entry.setPassword(JSON.stringify({ accessToken, refreshToken, scopes })));
  }

  async clear(key: TokenStoreKey): Promise<void> {
    const self = KeyringTokenStore.#of(this, 'clear');
    const entry = self.#entry(checkKey(key));
    self.#call(() => entry.deletePassword());
  }

  /** Runs `work` holding this service's and key's lock, across store objects and processes of the user. */
  async withLock<T>(key: TokenStoreKey, work: () => Promise<T> | T): Promise<T> {
    const self = KeyringTokenStore.#of(this, 'withLock');
    const name = entryName(checkKey(key));
    if (typeof work !== 'function') throw new TypeError(`KeyringTokenStore.withLock: work must be a function, got ${typeName(work)}`);
    // One lock file per service and entry; the names are hashed (an account may hold any character).
    const digest = createHash('sha256').update(`${self.#service}\0${name}`).digest('hex').slice(0, 32);
    const file = join(tmpdir(), `social-sdk-node-keyring-${digest}`);
    const timedOut = () => new TokenStoreError(`keyring entry of service '${self.#service}' stayed locked longer than ${LOCK_WAIT_MS / 1000} s`, 'locked', `keyring:${self.#service}`);
    return withFileLock(file, work, timedOut);
  }

  /** What `util.inspect` shows: the service, never a token. */
  [inspect.custom](): string {
    return `KeyringTokenStore { service: ${JSON.stringify(this.#service)} }`;
  }

  /** What `JSON.stringify` shows: the service, never a token. */
  toJSON(): { service: string } {
    return { service: this.#service };
  }

  #entry(key: TokenStoreKey): KeyringEntry {
    const { Entry } = loadKeyring(this.#service);
    return this.#call(() => new Entry(this.#service, entryName(key)));
  }

  /** A call into the credential store: its failure (no Secret Service, a locked keychain) is `unavailable`. */
  #call<T>(operation: () => T): T {
    try {
      return operation();
    } catch (error) {
      // The library's message names the platform's failure, never the secret.
      const detail = error instanceof Error ? error.message : String(error);
      throw new TokenStoreError(
        `the OS credential store did not answer for service '${this.#service}' (on Linux a Secret Service, such as GNOME Keyring, must run in the D-Bus session): ${detail}`,
        'unavailable',
        `keyring:${this.#service}`,
        { cause: error },
      );
    }
  }

  static #of(value: unknown, method: string): KeyringTokenStore {
    if (!(value instanceof KeyringTokenStore)) throw new TypeError(`KeyringTokenStore.${method} called on ${typeName(value)}`);
    // A subclass or a proxy may pass instanceof without the private fields: brand-check them.
    if (!(#service in value)) throw new TypeError(`KeyringTokenStore.${method} called on ${typeName(value)}`);
    return value;
  }
}
