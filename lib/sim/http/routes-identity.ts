/**
 * Game stats routes of the simulated HTTP service (server API reference §3): the game backend
 * writes a user's application identity profile with its bot token. `data` is replaced whole on
 * each write (left out: untouched), at most 10 KB serialized and 30 dynamic fields; the first
 * write answers 201 with the profile, later ones 204. A profile-only write for a user without an
 * identity of the application creates one with provider type NONE; when the user has identities,
 * the path's player id must be one of them.
 * @internal
 * @module
 */
import { ExternalIdentityProviderType } from '../../generated/seam.js';
import { limits } from '../../common/limits.js';
import { checkText, describe, typeName } from '../../common/validate.js';
import { ServiceRefusal, field, invalidForm, notFound, worldCall } from './errors.js';
import type { Caller, RouteHandlers, ServiceContext } from './routes.js';
import type { StoredProfile } from './state.js';
import { bodyObject, snowflakeField } from './wire.js';

/** Serialized `data` at most (bytes) and dynamic fields at most (discord-api-types remarks). */
const PROFILE_DATA_BYTES = 10 * 1024;
const PROFILE_DYNAMIC_FIELDS = 30;
const PRIMARY_TEXT = ['season', 'rank_name', 'highest_rank', 'featured_played_character'];
const PRIMARY_MEDIA = ['rank_image', 'highest_rank_image', 'featured_played_character_image'];
const PRIMARY_NUMBERS = [
  'playtime_hours',
  'total_wins',
  'current_period_wins',
  'total_games',
  'current_period_games',
  'total_kills',
  'current_period_kills',
  'total_assists',
  'current_period_assists',
  'total_deaths',
  'current_period_deaths',
];
/** DynamicField types: 1 string, 2 number, 3 media. */
const DYNAMIC_STRING = 1;
const DYNAMIC_NUMBER = 2;
const DYNAMIC_MEDIA = 3;

function object(value: unknown, at: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidForm(at, `${at} must be an object, got ${typeName(value)}`);
  return value as Record<string, unknown>;
}

function media(value: unknown, at: string): void {
  const url = object(value, at)['url'];
  field(`${at}.url`, () => checkText(url, `${at}.url`, 1, limits.activityButtonUrlLength));
}

function number(value: unknown, at: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw invalidForm(at, `${at} must be a finite number, got ${describe(value)}`);
}

function checkProfileData(value: unknown): void {
  const data = object(value, 'data');
  for (const key of Object.keys(data)) if (key !== 'primary' && key !== 'dynamic') throw invalidForm(`data.${key}`, `data.${key} is not a profile data field`);
  if (data['primary'] !== undefined) {
    const primary = object(data['primary'], 'data.primary');
    for (const [key, entry] of Object.entries(primary)) {
      const at = `data.primary.${key}`;
      if (PRIMARY_TEXT.includes(key)) field(at, () => checkText(entry, at, 0, limits.applicationProfileFieldLength));
      else if (PRIMARY_MEDIA.includes(key)) media(entry, at);
      else if (PRIMARY_NUMBERS.includes(key)) number(entry, at);
      else throw invalidForm(at, `${at} is not a primary field (${[...PRIMARY_TEXT, ...PRIMARY_MEDIA, ...PRIMARY_NUMBERS].join(', ')})`);
    }
  }
  if (data['dynamic'] !== undefined) {
    const dynamic = data['dynamic'];
    if (!Array.isArray(dynamic)) throw invalidForm('data.dynamic', `data.dynamic must be an array, got ${typeName(dynamic)}`);
    if (dynamic.length > PROFILE_DYNAMIC_FIELDS) {
      throw invalidForm('data.dynamic', `data.dynamic holds at most ${PROFILE_DYNAMIC_FIELDS} fields, got ${dynamic.length}`);
    }
    dynamic.forEach((entry: unknown, i) => {
      const at = `data.dynamic.${i}`;
      const spec = object(entry, at);
      field(`${at}.name`, () => checkText(spec['name'], `${at}.name`, 1, limits.applicationProfileFieldLength));
      if (spec['type'] === DYNAMIC_STRING) field(`${at}.value`, () => checkText(spec['value'], `${at}.value`, 0, limits.applicationProfileFieldLength));
      else if (spec['type'] === DYNAMIC_NUMBER) number(spec['value'], `${at}.value`);
      else if (spec['type'] === DYNAMIC_MEDIA) media(spec['value'], `${at}.value`);
      else throw invalidForm(`${at}.type`, `${at}.type must be 1 (string), 2 (number) or 3 (media), got ${describe(spec['type'])}`);
    });
  }
  const bytes = Buffer.byteLength(JSON.stringify(data));
  if (bytes > PROFILE_DATA_BYTES) throw invalidForm('data', `data must be at most ${PROFILE_DATA_BYTES} bytes serialized, got ${bytes}`);
}

