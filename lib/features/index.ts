/**
 * The Client with every feature: loads each feature module (which adds its methods to
 * `Client.prototype` and its events to `ClientEvents`) and exports the lot. Import Client from
 * here, never from `../client/client.js`, so that no feature is missing. It sits above the feature
 * modules (which build on `lib/client/`), so it lives with them.
 * @module
 */
import './lobbies.js';
import './messages.js';
import './presence.js';
import './voice.js';
import './voice-controls.js';
import '../client/diagnostics.js';
import './raw-audio.js';
import './guilds.js';
import './relationships.js';
import './auth.js';
import './device-sign-in.js';
import './invites.js';
import './keep-signed-in.js';

export { Client } from '../client/client.js';
export type { ClientOptions, UpdateTokenOptions, EventIteratorOptions, EventValue, BackendFeatures } from '../client/client.js';
export type { CreateOrJoinLobbyOptions, LobbyClientEvents } from './lobbies.js';
export type { SendLobbyMessageOptions, GetLobbyMessagesOptions, SendUserMessageOptions, GetUserMessagesOptions, MessageClientEvents } from './messages.js';
export type { PresenceClientEvents } from './presence.js';
export type { VoiceClientEvents } from './voice.js';
export type { VoiceControlClientEvents, InputModeOptions, SdkThread } from './voice-controls.js';
export { RawAudioCall } from './raw-audio.js';
export type { StartCallWithAudioOptions, AudioFrame, AudioFrameBatch } from './raw-audio.js';
export type { Relationship, RelationshipKind, RelationshipGroup, RelationshipEvent, RelationshipClientEvents } from './relationships.js';
export type { ActivityInvite, ActivityActionKind, ActivityJoin, ActivityJoinWithApplication, InviteClientEvents } from './invites.js';
export type { AuthorizeOptions, GetTokenOptions, AuthClientEvents, ExternalAuthTypeName, GetProvisionalTokenOptions, ExchangeChildTokenOptions, ProvisionalMergeOptions } from './auth.js';
export type { AuthorizationCodeVerifier, AuthorizationCodeChallenge, Authorization, TokenSet, CurrentUser } from '../model/authorization.js';
export type { DeviceAuthorizationOptions, DeviceProvisionalMergeOptions, AuthorizeDeviceScreenOptions, DeviceSignInClientEvents } from './device-sign-in.js';
export type { KeepSignedInOptions, KeptSignIn, SignedOut, SignedOutReason, KeepSignedInClientEvents, TokenSaveFailed } from './keep-signed-in.js';
