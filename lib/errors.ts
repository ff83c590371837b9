import type { NativeFailure } from './native.js';

/**
 * The kinds of failure, with the vendor SDK's names (`discordpp::ErrorType`), plus this package's
 * own `UnsupportedSdk` (a client refused on an end-of-life SDK, or a call the loaded SDK release
 * does not have).
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
  | 'UnsupportedSdk';

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

  constructor(message: string, init: SocialSdkErrorInit) {
    super(message);
    this.name = 'SocialSdkError';
    this.type = init.type;
    this.code = init.code ?? 0;
    this.status = init.status ?? 0;
    this.retryable = init.retryable ?? false;
    this.retryAfter = init.retryAfter ?? 0;
  }

  /** @internal Builds the error a backend reported. */
  static fromNative(failure: NativeFailure, context: string): SocialSdkError {
    const type = ERROR_TYPES[failure.type] ?? 'None';
    return new SocialSdkError(`${context}: ${failure.message || type}`, {
      type,
      code: failure.code,
      status: failure.status,
      retryable: failure.retryable,
      retryAfter: failure.retryAfter,
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
