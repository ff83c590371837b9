/**
 * Voice: calls in lobbies (join, leave, self mute and deaf) and the local chat client's voice
 * settings. Adds its methods to {@link Client} and its events to {@link ClientEvents}. The call and
 * settings shapes are in `lib/model/voice.ts`.
 * @module
 */
import { SocialSdkError, clientDestroyed, withCallSite } from '../common/errors.js';
import { toSnowflake, type Snowflake, type SnowflakeInput } from '../model/ids.js';
import type { NativeFailure, NativeVoiceSettings } from '../addon/native.js';
import { getRuntime, registerEventHandlers } from '../addon/runtime.js';
import { checkBoolean } from '../common/validate.js';
import {
  CALL_ERRORS,
  CALL_STATUSES,
  callFailure,
  toCall,
  toVoiceSettings,
  type Call,
  type CallStatusChange,
  type VoiceParticipantEvent,
  type VoiceSettings,
  type VoiceStateEvent,
} from '../model/voice.js';
import { registerClientEvents } from '../client/event-names.js';
import { clientState, defineClientMethods, emitterOf, notAClient, operation, requireClient, type ClientState } from '../client/feature.js';
import type { Waiter, WaiterKey } from '../addon/client-sink.js';

/** The voice events of a {@link Client} (part of {@link ClientEvents}). */
export interface VoiceClientEvents {
  /** A call of this client changed status (see `startCall()`); `disconnected` ends it. */
  callStatusChanged: [change: CallStatusChange];
  /** Someone joined or left a call this client is in (its own user too, when it joins). */
  voiceParticipantChanged: [event: VoiceParticipantEvent];
  /**
   * Someone joined or left the call of any lobby this client's user is a member of, whether this
   * client is in that call or not (`Client::SetVoiceParticipantChangedCallback`): to show who is
   * in voice before joining. Its own user's joins and leaves arrive too.
   */
  lobbyVoiceParticipantChanged: [event: VoiceParticipantEvent];
  /** A participant of a call this client is in changed its self mute or deaf. */
  voiceStateChanged: [event: VoiceStateEvent];
  /**
   * The user changed voice settings in the local chat client (read over RPC). Nothing arrives
   * while the chat client is not running or not connected; changes after it is back do.
   */
  voiceSettingsUpdated: [settings: VoiceSettings];
}

declare module '../model/types.js' {
  interface ClientEvents extends VoiceClientEvents {}
}

