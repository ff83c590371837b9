/**
 * The remote link's framing: what crosses the WebSocket between a served simulator and the clients
 * and harness of another process. One link per process and served world carries all of that
 * process's sessions (its harness and each SDK client), so what the world did reaches the process
 * in the world's order, whichever session it concerns. Frames are JSON text; the method tables
 * and the protocol version are generated from the seam description (lib/generated/remote.ts).
 * @internal
 * @module
 */
import { SocialSdkError, type ErrorType } from '../common/errors.js';
import type { NativeBackendOptions } from '../seam/native-types.js';

export { REMOTE_PROTOCOL } from '../generated/remote.js';

/** The path of the link's WebSocket on a served simulator. */
export const REMOTE_PATH = '/remote/';
/** The header both ends state their protocol version in (the upgrade request and its refusal). */
export const PROTOCOL_HEADER = 'x-social-sdk-remote-protocol';
/** A frame larger than this is refused (and the link closed): 16 MiB. */
export const MAX_FRAME_BYTES = 16 * 1024 * 1024;
/**
 * What a served world keeps queued for one link before it drops it as a client that does not
 * read: 64 MiB (the world goes on; the link's process sees a network drop).
 */
export const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;

/** An error as it crosses: enough to throw the same class with the same details. */
export interface RemoteError {
  name: string;
  message: string;
  type?: ErrorType;
  code?: number;
  status?: number;
}

/** Frames a process sends. `seq` marks a call whose caller waits for the reply of that number. */
export type LinkFrame =
  | { t: 'attach'; seq: number; session: number; applicationId: string; minLogSeverity: number; options: NativeBackendOptions }
  | { t: 'call'; seq?: number; session: number; method: string; args: unknown[] }
  | { t: 'world'; seq?: number; method: string; args: unknown[] };

/** Frames a served world sends. */
export type WorldFrame =
  | { t: 'reply'; seq: number; value?: unknown; error?: RemoteError }
  /** Events in the pump's encoding (five ints each; the client slot is the session), with their payloads. */
  | { t: 'events'; ints: number[]; payloads: unknown[] }
  /** A frame without a `seq` the world refused; the link stays open unless it was malformed. */
  | { t: 'refused'; error: RemoteError };

// JSON cannot say `undefined` (a void result), a bigint (a CPU affinity mask) or an Int16Array (a
// raw audio frame's samples, base64 of their bytes in the platform's order, as both ends run on
// one machine): each crosses as a one-key object no payload of the seam has.
const UNDEFINED = '$undefined';
const BIGINT = '$bigint';
const INT16 = '$int16';

function replacer(_key: string, value: unknown): unknown {
  if (value === undefined) return { [UNDEFINED]: 1 };
  if (typeof value === 'bigint') return { [BIGINT]: value.toString() };
  if (value instanceof Int16Array) return { [INT16]: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') };
  return value;
}

function int16Of(base64: string): Int16Array {
  const bytes = Buffer.from(base64, 'base64');
  // A copy of its own: the samples' byte offset must be even, the decoded buffer's need not be.
  const samples = new Int16Array(bytes.byteLength >> 1);
  new Uint8Array(samples.buffer).set(bytes.subarray(0, samples.byteLength));
  return samples;
}

function reviver(_key: string, value: unknown): unknown {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    if (UNDEFINED in record) return undefined;
    if (typeof record[BIGINT] === 'string') return BigInt(record[BIGINT] as string);
    if (typeof record[INT16] === 'string') return int16Of(record[INT16] as string);
  }
  return value;
}

/** Deeper than any payload nests: a frame past it goes through the replacer (which refuses a cycle). */
const MAX_PLAIN_DEPTH = 32;

/**
 * Whether `value` holds something only the replacer can say (undefined, a bigint, an Int16Array),
 * or something it cannot tell without running it (an object with its own toJSON, a nesting
 * deeper than payloads go). JSON.stringify and JSON.parse call a replacer or reviver for every
 * value: on a getLobby reply (452 characters) the reviver made JSON.parse 3.6 times slower (7.6
 * µs against 2.1), the replacer JSON.stringify 1.3 times; almost no frame needs either.
 */
function needsReplacer(value: unknown, depth: number): boolean {
  if (value === undefined || typeof value === 'bigint') return true;
  if (typeof value !== 'object' || value === null) return false;
  if (depth > MAX_PLAIN_DEPTH || value instanceof Int16Array || typeof (value as { toJSON?: unknown }).toJSON === 'function') return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (needsReplacer(value[i], depth + 1)) return true;
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) if (needsReplacer(record[key], depth + 1)) return true;
  return false;
}

/** A frame as the text sent. */
export function encodeFrame(frame: LinkFrame | WorldFrame): string {
  return needsReplacer(frame, 0) ? JSON.stringify(frame, replacer) : JSON.stringify(frame);
}

/**
 * Whether `text` may hold a marker key: each starts with `$`, which JSON can also write as the
 * escape \u0024. Without either, the reviver would give back every value as it is.
 */
const mayHoldMarker = (text: string): boolean => text.includes('$') || text.includes('\\u0024');

/**
 * Reads a frame; throws a TypeError naming what is wrong (never echoing the text, which may hold
 * a token) when it is not JSON or not one of the frames. Array elements revived to `undefined`
 * stay in place (a reviver's undefined would delete an object's key, but not an array's slot).
 */
export function decodeFrame<T extends LinkFrame | WorldFrame>(text: string, allowed: readonly T['t'][]): T {
  let frame: unknown;
  try {
    frame = mayHoldMarker(text) ? JSON.parse(text, reviver) : JSON.parse(text);
  } catch {
    throw new TypeError(`malformed frame: not JSON (${text.length} characters)`);
  }
  if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) throw new TypeError('malformed frame: not an object');
  const t = (frame as { t?: unknown }).t;
  if (typeof t !== 'string' || !(allowed as readonly string[]).includes(t)) throw new TypeError(`malformed frame: its "t" must be one of ${allowed.join(', ')}`);
  return frame as T;
}

/** An error thrown by a call, as it crosses. */
export function toRemoteError(error: unknown): RemoteError {
  if (error instanceof SocialSdkError) return { name: error.name, message: error.message, type: error.type, code: error.code, status: error.status };
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

/** The error a call threw on the other end, as this end throws it. */
export function fromRemoteError(remote: RemoteError): Error {
  if (remote.type !== undefined) return new SocialSdkError(remote.message, { type: remote.type, code: remote.code ?? 0, status: remote.status ?? 0 });
  if (remote.name === 'TypeError') return new TypeError(remote.message);
  if (remote.name === 'RangeError') return new RangeError(remote.message);
  return new Error(remote.message);
}
