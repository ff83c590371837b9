/**
 * Every HTTP route of the service this package knows, described once: the RestClient builds its
 * requests from it, the simulated service serves exactly these routes (a handler per entry, typed
 * by the names here), and the simulated service's development budgets are read from it.
 * `test/route-table.test.ts` checks each entry's decisions and checks the table against the
 * official OpenAPI description's digest (`test/conformance/openapi-digest.json`).
 *
 * Paths are written as the official description writes them (`/lobbies/{lobby_id}`), so an entry
 * can be looked up in the description as it is.
 * @internal
 * @module
 */
import { limits } from '../common/limits.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: `bot` (the application's bot token), `bearer` (a user's OAuth2 access
 * token), `client` (the route checks the application's client credentials or another secret in
 * the request itself), `none` (no authentication).
 */
export type AuthKind = 'bot' | 'bearer' | 'client' | 'none';

/** At most `limit` requests per `windowMs`, per application. */
export interface Budget {
  readonly limit: number;
  readonly windowMs: number;
}

const TWO_HOURS_MS = 2 * 60 * 60 * 1000;
/** The development rate limits (docs: resources/lobby.mdx, "Development Rate Limits"): per application, not per user. */
const LOBBY_DEVELOPMENT_BUDGET: Budget = { limit: 100, windowMs: TWO_HOURS_MS };
const CHANNEL_LINKING_DEVELOPMENT_BUDGET: Budget = { limit: 20, windowMs: TWO_HOURS_MS };

export interface RouteSpec {
  readonly method: HttpMethod;
  /** Relative to the API base, in the official description's notation (`/lobbies/{lobby_id}`). */
  readonly path: string;
  /** The authentication the route takes (the first is the one the RestClient sends). */
  readonly auth: readonly AuthKind[];
  /**
   * Where the route comes from: `stable` or `preview` in the official description, or
   * `absent`: not in the description, with where its behaviour is documented (or why it is
   * ours).
   */
  readonly source: 'stable' | 'preview' | { readonly absent: string };
  /** Whether the RestClient calls it: `yes`, or `no` with the reason. */
  readonly restClient: 'yes' | { readonly no: string };
  /**
   * Where our `auth` differs from the description's security list, the docs page we follow
   * instead (the description's README calls it a preview and says to follow the docs where they
   * differ).
   */
  readonly authFollows?: string;
  /** The request body's media types, JSON first; none: the route takes no body. */
  readonly body?: readonly ('json' | 'form' | 'multipart')[];
  /** The development budget of the route, when the docs give one. */
  readonly budget?: Budget;
  /** The most characters of a message's `content` (routes that take one). */
  readonly contentLength?: number;
  /** The largest request body the route takes, in bytes, where the docs give one (default: the service's 1 MiB). */
  readonly maxBodyBytes?: number;
}

const LOBBY_DOCS = 'docs resources/lobby.mdx';
const BEARER_IN_DOCS = (operation: string): string => `${LOBBY_DOCS}, "${operation}": "Uses Bearer token for authorization"`;
/** The description also lists a bot token; the docs' requests carry the client credentials in the body only. */
const CREDENTIALS_IN_BODY = (page: string): string =>
  `docs discord-social-sdk/development-guides/${page}, "the request": its JSON body carries client_id and client_secret, with no Authorization header`;

/**
 * The guild routes the description also opens to a user's OAuth2 token: the simulator serves the
 * bot side only (the platform document's HTTP rules are a bot's; a user's `guilds` scope is not modelled).
 */
const BOT_SIDE = (operation: string): string =>
  `docs resources/${operation === 'Get Current User Guilds' ? 'user' : 'guild'}.mdx, "${operation}": served for a bot token (the bot user's guilds and permissions); a user's OAuth2 token is not modelled here`;
/** Routes of a moderation bot (discord.js and the like call them), not of the game server the RestClient serves. */
const MODERATION_BOT = 'a moderation bot\'s route (discord.js and the like call it); the RestClient serves what a game server does with lobbies and their linked channels';

/** Subscriptions with a user's OAuth2 token (the description lists it too) are not modelled: a game server asks with its bot token. */
const SUBSCRIPTIONS_BOT_SIDE = 'docs resources/subscription.mdx, "List SKU Subscriptions": served for a bot token (user_id required); a user\'s OAuth2 token is not modelled here';
/** Premium apps' routes: a store's, not the lobbies and linked channels the RestClient serves. */
const MONETIZATION = "a premium app's route (its store checks subscriptions), not the lobbies and linked channels the RestClient serves";

