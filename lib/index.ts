/// <reference types="node" preserve="true" />
// The declarations use Node's types (EventEmitter, inspect, Symbol.asyncDispose): the reference
// above makes every TypeScript consumer load them, whatever its `types` setting.
/**
 * social-sdk-node: the game social SDK for Node.js, behind TypeScript promises and typed events,
 * with a built-in simulator of the service for offline use and tests.
 * @packageDocumentation
 */
export { Client } from './features/index.js';
export type {
  ClientOptions,
  UpdateTokenOptions,
  EventIteratorOptions,
  EventValue,
  CreateOrJoinLobbyOptions,
  SendLobbyMessageOptions,
  GetLobbyMessagesOptions,
  BackendFeatures,
  SendUserMessageOptions,
  GetUserMessagesOptions,
  AuthorizationCodeVerifier,
  AuthorizationCodeChallenge,
  AuthorizeOptions,
  Authorization,
  TokenSet,
  GetTokenOptions,
  CurrentUser,
  ExternalAuthTypeName,
  GetProvisionalTokenOptions,
  ExchangeChildTokenOptions,
  ProvisionalMergeOptions,
  DeviceAuthorizationOptions,
  DeviceProvisionalMergeOptions,
  AuthorizeDeviceScreenOptions,
} from './features/index.js';
export type { ActivityInvite, ActivityActionKind, ActivityJoin, ActivityJoinWithApplication } from './features/index.js';
export { SimulatedIdentityProvider } from './sim/identity-provider.js';
export type { IssueExternalTokenOptions } from './sim/identity-provider.js';
export type { OidcConfiguration, OidcConfigurationInput, OidcDiscoveryDocument } from './sim/identity-provider.js';
// The optional SDK APIs a backend has (BackendFeatures is its read-only form).
export type { NativeFeatures } from './addon/native.js';
export type { BackendName, ExperimentalAudioSystem } from './addon/backend.js';
export type { IntegrationTypeName } from './model/authorization.js';
export { Simulator } from './sim/simulator.js';
export type { TokenGrant, IssueTokenOptions } from './sim/tokens.js';
export type { SimulatorOptions, ConnectClientOptions } from './sim/simulator.js';
export type { Application, CreateApplicationOptions } from './sim/applications.js';
export type { CreateUserOptions, ApplicationProfileSpec } from './sim/users.js';
export type { CreateLobbyOptions, LobbyMemberUpdate, ServerLobby, ServerLobbyMember } from './sim/lobbies.js';
export type { ClockMode } from './sim/clock.js';
export type { SimulatedCall, InjectedFailure, BackendErrorType, FailNextOptions } from './sim/faults.js';
export { SimulatedChatClient } from './sim/chat-client.js';
export type { ConsentPrompt } from './sim/chat-client.js';
export type { ChatClientInvite, ChatClientLaunches, ProfilePrivacy } from './sim/chat-client.js';
export { ChatClientRpc } from './sim/rpc/harness.js';
export type { RpcConnectionInfo, ServeRpcOptions } from './sim/rpc/harness.js';
export { ActivityHost } from './sim/activities/host.js';
export type { HostActivityOptions } from './sim/activities/host.js';
export type { SimulatorActivityMethods } from './sim/activities/methods.js';
export { SimulatedMachine } from './sim/machine.js';
export { SimulatedBrowser } from './sim/browser.js';
export { SimulatedDeviceSignIn } from './sim/device-sign-in.js';
export type { DeviceAuthorizationRequest, DeviceScreen } from './sim/device-sign-in.js';
export type { PlugAudioDeviceOptions, SdkClientSettings } from './sim/machine.js';
export { SimulatedService, SERVICE_ROUTES } from './sim/http/service.js';
export { SimulatedGateway } from './sim/gateway/harness.js';
export { SimulatedInteractions, type InteractionView, type RunCommandOptions, type PressComponentOptions, type SubmitModalOptions, type InteractionPlace } from './sim/interactions/harness.js';
export type { PrivilegedIntent, PrivilegedIntentsOptions, PrivilegedIntentsState, SimulatorBotSettingMethods } from './sim/gateway/bot-settings.js';
export type { ConnectionType, ConnectionVisibility, PremiumType, SimulatorAccountMethods, UserConnection } from './sim/accounts.js';
export type { CreateSubscriptionOptions, SimulatedSku, SimulatedSubscription, SimulatorSubscriptionMethods } from './sim/subscriptions.js';
export { SubscriptionStatus } from './sim/subscriptions.js';
export type { SimulatorChannelMessageMethods } from './sim/channel-message-methods.js';
export type { WebhookAlert, WebhookDelivery, WebhookEventsStatus } from './sim/http/webhooks.js';
export type { ListenOptions, ServiceFailure, AuditLogEntry, AcceptedInvite, RateLimitBudget, RateLimitScope } from './sim/http/service.js';
export type {
  Call,
  CallStatus,
  CallError,
  CallStatusChange,
  VoiceParticipant,
  VoiceParticipantEvent,
  VoiceStateEvent,
  VoiceSettings,
  VoiceInputMode,
  CallInputMode,
  AudioDevice,
  AudioDevicesChange,
  SpeakingChange,
  AudioProcessing,
} from './model/voice.js';
export type { VoiceControlClientEvents, InputModeOptions, SdkThread } from './features/index.js';
export { RawAudioCall } from './features/index.js';
export type { StartCallWithAudioOptions, AudioFrame, AudioFrameBatch } from './features/index.js';
export type {
  GuildPermission,
  ChannelOverwrite,
  SimulatedGuild,
  CreateGuildOptions,
  CreateGuildChannelOptions,
  UpdateGuildChannelOptions,
} from './sim/guilds.js';
export { SocialSdkError } from './common/errors.js';
export type { ErrorType, SocialSdkErrorInit } from './common/errors.js';
export { toSnowflake } from './model/ids.js';
export type { Snowflake, SnowflakeInput } from './model/ids.js';
export { limits } from './common/limits.js';
export { parseSdkVersion, formatSdkVersion, NEWEST_SUPPORTED_SDK_VERSION } from './support/version.js';
export type { SdkVersion } from './support/version.js';
export { SDK_SUPPORT_TABLE } from './support/table.js';
export type { SdkSupportTable, SdkMinorSupport, SdkMinorStatus, SdkHotfix, PlatformMinimum, PlatformId } from './support/table.js';
export type { SupportFinding, FindingSeverity } from './support/finding.js';
export { checkSdkSupport } from './support/sdk-support.js';
export type { SdkSupportVerdict, SdkSupportStatus } from './support/sdk-support.js';
export { checkPlatform, parsePlatformTarget } from './support/platform.js';
export type { PlatformTarget, PlatformVerdict, PlatformStatus, CheckPlatformOptions } from './support/platform.js';
export { hostPlatformTarget, macosVersionFromDarwin } from './support/host.js';
export type { HostInfo } from './support/host.js';
export type {
  ClientStatus,
  ConnectionError,
  StatusChange,
  LogSeverity,
  LogLevel,
  LogEntry,
  LogSource,
  ClientEvents,
  Metadata,
  Lobby,
  LobbyMember,
  LobbyCallInfo,
  LobbyCallParticipant,
  LinkedChannel,
  Message,
  DisclosureType,
  AdditionalContent,
  LobbyEvent,
  LobbyMemberEvent,
  MessageDeletedEvent,
  ChannelType,
  Channel,
  Guild,
  GuildChannel,
  LinkedLobby,
  UserMessageSummary,
  UserUpdatedEvent,
  RichPresenceFailedEvent,
} from './model/types.js';
export type { User, OnlineStatus, SettableOnlineStatus, UserRelationship, AvatarType, AvatarUrlOptions } from './model/user.js';
export { avatarUrl } from './model/user.js';
export type {
  Activity,
  ActivityType,
  ShownActivityType,
  ActivityAssets,
  ActivityTimestamps,
  ActivityParty,
  ActivityPartyPrivacy,
  ActivityButton,
  StatusDisplayType,
  ActivityGamePlatform,
  GameActivity,
  ExternalIdentityProviderType,
  UserApplicationProfile,
} from './model/presence.js';
export type { Relationship, RelationshipKind, RelationshipGroup, RelationshipEvent, RelationshipClientEvents } from './features/index.js';
// Staying signed in: the token stores of client.keepSignedIn().
export { MemoryTokenStore, EncryptedFileTokenStore, TokenStoreError } from './features/token-store.js';
export { KeyringTokenStore } from './features/keyring-token-store.js';
export type { KeyringTokenStoreOptions } from './features/keyring-token-store.js';
export type { TokenStore, TokenStoreKey, StoredTokens, TokenStoreErrorReason, EncryptedFileTokenStoreOptions } from './features/token-store.js';
export type { KeepSignedInOptions, KeptSignIn, SignedOut, SignedOutReason, KeepSignedInClientEvents, TokenSaveFailed } from './features/index.js';
