/**
 * The applications as the simulated service's application routes show and change them
 * (`GET`/`PATCH /applications/@me`, `/applications/{application_id}`, `GET
 * /oauth2/applications/@me`; docs resources/application.mdx): what the world knows (id, name,
 * bot user), the webhook events key (`verify_key`: the application's Ed25519 public key, hex,
 * as webhooks.ts signs with it), the events URL (webhooks.ts, reached through its own API), and
 * the fields only this service keeps, one set per world: description, tags, the subscribed event
 * types, a URL saved while events are disabled, and the owner.
 *
 * The events URL (docs events/webhook-events.mdx, "Subscribing to Events": the API way is Edit
 * Current Application) is live while `event_webhooks_status` is ENABLED (2): the dispatcher then
 * holds it and delivers events, and the harness's `setWebhookEventsUrl` is the same switch.
 * Enabling checks the URL as the portal does (webhook-events.mdx, "Setting Up an Endpoint": a
 * PING answered 204 and a bad signature refused with 401). OUR CHOICES: a URL saved while
 * disabled is kept unchecked until events are enabled; enabling without a URL is refused; the
 * dispatcher delivers every event type whatever `event_webhooks_types` lists (the list is kept
 * and shown); the owner is a user the simulator makes for the application the first time one is
 * needed (the world has no owners).
 * @internal
 * @module
 */
import type { NativeWorld } from '../../addon/native.js';
import { checkText, describe, typeName } from '../../common/validate.js';
import { SocialSdkError } from '../../common/errors.js';
import { field, invalidForm, notFound, ServiceRefusal } from './errors.js';
import type { ServiceContext } from './routes.js';
import { wireUser } from './wire.js';
import { EDITABLE_FLAGS, wireApplicationFlags } from '../accounts.js';
import { setPrivilegedIntentToggles, type PrivilegedIntent } from '../gateway/bot-settings.js';
import { interactionsEndpoint, setInteractionsEndpoint } from '../interactions/delivery.js';

type Json = Record<string, unknown>;

/** The docs' Application Event Webhook Status (resources/application.mdx). */
export const EventWebhooksStatus = { Disabled: 1, Enabled: 2, DisabledByDiscord: 3 } as const;

/** The event types an application may subscribe to (the description's ApplicationFormPartial.event_webhooks_types). */
export const EVENT_WEBHOOK_TYPES: readonly string[] = [
  'APPLICATION_AUTHORIZED',
  'APPLICATION_DEAUTHORIZED',
  'ENTITLEMENT_CREATE',
  'ENTITLEMENT_DELETE',
  'ENTITLEMENT_UPDATE',
  'GAME_DIRECT_MESSAGE_CREATE',
  'GAME_DIRECT_MESSAGE_DELETE',
  'GAME_DIRECT_MESSAGE_UPDATE',
  'LOBBY_MESSAGE_CREATE',
  'LOBBY_MESSAGE_DELETE',
  'LOBBY_MESSAGE_UPDATE',
  'QUEST_USER_ENROLLMENT',
];

/** "You are not authorized to perform this action on this application" (the identity routes use it too). */
const NOT_YOUR_APPLICATION = 20012;
/** The description's limits: URLs 2048 characters, at most 5 tags of 20 characters (ApplicationFormPartial). */
const URL_LENGTH = 2048;
const MAX_TAGS = 5;
const TAG_LENGTH = 20;
/** The docs give no limit on a description; ours: 400 characters, the developer portal's field. */
const DESCRIPTION_LENGTH = 400;

interface ApplicationRecord {
  description: string;
  tags: string[];
  eventTypes: string[];
  /** A URL saved while events are disabled (the dispatcher holds the live one). */
  parkedUrl: string | null;
  ownerId: string | undefined;
}

const records = new WeakMap<NativeWorld, Map<string, ApplicationRecord>>();

function recordOf(world: NativeWorld, applicationId: string): ApplicationRecord {
  let byId = records.get(world);
  if (!byId) records.set(world, (byId = new Map()));
  let record = byId.get(applicationId);
  if (!record) byId.set(applicationId, (record = { description: '', tags: [], eventTypes: [], parkedUrl: null, ownerId: undefined }));
  return record;
}

/** A user as the description's UserResponse requires it (wire.ts's user and the required flags). */
export function wireFullUser(world: NativeWorld, id: string): Json {
  return wireUser(world, id);
}

