/**
 * {@link RestClient}: the service's HTTP API for game servers, one method per endpoint.
 * @module
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { inspect } from 'node:util';

import { toSnowflake, type SnowflakeInput } from '../model/ids.js';
import {
  addLobbyMemberBody,
  bulkUpdateBody,
  channelLinkingBody,
  checkProviderIssuedUserId,
  checkRequestOptions,
  createLobbyBody,
  createOrJoinLobbyBody,
  lobbyMessagesQuery,
  moderationMetadataBody,
  modifyLobbyBody,
  profileBody,
  sendLobbyMessageBody,
  voiceStatusBody,
  type CheckedRequestOptions,
} from './bodies.js';
import { checkToken, resolveOptions, type ResolvedOptions, type RestClientOptions } from './options.js';
import {
  authorizationCodeForm,
  basicAuthorization,
  checkClientCredentials,
  formSecrets,
  refreshTokenForm,
  requireCredentials,
  revokeForm,
  toOAuth2TokenSet,
  childTokenBody,
  type ClientCredentials,
} from './oauth2.js';
import { botTokenBody, checkExternalUserId, DeprecatedRefreshTokens, externalCredentialsBody, OIDC_REFRESH_WARNING } from './provisional.js';
import {
  clientCredentialsForm,
  modifyApplicationBody,
  toApplication,
  toApplicationIdentities,
  toCurrentAuthorization,
  toOAuth2Keys,
  toOpenIdUserInfo,
} from './applications.js';
import { checkText } from '../common/validate.js';
import { toApplicationIdentityProfile, toLobby, toLobbyInvite, toLobbyMember, toLobbyMembers, toLobbyMessage, toLobbyMessages } from './payloads.js';
import { InvalidRequestCounter, RateLimiter } from './rate-limits.js';
import { ROUTES } from '../routes/table.js';
import { route, type Route } from './routes.js';
import { Transport, type RestResult } from './transport.js';
import type {
  AddLobbyMemberInput,
  Application,
  ApplicationIdentity,
  CurrentAuthorization,
  ModifyApplicationInput,
  OAuth2PublicKey,
  OpenIdUserInfo,
  ApplicationIdentityProfile,
  ApplicationIdentityProfileUpdate,
  BotProvisionalTokenInput,
  BulkLobbyMemberUpdate,
  CreateLobbyInput,
  CreateOrJoinLobbyInput,
  ExchangeCodeInput,
  ExternalCredentialsInput,
  GetLobbyMessagesInput,
  LinkedTokens,
  OAuth2TokenSet,
  Lobby,
  LobbyInvite,
  LobbyMember,
  LobbyMessage,
  Metadata,
  ModifyLobbyInput,
  RequestOptions,
  RestClientJson,
  SendLobbyMessageInput,
  UpdateApplicationIdentityProfileInput,
  UserRequestOptions,
} from './types.js';

/** The package's version for the User-Agent: read once from its package.json (dist/rest/ and lib/rest/ are both two levels down). */
function packageVersion(): string {
  try {
    const json: unknown = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8'));
    const version = typeof json === 'object' && json !== null ? (json as { version?: unknown }).version : undefined;
    return typeof version === 'string' ? version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

let cachedVersion: string | undefined;

/**
 * The service's HTTP API for a game server, with the bot token: lobbies and their members,
 * lobby messages and moderation metadata, linked-channel invites, voice channel status, and game
 * profiles. It does not load the native addon.
 *
 * Requests are queued per rate-limit bucket and keep their order in it; 429s are waited out and
 * resent (or rejected with `RateLimited`, see the options); 5xx and network failures are
 * retried. Every method rejects with a `SocialSdkError` on failure, and with a `TypeError` or
 * `RangeError` (before anything is sent) on bad input. Tokens never appear in errors, in
 * `util.inspect(client)` or in `JSON.stringify(client)`.
 *
 * @example
 * ```ts
 * import { RestClient } from 'social-sdk-node/rest';
 * const rest = new RestClient({ token: process.env.BOT_TOKEN! });
 * const lobby = await rest.createLobby({ members: [{ id: '1234567890123456789' }], idleTimeoutSeconds: 600 });
 * await rest.bulkUpdateLobbyMembers(lobby.id, [{ id: '1234567890123456789', additionalName: 'Captain' }]);
 * ```
 */
export class RestClient {
  readonly #token: string;
  readonly #options: ResolvedOptions;
  readonly #invalidRequests: InvalidRequestCounter;
  readonly #transport: Transport;
  readonly #credentials: ClientCredentials | undefined;
  /** Refresh tokens of OIDC provisional exchanges: refreshing them is deprecated (a warning). */
  readonly #deprecatedRefresh = new DeprecatedRefreshTokens();

  /**
   * @param options `token` is required; see {@link RestClientOptions} for the rest.
   * @throws TypeError or RangeError for a malformed option (the token is never shown).
   */
  constructor(options: RestClientOptions) {
    if (typeof options !== 'object' || options === null) throw new TypeError('RestClient: options must be an object with a token');
    this.#token = checkToken(options.token, 'token');
    this.#credentials = checkClientCredentials(options.clientId, options.clientSecret);
    cachedVersion ??= packageVersion();
    this.#options = resolveOptions(options, cachedVersion);
    this.#invalidRequests = new InvalidRequestCounter(this.#options);
    this.#transport = new Transport(this.#options, () => this.#token, new RateLimiter(this.#options), this.#invalidRequests);
  }

  /** The base URL requests go to (e.g. `https://discord.com/api/v10`). */
  get baseUrl(): string {
    return this.#options.baseUrl;
  }

  /** Invalid requests (401, 403, 429 responses) in the last 10 minutes; 10,000 earn a temporary ban of the IP. */
  get invalidRequestCount(): number {
    return this.#invalidRequests.count;
  }

  /** What `util.inspect` shows: the base URL and the invalid-request count, never a token. */
  [inspect.custom](): string {
    return `RestClient { baseUrl: ${JSON.stringify(this.baseUrl)}, invalidRequestCount: ${this.invalidRequestCount} }`;
  }

  /** What `JSON.stringify` shows: the base URL and the invalid-request count, never a token. */
  toJSON(): RestClientJson {
    return { baseUrl: this.baseUrl, invalidRequestCount: this.invalidRequestCount };
  }

  #send(requestRoute: Route, options: CheckedRequestOptions, extra: { body?: unknown; query?: Record<string, string> | undefined } = {}): Promise<RestResult> {
    return this.#transport.execute({ route: requestRoute, ...options, ...(extra.body === undefined ? {} : { body: extra.body }), ...(extra.query === undefined ? {} : { query: extra.query }) });
  }

  /**
   * Creates a lobby (`POST /lobbies`), with up to 25 members.
   * @param lobby Metadata, members (each `{id, metadata?, flags?}`) and the idle timeout (5 to 604,800 s).
   * @returns The new lobby.
   */
  async createLobby(lobby: CreateLobbyInput = {}, options?: RequestOptions): Promise<Lobby> {
    const body = createLobbyBody(lobby);
    const checked = checkRequestOptions(options, false);
    const target = route(ROUTES.createLobby);
    return toLobby(target.shape, (await this.#send(target, checked, { body })).body);
  }

  /** Reads a lobby (`GET /lobbies/{id}`). */
  async getLobby(lobbyId: SnowflakeInput, options?: RequestOptions): Promise<Lobby> {
    const target = route(ROUTES.getLobby, toSnowflake(lobbyId, 'lobbyId'));
    const checked = checkRequestOptions(options, false);
    return toLobby(target.shape, (await this.#send(target, checked)).body);
  }

  /**
   * Changes a lobby (`PATCH /lobbies/{id}`). `metadata` replaces the lobby's metadata; `members`
   * (at most 25) replaces the member list, so members left out are removed.
   * @returns The lobby as changed.
   */
  async modifyLobby(lobbyId: SnowflakeInput, changes: ModifyLobbyInput, options?: RequestOptions): Promise<Lobby> {
    const target = route(ROUTES.modifyLobby, toSnowflake(lobbyId, 'lobbyId'));
    const body = modifyLobbyBody(changes);
    const checked = checkRequestOptions(options, false);
    return toLobby(target.shape, (await this.#send(target, checked, { body })).body);
  }

  /** Deletes a lobby (`DELETE /lobbies/{id}`); safe on a lobby already deleted. */
  async deleteLobby(lobbyId: SnowflakeInput, options?: RequestOptions): Promise<void> {
    const target = route(ROUTES.deleteLobby, toSnowflake(lobbyId, 'lobbyId'));
    await this.#send(target, checkRequestOptions(options, false));
  }

  /**
   * Joins the lobby with this secret, or creates it (`PUT /lobbies`), for the user whose token
   * is `options.userToken`. `lobbyMetadata` replaces the lobby's metadata.
   */
  async createOrJoinLobby(lobby: CreateOrJoinLobbyInput, options: UserRequestOptions): Promise<Lobby> {
    const body = createOrJoinLobbyBody(lobby);
    const checked = checkRequestOptions(options, true);
    const target = route(ROUTES.createOrJoinLobby);
    return toLobby(target.shape, (await this.#send(target, checked, { body })).body);
  }

  /**
   * Adds a member, or updates one (`PUT /lobbies/{id}/members/{user}`).
   * @param member Metadata, flags (`LobbyMemberFlags`) and the additional name (1 to 80 characters).
   */
  async addLobbyMember(lobbyId: SnowflakeInput, userId: SnowflakeInput, member: AddLobbyMemberInput = {}, options?: RequestOptions): Promise<LobbyMember> {
    const target = route(ROUTES.addLobbyMember, toSnowflake(lobbyId, 'lobbyId'), toSnowflake(userId, 'userId'));
    const body = addLobbyMemberBody(member);
    const checked = checkRequestOptions(options, false);
    return toLobbyMember(target.shape, (await this.#send(target, checked, { body })).body);
  }

  /** Removes a member (`DELETE /lobbies/{id}/members/{user}`); safe if the user is not a member. */
  async removeLobbyMember(lobbyId: SnowflakeInput, userId: SnowflakeInput, options?: RequestOptions): Promise<void> {
    const target = route(ROUTES.removeLobbyMember, toSnowflake(lobbyId, 'lobbyId'), toSnowflake(userId, 'userId'));
    await this.#send(target, checkRequestOptions(options, false));
  }

  /**
   * Adds, updates and removes up to 25 members at once (`POST /lobbies/{id}/members/bulk`).
   * `additionalName: null` clears a member's additional name; `remove: true` removes the member.
   * @returns The members added or updated (removed ones are left out; users the service refused
   * silently are missing too).
   */
  async bulkUpdateLobbyMembers(lobbyId: SnowflakeInput, updates: readonly BulkLobbyMemberUpdate[], options?: RequestOptions): Promise<LobbyMember[]> {
    const target = route(ROUTES.bulkUpdateLobbyMembers, toSnowflake(lobbyId, 'lobbyId'));
    const body = bulkUpdateBody(updates);
    const checked = checkRequestOptions(options, false);
    return toLobbyMembers(target.shape, (await this.#send(target, checked, { body })).body);
  }

  /** The user of `options.userToken` leaves the lobby (`DELETE /lobbies/{id}/members/@me`). */
  async leaveLobby(lobbyId: SnowflakeInput, options: UserRequestOptions): Promise<void> {
    const target = route(ROUTES.leaveLobby, toSnowflake(lobbyId, 'lobbyId'));
    await this.#send(target, checkRequestOptions(options, true));
  }

  /**
   * Links a guild text channel to the lobby, or unlinks it with `null`
   * (`PATCH /lobbies/{id}/channel-linking`). Normally done for a member with the `CanLinkLobby`
   * flag (`options.userToken`).
   * @returns The lobby, with `linkedChannel` while linked.
   */
  async linkChannelToLobby(lobbyId: SnowflakeInput, channelId: SnowflakeInput | null, options?: RequestOptions): Promise<Lobby> {
    const target = route(ROUTES.linkChannelToLobby, toSnowflake(lobbyId, 'lobbyId'));
    const body = channelLinkingBody(channelId);
    const checked = checkRequestOptions(options, false);
    return toLobby(target.shape, (await this.#send(target, checked, { body })).body);
  }

  /**
   * Sends a message to the lobby (`POST /lobbies/{id}/messages`), normally as a member
   * (`options.userToken`). Content: 1 to 4,000 characters.
   */
  async sendLobbyMessage(lobbyId: SnowflakeInput, message: SendLobbyMessageInput, options?: RequestOptions): Promise<LobbyMessage> {
    const target = route(ROUTES.sendLobbyMessage, toSnowflake(lobbyId, 'lobbyId'));
    const body = sendLobbyMessageBody(message);
    const checked = checkRequestOptions(options, false);
    return toLobbyMessage(target.shape, (await this.#send(target, checked, { body })).body);
  }

  /** Reads the most recent messages of the lobby (`GET /lobbies/{id}/messages?limit=`), `limit` 1 to 200. */
  async getLobbyMessages(lobbyId: SnowflakeInput, query: GetLobbyMessagesInput = {}, options?: RequestOptions): Promise<LobbyMessage[]> {
    const target = route(ROUTES.getLobbyMessages, toSnowflake(lobbyId, 'lobbyId'));
    const checkedQuery = lobbyMessagesQuery(query);
    const checked = checkRequestOptions(options, false);
    return toLobbyMessages(target.shape, (await this.#send(target, checked, { query: checkedQuery })).body);
  }

  /**
   * Sets the moderation metadata of a lobby message
   * (`PUT /lobbies/{id}/messages/{message}/moderation-metadata`): at most 5 entries, visible only
   * to your application.
   */
  async setLobbyMessageModerationMetadata(lobbyId: SnowflakeInput, messageId: SnowflakeInput, metadata: Metadata, options?: RequestOptions): Promise<void> {
    const target = route(ROUTES.setLobbyMessageModerationMetadata, toSnowflake(lobbyId, 'lobbyId'), toSnowflake(messageId, 'messageId'));
    const body = moderationMetadataBody(metadata);
    await this.#send(target, checkRequestOptions(options, false), { body });
  }

  /**
   * Sets the moderation metadata of a game direct message between two users, in either order
   * (`PUT /partner-sdk/dms/{user1}/{user2}/messages/{message}/moderation-metadata`).
   */
  async setDirectMessageModerationMetadata(
    firstUserId: SnowflakeInput,
    secondUserId: SnowflakeInput,
    messageId: SnowflakeInput,
    metadata: Metadata,
    options?: RequestOptions,
  ): Promise<void> {
    const target = route(
      ROUTES.setDirectMessageModerationMetadata,
      toSnowflake(firstUserId, 'firstUserId'),
      toSnowflake(secondUserId, 'secondUserId'),
      toSnowflake(messageId, 'messageId'),
    );
    const body = moderationMetadataBody(metadata);
    await this.#send(target, checkRequestOptions(options, false), { body });
  }

  /**
   * An invite to the lobby's linked channel for the user of `options.userToken`
   * (`POST /lobbies/{id}/members/@me/invites`): single-use, valid for one hour.
   */
  async createLobbyChannelInvite(lobbyId: SnowflakeInput, options: UserRequestOptions): Promise<LobbyInvite> {
    const target = route(ROUTES.createLobbyChannelInvite, toSnowflake(lobbyId, 'lobbyId'));
    return toLobbyInvite(target.shape, (await this.#send(target, checkRequestOptions(options, true))).body);
  }

  /** An invite to the lobby's linked channel for a member (`POST /lobbies/{id}/members/{user}/invites`). */
  async createLobbyChannelInviteForUser(lobbyId: SnowflakeInput, userId: SnowflakeInput, options?: RequestOptions): Promise<LobbyInvite> {
    const target = route(ROUTES.createLobbyChannelInviteForUser, toSnowflake(lobbyId, 'lobbyId'), toSnowflake(userId, 'userId'));
    return toLobbyInvite(target.shape, (await this.#send(target, checkRequestOptions(options, false))).body);
  }

  /**
   * Sets the status of a voice channel (`PUT /channels/{id}/voice-status`), at most 500
   * characters (code points); `null` clears it. Accepts `options.reason` for the audit log.
   */
  async setVoiceChannelStatus(channelId: SnowflakeInput, status: string | null, options?: RequestOptions): Promise<void> {
    const target = route(ROUTES.setVoiceChannelStatus, toSnowflake(channelId, 'channelId'));
    const body = voiceStatusBody(status);
    await this.#send(target, checkRequestOptions(options, false), { body });
  }

  /**
   * Writes a player's game profile (`PATCH /applications/{app}/users/{user}/identities/{player}/profile`).
   * `providerIssuedUserId` is your game's player id (URL-encoded here); `data` replaces the stored
   * stats whole.
   * @returns Whether the service created the profile (201, with the profile) or updated it (204).
   */
  async updateApplicationIdentityProfile(
    applicationId: SnowflakeInput,
    userId: SnowflakeInput,
    providerIssuedUserId: string,
    profile: UpdateApplicationIdentityProfileInput,
    options?: RequestOptions,
  ): Promise<ApplicationIdentityProfileUpdate> {
    const target = this.#profileRoute('PATCH', applicationId, userId, providerIssuedUserId);
    const body = profileBody(profile);
    const result = await this.#send(target, checkRequestOptions(options, false), { body });
    const created = result.status === 201;
    return { created, profile: result.body === undefined ? null : toApplicationIdentityProfile(target.shape, result.body) };
  }

  /** Reads a player's game profile (`GET /applications/{app}/users/{user}/identities/{player}/profile`). */
  async getApplicationIdentityProfile(
    applicationId: SnowflakeInput,
    userId: SnowflakeInput,
    providerIssuedUserId: string,
    options?: RequestOptions,
  ): Promise<ApplicationIdentityProfile> {
    const target = this.#profileRoute('GET', applicationId, userId, providerIssuedUserId);
    return toApplicationIdentityProfile(target.shape, (await this.#send(target, checkRequestOptions(options, false))).body);
  }

  // ---- Provisional accounts (server API reference §4.5-4.6) --------------------------------------

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
  async getBotProvisionalToken(player: BotProvisionalTokenInput, options?: RequestOptions): Promise<OAuth2TokenSet> {
    const body = botTokenBody(player);
    const checked = checkRequestOptions(options, false);
    const result = await this.#transport.execute({ route: route(ROUTES.botProvisionalToken), ...checked, body });
    return toOAuth2TokenSet('POST /partner-sdk/token/bot', result.body);
  }

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
  async getProvisionalToken(identity: ExternalCredentialsInput, options?: RequestOptions): Promise<OAuth2TokenSet> {
    const result = await this.#credentialsRequest(ROUTES.provisionalToken, 'getProvisionalToken', identity, options);
    const tokens = toOAuth2TokenSet('POST /partner-sdk/token', result.body);
    if (identity.externalAuthType === 'OIDC') this.#deprecatedRefresh.remember(tokens.refreshToken);
    return tokens;
  }

  /**
   * Unmerges the bot-issued provisional account of `externalUserId` from the Discord account it
   * was merged into (`POST /partner-sdk/provisional-accounts/unmerge/bot`): every token of that
   * account for your application stops working, its sessions are disconnected, the player gets a
   * new provisional account (a new user id) and the application gets APPLICATION_DEAUTHORIZED.
   * @throws (rejects) `SocialSdkError` HTTPError 400 with `code` 50229 when the player's account is
   * provisional (nothing to unmerge); 404 for a player the service does not know.
   */
  async unmergeBotProvisionalAccount(externalUserId: string, options?: RequestOptions): Promise<void> {
    const body = { external_user_id: checkExternalUserId(externalUserId) };
    const checked = checkRequestOptions(options, false);
    await this.#transport.execute({ route: route(ROUTES.unmergeBotProvisionalAccount), ...checked, body });
  }

  /**
   * Unmerges the provisional account of an external identity (`POST
   * /partner-sdk/provisional-accounts/unmerge`, with the client credentials), as
   * {@link unmergeBotProvisionalAccount} does for a bot-issued one: tokens end, sessions are
   * disconnected, a new provisional user id, APPLICATION_DEAUTHORIZED.
   * @throws (rejects) `SocialSdkError` HTTPError 400 50229 (already provisional), 404 (no such
   * identity), 403 50025 (a bad external token), 401 530007 (a wrong client secret).
   */
  async unmergeProvisionalAccount(identity: ExternalCredentialsInput, options?: RequestOptions): Promise<void> {
    await this.#credentialsRequest(ROUTES.unmergeProvisionalAccount, 'unmergeProvisionalAccount', identity, options);
  }

  /** Sends a JSON body with the client credentials and an external identity (the secrets redacted from errors). */
  async #credentialsRequest(spec: typeof ROUTES.provisionalToken | typeof ROUTES.unmergeProvisionalAccount, method: string, identity: unknown, options: RequestOptions | undefined): Promise<RestResult> {
    const credentials = requireCredentials(this.#credentials, method);
    const body = externalCredentialsBody(credentials, identity);
    const checked = checkRequestOptions(options, false);
    return this.#transport.execute({ route: route(spec), ...checked, body, secrets: [credentials.clientSecret, body['external_auth_token']!] });
  }

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
  async exchangeCode(grant: ExchangeCodeInput, options?: RequestOptions): Promise<OAuth2TokenSet> {
    return toOAuth2TokenSet('POST /oauth2/token', await this.#tokenRequest(ROUTES.oauth2Token, 'exchangeCode', () => authorizationCodeForm(grant), options));
  }

  /**
   * Refreshes a user's tokens (`POST /oauth2/token`, the `refresh_token` grant): the refresh
   * token given is spent and a new set is answered (rotation).
   *
   * **Deauthorization:** when the user removed the application, was banned, or the tokens were
   * revoked, this rejects with `SocialSdkError` `{ type: 'HTTPError', status: 400, oauthError:
   * 'invalid_grant' }`. Treat it exactly like the APPLICATION_DEAUTHORIZED webhook event: drop the
   * link and its tokens; the player has to link again.
   */
  async refreshToken(refreshToken: string, options?: RequestOptions): Promise<OAuth2TokenSet> {
    if (this.#deprecatedRefresh.take(refreshToken)) process.emitWarning(OIDC_REFRESH_WARNING, { type: 'DeprecationWarning', code: 'SOCIAL_SDK_OIDC_REFRESH' });
    return toOAuth2TokenSet('POST /oauth2/token', await this.#tokenRequest(ROUTES.oauth2Token, 'refreshToken', () => refreshTokenForm(refreshToken), options));
  }

  /**
   * Revokes a user's access or refresh token (`POST /oauth2/token/revoke`). Either one ends the
   * whole authorization: every access and refresh token of it stops working, the user's clients
   * signed in with them are disconnected, and the application gets APPLICATION_DEAUTHORIZED. An
   * unknown or already revoked token is not an error.
   */
  async revokeToken(token: string, revoke: { tokenTypeHint?: 'access_token' | 'refresh_token' } = {}, options?: RequestOptions): Promise<void> {
    const hint = typeof revoke === 'object' && revoke !== null ? revoke.tokenTypeHint : undefined;
    await this.#tokenRequest(ROUTES.oauth2TokenRevoke, 'revokeToken', () => revokeForm(token, hint), options);
  }

  /**
   * Unlinks a player (spec "Authentication" rule 5): revokes both of the link's tokens at the
   * service instead of only forgetting them, so that linking again later gets a fresh
   * authorization without conflicts. Tokens left out or null are skipped. Forget your own record
   * of the link once this resolves.
   */
  async unlinkUser(tokens: LinkedTokens, options?: RequestOptions): Promise<void> {
    if (typeof tokens !== 'object' || tokens === null) throw new TypeError('tokens must be an object with accessToken and/or refreshToken');
    const given = [tokens.refreshToken, tokens.accessToken].filter((token): token is string => token !== undefined && token !== null);
    if (given.length === 0) throw new TypeError('tokens must hold an accessToken or a refreshToken');
    for (const token of given) await this.revokeToken(token, { tokenTypeHint: token === tokens.refreshToken ? 'refresh_token' : 'access_token' }, options);
  }

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
  async exchangeChildToken(exchange: { parentAccessToken: string; childApplicationId: SnowflakeInput }, options?: RequestOptions): Promise<OAuth2TokenSet> {
    const credentials = requireCredentials(this.#credentials, 'exchangeChildToken');
    const body = childTokenBody(exchange, credentials);
    const checked = checkRequestOptions(options, false);
    const result = await this.#transport.execute({
      route: route(ROUTES.exchangeChildToken),
      ...checked,
      body,
      // The body's parent token and client secret authenticate the request; no bot token goes.
      authorization: null,
      secrets: [credentials.clientSecret, body.parent_access_token],
    });
    return toOAuth2TokenSet('POST /partner-sdk/child-token', result.body);
  }

  /**
   * A token of the application itself, for its owner (`POST /oauth2/token`, the
   * `client_credentials` grant, docs topics/oauth2.mdx "Client Credentials Grant"), with the
   * `clientId` and `clientSecret` options. `scopes`: space-separated (e.g. `'identify'`).
   * @returns A 7-day access token without a refresh token.
   */
  async getClientCredentialsToken(request?: { scopes?: string }, options?: RequestOptions): Promise<OAuth2TokenSet> {
    return toOAuth2TokenSet('POST /oauth2/token', await this.#tokenRequest(ROUTES.oauth2Token, 'getClientCredentialsToken', () => clientCredentialsForm(request), options));
  }

  // ---- Applications and OAuth2 information -------------------------------------------------------

  /** The authorization of `options.userToken` (`GET /oauth2/@me`): application, scopes, expiry, and the user with `identify`. */
  async getCurrentAuthorization(options: UserRequestOptions): Promise<CurrentAuthorization> {
    return toCurrentAuthorization(...(await this.#get(ROUTES.getCurrentAuthorization, [], options, true)));
  }

  /** The OpenID Connect claims of the user of `options.userToken` (`GET /oauth2/userinfo`; the token needs the `openid` scope). */
  async getUserInfo(options: UserRequestOptions): Promise<OpenIdUserInfo> {
    return toOpenIdUserInfo(...(await this.#get(ROUTES.getOpenIdUserInfo, [], options, true)));
  }

  /** The public keys ID tokens are signed with (`GET /oauth2/keys`, a JSON Web Key Set; sent without a token). */
  async getOAuth2Keys(options?: RequestOptions): Promise<{ keys: OAuth2PublicKey[] }> {
    const target = route(ROUTES.getOAuth2Keys);
    const result = await this.#transport.execute({ route: target, ...checkRequestOptions(options, false), authorization: null });
    return toOAuth2Keys(target.shape, result.body);
  }

  /** The bot's application (`GET /oauth2/applications/@me`). */
  async getCurrentBotApplication(options?: RequestOptions): Promise<Application> {
    return toApplication(...(await this.#get(ROUTES.getCurrentBotApplication, [], options)));
  }

  /** The bot's application (`GET /applications/@me`, or `/applications/{id}` with an id: the bot's own only). */
  async getApplication(applicationId?: SnowflakeInput, options?: RequestOptions): Promise<Application> {
    const [spec, ids] = applicationId === undefined ? [ROUTES.getCurrentApplication, []] : [ROUTES.getApplication, [toSnowflake(applicationId, 'applicationId')]];
    return toApplication(...(await this.#get(spec, ids, options)));
  }

  /**
   * Edits the bot's application (`PATCH /applications/@me`, or `/applications/{id}`): fields left
   * out are unchanged. This is where a game sets its webhook events URL, status and types; the
   * service checks a URL it enables (PING and signature) and refuses it with 400 otherwise.
   */
  async modifyApplication(changes: ModifyApplicationInput, applicationId?: SnowflakeInput, options?: RequestOptions): Promise<Application> {
    const body = modifyApplicationBody(changes);
    const target = applicationId === undefined ? route(ROUTES.modifyCurrentApplication) : route(ROUTES.modifyApplication, toSnowflake(applicationId, 'applicationId'));
    return toApplication(target.shape, (await this.#send(target, checkRequestOptions(options, false), { body })).body);
  }

  /** A user's identities in your game (`GET /users/{user}/application-identities/{app}`). */
  async getUserApplicationIdentities(userId: SnowflakeInput, applicationId: SnowflakeInput, options?: RequestOptions): Promise<ApplicationIdentity[]> {
    const ids = [toSnowflake(userId, 'userId'), toSnowflake(applicationId, 'applicationId')];
    return toApplicationIdentities(...(await this.#get(ROUTES.getUserApplicationIdentities, ids, options)));
  }

  /**
   * The identities of an external account (`GET /applications/{app}/application-identities/{type}/{player}`);
   * empty when none matches. `providerId` narrows the match.
   */
  async getApplicationIdentities(
    applicationId: SnowflakeInput,
    identity: { providerType: string; providerIssuedUserId: string; providerId?: string },
    options?: RequestOptions,
  ): Promise<ApplicationIdentity[]> {
    const given = identityPath(identity);
    const target = route(ROUTES.getApplicationIdentities, toSnowflake(applicationId, 'applicationId'), given.providerType, given.providerIssuedUserId);
    const query = given.providerId === undefined ? undefined : { provider_id: given.providerId };
    return toApplicationIdentities(target.shape, (await this.#send(target, checkRequestOptions(options, false), { query })).body);
  }

  /** Deletes one of a user's identities in your game (`POST /users/{user}/application-identities/{app}/{type}/{player}/delete`). */
  async deleteApplicationIdentity(
    userId: SnowflakeInput,
    applicationId: SnowflakeInput,
    identity: { providerType: string; providerIssuedUserId: string; providerId?: string },
    options?: RequestOptions,
  ): Promise<void> {
    const given = identityPath(identity);
    const ids = [toSnowflake(userId, 'userId'), toSnowflake(applicationId, 'applicationId'), given.providerType, given.providerIssuedUserId] as const;
    const body = given.providerId === undefined ? undefined : { provider_id: given.providerId };
    await this.#send(route(ROUTES.deleteApplicationIdentity, ...ids), checkRequestOptions(options, false), { body });
  }

  /** A GET of a route: its shape and body, for a converter. */
  async #get(spec: (typeof ROUTES)[keyof typeof ROUTES], ids: readonly string[], options: RequestOptions | undefined, user = false): Promise<[string, unknown]> {
    const target = route(spec, ...ids);
    return [target.shape, (await this.#send(target, checkRequestOptions(options, user))).body];
  }

  /** Sends an OAuth2 form with the client credentials; resolves with the response body. */
  async #tokenRequest(spec: typeof ROUTES.oauth2Token | typeof ROUTES.oauth2TokenRevoke, method: string, makeForm: () => Record<string, string>, options: RequestOptions | undefined): Promise<unknown> {
    const credentials = requireCredentials(this.#credentials, method);
    const form = makeForm();
    const checked = checkRequestOptions(options, false);
    const result = await this.#transport.execute({
      route: route(spec),
      ...checked,
      form,
      authorization: basicAuthorization(credentials),
      secrets: [credentials.clientSecret, ...formSecrets(form)],
    });
    return result.body;
  }

  #profileRoute(method: 'GET' | 'PATCH', applicationId: SnowflakeInput, userId: SnowflakeInput, providerIssuedUserId: string): Route {
    return route(
      method === 'GET' ? ROUTES.getApplicationIdentityProfile : ROUTES.updateApplicationIdentityProfile,
      toSnowflake(applicationId, 'applicationId'),
      toSnowflake(userId, 'userId'),
      checkProviderIssuedUserId(providerIssuedUserId),
    );
  }
}

/** An identity of the identity routes' paths, checked: a provider type (1-100) and a player id (1-1,024, URL-encoded in the path). */
function identityPath(identity: { providerType: string; providerIssuedUserId: string; providerId?: string }): { providerType: string; providerIssuedUserId: string; providerId?: string } {
  if (typeof identity !== 'object' || identity === null) throw new TypeError('identity must be an object with providerType and providerIssuedUserId');
  return {
    providerType: checkText(identity.providerType, 'identity.providerType', 1, 100),
    providerIssuedUserId: checkText(identity.providerIssuedUserId, 'identity.providerIssuedUserId', 1, 1024),
    ...(identity.providerId === undefined ? {} : { providerId: checkText(identity.providerId, 'identity.providerId', 1, 1024) }),
  };
}
