/**
 * The one seam between TypeScript and the native addon: the loader and the full type of what the
 * addon exports. Everything here is internal; the public API wraps it.
 * @internal
 * @module
 */
import * as path from 'node:path';

export * from '../seam/native-types.js';
export {
  EVENT_INTS,
  EventKind,
  type EventHandlers,
  type NativeClient,
  type NativeDispatcher,
  type NativePayload,
} from '../generated/seam.js';
export type { NativeWorld } from '../generated/world.js';
import type { NativeClient, NativeDispatcher } from '../generated/seam.js';
import type { NativeWorld } from '../generated/world.js';
import { PAYLOAD_BUILDERS } from '../generated/payload-builders.js';
import { messageFactory } from '../generated/payload-factories.js';
import type { NativeBackendOptions, NativeFeatures, NativeVersion } from '../seam/native-types.js';

export interface NativeClientConstructor {
  /** `backendSource`: a simulated world, or 'vendor' for the real SDK library (when built). */
  new (
    backendSource: NativeWorld | 'vendor',
    clientId: number,
    applicationId: string,
    minLogSeverity: number,
    options?: NativeBackendOptions,
  ): NativeClient;
}

export interface NativeWorldConstructor {
  /** `startMs`: where the world's clock starts (ms since the Unix epoch); the host's time when absent. */
  new (version: NativeVersion & { startMs?: number }): NativeWorld;
}

/** See {@link NativeBinding.pumpStats}. */
export interface NativePumpStats {
  readonly capacity: number;
  readonly queued: number;
  readonly highWater: number;
  readonly producerWaits: number;
  /** Turns the pump has run, and batches (JS calls) it has delivered, since it started. */
  readonly turns: number;
  readonly batches: number;
}

export interface NativeBinding {
  /**
   * Receives every batch of events of this environment (one call per batch): `(ints, ...payloads)`,
   * one payload argument per event, which spares the pump filling an array element by element
   * through N-API. `scheduleTurn` is called when a turn left callbacks over; it must call `drain()`
   * after the event loop turned.
   */
  setDispatcher(dispatcher: NativeDispatcher, scheduleTurn: () => void): void;
  /** Runs the pump's next turn (see setDispatcher). */
  drain(): void;
  /** Closes every live native client of this environment, joining their threads. */
  closeAll(): void;
  /** Whether the pump keeps the event loop alive. */
  setKeepAlive(keepAlive: boolean): void;
  /** Benchmark baseline: one JS call per event instead of one per batch. */
  setPerEventDelivery(perEvent: boolean): void;
  /** Benchmark baseline: `false` lets a pump turn run past its time budget (only its callback count bounds it). */
  setSlicedTurns(sliced: boolean): void;
  noop(): void;
  /**
   * Benchmark baseline: a native thread, blocked until `trigger()`, that calls `callback` through a
   * ThreadSafeFunction and does nothing else (the physical floor of an event's latency).
   * `close()` joins the thread.
   */
  WakeProbe: new (callback: () => void) => { trigger(): void; close(): void };
  /** The pump queue of this environment: its bound, what is queued now, the most ever queued, and how often a backend thread waited for room. */
  pumpStats(): NativePumpStats;
  /**
   * Hands the addon the function that builds message objects (lib/generated/payload-factories.ts):
   * one JS call per message with its fields, instead of a property set per field through N-API.
   * loadBinding() calls it; a message converted before it is set is a JS Error.
   */
  setMessageFactory(factory: typeof messageFactory): void;
  /**
   * Hands the addon the functions that build the payloads described `build: literal`
   * (lib/generated/payload-builders.ts, in its order): one JS call per view with its fields.
   * loadBinding() calls it; a view converted before it is set is a JS Error.
   */
  setPayloadBuilders(builders: typeof PAYLOAD_BUILDERS): void;
  /** The compiled C++ values of the seam's tables (see test/seam.test.ts). */
  seamTables(): {
    enums: Record<string, Record<string, number>>;
    events: Record<string, number>;
    calls: Record<string, number>;
    eventInts: number;
    /** Every payload's fields, `name:kind` in JS order (seam/payloads.json). */
    payloads: Record<string, string[]>;
  };
  /** The compiled-in backends: 'sim', and 'vendor' when built with SOCIAL_SDK_DIR. */
  readonly backends: readonly string[];
  /** The vendor library's version; present only when the vendor backend is compiled in. */
  readonly vendorVersion?: () => NativeVersion;
  /** The optional APIs the vendor header declared at build time; present only with the vendor backend. */
  readonly vendorFeatures?: () => NativeFeatures;
  readonly NativeClient: NativeClientConstructor;
  readonly NativeWorld: NativeWorldConstructor;
}

