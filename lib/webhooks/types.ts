/**
 * The webhook events the service POSTs to an application's events URL, as delivered (snake_case
 * JSON; server API reference §5.4-5.5, after the service's webhook events documentation,
 * discord-api-docs developers/events/webhook-events.mdx "Event Types", and discord-api-types
 * (payloads/v10/webhook.ts, monetization.ts) / discord-interactions-js where they have them).
 * @module
 */
import type { APIEntitlement } from 'discord-api-types/v10';

/** The envelope's `type`: a PING (answer 204, sent when the URL is set) or an event. */
export const WebhookType = { Ping: 0, Event: 1 } as const;
export type WebhookType = (typeof WebhookType)[keyof typeof WebhookType];

/**
 * The event types this package knows: every type of the docs' "Event Types" table. Events of
 * another type (a later addition) go to the handler's `onUnknownEvent`, typed as
 * {@link UnknownWebhookEvent}.
 */
export const WebhookEventType = {
  ApplicationAuthorized: 'APPLICATION_AUTHORIZED',
  ApplicationDeauthorized: 'APPLICATION_DEAUTHORIZED',
  EntitlementCreate: 'ENTITLEMENT_CREATE',
  EntitlementUpdate: 'ENTITLEMENT_UPDATE',
  EntitlementDelete: 'ENTITLEMENT_DELETE',
  /** Documented, but "This event cannot be received by apps at this time". */
  QuestUserEnrollment: 'QUEST_USER_ENROLLMENT',
  LobbyMessageCreate: 'LOBBY_MESSAGE_CREATE',
  LobbyMessageUpdate: 'LOBBY_MESSAGE_UPDATE',
  LobbyMessageDelete: 'LOBBY_MESSAGE_DELETE',
  GameDirectMessageCreate: 'GAME_DIRECT_MESSAGE_CREATE',
  GameDirectMessageUpdate: 'GAME_DIRECT_MESSAGE_UPDATE',
  GameDirectMessageDelete: 'GAME_DIRECT_MESSAGE_DELETE',
} as const;
export type WebhookEventType = (typeof WebhookEventType)[keyof typeof WebhookEventType];

/** A user as events carry it. */
export interface WebhookUser {
  id: string;
  username: string;
  global_name: string | null;
  avatar: string | null;
  discriminator: string;
  public_flags?: number;
  flags?: number;
  primary_guild?: unknown;
}

/** A lobby message (LOBBY_MESSAGE_CREATE / _UPDATE). */
export interface WebhookLobbyMessage {
  id: string;
  /** Message type (0: default). */
  type: number;
  content: string;
  lobby_id: string;
  /** The lobby id (kept for compatibility). */
  channel_id: string;
  author: WebhookUser;
  /** The author's additional name in the lobby when the message was sent (docs resources/lobby.mdx). */
  lobby_member?: { additional_name: string };
  metadata?: Record<string, string>;
  /** Moderation metadata your game backend set on the message. */
  moderation_metadata?: Record<string, string>;
  /** Message flags; 65536 (1 << 16) on messages sent from the SDK. */
  flags: number;
  application_id?: string;
  /** LOBBY_MESSAGE_UPDATE only: when the message was sent (ISO 8601). */
  timestamp?: string;
  /** LOBBY_MESSAGE_UPDATE only: when it was edited (ISO 8601). */
  edited_timestamp?: string | null;
}

/** A game direct message (GAME_DIRECT_MESSAGE_CREATE / _UPDATE), the SDK DM shape. */
export interface WebhookDirectMessage {
  id: string;
  type: number;
  content: string;
  author: WebhookUser;
  flags: number;
  application_id: string;
  channel_id: string;
  /** The other participant. */
  recipient_id: string;
  channel: { id: string; type: number; recipients: WebhookUser[] };
  timestamp?: string;
  edited_timestamp?: string | null;
}

/**
 * An entitlement (ENTITLEMENT_CREATE / _UPDATE / _DELETE: "The inner payload is an entitlement
 * object"): discord-api-types' `APIEntitlement`, plus the two fields the docs' event examples
 * carry beyond the object's table.
 */
export type WebhookEntitlement = APIEntitlement & {
  /** In the docs' examples (`null`). */
  promotion_id?: string | null;
  /** In the docs' examples (`0`). */
  gift_code_flags?: number;
};

interface EventOf<T extends string, D> {
  type: T;
  /** ISO 8601, as the service writes it (no zone, microseconds). */
  timestamp: string;
  data: D;
}

export type ApplicationAuthorizedEvent = EventOf<'APPLICATION_AUTHORIZED', { integration_type?: 0 | 1; user: WebhookUser; scopes: string[]; guild?: unknown }>;
/** The user removed the application, was banned, or its tokens were revoked: drop the link. */
export type ApplicationDeauthorizedEvent = EventOf<'APPLICATION_DEAUTHORIZED', { user: WebhookUser }>;
/** A user bought or was granted one of the app's SKUs. */
export type EntitlementCreateEvent = EventOf<'ENTITLEMENT_CREATE', WebhookEntitlement>;
export type EntitlementUpdateEvent = EventOf<'ENTITLEMENT_UPDATE', WebhookEntitlement>;
/** `data.deleted` is true. */
export type EntitlementDeleteEvent = EventOf<'ENTITLEMENT_DELETE', WebhookEntitlement>;
/** Apps cannot receive it at this time (the docs); no `data` is documented (discord-api-types: undefined). */
export interface QuestUserEnrollmentEvent {
  type: 'QUEST_USER_ENROLLMENT';
  timestamp: string;
  data?: undefined;
}
export type LobbyMessageCreateEvent = EventOf<'LOBBY_MESSAGE_CREATE', WebhookLobbyMessage>;
export type LobbyMessageUpdateEvent = EventOf<'LOBBY_MESSAGE_UPDATE', WebhookLobbyMessage>;
export type LobbyMessageDeleteEvent = EventOf<'LOBBY_MESSAGE_DELETE', { id: string; lobby_id: string }>;
export type GameDirectMessageCreateEvent = EventOf<'GAME_DIRECT_MESSAGE_CREATE', WebhookDirectMessage>;
export type GameDirectMessageUpdateEvent = EventOf<'GAME_DIRECT_MESSAGE_UPDATE', WebhookDirectMessage>;
export type GameDirectMessageDeleteEvent = EventOf<'GAME_DIRECT_MESSAGE_DELETE', { id: string; channel_id: string; lobby_id?: string }>;
/** An event of a type this package does not describe (a later addition), given to `onUnknownEvent`. */
export type UnknownWebhookEvent = EventOf<string, unknown>;

/** Every event `onEvent` is given; narrow it on `type`. */
export type WebhookEvent =
  | ApplicationAuthorizedEvent
  | ApplicationDeauthorizedEvent
  | EntitlementCreateEvent
  | EntitlementUpdateEvent
  | EntitlementDeleteEvent
  | QuestUserEnrollmentEvent
  | LobbyMessageCreateEvent
  | LobbyMessageUpdateEvent
  | LobbyMessageDeleteEvent
  | GameDirectMessageCreateEvent
  | GameDirectMessageUpdateEvent
  | GameDirectMessageDeleteEvent;

/** The body of a delivery. */
export interface WebhookEventBody {
  /** Always 1. */
  version: 1;
  application_id: string;
  type: WebhookType;
  /** Absent on a PING. */
  event?: WebhookEvent | UnknownWebhookEvent;
}

/** What `onEvent` gets beside the event. */
export interface WebhookEventContext {
  /** The application the event is for. */
  applicationId: string;
}
