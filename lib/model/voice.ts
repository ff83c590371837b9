/**
 * Voice in lobbies and the local chat client's voice settings: the public types, and their
 * conversion from the native seam.
 * @module
 */
import { namesByValue } from './enum-names.js';
import { SocialSdkError } from '../common/errors.js';
import { AudioMode, CallError as CallErrorValues, CallStatus as CallStatusValues, VoiceInputMode as VoiceInputModeValues } from '../generated/seam.js';
import type { Snowflake } from './ids.js';
import type { NativeAudioDevice, NativeAudioDevicesChange, NativeCall, NativeVoiceSettings } from '../addon/native.js';

/**
 * Status of a voice call (the vendor's `Call::Status`, in its order). A call goes `joining`,
 * `connecting`, `signalingConnected`, `connected`; ending it goes `disconnecting`, `disconnected`.
 * A call that fails goes straight to `disconnected` with an {@link CallError}.
 */
export type CallStatus =
  | 'disconnected'
  | 'joining'
  | 'connecting'
  | 'signalingConnected'
  | 'connected'
  | 'reconnecting'
  | 'disconnecting';

/** @internal Indexed by the vendor's integer value. */
export const CALL_STATUSES: readonly CallStatus[] = namesByValue(CallStatusValues);

/**
 * Why a call ended (`Call::Error`). `forbidden`: the user is not a member of the lobby (only
 * members can join its call). `signalingUnexpectedClose`: the client lost its connection.
 */
export type CallError =
  | 'none'
  | 'signalingConnectionFailed'
  | 'signalingUnexpectedClose'
  | 'voiceConnectionFailed'
  | 'joinTimeout'
  | 'forbidden';

/** @internal Indexed by the vendor's integer value. */
export const CALL_ERRORS: readonly CallError[] = namesByValue(CallErrorValues);

/** A participant of a call and its voice state (`VoiceStateHandle`). */
export interface VoiceParticipant {
  userId: Snowflake;
  /** The participant muted its own microphone. */
  selfMute: boolean;
  /** The participant deafened itself (hears nothing). */
  selfDeaf: boolean;
  /** How loud this client plays the participant, 0 to 200 (100: as sent); see `setParticipantVolume()`. */
  volume: number;
  /** This client does not play the participant at all (only here); see `setLocalMute()`. */
  localMute: boolean;
}

/** A voice call of a lobby, as this client sees it (`discordpp::Call`). */
export interface Call {
  /** The lobby whose call it is (the vendor also calls it the call's channel). */
  lobbyId: Snowflake;
  /** `Call::GetChannelId`: "the ID of the lobby with which this call is associated". */
  channelId: Snowflake;
  /** `Call::GetGuildId`; null when 0 (always, on the simulator: a lobby's call is in no guild). */
  guildId: Snowflake | null;
  status: CallStatus;
  /** Everyone in the call (this client's user too) in the order they joined; empty until `connected`. */
  participants: VoiceParticipant[];
  /** This client's self mute in this call. */
  selfMute: boolean;
  /** This client's self deaf in this call. */
  selfDeaf: boolean;
  /** How this client sends its voice in the call; see `setInputMode()`. */
  inputMode: CallInputMode;
  /** Whether the push-to-talk key is held (`setPushToTalkActive()`). */
  pushToTalkActive: boolean;
}

/**
 * How a call sends the user's voice (`Call::GetAudioMode`, `GetVADThreshold`,
 * `GetPTTReleaseDelay`): `voiceActivity` sends while the microphone's level is at or above the
 * threshold (`'automatic'`: the engine picks it), `pushToTalk` while the key is held and for
 * `releaseDelayMs` after it is let go.
 */
export type CallInputMode =
  | { mode: 'voiceActivity'; threshold: number | 'automatic' }
  | { mode: 'pushToTalk'; releaseDelayMs: number };

/** Payload of `callStatusChanged`. */
export interface CallStatusChange {
  lobbyId: Snowflake;
  status: CallStatus;
  /** Set when the call ended because of a failure. */
  error: CallError;
  /** Extra detail of the failure (e.g. a close code); 0 when none. */
  errorDetail: number;
}

/** Payload of `voiceParticipantChanged`: someone joined (`added`) or left a call this client is in. */
export interface VoiceParticipantEvent {
  lobbyId: Snowflake;
  userId: Snowflake;
  added: boolean;
}

/** Payload of `voiceStateChanged`: a participant's self mute or deaf changed; read it with `getCall()`. */
export interface VoiceStateEvent {
  lobbyId: Snowflake;
  userId: Snowflake;
}

/** How the chat client sends the user's voice (`VoiceInputModeType`). */
export type VoiceInputMode = 'voiceActivity' | 'pushToTalk';

/**
 * A read-only snapshot of the local chat client's voice settings (`VoiceSettings`, SDK 1.10):
 * what the user chose in the desktop chat app, not the settings of a call.
 */
