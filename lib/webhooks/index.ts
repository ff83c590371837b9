/// <reference types="node" preserve="true" />
/**
 * `social-sdk-node/webhooks`: receiving the service's signed webhook events on a game server
 * ({@link createWebhookEventHandler}, {@link verifyWebhookEvent}). Uses node:crypto only; it
 * does not load the native addon.
 * @packageDocumentation
 */
export { verifyWebhookEvent, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './verify.js';
export { createWebhookEventHandler, WebhookRequestError, DEFAULT_MAX_AGE_SECONDS, DEFAULT_MAX_BODY_BYTES } from './handler.js';
export type { WebhookEventHandlerOptions, WebhookRequestLike, WebhookResponseLike } from './handler.js';
export { WebhookEventType, WebhookType } from './types.js';
export { DEDUP_TTL_MS, MemoryWebhookDedupStore } from './dedup-store.js';
export type { WebhookDedupStore } from './dedup-store.js';
export { RedisWebhookDedupStore } from './redis-dedup-store.js';
export type { RedisWebhookDedupStoreOptions } from './redis-dedup-store.js';
export type { RedisClientLike } from '../common/redis-script.js';
export type {
  ApplicationAuthorizedEvent,
  ApplicationDeauthorizedEvent,
  EntitlementCreateEvent,
  EntitlementDeleteEvent,
  EntitlementUpdateEvent,
  GameDirectMessageCreateEvent,
  GameDirectMessageDeleteEvent,
  GameDirectMessageUpdateEvent,
  LobbyMessageCreateEvent,
  LobbyMessageDeleteEvent,
  LobbyMessageUpdateEvent,
  QuestUserEnrollmentEvent,
  UnknownWebhookEvent,
  WebhookDirectMessage,
  WebhookEntitlement,
  WebhookEvent,
  WebhookEventBody,
  WebhookEventContext,
  WebhookLobbyMessage,
  WebhookUser,
} from './types.js';
// Interactions sent to an interactions endpoint URL (verified with the same key and headers as webhook events).
export { createInteractionHandler, parseInteraction, InteractionRequestError, DEFAULT_DEADLINE_MS, DEFAULT_INTERACTION_BODY_BYTES } from './interactions.js';
export type { InteractionHandlerOptions } from './interactions.js';
