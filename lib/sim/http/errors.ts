/**
 * How the simulated HTTP service refuses a request: the service's error body
 * (`{ code, message, errors? }`, server API reference §7) with an HTTP status.
 * @internal
 * @module
 */

/** A refusal on its way to the client as an error response. */
export class ServiceRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    /** `errors` of the body: field path -> `{ _errors: [{ code, message }] }`. */
    readonly errors?: Record<string, unknown>,
    /** Extra response headers (rate limits). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ServiceRefusal';
  }

  body(): Record<string, unknown> {
    return { code: this.code, message: this.message, ...(this.errors ? { errors: this.errors } : {}) };
  }

  /** Whether the service counts it as an invalid request (401, 403 or 429: server API reference §6.1). */
  get invalid(): boolean {
    return this.status === 401 || this.status === 403 || this.status === 429;
  }
}

/**
 * Who a 429 is for (the docs' `X-RateLimit-Scope`): `user` a limit of the caller (its bucket),
 * `global` the caller's global limit, `shared` a limit of the resource, not counted against the
 * caller.
 */
export type RateLimitScope = 'user' | 'global' | 'shared';

/**
 * A 429 as the public rate-limit docs show it (discord-api-docs developers/topics/rate-limits.mdx,
 * "Exceeding A Rate Limit"): `Retry-After`, `X-RateLimit-Scope` (and `X-RateLimit-Global` for the
 * global limit) besides the route's bucket headers, and the body `{ message, retry_after, global }`
 * with a `code` only where the limit has one ("code? ... for some limits"): none of the service's
 * own limits does, so 0 leaves it out.
 */
export class RateLimitRefusal extends ServiceRefusal {
  constructor(
    /** Seconds to wait (decimals allowed). */
    readonly retryAfter: number,
    readonly scope: RateLimitScope,
    bucketHeaders: Record<string, string>,
    message = scope === 'shared' ? 'The resource is being rate limited.' : 'You are being rate limited.',
    code = 0,
  ) {
    super(429, code, message, undefined, {
      ...bucketHeaders,
      'Retry-After': String(Math.ceil(retryAfter)),
      'X-RateLimit-Scope': scope,
      ...(scope === 'global' ? { 'X-RateLimit-Global': 'true' } : {}),
    });
  }

  override body(): Record<string, unknown> {
    return { message: this.message, retry_after: Number(this.retryAfter.toFixed(3)), global: this.scope === 'global', ...(this.code === 0 ? {} : { code: this.code }) };
  }

  /** "429 errors returned with X-RateLimit-Scope: shared are not counted against you" (rate-limits.mdx). */
  override get invalid(): boolean {
    return this.scope !== 'shared';
  }
}

/**
 * 400 Invalid Form Body (50035) for one field, with the check's own message. `field` is a dotted
 * path (`members.0.id`), which the body nests as the service does
 * (`{ members: { 0: { id: { _errors: [...] } } } }`: the description's ErrorDetails); `_errors`
 * is the request as a whole (`{ _errors: [...] }`).
 */
export function invalidForm(field: string, message: string, code: 'BASE_TYPE_INVALID' | 'BASE_TYPE_REQUIRED' = 'BASE_TYPE_INVALID'): ServiceRefusal {
  const leaf: Record<string, unknown> = { _errors: [{ code, message }] };
  const errors = field === '_errors' ? leaf : field.split('.').reduceRight<Record<string, unknown>>((inner, key) => ({ [key]: inner }), leaf);
  // The message is the service's own ("Invalid Form Body", docs reference.mdx "Error Messages"); the
  // detail is in `errors`.
  return new ServiceRefusal(400, 50035, 'Invalid Form Body', errors);
}

export function unauthorized(): ServiceRefusal {
  return new ServiceRefusal(401, 0, '401: Unauthorized');
}

export function notFound(code: number, message: string): ServiceRefusal {
  return new ServiceRefusal(404, code, message);
}

/**
 * Runs a check of the package's validators (lib/common/validate.ts: the same checks the client and the
 * harness apply) on a request field: its TypeError/RangeError becomes a 400 for that field.
 */
export function field<T>(name: string, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof TypeError || error instanceof RangeError) throw invalidForm(name, error.message);
    throw error;
  }
}

/**
 * Runs a world operation: a refusal the native world reports (a RangeError with the service's
 * `status` and `code`) becomes the service's error response; a plain RangeError (bad input the
 * world caught) a 400 Invalid Form Body.
 */
export function worldCall<T>(operation: () => T): T {
  try {
    return operation();
  } catch (error) {
    if (error instanceof RangeError) {
      const { status, code } = error as RangeError & { status?: unknown; code?: unknown };
      if (typeof status === 'number' && typeof code === 'number') throw new ServiceRefusal(status, code, error.message);
      throw invalidForm('_errors', error.message);
    }
    if (error instanceof TypeError) throw invalidForm('_errors', error.message);
    throw error;
  }
}

/**
 * The OAuth2 error codes the simulated endpoints answer: RFC 6749 §5.2's, and RFC 8628 §3.5's for
 * the device_code grant's polls.
 */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'authorization_pending'
  | 'slow_down'
  | 'access_denied'
  | 'expired_token';

/**
 * A refusal of the OAuth2 endpoints, which answer with the OAuth2 error body
 * (`{ error, error_description }`, RFC 6749 §5.2; server API reference §4.3) instead of the
 * service's `{ code, message }`. The description never holds a code, a token or a secret.
 */
export class OAuthRefusal extends ServiceRefusal {
  constructor(
    status: number,
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(status, 0, `${error}: ${description}`, undefined, status === 401 ? { 'WWW-Authenticate': 'Basic realm="oauth2"' } : {});
  }

  override body(): Record<string, unknown> {
    return { error: this.error, error_description: this.description };
  }
}
