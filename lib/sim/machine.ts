/**
 * The harness's handle on the audio side of a simulated user's machine: its microphones and
 * output devices (hot-plug) and what its microphone picks up (to make the user speak or go
 * silent). The machine is per user: every client signed in as the user shares it, each with its
 * own choice of device.
 * @module
 */
import type { Snowflake } from '../model/ids.js';
import { AudioSystem } from '../generated/seam.js';
import { SimulatedBrowser } from './browser.js';
import type { NativeWorld } from '../addon/native.js';
import { checkBoolean, checkOneOf, checkText, describe, typeName } from '../common/validate.js';
import { toAudioDevice, type AudioDevice } from '../model/voice.js';
import { LOG_LEVEL_VALUES, type LogLevel } from '../model/types.js';

const LEVEL_NAMES = new Map<number, LogLevel>(Object.entries(LOG_LEVEL_VALUES).map(([name, value]) => [value, name as LogLevel]));

/** One SDK client's recorded settings ({@link SimulatedMachine.sdkClients}). */
export interface SdkClientSettings {
  /** The application the client is signed in to. */
  applicationId: Snowflake;
  aecDump: boolean;
  /** Hardware audio coding (default both on). */
  opusHardwareCoding: { encode: boolean; decode: boolean };
  /** The voice log directory (empty: beside the library) and level (`none`: no file, the default). */
  voiceLogDir: { path: string; minSeverity: LogLevel };
  /** `setLogDir` as last called: the directory and level (`none`: no file, the default; also when the file could not be opened). */
  logDir: { path: string; minSeverity: LogLevel };
  /** `setHttpRequestTimeout`'s value in ms; null: the SDK's default. */
  httpRequestTimeoutMs: number | null;
  /** The priority the game set for each SDK thread; null: the SDK's own. */
  threadPriorities: { client: number | null; voice: number | null; network: number | null };
  /** The experimental audio options the Client was created with (`ClientCreateOptions`). */
  experimentalAudio: { audioSystem: 'Standard' | 'Game'; androidPreventCommsForBluetooth: boolean };
  /**
   * What the machine's speakers did with the remote voices of the client's raw-audio calls
   * (`startCallWithAudio`): frames played, and frames the game muted for playback
   * (`mutePlayback`), since the client was made.
   */
  speakers: { framesPlayed: number; framesMuted: number };
}

/** A device to plug into a simulated machine ({@link SimulatedMachine.plug}). */
export interface PlugAudioDeviceOptions {
  /** What the games pass to `setInputDevice()`/`setOutputDevice()`; unique on the machine. 1 to 200 characters. */
  id: string;
  /** The name the system shows. 1 to 200 characters. */
  name: string;
  /** `input`: a microphone; `output`: speakers or a headset. */
  kind: 'input' | 'output';
  /** It becomes the system's default device of its kind (the first one of its kind always does). */
  isDefault?: boolean;
}

/** The dBFS the microphone picks up while the user speaks ({@link SimulatedMachine.speak}). */
export const SPEECH_LEVEL = -20;
/** The dBFS of silence: the lowest level. */
export const SILENCE_LEVEL = -100;

/**
 * A simulated user's machine. It starts with one built-in microphone (`builtin-microphone`) and
 * one built-in speaker (`builtin-speakers`), both default, and a silent microphone. Plugging or
 * unplugging a device sends `audioDevicesChanged` to the user's ready clients; a client whose
 * chosen device is unplugged falls back to the default one. What the microphone picks up decides,
 * with each call's input mode, whether the user speaks in the calls it is in (`speakingChanged`
 * to every participant) and whether clients report `noAudioInput`.
 * @example
 * const machine = sim.machine(alice);
 * machine.plug({ id: 'usb-headset', name: 'USB Headset', kind: 'input' });
 * machine.speak();          // alice's calls: speakingChanged { speaking: true }
 * machine.speak(false);
 * machine.unplug('usb-headset');
 */
export class SimulatedMachine {
  readonly #world: NativeWorld;
  /** The user whose machine it is. */
  readonly userId: Snowflake;

