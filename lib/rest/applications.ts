/**
 * The REST client's application and OAuth2-information conversions: the application object
 * (docs resources/application.mdx), its PATCH body, the current authorization (topics/
 * oauth2.mdx), the public keys and OpenID Connect claims, the application identities
 * (resources/application-identity-profile) and the `client_credentials` form. Responses are
 * read with payloads.ts's Reader: a malformed one is an `HTTPError` naming the route and field.
 * @internal
 * @module
 */
import { checkInteger, checkOptions, checkText, typeName } from '../common/validate.js';
import { Reader, user } from './payloads.js';
import type {
  Application,
  ApplicationIdentity,
  CurrentAuthorization,
  EventWebhooksStatusValue,
  ModifyApplicationInput,
  OAuth2PublicKey,
  OpenIdUserInfo,
  PartialApplication,
} from './types.js';

/** The description's ApplicationFormPartial limits: URLs 2,048 characters; 5 tags of 20. */
const URL_LENGTH = 2048;
const MAX_TAGS = 5;
const TAG_LENGTH = 20;

function partialApplication(read: Reader, value: unknown, path: string): PartialApplication {
  const wire = read.object(value, path);
  return {
    id: read.id(wire.id, `${path}.id`),
    name: read.string(wire.name, `${path}.name`),
    description: read.optionalString(wire.description, `${path}.description`) ?? '',
    icon: read.optionalString(wire.icon, `${path}.icon`) ?? null,
    verifyKey: read.string(wire.verify_key, `${path}.verify_key`),
    flags: read.number(wire.flags, `${path}.flags`, 0),
  };
}

function strings(read: Reader, value: unknown, path: string): string[] {
  return value === undefined || value === null ? [] : read.array(value, path).map((entry, i) => read.string(entry, `${path}[${i}]`));
}

/** @internal An application object. */
export function toApplication(route: string, body: unknown): Application {
  const read = new Reader(route);
  const wire = read.object(body, 'application');
  const status = read.number(wire.event_webhooks_status, 'application.event_webhooks_status', 1);
  if (status !== 1 && status !== 2 && status !== 3) read.fail('application.event_webhooks_status', '1, 2 or 3');
  return {
    ...partialApplication(read, body, 'application'),
    botPublic: wire.bot_public === true,
    botRequireCodeGrant: wire.bot_require_code_grant === true,
    bot: wire.bot === undefined || wire.bot === null ? null : user(read, wire.bot, 'application.bot'),
    owner: wire.owner === undefined || wire.owner === null ? null : user(read, wire.owner, 'application.owner'),
    tags: strings(read, wire.tags, 'application.tags'),
    eventWebhooksUrl: read.optionalString(wire.event_webhooks_url, 'application.event_webhooks_url') ?? null,
    eventWebhooksStatus: status as EventWebhooksStatusValue,
    eventWebhooksTypes: strings(read, wire.event_webhooks_types, 'application.event_webhooks_types'),
    interactionsEndpointUrl: read.optionalString(wire.interactions_endpoint_url, 'application.interactions_endpoint_url') ?? null,
  };
}

/** @internal The current authorization (`GET /oauth2/@me`). */
export function toCurrentAuthorization(route: string, body: unknown): CurrentAuthorization {
  const read = new Reader(route);
  const wire = read.object(body, 'authorization');
  const expires = new Date(read.string(wire.expires, 'authorization.expires'));
  if (Number.isNaN(expires.getTime())) read.fail('authorization.expires', 'an ISO 8601 timestamp');
  return {
    application: partialApplication(read, wire.application, 'authorization.application'),
    scopes: strings(read, wire.scopes, 'authorization.scopes'),
    expires,
    user: wire.user === undefined || wire.user === null ? null : user(read, wire.user, 'authorization.user'),
  };
}

/** @internal The public keys (`GET /oauth2/keys`). */
export function toOAuth2Keys(route: string, body: unknown): { keys: OAuth2PublicKey[] } {
  const read = new Reader(route);
  const keys = read.array(read.object(body, 'keys').keys, 'keys.keys').map((entry, i) => {
    const wire = read.object(entry, `keys.keys[${i}]`);
    const text = (name: keyof OAuth2PublicKey) => read.string(wire[name], `keys.keys[${i}].${name}`);
    return { kty: text('kty'), use: text('use'), kid: text('kid'), alg: text('alg'), n: text('n'), e: text('e') };
  });
  return { keys };
}

