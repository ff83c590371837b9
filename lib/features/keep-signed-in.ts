/**
 * Staying signed in: `client.keepSignedIn()` restores a player's saved tokens, refreshes them
 * before they expire, saves the rotated ones, and signs the player out (`signedOut`) when the
 * authorization is gone (the user removed the app, was banned, or the tokens were revoked).
 * @module
 */
import { SocialSdkError } from '../errors.js';
import { toSnowflake, type SnowflakeInput } from '../ids.js';
import { checkOptions, checkText, typeName } from '../validate.js';
import { registerClientEvents } from '../client/event-names.js';
import { clientState, defineClientMethods, notAClient } from '../client/feature.js';
import type { Client } from '../client/client.js';
import type { StatusChange } from '../types.js';
import { checkKey, type StoredTokens, type TokenStore, type TokenStoreKey } from './token-store.js';
import './auth.js';

registerClientEvents({ signedOut: true, tokenRefreshed: true } satisfies Record<keyof KeepSignedInClientEvents, true>);

/**
 * Why {@link Client.keepSignedIn} signed the player out:
 * - `deauthorized`: the refresh token was refused with `invalid_grant` (the user removed the app,
 *   was banned, or the tokens were revoked; the spec's APPLICATION_DEAUTHORIZED). The store was
 *   cleared: show the sign-in screen.
 * - `refreshFailed`: the refresh failed three times in a row for another reason (e.g. the network).
 *   The store is kept; call `keepSignedIn` again later.
 * - `signedOut`: {@link KeptSignIn.signOut} revoked the tokens and cleared the store.
 */
export type SignedOutReason = 'deauthorized' | 'refreshFailed' | 'signedOut';

/** What the `signedOut` event carries. */
export interface SignedOut {
  readonly reason: SignedOutReason;
  /** The refused or failed refresh (`deauthorized`: `oauthError` is `'invalid_grant'`). */
  readonly error?: Error;
}

/** The events of {@link Client.keepSignedIn} (part of {@link ClientEvents}). */
export interface KeepSignedInClientEvents {
  /** {@link Client.keepSignedIn} stopped keeping the player signed in; see {@link SignedOutReason}. */
  signedOut: [SignedOut];
  /**
   * {@link Client.keepSignedIn} refreshed the tokens before expiry: the rotated ones are saved and
   * the new access token was given to `updateToken`. Carries nothing (the tokens are secrets).
   */
  tokenRefreshed: [];
}

declare module '../types.js' {
  interface ClientEvents extends KeepSignedInClientEvents {}
}

/** What {@link Client.keepSignedIn} takes. */
export interface KeepSignedInOptions {
  /** Where the tokens are kept: `MemoryTokenStore`, `EncryptedFileTokenStore` or your own. */
  store: TokenStore;
  applicationId: SnowflakeInput;
  /** The player profile on this machine, when a launcher has several. Default `'default'`. */
  account?: string;
  /** Tokens of a sign-in just made (from `getToken`): saved, then used, instead of those saved. */
  tokens?: StoredTokens;
}

/** What {@link Client.keepSignedIn} resolves. */
export interface KeptSignIn {
  /** True when the client has a token (restored or given); false when the player must sign in. */
  readonly signedIn: boolean;
  /** Stops refreshing and saving (the store keeps the tokens). */
  stop(): void;
  /**
   * Unlinks (the spec's rule: revoke, do not only forget): revokes the authorization, clears the
   * store, stops, and emits `signedOut` with reason `signedOut`. When the revocation fails it
   * rejects and the store is kept, so it can be tried again.
   */
  signOut(): Promise<void>;
}

