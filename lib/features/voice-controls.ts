/**
 * Voice controls: what a voice settings screen or an in-game voice overlay needs besides joining
 * calls (`voice.ts`): audio devices and hot-plug, volumes, each call's input mode (voice activity
 * or push-to-talk) and participant settings, speaking indicators, no-audio-input detection and
 * audio processing. Adds its methods to {@link Client} and its events to {@link ClientEvents}.
 * @module
 */
import { SocialSdkError } from '../common/errors.js';
import { toSnowflake, type SnowflakeInput } from '../model/ids.js';
import { limits } from '../common/limits.js';
import type { NativeAudioDevicesChange } from '../addon/native.js';
import { AudioMode, Thread } from '../generated/seam.js';
import { LOG_LEVEL_VALUES, type LogLevel } from '../model/types.js';
import { registerEventHandlers } from '../addon/runtime.js';
import { checkBoolean, checkInteger, checkOneOf, checkText, describe, typeName } from '../common/validate.js';
import { toAudioDevice, toAudioDevicesChange, type AudioDevice, type AudioDevicesChange, type AudioProcessing, type SpeakingChange } from '../model/voice.js';
import { registerClientEvents } from '../client/event-names.js';
import { defineClientMethods, emitterOf, operation, requireClient } from '../client/feature.js';

/** One of the SDK's threads ({@link Client.setThreadPriority}; the vendor's `Client::Thread`). */
export type SdkThread = 'client' | 'voice' | 'network';
const THREADS: readonly SdkThread[] = ['client', 'voice', 'network'];
const THREAD_VALUES: Readonly<Record<SdkThread, number>> = { client: Thread.Client, voice: Thread.Voice, network: Thread.Network };
const LOG_LEVELS = Object.keys(LOG_LEVEL_VALUES) as LogLevel[];

/** The voice control events of a {@link Client} (part of {@link ClientEvents}). */
export interface VoiceControlClientEvents {
  /**
   * An audio device was plugged in or unplugged: the machine's devices now, and the devices this
   * client now uses. When the device it had chosen went, it fell back to the default one
   * (`inputFellBack`/`outputFellBack`).
   */
  audioDevicesChanged: [change: AudioDevicesChange];
  /**
   * A participant of a call this client is in (its own user too) started or stopped speaking.
   * The events of one participant arrive in the order it spoke.
   */
  speakingChanged: [change: SpeakingChange];
  /**
   * The microphone's level fell below the no-audio-input threshold (`inputDetected` false: the
   * microphone may be muted in the system or unplugged), or came back above it (true). See
   * {@link Client.setNoAudioInputThreshold}.
   */
  noAudioInput: [event: { inputDetected: boolean }];
}

declare module '../model/types.js' {
  interface ClientEvents extends VoiceControlClientEvents {}
}

/** How {@link Client.setInputMode} changes a call's input mode; a field left out keeps its value. */
export type InputModeOptions =
  | {
      mode: 'voiceActivity';
      /** dB from -100 to 0: voice goes out while the microphone's level is at or above it; `'automatic'`: the engine picks it. */
      threshold?: number | 'automatic';
    }
  | {
      mode: 'pushToTalk';
      /** How long voice still goes out after the key is let go: 0 to `limits.pttReleaseDelayMaxMs` (2,000) ms. */
      releaseDelayMs?: number;
    };

