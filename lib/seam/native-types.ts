/**
 * The data shapes that cross the native seam. Those the addon's converters build, the harness's
 * views included (what NativeWorld answers, native/napi/world_wrap*.cc), are generated from
 * seam/payloads.json into lib/generated/payloads.ts and re-exported here; the ones below are
 * hand-written: what JS hands the native side (overwrites, member updates, planned failures,
 * backend options), read there by hand-written `*FromJs` code, and the raw audio frames (their
 * samples are an Int16Array, which no payload kind describes: napi/client_wrap_raw_audio.cc). The tables, the event decoder
 * and the NativeClient type are generated from seam/seam.json into lib/generated/seam.ts.
 * @internal
 * @module
 */
import type { NativeFailure, NativeMetadata } from '../generated/payloads.js';

export * from '../generated/payloads.js';

/** A permission overwrite of a simulated channel; userId '0' is `@everyone`; permission bits. */
export interface NativeOverwrite {
  /** The member, '0' for @everyone, or with `role` the role's id (@everyone's is the guild's). */
  userId: string;
  allow: number;
  deny: number;
  /** The target is a role. */
  role?: boolean;
}

/** A planned failure for the simulator's fault injection: the same shape as a reported one. */
export type NativeFailureSpec = NativeFailure;

/** One entry of a bulk member update. */
export interface NativeMemberUpdate {
  userId: string;
  remove: boolean;
  metadata?: NativeMetadata;
  additionalName?: string | null;
  flags?: number;
}

/** Backend settings of `sdk::ClientOptions`; the simulator ignores them. */
export interface NativeBackendOptions {
  apiBase?: string;
  webBase?: string;
  runCallbacksIntervalMs?: number;
  /** `ClientCreateOptions::SetCpuAffinityMask`, 0 to 2^64 - 1 (the simulator records it). */
  cpuAffinityMask?: bigint;
  /** `ClientCreateOptions::SetExperimentalAudioSystem`: an AudioSystem value (the simulator records it). */
  experimentalAudioSystem?: number;
  /** `ClientCreateOptions::SetExperimentalAndroidPreventCommsForBluetooth` (the simulator records it). */
  experimentalAndroidPreventCommsForBluetooth?: boolean;
}

/** One PCM frame of a call's raw audio (`sdk::AudioFrame`). */
export interface NativeAudioFrame {
  /** The local microphone's audio; else a remote user's. */
  captured: boolean;
  /** The remote user; null for captured audio. */
  userId: string | null;
  /** The ring's count of frames handed over, dropped ones included. */
  index: number;
  sampleRate: number;
  channels: number;
  /** Interleaved signed 16-bit samples, a copy owned by JS. */
  samples: Int16Array;
}

/** What one `takeAudioFrames` took from a call's raw-audio ring. */
export interface NativeAudioFrames {
  frames: NativeAudioFrame[];
  /** Frames dropped since the previous take (the ring was full). */
  dropped: number;
  /** The call is over: no frame follows those taken. */
  closed: boolean;
}