declare module '../client/client.js' {
  interface Client {
    /**
     * Joins the voice call of a lobby (`StartCall`): one call per lobby, shared by the members who
     * joined it. Resolves once the call is `connected` (read it with {@link Client.getCall}); every
     * step is a `callStatusChanged` event (`joining`, `connecting`, `signalingConnected`,
     * `connected`), and the participants already in the call get `voiceParticipantChanged`.
     *
     * Rejects with a SocialSdkError when the call ends before it connects: type
     * `AuthorizationFailed` when the user is not a member of the lobby (the call reports
     * `disconnected` with error `forbidden`), `NetworkError` for a connection failure, `Aborted`
     * when it was ended meanwhile; type `ClientNotReady` before the client is ready and
     * `ValidationError` when this client is already in that lobby's call (the vendor's `StartCall`
     * then returns no call).
     * @example
     * await client.startCall(lobbyId);
     * client.setSelfMute(lobbyId, true);
     */
    startCall(lobbyId: SnowflakeInput): Promise<void>;
    /**
     * Leaves the call of a lobby (`EndCall`): the call goes `disconnecting`, then `disconnected`,
     * and the other participants get `voiceParticipantChanged` (removed). Resolves when done; a
     * lobby without a call of this client resolves at once. Leaving the lobby, or disconnecting,
     * also ends the call.
     */
    endCall(lobbyId: SnowflakeInput): Promise<void>;
    /** Leaves every call of this client (`EndCalls`). */
    endCalls(): Promise<void>;
    /** This client's call in a lobby, with its participants and their voice states; null when there is none. */
    getCall(lobbyId: SnowflakeInput): Call | null;
    /**
     * Every call this client is in (`Client::GetCalls`), ordered by lobby id: the same view as
     * {@link Client.getCall} for each. Empty before any call starts and once the client is closed.
     * @example
     * for (const call of client.getCalls()) console.log(call.lobbyId, call.status);
     */
    getCalls(): Call[];
    /**
     * Mutes (or unmutes) this client's microphone in a lobby's call (`Call::SetSelfMute`); the other
     * participants get `voiceStateChanged`. Returns false when this client has no call there.
     * @throws TypeError when `mute` is not a boolean; RangeError for a malformed lobby id.
     */
    setSelfMute(lobbyId: SnowflakeInput, mute: boolean): boolean;
    /**
     * Deafens (or undeafens) this client in a lobby's call (`Call::SetSelfDeaf`); the other
     * participants get `voiceStateChanged`. Returns false when this client has no call there.
     * @throws TypeError when `deaf` is not a boolean; RangeError for a malformed lobby id.
     */
    setSelfDeaf(lobbyId: SnowflakeInput, deaf: boolean): boolean;
    /**
     * Mutes (or unmutes) this client in every call (`SetSelfMuteAll`): it overrides each call's
     * own setting, now and for calls started later. @throws TypeError when `mute` is not a boolean.
     */
    setSelfMuteAll(mute: boolean): void;
    /** Deafens (or undeafens) this client in every call (`SetSelfDeafAll`), as {@link Client.setSelfMuteAll}. */
    setSelfDeafAll(deaf: boolean): void;
    /** The last {@link Client.setSelfMuteAll} value (false by default). */
    getSelfMuteAll(): boolean;
    /** The last {@link Client.setSelfDeafAll} value (false by default). */
    getSelfDeafAll(): boolean;
    /**
     * The local chat client's voice settings (`GetVoiceSettings`, SDK 1.10): a read-only snapshot
     * of what the user chose in the desktop chat app (mute/deafen, volumes, voice mode,
     * push-to-talk key, processing), read over the local RPC channel. Changes arrive as
     * `voiceSettingsUpdated`.
     *
     * Rejects with a SocialSdkError of type `RPCError` (the vendor's ErrorType 9, a failure of the
     * desktop client's RPC channel) when the chat client is not running on this machine or the RPC
     * connection to it is down; with `ClientNotReady` before the client is ready; with
     * `UnsupportedSdk` ("not available in SDK x.y") on the vendor backend built against an SDK
     * before 1.10 (see {@link Client.features}).
     */
    getVoiceSettings(): Promise<VoiceSettings>;
  }
}

/** The startCall() calls waiting for their call's status changes. */
const CALLS: WaiterKey<CallStatusChange> = { description: 'calls' };
type CallWaiter = Waiter<CallStatusChange>;

/**
 * Joins a lobby's call, as `startCall()` and `startCallWithAudio()` do: `start` asks the native
 * client (after the brand check and the lobby id's), answering its synchronous failure or null.
 * Resolves with the lobby id once the call is `connected`; rejects as `startCall()` documents.
 * @internal
 */
export function joinCall(
  self: unknown,
  method: string,
  lobbyId: SnowflakeInput,
  start: (state: ClientState, id: Snowflake) => NativeFailure | null,
): Promise<Snowflake> {
  const state = clientState(self);
  if (!state) return notAClient(method);
  if (state.closing) return Promise.reject(clientDestroyed(method));
  let id: Snowflake;
  try {
    id = toSnowflake(lobbyId, 'lobbyId');
  } catch (error) {
    return Promise.reject(error);
  }
  const callSite = new Error();
  return new Promise<Snowflake>((resolve, reject) => {
    // Status events of an earlier call of the same lobby may still be queued: only those after
    // this call's `joining` count.
    let started = false;
    const waiter: CallWaiter = (change) => {
      if (change === 'closed') {
        reject(withCallSite(clientDestroyed(method), callSite));
        return true;
      }
      if (change.lobbyId !== id) return false;
      if (change.status === 'joining') started = true;
      if (!started) return false;
      if (change.status === 'connected') resolve(id);
      else if (change.status === 'disconnected') reject(withCallSite(callFailure(change), callSite));
      else return false;
      return true;
    };
    let failure: NativeFailure | null;
    try {
      failure = start(state, id);
    } catch (error) {
      return reject(error);
    }
    if (failure) return reject(withCallSite(SocialSdkError.fromNative(failure, method), callSite));
    state.waitersOf(CALLS).add(waiter);
  });
}