declare module '../client/client.js' {
  interface Client {
    /** The microphones of the machine (`GetInputDevices`). Rejects with `ClientNotReady` on the simulator before the client is ready (the machine is the signed-in user's). */
    getInputDevices(): Promise<AudioDevice[]>;
    /** The speakers and headsets of the machine (`GetOutputDevices`), as {@link Client.getInputDevices}. */
    getOutputDevices(): Promise<AudioDevice[]>;
    /** The microphone this client uses (`GetCurrentInputDevice`): the one chosen with {@link Client.setInputDevice}, else the default; null when the machine has none. */
    getCurrentInputDevice(): Promise<AudioDevice | null>;
    /** The output device this client uses (`GetCurrentOutputDevice`), as {@link Client.getCurrentInputDevice}. */
    getCurrentOutputDevice(): Promise<AudioDevice | null>;
    /**
     * Uses the microphone `deviceId` (an {@link AudioDevice.id}) from now on (`SetInputDevice`).
     * Rejects with type `ValidationError` when the machine has no such microphone. When it is
     * unplugged later, the client falls back to the default one (`audioDevicesChanged`).
     * @throws (rejects) TypeError when `deviceId` is not a string; RangeError when it is empty or
     * longer than `limits.audioDeviceIdLength`.
     */
    setInputDevice(deviceId: string): Promise<void>;
    /** Uses the output device `deviceId` from now on (`SetOutputDevice`), as {@link Client.setInputDevice}. */
    setOutputDevice(deviceId: string): Promise<void>;
    /**
     * The microphone's volume for every call, 0 to 100 (`SetInputVolume`; 100 by default). At 0
     * the user sends no voice.
     * @throws TypeError when `volume` is not a number; RangeError outside 0-100 (nothing changes).
     */
    setInputVolume(volume: number): void;
    /** The microphone's volume, 0 to 100 (0 once closed). */
    getInputVolume(): number;
    /**
     * How loud calls play, 0 to 200 (`SetOutputVolume`; 100 by default).
     * @throws TypeError when `volume` is not a number; RangeError outside 0-200 (nothing changes).
     */
    setOutputVolume(volume: number): void;
    /** How loud calls play, 0 to 200 (0 once closed). */
    getOutputVolume(): number;
    /**
     * How loud this client plays one participant of a lobby's call, 0 to 200
     * (`Call::SetParticipantVolume`; 100 by default); only this client hears the difference. Read
     * it back in {@link Client.getCall} (`participants[i].volume`). Returns false when this client
     * has no call in that lobby.
     * @throws TypeError when `volume` is not a number; RangeError outside 0-200 or for a malformed id.
     */
    setParticipantVolume(lobbyId: SnowflakeInput, userId: SnowflakeInput, volume: number): boolean;
    /**
     * Stops (or resumes) playing one participant of a lobby's call on this client only
     * (`Call::SetLocalMute`); the others still hear them. Returns false when this client has no
     * call in that lobby.
     * @throws TypeError when `mute` is not a boolean; RangeError for a malformed id.
     */
    setLocalMute(lobbyId: SnowflakeInput, userId: SnowflakeInput, mute: boolean): boolean;
    /**
     * How this client sends its voice in a lobby's call (`Call::SetAudioMode`, `SetVADThreshold`,
     * `SetPTTReleaseDelay`): voice activity with a threshold, or push-to-talk with a release delay.
     * Read it back in {@link Client.getCall} (`inputMode`). Returns false when this client has no
     * call in that lobby. Everything is checked before anything changes.
     * @throws TypeError or RangeError for a malformed field (threshold -100 to 0 dB, release delay
     * 0 to 2,000 ms) or id.
     * @example
     * client.setInputMode(lobbyId, { mode: 'pushToTalk', releaseDelayMs: 200 });
     * window.addEventListener('keydown', () => client.setPushToTalkActive(lobbyId, true));
     */
    setInputMode(lobbyId: SnowflakeInput, options: InputModeOptions): boolean;
    /**
     * The game's push-to-talk key is held (true) or let go (false) in a lobby's call
     * (`Call::SetPTTActive`). In push-to-talk mode voice goes out while it is held, and for the
     * call's release delay after. Returns false when this client has no call in that lobby.
     * @throws TypeError when `active` is not a boolean; RangeError for a malformed id.
     */
    setPushToTalkActive(lobbyId: SnowflakeInput, active: boolean): boolean;
    /**
     * The level, in dBFS from -100 to 100 (`limits.noAudioInputThresholdMax`), below which the
     * microphone counts as picking up nothing (`SetNoAudioInputThreshold`; -100 by default: never).
     * Crossing it fires `noAudioInput`; a microphone's level is at most 0, so above 0 it never
     * detects input.
     * @throws TypeError when `dBFS` is not a number; RangeError outside -100..100.
     */
    setNoAudioInputThreshold(dBFS: number): void;
    /**
     * Turns audio processing on or off (`SetAutomaticGainControl`, `SetEchoCancellation`,
     * `SetNoiseSuppression`, `SetNoiseCancellation`); fields left out keep their value. Returns the
     * switches now. Noise cancellation (Krisp) needs SDK 1.9 (`client.features.noiseCancellation`):
     * turning it on with an older SDK throws a SocialSdkError of type `UnsupportedSdk`, and nothing
     * changes. Turning Krisp on turns noise suppression off (`SetNoiseCancellation`: "When enabled,
     * noise suppression is automatically disabled"); the switches are applied in the order above,
     * so asking for both turns Krisp on and suppression off. On the simulator, turning
     * suppression on turns Krisp off (our choice: the vendor documents the two as mutually
     * exclusive); on the vendor backend, `noiseSuppression` reads back the last value this client
     * set, since the SDK has no getter for it.
     * @throws TypeError for a field that is not a boolean; RangeError for an unknown field.
     */
    setAudioProcessing(changes: Partial<AudioProcessing>): AudioProcessing;
    /** The audio processing switches (by default all on but noise cancellation). */
    getAudioProcessing(): AudioProcessing;
    /**
     * Turns the voice engine's acoustic echo cancellation recording on or off (`SetAecDump`): "Used
     * to diagnose issues with acoustic echo cancellation. The input and output waveform data will be
     * written to the log directory." Off by default; does nothing once closed. The simulator has no
     * audio: it records the setting (`sim.machine(user).sdkClients[i].aecDump`).
     * @throws TypeError when `on` is not a boolean.
     */
    setAecDump(on: boolean): void;
    /**
     * Hardware encoding and decoding of voice audio, where available (`SetOpusHardwareCoding`;
     * "Defaults to on"). "This must be called immediately after constructing the Client. If called
     * too late an error will be logged and the setting will not take effect": on the simulator,
     * after `connect()` was called (our choice), an `error` log line (source `voice`) and no change.
     * @throws TypeError when `encode` or `decode` is not a boolean.
     */
    setOpusHardwareCoding(encode: boolean, decode: boolean): void;
    /**
     * Writes the voice engine's logs to files in a directory (`SetVoiceLogDir`: files like
     * `discord-webrtc_0`, rotated), from `minSeverity` up; an empty path means beside the SDK's
     * library, `'none'` (the default) writes none. "This function MUST be invoked immediately after
     * constructing the Client object! It will print out a warning if invoked too late": on the
     * simulator, after `connect()` was called, a `warning` log line and no change. The simulator
     * writes no file: it records the directory and level (`sim.machine(user).sdkClients`).
     * @throws TypeError / RangeError for a path that is not a string of at most 4,096 characters or
     * an unknown level.
     */
    setVoiceLogDir(path: string, minSeverity: LogLevel): void;
    /**
     * The priority of one of the SDK's threads (`SetThreadPriority`): `client` ("the main thread for
     * the SDK where most of the data processing happens"), `network` (receives voice data from
     * lobby calls) or `voice` (the voice engine). The value is the platform's. The simulator has no
     * such threads: it records the value (`sim.machine(user).sdkClients[i].threadPriorities`).
     * @throws TypeError / RangeError for another thread or a priority that is not a 32-bit integer.
     */
    setThreadPriority(thread: SdkThread, priority: number): void;
    /**
     * The id of the system's default audio device (`Client::GetDefaultAudioDeviceId`: "the ID of
     * the system default audio device if the user has not explicitly chosen one"); null when there
     * is none, or once the client is closed. The vendor answers without asking the client (a
     * static method); on the simulator the system is the signed-in user's machine, whose default
     * microphone (the one `isDefault` marks in {@link Client.getInputDevices}) answers: null before
     * sign-in.
     * @example
     * const usingDefault = (await client.getCurrentInputDevice())?.id === client.getDefaultAudioDeviceId();
     */
    getDefaultAudioDeviceId(): string | null;
  }
}

