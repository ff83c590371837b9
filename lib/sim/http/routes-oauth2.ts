/**
 * The OAuth2 endpoints of the simulated HTTP service (server API reference §4.3-4.4), for a game
 * server's confidential client: `POST /oauth2/token` (the `authorization_code` grant, bound to the
 * code's PKCE challenge and redirect URI, with an `id_token` when `openid` was granted; the
 * `refresh_token` grant, with rotation; the `client_credentials` grant, docs topics/oauth2.mdx
 * "Client Credentials Grant": a token for the application's owner, without a refresh token) and
 * `POST /oauth2/token/revoke` (an access or a refresh token: either ends the whole
 * authorization); the device authorization grant of consoles and TVs (docs
 * discord-social-sdk/development-guides/account-linking-on-consoles.mdx: `POST
 * /oauth2/device/authorize`, then the token endpoint's `urn:ietf:params:oauth:grant-type:device_code`
 * grant, with `external_auth_type` / `external_auth_token` to merge a provisional account,
 * provisional-accounts/merging-accounts.mdx "Console"; the polls' errors are RFC 8628 §3.5's). Bodies are `application/x-www-form-urlencoded`; the client authenticates with
 * HTTP Basic or with `client_id` / `client_secret` in the body. Refusals use the OAuth2 error
 * body: a deleted or unknown grant is `invalid_grant` (spec "Authentication" rule 4). Tokens,
 * codes and secrets never reach a log line or an error.
 * @internal
 * @module
 */
import type { NativeTokenExchange } from '../../addon/native.js';
import { applicationOwner } from './applications.js';
import { OAuthRefusal, worldCall, type OAuthErrorCode } from './errors.js';
import { AUTH_TYPES } from './routes-provisional.js';
import type { RouteHandlers, ServiceContext, ServiceRequest } from './routes.js';
import { idTokenFor } from './signing.js';
import { wireTokenResponse } from './wire.js';

/**
 * A client-credentials token lasts 7 days: docs topics/oauth2.mdx, "Client Credentials Access
 * Token Response" (`"expires_in": 604800`).
 */
const CLIENT_CREDENTIALS_TTL_SECONDS = 604800;
/** A scope name (docs topics/oauth2.mdx, "OAuth2 Scopes": lowercase words, dots, underscores). */
const SCOPE_NAME = /^[a-z0-9_.]{1,100}$/;

/**
 * The `client_credentials` grant (docs topics/oauth2.mdx, "Client Credentials Grant"): "an access
 * token for the bot owner", with the `scope` asked for (space-separated; none: an empty scope),
 * "without a refresh token". Who owns the application is the simulator's (applications.ts).
 */
function clientCredentialsGrant(applicationId: string, form: URLSearchParams, context: ServiceContext) {
  const scope = scopesOf(form);
  const owner = applicationOwner(context, applicationId);
  const grant = context.world.issueToken(owner, applicationId, CLIENT_CREDENTIALS_TTL_SECONDS * 1000, scope);
  return wireTokenResponse({ accessToken: grant.accessToken, refreshToken: '', tokenType: 0, expiresIn: CLIENT_CREDENTIALS_TTL_SECONDS, scopes: scope });
}

/** RFC 8628 §3.4: the device_code grant's type. */
const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
/** What a device_code poll may answer besides tokens (RFC 8628 §3.5), as the world names them. */
const DEVICE_POLL_ERRORS: ReadonlySet<string> = new Set<OAuthErrorCode>(['authorization_pending', 'slow_down', 'access_denied', 'expired_token', 'invalid_grant']);

/** `scope`: OAuth2 scope names separated by spaces (none: an empty scope), each once. */
function scopesOf(form: URLSearchParams): string {
  const scopes = (form.get('scope') ?? '').split(' ').filter((scope) => scope !== '');
  if (!scopes.every((scope) => SCOPE_NAME.test(scope))) throw new OAuthRefusal(400, 'invalid_request', 'scope must be OAuth2 scope names separated by spaces');
  return [...new Set(scopes)].join(' ');
}

/**
 * A poll of the device_code grant: the tokens once the user approved at the verification page; a
 * merge (`external_auth_type` and `external_auth_token`) merges the provisional account of that
 * identity into the user, as merging-accounts.mdx's "Console" request does. Refusals: RFC 8628's
 * OAuth2 errors, or a merge's service error.
 */
function deviceCodeGrant(applicationId: string, form: URLSearchParams, context: ServiceContext): NativeTokenExchange {
  const deviceCode = required(form, 'device_code');
  const wire = form.get('external_auth_type');
  let merge: { type: number; token: string } | null = null;
  if (wire !== null) {
    const type = AUTH_TYPES.get(wire);
    if (type === undefined) throw new OAuthRefusal(400, 'invalid_request', `external_auth_type must be one of ${[...AUTH_TYPES.keys()].join(', ')}`);
    const token = required(form, 'external_auth_token');
    if (token.length > 10240) throw new OAuthRefusal(400, 'invalid_request', 'external_auth_token must be at most 10240 characters');
    merge = { type, token };
  } else if (form.get('external_auth_token') !== null) {
    throw new OAuthRefusal(400, 'invalid_request', 'external_auth_token needs external_auth_type');
  }
  // A merge's refusal is the service's error body (worldCall); the polls' answers OAuth2's.
  return worldCall(() => {
    try {
      return context.world.pollDeviceAuthorization(applicationId, deviceCode, merge);
    } catch (error) {
      const answer = error instanceof RangeError ? /^([a-z_]+): (.*)$/s.exec(error.message) : null;
      if (answer && DEVICE_POLL_ERRORS.has(answer[1]!)) throw new OAuthRefusal(400, answer[1] as OAuthErrorCode, answer[2]!);
      throw error;
    }
  });
}

