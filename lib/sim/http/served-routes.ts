/**
 * Every route of the table with its handler: one line per area's file. A new area adds its
 * handlers here (a route of the table without one does not compile).
 * @internal
 * @module
 */
import { servedRoutes, type Route } from './routes.js';
import { LOBBY_HANDLERS } from './routes-lobbies.js';
import { MESSAGE_HANDLERS } from './routes-messages.js';
import { CHANNEL_HANDLERS } from './routes-channels.js';
import { IDENTITY_HANDLERS } from './routes-identity.js';
import { OAUTH2_HANDLERS } from './routes-oauth2.js';
import { PUBLISHER_HANDLERS } from './routes-publisher.js';
import { PROVISIONAL_HANDLERS } from './routes-provisional.js';
import { APPLICATION_HANDLERS } from './routes-applications.js';
import { APPLICATION_IDENTITY_HANDLERS } from './routes-application-identities.js';
import { OAUTH2_INFO_HANDLERS } from './routes-oauth2-info.js';
import { GATEWAY_HANDLERS } from './routes-gateway.js';
import { GUILD_HANDLERS } from './routes-guilds.js';
import { INVITE_HANDLERS } from './routes-invites.js';
import { USER_HANDLERS } from './routes-users.js';
import { SUBSCRIPTION_HANDLERS } from './routes-subscriptions.js';
import { EXPRESSION_HANDLERS } from './routes-expressions.js';
import { CHANNEL_MESSAGE_HANDLERS } from './routes-channel-messages.js';
import { COMMAND_HANDLERS } from './routes-commands.js';
import { INTERACTION_HANDLERS } from './routes-interactions.js';

export const SERVED_ROUTES: readonly Route[] = servedRoutes({
  ...LOBBY_HANDLERS,
  ...MESSAGE_HANDLERS,
  ...CHANNEL_HANDLERS,
  ...IDENTITY_HANDLERS,
  ...OAUTH2_HANDLERS,
  ...PROVISIONAL_HANDLERS,
  ...PUBLISHER_HANDLERS,
  ...OAUTH2_INFO_HANDLERS,
  ...APPLICATION_HANDLERS,
  ...APPLICATION_IDENTITY_HANDLERS,
  // the bot side
  ...GATEWAY_HANDLERS,
  ...GUILD_HANDLERS,
  ...INVITE_HANDLERS,
  ...EXPRESSION_HANDLERS,
  // the current user's account, subscriptions
  ...USER_HANDLERS,
  ...SUBSCRIPTION_HANDLERS,
  ...CHANNEL_MESSAGE_HANDLERS,
  ...COMMAND_HANDLERS,
  ...INTERACTION_HANDLERS,
});