/** The voice activity threshold the engine starts with (vendor documentation, `VADThresholdSettings`). */
const DEFAULT_VAD_THRESHOLD = -60;

const PROCESSING_KEYS = ['automaticGainControl', 'echoCancellation', 'noiseSuppression', 'noiseCancellation'] as const;

/** A finite number from `min` to `max`: TypeError for a non-number, RangeError otherwise. */
function checkNumberIn(value: unknown, name: string, min: number, max: number): number {
  if (typeof value !== 'number') throw new TypeError(`${name} must be a number, got ${typeName(value)}`);
  if (!(value >= min && value <= max)) throw new RangeError(`${name} must be a number from ${min} to ${max}, got ${describe(value)}`);
  return value;
}

defineClientMethods({
  getInputDevices(): Promise<AudioDevice[]> {
    return operation(this, 'getInputDevices', (native) => (requestId) => native.getInputDevices(requestId)).then((list) =>
      list.map(toAudioDevice),
    );
  },

  getOutputDevices(): Promise<AudioDevice[]> {
    return operation(this, 'getOutputDevices', (native) => (requestId) => native.getOutputDevices(requestId)).then((list) =>
      list.map(toAudioDevice),
    );
  },

  getCurrentInputDevice(): Promise<AudioDevice | null> {
    return operation(this, 'getCurrentInputDevice', (native) => (requestId) => native.getCurrentInputDevice(requestId)).then(
      (device) => (device ? toAudioDevice(device) : null),
    );
  },

  getCurrentOutputDevice(): Promise<AudioDevice | null> {
    return operation(this, 'getCurrentOutputDevice', (native) => (requestId) => native.getCurrentOutputDevice(requestId)).then(
      (device) => (device ? toAudioDevice(device) : null),
    );
  },

  setInputDevice(deviceId: string): Promise<void> {
    return operation(this, 'setInputDevice', (native) => {
      const id = checkText(deviceId, 'deviceId', 1, limits.audioDeviceIdLength);
      return (requestId) => native.setInputDevice(requestId, id);
    });
  },

  setOutputDevice(deviceId: string): Promise<void> {
    return operation(this, 'setOutputDevice', (native) => {
      const id = checkText(deviceId, 'deviceId', 1, limits.audioDeviceIdLength);
      return (requestId) => native.setOutputDevice(requestId, id);
    });
  },

  setInputVolume(volume: number): void {
    const state = requireClient(this, 'setInputVolume');
    const checked = checkNumberIn(volume, 'volume', 0, limits.voiceInputVolumeMax);
    if (!state.closed) state.native.setInputVolume(checked);
  },

  getInputVolume(): number {
    const state = requireClient(this, 'getInputVolume');
    return state.closed ? 0 : state.native.getInputVolume();
  },

  setOutputVolume(volume: number): void {
    const state = requireClient(this, 'setOutputVolume');
    const checked = checkNumberIn(volume, 'volume', 0, limits.voiceOutputVolumeMax);
    if (!state.closed) state.native.setOutputVolume(checked);
  },

  getOutputVolume(): number {
    const state = requireClient(this, 'getOutputVolume');
    return state.closed ? 0 : state.native.getOutputVolume();
  },

  setParticipantVolume(lobbyId: SnowflakeInput, userId: SnowflakeInput, volume: number): boolean {
    const state = requireClient(this, 'setParticipantVolume');
    const lobby = toSnowflake(lobbyId, 'lobbyId');
    const user = toSnowflake(userId, 'userId');
    const checked = checkNumberIn(volume, 'volume', 0, limits.voiceParticipantVolumeMax);
    return !state.closed && state.native.setParticipantVolume(lobby, user, checked);
  },

  setLocalMute(lobbyId: SnowflakeInput, userId: SnowflakeInput, mute: boolean): boolean {
    const state = requireClient(this, 'setLocalMute');
    const lobby = toSnowflake(lobbyId, 'lobbyId');
    const user = toSnowflake(userId, 'userId');
    checkBoolean(mute, 'mute');
    return !state.closed && state.native.setLocalMute(lobby, user, mute);
  },

  setInputMode(lobbyId: SnowflakeInput, options: InputModeOptions): boolean {
    const state = requireClient(this, 'setInputMode');
    const lobby = toSnowflake(lobbyId, 'lobbyId');
    if (typeof options !== 'object' || options === null) throw new TypeError(`options must be an object, got ${typeName(options)}`);
    const mode = checkOneOf(options.mode, ['voiceActivity', 'pushToTalk'] as const, 'options.mode');
    // Everything is checked before the first native call: bad input changes nothing.
    let apply: () => void;
    if (mode === 'voiceActivity') {
      const { threshold } = options as { threshold?: unknown };
      const automatic = threshold === 'automatic';
      if (typeof threshold === 'string' && !automatic) throw new RangeError(`options.threshold must be a number of dB or 'automatic', got ${describe(threshold)}`);
      const dB = threshold === undefined || automatic ? undefined : checkNumberIn(threshold, 'options.threshold', limits.voiceDecibelsMin, 0);
      apply = () => {
        // An automatic threshold still takes a value: the default one (-60 dB).
        if (threshold !== undefined) state.native.setVadThreshold(lobby, automatic, dB ?? DEFAULT_VAD_THRESHOLD);
      };
    } else {
      const { releaseDelayMs } = options as { releaseDelayMs?: unknown };
      const delay = releaseDelayMs === undefined ? undefined : checkInteger(releaseDelayMs, 'options.releaseDelayMs', 0, limits.pttReleaseDelayMaxMs);
      apply = () => {
        if (delay !== undefined) state.native.setPttReleaseDelay(lobby, delay);
      };
    }
    if (state.closed) return false;
    if (!state.native.setAudioMode(lobby, mode === 'pushToTalk' ? AudioMode.PushToTalk : AudioMode.VoiceActivity)) return false;
    apply();
    return true;
  },

  setPushToTalkActive(lobbyId: SnowflakeInput, active: boolean): boolean {
    const state = requireClient(this, 'setPushToTalkActive');
    const lobby = toSnowflake(lobbyId, 'lobbyId');
    checkBoolean(active, 'active');
    return !state.closed && state.native.setPttActive(lobby, active);
  },

  setNoAudioInputThreshold(dBFS: number): void {
    const state = requireClient(this, 'setNoAudioInputThreshold');
    const checked = checkNumberIn(dBFS, 'dBFS', limits.voiceDecibelsMin, limits.noAudioInputThresholdMax);
    if (!state.closed) state.native.setNoAudioInputThreshold(checked);
  },

  setAudioProcessing(changes: Partial<AudioProcessing>): AudioProcessing {
    const state = requireClient(this, 'setAudioProcessing');
    if (typeof changes !== 'object' || changes === null || Array.isArray(changes)) {
      throw new TypeError(`changes must be an object, got ${typeName(changes)}`);
    }
    const wanted: Partial<AudioProcessing> = {};
    for (const [key, value] of Object.entries(changes)) {
      if (!(PROCESSING_KEYS as readonly string[]).includes(key)) {
        const shown = /^[A-Za-z]{1,40}$/.test(key) ? `'${key}'` : describe(key);
        throw new RangeError(`unknown audio processing switch ${shown}; the switches are ${PROCESSING_KEYS.join(', ')}`);
      }
      wanted[key as keyof AudioProcessing] = checkBoolean(value, key);
    }
    if (wanted.noiseCancellation === true && !state.features.noiseCancellation) {
      throw new SocialSdkError(`noiseCancellation is not available in SDK ${this.sdkVersion} (it needs 1.9)`, { type: 'UnsupportedSdk' });
    }
    if (!state.closed) {
      const native = state.native;
      if (wanted.automaticGainControl !== undefined) native.setAutomaticGainControl(wanted.automaticGainControl);
      if (wanted.echoCancellation !== undefined) native.setEchoCancellation(wanted.echoCancellation);
      if (wanted.noiseSuppression !== undefined) native.setNoiseSuppression(wanted.noiseSuppression);
      if (wanted.noiseCancellation !== undefined && state.features.noiseCancellation) native.setNoiseCancellation(wanted.noiseCancellation);
    }
    return this.getAudioProcessing();
  },

  getAudioProcessing(): AudioProcessing {
    const state = requireClient(this, 'getAudioProcessing');
    if (state.closed) return { automaticGainControl: false, echoCancellation: false, noiseSuppression: false, noiseCancellation: false };
    const native = state.native;
    return {
      automaticGainControl: native.getAutomaticGainControl(),
      echoCancellation: native.getEchoCancellation(),
      noiseSuppression: native.getNoiseSuppression(),
      noiseCancellation: native.getNoiseCancellation(),
    };
  },
});

