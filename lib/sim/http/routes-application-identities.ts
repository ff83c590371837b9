/**
 * The application-identity routes of the simulated HTTP service, with the bot token (docs
 * resources/application-identity-profile, as discord-api-types 0.38.57 gives them; absent from
 * the official description): the identities of a user (`GET /users/{user_id}/
 * application-identities/{application_id}`), the identities of an external id (`GET
 * /applications/{application_id}/application-identities/{provider_type}/
 * {provider_issued_user_id}?provider_id=`, "empty if no identity matches"), and the deletion of
 * one (`POST /users/{user_id}/application-identities/{application_id}/{provider_type}/
 * {provider_issued_user_id}/delete`, an optional `{ provider_id }` body; 204).
 *
 * An identity is either a provisional account's (the world's identity -> account bindings:
 * native/sim/service/provisional_accounts.h), whose `provider_type` is the `external_auth_type`
 * it was exchanged with (`OIDC`, `DISCORD_BOT_ISSUED_ACCESS_TOKEN`, ...), or one of a user's
 * application profiles (a profile-only write makes one of type `NONE`, server API reference §3),
 * whose `provider_type` is the provider's name in capitals (`STEAM`, `NONE`). The names other
 * than `NONE`, the 404 10013 for an unknown identity and the 403 20012 for another application's
 * path are OUR CHOICES. Deleting a provisional identity unbinds it (its next token exchange makes
 * a new account); deleting a profile's drops the profile and its stored game data.
 * @internal
 * @module
 */
import { ExternalIdentityProviderType } from '../../generated/seam.js';
import { checkText } from '../../common/validate.js';
import { pathApplication } from './applications.js';
import { field, notFound } from './errors.js';
import { AUTH_TYPES } from './routes-provisional.js';
import type { Caller, RouteHandlers, ServiceContext } from './routes.js';
import { bodyObject, snowflakeField } from './wire.js';

/** One identity as the routes answer it (discord-api-types APIUserApplicationIdentity). */
interface WireIdentity {
  user_id: string;
  provider_type: string;
  provider_id?: string;
  provider_issued_user_id: string;
}

/** The wire name of each vendor ExternalAuthType value (the provisional identities' types). */
const AUTH_TYPE_NAMES: ReadonlyMap<number, string> = new Map([...AUTH_TYPES].map(([wire, value]) => [value, wire]));
/** A profile's provider type by its vendor value: the enum's names in capitals (`EpicOnlineServices` -> `EPIC_ONLINE_SERVICES`). */
const PROVIDER_TYPE_NAMES: ReadonlyMap<number, string> = new Map(
  Object.entries(ExternalIdentityProviderType).map(([name, value]) => [value, name.replace(/(?<=[a-z])(?=[A-Z])/g, '_').toUpperCase()]),
);

/** Every identity of the application that can be found: the provisional ones, and the profiles of `users`. */
function identitiesOf(context: ServiceContext, applicationId: string, users: Iterable<string>): WireIdentity[] {
  const found: WireIdentity[] = context.world
    .applicationIdentities(applicationId)
    .map((identity) => ({ user_id: identity.userId, provider_type: AUTH_TYPE_NAMES.get(identity.type) ?? 'UNKNOWN', provider_issued_user_id: identity.subject }));
  for (const userId of new Set(users)) {
    for (const profile of context.world.getUser(userId)?.applicationProfiles ?? []) {
      if (profile.applicationId !== applicationId) continue;
      found.push({
        user_id: userId,
        provider_type: PROVIDER_TYPE_NAMES.get(profile.providerType) ?? 'UNKNOWN',
        ...(profile.providerId ? { provider_id: profile.providerId } : {}),
        provider_issued_user_id: profile.providerIssuedUserId,
      });
    }
  }
  return found;
}

/** The users with game data written for the application (their profile identities can be looked up by external id). */
function usersWithProfiles(context: ServiceContext, applicationId: string): string[] {
  return [...context.state.profiles.keys()].filter((key) => key.startsWith(`${applicationId}/`)).map((key) => key.split('/')[1]!);
}

function pathIdentity(caller: Caller, params: Readonly<Record<string, string>>, context: ServiceContext) {
  const applicationId = pathApplication(context, caller.applicationId, params['application_id']);
  const providerType = field('provider_type', () => checkText(params['provider_type'], 'provider_type', 1, 100));
  const providerIssuedUserId = field('provider_issued_user_id', () => checkText(params['provider_issued_user_id'], 'provider_issued_user_id', 1, 1024));
  return { applicationId, providerType, providerIssuedUserId };
}

function optionalProviderId(value: unknown): string | undefined {
  return value === undefined || value === null ? undefined : field('provider_id', () => checkText(value, 'provider_id', 1, 1024));
}

function knownUser(context: ServiceContext, value: string | undefined): string {
  const userId = snowflakeField('user.id', value);
  if (context.world.getUser(userId) === null) throw notFound(10013, `Unknown User: no user ${userId}`);
  return userId;
}

export const APPLICATION_IDENTITY_HANDLERS = {
  getUserApplicationIdentities: {
    handle({ caller, params }, context) {
      const applicationId = pathApplication(context, caller.applicationId, params['application_id']);
      const userId = knownUser(context, params['user_id']);
      const identities = identitiesOf(context, applicationId, [userId]).filter((identity) => identity.user_id === userId);
      return { status: 200, body: { identities } };
    },
  },
  getApplicationIdentities: {
    handle({ caller, params, query }, context) {
      const path = pathIdentity(caller, params, context);
      const providerId = optionalProviderId(query.get('provider_id') ?? undefined);
      const identities = identitiesOf(context, path.applicationId, usersWithProfiles(context, path.applicationId)).filter(
        (identity) =>
          identity.provider_type === path.providerType &&
          identity.provider_issued_user_id === path.providerIssuedUserId &&
          (providerId === undefined || identity.provider_id === providerId),
      );
      return { status: 200, body: { identities } };
    },
  },
  deleteApplicationIdentity: {
    handle({ caller, params, body }, context) {
      const path = pathIdentity(caller, params, context);
      const userId = knownUser(context, params['user_id']);
      // "The JSON body is optional" (discord-api-types RESTPostAPIApplicationIdentityDeleteJSONBody).
      const providerId = body === undefined ? undefined : optionalProviderId(bodyObject(body)['provider_id']);
      const authType = AUTH_TYPES.get(path.providerType);
      if (authType !== undefined && providerId === undefined && context.world.deleteApplicationIdentity(path.applicationId, userId, authType, path.providerIssuedUserId)) {
        return { status: 204 };
      }
      const user = context.world.getUser(userId)!;
      const matches = (profile: (typeof user.applicationProfiles)[number]) =>
        profile.applicationId === path.applicationId &&
        PROVIDER_TYPE_NAMES.get(profile.providerType) === path.providerType &&
        profile.providerIssuedUserId === path.providerIssuedUserId &&
        (providerId === undefined || profile.providerId === providerId);
      if (!user.applicationProfiles.some(matches)) throw notFound(10013, 'Unknown identity: the user has no identity of this application with that provider type and id');
      context.world.setApplicationProfiles(userId, user.applicationProfiles.filter((profile) => !matches(profile)));
      context.state.profiles.delete(`${path.applicationId}/${userId}/${path.providerIssuedUserId}`);
      return { status: 204 };
    },
  },
} satisfies RouteHandlers;
