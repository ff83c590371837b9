/**
 * Staying signed in: `client.keepSignedIn()` restores a player's saved tokens, refreshes them
 * before they expire, saves the rotated ones, and signs the player out (`signedOut`) when the
 * authorization is gone (the user removed the app, was banned, or the tokens were revoked).
 * @module
 */
import { SocialSdkError } from '../common/errors.js';
import { toSnowflake, type SnowflakeInput } from '../model/ids.js';
import { checkOptions, checkText, typeName } from '../common/validate.js';
import { registerClientEvents } from '../client/event-names.js';
import { clientState, defineClientMethods, notAClient } from '../client/feature.js';
import type { Client } from '../client/client.js';
import type { StatusChange } from '../model/types.js';
import { checkKey, type StoredTokens, type TokenStore, type TokenStoreKey } from './token-store.js';
import { withLocalLock } from './token-store-lock.js';
import { StoredTokenSet } from '../model/token-sets.js';
import './auth.js';

registerClientEvents({ signedOut: true, tokenRefreshed: true, tokenSaveFailed: true } satisfies Record<keyof KeepSignedInClientEvents, true>);

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
  /**
   * Saving tokens after a refresh failed (disk full, an I/O error): the client keeps working on
   * the new tokens it holds, and the save is retried (after 1 s, then twice as long each time up
   * to a minute; {@link KeptSignIn.save} tries at once). Until a save succeeds the store holds
   * spent tokens: a restart would have to sign the player in again.
   */
  tokenSaveFailed: [TokenSaveFailed];
}

/** What the `tokenSaveFailed` event carries: the store's error (never the tokens). */
export interface TokenSaveFailed {
  readonly error: Error;
}

