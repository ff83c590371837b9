import type { NativeFailure } from '../addon/native.js';
import { checkOneOf, describe, typeName } from './validate.js';

/**
 * The kinds of failure, with the vendor SDK's names (`discordpp::ErrorType`), plus this package's
 * own `UnsupportedSdk` (a client refused on an end-of-life SDK, or a call the loaded SDK release
 * does not have) and `RateLimited` (the REST client refused to wait out a rate limit; see
 * `retryAfter`).
 */
export type ErrorType =
  | 'None'
  | 'NetworkError'
  | 'HTTPError'
  | 'ClientNotReady'
  | 'Disabled'
  | 'ClientDestroyed'
  | 'ValidationError'
  | 'Aborted'
  | 'AuthorizationFailed'
  | 'RPCError'
  | 'UnsupportedSdk'
  | 'RateLimited';

/** Indexed by the vendor's integer value. */
const ERROR_TYPES: readonly ErrorType[] = [
  'None',
  'NetworkError',
  'HTTPError',
  'ClientNotReady',
  'Disabled',
  'ClientDestroyed',
  'ValidationError',
  'Aborted',
  'AuthorizationFailed',
  'RPCError',
];

const ALL_ERROR_TYPES: readonly ErrorType[] = [...ERROR_TYPES, 'UnsupportedSdk', 'RateLimited'];

function finiteOrZero(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function optionalNumber(value: unknown, field: string): number {
  if (value === undefined) return 0;
  if (typeof value !== 'number') throw new TypeError(`SocialSdkError: init.${field} must be a number, got ${typeName(value)}`);
  if (!Number.isFinite(value)) throw new RangeError(`SocialSdkError: init.${field} must be a finite number, got ${describe(value)}`);
  return value;
}

/** Details of a {@link SocialSdkError}. */
export interface SocialSdkErrorInit {
  type: ErrorType;
  /** The service's numeric error code (e.g. 530017), or the gateway close code for connection failures. 0 when none. */
  code?: number;
  /** HTTP status for `HTTPError`; 0 otherwise. */
  status?: number;
  /** Whether retrying the same operation may succeed. */
  retryable?: boolean;
  /** Seconds to wait before retrying (rate limits); 0 when not given. */
  retryAfter?: number;
  /**
   * The HTTP route that failed, as `METHOD /path` with every ID replaced by a placeholder (e.g.
   * `'POST /lobbies/:id/members/bulk'`); never a token. Only errors of the REST client have one.
   */
  route?: string;
  /**
   * The OAuth2 error of a refused token request (`'invalid_grant'`): the code or refresh token is
   * no good. For a refresh, the spec says to treat it like the APPLICATION_DEAUTHORIZED webhook:
   * the user removed the app, was banned, or the token was revoked. Only token errors have one.
   */
  oauthError?: string;
}

/**
 * The one error class of the package. Every promise-returning method rejects with it (or with a
 * `TypeError`/`RangeError` for malformed input). Its message never contains a token or secret.
 */
export class SocialSdkError extends Error {
  readonly type: ErrorType;
  readonly code: number;
  readonly status: number;
  readonly retryable: boolean;
  readonly retryAfter: number;
  /** The HTTP route that failed (`'PUT /lobbies/:id/members/:id'`); set only by the REST client. */
  // `declare`: no field is emitted, so errors without a route have no `route` own property at all.
  declare readonly route?: string;
  /** The OAuth2 error of a refused token request (`'invalid_grant'`); set only on those. */
  declare readonly oauthError?: string;

  /**
   * @param message What went wrong (never a token or secret).
   * @param init The details; `type` is required.
   * @throws TypeError when `message` is not a string or `init` not an object; RangeError for an
   * unknown `type` or a field out of range.
   */
  constructor(message: string, init: SocialSdkErrorInit) {
    if (typeof message !== 'string') throw new TypeError(`SocialSdkError: message must be a string, got ${typeName(message)}`);
    if (typeof init !== 'object' || init === null || Array.isArray(init)) {
      throw new TypeError(
        `SocialSdkError: the second argument must be an object with a type (one of ${ALL_ERROR_TYPES.join(', ')}), got ${typeName(init)}`,
      );
    }
    const type = checkOneOf(init.type, ALL_ERROR_TYPES, 'SocialSdkError: init.type');
    const code = optionalNumber(init.code, 'code');
    const status = optionalNumber(init.status, 'status');
    const retryAfter = optionalNumber(init.retryAfter, 'retryAfter');
    const retryable = init.retryable ?? false;
    if (typeof retryable !== 'boolean') throw new TypeError(`SocialSdkError: init.retryable must be a boolean, got ${typeName(retryable)}`);
    const route = init.route;
    if (route !== undefined && typeof route !== 'string') throw new TypeError(`SocialSdkError: init.route must be a string, got ${typeName(route)}`);
    super(message);
    this.name = 'SocialSdkError';
    this.type = type;
    this.code = code;
    this.status = status;
    this.retryable = retryable;
    this.retryAfter = retryAfter;
    // Only REST errors have a route: other errors keep the same own properties as before.
    if (route !== undefined) this.route = route;
    const oauthError = init.oauthError;
    if (oauthError !== undefined && typeof oauthError !== 'string') {
      throw new TypeError(`SocialSdkError: init.oauthError must be a string, got ${typeName(oauthError)}`);
    }
    if (oauthError !== undefined) this.oauthError = oauthError;
  }

  /** @internal Builds the error a backend reported. */
  /** @internal The error of a failure the native layer reported for the operation `context`. */
  static fromNative(failure: NativeFailure, context: string): SocialSdkError {
    if (typeof failure !== 'object' || failure === null) throw new TypeError(`fromNative: failure must be an object, got ${typeName(failure)}`);
    if (typeof context !== 'string') throw new TypeError(`fromNative: context must be a string, got ${typeName(context)}`);
    const type = (typeof failure.type === 'number' && ERROR_TYPES[failure.type]) || 'None';
    const message = typeof failure.message === 'string' && failure.message !== '' ? failure.message : type;
    return new SocialSdkError(`${context}: ${message}`, {
      type,
      code: finiteOrZero(failure.code),
      status: finiteOrZero(failure.status),
      retryable: failure.retryable === true,
      retryAfter: finiteOrZero(failure.retryAfter),
    });
  }
}

/** @internal */
export function clientDestroyed(operation: string): SocialSdkError {
  return new SocialSdkError(`${operation}: the client was closed`, { type: 'ClientDestroyed' });
}

/**
 * @internal Gives an error raised later (in an event from the pump) the stack of the call that
 * started the operation, so the user's own frame shows instead of the dispatcher's.
 */
export function withCallSite<E extends Error>(error: E, callSite: Error): E {
  const frames = callSite.stack?.split('\n').slice(1).join('\n');
  if (frames) error.stack = `${error.name}: ${error.message}\n${frames}`;
  return error;
}
