/**
 * The shapes of the OAuth2 sign-in (Client.authorize, getToken, refreshToken): the PKCE pair,
 * the authorization code, the token set and the token's user; the check of a PKCE challenge and
 * the conversions from the seam, which keep their secrets out of inspect and JSON output.
 * @module
 */
import { hidden } from '../common/hidden.js';
import { checkOneOf, typeName } from '../common/validate.js';
import { IntegrationType } from '../generated/seam.js';
import type { NativeTokenExchange } from '../addon/native.js';
import type { Snowflake } from './ids.js';
import { GrantedTokenSet } from './token-sets.js';

/** A PKCE code challenge (`AuthorizationCodeChallenge`): what `authorize` sends. Not a secret. */
export interface AuthorizationCodeChallenge {
  /** Always `'S256'`: base64url(SHA-256(verifier)), the only method the SDK has. */
  readonly method: 'S256';
  /** The challenge, 43 base64url characters. */
  readonly challenge: string;
}

/**
 * A PKCE pair (`AuthorizationCodeVerifier`, RFC 7636). Keep it until the token exchange: the
 * challenge goes with `authorize`, the verifier with `getToken`. The verifier is a secret:
 * `util.inspect` and `JSON.stringify` show `[REDACTED]` in its place.
 */
export interface AuthorizationCodeVerifier {
  /** The verifier, 43 base64url characters from 32 random bytes. A secret. */
  readonly verifier: string;
  readonly challenge: AuthorizationCodeChallenge;
}

/**
 * What {@link Client.authorize} resolves: the authorization code (a secret: `util.inspect` and
 * `JSON.stringify` show `[REDACTED]` in its place) and the redirect URI it is bound to. Both go to
 * the token exchange.
 */
export interface Authorization {
  readonly code: string;
  readonly redirectUri: string;
}

/**
 * What the token endpoint answers ({@link Client.getToken}, {@link Client.refreshToken}). The
 * tokens are secrets, read through accessors: `util.inspect` and `JSON.stringify` show
 * `[REDACTED]` in their place, and `{ ...set }`, `structuredClone(set)` and
 * `inspect(set, { customInspect: false })` do not reach them; `revealSecrets()` answers them.
 */
export interface TokenSet {
  /** Give it to {@link Client.updateToken}. */
  readonly accessToken: string;
  /** Spent by the next {@link Client.refreshToken} (which answers a new one). */
  readonly refreshToken: string;
  readonly tokenType: 'Bearer';
  /** Seconds the access token lasts (604800: 7 days). */
  readonly expiresIn: number;
  /** The granted scopes, space-separated. */
  readonly scopes: string;
  /** The two tokens as a plain object: the one way to copy them (e.g. a custom store that serializes them). */
  revealSecrets(): { accessToken: string; refreshToken: string };
}

/** What {@link Client.fetchCurrentUser} answers: the token's user. */
export interface CurrentUser {
  readonly id: Snowflake;
  /** The username. */
  readonly name: string;
}

const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** @internal `authorize`'s `options.codeChallenge`, checked: its challenge. */
export function checkChallenge(value: unknown): string {
  if (typeof value !== 'object' || value === null) throw new TypeError(`options.codeChallenge must be an object, got ${typeName(value)}`);
  const { method, challenge } = value as Partial<AuthorizationCodeChallenge>;
  if (method !== 'S256') throw new RangeError("options.codeChallenge.method must be 'S256'");
  if (typeof challenge !== 'string') throw new TypeError(`options.codeChallenge.challenge must be a string, got ${typeName(challenge)}`);
  if (!CHALLENGE_PATTERN.test(challenge)) throw new RangeError('options.codeChallenge.challenge must be 43 base64url characters (an S256 challenge)');
  return challenge;
}

/** @internal */
export function toTokenSet(value: NativeTokenExchange): TokenSet {
  return new GrantedTokenSet(value);
}

/** @internal The authorization code hidden from inspect and JSON output. */
export function toAuthorization(value: { code: string; redirectUri: string }): Authorization {
  return hidden({ code: value.code, redirectUri: value.redirectUri }, { code: '[REDACTED]', redirectUri: value.redirectUri });
}

/** @internal A verifier object whose inspect and JSON output leave the verifier out. */
export function codeVerifier(verifier: string, challenge: string): AuthorizationCodeVerifier {
  const shown = { verifier: '[REDACTED]', challenge: { method: 'S256', challenge } };
  return hidden({ verifier, challenge: Object.freeze({ method: 'S256' as const, challenge }) }, shown);
}

/** An installation context (`IntegrationType`), by the vendor's name. */
export type IntegrationTypeName = 'GuildInstall' | 'UserInstall';

const INTEGRATION_TYPE_VALUES: Readonly<Record<IntegrationTypeName, number>> = IntegrationType;
const INTEGRATION_TYPES = Object.keys(INTEGRATION_TYPE_VALUES) as IntegrationTypeName[];
/** RFC 3986's scheme: a letter, then letters, digits, `+`, `-` or `.`. */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]{0,63}$/;

/**
 * Checks `authorize()`'s `integrationType` and `customSchemeParam` (`AuthorizationArgs`) and gives
 * them the native shape: the vendor's value or -1, the scheme or ''. Null or left out: none.
 * @internal
 */
export function checkAuthorizationArgs(options: { integrationType?: unknown; customSchemeParam?: unknown }): {
  integrationType: number;
  customSchemeParam: string;
} {
  const { integrationType, customSchemeParam } = options;
  const type = integrationType == null ? -1 : INTEGRATION_TYPE_VALUES[checkOneOf(integrationType, INTEGRATION_TYPES, 'options.integrationType')];
  if (customSchemeParam == null) return { integrationType: type, customSchemeParam: '' };
  if (typeof customSchemeParam !== 'string') throw new TypeError(`options.customSchemeParam must be a string, got ${typeName(customSchemeParam)}`);
  if (!SCHEME.test(customSchemeParam)) {
    throw new RangeError('options.customSchemeParam must be a URI scheme: a letter, then letters, digits, +, - or . (at most 64 characters)');
  }
  return { integrationType: type, customSchemeParam };
}
