/**
 * The RestClient's OAuth2 and provisional-account methods: the token endpoint's grants
 * (authorization code, refresh, client credentials) and revocation, unlinking, the publisher's
 * child tokens, and the provisional accounts' tokens and unmerging. Installed on
 * RestClient.prototype when rest/index.ts loads this module.
 * @module
 */
import { checkRequestOptions } from './bodies.js';
import { defineRestMethods, internals, type RestClient } from './client.js';
import { authorizationCodeForm, basicAuthorization, childTokenBody, formSecrets, refreshTokenForm, requireCredentials, revokeForm, toOAuth2TokenSet } from './oauth2.js';
import { clientCredentialsForm } from './applications.js';
import { botTokenBody, checkExternalUserId, externalCredentialsBody, OIDC_REFRESH_WARNING } from './provisional.js';
import { ROUTES } from '../routes/table.js';
import { route } from './routes.js';
import type { RestResult } from './transport.js';
import type { SnowflakeInput } from '../model/ids.js';
import type { BotProvisionalTokenInput, ExchangeCodeInput, ExternalCredentialsInput, LinkedTokens, OAuth2TokenSet, RequestOptions } from './types.js';

declare module './client.js' {
  interface RestClient {
    /**
     * A provisional account's token for one of your players (`POST /partner-sdk/token/bot`, with
     * the bot token): the account of `externalUserId` is made on first use and signed in to on
     * later calls. Mint one per play session and give it to the game client
     * (`client.updateToken`).
     * @returns A 7-day access token (`scopes` `sdk.social_layer`, no refresh token), hidden from
     * `util.inspect` and `JSON.stringify`.
     * @throws (rejects) `SocialSdkError` HTTPError 400 with `code` 530010 once the player's account
     * was merged into a full Discord account: sign them in with OAuth2 instead.
     */
    getBotProvisionalToken(player: BotProvisionalTokenInput, options?: RequestOptions): Promise<OAuth2TokenSet>;

    /**
     * Exchanges a player's external identity token (an OIDC ID token, a Steam session ticket, ...)
     * for a token of their provisional account (`POST /partner-sdk/token`, with the `clientId` and
     * `clientSecret` options), made on first use.
     *
     * An OIDC exchange also answers a `refreshToken`, but refreshing with it is **deprecated** (spec
     * "Authentication" rule 6): when the access token expires, exchange a fresh ID token here
     * again. {@link refreshToken} still sends such a refresh, with a `DeprecationWarning`.
     * @returns A 7-day access token, its tokens hidden from `util.inspect` and `JSON.stringify`.
     * @throws (rejects) `SocialSdkError` HTTPError with the service's `code`: 403 50025 for a token
     * the provider did not issue or that expired; 400 530010 for a player merged into a full
     * account (use OAuth2); 401 530007 for a wrong client secret; OIDC: 400 530008 (no issuer
     * configured), 530002 (another issuer), 530004 (issued more than a week ago).
     */
    getProvisionalToken(identity: ExternalCredentialsInput, options?: RequestOptions): Promise<OAuth2TokenSet>;

    /**
     * Unmerges the bot-issued provisional account of `externalUserId` from the Discord account it
     * was merged into (`POST /partner-sdk/provisional-accounts/unmerge/bot`): every token of that
     * account for your application stops working, its sessions are disconnected, the player gets a
     * new provisional account (a new user id) and the application gets APPLICATION_DEAUTHORIZED.
     * @throws (rejects) `SocialSdkError` HTTPError 400 with `code` 50229 when the player's account is
     * provisional (nothing to unmerge); 404 for a player the service does not know.
     */
    unmergeBotProvisionalAccount(externalUserId: string, options?: RequestOptions): Promise<void>;

    /**
     * Unmerges the provisional account of an external identity (`POST
     * /partner-sdk/provisional-accounts/unmerge`, with the client credentials), as
     * {@link unmergeBotProvisionalAccount} does for a bot-issued one: tokens end, sessions are
     * disconnected, a new provisional user id, APPLICATION_DEAUTHORIZED.
     * @throws (rejects) `SocialSdkError` HTTPError 400 50229 (already provisional), 404 (no such
     * identity), 403 50025 (a bad external token), 401 530007 (a wrong client secret).
     */
    unmergeProvisionalAccount(identity: ExternalCredentialsInput, options?: RequestOptions): Promise<void>;

