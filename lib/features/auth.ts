/**
 * Sign-in: the default OAuth2 scopes and PKCE (its shapes are in model/authorization.ts). Adds
 * its methods to {@link Client} (and the scopes as static methods of the class).
 * @module
 */
import { clientDestroyed, SocialSdkError } from '../common/errors.js';
import { toSnowflake, type SnowflakeInput } from '../model/ids.js';
import { checkBoolean, checkInteger, checkOneOf, checkOptions, checkText, typeName } from '../common/validate.js';
import { ExternalAuthType, TokenType } from '../generated/seam.js';
import { limits } from '../common/limits.js';
import { registerEventHandlers } from '../addon/runtime.js';
import { registerClientEvents } from '../client/event-names.js';
import { clientState, defineClientMethods, emitterOf, operation, requireClient } from '../client/feature.js';
import { Client } from '../client/client.js';
import {
  checkAuthorizationArgs,
  checkChallenge,
  type IntegrationTypeName,
  codeVerifier,
  toAuthorization,
  toTokenSet,
  type Authorization,
  type AuthorizationCodeChallenge,
  type AuthorizationCodeVerifier,
  type CurrentUser,
  type TokenSet,
} from '../model/authorization.js';

registerClientEvents({ tokenExpiring: true, authorizeRequest: true } satisfies Record<keyof AuthClientEvents, true>);

registerEventHandlers({
  TokenExpiring: (client) => emitterOf(client)?.emit('tokenExpiring'),
  AuthorizeRequest: (client) => emitterOf(client)?.emit('authorizeRequest'),
});

/** The scopes of the SDK's presence-only sign-in (`Client::GetDefaultPresenceScopes`). */
const PRESENCE_SCOPES = 'openid sdk.social_layer_presence';
/** The scopes of the SDK's full sign-in: presence, chat, lobbies, voice (`Client::GetDefaultCommunicationScopes`). */
const COMMUNICATION_SCOPES = 'openid sdk.social_layer';

/** The sign-in events of a {@link Client} (part of {@link ClientEvents}). */
export interface AuthClientEvents {
  /**
   * The access token the client is connected with expires soon (`SetTokenExpirationCallback`):
   * refresh it and give the new one to `updateToken`. Once per token; on the simulator, when 5
   * minutes of it are left on the simulator's clock (at once when less is left at connect). A
   * token that expires while connected ends the session: `statusChanged` to `disconnected` with
   * error `unexpectedClose` and detail 4004.
   */
  tokenExpiring: [];
  /**
   * The player asked, in the chat client, to link their account with the game
   * (`RegisterAuthorizeRequestCallback`): start the sign-in (`authorize`). Only while a handler
   * is set with {@link Client.onAuthorizeRequest}, which also listens to this event.
   */
  authorizeRequest: [];
}

declare module '../model/types.js' {
  interface ClientEvents extends AuthClientEvents {}
}

/** What {@link Client.authorize} asks for. */
export interface AuthorizeOptions {
  /** Space-separated scopes, e.g. `Client.getDefaultCommunicationScopes()`. */
  scopes: string;
  /** The challenge of the verifier the token exchange will send (`createAuthorizationCodeVerifier().challenge`). */
  codeChallenge: AuthorizationCodeChallenge;
  /** Opaque text returned unchanged by the browser flow (CSRF protection). 1-1024 characters. */
  state?: string;
  /** Goes into the ID token of an `openid` sign-in. 1-1024 characters. */
  nonce?: string;
  /**
   * The installation context the app is authorized for (`AuthorizationArgs::IntegrationType`, the
   * OAuth2 `integration_type`): `GuildInstall` (0) or `UserInstall` (1), "only relevant when
   * `scope` contains `applications.commands`". Left out: none is sent.
   */
  integrationType?: IntegrationTypeName | null;
  /**
   * A custom URI scheme for mobile redirects (`AuthorizationArgs::CustomSchemeParam`): `'mygame'`
   * makes them `mygame:/authorize/callback` instead of `discord-<application id>:/authorize/callback`.
   * A URI scheme (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`), at most 64 characters.
   */
  customSchemeParam?: string | null;
  /** Aborts the request as {@link Client.abortAuthorize} does. */
  signal?: AbortSignal;
}

/** The kinds of external token a provisional account signs in with (`AuthenticationExternalAuthType`). */
export type ExternalAuthTypeName = keyof typeof ExternalAuthType;

