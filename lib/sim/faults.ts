/**
 * Fault injection for the simulator: which calls can be failed, and the failure to answer with.
 * @module
 */
import type { ErrorType } from '../common/errors.js';
import { limits } from '../common/limits.js';
import { CALL_KINDS, ErrorType as ErrorTypeValues, type SimulatedCall } from '../generated/seam.js';
import type { SnowflakeInput } from '../model/ids.js';
import type { User } from '../model/user.js';
import type { NativeFailureSpec } from '../addon/native.js';
import { checkBoolean, checkInteger, checkOneOf, checkText, describe, typeName } from '../common/validate.js';

export type { SimulatedCall } from '../generated/seam.js';

/** The error types a backend can report (the vendor's `ErrorType`, without `None`; `RateLimited` is the REST client's own). */
export type BackendErrorType = Exclude<ErrorType, 'None' | 'UnsupportedSdk' | 'RateLimited'>;

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

/** Every error type but None: the values are the vendor's (generated from seam/seam.json). */
const ERROR_TYPE_VALUES: Readonly<Record<BackendErrorType, number>> = (({ None: _none, ...reported }) => reported)(ErrorTypeValues);

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

/** Options of {@link Simulator.failNext}. */
export interface FailNextOptions {
  /** How many calls fail. Default 1. */
  count?: number;
  /** The failure they answer with. */
  error: InjectedFailure;
  /** Only calls by this user's clients; any client when absent. */
  user?: User | SnowflakeInput;
}
