/**
 * Lobby routes of the simulated HTTP service (server API reference §1.3, #1–#9): create, read,
 * modify and delete lobbies as the game backend, members one at a time or in bulk, and create or
 * join by secret and leave as a user. The rules are the world's (the same the SDK clients meet).
 * @internal
 * @module
 */
import type { NativeMemberUpdate, NativeServerLobby } from '../../addon/native.js';
import { limits } from '../../common/limits.js';
import { checkBoolean, checkInteger, checkMetadata, checkSecret, checkText, typeName } from '../../common/validate.js';
import { field, invalidForm, notFound, worldCall } from './errors.js';
import { userCaller, type Caller, type RouteHandlers, type ServiceContext } from './routes.js';
import { bodyObject, snowflakeField, wireLobby, wireMember, type LobbySettings } from './wire.js';

const UNKNOWN_LOBBY = 10031;
/** LobbyMemberFlags: CanLinkLobby is the only one. */
const MEMBER_FLAGS_ALL = 1;
/** A lobby's `flags`: the official description allows 1 (null or `enum: [1]`). */
const LOBBY_FLAGS_ALL = 1;
/** `override_event_webhooks_url`: `maxLength` 512 in the official description. */
const OVERRIDE_URL_LENGTH = 512;

/** The lobby of the caller's application, or 404 Unknown Lobby (another game's lobbies are unknown to it). */
export function ownedLobby(context: ServiceContext, caller: Caller, id: string): NativeServerLobby {
  const lobby = context.world.getLobby(snowflakeField('lobby.id', id));
  if (!lobby || lobby.applicationId !== caller.applicationId) throw notFound(UNKNOWN_LOBBY, `Unknown Lobby: no lobby ${id} in this application`);
  return lobby;
}

/** The path of a field inside `at` (a member entry's `members.0`, or '' for the body itself). */
function under(at: string, name: string): string {
  return at === '' ? name : `${at}.${name}`;
}

function optionalMetadata(body: Record<string, unknown>, key: string, at = ''): Record<string, string> | undefined {
  const value = body[key];
  return value === undefined || value === null ? undefined : field(under(at, key), () => checkMetadata(value, key));
}

function idleTimeout(body: Record<string, unknown>): number | undefined {
  const value = body['idle_timeout_seconds'];
  if (value === undefined || value === null) return undefined;
  // The world checks the documented range (5 s to 7 days) and answers 400 outside it.
  return field('idle_timeout_seconds', () => checkInteger(value, 'idle_timeout_seconds', 0, 0xffffffff));
}

/** One member entry of a request (`{ id, metadata?, flags?, additional_name?, remove_member? }`) at path `at` ('' for the whole body). */
function memberUpdate(entry: unknown, at: string, allowRemove: boolean, userId?: string): NativeMemberUpdate {
  const spec = entry === undefined && userId !== undefined ? {} : entry;
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) throw invalidForm(at || '_errors', `${at || 'the body'} must be an object, got ${typeName(spec)}`);
  const given = spec as Record<string, unknown>;
  const update: NativeMemberUpdate = {
    userId: userId ?? snowflakeField(under(at, 'id'), given['id']),
    remove: allowRemove && given['remove_member'] !== undefined ? field(under(at, 'remove_member'), () => checkBoolean(given['remove_member'], 'remove_member')) : false,
  };
  const metadata = optionalMetadata(given, 'metadata', at);
  if (metadata) update.metadata = metadata;
  if (given['flags'] !== undefined && given['flags'] !== null) {
    update.flags = field(under(at, 'flags'), () => checkInteger(given['flags'], 'flags', 0, MEMBER_FLAGS_ALL));
  }
  const name = given['additional_name'];
  if (name === null) update.additionalName = null;
  else if (name !== undefined) update.additionalName = field(under(at, 'additional_name'), () => checkText(name, 'additional_name', 1, limits.additionalNameLength));
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

/**
 * A lobby as the service answers it, with the settings the service keeps beside the world's lobby.
 * `lobby`: the world's lobby when the caller has it as it is now (read in this request, nothing
 * changed since): one crossing into the world less (Get Lobby).
 */