export interface VoiceSettings {
  selfMute: boolean;
  selfDeaf: boolean;
  inputMode: VoiceInputMode;
  /** The push-to-talk key as the chat client shows it (e.g. `SHIFT + F`); empty when unbound. */
  pttKey: string;
  /** 0 to 100. */
  inputVolume: number;
  /** 0 to 200. */
  outputVolume: number;
  automaticGainControl: boolean;
  echoCancellation: boolean;
  noiseSuppression: boolean;
  /** Krisp noise cancellation. */
  noiseCancellation: boolean;
}

/** @internal The vendor's integer value of each input mode. */
export const VOICE_INPUT_MODES: readonly VoiceInputMode[] = namesByValue(VoiceInputModeValues);

/** @internal */
export function toCall(call: NativeCall): Call {
  const inputMode: CallInputMode =
    call.audioMode === AudioMode.PushToTalk
      ? { mode: 'pushToTalk', releaseDelayMs: call.pttReleaseDelayMs }
      : { mode: 'voiceActivity', threshold: call.vadAutomatic ? 'automatic' : call.vadThreshold };
  return {
    lobbyId: call.lobbyId,
    channelId: call.channelId,
    guildId: call.guildId ?? null,
    status: CALL_STATUSES[call.status] ?? 'disconnected',
    participants: call.participants.map((p) => ({ ...p })),
    selfMute: call.selfMute,
    selfDeaf: call.selfDeaf,
    inputMode,
    pushToTalkActive: call.pttActive,
  };
}

/** An audio device of the machine (`AudioDevice`). */
export interface AudioDevice {
  /** What `setInputDevice()`/`setOutputDevice()` take. */
  id: string;
  /** The name the system shows. */
  name: string;
  /** The system's default device of its kind. */
  isDefault: boolean;
}

/**
 * Payload of `audioDevicesChanged`: a device was plugged in or unplugged. The lists are the
 * machine's devices now; `currentInputId`/`currentOutputId` the devices this client now uses
 * (null: none). When the device this client had chosen was unplugged, it fell back to the default
 * one, and `inputFellBack`/`outputFellBack` say so.
 */
export interface AudioDevicesChange {
  inputDevices: AudioDevice[];
  outputDevices: AudioDevice[];
  currentInputId: string | null;
  currentOutputId: string | null;
  inputFellBack: boolean;
  outputFellBack: boolean;
}

/** Payload of `speakingChanged`: a participant of a call started or stopped speaking. */
export interface SpeakingChange {
  lobbyId: Snowflake;
  userId: Snowflake;
  speaking: boolean;
}

/** The voice engine's audio processing switches (`getAudioProcessing()`). */
export interface AudioProcessing {
  automaticGainControl: boolean;
  echoCancellation: boolean;
  noiseSuppression: boolean;
  /** Krisp noise cancellation (SDK 1.9+: see `client.features.noiseCancellation`). */
  noiseCancellation: boolean;
}

/** @internal */
export function toAudioDevice(device: NativeAudioDevice): AudioDevice {
  return { id: device.id, name: device.name, isDefault: device.isDefault };
}

/** @internal */
export function toAudioDevicesChange(change: NativeAudioDevicesChange): AudioDevicesChange {
  return {
    inputDevices: change.inputDevices.map(toAudioDevice),
    outputDevices: change.outputDevices.map(toAudioDevice),
    currentInputId: change.currentInputId === '' ? null : change.currentInputId,
    currentOutputId: change.currentOutputId === '' ? null : change.currentOutputId,
    inputFellBack: change.inputFellBack,
    outputFellBack: change.outputFellBack,
  };
}

/** @internal */
export function toVoiceSettings(settings: NativeVoiceSettings): VoiceSettings {
  return { ...settings, inputMode: VOICE_INPUT_MODES[settings.inputMode] ?? 'voiceActivity' };
}

/** @internal */
export function toNativeVoiceSettings(settings: VoiceSettings): NativeVoiceSettings {
  return { ...settings, inputMode: VOICE_INPUT_MODES.indexOf(settings.inputMode) };
}

/** @internal The rejection of a `startCall()` whose call ended before it connected. */
export function callFailure(change: CallStatusChange): SocialSdkError {
  const what = `startCall: the call of lobby ${change.lobbyId} ended before it connected`;
  if (change.error === 'forbidden') {
    return new SocialSdkError(`${what} (forbidden): only members of the lobby can join its call`, {
      type: 'AuthorizationFailed',
      code: change.errorDetail,
    });
  }
  if (change.error === 'none') {
    return new SocialSdkError(`${what}: it was ended (endCall(), or the user left the lobby)`, { type: 'Aborted' });
  }
  return new SocialSdkError(`${what} (${change.error}, detail ${change.errorDetail})`, {
    type: 'NetworkError',
    code: change.errorDetail,
    retryable: true,
  });
}
