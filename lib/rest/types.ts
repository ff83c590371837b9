/**
 * The public types of the REST client: what its methods take and return, in the package's
 * conventions (camelCase fields, IDs as decimal strings out, `string | bigint` in).
 * @module
 */
import type { Snowflake, SnowflakeInput } from '../model/ids.js';

/** String key-value pairs: lobby, member and message metadata, and moderation metadata. */
export type Metadata = Record<string, string>;

/** What every endpoint method takes as its last, optional argument. */
export interface RequestOptions {
  /** Aborts the request: the promise rejects with a `SocialSdkError` of type `Aborted`, and nothing more is sent. */
  signal?: AbortSignal;
  /**
   * A user's OAuth2 access token: the request is sent with `Authorization: Bearer <token>`
   * instead of the bot token, and acts for that user. Kept out of every error and log.
   */
  userToken?: string;
  /** Sent as `X-Audit-Log-Reason` (URL-encoded): why the change was made. 1 to 512 characters. */
  reason?: string;
}

/** The options of the methods that act for a user (`@me` routes, Create or Join Lobby): `userToken` is required. */
export interface UserRequestOptions extends RequestOptions {
  /** The user's OAuth2 access token (`Authorization: Bearer <token>`). */
  userToken: string;
}

/** Member flags: `CanLinkLobby` (1) lets the member link a channel to the lobby. */
export const LobbyMemberFlags = {
  /** The member may link and unlink a channel (`PATCH /lobbies/{id}/channel-linking`). */
  CanLinkLobby: 1,
} as const;

/** A member of a lobby, as the service returns it. */
export interface LobbyMember {
  /** The member's user id. */
  id: Snowflake;
  /** The member's metadata (empty when none). */
  metadata: Metadata;
  /** {@link LobbyMemberFlags}: 0 or 1. */
  flags: number;
  /** The member's additional display name in the lobby (set only by the game server); absent when none. */
  additionalName?: string;
}

/** The guild channel linked to a lobby. */
export interface LobbyLinkedChannel {
  /** The channel's id. */
  id: Snowflake;
  /** The channel's type (0 for a guild text channel). */
  type: number;
  /** The guild it belongs to, when the service says. */
  guildId?: Snowflake;
  /** Its name, when the service says. */
  name?: string;
}

/** A lobby, as the service returns it. */
export interface Lobby {
  /** The lobby's id. */
  id: Snowflake;
  /** The application that created it. */
  applicationId: Snowflake;
  /** The lobby's metadata (empty when none). */
  metadata: Metadata;
  /** Its members. */
  members: LobbyMember[];
  /** Present only while a channel is linked. */
  linkedChannel?: LobbyLinkedChannel;
  /** Lobby flags (meaning undocumented; 0 when the service sends none). */
  flags: number;
}

/** The author of a lobby message. */
export interface RestUser {
  /** The user's id. */
  id: Snowflake;
  /** The user's unique name. */
  username: string;
  /** The display name, or null when the user has none. */
  globalName: string | null;
  /** The avatar hash, or null. */
  avatar: string | null;
  /** Whether the user is a bot (false when the service does not say). */
  bot: boolean;
}

/** A message sent in a lobby. */
export interface LobbyMessage {
  /** The message's id. */
  id: Snowflake;
  /** The message type (0 = default). */
  type: number;
  /** The text. */
  content: string;
  /** The lobby it was sent in. */
  lobbyId: Snowflake;
  /** The service keeps it equal to `lobbyId` (compatibility). */
  channelId: Snowflake;
  /** Who sent it. */
  author: RestUser;
  /** The author's additional name in the lobby when the message was sent; absent when none. */
  additionalName?: string;
  /** Metadata sent with the message; absent when none. */
  metadata?: Metadata;
  /** Moderation metadata your application set; absent when none. */
  moderationMetadata?: Metadata;
  /** Message flags. */
  flags: number;
  /** The application that sent it, when the service says. */
  applicationId?: Snowflake;
}

/** An invite to a lobby's linked channel: single-use, for one user, valid for one hour. */
export interface LobbyInvite {
  /** The invite code. */
  code: string;
}

/** A member in the request of {@link RestClient.createLobby} or {@link RestClient.modifyLobby}. */
export interface LobbyMemberInput {
  /** The user to add. */
  id: SnowflakeInput;
  /** The member's metadata. */
  metadata?: Metadata;
  /** {@link LobbyMemberFlags}: 0 or 1. */
  flags?: number;
}

/** The body of {@link RestClient.createLobby}. */
export interface CreateLobbyInput {
  /** The lobby's metadata. */
  metadata?: Metadata;
  /** At most 25. */
  members?: LobbyMemberInput[];
  /** 5 to 604,800 (7 days). The service's default is 5 minutes. */
  idleTimeoutSeconds?: number;
}

