/**
 * The data shapes that cross the native seam. Those the addon's converters build, the harness's
 * views included (what NativeWorld answers, native/napi/world_wrap*.cc), are generated from
 * seam/payloads.json into lib/generated/payloads.ts and re-exported here; the ones below are
 * hand-written: what JS hands the native side (overwrites, member updates, planned failures,
 * backend options), read there by hand-written `*FromJs` code. The tables, the event decoder
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
