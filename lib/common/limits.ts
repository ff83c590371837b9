/**
 * Limits, in one place: those of the platform behaviour document (the spec), those the service's
 * and the vendor's documentation give, and, where the service documents none, bounds this package
 * chose so that no input is unbounded. Each says where its value comes from. Validation in this
 * package uses these constants, never literals. Text lengths are counted in characters (Unicode
 * code points); every string must also be well-formed (no lone surrogate).
 */
export const limits = {
  /** Get Lobby Messages returns at most this many of the most recent messages. */
  lobbyMessagesReturned: 200,
  /** Bulk Update Lobby Members: members added, updated or removed per request. */
  lobbyMembersPerBulkRequest: 25,
  /** Members one lobby can hold (vendor documentation). */
  lobbyMembers: 1000,
  /**
   * Lobbies of one game a user can be a member of. The sources disagree: the vendor header
   * (`discordpp.h`, SDK 1.5 to 1.9, LobbyHandle "Membership Limits") says 200, the guide
   * (managing-lobbies.mdx, "Lobby Members") says 100, as headers before SDK 1.5 did. We follow the
   * header, the newer statement for the SDK versions this package supports. A join past it is
   * refused (400), except in a bulk member update, which drops the user silently (lobby.mdx).
   */
  lobbiesPerUser: 200,
  /** Lobby messages older than this are not returned (vendor documentation: 72 hours, in ms). */
  lobbyMessageReadWindowMs: 72 * 60 * 60 * 1000,
  /** Characters in a message's content (vendor documentation). */
  messageContentLength: 2000,
  /** Set Voice Channel Status: characters in the status. */
  voiceChannelStatusLength: 500,
  /** User and Message (context menu) commands per type per app. */
  contextMenuCommandsPerType: 15,
  /** Default file upload size in bytes (20 MiB). */
  defaultUploadBytes: 20 * 1024 * 1024,
  /** Files per File Upload modal component (min and max each 0 to this). */
  filesPerUploadComponent: 10,
  /** A lobby channel invite is single-use and valid this long (ms). */
  lobbyInviteLifetimeMs: 60 * 60 * 1000,
  /** Rich presence (vendor documentation of `Activity`): the fewest characters of its texts (details, state, asset texts, party id, join secret, details/state URLs). */
  activityTextMinLength: 2,
  /** Rich presence: the most characters of details, state, the asset texts, the party id and the join secret. */
  activityTextLength: 128,
  /** Rich presence: the most characters of detailsUrl, stateUrl and the assets' largeUrl/smallUrl. */
  activityUrlLength: 256,
  /** Rich presence: the most characters of an image (asset key or URL): largeImage, smallImage, inviteCoverImage. */
  activityImageLength: 300,
  /** Rich presence: buttons an activity shows at most. */
  activityButtons: 2,
  /** Rich presence: the most characters of a button's label (gateway activity buttons: 1 to 32). */
  activityButtonLabelLength: 32,
  /** Rich presence: the most characters of a button's URL (gateway activity buttons: 1 to 512). */
  activityButtonUrlLength: 512,
  /** Voice input volume: 0 to this (vendor documentation, `VoiceSettings::InputVolume`). */
  voiceInputVolumeMax: 100,
  /** Voice output volume: 0 to this (vendor documentation, `VoiceSettings::OutputVolume`). */
  voiceOutputVolumeMax: 200,
  /** A call participant's volume: 0 to this (vendor documentation, `Call::SetParticipantVolume`). */
  voiceParticipantVolumeMax: 200,
  /** The lowest dB of the voice activity threshold and the no-audio-input threshold: the first goes from this to 0 (vendor documentation, `VADThresholdSettings`), the second to `noAudioInputThresholdMax`. */
  voiceDecibelsMin: -100,
  /** The highest no-audio-input threshold, in dBFS (discordpp.h 1.9.16441, `Client::SetNoAudioInputThreshold`: "the range is [-100.0, 100.0]"). */
  noAudioInputThresholdMax: 100,
  /** Push-to-talk release delay: 0 to this many ms. The vendor documents no bound; chosen by us (the desktop chat app's slider stops at 2 s). */
  pttReleaseDelayMaxMs: 2000,
  /** The most characters of an audio device id given to `setInputDevice`/`setOutputDevice`. Not documented by the vendor; chosen by us. */
  audioDeviceIdLength: 1000,

  /** Lobby, member and message metadata: entries at most (service documentation of lobbies: requests allow 25 keys). */
  metadataEntries: 25,
  /**
   * Lobby, member and message metadata: characters of a key at most. Not documented for lobby
   * metadata; the service documents 1,024 for moderation metadata keys, and we apply the same.
   */
  metadataKeyLength: 1024,
  /** Lobby, member and message metadata: characters of a value at most (service documentation of lobbies: 1,024). */
  metadataValueLength: 1024,
  /**
   * Lobby, member and message metadata: characters of all keys and values together at most
   * (service documentation of lobbies: "total length ≤1000"). Message metadata has no documented
   * limit of its own: the lobby metadata limits apply to it too.
   */
  metadataTotalLength: 1000,
  /** Moderation metadata of a message: entries at most (service documentation: 5). */
  moderationMetadataEntries: 5,
  /** Moderation metadata: characters of a key at most (service documentation: 1,024). */
  moderationMetadataKeyLength: 1024,
  /** Moderation metadata: characters of a value at most (service documentation: 2,000). */
  moderationMetadataValueLength: 2000,
  /** A lobby secret (Create or Join Lobby): 1 to this many characters (service documentation: `secret` ≤250). */
  lobbySecretLength: 250,
  /** A lobby member's additional name: 1 to this many characters (service documentation: `additional_name` 1–80). */
  additionalNameLength: 80,
  /** A lobby's idle timeout: at least this many seconds (service documentation: `idle_timeout_seconds` 5–604800). */
  lobbyIdleTimeoutMinSeconds: 5,
  /** A lobby's idle timeout: at most this many seconds, 7 days (service documentation: `idle_timeout_seconds` 5–604800). */
  lobbyIdleTimeoutMaxSeconds: 604_800,
  /**
   * Send Lobby Message over HTTP: characters of the content at most (the service's OpenAPI
   * specification: `maxLength` 4000; the SDK's own limit is {@link limits.messageContentLength}).
   */
  lobbyMessageContentLengthHttp: 4000,
  /** `X-Audit-Log-Reason`: characters at most (the service's public API documentation: 512). */
  auditLogReasonLength: 512,
  /** A game profile's `data`: bytes of its JSON at most (service documentation: 10 KB). */
  profileDataBytes: 10 * 1024,
  /** A game profile's `data.dynamic`: custom stats at most (service documentation: 30). */
  profileDynamicFields: 30,
  /**
   * A user's global name: 1 to this many characters (service documentation of the provisional
   * account token endpoint: `preferred_global_name` 1–32).
   */
  globalNameLength: 32,
  /** A username: 1 to this many characters. Not documented by the service; chosen by us (the global name's 32). */
  usernameLength: 32,
  /** registerLaunchCommand's command: 1 to this many characters. Not documented by the vendor; chosen by us (a Windows command line's 8,191 limit, rounded down). */
  launchCommandLength: 8000,
  /** A simulated application's name: 1 to this many characters. Not documented by the service; chosen by us. */
  applicationNameLength: 100,
  /** A simulated guild's name: 1 to this many characters. Not documented by the service; chosen by us. */
  guildNameLength: 100,
  /** A guild channel's name (also a lobby's linked channel): 1 to this many characters. Not documented by the service; chosen by us. */
  channelNameLength: 100,
  /** Rich presence: the most characters of `activity.name` (at least 1). Not documented by the vendor; chosen by us (its other texts' 128). */
  activityNameLength: 128,
  /**
   * A user's application profile: the most characters of its `username` and
   * `providerIssuedUserId` (service documentation: profile `username` ≤1,024, `external_user_id`
   * 1–1,024); its `providerId`, `avatarHash` and `metadata` get the same bound, chosen by us.
   */
  applicationProfileFieldLength: 1024,
  /** An access token given to `updateToken()` (or `revokeToken()`): 1 to this many characters. Not documented by the service; chosen by us. */
  accessTokenLength: 4096,
  /** The `apiBase` and `webBase` URLs of a client: the most characters. Not documented by the vendor; chosen by us. */
  backendUrlLength: 2048,
  /**
   * Simulator: the most lines one `emitLogs()` call asks for (load generation). Not a service
   * limit; chosen by us: large enough for a flood that keeps a service thread busy for seconds
   * (the stress tests use 40,000,000), small enough that a typo cannot queue billions.
   */
  emitLogsCount: 100_000_000,
  /** Simulator: the most characters of an `emitLogs()` message. Not a service limit; chosen by us. */
  logMessageLength: 10_000,
  /** Simulator: the most characters of an injected failure's `message` (`failNext`). Not a service limit; chosen by us. */
  injectedErrorMessageLength: 1000,
  /** Simulator: the most characters of a chat client's push-to-talk key text (`pttKey`). Not documented by the vendor; chosen by us. */
  pttKeyLength: 100,
} as const;
