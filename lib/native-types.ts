/**
 * The data shapes that cross the native seam (hand-written: they follow the port's structs in
 * native/sdk/). The tables, the event decoder and the NativeClient type are generated from
 * seam/seam.json into lib/generated/seam.ts.
 * @internal
 * @module
 */
/** A user as the native layer reports it. */
export interface NativeUser {
  id: string;
  username: string;
  displayName: string;
  globalName: string | null;
  isProvisional: boolean;
  /** The vendor's StatusType value. */
  status: number;
  gameActivity: NativeActivity | null;
  applicationProfiles: NativeProfile[];
}

/** A relationship (`discordpp::RelationshipHandle`); types are the vendor's RelationshipType values. */
export interface NativeRelationship {
  id: string;
  discordType: number;
  gameType: number;
  isSpamRequest: boolean;
  user: NativeUser | null;
}

/** An activity invite (`discordpp::ActivityInvite`); `type` is the vendor's ActivityActionTypes value. */
export interface NativeActivityInvite {
  senderId: string;
  channelId: string;
  messageId: string;
  applicationId: string;
  parentApplicationId: string;
  type: number;
  partyId: string;
  sessionId: string;
  isValid: boolean;
}

/** An accepted invite's join (SetActivityJoinWithApplicationCallback): the join secret is a secret. */
export interface NativeActivityJoin {
  applicationId: string;
  joinSecret: string;
}

/**
 * An activity (`discordpp::Activity`); enums are the vendor's values. Going in, optional fields
 * may be left out; coming out, every field is present (null when not set).
 */
export interface NativeActivity {
  type: number;
  /** Empty going in: the service shows the application's name. */
  name: string;
  applicationId?: string | null;
  details?: string | null;
  detailsUrl?: string | null;
  state?: string | null;
  stateUrl?: string | null;
  /** ms since the Unix epoch; 0: not set. */
  timestamps?: { start: number; end: number } | null;
  party?: { id: string; currentSize: number; maxSize: number; privacy: number } | null;
  secrets?: { join: string } | null;
  buttons?: { label: string; url: string }[];
  assets?: {
    largeImage: string | null;
    largeText: string | null;
    largeUrl: string | null;
    smallImage: string | null;
    smallText: string | null;
    smallUrl: string | null;
    inviteCoverImage: string | null;
  } | null;
}

/** A user's application profile (`UserApplicationProfileHandle`); providerType is the vendor's value. */
export interface NativeProfile {
  applicationId: string;
  providerType: number;
  providerId: string | null;
  providerIssuedUserId: string;
  username: string;
  avatarHash: string;
  metadata: string;
}

/** A failed operation (`discordpp::ClientResult`); `type` is the vendor's ErrorType value. */
export interface NativeFailure {
  type: number;
  code: number;
  status: number;
  retryable: boolean;
  retryAfter: number;
  message: string;
}

export interface NativeVersion {
  major: number;
  minor: number;
  build: number;
  hash: string;
}

/** String key-value pairs as the native layer hands them over. */
export type NativeMetadata = Record<string, string>;

/** A lobby as a client sees it (`LobbyHandle`). */
export interface NativeLobby {
  id: string;
  metadata: NativeMetadata;
  members: { id: string; metadata: NativeMetadata; connected: boolean }[];
  linkedChannel: { id: string; name: string; guildId: string } | null;
}

/** What only the game backend sees of a lobby (the simulator's server view). */
export interface NativeServerLobby extends NativeLobby {
  applicationId: string;
  hasSecret: boolean;
  idleTimeoutSeconds: number;
  members: { id: string; metadata: NativeMetadata; connected: boolean; additionalName: string | null; flags: number }[];
}

/** A message (`MessageHandle`); frozen, and possibly shared by every recipient in a batch. */
export interface NativeMessage {
  readonly id: string;
  readonly content: string;
  readonly authorId: string;
  readonly channelId: string;
  readonly lobbyId: string | null;
  readonly sentAt: number;
  readonly editedAt: number | null;
  readonly metadata: Readonly<NativeMetadata>;
  readonly moderationMetadata: Readonly<NativeMetadata>;
  readonly additionalName: string | null;
  readonly recipientId: string | null;
  readonly disclosureType: 'MessageDataVisibleOnDiscord' | 'Unknown' | null;
  readonly sentFromGame: boolean;
  readonly additionalContent: Readonly<NativeAdditionalContent> | null;
}

/** `AdditionalContent`: what a message holds that the SDK does not render. */
export interface NativeAdditionalContent {
  type: 'Other' | 'Attachment' | 'Poll' | 'VoiceMessage' | 'Thread' | 'Embed' | 'Sticker';
  title: string | null;
  count: number;
}

/** A guild (`GuildMinimal`). */
export interface NativeGuild {
  id: string;
  name: string;
}

/** A guild channel (`GuildChannel`); `type` is the vendor's ChannelType value. */
export interface NativeGuildChannel {
  id: string;
  name: string;
  /** Null when the SDK does not report it (vendor backend, SDK before 1.7). */
  type: number | null;
  position: number;
  parentId: string | null;
  isLinkable: boolean;
  isViewableAndWriteableByAllMembers: boolean;
  linkedLobby: { applicationId: string; lobbyId: string } | null;
}

/** A direct-message conversation (`UserMessageSummary`). */
export interface NativeUserMessageSummary {
  userId: string;
  lastMessageId: string;
}

