/**
 * Access tokens the simulated service issues to the harness: the grant as the harness sees it,
 * with its secret hidden from inspect output and JSON.
 * @module
 */
import { inspect } from 'node:util';

import type { Snowflake } from '../ids.js';
import type { NativeGrant } from '../native.js';

/**
 * An access token the simulated service issued. `util.inspect` and `JSON.stringify` hide
 * `accessToken` (it shows as `[hidden]`); read the property itself to use it.
 */
export interface TokenGrant {
  accessToken: string;
  userId: Snowflake;
  applicationId: Snowflake;
  /** On the simulator's clock. */
  expiresAt: Date;
}

/** Options of `Simulator.issueToken`. */
export interface IssueTokenOptions {
  /** Lifetime on the simulator's clock. Default 7 days, as the service's access tokens. */
  expiresInMs?: number;
}

/** The native grant as the harness sees it: the token readable as a property, hidden elsewhere. */
export function toGrant(grant: NativeGrant): TokenGrant {
  const out: TokenGrant = {
    accessToken: grant.accessToken,
    userId: grant.userId,
    applicationId: grant.applicationId,
    expiresAt: new Date(grant.expiresAt),
  };
  Object.defineProperty(out, inspect.custom, {
    enumerable: false,
    value: () => `TokenGrant { accessToken: [hidden], userId: '${out.userId}', applicationId: '${out.applicationId}', expiresAt: ${out.expiresAt.toISOString()} }`,
  });
  // JSON.stringify (a log line, a test snapshot, a response body) hides it too.
  Object.defineProperty(out, 'toJSON', {
    enumerable: false,
    value: () => ({ accessToken: '[hidden]', userId: out.userId, applicationId: out.applicationId, expiresAt: out.expiresAt.toISOString() }),
  });
  return out;
}
