/**
 * Publisher-level account linking on the simulated HTTP service (server API reference §4.6):
 * `POST /partner-sdk/child-token` exchanges an access token of an approved publisher's
 * application (the parent) for a token of one of its games (a child application), for the same
 * user. The parent's client secret proves the caller; the world applies the rules (see
 * native/sdk/auth_api.h, ExchangeChildToken). The answer carries no refresh token: `expires_in`
 * is what the parent token has left. Tokens and secrets never reach a log line or an error.
 * @internal
 * @module
 */
import { checkText } from '../../common/validate.js';
import { ServiceRefusal, field, unauthorized, worldCall } from './errors.js';
import type { RouteHandlers } from './routes.js';
import { bodyObject, snowflakeField, wireTokenResponse } from './wire.js';

/** "Invalid client secret" (server API reference §4.7). */
const INVALID_CLIENT_SECRET = 530007;

export const PUBLISHER_HANDLERS = {
  exchangeChildToken: {
    // The body's parent token and parent client secret authenticate the request.
    handle(request, context) {
      const body = bodyObject(request.body);
      const parentToken = field('parent_access_token', () => checkText(body.parent_access_token, 'parent_access_token', 1, 2048));
      const secret = field('parent_client_secret', () => checkText(body.parent_client_secret, 'parent_client_secret', 1, 1024));
      const childId = snowflakeField('child_application_id', body.child_application_id);
      const parent = context.world.authenticate(parentToken);
      if ('failure' in parent) throw unauthorized();
      if (!context.state.checkClientSecret(parent.applicationId, secret)) {
        throw new ServiceRefusal(401, INVALID_CLIENT_SECRET, 'Invalid client secret');
      }
      const tokens = worldCall(() => context.world.exchangeChildToken(parentToken, childId));
      return { status: 200, body: wireTokenResponse(tokens) };
    },
  },
} satisfies RouteHandlers;