export function lobbyJson(context: ServiceContext, lobbyId: string, lobby?: NativeServerLobby): Record<string, unknown> {
  return wireLobby(context.world, lobby ?? context.world.getLobby(lobbyId)!, context.state.lobbySettings.get(lobbyId));
}

/**
 * The lobby settings of a create or modify body (official description: `flags`, null or 1, and
 * `override_event_webhooks_url`, a URI of at most 512 characters, or null): kept and answered.
 * What flag 1 changes and which events go to the override URL are not documented: the simulator
 * keeps and answers both, and delivers events as before (our choice).
 */
function applyLobbySettings(context: ServiceContext, lobbyId: string, given: Record<string, unknown>, previous?: LobbySettings): void {
  const settings: LobbySettings = { ...(previous ?? { flags: 0, overrideEventWebhooksUrl: null }) };
  if (given['flags'] !== undefined) settings.flags = given['flags'] === null ? 0 : field('flags', () => checkInteger(given['flags'], 'flags', 0, LOBBY_FLAGS_ALL));
  const url = given['override_event_webhooks_url'];
  if (url !== undefined) settings.overrideEventWebhooksUrl = url === null ? null : field('override_event_webhooks_url', () => checkWebhookUrl(url));
  context.state.lobbySettings.set(lobbyId, settings);
}

/** `override_event_webhooks_url`: an absolute http(s) URL of at most 512 characters. */
function checkWebhookUrl(value: unknown): string {
  const text = checkText(value, 'override_event_webhooks_url', 1, OVERRIDE_URL_LENGTH);
  if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol)) throw new RangeError('override_event_webhooks_url must be an http(s) URL');
  return text;
}

/** Checks the settings of a body before anything changes (a bad one refuses the request whole). */
function checkLobbySettings(given: Record<string, unknown>): void {
  if (given['flags'] !== undefined && given['flags'] !== null) field('flags', () => checkInteger(given['flags'], 'flags', 0, LOBBY_FLAGS_ALL));
  const url = given['override_event_webhooks_url'];
  if (url !== undefined && url !== null) field('override_event_webhooks_url', () => checkWebhookUrl(url));
}

