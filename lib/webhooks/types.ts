/**
 * The webhook events the service POSTs to an application's events URL, as delivered (snake_case
 * JSON; server API reference §5.4-5.5, after the service's webhook events documentation and
 * discord-api-types / discord-interactions-js where they have them).
 * @module
 */

/** The envelope's `type`: a PING (answer 204, sent when the URL is set) or an event. */
export const WebhookType = { Ping: 0, Event: 1 } as const;
export type WebhookType = (typeof WebhookType)[keyof typeof WebhookType];

/** The event types this package knows (others are handed to `onEvent` too, typed as {@link UnknownWebhookEvent}). */
export const WebhookEventType = {
  ApplicationAuthorized: 'APPLICATION_AUTHORIZED',
  ApplicationDeauthorized: 'APPLICATION_DEAUTHORIZED',
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
  metadata?: Record<string, string>;
  /** Message flags; 65536 (1 << 16) on messages sent from the SDK. */
  flags: number;
  application_id?: string;
  timestamp?: string;
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

interface EventOf<T extends string, D> {
  type: T;
  /** ISO 8601, as the service writes it (no zone, microseconds). */
  timestamp: string;
  data: D;
}

export type ApplicationAuthorizedEvent = EventOf<'APPLICATION_AUTHORIZED', { integration_type?: 0 | 1; user: WebhookUser; scopes: string[]; guild?: unknown }>;
/** The user removed the application, was banned, or its tokens were revoked: drop the link. */
export type ApplicationDeauthorizedEvent = EventOf<'APPLICATION_DEAUTHORIZED', { user: WebhookUser }>;
export type LobbyMessageCreateEvent = EventOf<'LOBBY_MESSAGE_CREATE', WebhookLobbyMessage>;
export type LobbyMessageUpdateEvent = EventOf<'LOBBY_MESSAGE_UPDATE', WebhookLobbyMessage>;
export type LobbyMessageDeleteEvent = EventOf<'LOBBY_MESSAGE_DELETE', { id: string; lobby_id: string }>;
export type GameDirectMessageCreateEvent = EventOf<'GAME_DIRECT_MESSAGE_CREATE', WebhookDirectMessage>;
export type GameDirectMessageUpdateEvent = EventOf<'GAME_DIRECT_MESSAGE_UPDATE', WebhookDirectMessage>;
export type GameDirectMessageDeleteEvent = EventOf<'GAME_DIRECT_MESSAGE_DELETE', { id: string; channel_id: string; lobby_id?: string }>;
/** An event type this package does not describe (entitlements, later additions). */
export type UnknownWebhookEvent = EventOf<string, unknown>;

/** Every event `onEvent` is given; narrow it on `type`. */
export type WebhookEvent =
  | ApplicationAuthorizedEvent
  | ApplicationDeauthorizedEvent
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