/**
 * Guild channel messages: a game server posts to its lobbies (the lobby routes); a bot framework
 * (discord.js, fetch) calls these itself.
 */
const CHANNEL_MESSAGES = 'a bot\'s guild channel messages (discord.js and the like call it); a game server talks to its players through lobby messages, which the RestClient serves';
/** "The maximum request size when sending a message is 25 MiB" (docs resources/message.mdx, Create Message). */
const MESSAGE_REQUEST_BYTES = 25 * 1024 * 1024;

/**
 * The command routes take a bot token here; the description also lists a Bearer token (the docs: "a
 * client credentials token for your app with the applications.commands.update scope"), which the
 * simulator does not model.
 */
const COMMANDS_BOT = (operation: string): string =>
  `docs interactions/application-commands.mdx, "${operation}": served for the application's bot token (a client credentials token with applications.commands.update is not modelled here)`;
/** Interaction routes carry their credential in the path (the interaction's token): no Authorization header. */
const INTERACTION_TOKEN = { auth: ['none', 'bot'], source: 'stable', restClient: 'yes' } as const;
const WITH_FILES = ['json', 'form', 'multipart'] as const;

/** The routes, by the name the RestClient and the simulated service know each by. */
export const ROUTES = {
  createLobby: { method: 'POST', path: '/lobbies', auth: ['bot'], source: 'stable', restClient: 'yes', body: ['json'], budget: LOBBY_DEVELOPMENT_BUDGET },
  createOrJoinLobby: {
    method: 'PUT',
    path: '/lobbies',
    auth: ['bearer'],
    authFollows: BEARER_IN_DOCS('Create or Join Lobby'),
    source: 'stable',
    restClient: 'yes',
    body: ['json'],
    budget: LOBBY_DEVELOPMENT_BUDGET,
  },
  getLobby: { method: 'GET', path: '/lobbies/{lobby_id}', auth: ['bot'], source: 'stable', restClient: 'yes' },
  modifyLobby: { method: 'PATCH', path: '/lobbies/{lobby_id}', auth: ['bot'], source: 'stable', restClient: 'yes', body: ['json'], budget: LOBBY_DEVELOPMENT_BUDGET },
  deleteLobby: { method: 'DELETE', path: '/lobbies/{lobby_id}', auth: ['bot'], source: 'stable', restClient: 'yes' },
  addLobbyMember: {
    method: 'PUT',
    path: '/lobbies/{lobby_id}/members/{user_id}',
    auth: ['bot'],
    source: 'stable',
    restClient: 'yes',
    body: ['json'],
    budget: LOBBY_DEVELOPMENT_BUDGET,
  },
  removeLobbyMember: { method: 'DELETE', path: '/lobbies/{lobby_id}/members/{user_id}', auth: ['bot'], source: 'stable', restClient: 'yes', budget: LOBBY_DEVELOPMENT_BUDGET },
  leaveLobby: { method: 'DELETE', path: '/lobbies/{lobby_id}/members/@me', auth: ['bearer'], authFollows: BEARER_IN_DOCS('Leave Lobby'), source: 'stable', restClient: 'yes' },
  bulkUpdateLobbyMembers: { method: 'POST', path: '/lobbies/{lobby_id}/members/bulk', auth: ['bot'], source: 'stable', restClient: 'yes', body: ['json'], budget: LOBBY_DEVELOPMENT_BUDGET },
  linkChannelToLobby: {
    method: 'PATCH',
    path: '/lobbies/{lobby_id}/channel-linking',
    auth: ['bearer'],
    authFollows: BEARER_IN_DOCS('Link Channel to Lobby'),
    source: 'stable',
    restClient: 'yes',
    body: ['json'],
    budget: CHANNEL_LINKING_DEVELOPMENT_BUDGET,
  },
  createLobbyChannelInvite: {
    method: 'POST',
    path: '/lobbies/{lobby_id}/members/@me/invites',
    auth: ['bearer'],
    authFollows: BEARER_IN_DOCS('Create Lobby Channel Invite for Self'),
    source: 'stable',
    restClient: 'yes',
    budget: LOBBY_DEVELOPMENT_BUDGET,
  },
  createLobbyChannelInviteForUser: {
    method: 'POST',
    path: '/lobbies/{lobby_id}/members/{user_id}/invites',
    auth: ['bot'],
    source: 'stable',
    restClient: 'yes',
    budget: LOBBY_DEVELOPMENT_BUDGET,
  },
  sendLobbyMessage: {
    method: 'POST',
    path: '/lobbies/{lobby_id}/messages',
    auth: ['bearer'],
    authFollows: BEARER_IN_DOCS('Send Lobby Message'),
    source: 'stable',
    restClient: 'yes',
    body: ['json', 'form', 'multipart'],
    budget: LOBBY_DEVELOPMENT_BUDGET,
    contentLength: limits.lobbyMessageContentLengthHttp,
  },
  getLobbyMessages: {
    method: 'GET',
    path: '/lobbies/{lobby_id}/messages',
    auth: ['bearer'],
    authFollows: BEARER_IN_DOCS('Get Lobby Messages'),
    source: 'stable',
    restClient: 'yes',
  },
  setLobbyMessageModerationMetadata: {
    method: 'PUT',
    path: '/lobbies/{lobby_id}/messages/{message_id}/moderation-metadata',
    auth: ['bot'],
    source: 'stable',
    restClient: 'yes',
    body: ['json', 'form', 'multipart'],
  },
  setDirectMessageModerationMetadata: {
    method: 'PUT',
    path: '/partner-sdk/dms/{user_id_1}/{user_id_2}/messages/{message_id}/moderation-metadata',
    auth: ['bot'],
    source: 'stable',
    restClient: 'yes',
    body: ['json', 'form', 'multipart'],
  },
  setVoiceChannelStatus: { method: 'PUT', path: '/channels/{channel_id}/voice-status', auth: ['bot'], source: 'stable', restClient: 'yes', body: ['json'] },
  updateApplicationIdentityProfile: {
    method: 'PATCH',
    path: '/applications/{application_id}/users/{user_id}/identities/{providerIssuedUserId}/profile',
    auth: ['bot'],
    source: { absent: 'docs: the game stats widget (server API reference §3; discord-api-types RESTPatchAPIApplicationUserIdentityProfile*)' },
    restClient: 'yes',
    body: ['json'],
  },
  getApplicationIdentityProfile: {
    method: 'GET',
    path: '/applications/{application_id}/users/{user_id}/identities/{providerIssuedUserId}/profile',
    auth: ['bot'],
    source: { absent: 'docs: the game stats widget (server API reference §3)' },
    restClient: 'yes',
  },
  oauth2Token: {
    method: 'POST',
    path: '/oauth2/token',
    auth: ['client'],
    source: { absent: 'docs topics/oauth2.mdx (the token endpoint; RFC 6749)' },
    restClient: 'yes',
    body: ['form'],
  },
  oauth2DeviceAuthorize: {
    method: 'POST',
    path: '/oauth2/device/authorize',
    auth: ['client'],
    source: { absent: 'docs discord-social-sdk/development-guides/account-linking-on-consoles.mdx, "Step 1: Request a Device Code from Discord" (RFC 8628)' },
    restClient: 'yes',
    body: ['form'],
  },
  oauth2TokenRevoke: {
    method: 'POST',
    path: '/oauth2/token/revoke',
    auth: ['client'],
    source: { absent: 'docs topics/oauth2.mdx (token revocation; RFC 7009)' },
    restClient: 'yes',
    body: ['form'],
  },
  provisionalToken: {
    method: 'POST',
    path: '/partner-sdk/token',
    auth: ['client'],
    authFollows: CREDENTIALS_IN_BODY('provisional-accounts/external-credentials-exchange.mdx'),
    source: 'stable',
    restClient: 'yes',
    body: ['json'],
  },
  botProvisionalToken: { method: 'POST', path: '/partner-sdk/token/bot', auth: ['bot'], source: 'stable', restClient: 'yes', body: ['json'] },
  unmergeProvisionalAccount: {
    method: 'POST',
    path: '/partner-sdk/provisional-accounts/unmerge',
    auth: ['client'],
    authFollows: CREDENTIALS_IN_BODY('provisional-accounts/unmerging-accounts.mdx'),
    source: 'stable',
    restClient: 'yes',
    body: ['json'],
  },
  unmergeBotProvisionalAccount: { method: 'POST', path: '/partner-sdk/provisional-accounts/unmerge/bot', auth: ['bot'], source: 'stable', restClient: 'yes', body: ['json'] },
  exchangeChildToken: {
    method: 'POST',
    path: '/partner-sdk/child-token',
    auth: ['client'],
    source: { absent: 'docs: publisher-level account linking (spec, Authentication 8; server API reference §4.6)' },
    restClient: 'yes',
    body: ['json'],
  },
  getCurrentAuthorization: {
    method: 'GET',
    path: '/oauth2/@me',
    auth: ['bearer'],
    authFollows: 'docs topics/oauth2.mdx, "Get Current Authorization Information": "Requires authentication with a bearer token"',
    source: 'stable',
    restClient: 'yes',
  },
  getCurrentBotApplication: { method: 'GET', path: '/oauth2/applications/@me', auth: ['bot'], source: 'stable', restClient: 'yes' },
  getOAuth2Keys: { method: 'GET', path: '/oauth2/keys', auth: ['none', 'bot'], source: 'stable', restClient: 'yes' },
  getOpenIdUserInfo: {
    method: 'GET',
    path: '/oauth2/userinfo',
    auth: ['bearer'],
    authFollows: 'OpenID Connect Core 1.0 §5.3.1: the UserInfo request sends the access token as a Bearer token (the description lists the OAuth2 scope openid)',
    source: 'stable',
    restClient: 'yes',
  },
  getCurrentApplication: { method: 'GET', path: '/applications/@me', auth: ['bot'], source: 'stable', restClient: 'yes' },
  modifyCurrentApplication: { method: 'PATCH', path: '/applications/@me', auth: ['bot'], source: 'stable', restClient: 'yes', body: ['json'] },
  getApplication: { method: 'GET', path: '/applications/{application_id}', auth: ['bot'], source: 'stable', restClient: 'yes' },
  modifyApplication: { method: 'PATCH', path: '/applications/{application_id}', auth: ['bot'], source: 'stable', restClient: 'yes', body: ['json'] },
  getUserApplicationIdentities: {
    method: 'GET',
    path: '/users/{user_id}/application-identities/{application_id}',
    auth: ['bot'],
    source: { absent: 'docs resources/application-identity-profile "Get Application Identities by User ID" (discord-api-types 0.38.57 Routes.userApplicationIdentities); the bot token is our choice, as for the profile routes' },
    restClient: 'yes',
  },
  getApplicationIdentities: {
    method: 'GET',
    path: '/applications/{application_id}/application-identities/{provider_type}/{provider_issued_user_id}',
    auth: ['bot'],
    source: { absent: 'docs resources/application-identity-profile "Get Application Identities by External ID" (discord-api-types 0.38.57 Routes.applicationIdentities)' },
    restClient: 'yes',
  },
  deleteApplicationIdentity: {
    method: 'POST',
    path: '/users/{user_id}/application-identities/{application_id}/{provider_type}/{provider_issued_user_id}/delete',
    auth: ['bot'],
    source: { absent: 'docs resources/application-identity-profile "Delete Application Identity" (discord-api-types 0.38.57 Routes.userApplicationIdentityDelete, RESTPostAPIApplicationIdentityDelete*)' },
    restClient: 'yes',
    body: ['json'],
  },
  getGateway: {
    method: 'GET',
    path: '/gateway',
    auth: ['none', 'bot'],
    source: 'stable',
    restClient: { no: 'a bot framework asks it before connecting to the gateway (discord.js: @discordjs/ws); the RestClient has no gateway' },
  },
  getGatewayBot: {
    method: 'GET',
    path: '/gateway/bot',
    auth: ['bot'],
    source: 'stable',
    restClient: { no: 'a bot framework asks it before connecting to the gateway (discord.js: @discordjs/ws); the RestClient has no gateway' },
  },
  getGuildChannels: {
    method: 'GET',
    path: '/guilds/{guild_id}/channels',
    auth: ['bot'],
    authFollows: BOT_SIDE('Get Guild Channels'),
    source: 'stable',
    restClient: 'yes',
  },
  getGuildRoles: { method: 'GET', path: '/guilds/{guild_id}/roles', auth: ['bot'], source: 'stable', restClient: { no: MODERATION_BOT } },
  getGuildRoleMemberCounts: { method: 'GET', path: '/guilds/{guild_id}/roles/member-counts', auth: ['bot'], source: 'stable', restClient: 'yes' },
  getGuildBans: { method: 'GET', path: '/guilds/{guild_id}/bans', auth: ['bot'], source: 'stable', restClient: { no: MODERATION_BOT } },
  banUserFromGuild: { method: 'PUT', path: '/guilds/{guild_id}/bans/{user_id}', auth: ['bot'], source: 'stable', restClient: { no: MODERATION_BOT }, body: ['json'] },
  unbanUserFromGuild: { method: 'DELETE', path: '/guilds/{guild_id}/bans/{user_id}', auth: ['bot'], source: 'stable', restClient: { no: MODERATION_BOT }, body: ['json'] },
  getGuildPruneCount: { method: 'GET', path: '/guilds/{guild_id}/prune', auth: ['bot'], source: 'stable', restClient: { no: MODERATION_BOT } },
  beginGuildPrune: { method: 'POST', path: '/guilds/{guild_id}/prune', auth: ['bot'], source: 'stable', restClient: { no: MODERATION_BOT }, body: ['json'] },
  createChannelInvite: { method: 'POST', path: '/channels/{channel_id}/invites', auth: ['bot'], source: 'stable', restClient: 'yes', body: ['json', 'form', 'multipart'] },
  getChannelInvites: { method: 'GET', path: '/channels/{channel_id}/invites', auth: ['bot'], source: 'stable', restClient: 'yes' },
  getInviteTargetUsers: { method: 'GET', path: '/invites/{code}/target-users', auth: ['bot'], source: 'stable', restClient: 'yes' },
  updateInviteTargetUsers: { method: 'PUT', path: '/invites/{code}/target-users', auth: ['bot'], source: 'stable', restClient: 'yes', body: ['multipart'] },
  getInviteTargetUsersJobStatus: { method: 'GET', path: '/invites/{code}/target-users/job-status', auth: ['bot'], source: 'stable', restClient: 'yes' },
  getCurrentUserGuilds: {
    method: 'GET',
    path: '/users/@me/guilds',
    auth: ['bot'],
    authFollows: BOT_SIDE('Get Current User Guilds'),
    source: 'stable',
    restClient: { no: 'a bot framework lists its guilds itself (discord.js: the gateway\'s guild create burst, or its own REST); a game server knows the guild it links lobbies to' },
  },
  getCurrentUser: {
    method: 'GET',
    path: '/users/@me',
    auth: ['bearer', 'bot'],
    source: 'stable',
    restClient: { no: "a game server knows its player from the SDK's sign-in (getCurrentAuthorization, the ID token); a bot framework asks it itself" },
  },
  getCurrentUserConnections: {
    method: 'GET',
    path: '/users/@me/connections',
    auth: ['bearer', 'bot'],
    source: 'stable',
    restClient: { no: "a profile feature's route (the player's third-party accounts), not the lobbies and linked channels the RestClient serves" },
  },
  listSkuSubscriptions: { method: 'GET', path: '/skus/{sku_id}/subscriptions', auth: ['bot'], authFollows: SUBSCRIPTIONS_BOT_SIDE, source: 'stable', restClient: { no: MONETIZATION } },
  getSkuSubscription: { method: 'GET', path: '/skus/{sku_id}/subscriptions/{subscription_id}', auth: ['bot'], authFollows: SUBSCRIPTIONS_BOT_SIDE, source: 'stable', restClient: { no: MONETIZATION } },
  listGuildEmojis: { method: 'GET', path: '/guilds/{guild_id}/emojis', auth: ['bot'], source: 'stable', restClient: { no: MODERATION_BOT } },
  createGuildEmoji: { method: 'POST', path: '/guilds/{guild_id}/emojis', auth: ['bot'], source: 'stable', restClient: { no: MODERATION_BOT }, body: ['json'] },
  listGuildStickers: { method: 'GET', path: '/guilds/{guild_id}/stickers', auth: ['bot'], source: 'stable', restClient: { no: MODERATION_BOT } },
  createGuildSticker: { method: 'POST', path: '/guilds/{guild_id}/stickers', auth: ['bot'], source: 'stable', restClient: { no: MODERATION_BOT }, body: ['multipart'] },
  listGuildScheduledEvents: { method: 'GET', path: '/guilds/{guild_id}/scheduled-events', auth: ['bot'], source: 'stable', restClient: { no: MODERATION_BOT } },
  createGuildScheduledEvent: { method: 'POST', path: '/guilds/{guild_id}/scheduled-events', auth: ['bot'], source: 'stable', restClient: { no: MODERATION_BOT }, body: ['json'] },
  createChannelMessage: {
    method: 'POST',
    path: '/channels/{channel_id}/messages',
    auth: ['bot'],
    source: 'stable',
    restClient: { no: CHANNEL_MESSAGES },
    body: ['json', 'form', 'multipart'],
    contentLength: 2000,
    maxBodyBytes: MESSAGE_REQUEST_BYTES,
  },
  getChannelMessages: { method: 'GET', path: '/channels/{channel_id}/messages', auth: ['bot'], source: 'stable', restClient: { no: CHANNEL_MESSAGES } },
  // Before Get Channel Message: the service matches routes in this order, and `pins` is a literal segment.
  getChannelPins: { method: 'GET', path: '/channels/{channel_id}/messages/pins', auth: ['bot'], source: 'stable', restClient: { no: CHANNEL_MESSAGES } },
  getChannelMessage: { method: 'GET', path: '/channels/{channel_id}/messages/{message_id}', auth: ['bot'], source: 'stable', restClient: { no: CHANNEL_MESSAGES } },
  editChannelMessage: {
    method: 'PATCH',
    path: '/channels/{channel_id}/messages/{message_id}',
    auth: ['bot'],
    source: 'stable',
    restClient: { no: CHANNEL_MESSAGES },
    body: ['json', 'form', 'multipart'],
    contentLength: 2000,
    maxBodyBytes: MESSAGE_REQUEST_BYTES,
  },
  pinChannelMessage: { method: 'PUT', path: '/channels/{channel_id}/messages/pins/{message_id}', auth: ['bot'], source: 'stable', restClient: { no: CHANNEL_MESSAGES } },
  unpinChannelMessage: { method: 'DELETE', path: '/channels/{channel_id}/messages/pins/{message_id}', auth: ['bot'], source: 'stable', restClient: { no: CHANNEL_MESSAGES } },
  searchGuildMessages: { method: 'GET', path: '/guilds/{guild_id}/messages/search', auth: ['bot'], source: 'stable', restClient: { no: CHANNEL_MESSAGES } },
  // Application commands (docs interactions/application-commands.mdx), global and guild.
  getGlobalApplicationCommands: { method: 'GET', path: '/applications/{application_id}/commands', auth: ['bot'], authFollows: COMMANDS_BOT('Get Global Application Commands'), source: 'stable', restClient: 'yes' },
  createGlobalApplicationCommand: { method: 'POST', path: '/applications/{application_id}/commands', auth: ['bot'], authFollows: COMMANDS_BOT('Create Global Application Command'), source: 'stable', restClient: 'yes', body: ['json'] },
  bulkOverwriteGlobalApplicationCommands: { method: 'PUT', path: '/applications/{application_id}/commands', auth: ['bot'], authFollows: COMMANDS_BOT('Bulk Overwrite Global Application Commands'), source: 'stable', restClient: 'yes', body: ['json'] },
  getGlobalApplicationCommand: { method: 'GET', path: '/applications/{application_id}/commands/{command_id}', auth: ['bot'], authFollows: COMMANDS_BOT('Get Global Application Command'), source: 'stable', restClient: 'yes' },
  editGlobalApplicationCommand: { method: 'PATCH', path: '/applications/{application_id}/commands/{command_id}', auth: ['bot'], authFollows: COMMANDS_BOT('Edit Global Application Command'), source: 'stable', restClient: 'yes', body: ['json'] },
  deleteGlobalApplicationCommand: { method: 'DELETE', path: '/applications/{application_id}/commands/{command_id}', auth: ['bot'], authFollows: COMMANDS_BOT('Delete Global Application Command'), source: 'stable', restClient: 'yes' },
  getGuildApplicationCommands: { method: 'GET', path: '/applications/{application_id}/guilds/{guild_id}/commands', auth: ['bot'], authFollows: COMMANDS_BOT('Get Guild Application Commands'), source: 'stable', restClient: 'yes' },
  createGuildApplicationCommand: { method: 'POST', path: '/applications/{application_id}/guilds/{guild_id}/commands', auth: ['bot'], authFollows: COMMANDS_BOT('Create Guild Application Command'), source: 'stable', restClient: 'yes', body: ['json'] },
  bulkOverwriteGuildApplicationCommands: { method: 'PUT', path: '/applications/{application_id}/guilds/{guild_id}/commands', auth: ['bot'], authFollows: COMMANDS_BOT('Bulk Overwrite Guild Application Commands'), source: 'stable', restClient: 'yes', body: ['json'] },
  getGuildApplicationCommand: { method: 'GET', path: '/applications/{application_id}/guilds/{guild_id}/commands/{command_id}', auth: ['bot'], authFollows: COMMANDS_BOT('Get Guild Application Command'), source: 'stable', restClient: 'yes' },
  editGuildApplicationCommand: { method: 'PATCH', path: '/applications/{application_id}/guilds/{guild_id}/commands/{command_id}', auth: ['bot'], authFollows: COMMANDS_BOT('Edit Guild Application Command'), source: 'stable', restClient: 'yes', body: ['json'] },
  deleteGuildApplicationCommand: { method: 'DELETE', path: '/applications/{application_id}/guilds/{guild_id}/commands/{command_id}', auth: ['bot'], authFollows: COMMANDS_BOT('Delete Guild Application Command'), source: 'stable', restClient: 'yes' },
  // Interaction responses and follow-ups (docs interactions/receiving-and-responding.mdx): the token in the path is the credential.
  createInteractionResponse: { method: 'POST', path: '/interactions/{interaction_id}/{interaction_token}/callback', ...INTERACTION_TOKEN, body: WITH_FILES },
  createFollowupMessage: { method: 'POST', path: '/webhooks/{webhook_id}/{webhook_token}', ...INTERACTION_TOKEN, body: WITH_FILES },
  getOriginalInteractionResponse: { method: 'GET', path: '/webhooks/{webhook_id}/{webhook_token}/messages/@original', ...INTERACTION_TOKEN },
  editOriginalInteractionResponse: { method: 'PATCH', path: '/webhooks/{webhook_id}/{webhook_token}/messages/@original', ...INTERACTION_TOKEN, body: WITH_FILES },
  deleteOriginalInteractionResponse: { method: 'DELETE', path: '/webhooks/{webhook_id}/{webhook_token}/messages/@original', ...INTERACTION_TOKEN },
  getFollowupMessage: { method: 'GET', path: '/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}', ...INTERACTION_TOKEN },
  editFollowupMessage: { method: 'PATCH', path: '/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}', ...INTERACTION_TOKEN, body: WITH_FILES },
  deleteFollowupMessage: { method: 'DELETE', path: '/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}', ...INTERACTION_TOKEN },
} as const satisfies Record<string, RouteSpec>;

