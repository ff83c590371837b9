/**
 * {@link RestClient}: the service's HTTP API for game servers, one method per endpoint: the
 * client's core (options, transport, inspect) and its lobby, message, channel and game-profile
 * methods. The OAuth2 and provisional-account methods are added by oauth2-methods.ts, the
 * application methods by application-methods.ts; rest/index.ts loads both: import RestClient from there.
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
import { checkClientCredentials, type ClientCredentials } from './oauth2.js';
import { DeprecatedRefreshTokens } from './provisional.js';
import { toApplicationIdentityProfile, toLobby, toLobbyInvite, toLobbyMember, toLobbyMembers, toLobbyMessage, toLobbyMessages } from './payloads.js';
import { InvalidRequestCounter, RateLimiter } from './rate-limits.js';
import { ROUTES } from '../routes/table.js';
import { route, type Route } from './routes.js';
import { Transport, type RestResult } from './transport.js';
import { defineMethods } from '../common/define-methods.js';
import type {
  AddLobbyMemberInput,
  ApplicationIdentityProfile,
  ApplicationIdentityProfileUpdate,
  BulkLobbyMemberUpdate,
  CreateLobbyInput,
  CreateOrJoinLobbyInput,
  GetLobbyMessagesInput,
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
 * @internal What the method modules (oauth2-methods.ts, application-methods.ts) send requests with:
 * one client's transport, client credentials and send/get, out of reach of the public surface.
 */
export interface RestInternals {
  readonly transport: Transport;
  readonly credentials: ClientCredentials | undefined;
  /** Refresh tokens of OIDC provisional exchanges: refreshing them is deprecated (a warning). */
  readonly deprecatedRefresh: DeprecatedRefreshTokens;
  send(requestRoute: Route, options: CheckedRequestOptions, extra?: { body?: unknown; query?: Record<string, string> | undefined }): Promise<RestResult>;
  /** A GET of a route: its shape and body, for a converter. */
  get(spec: (typeof ROUTES)[keyof typeof ROUTES], ids: readonly string[], options: RequestOptions | undefined, user?: boolean): Promise<[string, unknown]>;
}

let internalsOf: (value: unknown) => RestInternals;

/** @internal The internals of `value`, a RestClient; a TypeError for anything else. */
export function internals(value: unknown): RestInternals {
  return internalsOf(value);
}

/**
 * @internal Installs a method module's methods on `RestClient.prototype`, as class methods are.
 * Each is declared on the `RestClient` interface by its module (`declare module './client.js'`),
 * where its documentation lives.
 */
export function defineRestMethods<K extends keyof RestClient>(methods: { [P in K]: RestClient[P] } & ThisType<RestClient>): void {
  defineMethods(RestClient.prototype, 'RestClient', methods);
}

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
  readonly #internals: RestInternals;

  static {
    internalsOf = (value) => {
      if (typeof value !== 'object' || value === null || !(#internals in value)) throw new TypeError('this is not a RestClient');
      return value.#internals;
    };
  }

  /**
   * @param options `token` is required; see {@link RestClientOptions} for the rest.
   * @throws TypeError or RangeError for a malformed option (the token is never shown).
   */
  constructor(options: RestClientOptions) {
    if (typeof options !== 'object' || options === null) throw new TypeError('RestClient: options must be an object with a token');
    this.#token = checkToken(options.token, 'token');
    const credentials = checkClientCredentials(options.clientId, options.clientSecret);
    cachedVersion ??= packageVersion();
    this.#options = resolveOptions(options, cachedVersion);
    this.#invalidRequests = new InvalidRequestCounter(this.#options);
    this.#transport = new Transport(this.#options, () => this.#token, new RateLimiter(this.#options), this.#invalidRequests);
    this.#internals = {
      transport: this.#transport,
      credentials,
      deprecatedRefresh: new DeprecatedRefreshTokens(),
      send: (target, checked, extra) => this.#send(target, checked, extra),
      get: (spec, ids, options, user) => this.#get(spec, ids, options, user),
    };
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

  /** A GET of a route: its shape and body, for a converter. */
  async #get(spec: (typeof ROUTES)[keyof typeof ROUTES], ids: readonly string[], options: RequestOptions | undefined, user = false): Promise<[string, unknown]> {
    const target = route(spec, ...ids);
    return [target.shape, (await this.#send(target, checkRequestOptions(options, user))).body];
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
