/**
 * Lobby routes of the simulated HTTP service (server API reference §1.3, #1–#9): create, read,
 * modify and delete lobbies as the game backend, members one at a time or in bulk, and create or
 * join by secret and leave as a user. The rules are the world's (the same the SDK clients meet).
 * @internal
 * @module
 */
import type { NativeMemberUpdate, NativeServerLobby } from '../../native.js';
import { limits } from '../../limits.js';
import { checkBoolean, checkInteger, checkMetadata, checkSecret, checkText, typeName } from '../../validate.js';
import { field, invalidForm, notFound, worldCall } from './errors.js';
import { userCaller, type Caller, type Route, type ServiceContext } from './routes.js';
import { bodyObject, snowflakeField, wireLobby, wireMember } from './wire.js';

const UNKNOWN_LOBBY = 10031;
/** LobbyMemberFlags: CanLinkLobby is the only one. */
const MEMBER_FLAGS_ALL = 1;

/** The lobby of the caller's application, or 404 Unknown Lobby (another game's lobbies are unknown to it). */
export function ownedLobby(context: ServiceContext, caller: Caller, id: string): NativeServerLobby {
  const lobby = context.world.getLobby(snowflakeField('lobby.id', id));
  if (!lobby || lobby.applicationId !== caller.applicationId) throw notFound(UNKNOWN_LOBBY, `Unknown Lobby: no lobby ${id} in this application`);
  return lobby;
}

function optionalMetadata(body: Record<string, unknown>, key: string): Record<string, string> | undefined {
  const value = body[key];
  return value === undefined || value === null ? undefined : field(key, () => checkMetadata(value, key));
}

function idleTimeout(body: Record<string, unknown>): number | undefined {
  const value = body['idle_timeout_seconds'];
  if (value === undefined || value === null) return undefined;
  // The world checks the documented range (5 s to 7 days) and answers 400 outside it.
  return field('idle_timeout_seconds', () => checkInteger(value, 'idle_timeout_seconds', 0, 0xffffffff));
}

/** One member entry of a request (`{ id, metadata?, flags?, additional_name?, remove_member? }`). */
function memberUpdate(entry: unknown, at: string, allowRemove: boolean, userId?: string): NativeMemberUpdate {
  const spec = entry === undefined && userId !== undefined ? {} : entry;
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) throw invalidForm(at, `${at} must be an object, got ${typeName(spec)}`);
  const given = spec as Record<string, unknown>;
  const update: NativeMemberUpdate = {
    userId: userId ?? snowflakeField(`${at}.id`, given['id']),
    remove: allowRemove && given['remove_member'] !== undefined ? field(`${at}.remove_member`, () => checkBoolean(given['remove_member'], 'remove_member')) : false,
  };
  const metadata = optionalMetadata(given, 'metadata');
  if (metadata) update.metadata = metadata;
  if (given['flags'] !== undefined && given['flags'] !== null) {
    update.flags = field(`${at}.flags`, () => checkInteger(given['flags'], 'flags', 0, MEMBER_FLAGS_ALL));
  }
  const name = given['additional_name'];
  if (name === null) update.additionalName = null;
  else if (name !== undefined) update.additionalName = field(`${at}.additional_name`, () => checkText(name, 'additional_name', 1, limits.additionalNameLength));
  return update;
}

function memberList(value: unknown, key: string, min: number, allowRemove: boolean): NativeMemberUpdate[] {
  if (!Array.isArray(value)) throw invalidForm(key, `${key} must be an array, got ${typeName(value)}`);
  const max = limits.lobbyMembersPerBulkRequest;
  if (value.length < min || value.length > max) {
    throw invalidForm(key, `${key} must hold ${min} to ${max} members, got ${value.length}`);
  }
  return value.map((entry, i) => memberUpdate(entry, `${key}.${i}`, allowRemove));
}