declare module '../client/client.js' {
  interface Client {
    /**
     * Keeps the player signed in across token expiries and restarts, with tokens kept in `store`.
     * With `tokens` (a sign-in just made) it saves them; otherwise it restores the saved ones,
     * refreshing them at once (a saved access token may have expired while the launcher was
     * closed; the refresh also tells whether the authorization still exists). Either way the
     * access token goes to {@link Client.updateToken}: call `connect()` next. Then, on each
     * `tokenExpiring`, it refreshes, saves the rotated tokens and gives the new access token to
     * `updateToken` (the session carries on). A refresh refused with `invalid_grant` (also checked
     * when the gateway ends the session with 4004) clears the store and emits `signedOut`.
     *
     * Resolves `signedIn: false` when nothing is saved, or the saved tokens were refused (then
     * `signedOut` was emitted): sign the player in, then call it again with `tokens`. Rejects
     * with the store's error (e.g. a `TokenStoreError` for a corrupted file) or the refresh's
     * (other than `invalid_grant`), with the store unchanged. One per client: a second call
     * replaces the first.
     * @example
     * const kept = await client.keepSignedIn({ store, applicationId });
     * if (!kept.signedIn) {
     *   const tokens = await client.getToken({ applicationId, code, codeVerifier, redirectUri });
     *   await client.keepSignedIn({ store, applicationId, tokens });
     * }
     * await client.connect();
     * client.on('signedOut', ({ reason }) => showSignIn(reason));
     */
    keepSignedIn(options: KeepSignedInOptions): Promise<KeptSignIn>;
  }
}

/** The keeper of each client (one at a time). */
const keepers = new WeakMap<Client, Keeper>();
/** Refresh attempts before `refreshFailed`. */
const REFRESH_ATTEMPTS = 3;
/** The gateway's close code for a refused (e.g. revoked) token. */
const CLOSE_AUTHENTICATION_FAILED = 4004;

