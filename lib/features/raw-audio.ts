/**
 * Raw audio: a lobby call whose PCM the game reads (`Client::StartCallWithAudioCallbacks`). The
 * voice engine hands each frame over on its own thread, which must never wait for JS: the frames
 * go into a bounded ring per call that drops (and counts) what JS has not read when it is full,
 * and JS reads them in batches, woken through the pump at most once per batch. Adds
 * `startCallWithAudio()` to {@link Client}; the call's frames are read from the
 * {@link RawAudioCall} it resolves with.
 * @module
 */
import { toSnowflake, type Snowflake, type SnowflakeInput } from '../model/ids.js';
import type { NativeAudioFrame } from '../addon/native.js';
import { getRuntime, registerEventHandlers } from '../addon/runtime.js';
import { checkBoolean, checkInteger, checkOptions, typeName } from '../common/validate.js';
import { defineClientMethods, type ClientState } from '../client/feature.js';
import { joinCall } from './voice.js';

/** The ring's size bounds, in frames (a frame is 10 ms on the simulator: 4,096 are 41 s). */
const MAX_BUFFER_FRAMES = 4096;
const DEFAULT_BUFFER_FRAMES = 256;
/** The most frames one read takes by default. */
const DEFAULT_READ_FRAMES = 1024;

/** Options of {@link Client.startCallWithAudio}. */
export interface StartCallWithAudioOptions {
  /**
   * How many frames wait for JS at most (1 to 4,096; 256 by default): when the ring is full, new
   * frames are dropped and counted ({@link AudioFrameBatch.dropped}); the voice thread never waits.
   */
  bufferFrames?: number;
  /**
   * The engine plays no received audio itself (the vendor's `outShouldMute` for every user): the
   * game plays the frames through its own audio pipeline. Per user: {@link RawAudioCall.mutePlayback}.
   * False by default.
   */
  mutePlayback?: boolean;
}

/** One frame of PCM: signed 16-bit samples, interleaved by channel. */
export interface AudioFrame {
  /** `captured`: the local microphone, before it is processed and sent; `received`: a remote user's voice. */
  source: 'captured' | 'received';
  /** Whose voice a received frame is; null for captured audio. */
  userId: Snowflake | null;
  /**
   * The call's count of frames the engine handed over, from 0, dropped ones included: a gap between
   * two frames is where frames were dropped.
   */
  index: number;
  /** Samples per second, per channel (the simulator: 48,000). */
  sampleRate: number;
  /** Channels (the simulator: 1 for captured audio, 2 for received audio). */
  channels: number;
  /** `samplesPerChannel * channels` samples, a copy the game owns. */
  samples: Int16Array;
}

/** The frames one read took, oldest first. */
export interface AudioFrameBatch {
  lobbyId: Snowflake;
  frames: AudioFrame[];
  /** Frames dropped since the previous read because the ring was full (the reader was too slow). */
  dropped: number;
}

/** What only this module may construct a RawAudioCall with. */
const MAKE = Symbol('RawAudioCall');
/** The module's ways into a call (set by the class's static block): wake its reader, end it. */
let wakeCall: (call: RawAudioCall) => void;
let endCall: (call: RawAudioCall) => void;

/** The raw-audio calls of each client, by lobby, so that the pump's wake finds its reader. */
const OPEN = new WeakMap<object, Map<Snowflake, RawAudioCall>>();

function openCalls(state: ClientState): Map<Snowflake, RawAudioCall> {
  let calls = OPEN.get(state);
  if (!calls) {
    const made = new Map<Snowflake, RawAudioCall>();
    calls = made;
    OPEN.set(state, made);
    // Closing the client ends every raw-audio call's reading.
    state.statusHooks.add((status) => {
      if (status !== 'closed') return;
      for (const call of [...made.values()]) endCall(call);
    });
  }
  return calls;
}

