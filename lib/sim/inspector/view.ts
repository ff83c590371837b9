/**
 * What the inspector page shows, as one JSON object: the world (describeWorld), the clock, the
 * service side kept in TypeScript (rate-limit budgets and windows, webhook status and deliveries,
 * the request log, invalid requests) and the timeline. Never a token or secret: the world view
 * has none, a delivery is shown without its body or URL, a request with its credential's kind.
 * @internal
 * @module
 */
import type { NativeWorld } from '../../addon/native.js';
import { clockOf, syncClock, type ClockMode } from '../clock.js';
import type { LoggedRequest } from '../http/request-log.js';
import type { RateLimitsView } from '../http/rate-limits.js';
import type { ServiceState } from '../http/state.js';
import type { WebhookEventsStatus } from '../http/webhooks.js';
import type { DeliverySummary, Timeline, TimelineEntry } from './timeline.js';
import { describeWorld, type WorldView } from './world-view.js';

/** How many webhook deliveries the page shows (the latest). */
const DELIVERIES_SHOWN = 200;

export interface InspectorState {
  clock: { now: number; mode: ClockMode };
  world: WorldView;
  service: {
    rateLimits: RateLimitsView;
    /** Each application's events status (its URL is not shown: a query string may hold a secret). */
    webhooks: { applicationId: string; status: WebhookEventsStatus }[];
    deliveries: (DeliverySummary & { queuedAt: number; deliveredAt: number | null; lastError: string | null })[];
    requests: LoggedRequest[];
    invalidRequests: number;
  };
  timeline: TimelineEntry[];
}

/** The state now; the timeline notes what changed since the last one. */
export function inspectorState(world: NativeWorld, state: ServiceState, timeline: Timeline): InspectorState {
  syncClock(world);
  const view = describeWorld(world);
  const deliveries = state.webhooks.deliveries().slice(-DELIVERIES_SHOWN).map((d) => ({
    id: d.id,
    applicationId: d.applicationId,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    lastStatus: d.lastStatus,
    lastError: d.lastError,
    queuedAt: d.queuedAt,
    deliveredAt: d.deliveredAt,
  }));
  const requests = state.requests.entries();
  timeline.observe(view, requests, deliveries);
  return {
    clock: { now: view.now, mode: clockOf(world).mode },
    world: view,
    service: {
      rateLimits: state.rateLimits.describe(),
      webhooks: view.applications.map((app) => ({ applicationId: app.id, status: state.webhooks.status(app.id) })),
      deliveries,
      requests,
      invalidRequests: state.invalidRequests(),
    },
    timeline: timeline.entries(),
  };
}