    /**
     * Exchanges an authorization code for the user's tokens (`POST /oauth2/token`, the
     * `authorization_code` grant) as the application's confidential client (the `clientId` and
     * `clientSecret` options, sent as HTTP Basic). The code is the one the game client got from
     * `client.authorize()`; send its redirect URI and the PKCE verifier. A code is single-use and
     * lasts 10 minutes.
     * @returns The token set (its tokens are hidden from `util.inspect` and `JSON.stringify`).
     * @throws (rejects) `SocialSdkError` HTTPError 400 with `oauthError: 'invalid_grant'` for an
     * unknown, spent or expired code, or a verifier or redirect URI that does not match; 401
     * `invalid_client` for wrong client credentials.
     */
    exchangeCode(grant: ExchangeCodeInput, options?: RequestOptions): Promise<OAuth2TokenSet>;

    /**
     * Refreshes a user's tokens (`POST /oauth2/token`, the `refresh_token` grant): the refresh
     * token given is spent and a new set is answered (rotation).
     *
     * **Deauthorization:** when the user removed the application, was banned, or the tokens were
     * revoked, this rejects with `SocialSdkError` `{ type: 'HTTPError', status: 400, oauthError:
     * 'invalid_grant' }`. Treat it exactly like the APPLICATION_DEAUTHORIZED webhook event: drop the
     * link and its tokens; the player has to link again.
     */
    refreshToken(refreshToken: string, options?: RequestOptions): Promise<OAuth2TokenSet>;

    /**
     * Revokes a user's access or refresh token (`POST /oauth2/token/revoke`). Either one ends the
     * whole authorization: every access and refresh token of it stops working, the user's clients
     * signed in with them are disconnected, and the application gets APPLICATION_DEAUTHORIZED. An
     * unknown or already revoked token is not an error.
     */
    revokeToken(token: string, revoke?: { tokenTypeHint?: 'access_token' | 'refresh_token' }, options?: RequestOptions): Promise<void>;

    /**
     * Unlinks a player (spec "Authentication" rule 5): revokes both of the link's tokens at the
     * service instead of only forgetting them, so that linking again later gets a fresh
     * authorization without conflicts. Tokens left out or null are skipped. Forget your own record
     * of the link once this resolves.
     */
    unlinkUser(tokens: LinkedTokens, options?: RequestOptions): Promise<void>;

    /**
     * Publisher-level linking (`POST /partner-sdk/child-token`; needs the platform's approval of
     * the publisher): exchanges a player's access token of this client's application (the
     * publisher, the parent; its `clientSecret` goes with the request) for an access token of one
     * of its games (a child application), which the game's client signs in with. No refresh token
     * comes back (`refreshToken` is null): `expiresIn` is what the parent token has left; to renew,
     * refresh the parent's tokens and exchange again. Revoking the parent token ends its child
     * tokens.
     * @throws (rejects) `SocialSdkError` HTTPError 401 for an unknown, revoked or expired parent
     * token (or code 530007, a wrong client secret), 404 code 10002 for an unknown child, 403 code
     * 50001 when the parent is not approved, 400 code 50035 when the application is not its child.
     */
    exchangeChildToken(exchange: { parentAccessToken: string; childApplicationId: SnowflakeInput }, options?: RequestOptions): Promise<OAuth2TokenSet>;

    /**
     * A token of the application itself, for its owner (`POST /oauth2/token`, the
     * `client_credentials` grant, docs topics/oauth2.mdx "Client Credentials Grant"), with the
     * `clientId` and `clientSecret` options. `scopes`: space-separated (e.g. `'identify'`).
     * @returns A 7-day access token without a refresh token.
     */
    getClientCredentialsToken(request?: { scopes?: string }, options?: RequestOptions): Promise<OAuth2TokenSet>;
  }
}