/**
 * The raw audio of one call of a {@link Client}, from {@link Client.startCallWithAudio}: read its
 * frames with `for await` (a batch at a time, waiting for the next) or {@link RawAudioCall.read}.
 * Reading ends when the call does (`endCall()`, leaving the lobby, a disconnection, `close()`),
 * once the frames already taken from the engine are read.
 * @example
 * const audio = await client.startCallWithAudio(lobbyId, { mutePlayback: true });
 * for await (const { frames, dropped } of audio) {
 *   for (const frame of frames) if (frame.source === 'received') myMixer.play(frame.userId, frame.samples);
 *   if (dropped) console.warn(`${dropped} frames lost`);
 * }
 */
export class RawAudioCall implements AsyncIterable<AudioFrameBatch> {
  /** The lobby whose call this is. */
  readonly lobbyId: Snowflake;
  readonly #state: ClientState;
  #ended = false;
  #dropped = 0;
  #wake: (() => void) | null = null;

  /** @internal Made by {@link Client.startCallWithAudio} only. */
  constructor(token: unknown, state: ClientState, lobbyId: Snowflake) {
    if (token !== MAKE) throw new TypeError('RawAudioCall is not constructed directly: use client.startCallWithAudio()');
    this.#state = state;
    this.lobbyId = lobbyId;
  }

  static {
    wakeCall = (call) => call.#wakeReader();
    endCall = (call) => call.#end();
  }

  /** The brand check of every member: a TypeError for anything but a RawAudioCall. */
  static #of(self: unknown, member: string): RawAudioCall {
    if (typeof self !== 'object' || self === null || !(#state in self)) {
      throw new TypeError(`RawAudioCall.${member} called on ${typeName(self)}, not a RawAudioCall`);
    }
    return self as RawAudioCall;
  }

  /** True once the call is over and every frame it produced was read: reads then answer null / end. */
  get ended(): boolean {
    return RawAudioCall.#of(this, 'ended').#ended;
  }

  /** Every frame dropped so far, as the reads reported them. */
  get dropped(): number {
    return RawAudioCall.#of(this, 'dropped').#dropped;
  }