export type RouteName = keyof typeof ROUTES;

/** Every route, with its name. */
export const ROUTE_LIST: readonly (RouteSpec & { readonly name: RouteName })[] = (Object.keys(ROUTES) as RouteName[]).map((name) => ({ name, ...ROUTES[name] }));

/** `METHOD /path` of a route, as the official description and the docs write it. */
export function routeKey(route: RouteSpec): string {
  return `${route.method} ${route.path}`;
}

/**
 * The key of a route written with any placeholder notation (`{lobby_id}`, `:lobby`, `:id`), for
 * matching: every placeholder segment becomes `*`.
 */
export function routePattern(key: string): string {
  return key.replace(/\/(?:\{[^/}]+\}|:[^/]+)(?=\/|$)/g, '/*');
}

/** The route a key names in any placeholder notation (`'PATCH /lobbies/:lobby'`), or undefined. */
export function findRoute(key: string): (RouteSpec & { readonly name: RouteName }) | undefined {
  const pattern = routePattern(key.trim());
  return ROUTE_LIST.find((route) => routePattern(routeKey(route)) === pattern);
}

/** The development budgets, by route key. */
export const DEVELOPMENT_BUDGETS: ReadonlyMap<string, Budget> = new Map(
  ROUTE_LIST.flatMap((route) => (route.budget ? [[routeKey(route), route.budget] as const] : [])),
);
