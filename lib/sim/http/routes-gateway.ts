/**
 * Gateway routes of the simulated HTTP service: Get Gateway and Get Gateway Bot (public docs,
 * events/gateway.mdx; the official description's GatewayResponse and GatewayBotResponse). The URL
 * is the served simulator's gateway, a `ws://` URL (lib/sim/gateway/door.ts); one shard is
 * recommended, and the session start limit is the application's, on the simulator's clock (its
 * max_concurrency the one sim.setLargeBotSharding gave, for an application using large bot sharding).
 * @internal
 * @module
 */
import { gatewayUrl } from '../gateway/door.js';
import { sessionStartLimit } from '../gateway/session.js';
import type { RouteHandlers } from './routes.js';
import { largeBotSharding } from '../bot-settings.js';

export const GATEWAY_HANDLERS = {
  getGateway: {
    handle({ origin }) {
      return { status: 200, body: { url: gatewayUrl(origin) } };
    },
  },
  getGatewayBot: {
    handle({ caller, origin }, context) {
      // An application the harness marks as using large bot sharding answers its max_concurrency (sim.setLargeBotSharding).
      const limit = sessionStartLimit(context.world, caller.applicationId);
      const maxConcurrency = largeBotSharding(context.world, caller.applicationId) ?? limit.max_concurrency;
      return { status: 200, body: { url: gatewayUrl(origin), shards: 1, session_start_limit: { ...limit, max_concurrency: maxConcurrency } } };
    },
  },
} satisfies RouteHandlers;