declare module '../model/types.js' {
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
  /**
   * Saves the tokens held that a failed save left unsaved (see `tokenSaveFailed`): resolves at
   * once when there are none, rejects with the store's error when the save fails again.
   */
  save(): Promise<void>;
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
/** A failed save is retried after this, then twice as long each time up to SAVE_RETRY_MAX_MS (our choice). */
const SAVE_RETRY_FIRST_MS = 1000;
const SAVE_RETRY_MAX_MS = 60 * 1000;
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
  /** The tokens this client uses. */
  #tokens: StoredTokens | undefined;
  /** What this keeper last read from the store or saved to it: a store holding else was changed by another client. */
  #stored: StoredTokens | undefined;
  /** Tokens held that the store has not taken yet (a failed save), and the retry's timer. */
  #unsaved: StoredTokens | undefined;
  #retry: { timer: NodeJS.Timeout; delayMs: number } | undefined;
  #unwatch: (() => void) | undefined;
  /** Steps (renewals, adoptions, saves) run one after another. */
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
    const handle: KeptSignIn = { signedIn: false, stop: () => this.stop(), signOut: () => this.signOut(), save: () => this.save() };
    let tokens = given;
    if (tokens) {
      const fresh = tokens;
      await this.#locked(async () => {
        this.#stored = await this.store.get(this.key);
        await this.#save(fresh);
      });
    } else {
      // Read before the lock, then again holding it: a sign-in changed in between was just
      // restored or renewed by another client, and is used as it is (refreshing it again would
      // spend the other client's tokens).
      const before = await this.store.get(this.key);
      if (!before) return this.#finish(handle);
      tokens = await this.#locked(async () => {
        const saved = await this.store.get(this.key);
        this.#stored = saved;
        if (!saved || !sameTokens(saved, before)) return saved;
        return this.#refreshLocked(saved);
      });
      if (!tokens) return this.#finish(handle);
    }
    if (this.#stopped) return this.#finish(handle);
    this.#tokens = tokens;
    await this.client.updateToken(tokens.accessToken);
    this.client.on('tokenExpiring', this.#onExpiring);
    this.client.on('statusChanged', this.#onStatus);
    this.client.once('closed', this.#onClosed);
    this.#unwatch = this.#watch();
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
    this.#unwatch?.();
    if (this.#retry) clearTimeout(this.#retry.timer);
    this.#retry = undefined;
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
    this.#unsaved = undefined;
    if (wasKeeping || tokens) this.client.emit('signedOut', { reason: 'signedOut' });
  }

  async save(): Promise<void> {
    await this.#chain;
    const unsaved = this.#unsaved;
    if (!unsaved) return;
    await this.#locked(async () => this.store.set(this.key, unsaved));
    this.#saved(unsaved);
  }

  #finish(handle: KeptSignIn): KeptSignIn {
    if (!handle.signedIn) this.stop();
    return Object.freeze(handle);
  }

  #enqueue(step: () => Promise<void>): void {
    // Each step handles its own failures; the catch only keeps the chain going.
    this.#chain = this.#chain.then(step).catch(() => undefined);
  }

  /** `work` holding the store's lock for the key, or, for a store without one, this process's. */
  #locked<T>(work: () => Promise<T>): Promise<T> {
    if (typeof this.store.withLock === 'function') return this.store.withLock(this.key, work);
    return withLocalLock(this.store, `${this.key.applicationId}/${this.key.account}`, work);
  }

  /** Watches the store (when it can): tokens another client saved are taken up at once. */
  #watch(): (() => void) | undefined {
    if (typeof this.store.watch !== 'function') return undefined;
    try {
      return this.store.watch(this.key, () => this.#enqueue(() => this.#adoptIfChanged()));
    } catch {
      return undefined; // watching is a help, not a must: renewals re-read the store anyway
    }
  }

  /** When another client changed the saved sign-in, use it. */
  async #adoptIfChanged(): Promise<void> {
    if (this.#stopped) return;
    const saved = await this.store.get(this.key);
    if (saved && this.#changedElsewhere(saved)) await this.#adopt(saved);
  }

  #changedElsewhere(saved: StoredTokens): boolean {
    return !sameTokens(saved, this.#stored) && !sameTokens(saved, this.#tokens);
  }

  /** Takes up tokens another client saved (its refresh spent ours): no refresh, no save. */
  async #adopt(saved: StoredTokens): Promise<void> {
    this.#stored = saved;
    this.#tokens = saved;
    this.#unsaved = undefined;
    if (this.#retry) clearTimeout(this.#retry.timer);
    this.#retry = undefined;
    if (this.#stopped) return;
    await this.client.updateToken(saved.accessToken);
    this.client.emit('tokenRefreshed');
  }

  /**
   * The refresh before expiry (or after a 4004), holding the lock: tokens another client saved
   * meanwhile are taken up instead; else ours are refreshed, handed to `updateToken` at once (the
   * old access token is refused from the refresh on), then saved.
   */
  async #renew(): Promise<void> {
    if (this.#stopped || !this.#tokens) return;
    let lastError: unknown;
    for (let attempt = 0; attempt < REFRESH_ATTEMPTS; attempt++) {
      if (this.#stopped) return;
      try {
        await this.#locked(async () => {
          const saved = await this.store.get(this.key);
          if (saved && this.#changedElsewhere(saved)) return this.#adopt(saved);
          const current = this.#tokens;
          if (!current || this.#stopped) return;
          const refreshed = await this.#refreshLocked(current);
          if (refreshed) this.client.emit('tokenRefreshed');
        });
        return;
      } catch (error) {
        if (error instanceof SocialSdkError && error.type === 'ClientDestroyed') return this.stop();
        lastError = error;
      }
    }
    this.stop();
    this.client.emit('signedOut', { reason: 'refreshFailed', error: lastError as Error });
  }

  /**
   * Refreshes `current` (the lock held): the new tokens go to `updateToken` (when signed in) and
   * the store. On `invalid_grant` the store is read again: a sign-in another client saved is
   * taken up; only the refused one is cleared, then `signedOut` says `deauthorized`.
   */
  async #refreshLocked(current: StoredTokens): Promise<StoredTokens | undefined> {
    let refreshed: StoredTokens;
    try {
      const set = await this.client.refreshToken({ applicationId: this.key.applicationId, refreshToken: current.refreshToken });
      refreshed = new StoredTokenSet(set);
    } catch (error) {
      if (!isDeauthorized(error)) throw error;
      const now = await this.store.get(this.key);
      if (now && !sameTokens(now, current) && !sameTokens(now, this.#stored)) {
        await this.#adopt(now);
        return now;
      }
      this.stop();
      this.#tokens = undefined;
      this.#unsaved = undefined;
      if (now) await this.store.clear(this.key);
      this.client.emit('signedOut', { reason: 'deauthorized', error });
      return undefined;
    }
    this.#tokens = refreshed;
    if (this.signedIn && !this.#stopped) await this.client.updateToken(refreshed.accessToken);
    await this.#save(refreshed);
    return refreshed;
  }

  /** Saves `tokens`; a failure is said (`tokenSaveFailed`) and retried later, with the tokens kept. */
  async #save(tokens: StoredTokens): Promise<void> {
    try {
      await this.store.set(this.key, tokens);
    } catch (error) {
      this.#unsaved = tokens;
      this.#scheduleRetry();
      this.client.emit('tokenSaveFailed', { error: error as Error });
      return;
    }
    this.#saved(tokens);
  }

  #saved(tokens: StoredTokens): void {
    this.#stored = tokens;
    if (this.#unsaved === tokens) this.#unsaved = undefined;
    if (this.#retry && !this.#unsaved) {
      clearTimeout(this.#retry.timer);
      this.#retry = undefined;
    }
  }

  /** Retries a failed save after 1 s, then twice as long each time up to a minute (our choice). */
  #scheduleRetry(): void {
    if (this.#stopped) return;
    const delayMs = this.#retry ? Math.min(this.#retry.delayMs * 2, SAVE_RETRY_MAX_MS) : SAVE_RETRY_FIRST_MS;
    if (this.#retry) clearTimeout(this.#retry.timer);
    const timer = setTimeout(() => this.#enqueue(() => this.#retrySave()), delayMs);
    timer.unref();
    this.#retry = { timer, delayMs };
  }

  async #retrySave(): Promise<void> {
    const unsaved = this.#unsaved;
    if (this.#stopped || !unsaved) return;
    await this.#locked(async () => {
      const saved = await this.store.get(this.key);
      if (saved && this.#changedElsewhere(saved)) return this.#adopt(saved);
      return this.#save(unsaved);
    });
  }
}

/** Whether two token sets are the same sign-in state (the refresh token names it). */
function sameTokens(a: StoredTokens | undefined, b: StoredTokens | undefined): boolean {
  return a !== undefined && b !== undefined && a.refreshToken === b.refreshToken && a.accessToken === b.accessToken;
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
  return new StoredTokenSet({
    accessToken: checkText(checked.accessToken, 'options.tokens.accessToken', 1, 4096),
    refreshToken: checkText(checked.refreshToken, 'options.tokens.refreshToken', 1, 4096),
    scopes: checkText(checked.scopes ?? '', 'options.tokens.scopes', 0, 1024),
  });
}