/** What {@link Client.getProvisionalToken} sends. */
export interface GetProvisionalTokenOptions {
  applicationId: SnowflakeInput;
  /** The kind of `externalAuthToken`, e.g. `'OIDC'` or `'SteamSessionTicket'`. */
  externalAuthType: ExternalAuthTypeName;
  /** The token the identity provider gave the game for the player. A secret. 1-10240 characters. */
  externalAuthToken: string;
}

/** What {@link Client.exchangeChildToken} sends. */
export interface ExchangeChildTokenOptions {
  /** An access token of the publisher's application (the parent) for the player. A secret. */
  parentToken: string;
  /** The game: a child application of the parent token's application. */
  childApplicationId: SnowflakeInput;
}

/** What {@link Client.getTokenFromProvisionalMerge} sends: {@link GetTokenOptions} and the provisional account's identity. */
export interface ProvisionalMergeOptions extends GetTokenOptions {
  externalAuthType: ExternalAuthTypeName;
  /** A fresh token of the identity provider for the player. A secret. */
  externalAuthToken: string;
}

/** What {@link Client.getToken} sends. */
export interface GetTokenOptions {
  applicationId: SnowflakeInput;
  /** From {@link Client.authorize}. */
  code: string;
  /** The verifier whose challenge went with `authorize`. */
  codeVerifier: string;
  /** From {@link Client.authorize}. */
  redirectUri: string;
}