  /** @internal Use {@link Simulator.machine}. */
  constructor(world: NativeWorld, userId: Snowflake) {
    this.#world = world;
    this.userId = userId;
  }
  /**
   * What the games set on each ready SDK client signed in as this user for its machine-side work:
   * the voice engine's diagnostics (`setAecDump`, `setVoiceLogDir`), its audio coding
   * (`setOpusHardwareCoding`) and the SDK's thread priorities (`setThreadPriority`). The simulator
   * has no audio engine, log files or threads of these names: it records the settings as they took
   * effect, for a test to read. By application; the clients of one application in no set order.
   */
  get sdkClients(): SdkClientSettings[] {
    return this.#world.getSdkSettings(this.userId).map((s) => ({
      applicationId: s.applicationId,
      aecDump: s.aecDump,
      opusHardwareCoding: { encode: s.opusHardwareEncode, decode: s.opusHardwareDecode },
      voiceLogDir: { path: s.voiceLogDir, minSeverity: LEVEL_NAMES.get(s.voiceLogMinSeverity) ?? 'none' },
      logDir: { path: s.logDir, minSeverity: LEVEL_NAMES.get(s.logMinSeverity) ?? 'none' },
      httpRequestTimeoutMs: s.httpRequestTimeoutMs,
      threadPriorities: {
        client: s.clientThreadPriority,
        voice: s.voiceThreadPriority,
        network: s.networkThreadPriority,
      },
      experimentalAudio: {
        audioSystem: s.experimentalAudioSystem === AudioSystem.Game ? 'Game' : 'Standard',
        androidPreventCommsForBluetooth: s.experimentalAndroidPreventCommsForBluetooth,
      },
      speakers: { framesPlayed: s.speakerFramesPlayed, framesMuted: s.speakerFramesMuted },
    }));
  }


  /** The machine's web browser: sign-in pages, account-linking pages (see {@link SimulatedBrowser}). */
  get browser(): SimulatedBrowser {
    return new SimulatedBrowser(this.#world, this.userId);
  }

  /** The microphones, in the order they were plugged in. */
  get inputDevices(): AudioDevice[] {
    return this.#world.getMachineAudio(this.userId).inputDevices.map(toAudioDevice);
  }

  /** The speakers and headsets, in the order they were plugged in. */
  get outputDevices(): AudioDevice[] {
    return this.#world.getMachineAudio(this.userId).outputDevices.map(toAudioDevice);
  }

  /** What the microphone picks up, in dBFS: -100 (silence) to 0. */
  get inputLevel(): number {
    return this.#world.getMachineAudio(this.userId).inputLevel;
  }

  /**
   * Plugs a device in; the user's ready clients get `audioDevicesChanged`.
   * @throws TypeError or RangeError for a malformed field; RangeError when a device with that id
   * is already plugged in.
   */
  plug(device: PlugAudioDeviceOptions): void {
    if (typeof device !== 'object' || device === null) throw new TypeError(`device must be an object, got ${typeName(device)}`);
    const id = checkText(device.id, 'device.id', 1, 200);
    const name = checkText(device.name, 'device.name', 1, 200);
    const kind = checkOneOf(device.kind, ['input', 'output'] as const, 'device.kind');
    const isDefault = device.isDefault === undefined ? false : checkBoolean(device.isDefault, 'device.isDefault');
    this.#world.plugAudioDevice(this.userId, kind === 'input', { id, name }, isDefault);
  }

  /**
   * Unplugs a device; the user's ready clients get `audioDevicesChanged`, and those that used it
   * fall back to the default device. When it was the default, the first remaining device of its
   * kind becomes the default.
   * @throws RangeError when no such device is plugged in.
   */
  unplug(deviceId: string): void {
    this.#world.unplugAudioDevice(this.userId, checkText(deviceId, 'deviceId', 1, 200));
  }

  /**
   * Sets what the microphone picks up, in dBFS from -100 (silence) to 0.
   * @throws TypeError when `dBFS` is not a number; RangeError outside -100..0.
   */
  setInputLevel(dBFS: number): void {
    if (typeof dBFS !== 'number') throw new TypeError(`dBFS must be a number, got ${typeName(dBFS)}`);
    if (!(dBFS >= SILENCE_LEVEL && dBFS <= 0)) throw new RangeError(`dBFS must be a number from -100 to 0, got ${describe(dBFS)}`);
    this.#world.setInputLevel(this.userId, dBFS);
  }

  /** The user speaks (the microphone picks up -20 dBFS), or goes silent (-100 dBFS) with `false`. */
  speak(speaking = true): void {
    this.setInputLevel(checkBoolean(speaking, 'speaking') ? SPEECH_LEVEL : SILENCE_LEVEL);
  }
}
