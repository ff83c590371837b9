/**
 * The application routes of the simulated HTTP service, with the bot token (docs
 * resources/application.mdx "Get Current Application" / "Edit Current Application", topics/
 * oauth2.mdx "Get Current Bot Application Information"; the description's get_my_application,
 * update_my_application, get_application, update_application, get_my_oauth2_application): the
 * application object (applications.ts), where a game sets its webhook events URL, status and
 * types. A bot reads and edits its own application only (another's: 403 20012, our choice of
 * code, as the identity profile routes answer).
 * @internal
 * @module
 */
import { modifyApplication, pathApplication, wireApplication } from './applications.js';
import type { RouteHandlers } from './routes.js';
import { bodyObject } from './wire.js';

export const APPLICATION_HANDLERS = {
  getCurrentBotApplication: {
    handle({ caller }, context) {
      return { status: 200, body: wireApplication(context, caller.applicationId) };
    },
  },
  getCurrentApplication: {
    handle({ caller }, context) {
      return { status: 200, body: wireApplication(context, caller.applicationId) };
    },
  },
  getApplication: {
    handle({ caller, params }, context) {
      return { status: 200, body: wireApplication(context, pathApplication(context, caller.applicationId, params['application_id'])) };
    },
  },
  modifyCurrentApplication: {
    async handle({ caller, body }, context) {
      return { status: 200, body: await modifyApplication(context, caller.applicationId, bodyObject(body)) };
    },
  },
  modifyApplication: {
    async handle({ caller, params, body }, context) {
      const applicationId = pathApplication(context, caller.applicationId, params['application_id']);
      return { status: 200, body: await modifyApplication(context, applicationId, bodyObject(body)) };
    },
  },
} satisfies RouteHandlers;