/** @internal The OpenID Connect claims (`GET /oauth2/userinfo`); claims the service left out stay out. */
export function toOpenIdUserInfo(route: string, body: unknown): OpenIdUserInfo {
  const read = new Reader(route);
  const wire = read.object(body, 'userinfo');
  const out: OpenIdUserInfo = { sub: read.id(wire.sub, 'userinfo.sub') };
  if (wire.preferred_username !== undefined) out.preferredUsername = read.string(wire.preferred_username, 'userinfo.preferred_username');
  if (wire.nickname !== undefined) out.nickname = read.optionalString(wire.nickname, 'userinfo.nickname') ?? null;
  if (wire.email !== undefined) out.email = read.optionalString(wire.email, 'userinfo.email') ?? null;
  if (typeof wire.email_verified === 'boolean') out.emailVerified = wire.email_verified;
  if (wire.picture !== undefined) out.picture = read.string(wire.picture, 'userinfo.picture');
  if (wire.locale !== undefined) out.locale = read.string(wire.locale, 'userinfo.locale');
  return out;
}

/** @internal `{ identities }` of the application-identity routes. */
export function toApplicationIdentities(route: string, body: unknown): ApplicationIdentity[] {
  const read = new Reader(route);
  return read.array(read.object(body, 'answer').identities, 'answer.identities').map((entry, i) => {
    const path = `answer.identities[${i}]`;
    const wire = read.object(entry, path);
    return {
      userId: read.id(wire.user_id, `${path}.user_id`),
      providerType: read.string(wire.provider_type, `${path}.provider_type`),
      providerId: read.optionalString(wire.provider_id, `${path}.provider_id`) ?? null,
      providerIssuedUserId: read.string(wire.provider_issued_user_id, `${path}.provider_issued_user_id`),
    };
  });
}

function checkList(value: unknown, name: string, max: number, check: (entry: unknown, at: string) => string): string[] {
  if (!Array.isArray(value)) throw new TypeError(`${name} must be an array, got ${typeName(value)}`);
  if (value.length > max) throw new RangeError(`${name} must hold at most ${max} entries, got ${value.length}`);
  const list = value.map((entry: unknown, i) => check(entry, `${name}[${i}]`));
  if (new Set(list).size !== list.length) throw new RangeError(`${name} must not repeat an entry`);
  return list;
}

// The interactions endpoint URL's fields, declared beside their conversion (types.ts is at its
// size limit): they merge into the interfaces of types.ts.
declare module './types.js' {
  interface Application {
    /** Where interactions are sent (the interactions endpoint URL), or null: over the gateway. */
    interactionsEndpointUrl: string | null;
  }
  interface ModifyApplicationInput {
    /** The interactions endpoint URL; the service first sends it a PING, which must be answered `{ "type": 1 }`. null removes it. */
    interactionsEndpointUrl?: string | null;
  }
}

/** @internal The JSON body of `PATCH /applications/@me` (ApplicationFormPartial), checked. */
export function modifyApplicationBody(input: ModifyApplicationInput): Record<string, unknown> {
  const given = checkOptions(input, 'changes');
  const body: Record<string, unknown> = {};
  if (given.description !== undefined) body['description'] = checkText(given.description, 'changes.description', 0, 400);
  if (given.tags !== undefined) body['tags'] = given.tags === null ? null : checkList(given.tags, 'changes.tags', MAX_TAGS, (tag, at) => checkText(tag, at, 1, TAG_LENGTH));
  if (given.eventWebhooksUrl !== undefined) {
    body['event_webhooks_url'] = given.eventWebhooksUrl === null ? null : checkHttpUrl(given.eventWebhooksUrl, 'changes.eventWebhooksUrl');
  }
  if (given.interactionsEndpointUrl !== undefined) {
    body['interactions_endpoint_url'] = given.interactionsEndpointUrl === null ? null : checkHttpUrl(given.interactionsEndpointUrl, 'changes.interactionsEndpointUrl');
  }
  if (given.eventWebhooksStatus !== undefined) body['event_webhooks_status'] = checkInteger(given.eventWebhooksStatus, 'changes.eventWebhooksStatus', 1, 2, '1 (disabled) or 2 (enabled)');
  if (given.eventWebhooksTypes !== undefined) {
    body['event_webhooks_types'] =
      given.eventWebhooksTypes === null ? null : checkList(given.eventWebhooksTypes, 'changes.eventWebhooksTypes', 12, (type, at) => checkText(type, at, 1, 100));
  }
  return body;
}

function checkHttpUrl(value: unknown, name: string): string {
  const text = checkText(value, name, 1, URL_LENGTH);
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new RangeError(`${name} must be an absolute http:// or https:// URL`);
  return text;
}

/** @internal The form of the `client_credentials` grant: `scope`, space-separated (none: left out). */
export function clientCredentialsForm(request: { scopes?: string } | undefined): Record<string, string> {
  const given = checkOptions(request, 'request');
  const form: Record<string, string> = { grant_type: 'client_credentials' };
  if (given.scopes !== undefined) form['scope'] = checkText(given.scopes, 'request.scopes', 1, 1000);
  return form;
}
