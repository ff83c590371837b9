/**
 * The OAuth2 side of the REST client (server API reference §4.3-4.4): the form bodies of the
 * token and revoke endpoints, the client credentials they carry, and the token set they answer,
 * whose tokens are kept out of `util.inspect` and `JSON.stringify`.
 * @internal
 * @module
 */
import { SecretTokens } from '../model/token-sets.js';
import { toSnowflake, type Snowflake, type SnowflakeInput } from '../model/ids.js';
import { checkText, typeName } from '../common/validate.js';
import { checkToken } from './options.js';
import type { OAuth2TokenSet } from './types.js';

/** An application's client credentials, as the token endpoint checks them. */
export interface ClientCredentials {
  clientId: Snowflake;
  clientSecret: string;
}

/** @internal The client credentials of the options, or undefined when neither is given. */
export function checkClientCredentials(clientId: unknown, clientSecret: unknown): ClientCredentials | undefined {
  if (clientId === undefined && clientSecret === undefined) return undefined;
  if (clientId === undefined || clientSecret === undefined) throw new TypeError('clientId and clientSecret must be given together');
  return { clientId: toSnowflake(clientId as SnowflakeInput, 'clientId'), clientSecret: checkToken(clientSecret, 'clientSecret') };
}

/** @internal The credentials, or the TypeError of a client made without them. */
export function requireCredentials(credentials: ClientCredentials | undefined, method: string): ClientCredentials {
  if (credentials === undefined) throw new TypeError(`RestClient.${method} needs the clientId and clientSecret options (the application's OAuth2 client credentials)`);
  return credentials;
}

function checkObject(value: unknown, name: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TypeError(`${name} must be an object, got ${typeName(value)}`);
  return value as Record<string, unknown>;
}

/** @internal The form of the `authorization_code` grant. */
export function authorizationCodeForm(input: unknown): Record<string, string> {
  const given = checkObject(input, 'grant');
  const form: Record<string, string> = {
    grant_type: 'authorization_code',
    code: checkToken(given['code'], 'grant.code'),
    redirect_uri: checkText(given['redirectUri'], 'grant.redirectUri', 1, 2048),
  };
  if (given['codeVerifier'] !== undefined) form['code_verifier'] = checkToken(given['codeVerifier'], 'grant.codeVerifier');
  return form;
}

/** @internal The form of the `refresh_token` grant. */
export function refreshTokenForm(refreshToken: unknown): Record<string, string> {
  return { grant_type: 'refresh_token', refresh_token: checkToken(refreshToken, 'refreshToken') };
}

/** @internal The form of a revocation. */
export function revokeForm(token: unknown, hint: unknown): Record<string, string> {
  const form: Record<string, string> = { token: checkToken(token, 'token') };
  if (hint !== undefined) {
    if (hint !== 'access_token' && hint !== 'refresh_token') throw new RangeError("tokenTypeHint must be 'access_token' or 'refresh_token'");
    form['token_type_hint'] = hint;
  }
  return form;
}

/** @internal The JSON body of a child-token exchange (publisher-level linking). */
export function childTokenBody(input: unknown, credentials: ClientCredentials): { parent_access_token: string; child_application_id: Snowflake; parent_client_secret: string } {
  const given = checkObject(input, 'exchange');
  return {
    parent_access_token: checkToken(given['parentAccessToken'], 'exchange.parentAccessToken'),
    child_application_id: toSnowflake(given['childApplicationId'] as SnowflakeInput, 'exchange.childApplicationId'),
    parent_client_secret: credentials.clientSecret,
  };
}

/** @internal The secrets of a form, for the error redactor. */
export function formSecrets(form: Record<string, string>): string[] {
  return ['code', 'code_verifier', 'refresh_token', 'token'].map((name) => form[name]).filter((value): value is string => value !== undefined);
}

/** @internal The token response, checked, as a frozen token set whose inspect and JSON output leave the tokens out. */
export function toOAuth2TokenSet(route: string, body: unknown): OAuth2TokenSet {
  const given = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const { access_token: accessToken, refresh_token: refreshToken, expires_in: expiresIn, scope, id_token: idToken } = given;
  // The description's ProvisionalTokenResponse: `refresh_token` may be null; `id_token` a string.
  const optionalText = (value: unknown) => value === undefined || value === null || typeof value === 'string';
  if (typeof accessToken !== 'string' || typeof expiresIn !== 'number' || typeof scope !== 'string' || !optionalText(refreshToken) || !optionalText(idToken)) {
    throw new TypeError(`${route}: the service answered a token response of an unexpected shape`);
  }
  const refresh = typeof refreshToken === 'string' ? refreshToken : null;
  const id = typeof idToken === 'string' ? idToken : null;
  return new RestTokenSet({ accessToken, refreshToken: refresh, idToken: id }, expiresIn, scope);
}

/** The token set of the RestClient: the tokens behind accessors (see lib/model/token-sets.ts). */
class RestTokenSet extends SecretTokens<{ accessToken: string; refreshToken: string | null; idToken: string | null }> implements OAuth2TokenSet {
  readonly tokenType = 'Bearer' as const;
  constructor(
    secrets: { accessToken: string; refreshToken: string | null; idToken: string | null },
    readonly expiresIn: number,
    readonly scopes: string,
  ) {
    super(secrets, ['accessToken', 'refreshToken', 'tokenType', 'expiresIn', 'scopes', 'idToken']);
    Object.freeze(this);
  }
  get accessToken(): string {
    return this.secret('accessToken');
  }
  get refreshToken(): string | null {
    return this.secret('refreshToken');
  }
  get idToken(): string | null {
    return this.secret('idToken');
  }
}

/** @internal `Authorization: Basic` for the credentials (RFC 6749 §2.3.1: each part form-urlencoded first). */
export function basicAuthorization(credentials: ClientCredentials): string {
  const encode = (text: string) => encodeURIComponent(text).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${encode(credentials.clientId)}:${encode(credentials.clientSecret)}`).toString('base64')}`;
}
