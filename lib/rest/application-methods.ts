/**
 * The RestClient's application methods: the bot's application (read and edit, webhook events
 * settings included), the OAuth2 information of a user's token (authorization, OpenID claims)
 * and the public keys, and the application identities. Installed on RestClient.prototype when
 * rest/index.ts loads this module.
 * @module
 */
import { checkText } from '../common/validate.js';
import { toSnowflake, type SnowflakeInput } from '../model/ids.js';
import { ROUTES } from '../routes/table.js';
import { modifyApplicationBody, toApplication, toApplicationIdentities, toCurrentAuthorization, toOAuth2Keys, toOpenIdUserInfo } from './applications.js';
import { checkRequestOptions } from './bodies.js';
import { defineRestMethods, internals } from './client.js';
import { route } from './routes.js';
import type { Application, ApplicationIdentity, CurrentAuthorization, ModifyApplicationInput, OAuth2PublicKey, OpenIdUserInfo, RequestOptions, UserRequestOptions } from './types.js';

declare module './client.js' {
  interface RestClient {
    /** The authorization of `options.userToken` (`GET /oauth2/@me`): application, scopes, expiry, and the user with `identify`. */
    getCurrentAuthorization(options: UserRequestOptions): Promise<CurrentAuthorization>;

    /** The OpenID Connect claims of the user of `options.userToken` (`GET /oauth2/userinfo`; the token needs the `openid` scope). */
    getUserInfo(options: UserRequestOptions): Promise<OpenIdUserInfo>;

    /** The public keys ID tokens are signed with (`GET /oauth2/keys`, a JSON Web Key Set; sent without a token). */
    getOAuth2Keys(options?: RequestOptions): Promise<{ keys: OAuth2PublicKey[] }>;

    /** The bot's application (`GET /oauth2/applications/@me`). */
    getCurrentBotApplication(options?: RequestOptions): Promise<Application>;

    /** The bot's application (`GET /applications/@me`, or `/applications/{id}` with an id: the bot's own only). */
    getApplication(applicationId?: SnowflakeInput, options?: RequestOptions): Promise<Application>;

    /**
     * Edits the bot's application (`PATCH /applications/@me`, or `/applications/{id}`): fields left
     * out are unchanged. This is where a game sets its webhook events URL, status and types; the
     * service checks a URL it enables (PING and signature) and refuses it with 400 otherwise.
     */
    modifyApplication(changes: ModifyApplicationInput, applicationId?: SnowflakeInput, options?: RequestOptions): Promise<Application>;

    /** A user's identities in your game (`GET /users/{user}/application-identities/{app}`). */
    getUserApplicationIdentities(userId: SnowflakeInput, applicationId: SnowflakeInput, options?: RequestOptions): Promise<ApplicationIdentity[]>;

    /**
     * The identities of an external account (`GET /applications/{app}/application-identities/{type}/{player}`);
     * empty when none matches. `providerId` narrows the match.
     */
    getApplicationIdentities(
      applicationId: SnowflakeInput,
      identity: { providerType: string; providerIssuedUserId: string; providerId?: string },
      options?: RequestOptions,
    ): Promise<ApplicationIdentity[]>;

    /** Deletes one of a user's identities in your game (`POST /users/{user}/application-identities/{app}/{type}/{player}/delete`). */
    deleteApplicationIdentity(
      userId: SnowflakeInput,
      applicationId: SnowflakeInput,
      identity: { providerType: string; providerIssuedUserId: string; providerId?: string },
      options?: RequestOptions,
    ): Promise<void>;
  }
}