  /**
   * Takes the frames waiting now, at most `maxFrames` (1 to 4,096; 1,024 by default), without
   * waiting: an empty batch when none is. Null once {@link RawAudioCall.ended}.
   * @throws RangeError for `maxFrames` out of range, TypeError for a non-number.
   */
  read(maxFrames: number = DEFAULT_READ_FRAMES): AudioFrameBatch | null {
    const self = RawAudioCall.#of(this, 'read');
    checkInteger(maxFrames, 'maxFrames', 1, MAX_BUFFER_FRAMES);
    if (self.#ended) return null;
    const taken = self.#state.closed ? null : self.#state.native.takeAudioFrames(self.lobbyId, maxFrames);
    if (!taken || taken.closed) self.#end();
    // The end, with nothing more to report.
    if (!taken || (taken.closed && taken.frames.length === 0 && taken.dropped === 0)) return null;
    self.#dropped += taken.dropped;
    return { lobbyId: self.lobbyId, frames: taken.frames.map(toAudioFrame), dropped: taken.dropped };
  }

  /**
   * Whether the engine plays a remote user's received audio itself (the vendor's `outShouldMute`,
   * applied on the voice thread from this setting: JS is not asked per frame). Without `userId`,
   * the setting of every user without one of their own (and those are forgotten). Returns false
   * once the call is over.
   * @throws TypeError when `muted` is not a boolean; RangeError for a malformed user id.
   */
  mutePlayback(muted: boolean, userId?: SnowflakeInput): boolean {
    const self = RawAudioCall.#of(this, 'mutePlayback');
    checkBoolean(muted, 'muted');
    const id = userId === undefined ? '0' : toSnowflake(userId, 'userId');
    return !self.#ended && !self.#state.closed && self.#state.native.setAudioPlaybackMuted(self.lobbyId, id, muted);
  }

  /** Batches as they come, until the call is over; a batch with no frame only reports drops. */
  [Symbol.asyncIterator](): AsyncIterator<AudioFrameBatch> {
    return RawAudioCall.#of(this, '[Symbol.asyncIterator]').#batches();
  }

  async *#batches(): AsyncGenerator<AudioFrameBatch> {
    for (;;) {
      const batch = this.read();
      if (!batch) return;
      if (batch.frames.length > 0 || batch.dropped > 0) {
        yield batch;
        continue;
      }
      if (this.#ended) return;
      // The take re-armed the engine's wake: the next frame (or the call's end) posts it.
      await new Promise<void>((resolve) => (this.#wake = resolve));
    }
  }

  /** The pump's RawAudio event: frames wait, or the call ended. */
  #wakeReader(): void {
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }

  /** No frame will come: a waiting reader finds the end. */
  #end(): void {
    if (this.#ended) return;
    this.#ended = true;
    const calls = OPEN.get(this.#state);
    if (calls?.get(this.lobbyId) === this) calls.delete(this.lobbyId);
    this.#wakeReader();
  }
}

function toAudioFrame(frame: NativeAudioFrame): AudioFrame {
  return {
    source: frame.captured ? 'captured' : 'received',
    userId: frame.userId,
    index: frame.index,
    sampleRate: frame.sampleRate,
    channels: frame.channels,
    samples: frame.samples,
  };
}

declare module '../client/client.js' {
  interface Client {
    /**
     * Joins a lobby's call as {@link Client.startCall} does, with its raw audio
     * (`StartCallWithAudioCallbacks`): the local microphone's frames (before they are processed
     * and sent) and each remote user's received frames, as signed 16-bit PCM with their sample
     * rate and channels. Resolves once the call is `connected` with the {@link RawAudioCall} to
     * read them from; rejects as `startCall()` does.
     *
     * The voice engine never waits for JS: frames wait in a ring of `bufferFrames`, and when it is
     * full new frames are dropped and counted. The vendor lets the game change the samples in
     * place and mute their playback from inside the callback; JS cannot answer on the voice
     * thread, so the samples are a copy and playback muting is a setting held natively
     * (`mutePlayback`, {@link RawAudioCall.mutePlayback}). Not carried to Electron renderers.
     * @throws (rejects) TypeError / RangeError for bad options or a malformed lobby id, before
     * anything is started.
     * @example
     * const audio = await client.startCallWithAudio(lobbyId, { bufferFrames: 512 });
     * for await (const batch of audio) record(batch.frames);
     */
    startCallWithAudio(lobbyId: SnowflakeInput, options?: StartCallWithAudioOptions): Promise<RawAudioCall>;
  }
}

defineClientMethods({
  startCallWithAudio(lobbyId: SnowflakeInput, options?: StartCallWithAudioOptions): Promise<RawAudioCall> {
    let bufferFrames: number;
    let mutePlayback: boolean;
    try {
      const given = checkOptions(options);
      bufferFrames = checkInteger(given.bufferFrames ?? DEFAULT_BUFFER_FRAMES, 'options.bufferFrames', 1, MAX_BUFFER_FRAMES);
      mutePlayback = checkBoolean(given.mutePlayback ?? false, 'options.mutePlayback');
    } catch (error) {
      return Promise.reject(error);
    }
    let call: RawAudioCall | undefined;
    return joinCall(this, 'startCallWithAudio', lobbyId, (state, id) => {
      const failure = state.native.startCallWithAudio(id, bufferFrames, mutePlayback);
      if (failure) return failure;
      // Registered before the call connects: the engine's first wake may come before JS hears so.
      call = new RawAudioCall(MAKE, state, id);
      const calls = openCalls(state);
      const earlier = calls.get(id);
      if (earlier) endCall(earlier);
      calls.set(id, call);
      return null;
    }).then(
      () => call!,
      (error: unknown) => {
        if (call) endCall(call);
        throw error;
      },
    );
  },
});

registerEventHandlers({
  RawAudio: (client, lobbyId) => {
    const state = getRuntime().stateOf(client);
    const call = state && OPEN.get(state)?.get(lobbyId);
    if (call) wakeCall(call);
  },
});