/** Where the package (and so build/ and prebuilds/) lives: two levels above lib/addon/ or dist/addon/. */
export const packageRoot = path.resolve(__dirname, '..', '..');

interface NodeGypBuild {
  (dir: string): unknown;
  resolve(dir: string): string;
}

let binding: NativeBinding | undefined;
let bindingPath: string | undefined;

/** Loads the addon once per environment (main thread or worker). */
export function loadBinding(): NativeBinding {
  if (binding) return binding;
  const load = require('node-gyp-build') as NodeGypBuild;
  try {
    bindingPath = load.resolve(packageRoot);
    binding = load(packageRoot) as NativeBinding;
  } catch (cause) {
    throw new Error(loadFailureMessage(cause), { cause });
  }
  if (typeof binding.NativeClient !== 'function' || typeof binding.setDispatcher !== 'function' || typeof binding.setMessageFactory !== 'function' || typeof binding.setPayloadBuilders !== 'function') {
    const found = bindingPath;
    binding = undefined;
    throw new Error(`social-sdk-node: ${found} is not this version's addon (exports do not match); rebuild it with \`npm rebuild social-sdk-node --build-from-source\``);
  }
  binding.setMessageFactory(messageFactory);
  binding.setPayloadBuilders(PAYLOAD_BUILDERS);
  return binding;
}

/** The file the addon was loaded from, once loaded. */
export function loadedBindingPath(): string | undefined {
  return bindingPath;
}

function loadFailureMessage(cause: unknown): string {
  const tuple = `${process.platform}-${process.arch}`;
  const napi = process.versions.napi ?? 'unknown';
  const tried = [
    path.join(packageRoot, 'build', 'Release'),
    path.join(packageRoot, 'build', 'Debug'),
    path.join(packageRoot, 'prebuilds', tuple),
  ];
  const reason = (cause instanceof Error ? cause.message.split('\n')[0] : undefined) ?? String(cause);
  if (/discord_partner_sdk/.test(reason)) return vendorLibraryMissing(reason);
  return [
    `social-sdk-node: could not load the native addon for ${tuple} (Node ${process.version}, N-API ${napi}).`,
    `Looked in:`,
    ...tried.map((dir) => `  - ${dir}`),
    `Cause: ${reason}`,
    `Build it from source (needs python3, make and a C++17 compiler):`,
    `  npm rebuild social-sdk-node --build-from-source`,
    `or, in a clone of the repository: npm run build`,
  ].join('\n');
}

/**
 * The addon was built with the vendor backend, but the SDK library it links could not be loaded.
 * @internal exported for tests
 */
export function vendorLibraryMissing(reason: string): string {
  const file = { win32: 'discord_partner_sdk.dll', darwin: 'libdiscord_partner_sdk.dylib' }[process.platform as string] ?? 'libdiscord_partner_sdk.so';
  return [
    `social-sdk-node: this build uses the vendor SDK, but its library ${file} could not be loaded.`,
    `It must sit next to the addon (${path.join(packageRoot, 'build', 'Release')} or prebuilds/${process.platform}-${process.arch}); the build copies it there from SOCIAL_SDK_DIR.`,
    `Cause: ${reason}`,
    `Rebuild with the SDK (SOCIAL_SDK_DIR=/path/to/discord_social_sdk npm rebuild social-sdk-node --build-from-source),`,
    `or rebuild without SOCIAL_SDK_DIR to use the simulator only.`,
  ].join('\n');
}