registerClientEvents({
  audioDevicesChanged: true,
  speakingChanged: true,
  noAudioInput: true,
} satisfies Record<keyof VoiceControlClientEvents, true>);

registerEventHandlers({
  AudioDevicesChanged: (client, change: NativeAudioDevicesChange) =>
    emitterOf(client)?.emit('audioDevicesChanged', toAudioDevicesChange(change)),
  SpeakingChanged: (client, speaking, lobbyId, userId) => emitterOf(client)?.emit('speakingChanged', { lobbyId, userId, speaking }),
  NoAudioInput: (client, inputDetected) => emitterOf(client)?.emit('noAudioInput', { inputDetected }),
});

defineClientMethods({
  setAecDump(on: boolean): void {
    const state = requireClient(this, 'setAecDump');
    const checked = checkBoolean(on, 'on');
    if (!state.closed) state.native.setAecDump(checked);
  },

  setOpusHardwareCoding(encode: boolean, decode: boolean): void {
    const state = requireClient(this, 'setOpusHardwareCoding');
    const checkedEncode = checkBoolean(encode, 'encode');
    const checkedDecode = checkBoolean(decode, 'decode');
    if (!state.closed) state.native.setOpusHardwareCoding(checkedEncode, checkedDecode);
  },

  setVoiceLogDir(path: string, minSeverity: LogLevel): void {
    const state = requireClient(this, 'setVoiceLogDir');
    const checkedPath = checkText(path, 'path', 0, 4096);
    const level = checkOneOf(minSeverity, LOG_LEVELS, 'minSeverity');
    if (!state.closed) state.native.setVoiceLogDir(checkedPath, LOG_LEVEL_VALUES[level]);
  },

  setThreadPriority(thread: SdkThread, priority: number): void {
    const state = requireClient(this, 'setThreadPriority');
    const checkedThread = checkOneOf(thread, THREADS, 'thread');
    const checkedPriority = checkInteger(priority, 'priority', -0x8000_0000, 0x7fff_ffff);
    if (!state.closed) state.native.setThreadPriority(THREAD_VALUES[checkedThread], checkedPriority);
  },

  getDefaultAudioDeviceId(): string | null {
    const state = requireClient(this, 'getDefaultAudioDeviceId');
    return state.closed ? null : state.native.getDefaultAudioDeviceId();
  },
});