defineRestMethods({
  async getBotProvisionalToken(player: BotProvisionalTokenInput, options?: RequestOptions): Promise<OAuth2TokenSet> {
    const body = botTokenBody(player);
    const checked = checkRequestOptions(options, false);
    const result = await internals(this).transport.execute({ route: route(ROUTES.botProvisionalToken), ...checked, body });
    return toOAuth2TokenSet('POST /partner-sdk/token/bot', result.body);
  },

  async getProvisionalToken(identity: ExternalCredentialsInput, options?: RequestOptions): Promise<OAuth2TokenSet> {
    const result = await credentialsRequest(this, ROUTES.provisionalToken, 'getProvisionalToken', identity, options);
    const tokens = toOAuth2TokenSet('POST /partner-sdk/token', result.body);
    if (identity.externalAuthType === 'OIDC') internals(this).deprecatedRefresh.remember(tokens.refreshToken);
    return tokens;
  },

  async unmergeBotProvisionalAccount(externalUserId: string, options?: RequestOptions): Promise<void> {
    const body = { external_user_id: checkExternalUserId(externalUserId) };
    const checked = checkRequestOptions(options, false);
    await internals(this).transport.execute({ route: route(ROUTES.unmergeBotProvisionalAccount), ...checked, body });
  },

  async unmergeProvisionalAccount(identity: ExternalCredentialsInput, options?: RequestOptions): Promise<void> {
    await credentialsRequest(this, ROUTES.unmergeProvisionalAccount, 'unmergeProvisionalAccount', identity, options);
  },

  async exchangeCode(grant: ExchangeCodeInput, options?: RequestOptions): Promise<OAuth2TokenSet> {
    return toOAuth2TokenSet('POST /oauth2/token', await tokenRequest(this, ROUTES.oauth2Token, 'exchangeCode', () => authorizationCodeForm(grant), options));
  },

  async refreshToken(refreshToken: string, options?: RequestOptions): Promise<OAuth2TokenSet> {
    if (internals(this).deprecatedRefresh.take(refreshToken)) process.emitWarning(OIDC_REFRESH_WARNING, { type: 'DeprecationWarning', code: 'SOCIAL_SDK_OIDC_REFRESH' });
    return toOAuth2TokenSet('POST /oauth2/token', await tokenRequest(this, ROUTES.oauth2Token, 'refreshToken', () => refreshTokenForm(refreshToken), options));
  },

  async revokeToken(token: string, revoke: { tokenTypeHint?: 'access_token' | 'refresh_token' } = {}, options?: RequestOptions): Promise<void> {
    const hint = typeof revoke === 'object' && revoke !== null ? revoke.tokenTypeHint : undefined;
    await tokenRequest(this, ROUTES.oauth2TokenRevoke, 'revokeToken', () => revokeForm(token, hint), options);
  },

  async unlinkUser(tokens: LinkedTokens, options?: RequestOptions): Promise<void> {
    if (typeof tokens !== 'object' || tokens === null) throw new TypeError('tokens must be an object with accessToken and/or refreshToken');
    const given = [tokens.refreshToken, tokens.accessToken].filter((token): token is string => token !== undefined && token !== null);
    if (given.length === 0) throw new TypeError('tokens must hold an accessToken or a refreshToken');
    for (const token of given) await this.revokeToken(token, { tokenTypeHint: token === tokens.refreshToken ? 'refresh_token' : 'access_token' }, options);
  },

  async exchangeChildToken(exchange: { parentAccessToken: string; childApplicationId: SnowflakeInput }, options?: RequestOptions): Promise<OAuth2TokenSet> {
    const credentials = requireCredentials(internals(this).credentials, 'exchangeChildToken');
    const body = childTokenBody(exchange, credentials);
    const checked = checkRequestOptions(options, false);
    const result = await internals(this).transport.execute({
      route: route(ROUTES.exchangeChildToken),
      ...checked,
      body,
      // The body's parent token and client secret authenticate the request; no bot token goes.
      authorization: null,
      secrets: [credentials.clientSecret, body.parent_access_token],
    });
    return toOAuth2TokenSet('POST /partner-sdk/child-token', result.body);
  },

  async getClientCredentialsToken(request?: { scopes?: string }, options?: RequestOptions): Promise<OAuth2TokenSet> {
    return toOAuth2TokenSet('POST /oauth2/token', await tokenRequest(this, ROUTES.oauth2Token, 'getClientCredentialsToken', () => clientCredentialsForm(request), options));
  },
});

/** Sends a JSON body with the client credentials and an external identity (the secrets redacted from errors). */
async function credentialsRequest(client: RestClient, spec: typeof ROUTES.provisionalToken | typeof ROUTES.unmergeProvisionalAccount, method: string, identity: unknown, options: RequestOptions | undefined): Promise<RestResult> {
  const credentials = requireCredentials(internals(client).credentials, method);
  const body = externalCredentialsBody(credentials, identity);
  const checked = checkRequestOptions(options, false);
  return internals(client).transport.execute({ route: route(spec), ...checked, body, secrets: [credentials.clientSecret, body['external_auth_token']!] });
}

/** Sends an OAuth2 form with the client credentials; resolves with the response body. */
async function tokenRequest(client: RestClient, spec: typeof ROUTES.oauth2Token | typeof ROUTES.oauth2TokenRevoke, method: string, makeForm: () => Record<string, string>, options: RequestOptions | undefined): Promise<unknown> {
  const credentials = requireCredentials(internals(client).credentials, method);
  const form = makeForm();
  const checked = checkRequestOptions(options, false);
  const result = await internals(client).transport.execute({
    route: route(spec),
    ...checked,
    form,
    authorization: basicAuthorization(credentials),
    secrets: [credentials.clientSecret, ...formSecrets(form)],
  });
  return result.body;
}
