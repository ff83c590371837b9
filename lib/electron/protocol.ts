/**
 * What the main process and the preload agree on: channel names, the methods and events a bridge
 * can carry, the renderer's API type, and how errors cross IPC. No runtime imports: the preload
 * side (a sandboxed preload cannot load native modules) loads this file and nothing else.
 * @module
 */
import type { Client } from '../features/index.js';
import type { ErrorType } from '../common/errors.js';
import type { Snowflake } from '../model/ids.js';
import type { ClientEvents, ClientStatus } from '../model/types.js';
import type { User } from '../model/user.js';

/** The IPC channels of the bridge called `name` (one per exposed client). @internal */
export function bridgeChannels(name: string) {
  const prefix = `social-sdk-node:${name}`;
  return {
    call: `${prefix}:call`,
    hello: `${prefix}:hello`,
    subscribe: `${prefix}:subscribe`,
    unsubscribe: `${prefix}:unsubscribe`,
    event: `${prefix}:event`,
  } as const;
}

/**
 * Every client method a bridge can carry (each must also be allowed by `exposeClient`), plus
 * `getState`, a snapshot of the client's properties. Lifetime methods (`close`, `ref`, `unref`)
 * and `events` stay in the main process.
 */
export const BRIDGE_METHODS = [
  'getState',
  'updateToken',
  'connect',
  'disconnect',
  'createOrJoinLobby',
  'leaveLobby',
  'getLobby',
  'getLobbyIds',
  'sendLobbyMessage',
  'getLobbyMessages',
  'getUserGuilds',
  'getGuildChannels',
  'sendUserMessage',
  'editUserMessage',
  'deleteUserMessage',
  'getUserMessages',
  'getUserMessageSummaries',
  'updateRichPresence',
  'clearRichPresence',
  'getUser',
  'startCall',
  'endCall',
  'endCalls',
  'getCall',
  'setSelfMute',
  'setSelfDeaf',
  'setSelfMuteAll',
  'setSelfDeafAll',
  'getSelfMuteAll',
  'getSelfDeafAll',
  'getVoiceSettings',
  // Voice controls: a launcher's voice settings screen lives in the renderer.
  'getInputDevices',
  'getOutputDevices',
  'getCurrentInputDevice',
  'getCurrentOutputDevice',
  'setInputDevice',
  'setOutputDevice',
  'setInputVolume',
  'getInputVolume',
  'setOutputVolume',
  'getOutputVolume',
  'setParticipantVolume',
  'setLocalMute',
  'setInputMode',
  'setPushToTalkActive',
  'setNoAudioInputThreshold',
  'setAudioProcessing',
  'getAudioProcessing',
  'getRelationships',
  'getRelationshipsByGroup',
  'getRelationship',
  'searchFriendsByUsername',
  'sendDiscordFriendRequest',
  'sendGameFriendRequest',
  'sendDiscordFriendRequestById',
  'sendGameFriendRequestById',
  'acceptDiscordFriendRequest',
  'acceptGameFriendRequest',
  'rejectDiscordFriendRequest',
  'rejectGameFriendRequest',
  'cancelDiscordFriendRequest',
  'cancelGameFriendRequest',
  'removeGameFriend',
  'removeDiscordAndGameFriend',
  'blockUser',
  'unblockUser',
  'sendActivityInvite',
  'sendActivityJoinRequest',
  'sendActivityJoinRequestReply',
  'acceptActivityInvite',
] as const;

/** A method name a bridge can carry. */
export type BridgeMethod = (typeof BRIDGE_METHODS)[number];

