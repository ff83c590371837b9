/**
 * The provisional-account endpoints of the simulated HTTP service (server API reference
 * §4.5-4.6), for a game server: `POST /partner-sdk/token/bot` (the bot token; the identity is the
 * game's own player id) and `POST /partner-sdk/token` (the application's client credentials in
 * the JSON body; an external identity token), which make the account on first use and sign in to
 * it later, and the two unmerge routes. The rules are the world's (native/sim/service/
 * world_provisional*.cc), shared with the SDK clients' getProvisionalToken and
 * unmergeIntoProvisionalAccount. Tokens, external tokens and secrets never reach a log line or
 * an error.
 * @internal
 * @module
 */
import { ExternalAuthType } from '../../generated/seam.js';
import { checkText, typeName } from '../../common/validate.js';
import { EXTERNAL_AUTH_WIRE_NAMES } from '../../rest/provisional.js';
import { ServiceRefusal, field, invalidForm, worldCall } from './errors.js';
import type { RouteHandlers, ServiceContext, ServiceRequest } from './routes.js';
import { idTokenFor } from './signing.js';
import { bodyObject, snowflakeField, wireTokenResponse } from './wire.js';

/** "Invalid client secret" (server API reference §4.7). */
const INVALID_CLIENT_SECRET = 530007;
/** "Unknown Application". */
const UNKNOWN_APPLICATION = 10002;

/** The vendor value of each wire name of `external_auth_type`. */
export const AUTH_TYPES: ReadonlyMap<string, number> = new Map(
  Object.entries(EXTERNAL_AUTH_WIRE_NAMES).map(([name, wire]) => [wire, ExternalAuthType[name as keyof typeof ExternalAuthType]]),
);

/**
 * The application whose client credentials the body carries (`client_id`, `client_secret`), or
 * 401 530007. Without a secret, a `Bot` token of that application proves it (the specification
 * lists Bot as the route's other security scheme).
 */
function authenticateClient(request: ServiceRequest, body: Record<string, unknown>, context: ServiceContext): string {
  const applicationId = snowflakeField('client_id', body['client_id']);
  if (context.world.getApplication(applicationId) === null) throw new ServiceRefusal(404, UNKNOWN_APPLICATION, 'Unknown Application');
  const secret = body['client_secret'];
  if (secret !== undefined) {
    const given = field('client_secret', () => checkText(secret, 'client_secret', 1, 1024));
    if (context.state.checkClientSecret(applicationId, given)) return applicationId;
  } else {
    const bot = /^Bot (\S+)$/.exec(request.authorization ?? '');
    if (bot && context.state.applicationOfBotToken(bot[1]!) === applicationId) return applicationId;
  }
  throw new ServiceRefusal(401, INVALID_CLIENT_SECRET, 'Invalid client secret');
}

/** `external_auth_type` (a wire name) as the vendor value, and `external_auth_token` (1-10,240). */
function externalIdentity(body: Record<string, unknown>): { type: number; token: string } {
  const wire = body['external_auth_type'];
  if (typeof wire !== 'string') throw invalidForm('external_auth_type', `external_auth_type must be a string, got ${typeName(wire)}`);
  const type = AUTH_TYPES.get(wire);
  if (type === undefined) throw invalidForm('external_auth_type', `external_auth_type must be one of ${[...AUTH_TYPES.keys()].join(', ')}`);
  const token = field('external_auth_token', () => checkText(body['external_auth_token'], 'external_auth_token', 1, 10240));
  return { type, token };
}

function externalUserId(body: Record<string, unknown>): string {
  return field('external_user_id', () => checkText(body['external_user_id'], 'external_user_id', 1, 1024));
}

// Token responses carry an `id_token` (the description's ProvisionalTokenResponse requires it).
export const PROVISIONAL_HANDLERS = {
  botProvisionalToken: {
    handle(request, context) {
      const body = bodyObject(request.body);
      const player = externalUserId(body);
      const name = body['preferred_global_name'];
      // null is allowed (the official description: `type: [string, null]`) and means none.
      const preferred = name === undefined || name === null ? undefined : field('preferred_global_name', () => checkText(name, 'preferred_global_name', 1, 32));
      const { applicationId } = request.caller;
      const tokens = worldCall(() => context.world.botProvisionalToken(applicationId, player, preferred));
      return { status: 200, body: wireTokenResponse(tokens, idTokenFor(context.world, tokens.accessToken)) };
    },
  },
  provisionalToken: {
    handle(request, context) {
      const body = bodyObject(request.body);
      const applicationId = authenticateClient(request, body, context);
      const { type, token } = externalIdentity(body);
      const tokens = worldCall(() => context.world.exchangeExternalToken(applicationId, type, token));
      return { status: 200, body: wireTokenResponse(tokens, idTokenFor(context.world, tokens.accessToken)) };
    },
  },
  unmergeBotProvisionalAccount: {
    handle(request, context) {
      const player = externalUserId(bodyObject(request.body));
      const { applicationId } = request.caller;
      worldCall(() => context.world.unmergeBotIdentity(applicationId, player));
      return { status: 204 };
    },
  },
  unmergeProvisionalAccount: {
    handle(request, context) {
      const body = bodyObject(request.body);
      const applicationId = authenticateClient(request, body, context);
      const { type, token } = externalIdentity(body);
      worldCall(() => context.world.unmergeExternalIdentity(applicationId, type, token));
      return { status: 204 };
    },
  },
} satisfies RouteHandlers;