interface ProfilePath {
  key: string;
  userId: string;
  providerIssuedUserId: string;
}

/** The path's application must be the bot's; the user must exist and the player id be one of its identities. */
function profilePath(caller: Caller, params: Readonly<Record<string, string>>, context: ServiceContext, creating: boolean): ProfilePath {
  const applicationId = snowflakeField('application.id', params['application_id']);
  if (applicationId !== caller.applicationId) {
    throw new ServiceRefusal(403, 20012, 'You are not authorized to perform this action on this application');
  }
  const userId = snowflakeField('user.id', params['user_id']);
  const providerIssuedUserId = field('provider_issued_user_id', () => checkText(params['providerIssuedUserId'], 'provider_issued_user_id', 1, limits.applicationProfileFieldLength));
  const user = context.world.getUser(userId);
  if (!user) throw notFound(10013, `Unknown User: no user ${userId}`);
  const identities = user.applicationProfiles.filter((profile) => profile.applicationId === applicationId);
  if (identities.length > 0 && !identities.some((profile) => profile.providerIssuedUserId === providerIssuedUserId)) {
    throw notFound(10013, 'Unknown identity: the user has no identity of this application with that player id');
  }
  if (identities.length === 0 && creating) {
    // A profile-only write creates the identity, with provider type NONE.
    worldCall(() =>
      context.world.setApplicationProfiles(userId, [
        ...user.applicationProfiles,
        { applicationId, providerType: ExternalIdentityProviderType.None, providerId: null, providerIssuedUserId, username: '', avatarHash: '', metadata: '' },
      ]),
    );
  }
  return { key: `${applicationId}/${userId}/${providerIssuedUserId}`, userId, providerIssuedUserId };
}

function wireProfile(profile: StoredProfile): Record<string, unknown> {
  return { username: profile.username ?? null, metadata: profile.metadata ?? null, data: profile.data ?? null };
}

export const IDENTITY_HANDLERS = {
  updateApplicationIdentityProfile: {
    handle({ caller, params, body }, context) {
      const given = bodyObject(body);
      const username = given['username'] === undefined || given['username'] === null ? undefined : field('username', () => checkText(given['username'], 'username', 0, limits.applicationProfileFieldLength));
      if (given['data'] !== undefined && given['data'] !== null) checkProfileData(given['data']);
      const path = profilePath(caller, params, context, true);
      const earlier = context.state.profiles.get(path.key);
      const profile: StoredProfile = { ...earlier };
      if (username !== undefined) profile.username = username;
      if (given['metadata'] !== undefined) profile.metadata = given['metadata'];
      // `data` is replaced whole; left out, it stays.
      if (given['data'] !== undefined) profile.data = given['data'];
      context.state.profiles.set(path.key, profile);
      return earlier ? { status: 204 } : { status: 201, body: wireProfile(profile) };
    },
  },
  getApplicationIdentityProfile: {
    handle({ caller, params }, context) {
      const path = profilePath(caller, params, context, false);
      const profile = context.state.profiles.get(path.key);
      if (!profile) throw notFound(10013, 'Unknown profile: nothing was written for this identity');
      return { status: 200, body: wireProfile(profile) };
    },
  },
} satisfies RouteHandlers;
