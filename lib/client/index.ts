/**
 * The Client with every feature: loads each feature module (which adds its methods to
 * `Client.prototype` and its events to `ClientEvents`) and exports the lot. Import Client from
 * here, never from `./client.js`, so that no feature is missing.
 * @module
 */
import '../features/lobbies.js';
import '../features/messages.js';
import '../features/presence.js';
import '../features/voice.js';
import '../features/voice-controls.js';
import '../features/guilds.js';
import '../features/relationships.js';
import '../features/auth.js';
import '../features/invites.js';
import '../features/keep-signed-in.js';

export { Client } from './client.js';
export type { ClientOptions, UpdateTokenOptions, EventIteratorOptions, EventValue, BackendFeatures } from './client.js';
export type { CreateOrJoinLobbyOptions, LobbyClientEvents } from '../features/lobbies.js';
export type { SendLobbyMessageOptions, GetLobbyMessagesOptions, SendUserMessageOptions, GetUserMessagesOptions, MessageClientEvents } from '../features/messages.js';
export type { PresenceClientEvents } from '../features/presence.js';
export type { VoiceClientEvents } from '../features/voice.js';
export type { VoiceControlClientEvents, InputModeOptions } from '../features/voice-controls.js';
export type { Relationship, RelationshipKind, RelationshipGroup, RelationshipEvent, RelationshipClientEvents } from '../features/relationships.js';
export type { ActivityInvite, ActivityActionKind, ActivityJoin, ActivityJoinWithApplication, InviteClientEvents } from '../features/invites.js';
export type { AuthorizationCodeVerifier, AuthorizationCodeChallenge, AuthorizeOptions, Authorization, TokenSet, GetTokenOptions, AuthClientEvents, CurrentUser, ExternalAuthTypeName, GetProvisionalTokenOptions, ExchangeChildTokenOptions, ProvisionalMergeOptions } from '../features/auth.js';
export type { KeepSignedInOptions, KeptSignIn, SignedOut, SignedOutReason, KeepSignedInClientEvents, TokenSaveFailed } from '../features/keep-signed-in.js';