/** Every client event a bridge can forward. */
export const BRIDGE_EVENTS = [
  'statusChanged',
  'log',
  'lobbyCreated',
  'lobbyDeleted',
  'lobbyUpdated',
  'lobbyMemberAdded',
  'lobbyMemberRemoved',
  'lobbyMemberUpdated',
  'messageCreated',
  'messageUpdated',
  'messageDeleted',
  'userUpdated',
  'closed',
  'callStatusChanged',
  'voiceParticipantChanged',
  'voiceStateChanged',
  'voiceSettingsUpdated',
  'relationshipCreated',
  'relationshipDeleted',
  'relationshipGroupsUpdated',
  'tokenExpiring',
  'activityInviteCreated',
  'activityInviteUpdated',
  'activityJoin',
  'activityJoinWithApplication',
  'signedOut',
  'tokenRefreshed',
  'tokenSaveFailed',
  'authorizeRequest',
  'audioDevicesChanged',
  'speakingChanged',
  'noAudioInput',
] as const;

/** An event name a bridge can forward. */
export type BridgeEvent = (typeof BRIDGE_EVENTS)[number];

// Compile-time checks: the lists match the client (a new client event or a renamed method breaks the build).
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const eventsMatch: Exact<BridgeEvent, keyof ClientEvents> = true;
const methodsExist: Exact<Exclude<BridgeMethod, 'getState'>, Extract<Exclude<BridgeMethod, 'getState'>, keyof Client>> = true;
void [eventsMatch, methodsExist];

/** What `getState()` answers: the client's properties at the time of the call. */
export interface BridgeClientState {
  status: ClientStatus;
  applicationId: Snowflake;
  currentUser: User | null;
  backend: string;
  sdkVersion: string;
  closed: boolean;
}

/**
 * How a failed call arrives in the renderer: a plain object (Electron copies only the message of
 * an `Error` across IPC and across the context bridge), with a `SocialSdkError`'s fields.
 * `name` is `'SocialSdkError'`, `'TypeError'`, `'RangeError'` or `'Error'`; the other fields are
 * set for a `SocialSdkError`. Nothing else of the original error (stack, cause) crosses.
 */
export interface BridgeError {
  name: string;
  message: string;
  type?: ErrorType;
  code?: number;
  status?: number;
  retryable?: boolean;
  retryAfter?: number;
}

/** @internal The answer of the call channel. */
export type CallOutcome = { ok: true; value: unknown } | { ok: false; error: BridgeError };

/** @internal Turns anything thrown in the main process into a {@link BridgeError}. */
export function toBridgeError(error: unknown): BridgeError {
  if (typeof error !== 'object' || error === null) return { name: 'Error', message: String(error) };
  const e = error as Partial<Record<keyof BridgeError, unknown>>;
  const name = typeof e.name === 'string' ? e.name : 'Error';
  const out: BridgeError = { name: ['SocialSdkError', 'TypeError', 'RangeError'].includes(name) ? name : 'Error', message: String(e.message ?? error) };
  if (name === 'SocialSdkError') {
    out.type = e.type as ErrorType;
    out.code = Number(e.code ?? 0);
    out.status = Number(e.status ?? 0);
    out.retryable = Boolean(e.retryable);
    out.retryAfter = Number(e.retryAfter ?? 0);
  }
  return out;
}

/** The renderer's form of client method `K`: the same arguments, and a promise of the result. */
export type ClientMethodOf<K extends BridgeMethod> = K extends 'getState'
  ? () => Promise<BridgeClientState>
  : K extends keyof Client
    ? Client[K] extends (...args: infer A) => infer R
      ? (...args: A) => Promise<Awaited<R>>
      : never
    : never;

/**
 * What the renderer sees (`window.social`): the allowed methods, each returning a promise (which
 * rejects with a {@link BridgeError}), and `on` for the allowed events, which returns the function
 * that unsubscribes.
 * @example
 * declare global { interface Window { social: SocialBridge<'getState' | 'sendLobbyMessage', 'messageCreated'> } }
 * const off = window.social.on('messageCreated', (message) => console.log(message.content));
 */
export type SocialBridge<M extends BridgeMethod = BridgeMethod, E extends BridgeEvent = BridgeEvent> = {
  readonly [K in M]: ClientMethodOf<K>;
} & {
  on<K extends E>(event: K, listener: (...args: ClientEvents[K]) => void): () => void;
};