export const LOBBY_HANDLERS = {
  createLobby: {
    handle({ caller, body }, context) {
      const { world } = context;
      const given = body === undefined ? {} : bodyObject(body);
      const metadata = optionalMetadata(given, 'metadata') ?? {};
      const members = given['members'] === undefined || given['members'] === null ? [] : memberList(given['members'], 'members', 0, false);
      const idle = idleTimeout(given);
      checkLobbySettings(given);
      const id = worldCall(() => world.createLobby(caller.applicationId, undefined, metadata, members, idle));
      applyLobbySettings(context, id, given);
      return { status: 201, body: lobbyJson(context, id) };
    },
  },
  createOrJoinLobby: {
    handle({ caller, body }, context) {
      const { world } = context;
      const user = userCaller(caller);
      const given = bodyObject(body);
      const lobbyMetadata = optionalMetadata(given, 'lobby_metadata');
      const memberMetadata = optionalMetadata(given, 'member_metadata');
      const idle = idleTimeout(given);
      // `secret` is required: the official description (create_or_join_lobby's `required`) and the
      // docs (resources/lobby.mdx, Create or Join Lobby) agree; the platform document's summary
      // ("omitted means create for the application") does not say what the service answers, and a
      // lobby without a secret is what POST /lobbies (bot token) makes. See docs/conformance.md.
      if (given['secret'] === undefined) throw invalidForm('secret', 'secret is required', 'BASE_TYPE_REQUIRED');
      const secret = field('secret', () => checkSecret(given['secret']));
      checkLobbySettings(given);
      const id = worldCall(() => world.userCreateOrJoinLobby(caller.applicationId, user.userId, secret, lobbyMetadata, memberMetadata));
      if (idle !== undefined) worldCall(() => world.modifyLobby(id, { idleTimeoutSeconds: idle }));
      applyLobbySettings(context, id, given, context.state.lobbySettings.get(id));
      return { status: 200, body: lobbyJson(context, id) };
    },
  },
  getLobby: {
    handle({ caller, params }, context) {
      const lobby = ownedLobby(context, caller, params['lobby_id']!);
      return { status: 200, body: lobbyJson(context, lobby.id, lobby) };
    },
  },
  modifyLobby: {
    handle({ caller, params, body }, context) {
      const lobby = ownedLobby(context, caller, params['lobby_id']!);
      const given = bodyObject(body);
      const changes: Parameters<typeof context.world.modifyLobby>[1] = {};
      const metadata = given['metadata'] === null ? {} : optionalMetadata(given, 'metadata');
      if (metadata) changes.metadata = metadata;
      if (given['members'] !== undefined && given['members'] !== null) changes.members = memberList(given['members'], 'members', 0, false);
      const idle = idleTimeout(given);
      if (idle !== undefined) changes.idleTimeoutSeconds = idle;
      checkLobbySettings(given);
      worldCall(() => context.world.modifyLobby(lobby.id, changes));
      applyLobbySettings(context, lobby.id, given, context.state.lobbySettings.get(lobby.id));
      return { status: 200, body: lobbyJson(context, lobby.id) };
    },
  },
  deleteLobby: {
    handle({ caller, params }, context) {
      // Idempotent: deleting a lobby that is already gone succeeds.
      const lobby = context.world.getLobby(snowflakeField('lobby.id', params['lobby_id']));
      if (lobby && lobby.applicationId === caller.applicationId) worldCall(() => context.world.deleteLobby(lobby.id));
      return { status: 204 };
    },
  },
  addLobbyMember: {
    handle({ caller, params, body }, context) {
      const lobby = ownedLobby(context, caller, params['lobby_id']!);
      const userId = snowflakeField('user.id', params['user_id']);
      const update = memberUpdate(body === undefined ? {} : bodyObject(body), '', false, userId);
      worldCall(() => context.world.bulkUpdateLobbyMembers(lobby.id, [update]));
      const member = context.world.getLobby(lobby.id)!.members.find((m) => m.id === userId);
      // The world drops a user at the lobby cap silently (the bulk update's rule); this route answers
      // the member, so it refuses instead (our choice: the docs are silent on a single add).
      if (!member) throw invalidForm('member', `user ${userId} is already a member of ${limits.lobbiesPerUser} lobbies of this application`);
      return { status: 200, body: wireMember(member) };
    },
  },
  leaveLobby: {
    handle({ caller, params }, context) {
      const lobby = ownedLobby(context, caller, params['lobby_id']!);
      const user = userCaller(caller);
      if (lobby.members.some((m) => m.id === user.userId)) {
        worldCall(() => context.world.userLeaveLobby(caller.applicationId, user.userId, lobby.id));
      }
      return { status: 204 };
    },
  },
  removeLobbyMember: {
    handle({ caller, params }, context) {
      const lobby = ownedLobby(context, caller, params['lobby_id']!);
      const userId = snowflakeField('user.id', params['user_id']);
      // Safe when the user is not a member.
      if (lobby.members.some((m) => m.id === userId)) {
        worldCall(() => context.world.bulkUpdateLobbyMembers(lobby.id, [{ userId, remove: true }]));
      }
      return { status: 204 };
    },
  },
  bulkUpdateLobbyMembers: {
    handle({ caller, params, body }, context) {
      const lobby = ownedLobby(context, caller, params['lobby_id']!);
      const updates = memberList(body, 'members', 1, true);
      worldCall(() => context.world.bulkUpdateLobbyMembers(lobby.id, updates));
      const after = context.world.getLobby(lobby.id)!;
      const upserted = new Set(updates.filter((u) => !u.remove).map((u) => u.userId));
      return { status: 200, body: after.members.filter((m) => upserted.has(m.id)).map(wireMember) };
    },
  },
} satisfies RouteHandlers;
