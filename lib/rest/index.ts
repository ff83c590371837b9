/// <reference types="node" preserve="true" />
/**
 * `social-sdk-node/rest`: the service's HTTP API for game servers ({@link RestClient}), with
 * per-route rate-limit buckets, 429 handling, retries and typed errors. It does not load the
 * native addon: a server that only talks HTTP needs no compiled code.
 * @packageDocumentation
 */
// The RestClient with every method: its core and lobby methods (client.ts), then the modules
// that add the rest to its prototype.
import './oauth2-methods.js';
import './application-methods.js';
import './device-methods.js';
export type { DeviceAuthorization } from './device-methods.js';
import './guild-methods.js';
import './invite-methods.js';
export type { CreateChannelInviteInput } from './invite-methods.js';
import './command-methods.js';
export type { CommandRequestOptions } from './command-methods.js';
export { RestClient } from './client.js';
export { DEFAULT_BASE_URL } from './options.js';
export { MemoryRateLimitStore } from './rate-limit-store.js';
export type { BucketRef, BucketUpdate, MaybePromise, RateLimitStore, TakeResult } from './rate-limit-store.js';
export { RedisRateLimitStore } from './redis-rate-limit-store.js';
export type { RedisRateLimitStoreOptions } from './redis-rate-limit-store.js';
export type { RedisClientLike } from '../common/redis-script.js';
export { PlayerTokenStore } from './player-token-store.js';
export type { PlayerTokensInput, PlayerTokenStoreOptions } from './player-token-store.js';
export type { MakeRequest, RateLimitInfo, RestClientOptions, RestClock, RestRequestInit, RestResponseLike } from './options.js';
export { EventWebhooksStatus, LobbyMemberFlags, ProfileDynamicFieldType } from './types.js';
export type {
  AddLobbyMemberInput,
  ApplicationIdentityProfile,
  ApplicationIdentityProfileUpdate,
  BulkLobbyMemberUpdate,
  CreateLobbyInput,
  CreateOrJoinLobbyInput,
  ExchangeCodeInput,
  GetLobbyMessagesInput,
  LinkedTokens,
  OAuth2TokenSet,
  Lobby,
  LobbyInvite,
  LobbyLinkedChannel,
  LobbyMember,
  LobbyMemberInput,
  LobbyMessage,
  Metadata,
  ModifyLobbyInput,
  ProfileData,
  ProfileDynamicField,
  ProfileDynamicFieldOf,
  ProfileMedia,
  ProfilePrimaryData,
  RequestOptions,
  RestClientJson,
  RestUser,
  SendLobbyMessageInput,
  UpdateApplicationIdentityProfileInput,
  UserRequestOptions,
} from './types.js';
export type { BotProvisionalTokenInput, ExternalAuthTypeName, ExternalCredentialsInput } from './types.js';
export type {
  Application,
  ApplicationIdentity,
  CurrentAuthorization,
  EventWebhooksStatusValue,
  ModifyApplicationInput,
  OAuth2PublicKey,
  OpenIdUserInfo,
  PartialApplication,
  WebhookEventTypeName,
} from './types.js';
export type { GuildChannelInfo, GuildChannelOverwrite } from './guilds.js';
export type { ChannelInvite, InviteRole, TargetUsersJobStatus, TargetUsersJobStatusCode } from './invites.js';
// The error class and the ID and limit helpers, so a server needs no other entry.
export { SocialSdkError } from '../common/errors.js';
export type { ErrorType, SocialSdkErrorInit } from '../common/errors.js';
export { toSnowflake } from '../model/ids.js';
export type { Snowflake, SnowflakeInput } from '../model/ids.js';
export { limits } from '../common/limits.js';
