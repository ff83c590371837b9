/**
 * Limits from the platform behaviour document, in one place. Validation in this package uses these
 * constants, never literals.
 */
export const limits = {
  /** Get Lobby Messages returns at most this many of the most recent messages. */
  lobbyMessagesReturned: 200,
  /** Bulk Update Lobby Members: members added, updated or removed per request. */
  lobbyMembersPerBulkRequest: 25,
  /** Members one lobby can hold (vendor documentation). */
  lobbyMembers: 1000,
  /** Lobbies of one game a user can be a member of (vendor documentation). */
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
} as const;