/** The application's owner: a user the simulator makes the first time one is needed (our choice). */
export function applicationOwner(context: ServiceContext, applicationId: string): string {
  const record = recordOf(context.world, applicationId);
  record.ownerId ??= context.world.createUser({ username: `owner_${applicationId}`, provisional: false }).id;
  return record.ownerId;
}

/** The application of a path (`@me` routes: the bot's own), or 404 / 403 for another's. */
export function pathApplication(context: ServiceContext, callerApplicationId: string, given: string | undefined): string {
  if (given === undefined) return callerApplicationId;
  if (!/^\d{1,20}$/.test(given) || context.world.getApplication(given) === null) throw notFound(10002, 'Unknown Application');
  if (given !== callerApplicationId) throw new ServiceRefusal(403, NOT_YOUR_APPLICATION, 'You are not authorized to perform this action on this application');
  return given;
}

/** The partial application of `GET /oauth2/@me` (the description's ApplicationResponse). */
export function wirePartialApplication(context: ServiceContext, applicationId: string): Json {
  const app = context.world.getApplication(applicationId);
  if (app === null) throw notFound(10002, 'Unknown Application');
  const record = recordOf(context.world, applicationId);
  return {
    id: app.id,
    name: app.name,
    icon: null,
    description: record.description,
    type: null,
    bot: wireFullUser(context.world, app.botUserId),
    bot_public: true,
    bot_require_code_grant: false,
    verify_key: context.state.webhooks.publicKey(applicationId),
    ...wireApplicationFlags(context.world, applicationId),
    ...(record.tags.length > 0 ? { tags: [...record.tags] } : {}),
  };
}

/** The application object of the application routes (the description's PrivateApplicationResponse). */
export function wireApplication(context: ServiceContext, applicationId: string): Json {
  const record = recordOf(context.world, applicationId);
  const liveUrl = context.state.webhooks.url(applicationId);
  return {
    ...wirePartialApplication(context, applicationId),
    redirect_uris: [],
    interactions_endpoint_url: interactionsEndpoint(context.world, applicationId),
    role_connections_verification_url: null,
    owner: wireFullUser(context.world, applicationOwner(context, applicationId)),
    approximate_guild_count: 0,
    approximate_user_install_count: 0,
    approximate_user_authorization_count: 0,
    explicit_content_filter: 0,
    team: null,
    eligible_oauth2_scopes: ['identify', 'email', 'openid'],
    event_webhooks_url: liveUrl ?? record.parkedUrl,
    event_webhooks_status: liveUrl === null ? EventWebhooksStatus.Disabled : EventWebhooksStatus.Enabled,
    event_webhooks_types: [...record.eventTypes],
  };
}

function checkUrl(value: unknown): URL {
  const text = field('event_webhooks_url', () => checkText(value, 'event_webhooks_url', 1, URL_LENGTH));
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw invalidForm('event_webhooks_url', 'event_webhooks_url must be an absolute http:// or https:// URL');
  return url;
}

function checkStringList(value: unknown, name: string, check: (entry: unknown, at: string) => string, max: number): string[] {
  if (!Array.isArray(value)) throw invalidForm(name, `${name} must be an array, got ${typeName(value)}`);
  if (value.length > max) throw invalidForm(name, `${name} holds at most ${max} entries, got ${value.length}`);
  const list = value.map((entry: unknown, i) => check(entry, `${name}.${i}`));
  // The description: uniqueItems.
  if (new Set(list).size !== list.length) throw invalidForm(name, `${name} must not repeat an entry`);
  return list;
}

function checkEventType(entry: unknown, at: string): string {
  if (typeof entry !== 'string' || !EVENT_WEBHOOK_TYPES.includes(entry)) throw invalidForm(at, `${at} must be one of ${EVENT_WEBHOOK_TYPES.join(', ')}, got ${describe(entry)}`);
  return entry;
}

/** The changes of a PATCH body, checked; null clears a nullable field, left out: unchanged. */
interface ApplicationChanges {
  description?: string;
  tags?: string[];
  eventTypes?: string[];
  url?: URL | null;
  status?: 1 | 2;
  /** The privileged intent toggles the limited intent flags of `flags` stand for. */
  intents?: Record<PrivilegedIntent, boolean>;
}

/**
 * `flags`: "Only limited intent flags (GATEWAY_PRESENCE_LIMITED, GATEWAY_GUILD_MEMBERS_LIMITED, and
 * GATEWAY_MESSAGE_CONTENT_LIMITED) can be updated via the API" (docs resources/application.mdx, Edit
 * Current Application); requests carry `flags`, never `flags_new` (Application Flags). Each flag
 * given switches its privileged intent's toggle on, each left out switches it off, as the portal's
 * toggles do.
 */