/** The body of {@link RestClient.modifyLobby}. Every field left out is kept. */
export interface ModifyLobbyInput {
  /** Replaces the lobby's metadata. */
  metadata?: Metadata;
  /** Replaces the member list (at most 25): members left out are removed. */
  members?: LobbyMemberInput[];
  /** 5 to 604,800 (7 days). */
  idleTimeoutSeconds?: number;
}

/** The body of {@link RestClient.createOrJoinLobby}. */
export interface CreateOrJoinLobbyInput {
  /** 1 to 250 characters; the lobby with this secret (per application) is joined or created. */
  secret: string;
  /** Replaces the lobby's metadata. */
  lobbyMetadata?: Metadata;
  /** The calling user's member metadata. */
  memberMetadata?: Metadata;
  /** 5 to 604,800 (7 days). */
  idleTimeoutSeconds?: number;
}

/** The body of {@link RestClient.addLobbyMember}. */
export interface AddLobbyMemberInput {
  /** The member's metadata. */
  metadata?: Metadata;
  /** {@link LobbyMemberFlags}: 0 or 1. */
  flags?: number;
  /** 1 to 80 characters, shown with the member's messages. */
  additionalName?: string;
}

/** One entry of {@link RestClient.bulkUpdateLobbyMembers}. */
export interface BulkLobbyMemberUpdate {
  /** The user to add, update or remove. */
  id: SnowflakeInput;
  /** The member's metadata. */
  metadata?: Metadata;
  /** {@link LobbyMemberFlags}: 0 or 1. */
  flags?: number;
  /** 1 to 80 characters; `null` clears it; left out keeps it. */
  additionalName?: string | null;
  /** Removes the member instead of adding or updating it. */
  remove?: boolean;
}

/** The body of {@link RestClient.sendLobbyMessage}. */
export interface SendLobbyMessageInput {
  /** Not empty; at most 4,000 characters. */
  content: string;
  /** Delivered with the message to SDK clients (not stored on the linked channel's copy). */
  metadata?: Metadata;
}

/** The query of {@link RestClient.getLobbyMessages}. */
export interface GetLobbyMessagesInput {
  /** 1 to 200; the service's default is 50. */
  limit?: number;
}

/** A media value of a game profile (a publicly reachable URL: the service fetches it). */
export interface ProfileMedia {
  /** A publicly reachable URL. */
  url: string;
}

/** The standard stats of a game profile (all optional). */
export interface ProfilePrimaryData {
  /** The current season's name. */
  season?: string;
  /** The player's current rank. */
  rankName?: string;
  /** An image of the current rank. */
  rankImage?: ProfileMedia;
  /** The best rank the player reached. */
  highestRank?: string;
  /** An image of the best rank. */
  highestRankImage?: ProfileMedia;
  /** The character the player plays most. */
  featuredPlayedCharacter?: string;
  /** An image of that character. */
  featuredPlayedCharacterImage?: ProfileMedia;
  /** Hours played (decimals allowed). */
  playtimeHours?: number;
  /** Wins in all. */
  totalWins?: number;
  /** Wins in the current period (season). */
  currentPeriodWins?: number;
  /** Games in all. */
  totalGames?: number;
  /** Games in the current period. */
  currentPeriodGames?: number;
  /** Kills in all. */
  totalKills?: number;
  /** Kills in the current period. */
  currentPeriodKills?: number;
  /** Assists in all. */
  totalAssists?: number;
  /** Assists in the current period. */
  currentPeriodAssists?: number;
  /** Deaths in all. */
  totalDeaths?: number;
  /** Deaths in the current period. */
  currentPeriodDeaths?: number;
}

/** The kinds of custom stat: 1 = text, 2 = number, 3 = media. */
export const ProfileDynamicFieldType = {
  /** A text value. */
  String: 1,
  /** A number value. */
  Number: 2,
  /** A media value (`{url}`). */
  Media: 3,
} as const;

/** A custom stat of a game profile; `name` is the key the portal's widget editor refers to. */
export type ProfileDynamicField =
  | ProfileDynamicFieldOf<typeof ProfileDynamicFieldType.String, string>
  | ProfileDynamicFieldOf<typeof ProfileDynamicFieldType.Number, number>
  | ProfileDynamicFieldOf<typeof ProfileDynamicFieldType.Media, ProfileMedia>;

/** A custom stat of one kind. */
export interface ProfileDynamicFieldOf<Type extends number, Value> {
  /** {@link ProfileDynamicFieldType}. */
  type: Type;
  /** The key the portal's widget editor refers to (not shown to players). */
  name: string;
  /** The stat. */
  value: Value;
}

