/**
 * The device authorization grant, for a game server that signs in the player of a console or TV
 * on its behalf (docs discord-social-sdk/development-guides/account-linking-on-consoles.mdx,
 * "Manual Flow for Console Authorization"): request the codes, show the user code, poll the token
 * endpoint until the player answered. The SDK's `getTokenFromDevice` does the same on the device
 * itself. Adds its methods to {@link RestClient}.
 * @module
 */
import { checkRequestOptions } from './bodies.js';
import { defineRestMethods, internals, type RestClient } from './client.js';
import { basicAuthorization, requireCredentials, toOAuth2TokenSet } from './oauth2.js';
import { clientCredentialsForm } from './applications.js';
import { externalCredentialsBody } from './provisional.js';
import { ROUTES } from '../routes/table.js';
import { route } from './routes.js';
import { hidden } from '../common/hidden.js';
import { checkText } from '../common/validate.js';
import type { ExternalCredentialsInput, OAuth2TokenSet, RequestOptions } from './types.js';

/** RFC 8628 §3.4: the grant type of a device code's polls. */
const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/**
 * A device authorization request (`POST /oauth2/device/authorize`): what to show the player, and
 * the device code to poll with. The device code is a secret: inspect and JSON output leave it out.
 */
export interface DeviceAuthorization {
  /** The secret the token endpoint is polled with ({@link RestClient.exchangeDeviceCode}). */
  readonly deviceCode: string;
  /** What the player enters at the verification page (`BCDF-GHJK`). */
  readonly userCode: string;
  /** The verification page (`https://discord.com/activate`). */
  readonly verificationUri: string;
  /** The verification page with the user code in it (for a QR code). */
  readonly verificationUriComplete: string;
  /** Seconds until the codes expire (the docs' example: 300). */
  readonly expiresIn: number;
  /** Seconds to wait between polls (the docs' example: 5); a `slow_down` answer adds 5. */
  readonly interval: number;
}

declare module './client.js' {
  interface RestClient {
    /**
     * Starts a device sign-in (`POST /oauth2/device/authorize`, with the `clientId` and
     * `clientSecret` options): show the player `userCode` and `verificationUri` (or a QR code of
     * `verificationUriComplete`), then poll {@link RestClient.exchangeDeviceCode} every `interval`
     * seconds until it resolves or `expiresIn` has passed. `scopes`: space-separated (e.g.
     * `'openid sdk.social_layer'`).
     * @throws (rejects) TypeError without client credentials; `SocialSdkError` HTTPError 401
     * (`oauthError` `invalid_client`) for wrong ones.
     */
    requestDeviceAuthorization(request?: { scopes?: string }, options?: RequestOptions): Promise<DeviceAuthorization>;
    /**
     * One poll of the token endpoint with a device code (the `device_code` grant). Resolves with
     * the player's tokens once they approved at the verification page. With `merge` (the player's
     * provisional account identity) the provisional account is merged into the Discord account
     * (docs provisional-accounts/merging-accounts.mdx, "Console").
     * @throws (rejects) `SocialSdkError` HTTPError 400 whose `oauthError` says what to do (RFC 8628
     * §3.5): `authorization_pending` (poll again after `interval`), `slow_down` (the interval grew
     * by 5 seconds), `access_denied` (the player said no), `expired_token` (start again),
     * `invalid_grant` (unknown or spent code).
     */
    exchangeDeviceCode(deviceCode: string, merge?: ExternalCredentialsInput, options?: RequestOptions): Promise<OAuth2TokenSet>;
  }
}

/** The authorize answer, checked. */
function toDeviceAuthorization(body: unknown): DeviceAuthorization {
  const given = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const { device_code: deviceCode, user_code: userCode, verification_uri: verificationUri, verification_uri_complete: complete, expires_in: expiresIn, interval } = given;
  if (typeof deviceCode !== 'string' || typeof userCode !== 'string' || typeof verificationUri !== 'string' || typeof complete !== 'string' || typeof expiresIn !== 'number' || typeof interval !== 'number') {
    throw new TypeError('POST /oauth2/device/authorize: the service answered a body of an unexpected shape');
  }
  const shown = { userCode, verificationUri, verificationUriComplete: complete, expiresIn, interval };
  return hidden({ deviceCode, ...shown }, { ...shown, deviceCode: '[hidden]' });
}

defineRestMethods({
  async requestDeviceAuthorization(request?: { scopes?: string }, options?: RequestOptions): Promise<DeviceAuthorization> {
    const credentials = requireCredentials(internals(this).credentials, 'requestDeviceAuthorization');
    const form = { scope: clientCredentialsForm(request)['scope'] ?? '' };
    const result = await internals(this).transport.execute({
      route: route(ROUTES.oauth2DeviceAuthorize),
      ...checkRequestOptions(options, false),
      form,
      authorization: basicAuthorization(credentials),
      secrets: [credentials.clientSecret],
    });
    return toDeviceAuthorization(result.body);
  },

  async exchangeDeviceCode(deviceCode: string, merge?: ExternalCredentialsInput, options?: RequestOptions): Promise<OAuth2TokenSet> {
    const credentials = requireCredentials(internals(this).credentials, 'exchangeDeviceCode');
    const form: Record<string, string> = { grant_type: DEVICE_CODE_GRANT, device_code: checkText(deviceCode, 'deviceCode', 1, 1024) };
    if (merge !== undefined) {
      const identity = externalCredentialsBody(credentials, merge);
      form['external_auth_type'] = identity['external_auth_type']!;
      form['external_auth_token'] = identity['external_auth_token']!;
    }
    const result = await internals(this).transport.execute({
      route: route(ROUTES.oauth2Token),
      ...checkRequestOptions(options, false),
      form,
      authorization: basicAuthorization(credentials),
      secrets: [credentials.clientSecret, form['device_code']!, ...(form['external_auth_token'] === undefined ? [] : [form['external_auth_token']])],
    });
    return toOAuth2TokenSet('POST /oauth2/token', result.body);
  },
});
