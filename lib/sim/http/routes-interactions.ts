/**
 * The interaction response and follow-up routes of the simulated service (docs interactions/
 * receiving-and-responding.mdx, "Endpoints"): the interaction's token in the path is the
 * credential (no Authorization header). The rules are the interactions room's
 * (../interactions/responses.ts).
 * @internal
 * @module
 */
import { interactionsOf } from '../interactions/state.js';
import type { RouteHandlers, ServiceContext, ServiceRequest } from './routes.js';

function room(context: ServiceContext) {
  return interactionsOf(context.world);
}

export const INTERACTION_HANDLERS = {
  createInteractionResponse: {
    handle(request: ServiceRequest, context: ServiceContext) {
      const withResponse = request.query.get('with_response') === 'true';
      const answer = room(context).respond(request.params['interaction_id'], request.params['interaction_token'], request.body, 'callback');
      return withResponse ? { status: 200, body: answer } : { status: 204 };
    },
  },
  createFollowupMessage: {
    handle(request: ServiceRequest, context: ServiceContext) {
      return { status: 200, body: room(context).followUp(request.params['webhook_id'], request.params['webhook_token'], request.body) };
    },
  },
  getOriginalInteractionResponse: {
    handle(request: ServiceRequest, context: ServiceContext) {
      return { status: 200, body: room(context).message(request.params['webhook_id'], request.params['webhook_token'], '@original') };
    },
  },
  editOriginalInteractionResponse: {
    handle(request: ServiceRequest, context: ServiceContext) {
      return { status: 200, body: room(context).editMessage(request.params['webhook_id'], request.params['webhook_token'], '@original', request.body) };
    },
  },
  deleteOriginalInteractionResponse: {
    handle(request: ServiceRequest, context: ServiceContext) {
      room(context).deleteMessage(request.params['webhook_id'], request.params['webhook_token'], '@original');
      return { status: 204 };
    },
  },
  getFollowupMessage: {
    handle(request: ServiceRequest, context: ServiceContext) {
      return { status: 200, body: room(context).message(request.params['webhook_id'], request.params['webhook_token'], request.params['message_id']) };
    },
  },
  editFollowupMessage: {
    handle(request: ServiceRequest, context: ServiceContext) {
      return { status: 200, body: room(context).editMessage(request.params['webhook_id'], request.params['webhook_token'], request.params['message_id'], request.body) };
    },
  },
  deleteFollowupMessage: {
    handle(request: ServiceRequest, context: ServiceContext) {
      room(context).deleteMessage(request.params['webhook_id'], request.params['webhook_token'], request.params['message_id']);
      return { status: 204 };
    },
  },
} satisfies RouteHandlers;