declare module '../client/client.js' {
  interface Client {
    /**
     * Exchanges an authorization code for tokens (`GetToken`, `POST /oauth2/token` with the
     * `authorization_code` grant; public clients, PKCE). Needs no token or connection. A code is
     * single use and short-lived (10 minutes on the simulator), and bound to the PKCE challenge
     * and the redirect URI: an unknown, used or expired code, a wrong verifier or redirect URI
     * rejects with a `SocialSdkError` of type `HTTPError`, status 400 and `oauthError:
     * 'invalid_grant'`.
     * @example
     * const tokens = await client.getToken({ applicationId, code, codeVerifier: pkce.verifier, redirectUri });
     * await client.updateToken(tokens.accessToken);
     */
    getToken(options: GetTokenOptions): Promise<TokenSet>;
    /**
     * Refreshes the tokens (`RefreshToken`, the `refresh_token` grant): resolves a new token set;
     * the refresh token given is spent (rotation). A spent, revoked or deleted refresh token
     * rejects with `HTTPError` 400 and `oauthError: 'invalid_grant'`: treat it as the
     * APPLICATION_DEAUTHORIZED webhook (the user removed the app, was banned, or the tokens were
     * revoked): forget the tokens and sign the player in again.
     */
    refreshToken(options: { applicationId: SnowflakeInput; refreshToken: string }): Promise<TokenSet>;
    /**
     * Revokes a token (`RevokeToken`, `POST /oauth2/token/revoke`): every access and refresh
     * token of that authorization stops working, whichever one is given, and clients connected
     * with them are disconnected. Do this when the player unlinks their account (the spec's rule:
     * revoke, do not only forget). An unknown token is not an error.
     */
    revokeToken(options: { applicationId: SnowflakeInput; token: string }): Promise<void>;
    /**
     * Asks the player to let the game sign them in (`Authorize`): the local chat client shows a
     * consent prompt for `scopes`; once the player approves it, resolves with an authorization
     * code for the token exchange ({@link Authorization}). Needs no token or connection.
     * Rejects with a `SocialSdkError` of type `AuthorizationFailed` when the player denies it,
     * `RPCError` when no chat client is running on the machine, `Aborted` after
     * {@link Client.abortAuthorize} or when `signal` aborts, `ValidationError` while another
     * authorize of this client is pending; TypeError/RangeError for bad options (nothing sent).
     * @example
     * const pkce = client.createAuthorizationCodeVerifier();
     * const { code, redirectUri } = await client.authorize({
     *   scopes: Client.getDefaultCommunicationScopes(),
     *   codeChallenge: pkce.challenge,
     *   signal: AbortSignal.timeout(120_000),
     * });
     */
    authorize(options: AuthorizeOptions): Promise<Authorization>;
    /** Ends the pending {@link Client.authorize} (if any): it rejects with type `Aborted`. */
    abortAuthorize(): void;
    /**
     * The process of the game's window (`SetGameWindowPid`): sign-in through Discord's overlay
     * happens in game, over that window. By default it is this process; set it when the window
     * belongs to another one, as an Electron launcher's renderer does. On the simulator each
     * consent prompt shows it (`sim.chatClient(user).consentPrompts[i].windowPid`).
     * @throws TypeError when `pid` is not a number; RangeError when it is not an integer from 1 to
     * 2,147,483,647 (the vendor's int32_t).
     * @example
     * // Electron main process: the overlay attaches to the renderer showing the game.
     * client.setGameWindowPid(win.webContents.getOSProcessId());
     */
    setGameWindowPid(pid: number): void;
    /**
     * A fresh PKCE pair for one sign-in (`CreateAuthorizationCodeVerifier`): a random verifier
     * and its S256 challenge. Local: it needs no token and no connection. Throws a
     * `SocialSdkError` of type `ClientDestroyed` once `close()` was called.
     * @example
     * const pkce = client.createAuthorizationCodeVerifier();
     * // pkce.challenge goes to authorize(), pkce.verifier to getToken()
     */
    createAuthorizationCodeVerifier(): AuthorizationCodeVerifier;
    /**
     * True once the client holds an access token (`IsAuthenticated`): {@link Client.updateToken}
     * was given one. Its validity is not checked (a revoked or expired token still counts): only
     * `connect()` or {@link Client.fetchCurrentUser} tell. False once the client is closed.
     */
    isAuthenticated(): boolean;
    /**
     * The user a token belongs to (`FetchCurrentUser`, `GET /users/@me`): `{ id, name }`. Needs no
     * connection, and works with any token (not only the one the client holds), e.g. to show who
     * is about to be signed in. An unknown, revoked or expired token rejects with `HTTPError`
     * status 401; TypeError/RangeError for a bad token (nothing sent). The token is in no log
     * line or error.
     * @example
     * const { id, name } = await client.fetchCurrentUser(tokens.accessToken);
     */
    fetchCurrentUser(token: string, options?: { tokenType?: 'Bearer' }): Promise<CurrentUser>;
    /**
     * Lets the chat client offer the player to link their account with the game
     * (`RegisterAuthorizeRequestCallback`): `handler` is called (as an `authorizeRequest`
     * listener) each time the player asks to, and should start the sign-in with `authorize`. The
     * subscription survives the chat client stopping or losing its connection and coming back,
     * and lasts until {@link Client.offAuthorizeRequest} or `close()`. A second call replaces the
     * handler. Needs no token or connection. TypeError when `handler` is not a function.
     * @example
     * client.onAuthorizeRequest(() => void signIn());
     */
    onAuthorizeRequest(handler: () => void): void;
    /**
     * Signs a player in without a chat account (`GetProvisionalToken`, `POST
     * /partner-sdk/token`): exchanges a token of the application's external identity provider
     * (OIDC, Steam, Epic, ...) for an access token of the provisional account bound to that
     * identity, created the first time. Needs no token or connection. The token lasts one hour
     * (`expiresIn` 3600) and comes with no refresh token (`refreshToken` is `''`): when it
     * expires, get a fresh provider token and call this again (then `updateToken`). A provider
     * token that is unknown, of another application or type, or expired rejects with
     * `HTTPError` status 403, code 50025.
     * @example
     * const tokens = await client.getProvisionalToken({ applicationId, externalAuthType: 'OIDC', externalAuthToken: idToken });
     * await client.updateToken(tokens.accessToken);
     */
    getProvisionalToken(options: GetProvisionalTokenOptions): Promise<TokenSet>;
    /**
     * Sets the display name of the signed-in provisional account
     * (`UpdateProvisionalAccountDisplayName`): its `globalName`, 1-32 characters; the users who
     * see it get `userUpdated`. Rejects with `ClientNotReady` when not signed in, `HTTPError` 400
     * when the account is not provisional (a full account's name is the player's own);
     * TypeError/RangeError for a bad name (nothing sent).
     */
    updateProvisionalAccountDisplayName(name: string): Promise<void>;
    /**
     * Upgrades a provisional account (`GetTokenFromProvisionalMerge`): the token exchange of
     * {@link Client.getToken} that also merges the provisional account of the external identity
     * into the full account that approved the code. From then on the identity signs in to the full
     * account, and the provisional account's tokens stop working. Rejects like `getToken`
     * (`invalid_grant`), with `HTTPError` 403 code 50025 for a bad provider token, and `HTTPError`
     * 400 code 530017 while the identity's account is the restricted one a ban left (until the
     * ban is lifted; for ever if permanent). Call {@link Client.provisionalUserMergeCompleted} after.
     */
    getTokenFromProvisionalMerge(options: ProvisionalMergeOptions): Promise<TokenSet>;
    /** Tells the SDK the game's merge flow ended (`ProvisionalUserMergeCompleted`), successfully or not. Local. */
    provisionalUserMergeCompleted(success: boolean): void;
    /**
     * Unlinks a merged identity (`UnmergeIntoProvisionalAccount`): the external identity leaves
     * the full account for a new provisional account (its game data starts afresh), and every
     * token of the full account for the application stops working (its clients are disconnected):
     * treat it as the APPLICATION_DEAUTHORIZED webhook. Rejects with `HTTPError` 403 code 50025 for
     * a bad provider token, 404 when the identity has no account, 400 code 50229 when its account
     * is already provisional.
     */
    unmergeIntoProvisionalAccount(options: GetProvisionalTokenOptions): Promise<void>;
    /** Stops the account-link requests (`RemoveAuthorizeRequestCallback`): the handler is no longer called. */
    offAuthorizeRequest(): void;
    /**
     * Publisher-level linking (`ExchangeChildToken`, `POST /partner-sdk/child-token`): exchanges
     * the player's access token of a publisher's application (the parent, which the platform
     * approved for it) for an access token of one of its games (a child application), then sign
     * in to the game with `updateToken`. Needs no token or connection. No refresh token comes back
     * (`refreshToken` is `''`): the token lasts as long as the parent token has left (`expiresIn`),
     * so exchange again after refreshing the parent's; it ends when the parent token is revoked.
     * Rejects with `HTTPError` status 401 for an unknown, revoked or expired parent token, 404
     * (code 10002) for an unknown child, 403 (50001) when the parent is not approved, 400 (50035)
     * when the application is not the parent's child. A child application's own id is refused by
     * `authorize` and `getProvisionalToken`: its players sign in through the publisher.
     * @example
     * const parent = await client.getToken({ applicationId: publisherId, code, codeVerifier, redirectUri });
     * const child = await client.exchangeChildToken({ parentToken: parent.accessToken, childApplicationId: gameId });
     * await client.updateToken(child.accessToken);
     */
    exchangeChildToken(options: ExchangeChildTokenOptions): Promise<TokenSet>;
  }
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Client {
    /**
     * The scopes of a presence-only sign-in (`Client::GetDefaultPresenceScopes`):
     * `'openid sdk.social_layer_presence'` (rich presence, no chat, lobbies or voice).
     */
    function getDefaultPresenceScopes(): string;
    /**
     * The scopes of a full sign-in (`Client::GetDefaultCommunicationScopes`):
     * `'openid sdk.social_layer'` (presence, friends, lobbies, messages and voice).
     */
    function getDefaultCommunicationScopes(): string;
  }
}

