/**
 * Message routes of the simulated HTTP service (server API reference §1.3, #11–#14): a member
 * sends and reads lobby messages with its access token; the game backend sets moderation
 * metadata on lobby messages and on direct messages, which the members' clients get as
 * `messageUpdated` at once.
 * @internal
 * @module
 */
import { limits } from '../../common/limits.js';
import { ROUTES } from '../../routes/table.js';
import { MODERATION_METADATA_BOUNDS, checkContent, checkInteger, checkMetadata } from '../../common/validate.js';
import { field, worldCall } from './errors.js';
import { ownedLobby } from './routes-lobbies.js';
import { userCaller, type RouteHandlers } from './routes.js';
import { bodyObject, snowflakeField, wireLobbyMessage } from './wire.js';

/** Get Lobby Messages without `limit` returns this many (server API reference §1.3 #12). */
const DEFAULT_MESSAGE_LIMIT = 50;

function moderationMetadata(body: unknown): Record<string, string> {
  return field('metadata', () => checkMetadata(body, 'moderation metadata', MODERATION_METADATA_BOUNDS));
}

export const MESSAGE_HANDLERS = {
  sendLobbyMessage: {
    handle({ caller, params, body }, context) {
      const user = userCaller(caller);
      const lobby = ownedLobby(context, caller, params['lobby_id']!);
      const given = bodyObject(body);
      const content = field('content', () => checkContent(given['content'], ROUTES.sendLobbyMessage.contentLength));
      const metadata = given['metadata'] === undefined || given['metadata'] === null ? {} : field('metadata', () => checkMetadata(given['metadata'], 'metadata'));
      const message = worldCall(() => context.world.userSendLobbyMessage(caller.applicationId, user.userId, lobby.id, content, metadata, ROUTES.sendLobbyMessage.contentLength));
      return { status: 201, body: wireLobbyMessage(context.world, message, caller.applicationId) };
    },
  },
  getLobbyMessages: {
    handle({ caller, params, query }, context) {
      const user = userCaller(caller);
      const lobby = ownedLobby(context, caller, params['lobby_id']!);
      const given = query.get('limit');
      const limit =
        given === null
          ? DEFAULT_MESSAGE_LIMIT
          : field('limit', () => checkInteger(/^\d+$/.test(given) ? Number(given) : Number.NaN, 'limit', 1, limits.lobbyMessagesReturned));
      const messages = worldCall(() => context.world.userReadLobbyMessages(caller.applicationId, user.userId, lobby.id, limit));
      return { status: 200, body: messages.map((message) => wireLobbyMessage(context.world, message, caller.applicationId)) };
    },
  },
  setLobbyMessageModerationMetadata: {
    handle({ caller, params, body }, context) {
      const lobby = ownedLobby(context, caller, params['lobby_id']!);
      const messageId = snowflakeField('message.id', params['message_id']);
      const metadata = moderationMetadata(body);
      worldCall(() => context.world.setMessageModerationMetadata(lobby.id, messageId, metadata));
      return { status: 204 };
    },
  },
  setDirectMessageModerationMetadata: {
    handle({ caller, params, body }, context) {
      const user1 = snowflakeField('user.id', params['user_id_1']);
      const user2 = snowflakeField('other_user.id', params['user_id_2']);
      const messageId = snowflakeField('message.id', params['message_id']);
      const metadata = moderationMetadata(body);
      worldCall(() => context.world.setUserMessageModerationMetadata(messageId, metadata, user1, user2, caller.applicationId));
      return { status: 204 };
    },
  },
} satisfies RouteHandlers;
