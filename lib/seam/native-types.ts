/**
 * The data shapes that cross the native seam. Those the addon's converters build are generated
 * from seam/payloads.json into lib/generated/payloads.ts and re-exported here; the ones below are
 * hand-written: what JS hands the harness (overwrites, member updates, backend options) and the
 * harness's own views, converted in native/napi/world_wrap*.cc. The tables, the event decoder and
 * the NativeClient type are generated from seam/seam.json into lib/generated/seam.ts.
 * @internal
 * @module
 */
import type { NativeAudioDevice, NativeFailure, NativeLobby, NativeMetadata, NativeVoiceSettings } from '../generated/payloads.js';

export * from '../generated/payloads.js';

/** What only the game backend sees of a lobby (the simulator's server view). */
export interface NativeServerLobby extends NativeLobby {
  applicationId: string;
  hasSecret: boolean;
  idleTimeoutSeconds: number;
  members: { id: string; metadata: NativeMetadata; connected: boolean; additionalName: string | null; flags: number }[];
}

/** A permission overwrite of a simulated channel; userId '0' is `@everyone`; permission bits. */
export interface NativeOverwrite {
  userId: string;
  allow: number;
  deny: number;
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

/** A simulated user's machine, as the harness sees it. */
export interface NativeMachineAudio {
  inputDevices: NativeAudioDevice[];
  outputDevices: NativeAudioDevice[];
  /** dBFS, -100 (silence) to 0. */
  inputLevel: number;
}

/** A simulated user's local chat client, as the harness sees it. */
export interface NativeChatClient {
  running: boolean;
  rpcConnected: boolean;
  voiceSettings: NativeVoiceSettings;
}

/** Backend settings of `sdk::ClientOptions`; the simulator ignores them. */
export interface NativeBackendOptions {
  apiBase?: string;
  webBase?: string;
  runCallbacksIntervalMs?: number;
  /** `ClientCreateOptions::SetCpuAffinityMask`, 0 to 2^64 - 1 (the simulator records it). */
  cpuAffinityMask?: bigint;
}

/** A lobby channel invite (a single-use guild invite to the lobby's linked channel). */
export interface NativeChannelInvite {
  code: string;
  guildId: string;
  channelId: string;
  lobbyId: string;
  targetUserId: string;
  /** World clock, ms since the Unix epoch. */
  expiresAt: number;
}

/** A guild audit log entry the simulator records; `actionType` is the service's number (192, 193). */
export interface NativeAuditLogEntry {
  actionType: number;
  userId: string;
  targetId: string;
  status: string | null;
  reason: string | null;
  /** World clock, ms since the Unix epoch. */
  at: number;
}