Object.defineProperties(Client, {
  getDefaultPresenceScopes: { value: function getDefaultPresenceScopes(): string { return PRESENCE_SCOPES; }, writable: true, configurable: true, enumerable: false },
  getDefaultCommunicationScopes: { value: function getDefaultCommunicationScopes(): string { return COMMUNICATION_SCOPES; }, writable: true, configurable: true, enumerable: false },
});

/** The handler each client's onAuthorizeRequest set (an `authorizeRequest` listener). */
const authorizeRequestHandlers = new WeakMap<Client, () => void>();

defineClientMethods({
  authorize(options: AuthorizeOptions): Promise<Authorization> {
    let signal: AbortSignal | undefined;
    const result = operation(this, 'authorize', (native) => {
      const checked = checkOptions(options);
      const scopes = checkText(checked.scopes, 'options.scopes', 1, 1024);
      const challenge = checkChallenge(checked.codeChallenge);
      const state = checked.state === undefined ? '' : checkText(checked.state, 'options.state', 1, 1024);
      const nonce = checked.nonce === undefined ? '' : checkText(checked.nonce, 'options.nonce', 1, 1024);
      const { integrationType, customSchemeParam } = checkAuthorizationArgs(checked);
      if (checked.signal !== undefined && !(checked.signal instanceof AbortSignal)) {
        throw new TypeError(`options.signal must be an AbortSignal, got ${typeName(checked.signal)}`);
      }
      if (checked.signal?.aborted) throw new SocialSdkError('authorize: aborted by its signal', { type: 'Aborted' });
      signal = checked.signal;
      return (requestId) => native.authorize(requestId, scopes, challenge, state, nonce, integrationType, customSchemeParam);
    });
    const abortOn = signal;
    if (abortOn === undefined) return result.then(toAuthorization);
    const onAbort = (): void => {
      const state = clientState(this);
      if (state && !state.closing) state.native.abortAuthorize();
    };
    abortOn.addEventListener('abort', onAbort, { once: true });
    return result.finally(() => abortOn.removeEventListener('abort', onAbort)).then(toAuthorization);
  },

  getToken(options: GetTokenOptions): Promise<TokenSet> {
    return oauth(
      operation(this, 'getToken', (native) => {
        const checked = checkOptions(options);
        const applicationId = toSnowflake(checked.applicationId as SnowflakeInput, 'options.applicationId');
        const code = checkText(checked.code, 'options.code', 1, 1024);
        const verifier = checkText(checked.codeVerifier, 'options.codeVerifier', 43, 128);
        const redirectUri = checkText(checked.redirectUri, 'options.redirectUri', 1, 2048);
        return (requestId) => native.getToken(requestId, applicationId, code, verifier, redirectUri);
      }),
    ).then(toTokenSet);
  },

  refreshToken(options: { applicationId: SnowflakeInput; refreshToken: string }): Promise<TokenSet> {
    return oauth(
      operation(this, 'refreshToken', (native) => {
        const checked = checkOptions(options);
        const applicationId = toSnowflake(checked.applicationId as SnowflakeInput, 'options.applicationId');
        const token = checkText(checked.refreshToken, 'options.refreshToken', 1, 2048);
        return (requestId) => native.refreshToken(requestId, applicationId, token);
      }),
    ).then(toTokenSet);
  },

  revokeToken(options: { applicationId: SnowflakeInput; token: string }): Promise<void> {
    return operation(this, 'revokeToken', (native) => {
      const checked = checkOptions(options);
      const applicationId = toSnowflake(checked.applicationId as SnowflakeInput, 'options.applicationId');
      const token = checkText(checked.token, 'options.token', 1, 2048);
      return (requestId) => native.revokeToken(requestId, applicationId, token);
    });
  },

  isAuthenticated(): boolean {
    const state = requireClient(this, 'isAuthenticated');
    return !state.closing && state.native.isAuthenticated();
  },

  fetchCurrentUser(token: string, options?: { tokenType?: 'Bearer' }): Promise<CurrentUser> {
    return operation(this, 'fetchCurrentUser', (native) => {
      checkText(token, 'token', 1, limits.accessTokenLength);
      const tokenType = checkOneOf(checkOptions(options).tokenType ?? 'Bearer', ['Bearer'] as const, 'options.tokenType');
      return (requestId) => native.fetchCurrentUser(requestId, TokenType[tokenType], token);
    }).then(({ id, name }) => Object.freeze({ id, name }));
  },

  getProvisionalToken(options: GetProvisionalTokenOptions): Promise<TokenSet> {
    return operation(this, 'getProvisionalToken', (native) => {
      const checked = checkOptions(options);
      const applicationId = toSnowflake(checked.applicationId as SnowflakeInput, 'options.applicationId');
      const type = checkOneOf(checked.externalAuthType, Object.keys(ExternalAuthType) as ExternalAuthTypeName[], 'options.externalAuthType');
      const token = checkText(checked.externalAuthToken, 'options.externalAuthToken', 1, 10240);
      return (requestId) => native.getProvisionalToken(requestId, applicationId, ExternalAuthType[type], token);
    }).then(toTokenSet);
  },

  updateProvisionalAccountDisplayName(name: string): Promise<void> {
    return operation(this, 'updateProvisionalAccountDisplayName', (native) => {
      const checked = checkText(name, 'name', 1, 32);
      return (requestId) => native.updateProvisionalAccountDisplayName(requestId, checked);
    });
  },

  getTokenFromProvisionalMerge(options: ProvisionalMergeOptions): Promise<TokenSet> {
    return oauth(
      operation(this, 'getTokenFromProvisionalMerge', (native) => {
        const checked = checkOptions(options);
        const applicationId = toSnowflake(checked.applicationId as SnowflakeInput, 'options.applicationId');
        const code = checkText(checked.code, 'options.code', 1, 1024);
        const verifier = checkText(checked.codeVerifier, 'options.codeVerifier', 43, 128);
        const redirectUri = checkText(checked.redirectUri, 'options.redirectUri', 1, 2048);
        const type = checkOneOf(checked.externalAuthType, Object.keys(ExternalAuthType) as ExternalAuthTypeName[], 'options.externalAuthType');
        const token = checkText(checked.externalAuthToken, 'options.externalAuthToken', 1, 10240);
        return (requestId) => native.getTokenFromProvisionalMerge(requestId, applicationId, code, verifier, redirectUri, ExternalAuthType[type], token);
      }),
    ).then(toTokenSet);
  },

  provisionalUserMergeCompleted(success: boolean): void {
    const state = requireClient(this, 'provisionalUserMergeCompleted');
    const checked = checkBoolean(success, 'success');
    if (!state.closing) state.native.provisionalUserMergeCompleted(checked);
  },

  unmergeIntoProvisionalAccount(options: GetProvisionalTokenOptions): Promise<void> {
    return operation(this, 'unmergeIntoProvisionalAccount', (native) => {
      const checked = checkOptions(options);
      const applicationId = toSnowflake(checked.applicationId as SnowflakeInput, 'options.applicationId');
      const type = checkOneOf(checked.externalAuthType, Object.keys(ExternalAuthType) as ExternalAuthTypeName[], 'options.externalAuthType');
      const token = checkText(checked.externalAuthToken, 'options.externalAuthToken', 1, 10240);
      return (requestId) => native.unmergeIntoProvisionalAccount(requestId, applicationId, ExternalAuthType[type], token);
    });
  },

  exchangeChildToken(options: ExchangeChildTokenOptions): Promise<TokenSet> {
    return operation(this, 'exchangeChildToken', (native) => {
      const checked = checkOptions(options);
      const parentToken = checkText(checked.parentToken, 'options.parentToken', 1, 2048);
      const childApplicationId = toSnowflake(checked.childApplicationId as SnowflakeInput, 'options.childApplicationId');
      return (requestId) => native.exchangeChildToken(requestId, parentToken, childApplicationId);
    }).then(toTokenSet);
  },

  onAuthorizeRequest(handler: () => void): void {
    const state = requireClient(this, 'onAuthorizeRequest');
    if (typeof handler !== 'function') throw new TypeError(`handler must be a function, got ${typeName(handler)}`);
    if (state.closing) throw clientDestroyed('onAuthorizeRequest');
    const previous = authorizeRequestHandlers.get(this);
    if (previous) this.off('authorizeRequest', previous);
    authorizeRequestHandlers.set(this, handler);
    this.on('authorizeRequest', handler);
    state.native.registerAuthorizeRequestCallback();
  },

  offAuthorizeRequest(): void {
    const state = requireClient(this, 'offAuthorizeRequest');
    const handler = authorizeRequestHandlers.get(this);
    authorizeRequestHandlers.delete(this);
    if (handler) this.off('authorizeRequest', handler);
    if (!state.closing) state.native.removeAuthorizeRequestCallback();
  },

  abortAuthorize(): void {
    const state = requireClient(this, 'abortAuthorize');
    if (!state.closing) state.native.abortAuthorize();
  },

  setGameWindowPid(pid: number): void {
    const state = requireClient(this, 'setGameWindowPid');
    const checked = checkInteger(pid, 'pid', 1, 0x7fff_ffff);
    if (!state.closing) state.native.setGameWindowPid(checked);
  },

  createAuthorizationCodeVerifier(): AuthorizationCodeVerifier {
    const state = requireClient(this, 'createAuthorizationCodeVerifier');
    if (state.closing) throw clientDestroyed('createAuthorizationCodeVerifier');
    const pair = state.native.createAuthorizationCodeVerifier();
    return codeVerifier(pair.verifier, pair.challenge);
  },
});

/**
 * A refused token request carries its OAuth2 error as `oauthError`: `invalid_grant`, or another
 * of `errors` (device sign-in's, RFC 8628 §3.5) that its message starts with.
 * @internal
 */
export function oauth<T>(result: Promise<T>, errors: readonly string[] = ['invalid_grant']): Promise<T> {
  return result.catch((error: unknown) => {
    const oauthError = error instanceof SocialSdkError && error.type === 'HTTPError' && error.status === 400
      ? errors.find((name) => new RegExp(`(^|: )${name}\\b`).test(error.message))
      : undefined;
    if (error instanceof SocialSdkError && oauthError !== undefined) {
      const refused = new SocialSdkError(error.message, { type: 'HTTPError', status: 400, code: error.code, oauthError });
      refused.stack = error.stack;
      throw refused;
    }
    throw error;
  });
}
