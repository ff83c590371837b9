/**
 * Fault injection for the simulator: which calls can be failed, and the failure to answer with.
 * @module
 */
import type { ErrorType } from '../errors.js';
import { limits } from '../limits.js';
import type { NativeFailureSpec } from '../native.js';
import { checkBoolean, checkInteger, checkOneOf, checkText, describe, typeName } from '../validate.js';

/** The simulated calls that {@link Simulator.failNext} can fail and {@link Simulator.setLatency} delays. */
export type SimulatedCall =
  | 'connect'
  | 'createOrJoinLobby'
  | 'leaveLobby'
  | 'sendLobbyMessage'
  | 'getLobbyMessages'
  /** Joining a lobby's voice call; a failure ends the call with `signalingConnectionFailed` (the error's `code` as the detail). */
  | 'startCall'
  /** The RPC read of the chat client's voice settings. */
  | 'getVoiceSettings'
  | 'getUserGuilds'
  | 'getGuildChannels'
  | 'sendUserMessage'
  | 'editUserMessage'
  | 'deleteUserMessage'
  /** Only the fetch from the service: a read the client's local cache serves is not a call. */
  | 'getUserMessages'
  | 'getUserMessageSummaries'
  /** Publishing rich presence. */
  | 'updateRichPresence'
  /** Clearing it: reports nothing, so a failed clear is only logged (warning) and the activity stays. */
  | 'clearRichPresence';

/** @internal The native CallKind of each call (native/sim/interference.h). */
export const CALL_KINDS: Readonly<Record<SimulatedCall, number>> = {
  connect: 0,
  createOrJoinLobby: 1,
  leaveLobby: 2,
  sendLobbyMessage: 3,
  getLobbyMessages: 4,
  startCall: 5,
  getVoiceSettings: 6,
  getUserGuilds: 7,
  getGuildChannels: 8,
  sendUserMessage: 9,
  editUserMessage: 10,
  deleteUserMessage: 11,
  getUserMessages: 12,
  getUserMessageSummaries: 13,
  updateRichPresence: 14,
  clearRichPresence: 15,
};

/** The error types a backend can report (the vendor's `ErrorType`, without `None`). */
export type BackendErrorType = Exclude<ErrorType, 'None' | 'UnsupportedSdk'>;

/** The failure an injected fault answers with (a `ClientResult`). */
export interface InjectedFailure {
  /** Any error type the SDK reports, e.g. `NetworkError` or `HTTPError`. */
  type: BackendErrorType;
  /** The service's error code; for `connect`, the gateway close code the status change reports. */
  code?: number;
  /** HTTP status, for `HTTPError`. */
  status?: number;
  retryable?: boolean;
  /** Seconds, for rate limits. */
  retryAfter?: number;
  message?: string;
}

const ERROR_TYPE_VALUES: Readonly<Record<BackendErrorType, number>> = {
  NetworkError: 1,
  HTTPError: 2,
  ClientNotReady: 3,
  Disabled: 4,
  ClientDestroyed: 5,
  ValidationError: 6,
  Aborted: 7,
  AuthorizationFailed: 8,
  RPCError: 9,
};

/** @internal Checks a call name. */
export function callKind(call: unknown): number {
  return CALL_KINDS[checkOneOf(call, Object.keys(CALL_KINDS) as SimulatedCall[], 'call')];
}

/** @internal Checks a failure and gives it the native shape. */
export function toFailureSpec(failure: InjectedFailure): NativeFailureSpec {
  if (typeof failure !== 'object' || failure === null || Array.isArray(failure)) {
    throw new TypeError(`error must be an object, got ${typeName(failure)}`);
  }
  const type = checkOneOf(failure.type, Object.keys(ERROR_TYPE_VALUES) as BackendErrorType[], 'error.type');
  const integer = (value: unknown, name: string, max: number): number =>
    value === undefined ? 0 : checkInteger(value, `error.${name}`, 0, max);
  const retryAfter: unknown = failure.retryAfter ?? 0;
  if (typeof retryAfter !== 'number') throw new TypeError(`error.retryAfter must be a number of seconds, got ${typeName(retryAfter)}`);
  if (!Number.isFinite(retryAfter) || retryAfter < 0) {
    throw new RangeError(`error.retryAfter must be a non-negative number of seconds, got ${describe(retryAfter)}`);
  }
  const message = checkText(failure.message ?? `injected ${type}`, 'error.message', 0, limits.injectedErrorMessageLength);
  return {
    type: ERROR_TYPE_VALUES[type],
    code: integer(failure.code, 'code', 0x7fffffff),
    status: integer(failure.status, 'status', 599),
    retryable: checkBoolean(failure.retryable ?? false, 'error.retryable'),
    retryAfter,
    message,
  };
}
