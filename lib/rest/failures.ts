/**
 * The errors of the REST client, all `SocialSdkError`s with the failed route: an HTTP error with
 * the service's code and message, a network failure or timeout, a rate limit the client would not
 * wait out, and an abort. Nothing a token could reach is put into them: text from elsewhere (a
 * transport's error message, the service's message) passes through {@link Redactor} first.
 * @internal
 * @module
 */
import { SocialSdkError } from '../common/errors.js';
import type { RateLimitInfo } from './options.js';

/** Replaces every token the client knows of (the bot token, the call's user token) in a text. */
export type Redactor = (text: string) => string;

/** @internal Builds a redactor for these tokens (undefined ones are skipped). */
export function redactorFor(...tokens: readonly (string | undefined)[]): Redactor {
  const secrets = tokens.filter((token): token is string => token !== undefined && token !== '');
  return (text) => secrets.reduce((out, secret) => out.split(secret).join('[redacted]'), text);
}

/** The longest service message or field detail kept in an error message. */
const MAX_TEXT = 500;
/** The most field errors of a 50035 listed in an error message. */
const MAX_FIELD_ERRORS = 5;

function clip(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

/** `{field: {_errors: [{code, message}]}}` (nested by path) as `field: message` lines. */
function fieldErrors(errors: unknown, path: string, out: string[]): void {
  if (out.length >= MAX_FIELD_ERRORS || typeof errors !== 'object' || errors === null) return;
  for (const [key, value] of Object.entries(errors)) {
    if (key === '_errors' && Array.isArray(value)) {
      for (const item of value as unknown[]) {
        if (out.length >= MAX_FIELD_ERRORS) return;
        const message = typeof item === 'object' && item !== null && typeof (item as { message?: unknown }).message === 'string' ? (item as { message: string }).message : 'invalid';
        out.push(`${path === '' ? '(body)' : path}: ${message}`);
      }
    } else {
      fieldErrors(value, path === '' ? key : `${path}.${key}`, out);
    }
  }
}

/**
 * @internal The error of a response with status ≥ 400 (not a 429 the client waited out): the
 * service's `code` and `message` parsed from `{code, message, errors?}`, and for a form error the
 * first fields at fault.
 */
export function httpError(route: string, status: number, body: unknown, redact: Redactor): SocialSdkError {
  let code = 0;
  let serviceMessage = '';
  let oauthError: string | undefined;
  const details: string[] = [];
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const fields = body as { code?: unknown; message?: unknown; errors?: unknown; error?: unknown; error_description?: unknown };
    if (typeof fields.code === 'number' && Number.isFinite(fields.code)) code = fields.code;
    if (typeof fields.message === 'string') serviceMessage = fields.message;
    // The OAuth2 error shape ({error, error_description}).
    else if (typeof fields.error === 'string') {
      serviceMessage = typeof fields.error_description === 'string' ? `${fields.error}: ${fields.error_description}` : fields.error;
      // invalid_grant on a refresh is the deauthorization signal (spec "Authentication" rule 4).
      if (/^[a-z_]{1,64}$/.test(fields.error)) oauthError = fields.error;
    }
    fieldErrors(fields.errors, '', details);
  } else if (typeof body === 'string' && body !== '') {
    serviceMessage = body;
  }
  const what = serviceMessage === '' ? `HTTP ${status}` : `${clip(serviceMessage)} (HTTP ${status}${code === 0 ? '' : `, code ${code}`})`;
  const more = details.length === 0 ? '' : `: ${details.map(clip).join('; ')}`;
  return new SocialSdkError(redact(`${route}: ${what}${more}`), {
    type: 'HTTPError',
    status,
    code,
    retryable: status >= 500 || status === 429,
    route,
    ...(oauthError === undefined ? {} : { oauthError }),
  });
}

/** @internal A request that got no response: a connection failure, a reset, or a timeout. */
export function networkError(route: string, cause: unknown, redact: Redactor): SocialSdkError {
  let detail = 'the request failed';
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code ?? (cause.cause as { code?: unknown } | undefined)?.code;
    detail = `${cause.message}${typeof code === 'string' ? ` (${code})` : ''}`;
  }
  return new SocialSdkError(redact(`${route}: network error: ${clip(detail)}`), { type: 'NetworkError', retryable: true, route });
}

/** @internal A request that got no response within the timeout. */
export function timeoutError(route: string, timeoutMs: number): SocialSdkError {
  return new SocialSdkError(`${route}: network error: no response within ${timeoutMs} ms`, { type: 'NetworkError', retryable: true, route });
}

/** @internal A rate limit the client will not wait out (`rejectOnRateLimit`, or longer than `maxRateLimitWaitMs`). */
export function rateLimitedError(info: RateLimitInfo, why: string): SocialSdkError {
  return new SocialSdkError(`${info.route}: rate limited${info.global ? ' (global limit)' : ''} for ${info.retryAfter} s; not waiting: ${why}`, {
    type: 'RateLimited',
    status: info.fromResponse ? 429 : 0,
    retryable: true,
    retryAfter: info.retryAfter,
    route: info.route,
  });
}

/** @internal The caller aborted the request. */
export function abortedError(route: string): SocialSdkError {
  return new SocialSdkError(`${route}: aborted`, { type: 'Aborted', route });
}

/**
 * @internal Settles with `promise`, or rejects with an `Aborted` error as soon as `signal` aborts
 * (whichever comes first). The listener is removed either way.
 */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined, route: string): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.reject(abortedError(route));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      promise.catch(() => {});
      reject(abortedError(route));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
