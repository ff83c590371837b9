/**
 * The simulated HTTP service's JSON shapes: the world's objects as the service sends them (server
 * API reference §1.1: snake_case, IDs as strings), and the reading of request bodies.
 * @internal
 * @module
 */
import type { NativeMessage, NativeServerLobby, NativeTokenExchange, NativeUser, NativeWorld } from '../../addon/native.js';
import { toSnowflake, type Snowflake } from '../../model/ids.js';
import { typeName } from '../../common/validate.js';
import type { WebhookLobbyMessage } from '../../webhooks/types.js';
import { field, invalidForm } from './errors.js';

type Json = Record<string, unknown>;

/**
 * A user as the service's JSON shows it (API responses and webhook events alike): the fields the
 * official description's UserResponse requires. The simulator keeps no avatar, flags or primary
 * guild, so those are their empty values.
 */
export type WireUser = {
  id: string;
  username: string;
  global_name: string | null;
  avatar: null;
  discriminator: string;
  public_flags: number;
  flags: number;
  primary_guild: null;
};

export function wireUser(world: NativeWorld, id: string): WireUser {
  const user: NativeUser | null = world.getUser(id);
  return {
    id,
    username: user?.username ?? 'unknown',
    global_name: user?.globalName ?? null,
    avatar: null,
    discriminator: '0',
    public_flags: 0,
    flags: 0,
    primary_guild: null,
  };
}

export function wireMember(member: NativeServerLobby['members'][number]): Json {
  return {
    id: member.id,
    metadata: member.metadata,
    flags: member.flags,
    ...(member.additionalName === null ? {} : { additional_name: member.additionalName }),
  };
}

/** What the service keeps of a lobby beside the world's rules: its flags and its events URL override. */
export interface LobbySettings {
  flags: number;
  overrideEventWebhooksUrl: string | null;
}

/** A lobby's linked channel as a channel object (GuildChannelResponse: id, type, flags, guild_id, name, position). */
function wireLinkedChannel(world: NativeWorld, channel: NonNullable<NativeServerLobby['linkedChannel']>): Json {
  const known = world.getGuildChannel(channel.id);
  return {
    id: channel.id,
    type: known?.type ?? 0,
    flags: 0,
    guild_id: channel.guildId,
    name: channel.name,
    position: known?.position ?? 0,
    ...(known?.parentId ? { parent_id: known.parentId } : {}),
  };
}

export function wireLobby(world: NativeWorld, lobby: NativeServerLobby, settings: LobbySettings | undefined): Json {
  return {
    id: lobby.id,
    application_id: lobby.applicationId,
    metadata: lobby.metadata,
    members: lobby.members.map(wireMember),
    ...(lobby.linkedChannel ? { linked_channel: wireLinkedChannel(world, lobby.linkedChannel) } : {}),
    flags: settings?.flags ?? 0,
    override_event_webhooks_url: settings?.overrideEventWebhooksUrl ?? null,
  };
}

/** Message flag of messages sent through the Social SDK (the docs' lobby message examples: 65536). */
export const SDK_MESSAGE_FLAG = 1 << 16;

/**
 * A lobby message, the one serializer of the HTTP answers and the webhook events (docs
 * resources/lobby.mdx "Lobby Message Object", events/webhook-events.mdx "Lobby Message Object";
 * the description's LobbyMessageResponse): `channel_id` equals `lobby_id`; `lobby_member` only when
 * the author had an additional name; `metadata` and `moderation_metadata` only when set.
 */
export function wireLobbyMessage(world: NativeWorld, message: NativeMessage, applicationId: string): WebhookLobbyMessage {
  const lobbyId = message.lobbyId ?? message.channelId;
  return {
    id: message.id,
    type: 0,
    content: message.content,
    lobby_id: lobbyId,
    channel_id: lobbyId,
    author: wireUser(world, message.authorId),
    ...(message.additionalName === null ? {} : { lobby_member: { additional_name: message.additionalName } }),
    ...(Object.keys(message.metadata).length > 0 ? { metadata: { ...message.metadata } } : {}),
    ...(Object.keys(message.moderationMetadata).length > 0 ? { moderation_metadata: { ...message.moderationMetadata } } : {}),
    flags: SDK_MESSAGE_FLAG,
    application_id: applicationId,
  };
}

/** A request body that must be a JSON object. */
export function bodyObject(body: unknown): Json {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalidForm('_errors', `the body must be a JSON object, got ${body === undefined ? 'no body' : typeName(body)}`);
  }
  return body as Json;
}

/** A snowflake in a path or a body. */
export function snowflakeField(name: string, value: unknown): Snowflake {
  if (typeof value !== 'string') throw invalidForm(name, `${name} must be a snowflake string, got ${typeName(value)}`);
  // toSnowflake names parameters as 'members[0].id'; the error body's path is 'members.0.id'.
  return field(name, () => toSnowflake(value, name.replace(/\.(\d+)/g, '[$1]')));
}

/**
 * A token endpoint's answer (server API reference §4.3, §4.5-4.6): `refresh_token` only when one
 * was issued (none for provisional accounts but OIDC's, nor for child tokens); `id_token` when
 * the route signs one (signing.ts: the provisional token routes, whose ProvisionalTokenResponse
 * requires it, and code exchanges granting `openid`).
 */
export function wireTokenResponse(tokens: NativeTokenExchange, idToken?: string): Json {
  return {
    access_token: tokens.accessToken,
    token_type: 'Bearer',
    expires_in: tokens.expiresIn,
    ...(tokens.refreshToken === '' ? {} : { refresh_token: tokens.refreshToken }),
    scope: tokens.scopes,
    ...(idToken === undefined ? {} : { id_token: idToken }),
  };
}
