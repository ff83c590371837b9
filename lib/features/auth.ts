/**
 * Sign-in: the default OAuth2 scopes and PKCE. Adds its methods to {@link Client} (and the
 * scopes as static methods of the class).
 * @module
 */
import { inspect } from 'node:util';

import { clientDestroyed } from '../errors.js';
import { defineClientMethods, requireClient } from '../client/feature.js';
import { Client } from '../client/client.js';

/** The scopes of the SDK's presence-only sign-in (`Client::GetDefaultPresenceScopes`). */
const PRESENCE_SCOPES = 'openid sdk.social_layer_presence';
/** The scopes of the SDK's full sign-in: presence, chat, lobbies, voice (`Client::GetDefaultCommunicationScopes`). */
const COMMUNICATION_SCOPES = 'openid sdk.social_layer';

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

declare module '../client/client.js' {
  interface Client {
    /**
     * A fresh PKCE pair for one sign-in (`CreateAuthorizationCodeVerifier`): a random verifier
     * and its S256 challenge. Local: it needs no token and no connection. Throws a
     * `SocialSdkError` of type `ClientDestroyed` once `close()` was called.
     * @example
     * const pkce = client.createAuthorizationCodeVerifier();
     * // pkce.challenge goes to authorize(), pkce.verifier to getToken()
     */
    createAuthorizationCodeVerifier(): AuthorizationCodeVerifier;
  }
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Client {
    /**
     * The scopes of a presence-only sign-in (`Client::GetDefaultPresenceScopes`):
     * `'openid sdk.social_layer_presence'` (rich presence, no chat, lobbies or voice).
     */
    function getDefaultPresenceScopes(): string;
    /**
     * The scopes of a full sign-in (`Client::GetDefaultCommunicationScopes`):
     * `'openid sdk.social_layer'` (presence, friends, lobbies, messages and voice).
     */
    function getDefaultCommunicationScopes(): string;
  }
}

Object.defineProperties(Client, {
  getDefaultPresenceScopes: { value: function getDefaultPresenceScopes(): string { return PRESENCE_SCOPES; }, writable: true, configurable: true, enumerable: false },
  getDefaultCommunicationScopes: { value: function getDefaultCommunicationScopes(): string { return COMMUNICATION_SCOPES; }, writable: true, configurable: true, enumerable: false },
});

defineClientMethods({
  createAuthorizationCodeVerifier(): AuthorizationCodeVerifier {
    const state = requireClient(this, 'createAuthorizationCodeVerifier');
    if (state.closing) throw clientDestroyed('createAuthorizationCodeVerifier');
    const pair = state.native.createAuthorizationCodeVerifier();
    return codeVerifier(pair.verifier, pair.challenge);
  },
});

/** A verifier object whose inspect and JSON output leave the verifier out. */
function codeVerifier(verifier: string, challenge: string): AuthorizationCodeVerifier {
  const shown = { verifier: '[REDACTED]', challenge: { method: 'S256', challenge } };
  const pair = { verifier, challenge: Object.freeze({ method: 'S256' as const, challenge }) };
  Object.defineProperties(pair, {
    [inspect.custom]: { value: (_depth: number, options: object) => inspect(shown, options) },
    toJSON: { value: () => shown },
  });
  return Object.freeze(pair);
}