defineRestMethods({
  async getCurrentAuthorization(options: UserRequestOptions): Promise<CurrentAuthorization> {
    return toCurrentAuthorization(...(await internals(this).get(ROUTES.getCurrentAuthorization, [], options, true)));
  },

  async getUserInfo(options: UserRequestOptions): Promise<OpenIdUserInfo> {
    return toOpenIdUserInfo(...(await internals(this).get(ROUTES.getOpenIdUserInfo, [], options, true)));
  },

  async getOAuth2Keys(options?: RequestOptions): Promise<{ keys: OAuth2PublicKey[] }> {
    const target = route(ROUTES.getOAuth2Keys);
    const result = await internals(this).transport.execute({ route: target, ...checkRequestOptions(options, false), authorization: null });
    return toOAuth2Keys(target.shape, result.body);
  },

  async getCurrentBotApplication(options?: RequestOptions): Promise<Application> {
    return toApplication(...(await internals(this).get(ROUTES.getCurrentBotApplication, [], options)));
  },

  async getApplication(applicationId?: SnowflakeInput, options?: RequestOptions): Promise<Application> {
    const [spec, ids] = applicationId === undefined ? [ROUTES.getCurrentApplication, []] : [ROUTES.getApplication, [toSnowflake(applicationId, 'applicationId')]];
    return toApplication(...(await internals(this).get(spec, ids, options)));
  },

  async modifyApplication(changes: ModifyApplicationInput, applicationId?: SnowflakeInput, options?: RequestOptions): Promise<Application> {
    const body = modifyApplicationBody(changes);
    const target = applicationId === undefined ? route(ROUTES.modifyCurrentApplication) : route(ROUTES.modifyApplication, toSnowflake(applicationId, 'applicationId'));
    return toApplication(target.shape, (await internals(this).send(target, checkRequestOptions(options, false), { body })).body);
  },

  async getUserApplicationIdentities(userId: SnowflakeInput, applicationId: SnowflakeInput, options?: RequestOptions): Promise<ApplicationIdentity[]> {
    const ids = [toSnowflake(userId, 'userId'), toSnowflake(applicationId, 'applicationId')];
    return toApplicationIdentities(...(await internals(this).get(ROUTES.getUserApplicationIdentities, ids, options)));
  },

  async getApplicationIdentities(
    applicationId: SnowflakeInput,
    identity: { providerType: string; providerIssuedUserId: string; providerId?: string },
    options?: RequestOptions,
  ): Promise<ApplicationIdentity[]> {
    const given = identityPath(identity);
    const target = route(ROUTES.getApplicationIdentities, toSnowflake(applicationId, 'applicationId'), given.providerType, given.providerIssuedUserId);
    const query = given.providerId === undefined ? undefined : { provider_id: given.providerId };
    return toApplicationIdentities(target.shape, (await internals(this).send(target, checkRequestOptions(options, false), { query })).body);
  },

  async deleteApplicationIdentity(
    userId: SnowflakeInput,
    applicationId: SnowflakeInput,
    identity: { providerType: string; providerIssuedUserId: string; providerId?: string },
    options?: RequestOptions,
  ): Promise<void> {
    const given = identityPath(identity);
    const ids = [toSnowflake(userId, 'userId'), toSnowflake(applicationId, 'applicationId'), given.providerType, given.providerIssuedUserId] as const;
    const body = given.providerId === undefined ? undefined : { provider_id: given.providerId };
    await internals(this).send(route(ROUTES.deleteApplicationIdentity, ...ids), checkRequestOptions(options, false), { body });
  },
});

/** An identity of the identity routes' paths, checked: a provider type (1-100) and a player id (1-1,024, URL-encoded in the path). */
function identityPath(identity: { providerType: string; providerIssuedUserId: string; providerId?: string }): { providerType: string; providerIssuedUserId: string; providerId?: string } {
  if (typeof identity !== 'object' || identity === null) throw new TypeError('identity must be an object with providerType and providerIssuedUserId');
  return {
    providerType: checkText(identity.providerType, 'identity.providerType', 1, 100),
    providerIssuedUserId: checkText(identity.providerIssuedUserId, 'identity.providerIssuedUserId', 1, 1024),
    ...(identity.providerId === undefined ? {} : { providerId: checkText(identity.providerId, 'identity.providerId', 1, 1024) }),
  };
}
