/**
 * The values the simulated world's harness face hands over (NativeWorld, described in
 * seam/world.json): applications, token grants, webhook notices, OIDC issuer configurations.
 * @internal
 * @module
 */
import type { NativeMessage } from './native-types.js';

export interface NativeGrant {
  accessToken: string;
  userId: string;
  applicationId: string;
  /** World clock, ms since the Unix epoch. */
  expiresAt: number;
}

/** A webhook event the world noted for an application (native/sim/service/webhook_outbox.h). */
export interface NativeWebhookNotice {
  type: string;
  applicationId: string;
  /** World clock, ms since the Unix epoch. */
  at: number;
  /** The (de)authorized user. */
  userId?: string;
  /** APPLICATION_AUTHORIZED: the granted scopes, space-separated. */
  scopes?: string;
  /** A created or updated message. */
  message?: NativeMessage;
  /** A deleted message: its id and its (DM) channel. */
  messageId?: string;
  channelId?: string;
  lobbyId?: string;
}

/** An application of the simulator's world. */
export interface NativeApplication {
  id: string;
  name: string;
  botUserId: string;
  /** The publisher application this game belongs to (publisher-level linking). */
  parentId: string | null;
  /** Approved to exchange its users' tokens for tokens of its child applications. */
  publisherLinking: boolean;
}

/** An OIDC issuer configuration as the world keeps it (native/sim/service/oidc_issuers.h). */
export interface NativeOidcConfiguration {
  issuer: string;
  discovery: { issuer: string; jwksUri: string; signingAlgs: string[] };
  discoveryRedirects: boolean;
  grandfathered: boolean;
}
