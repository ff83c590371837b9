/**
 * The OAuth2 information routes of the simulated HTTP service: `GET /oauth2/@me` (docs topics/
 * oauth2.mdx "Get Current Authorization Information": the partial application, the scopes, when
 * the access token expires, and the user "if the user has authorized with the `identify`
 * scope"), `GET /oauth2/keys` (the description's get_public_keys: the JSON Web Key Set the
 * simulator's ID tokens are signed with, signing.ts) and `GET /oauth2/userinfo` (the
 * description's get_openid_connect_userinfo, OAuth2 scope `openid`: OpenID Connect claims).
 *
 * OUR CHOICES where the docs are silent: userinfo without the `openid` scope is 403 50001; its
 * claims are `sub` (the user id), `preferred_username` (the username) and `nickname` (the global
 * name, null when none); the simulator has no e-mail addresses, avatars or locales, so `email`,
 * `picture` and `locale` are left out.
 * @internal
 * @module
 */
import { wireFullUser, wirePartialApplication } from './applications.js';
import { ServiceRefusal, unauthorized } from './errors.js';
import { userCaller, type RouteHandlers, type ServiceContext, type ServiceRequest } from './routes.js';
import { worldJwks } from './signing.js';

/** The request's access token as the world knows it (the server checked it already), its scopes as a list. */
export function currentGrant(request: ServiceRequest, context: ServiceContext): { userId: string; applicationId: string; scopes: string[]; expiresAt: number } {
  userCaller(request.caller);
  const token = /^Bearer (\S+)$/.exec(request.authorization ?? '')?.[1];
  const found = token === undefined ? undefined : context.world.authenticate(token);
  if (found === undefined || 'failure' in found) throw unauthorized();
  return { ...found, scopes: found.scopes.split(' ').filter((scope) => scope !== '') };
}

export const OAUTH2_INFO_HANDLERS = {
  getCurrentAuthorization: {
    handle(request, context) {
      const grant = currentGrant(request, context);
      return {
        status: 200,
        body: {
          application: wirePartialApplication(context, grant.applicationId),
          scopes: grant.scopes,
          expires: new Date(grant.expiresAt).toISOString(),
          ...(grant.scopes.includes('identify') ? { user: wireFullUser(context.world, grant.userId) } : {}),
        },
      };
    },
  },
  getOAuth2Keys: {
    handle(_request, context) {
      return { status: 200, body: worldJwks(context.world) };
    },
  },
  getOpenIdUserInfo: {
    handle(request, context) {
      const grant = currentGrant(request, context);
      if (!grant.scopes.includes('openid')) throw new ServiceRefusal(403, 50001, 'Missing Access: the token was not granted the openid scope');
      const user = context.world.getUser(grant.userId);
      return { status: 200, body: { sub: grant.userId, preferred_username: user?.username ?? 'unknown', nickname: user?.globalName ?? null } };
    },
  },
} satisfies RouteHandlers;