/** The stats of a game profile. */
export interface ProfileData {
  /** The standard stats. */
  primary?: ProfilePrimaryData;
  /** At most 30. */
  dynamic?: ProfileDynamicField[];
}

/** The body of {@link RestClient.updateApplicationIdentityProfile}. */
export interface UpdateApplicationIdentityProfileInput {
  /** The player's name in your game, at most 1,024 characters. */
  username?: string;
  /** Replaces the stored stats whole (left out: kept). At most 10 KB serialized. */
  data?: ProfileData;
}

/** A game profile (Application Identity Profile). */
export interface ApplicationIdentityProfile {
  /** The player's name in your game, or null. */
  username: string | null;
  /** Game-defined; not used by the service. */
  metadata: Record<string, unknown> | null;
  /** The stats, or null when none were written. */
  data: ProfileData | null;
}

/** What `JSON.stringify(client)` gives: never a token. */
export interface RestClientJson {
  /** {@link RestClient.baseUrl}. */
  baseUrl: string;
  /** {@link RestClient.invalidRequestCount}. */
  invalidRequestCount: number;
}

/** What {@link RestClient.updateApplicationIdentityProfile} resolves to. */
export interface ApplicationIdentityProfileUpdate {
  /** True when the service created the profile (201), false when it updated it (204). */
  created: boolean;
  /** The profile the service returned on creation; null on an update (204 has no body). */
  profile: ApplicationIdentityProfile | null;
}

/**
 * What the token endpoint answers (`POST /oauth2/token`). The tokens are secrets: they are left
 * out of `util.inspect` and `JSON.stringify` of this object.
 */
export interface OAuth2TokenSet {
  /** The user's access token: give it to the game client (`client.updateToken`) or use it as `userToken`. */
  readonly accessToken: string;
  /** Spent by the next {@link RestClient.refreshToken} (rotation); null when the grant gives none. */
  readonly refreshToken: string | null;
  readonly tokenType: 'Bearer';
  /** Seconds the access token lasts (604800: 7 days). */
  readonly expiresIn: number;
  /** The granted scopes, space-separated. */
  readonly scopes: string;
  /**
   * The OpenID Connect ID token (a signed JWT: verify it with the keys of
   * {@link RestClient.getOAuth2Keys}), when the answer carries one: the provisional-account
   * routes always do, a code exchange when `openid` was granted; otherwise null.
   */
  readonly idToken: string | null;
  /** The tokens as a plain object: the one way to copy them (they are behind accessors, out of reach of `{ ...set }` and `structuredClone`). */
  revealSecrets(): { accessToken: string; refreshToken: string | null; idToken: string | null };
}

/** What {@link RestClient.exchangeCode} sends: the code the game client got from `client.authorize()`. */
export interface ExchangeCodeInput {
  code: string;
  /** The redirect URI of the authorization request (the SDK's desktop flow: `http://127.0.0.1/callback`). */
  redirectUri: string;
  /** The PKCE verifier whose challenge the authorization request carried. */
  codeVerifier?: string;
}

/** The two tokens of a link, as {@link RestClient.unlinkUser} revokes them. */
export interface LinkedTokens {
  accessToken?: string | null;
  refreshToken?: string | null;
}

/**
 * The kinds of external token a provisional account signs in with, by the names the SDK uses
 * (`client.getProvisionalToken`); the REST client sends the service's wire names (`OIDC`,
 * `STEAM_SESSION_TICKET`, ...).
 */
export type ExternalAuthTypeName =
  | 'OIDC'
  | 'EpicOnlineServicesAccessToken'
  | 'EpicOnlineServicesIdToken'
  | 'SteamSessionTicket'
  | 'UnityServicesIdToken'
  | 'DiscordBotIssuedAccessToken'
  | 'AppleIdToken'
  | 'PlayStationNetworkIdToken';

/** What {@link RestClient.getBotProvisionalToken} sends: your own id of the player. */
export interface BotProvisionalTokenInput {
  /** Your unique id of the player, 1-1024 characters. It is the account's identity: keep it stable. */
  externalUserId: string;
  /** The display name a new account gets, 1-32 characters (an existing account keeps its own). */
  preferredGlobalName?: string;
}

/** A player's external identity, as {@link RestClient.getProvisionalToken} and {@link RestClient.unmergeProvisionalAccount} send it. */
export interface ExternalCredentialsInput {
  externalAuthType: ExternalAuthTypeName;
  /**
   * The provider's token for the player (an OIDC ID token, a Steam session ticket, ...), 1-10,240
   * characters; for `DiscordBotIssuedAccessToken`, the bot-issued account's access token. A secret.
   */
  externalAuthToken: string;
}