/** The application a request's client credentials (Basic header or form fields) prove, or 401 invalid_client. */
function authenticateClient(request: ServiceRequest, form: URLSearchParams, context: ServiceContext): string {
  let clientId = form.get('client_id');
  let clientSecret = form.get('client_secret');
  const basic = /^Basic ([A-Za-z0-9+/=]+)$/.exec(request.authorization ?? '');
  if (basic) {
    // RFC 6749 §2.3.1: both parts are form-urlencoded before being joined with ':'.
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      try {
        clientId = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
        clientSecret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
      } catch {
        clientId = null;
      }
    }
  }
  if (clientId === null || clientSecret === null || !/^\d{1,20}$/.test(clientId)) {
    throw new OAuthRefusal(401, 'invalid_client', 'client authentication failed');
  }
  if (context.world.getApplication(clientId) === null || !context.state.checkClientSecret(clientId, clientSecret)) {
    throw new OAuthRefusal(401, 'invalid_client', 'client authentication failed');
  }
  return clientId;
}

function required(form: URLSearchParams, name: string): string {
  const value = form.get(name);
  if (value === null || value === '') throw new OAuthRefusal(400, 'invalid_request', `${name} is required`);
  return value;
}

/** A refused grant from the world (a RangeError with status 400, `invalid_grant: ...`) as the OAuth2 error body. */
function grantCall(operation: () => NativeTokenExchange): NativeTokenExchange {
  try {
    return operation();
  } catch (error) {
    if (error instanceof RangeError) {
      const description = error.message.replace(/^invalid_grant:\s*/, '');
      throw new OAuthRefusal(400, 'invalid_grant', description);
    }
    throw error;
  }
}

export const OAUTH2_HANDLERS = {
  oauth2Token: {
    handle(request, context) {
      const form = request.body as URLSearchParams;
      const applicationId = authenticateClient(request, form, context);
      const grantType = required(form, 'grant_type');
      if (grantType === 'authorization_code') {
        const code = required(form, 'code');
        const redirectUri = required(form, 'redirect_uri');
        const verifier = form.get('code_verifier') ?? '';
        const tokens = grantCall(() => context.world.exchangeCode(applicationId, code, verifier, redirectUri));
        // OpenID Connect Core 1.0 §3.1.3.3: the token response of an `openid` grant holds an ID token.
        const openid = tokens.scopes.split(' ').includes('openid');
        return { status: 200, body: wireTokenResponse(tokens, openid ? idTokenFor(context.world, tokens.accessToken) : undefined) };
      }
      if (grantType === 'refresh_token') {
        const refreshToken = required(form, 'refresh_token');
        const tokens = grantCall(() => context.world.refreshGrant(applicationId, refreshToken));
        return { status: 200, body: wireTokenResponse(tokens) };
      }
      if (grantType === 'client_credentials') return { status: 200, body: clientCredentialsGrant(applicationId, form, context) };
      if (grantType === DEVICE_CODE_GRANT) return { status: 200, body: wireTokenResponse(deviceCodeGrant(applicationId, form, context)) };
      throw new OAuthRefusal(400, 'unsupported_grant_type', `grant_type must be authorization_code, refresh_token, client_credentials or ${DEVICE_CODE_GRANT}`);
    },
  },
  oauth2DeviceAuthorize: {
    handle(request, context) {
      const form = request.body as URLSearchParams;
      const applicationId = authenticateClient(request, form, context);
      const scopes = scopesOf(form);
      const codes = worldCall(() => context.world.requestDeviceAuthorization(applicationId, scopes));
      return {
        status: 200,
        body: {
          device_code: codes.deviceCode,
          user_code: codes.userCode,
          verification_uri: codes.verificationUri,
          verification_uri_complete: codes.verificationUriComplete,
          expires_in: Math.round((codes.expiresAt - context.world.now()) / 1000),
          interval: codes.interval,
        },
      };
    },
  },
  oauth2TokenRevoke: {
    handle(request, context) {
      const form = request.body as URLSearchParams;
      const applicationId = authenticateClient(request, form, context);
      const token = required(form, 'token');
      const hint = form.get('token_type_hint');
      if (hint !== null && hint !== 'access_token' && hint !== 'refresh_token') {
        throw new OAuthRefusal(400, 'invalid_request', 'token_type_hint must be access_token or refresh_token');
      }
      // RFC 7009 §2.2: an unknown or already revoked token is answered 200 too. Either kind of
      // token ends the whole authorization, whatever the hint (server API reference §4.4).
      context.world.revokeGrant(applicationId, token);
      return { status: 200 };
    },
  },
} satisfies RouteHandlers;