function checkFlags(value: unknown): Record<PrivilegedIntent, boolean> {
  const editable = Object.values(EDITABLE_FLAGS).reduce((all, bit) => all | bit, 0);
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > 0x7fffffff) throw invalidForm('flags', 'flags must be an integer of at most 31 bits');
  if (((value as number) & ~editable) !== 0) {
    throw invalidForm('flags', 'only the limited intent flags (GATEWAY_PRESENCE_LIMITED, GATEWAY_GUILD_MEMBERS_LIMITED, GATEWAY_MESSAGE_CONTENT_LIMITED) can be updated');
  }
  const toggles = {} as Record<PrivilegedIntent, boolean>;
  for (const name of Object.keys(EDITABLE_FLAGS) as PrivilegedIntent[]) toggles[name] = ((value as number) & EDITABLE_FLAGS[name]) !== 0;
  return toggles;
}

function checkChanges(body: Json): ApplicationChanges {
  const changes: ApplicationChanges = {};
  if (body['description'] !== undefined) changes.description = field('description', () => checkText(body['description'], 'description', 0, DESCRIPTION_LENGTH));
  if (body['tags'] !== undefined && body['tags'] !== null) {
    changes.tags = checkStringList(body['tags'], 'tags', (entry, at) => field(at, () => checkText(entry, at, 1, TAG_LENGTH)), MAX_TAGS);
  } else if (body['tags'] === null) changes.tags = [];
  if (body['event_webhooks_types'] !== undefined) {
    changes.eventTypes = body['event_webhooks_types'] === null ? [] : checkStringList(body['event_webhooks_types'], 'event_webhooks_types', checkEventType, EVENT_WEBHOOK_TYPES.length);
  }
  if (body['event_webhooks_url'] !== undefined) changes.url = body['event_webhooks_url'] === null ? null : checkUrl(body['event_webhooks_url']);
  if (body['flags'] !== undefined && body['flags'] !== null) changes.intents = checkFlags(body['flags']);
  const status = body['event_webhooks_status'];
  if (status !== undefined && status !== null) {
    // The description's ApplicationFormPartial: 1 (disable) or 2 (enable); 3 is Discord's to set.
    if (status !== EventWebhooksStatus.Disabled && status !== EventWebhooksStatus.Enabled) {
      throw invalidForm('event_webhooks_status', `event_webhooks_status must be 1 (disabled) or 2 (enabled), got ${describe(status)}`);
    }
    changes.status = status;
  }
  return changes;
}

/**
 * Applies a PATCH (docs resources/application.mdx, "Edit Current Application": "Only properties
 * that are passed will be updated"). Everything is checked before anything changes; a URL that
 * fails the PING check is a 400 on `event_webhooks_url` with nothing changed.
 */
export async function modifyApplication(context: ServiceContext, applicationId: string, body: Json): Promise<Json> {
  const changes = checkChanges(body);
  // The interactions endpoint URL: a PING answered { type: 1 } first (../interactions/delivery.ts).
  if (body['interactions_endpoint_url'] !== undefined) await setInteractionsEndpoint(context.world, context.state.webhooks, applicationId, body['interactions_endpoint_url']);
  const record = recordOf(context.world, applicationId);
  const { webhooks } = context.state;
  const liveUrl = webhooks.url(applicationId);
  const url = changes.url === undefined ? (liveUrl ?? record.parkedUrl) : changes.url === null ? null : changes.url.href;
  const enabled = changes.status === undefined ? liveUrl !== null : changes.status === EventWebhooksStatus.Enabled;
  if (enabled && url === null) throw invalidForm('event_webhooks_url', 'event_webhooks_url is required to enable webhook events');
  if (enabled && url !== liveUrl) {
    try {
      await webhooks.setUrl(applicationId, new URL(url!));
    } catch (error) {
      if (error instanceof SocialSdkError) throw invalidForm('event_webhooks_url', error.message.replace(/^setWebhookEventsUrl: /, ''));
      throw error;
    }
  } else if (!enabled && liveUrl !== null) {
    await webhooks.setUrl(applicationId, null);
  }
  record.parkedUrl = enabled ? null : url;
  if (changes.description !== undefined) record.description = changes.description;
  if (changes.tags !== undefined) record.tags = changes.tags;
  if (changes.eventTypes !== undefined) record.eventTypes = changes.eventTypes;
  if (changes.intents !== undefined) setPrivilegedIntentToggles(context.world, applicationId, changes.intents);
  return wireApplication(context, applicationId);
}
