/**
 * Message routes of the simulated HTTP service (server API reference §1.3, #11–#14): a member
 * sends and reads lobby messages with its access token; the game backend sets moderation
 * metadata on lobby messages and on direct messages, which the members' clients get as
 * `messageUpdated` at once.
 * @internal
 * @module
 */
import { limits } from '../../limits.js';
import { MODERATION_METADATA_BOUNDS, checkContent, checkInteger, checkMetadata } from '../../validate.js';
import { field, worldCall } from './errors.js';
import { ownedLobby } from './routes-lobbies.js';
import { userCaller, type Route } from './routes.js';
import { bodyObject, snowflakeField, wireMessage } from './wire.js';

/** Get Lobby Messages without `limit` returns this many (server API reference §1.3 #12). */
const DEFAULT_MESSAGE_LIMIT = 50;

function moderationMetadata(body: unknown): Record<string, string> {
  return field('metadata', () => checkMetadata(body, 'moderation metadata', MODERATION_METADATA_BOUNDS));
}

export const MESSAGE_ROUTES: readonly Route[] = [
  {
    method: 'POST',
    path: '/lobbies/:lobby/messages',
    auth: 'user',
    handle({ caller, params, body }, context) {
      const user = userCaller(caller);
      const lobby = ownedLobby(context, caller, params['lobby']!);
      const given = bodyObject(body);
      const content = field('content', () => checkContent(given['content']));
      const metadata = given['metadata'] === undefined || given['metadata'] === null ? {} : field('metadata', () => checkMetadata(given['metadata'], 'metadata'));
      const message = worldCall(() => context.world.userSendLobbyMessage(caller.applicationId, user.userId, lobby.id, content, metadata));
      return { status: 201, body: wireMessage(context.world, message, caller.applicationId) };
    },
  },
  {
    method: 'GET',
    path: '/lobbies/:lobby/messages',
    auth: 'user',
    handle({ caller, params, query }, context) {
      const user = userCaller(caller);
      const lobby = ownedLobby(context, caller, params['lobby']!);
      const given = query.get('limit');
      const limit =
        given === null
          ? DEFAULT_MESSAGE_LIMIT
          : field('limit', () => checkInteger(/^\d+$/.test(given) ? Number(given) : Number.NaN, 'limit', 1, limits.lobbyMessagesReturned));
      const messages = worldCall(() => context.world.userReadLobbyMessages(caller.applicationId, user.userId, lobby.id, limit));
      return { status: 200, body: messages.map((message) => wireMessage(context.world, message, caller.applicationId)) };
    },
  },
  {
    method: 'PUT',
    path: '/lobbies/:lobby/messages/:message/moderation-metadata',
    auth: 'bot',
    handle({ caller, params, body }, context) {
      const lobby = ownedLobby(context, caller, params['lobby']!);
      const messageId = snowflakeField('message.id', params['message']);
      const metadata = moderationMetadata(body);
      worldCall(() => context.world.setMessageModerationMetadata(lobby.id, messageId, metadata));
      return { status: 204 };
    },
  },
  {
    method: 'PUT',
    path: '/partner-sdk/dms/:user1/:user2/messages/:message/moderation-metadata',
    auth: 'bot',
    handle({ params, body }, context) {
      const user1 = snowflakeField('user.id', params['user1']);
      const user2 = snowflakeField('other_user.id', params['user2']);
      const messageId = snowflakeField('message.id', params['message']);
      const metadata = moderationMetadata(body);
      worldCall(() => context.world.setUserMessageModerationMetadata(messageId, metadata, user1, user2));
      return { status: 204 };
    },
  },
];
