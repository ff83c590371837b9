/**
 * Access tokens the simulated service issues to the harness: the grant as the harness sees it,
 * with its secret out of reach of copies, inspect output and JSON.
 * @module
 */
import type { Snowflake } from '../model/ids.js';
import { checkMs, checkOptions, describe, typeName } from '../common/validate.js';
import type { NativeGrant } from '../addon/native.js';
import { SecretTokens } from '../model/token-sets.js';

/**
 * An access token the simulated service issued. The token lives behind an accessor, as in every
 * token set of the package: `grant.accessToken` reads it, while `{ ...grant }`,
 * `structuredClone(grant)`, `util.inspect` and `JSON.stringify` never show it (`[REDACTED]`);
 * `grant.revealSecrets()` is the one explicit copy.
 */
export class TokenGrant extends SecretTokens<{ accessToken: string }> {
  readonly userId: Snowflake;
  readonly applicationId: Snowflake;
  /** On the simulator's clock. */
  readonly expiresAt: Date;
  /** @internal Made by `Simulator.issueToken`. */
  constructor(grant: NativeGrant) {
    super({ accessToken: grant.accessToken }, ['accessToken', 'userId', 'applicationId', 'expiresAt']);
    this.userId = grant.userId;
    this.applicationId = grant.applicationId;
    this.expiresAt = new Date(grant.expiresAt);
    Object.freeze(this);
  }
  get accessToken(): string {
    return this.secret('accessToken');
  }
}

/** Options of `Simulator.issueToken`. */
export interface IssueTokenOptions {
  /** Lifetime on the simulator's clock. Default 7 days, as the service's access tokens. */
  expiresInMs?: number;
  /**
   * The OAuth2 scopes the token was granted (as an authorization that asked for them would), e.g.
   * `['identify', 'identify.premium']`; what the service's routes that need a scope read. Default none.
   */
  scopes?: readonly string[];
}

const DEFAULT_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** A scope name (docs topics/oauth2.mdx, "OAuth2 Scopes": lowercase words, dots and underscores). */
const SCOPE_NAME = /^[a-z][a-z0-9_.]{0,63}$/;

/** @internal The lifetime and scopes (space-separated) of a token `Simulator.issueToken` issues, checked. */
export function tokenOptions(options: IssueTokenOptions | undefined): { ttl: number; scopes: string } {
  const given = checkOptions(options);
  const ttl = checkMs(given.expiresInMs ?? DEFAULT_TOKEN_LIFETIME_MS, 'expiresInMs');
  const scopes = given.scopes ?? [];
  if (!Array.isArray(scopes)) throw new TypeError(`scopes must be an array of scope names, got ${typeName(scopes)}`);
  scopes.forEach((scope: unknown, i) => {
    if (typeof scope !== 'string') throw new TypeError(`scopes[${i}] must be a string, got ${typeName(scope)}`);
    if (!SCOPE_NAME.test(scope)) throw new RangeError(`scopes[${i}] must be a scope name (lowercase letters, digits, dots and underscores), got ${describe(scope)}`);
  });
  return { ttl, scopes: scopes.join(' ') };
}

/** The native grant as the harness sees it. */
export function toGrant(grant: NativeGrant): TokenGrant {
  return new TokenGrant(grant);
}