/** Whether an application's webhook events are on (docs resources/application.mdx, "Application Event Webhook Status"). */
export const EventWebhooksStatus = {
  Disabled: 1,
  Enabled: 2,
  /** Turned off by the platform, usually after inactivity (read only). */
  DisabledByDiscord: 3,
} as const;
/** A value of {@link EventWebhooksStatus}. */
export type EventWebhooksStatusValue = (typeof EventWebhooksStatus)[keyof typeof EventWebhooksStatus];

/** The webhook event types an application can subscribe to (the official description's list). */
export type WebhookEventTypeName =
  | 'APPLICATION_AUTHORIZED'
  | 'APPLICATION_DEAUTHORIZED'
  | 'ENTITLEMENT_CREATE'
  | 'ENTITLEMENT_DELETE'
  | 'ENTITLEMENT_UPDATE'
  | 'GAME_DIRECT_MESSAGE_CREATE'
  | 'GAME_DIRECT_MESSAGE_DELETE'
  | 'GAME_DIRECT_MESSAGE_UPDATE'
  | 'LOBBY_MESSAGE_CREATE'
  | 'LOBBY_MESSAGE_DELETE'
  | 'LOBBY_MESSAGE_UPDATE'
  | 'QUEST_USER_ENROLLMENT';

/** The partial application of {@link RestClient.getCurrentAuthorization}. */
export interface PartialApplication {
  id: Snowflake;
  name: string;
  description: string;
  /** The icon hash, or null. */
  icon: string | null;
  /** The application's Ed25519 public key, hex: it verifies webhook events. */
  verifyKey: string;
  /** Public flags (the legacy integer). */
  flags: number;
}

/** An application (docs resources/application.mdx, "Application Object"): what the application routes answer. */
export interface Application extends PartialApplication {
  botPublic: boolean;
  botRequireCodeGrant: boolean;
  /** The application's bot user; null when the service sends none. */
  bot: RestUser | null;
  /** The owner; null when the service sends none. */
  owner: RestUser | null;
  tags: string[];
  /** Where webhook events are sent, or null. */
  eventWebhooksUrl: string | null;
  eventWebhooksStatus: EventWebhooksStatusValue;
  eventWebhooksTypes: string[];
}

/**
 * What {@link RestClient.modifyApplication} changes; left out: unchanged. Enabling events
 * (`eventWebhooksStatus: EventWebhooksStatus.Enabled`) needs a URL, which the service checks as
 * the developer portal does (a PING answered 204, a bad signature refused with 401).
 */
export interface ModifyApplicationInput {
  description?: string;
  /** At most 5 tags of 1 to 20 characters; null clears them. */
  tags?: string[] | null;
  /** An absolute http(s) URL of at most 2,048 characters; null removes it. */
  eventWebhooksUrl?: string | null;
  /** 1 (disable) or 2 (enable). */
  eventWebhooksStatus?: 1 | 2;
  /** The event types to receive; null clears them. */
  eventWebhooksTypes?: WebhookEventTypeName[] | null;
}

/** What {@link RestClient.getCurrentAuthorization} answers (docs topics/oauth2.mdx, "Get Current Authorization Information"). */
export interface CurrentAuthorization {
  application: PartialApplication;
  /** The scopes the user authorized. */
  scopes: string[];
  /** When the access token expires. */
  expires: Date;
  /** The user, when the token has the `identify` scope; otherwise null. */
  user: RestUser | null;
}

/** A public key of {@link RestClient.getOAuth2Keys} (a JSON Web Key, RFC 7517: the wire names kept, so JWT libraries take it as it is). */
export interface OAuth2PublicKey {
  kty: string;
  use: string;
  kid: string;
  alg: string;
  n: string;
  e: string;
}

/** The OpenID Connect claims of {@link RestClient.getUserInfo}; those the service does not send are left out. */
export interface OpenIdUserInfo {
  /** The user's id. */
  sub: Snowflake;
  preferredUsername?: string;
  nickname?: string | null;
  email?: string | null;
  emailVerified?: boolean;
  picture?: string;
  locale?: string;
}

/** One of a user's identities in your game (docs resources/application-identity-profile, "Application Identity Object"). */
export interface ApplicationIdentity {
  userId: Snowflake;
  /** The external account provider type (e.g. `NONE`, `OIDC`). */
  providerType: string;
  /** Disambiguates identities of one provider type; null when there is none. */
  providerId: string | null;
  /** The player's id in your system. */
  providerIssuedUserId: string;
}