export const LOBBY_ROUTES: readonly Route[] = [
  {
    method: 'POST',
    path: '/lobbies',
    auth: 'bot',
    handle({ caller, body }, { world }) {
      const given = body === undefined ? {} : bodyObject(body);
      const metadata = optionalMetadata(given, 'metadata') ?? {};
      const members = given['members'] === undefined || given['members'] === null ? [] : memberList(given['members'], 'members', 0, false);
      const idle = idleTimeout(given);
      const id = worldCall(() => world.createLobby(caller.applicationId, undefined, metadata, members, idle));
      return { status: 201, body: wireLobby(world.getLobby(id)!) };
    },
  },
  {
    method: 'PUT',
    path: '/lobbies',
    auth: 'user',
    handle({ caller, body }, { world }) {
      const user = userCaller(caller);
      const given = bodyObject(body);
      const lobbyMetadata = optionalMetadata(given, 'lobby_metadata');
      const memberMetadata = optionalMetadata(given, 'member_metadata');
      const idle = idleTimeout(given);
      let id: string;
      if (given['secret'] === undefined || given['secret'] === null) {
        // The spec: "omitted means create for the application" (the caller is its first member).
        const member: NativeMemberUpdate = { userId: user.userId, remove: false, ...(memberMetadata ? { metadata: memberMetadata } : {}) };
        id = worldCall(() => world.createLobby(caller.applicationId, undefined, lobbyMetadata ?? {}, [member], idle));
      } else {
        const secret = field('secret', () => checkSecret(given['secret']));
        id = worldCall(() => world.userCreateOrJoinLobby(caller.applicationId, user.userId, secret, lobbyMetadata, memberMetadata));
        if (idle !== undefined) worldCall(() => world.modifyLobby(id, { idleTimeoutSeconds: idle }));
      }
      return { status: 200, body: wireLobby(world.getLobby(id)!) };
    },
  },
  {
    method: 'GET',
    path: '/lobbies/:lobby',
    auth: 'bot',
    handle({ caller, params }, context) {
      return { status: 200, body: wireLobby(ownedLobby(context, caller, params['lobby']!)) };
    },
  },
  {
    method: 'PATCH',
    path: '/lobbies/:lobby',
    auth: 'bot',
    handle({ caller, params, body }, context) {
      const lobby = ownedLobby(context, caller, params['lobby']!);
      const given = bodyObject(body);
      const changes: Parameters<typeof context.world.modifyLobby>[1] = {};
      const metadata = given['metadata'] === null ? {} : optionalMetadata(given, 'metadata');
      if (metadata) changes.metadata = metadata;
      if (given['members'] !== undefined && given['members'] !== null) changes.members = memberList(given['members'], 'members', 0, false);
      const idle = idleTimeout(given);
      if (idle !== undefined) changes.idleTimeoutSeconds = idle;
      worldCall(() => context.world.modifyLobby(lobby.id, changes));
      return { status: 200, body: wireLobby(context.world.getLobby(lobby.id)!) };
    },
  },
  {
    method: 'DELETE',
    path: '/lobbies/:lobby',
    auth: 'bot',
    handle({ caller, params }, context) {
      // Idempotent: deleting a lobby that is already gone succeeds.
      const lobby = context.world.getLobby(snowflakeField('lobby.id', params['lobby']));
      if (lobby && lobby.applicationId === caller.applicationId) worldCall(() => context.world.deleteLobby(lobby.id));
      return { status: 204 };
    },
  },
  {
    method: 'PUT',
    path: '/lobbies/:lobby/members/:user',
    auth: 'bot',
    handle({ caller, params, body }, context) {
      const lobby = ownedLobby(context, caller, params['lobby']!);
      const userId = snowflakeField('user.id', params['user']);
      const update = memberUpdate(body === undefined ? {} : bodyObject(body), 'member', false, userId);
      worldCall(() => context.world.bulkUpdateLobbyMembers(lobby.id, [update]));
      const member = context.world.getLobby(lobby.id)!.members.find((m) => m.id === userId);
      // The world drops a user at the lobby cap silently (the bulk update's rule); this route answers
      // the member, so it refuses instead (our choice: the docs are silent on a single add).
      if (!member) throw invalidForm('member', `user ${userId} is already a member of ${limits.lobbiesPerUser} lobbies of this application`);
      return { status: 200, body: wireMember(member) };
    },
  },
  {
    method: 'DELETE',
    path: '/lobbies/:lobby/members/@me',
    auth: 'user',
    handle({ caller, params }, context) {
      const lobby = ownedLobby(context, caller, params['lobby']!);
      const user = userCaller(caller);
      if (lobby.members.some((m) => m.id === user.userId)) {
        worldCall(() => context.world.userLeaveLobby(caller.applicationId, user.userId, lobby.id));
      }
      return { status: 204 };
    },
  },
  {
    method: 'DELETE',
    path: '/lobbies/:lobby/members/:user',
    auth: 'bot',
    handle({ caller, params }, context) {
      const lobby = ownedLobby(context, caller, params['lobby']!);
      const userId = snowflakeField('user.id', params['user']);
      // Safe when the user is not a member.
      if (lobby.members.some((m) => m.id === userId)) {
        worldCall(() => context.world.bulkUpdateLobbyMembers(lobby.id, [{ userId, remove: true }]));
      }
      return { status: 204 };
    },
  },
  {
    method: 'POST',
    path: '/lobbies/:lobby/members/bulk',
    auth: 'bot',
    handle({ caller, params, body }, context) {
      const lobby = ownedLobby(context, caller, params['lobby']!);
      const updates = memberList(body, 'members', 1, true);
      worldCall(() => context.world.bulkUpdateLobbyMembers(lobby.id, updates));
      const after = context.world.getLobby(lobby.id)!;
      const upserted = new Set(updates.filter((u) => !u.remove).map((u) => u.userId));
      return { status: 200, body: after.members.filter((m) => upserted.has(m.id)).map(wireMember) };
    },
  },
];
