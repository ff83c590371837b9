/**
 * Token sets whose secrets copying cannot reach: the tokens live in a private field, read through
 * accessors on the prototype, so `{ ...set }`, `structuredClone(set)`, `Object.entries(set)` and
 * `inspect(set, { customInspect: false })` see only what is not secret; `util.inspect` and
 * `JSON.stringify` show `[REDACTED]` in their place. One explicit method, `revealSecrets()`,
 * answers them as a plain object, for a custom store that must serialize them.
 * @module
 */
import { inspect } from 'node:util';


/** The base of every token set: secrets by name (a token, or null where the grant gave none). */
export abstract class SecretTokens<S extends Record<string, string | null>> {
  readonly #secrets: Readonly<S>;
  /** Every property name, secrets included, in the order inspect and JSON show them. */
  readonly #order: readonly string[];

  protected constructor(secrets: S, order: readonly string[]) {
    this.#secrets = Object.freeze({ ...secrets });
    this.#order = order;
  }

  /**
   * The secrets as a plain object (e.g. `{ accessToken, refreshToken }`): the one way to copy
   * them, for a custom token store that must serialize them. Keep what it answers out of logs.
   */
  revealSecrets(): S {
    return { ...SecretTokens.#of(this).#secrets };
  }

  /** What JSON shows: the secrets as `[REDACTED]` (null where there is none). */
  toJSON(): Record<string, unknown> {
    const self = SecretTokens.#of(this);
    const secrets: Record<string, string | null> = self.#secrets;
    const record = self as unknown as Record<string, unknown>;
    return Object.fromEntries(
      self.#order.map((name) => [name, name in secrets ? (secrets[name] === null ? null : '[REDACTED]') : record[name]]),
    );
  }

  [inspect.custom](_depth: number, options: object): string {
    return inspect(this.toJSON(), options);
  }

  /** A secret, for the subclasses' accessors. */
  protected secret<K extends keyof S>(name: K): S[K] {
    return SecretTokens.#of(this).#secrets[name];
  }

  static #of<T extends SecretTokens<Record<string, string | null>>>(self: T): T {
    if (typeof self !== 'object' || self === null || !(#secrets in self)) throw new TypeError('this is not a token set');
    return self;
  }
}

/** The tokens a store keeps (a `StoredTokens`: what `keepSignedIn` gives `set`, what the stores' `get` answers). */
export class StoredTokenSet extends SecretTokens<{ accessToken: string; refreshToken: string }> {
  readonly scopes: string;
  constructor(tokens: { accessToken: string; refreshToken: string; scopes: string }) {
    super({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }, ['accessToken', 'refreshToken', 'scopes']);
    this.scopes = tokens.scopes;
    Object.freeze(this);
  }
  get accessToken(): string {
    return this.secret('accessToken');
  }
  get refreshToken(): string {
    return this.secret('refreshToken');
  }
}

/** What the token endpoint answers to the game client (a `TokenSet`: `getToken`, `refreshToken`). */
export class GrantedTokenSet extends SecretTokens<{ accessToken: string; refreshToken: string }> {
  readonly tokenType = 'Bearer' as const;
  readonly expiresIn: number;
  readonly scopes: string;
  constructor(tokens: { accessToken: string; refreshToken: string; expiresIn: number; scopes: string }) {
    super({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }, ['accessToken', 'refreshToken', 'tokenType', 'expiresIn', 'scopes']);
    this.expiresIn = tokens.expiresIn;
    this.scopes = tokens.scopes;
    Object.freeze(this);
  }
  get accessToken(): string {
    return this.secret('accessToken');
  }
  get refreshToken(): string {
    return this.secret('refreshToken');
  }
}