defineClientMethods({
  keepSignedIn(options: KeepSignedInOptions): Promise<KeptSignIn> {
    if (!clientState(this)) return notAClient('keepSignedIn');
    let keeper: Keeper;
    let given: StoredTokens | undefined;
    try {
      const checked = checkOptions(options);
      const store = checkStore(checked.store);
      const key = checkKey({
        applicationId: toSnowflake(checked.applicationId as SnowflakeInput, 'options.applicationId'),
        account: checked.account === undefined ? 'default' : checkText(checked.account, 'options.account', 1, 256),
      });
      given = checked.tokens === undefined ? undefined : checkGivenTokens(checked.tokens);
      keeper = new Keeper(this, store, key);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    keepers.get(this)?.stop();
    keepers.set(this, keeper);
    return keeper.start(given);
  },
});

/** Refreshes one client's tokens in turn, and keeps the store up to date. */
class Keeper implements KeptSignIn {
  signedIn = false;
  #stopped = false;
  #tokens: StoredTokens | undefined;
  /** Refreshes run one after another. */
  #chain: Promise<void> = Promise.resolve();
  readonly #onExpiring = (): void => this.#enqueue(() => this.#renew());
  readonly #onStatus = (change: StatusChange): void => {
    if (change.status === 'disconnected' && change.errorDetail === CLOSE_AUTHENTICATION_FAILED) this.#enqueue(() => this.#renew());
  };
  readonly #onClosed = (): void => this.stop();

  constructor(
    readonly client: Client,
    readonly store: TokenStore,
    readonly key: TokenStoreKey,
  ) {}

  async start(given: StoredTokens | undefined): Promise<KeptSignIn> {
    const handle: KeptSignIn = { signedIn: false, stop: () => this.stop(), signOut: () => this.signOut() };
    let tokens = given;
    if (tokens) {
      await this.store.set(this.key, tokens);
    } else {
      const saved = await this.store.get(this.key);
      if (!saved) return this.#finish(handle);
      const refreshed = await this.#refresh(saved.refreshToken).catch((error: unknown) => {
        if (!isDeauthorized(error)) throw error;
        return this.#deauthorized(error);
      });
      if (!refreshed) return this.#finish(handle);
      await this.store.set(this.key, refreshed);
      tokens = refreshed;
    }
    if (this.#stopped) return this.#finish(handle);
    this.#tokens = tokens;
    await this.client.updateToken(tokens.accessToken);
    this.client.on('tokenExpiring', this.#onExpiring);
    this.client.on('statusChanged', this.#onStatus);
    this.client.once('closed', this.#onClosed);
    this.signedIn = true;
    return this.#finish({ ...handle, signedIn: true });
  }

  stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    this.signedIn = false;
    this.client.off('tokenExpiring', this.#onExpiring);
    this.client.off('statusChanged', this.#onStatus);
    this.client.off('closed', this.#onClosed);
    if (keepers.get(this.client) === this) keepers.delete(this.client);
  }

  async signOut(): Promise<void> {
    const wasKeeping = !this.#stopped;
    this.stop();
    await this.#chain;
    const tokens = this.#tokens ?? (await this.store.get(this.key));
    if (tokens) await this.client.revokeToken({ applicationId: this.key.applicationId, token: tokens.refreshToken });
    await this.store.clear(this.key);
    this.#tokens = undefined;
    if (wasKeeping || tokens) this.client.emit('signedOut', { reason: 'signedOut' });
  }

  #finish(handle: KeptSignIn): KeptSignIn {
    if (!handle.signedIn) this.stop();
    return Object.freeze(handle);
  }

  #enqueue(step: () => Promise<void>): void {
    // Each step handles its own failures; the catch only keeps the chain going.
    this.#chain = this.#chain.then(step).catch(() => undefined);
  }

  /** The refresh before expiry (or after a 4004): save the rotated tokens, hand over the access token. */
  async #renew(): Promise<void> {
    const current = this.#tokens;
    if (this.#stopped || !current) return;
    let lastError: unknown;
    for (let attempt = 0; attempt < REFRESH_ATTEMPTS; attempt++) {
      if (this.#stopped) return;
      let refreshed: StoredTokens;
      try {
        refreshed = await this.#refresh(current.refreshToken);
      } catch (error) {
        if (isDeauthorized(error)) {
          await this.#deauthorized(error);
          return;
        }
        if (error instanceof SocialSdkError && error.type === 'ClientDestroyed') return this.stop();
        lastError = error;
        continue;
      }
      this.#tokens = refreshed;
      await this.store.set(this.key, refreshed);
      if (this.#stopped) return;
      await this.client.updateToken(refreshed.accessToken);
      this.client.emit('tokenRefreshed');
      return;
    }
    this.stop();
    this.client.emit('signedOut', { reason: 'refreshFailed', error: lastError as Error });
  }

  async #refresh(refreshToken: string): Promise<StoredTokens> {
    const { accessToken, refreshToken: rotated, scopes } = await this.client.refreshToken({ applicationId: this.key.applicationId, refreshToken });
    return { accessToken, refreshToken: rotated, scopes };
  }

  /** The authorization is gone: forget the tokens, say so. */
  async #deauthorized(error: SocialSdkError): Promise<undefined> {
    this.stop();
    this.#tokens = undefined;
    await this.store.clear(this.key);
    this.client.emit('signedOut', { reason: 'deauthorized', error });
    return undefined;
  }
}

function isDeauthorized(error: unknown): error is SocialSdkError {
  return error instanceof SocialSdkError && error.oauthError === 'invalid_grant';
}

function checkStore(store: unknown): TokenStore {
  if (typeof store !== 'object' || store === null) throw new TypeError(`options.store must be a TokenStore, got ${typeName(store)}`);
  for (const method of ['get', 'set', 'clear'] as const) {
    const value = (store as Record<string, unknown>)[method];
    if (typeof value !== 'function') {
      throw new TypeError(`options.store must be a TokenStore (get, set and clear methods): its ${method} is ${typeName(value)}`);
    }
  }
  return store as TokenStore;
}

function checkGivenTokens(tokens: unknown): StoredTokens {
  const checked = checkOptions(tokens as StoredTokens | undefined, 'options.tokens');
  return {
    accessToken: checkText(checked.accessToken, 'options.tokens.accessToken', 1, 4096),
    refreshToken: checkText(checked.refreshToken, 'options.tokens.refreshToken', 1, 4096),
    scopes: checkText(checked.scopes ?? '', 'options.tokens.scopes', 0, 1024),
  };
}