/** A permission overwrite of a simulated channel; userId '0' is `@everyone`; permission bits. */
export interface NativeOverwrite {
  userId: string;
  allow: number;
  deny: number;
}

/** A planned failure for the simulator's fault injection: the same shape as a reported one. */
export type NativeFailureSpec = NativeFailure;

/** One entry of a bulk member update. */
export interface NativeMemberUpdate {
  userId: string;
  remove: boolean;
  metadata?: NativeMetadata;
  additionalName?: string | null;
  flags?: number;
}

/** A call as a client sees it (`discordpp::Call`); `status` is the vendor's `Call::Status` value. */
export interface NativeCall {
  lobbyId: string;
  status: number;
  participants: { userId: string; selfMute: boolean; selfDeaf: boolean; volume: number; localMute: boolean }[];
  selfMute: boolean;
  selfDeaf: boolean;
  /** AudioMode: 0 uninitialised, 1 voice activity, 2 push-to-talk. */
  audioMode: number;
  vadAutomatic: boolean;
  vadThreshold: number;
  pttActive: boolean;
  pttReleaseDelayMs: number;
}

/** An audio device (`AudioDevice`). */
export interface NativeAudioDevice {
  id: string;
  name: string;
  isDefault: boolean;
}

/** The devices after a plug or unplug, and the ids of the devices now in use ('' for none). */
export interface NativeAudioDevicesChange {
  inputDevices: NativeAudioDevice[];
  outputDevices: NativeAudioDevice[];
  currentInputId: string;
  currentOutputId: string;
  inputFellBack: boolean;
  outputFellBack: boolean;
}

/** A simulated user's machine, as the harness sees it. */
export interface NativeMachineAudio {
  inputDevices: NativeAudioDevice[];
  outputDevices: NativeAudioDevice[];
  /** dBFS, -100 (silence) to 0. */
  inputLevel: number;
}

/** The local chat client's voice settings (`VoiceSettings`); `inputMode`: 0 voice activity, 1 push-to-talk. */
export interface NativeVoiceSettings {
  selfMute: boolean;
  selfDeaf: boolean;
  inputMode: number;
  pttKey: string;
  inputVolume: number;
  outputVolume: number;
  automaticGainControl: boolean;
  echoCancellation: boolean;
  noiseSuppression: boolean;
  noiseCancellation: boolean;
}

/** A simulated user's local chat client, as the harness sees it. */
export interface NativeChatClient {
  running: boolean;
  rpcConnected: boolean;
  voiceSettings: NativeVoiceSettings;
}

/** Optional SDK features (the simulator has all; the vendor backend those its SDK header declares). */
export interface NativeFeatures {
  /** `MessageHandle::AdditionalName` (SDK 1.10). */
  messageAdditionalName: boolean;
  /** `Client::GetVoiceSettings` (SDK 1.10). */
  voiceSettings: boolean;
  /** `ClientCreateOptions::SetCpuAffinityMask` (SDK 1.7): without it the `cpuAffinityMask` option is refused. */
  cpuAffinityMask: boolean;
  /** `GuildChannel::Type/Position/ParentId` (SDK 1.7): without them a guild channel's `type` and `parentId` are null and `position` is its index. */
  guildChannelDetails: boolean;
  /** `MessageHandle::ModerationMetadata` (SDK 1.8.13395): without it `message.moderationMetadata` is always empty. */
  messageModerationMetadata: boolean;
  /** `ActivityAssets::InviteCoverImage` (SDK 1.6.12170): without it `assets.inviteCoverImage` reads as null and setting it is refused. */
  inviteCoverImage: boolean;
  /** `Client::SetNoiseCancellation` (Krisp, SDK 1.9.15780): without it turning noise cancellation on is refused and it reads as off. */
  noiseCancellation: boolean;
}

/** Backend settings of `sdk::ClientOptions`; the simulator ignores them. */
export interface NativeBackendOptions {
  apiBase?: string;
  webBase?: string;
  runCallbacksIntervalMs?: number;
  /** `ClientCreateOptions::SetCpuAffinityMask`, 0 to 2^64 - 1 (the simulator records it). */
  cpuAffinityMask?: bigint;
}


/** A lobby channel invite (a single-use guild invite to the lobby's linked channel). */
export interface NativeChannelInvite {
  code: string;
  guildId: string;
  channelId: string;
  lobbyId: string;
  targetUserId: string;
  /** World clock, ms since the Unix epoch. */
  expiresAt: number;
}

/** A guild audit log entry the simulator records; `actionType` is the service's number (192, 193). */
export interface NativeAuditLogEntry {
  actionType: number;
  userId: string;
  targetId: string;
  status: string | null;
  reason: string | null;
  /** World clock, ms since the Unix epoch. */
  at: number;
}

/** A PKCE pair (`AuthorizationCodeVerifier`): the verifier and its S256 challenge. Secrets. */
export interface NativeCodeVerifier {
  verifier: string;
  challenge: string;
}

/** What `Authorize` answers: the authorization code (a secret) and its redirect URI. */
export interface NativeAuthorization {
  code: string;
  redirectUri: string;
}

/** What a token exchange answers (`TokenExchangeCallback`); `tokenType` is the vendor value. Secrets. */
export interface NativeTokenExchange {
  accessToken: string;
  refreshToken: string;
  tokenType: number;
  expiresIn: number;
  scopes: string;
}

/** What `FetchCurrentUser` answers: the token's user. */
export interface NativeCurrentUser {
  id: string;
  name: string;
}