defineClientMethods({
  startCall(lobbyId: SnowflakeInput): Promise<void> {
    return joinCall(this, 'startCall', lobbyId, (state, id) => state.native.startCall(id)).then(() => undefined);
  },

  endCall(lobbyId: SnowflakeInput): Promise<void> {
    return operation(this, 'endCall', (native) => {
      const id = toSnowflake(lobbyId, 'lobbyId');
      return (requestId) => native.endCall(requestId, id);
    }).then(() => undefined);
  },

  endCalls(): Promise<void> {
    return operation(this, 'endCalls', (native) => (requestId) => native.endCalls(requestId)).then(() => undefined);
  },

  getCall(lobbyId: SnowflakeInput): Call | null {
    const state = requireClient(this, 'getCall');
    const id = toSnowflake(lobbyId, 'lobbyId');
    const call = state.closed ? null : state.native.getCall(id);
    return call ? toCall(call) : null;
  },

  getCalls(): Call[] {
    const state = requireClient(this, 'getCalls');
    return state.closed ? [] : state.native.getCalls().map(toCall);
  },

  setSelfMute(lobbyId: SnowflakeInput, mute: boolean): boolean {
    const state = requireClient(this, 'setSelfMute');
    const id = toSnowflake(lobbyId, 'lobbyId');
    checkBoolean(mute, 'mute');
    return !state.closed && state.native.setSelfMute(id, mute);
  },

  setSelfDeaf(lobbyId: SnowflakeInput, deaf: boolean): boolean {
    const state = requireClient(this, 'setSelfDeaf');
    const id = toSnowflake(lobbyId, 'lobbyId');
    checkBoolean(deaf, 'deaf');
    return !state.closed && state.native.setSelfDeaf(id, deaf);
  },

  setSelfMuteAll(mute: boolean): void {
    const state = requireClient(this, 'setSelfMuteAll');
    checkBoolean(mute, 'mute');
    if (!state.closed) state.native.setSelfMuteAll(mute);
  },

  setSelfDeafAll(deaf: boolean): void {
    const state = requireClient(this, 'setSelfDeafAll');
    checkBoolean(deaf, 'deaf');
    if (!state.closed) state.native.setSelfDeafAll(deaf);
  },

  getSelfMuteAll(): boolean {
    const state = requireClient(this, 'getSelfMuteAll');
    return !state.closed && state.native.getSelfMuteAll();
  },

  getSelfDeafAll(): boolean {
    const state = requireClient(this, 'getSelfDeafAll');
    return !state.closed && state.native.getSelfDeafAll();
  },

  getVoiceSettings(): Promise<VoiceSettings> {
    const state = clientState(this);
    if (!state) return notAClient('getVoiceSettings');
    if (!state.closing && !state.features.voiceSettings) {
      // The vendor backend built against an SDK before 1.10 has no such call.
      return Promise.reject(
        new SocialSdkError(`getVoiceSettings is not available in SDK ${this.sdkVersion} (it needs 1.10)`, { type: 'UnsupportedSdk' }),
      );
    }
    return operation(this, 'getVoiceSettings', (native) => (requestId) => native.getVoiceSettings(requestId)).then(toVoiceSettings);
  },
});

registerClientEvents({
  callStatusChanged: true,
  voiceParticipantChanged: true,
  lobbyVoiceParticipantChanged: true,
  voiceStateChanged: true,
  voiceSettingsUpdated: true,
} satisfies Record<keyof VoiceClientEvents, true>);

registerEventHandlers({
  CallStatus: (client, status, error, detail, lobbyId) => {
    const state = getRuntime().stateOf(client);
    if (!state) return;
    const change: CallStatusChange = {
      lobbyId,
      status: CALL_STATUSES[status] ?? 'disconnected',
      error: CALL_ERRORS[error] ?? 'none',
      errorDetail: detail,
    };
    state.notifyWaiters(CALLS, change);
    state.emitter?.emit('callStatusChanged', change);
  },
  VoiceParticipant: (client, added, lobbyId, userId) =>
    emitterOf(client)?.emit('voiceParticipantChanged', { lobbyId, userId, added }),
  LobbyVoiceParticipant: (client, added, lobbyId, userId) =>
    emitterOf(client)?.emit('lobbyVoiceParticipantChanged', { lobbyId, userId, added }),
  VoiceState: (client, lobbyId, userId) => emitterOf(client)?.emit('voiceStateChanged', { lobbyId, userId }),
  VoiceSettingsUpdated: (client, settings: NativeVoiceSettings) =>
    emitterOf(client)?.emit('voiceSettingsUpdated', toVoiceSettings(settings)),
});
