/**
 * The current user's routes of the simulated service: `GET /users/@me` (the description's
 * get_my_user: a bot token or a user's token with `identify`) and `GET /users/@me/connections`
 * (list_my_connections: a user's token with `connections`), with the platform document's rules on
 * what they show (User object: `premium_type`; Get Current User Connections: the retired
 * connection types), kept in ../accounts.ts.
 *
 * OUR CHOICES where the docs are silent: a user's token without the route's scope is 403 50001
 * (as `GET /oauth2/userinfo` without `openid`); the simulator has no e-mail addresses, locales or
 * two-factor settings, so `mfa_enabled` is false, `locale` is `en-US` and `email`/`verified` are
 * left out (they need the `email` scope, which the simulator does not model); a bot's connections
 * are an empty list.
 * @internal
 * @module
 */
import { listedConnections, premiumTypeFor, type KeptConnection } from '../accounts.js';
import { ServiceRefusal } from './errors.js';
import { currentGrant } from './routes-oauth2-info.js';
import type { RouteHandlers, ServiceContext, ServiceRequest } from './routes.js';
import { wireUser } from './wire.js';

function missingScope(scope: string): ServiceRefusal {
  return new ServiceRefusal(403, 50001, `Missing Access: the token was not granted the ${scope} scope`);
}

/** The caller's user and what its token may see: a bot's own user, or a user's with the route's scope. */
function currentUser(request: ServiceRequest, context: ServiceContext, scope: string): { userId: string; applicationId: string; scopes: string[]; bot: boolean } {
  if (request.caller.kind === 'bot') {
    const app = context.world.getApplication(request.caller.applicationId)!;
    return { userId: app.botUserId, applicationId: app.id, scopes: [], bot: true };
  }
  const grant = currentGrant(request, context);
  if (!grant.scopes.includes(scope)) throw missingScope(scope);
  return { ...grant, bot: false };
}

function wireConnection(connection: KeptConnection): Record<string, unknown> {
  return {
    id: connection.id,
    name: connection.name,
    type: connection.type,
    revoked: connection.revoked,
    integrations: [],
    verified: connection.verified,
    friend_sync: connection.friendSync,
    show_activity: connection.showActivity,
    two_way_link: connection.twoWayLink,
    visibility: connection.visibility,
  };
}

export const USER_HANDLERS = {
  getCurrentUser: {
    handle(request, context) {
      const caller = currentUser(request, context, 'identify');
      return {
        status: 200,
        body: {
          ...wireUser(context.world, caller.userId),
          ...(caller.bot ? { bot: true } : {}),
          mfa_enabled: false,
          locale: 'en-US',
          premium_type: caller.bot ? 0 : premiumTypeFor(context.world, caller.userId, caller.applicationId, caller.scopes),
        },
      };
    },
  },
  getCurrentUserConnections: {
    handle(request, context) {
      const caller = currentUser(request, context, 'connections');
      return { status: 200, body: caller.bot ? [] : listedConnections(context.world, caller.userId).map(wireConnection) };
    },
  },
} satisfies RouteHandlers;
