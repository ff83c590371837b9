/**
 * Access tokens the simulated service issues to the harness: the grant as the harness sees it,
 * with its secret out of reach of copies, inspect output and JSON.
 * @module
 */
import type { Snowflake } from '../model/ids.js';
import { checkMs, checkOptions } from '../common/validate.js';
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
}

const DEFAULT_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** @internal The lifetime of a token `Simulator.issueToken` issues, checked. */
export function tokenLifetime(options: IssueTokenOptions | undefined): number {
  return checkMs(checkOptions(options).expiresInMs ?? DEFAULT_TOKEN_LIFETIME_MS, 'expiresInMs');
}

/** The native grant as the harness sees it. */
export function toGrant(grant: NativeGrant): TokenGrant {
  return new TokenGrant(grant);
}
