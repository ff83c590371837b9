/**
 * The provisional-account side of the REST client (server API reference §4.5-4.6): the JSON
 * bodies of `POST /partner-sdk/token/bot`, `/partner-sdk/token` and the two unmerge routes, the
 * external auth types by their wire names, and the OIDC refresh tokens whose use is deprecated
 * (spec "Authentication" rule 6). External tokens, client secrets and the answered tokens are
 * secrets: they never reach an error message.
 * @internal
 * @module
 */
import { checkOneOf, checkOptions, checkText } from '../common/validate.js';
import type { ClientCredentials } from './oauth2.js';
import type { BotProvisionalTokenInput, ExternalAuthTypeName, ExternalCredentialsInput } from './types.js';

/** The external auth types, by the names the SDK uses (`client.getProvisionalToken`), with the service's wire names. */
export const EXTERNAL_AUTH_WIRE_NAMES: Readonly<Record<ExternalAuthTypeName, string>> = Object.freeze({
  OIDC: 'OIDC',
  EpicOnlineServicesAccessToken: 'EPIC_ONLINE_SERVICES_ACCESS_TOKEN',
  EpicOnlineServicesIdToken: 'EPIC_ONLINE_SERVICES_ID_TOKEN',
  SteamSessionTicket: 'STEAM_SESSION_TICKET',
  UnityServicesIdToken: 'UNITY_SERVICES_ID_TOKEN',
  DiscordBotIssuedAccessToken: 'DISCORD_BOT_ISSUED_ACCESS_TOKEN',
  AppleIdToken: 'APPLE_ID_TOKEN',
  PlayStationNetworkIdToken: 'PLAYSTATION_NETWORK_ID_TOKEN',
});

const AUTH_TYPE_NAMES = Object.keys(EXTERNAL_AUTH_WIRE_NAMES) as ExternalAuthTypeName[];

/** external_user_id: 1-1024; preferred_global_name: 1-32; external_auth_token: 1-10240 (server API reference §4.5). */
const EXTERNAL_USER_ID_LENGTH = 1024;
const GLOBAL_NAME_LENGTH = 32;
const EXTERNAL_TOKEN_LENGTH = 10240;

/** @internal `external_user_id`, checked. */
export function checkExternalUserId(value: unknown, name = 'externalUserId'): string {
  return checkText(value, name, 1, EXTERNAL_USER_ID_LENGTH);
}

/** @internal The body of `POST /partner-sdk/token/bot`. */
export function botTokenBody(input: unknown): Record<string, string> {
  const given = checkOptions(input as BotProvisionalTokenInput, 'player');
  const body: Record<string, string> = { external_user_id: checkExternalUserId(given.externalUserId, 'player.externalUserId') };
  if (given.preferredGlobalName !== undefined) {
    body['preferred_global_name'] = checkText(given.preferredGlobalName, 'player.preferredGlobalName', 1, GLOBAL_NAME_LENGTH);
  }
  return body;
}

/** @internal The body of `POST /partner-sdk/token` and `/partner-sdk/provisional-accounts/unmerge`: the client credentials and the external token. */
export function externalCredentialsBody(credentials: ClientCredentials, input: unknown): Record<string, string> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new TypeError('identity must be an object with externalAuthType and externalAuthToken');
  }
  const given = input as Partial<ExternalCredentialsInput>;
  const type = checkOneOf(given.externalAuthType, AUTH_TYPE_NAMES, 'identity.externalAuthType');
  return {
    client_id: credentials.clientId,
    client_secret: credentials.clientSecret,
    external_auth_type: EXTERNAL_AUTH_WIRE_NAMES[type],
    external_auth_token: checkText(given.externalAuthToken, 'identity.externalAuthToken', 1, EXTERNAL_TOKEN_LENGTH),
  };
}

/**
 * @internal The refresh tokens an OIDC exchange answered (spec rule 6: refreshing them is
 * deprecated), so that refreshToken() can warn. Bounded: the oldest are forgotten first.
 */
export class DeprecatedRefreshTokens {
  static readonly LIMIT = 1024;
  readonly #tokens = new Set<string>();

  remember(token: string | null): void {
    if (token === null) return;
    this.#tokens.add(token);
    if (this.#tokens.size > DeprecatedRefreshTokens.LIMIT) this.#tokens.delete(this.#tokens.values().next().value as string);
  }

  /** Whether `token` is one of them (it is forgotten: a refresh spends it). */
  take(token: unknown): boolean {
    return typeof token === 'string' && this.#tokens.delete(token);
  }
}

/** The warning of a deprecated refresh (never with the token). */
export const OIDC_REFRESH_WARNING =
  'Refreshing a provisional account token from an OIDC exchange with the refresh_token grant is deprecated: exchange a fresh ID token of your provider with RestClient.getProvisionalToken() instead, and pass the new access token to client.updateToken().';
