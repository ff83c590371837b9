/**
 * The simulated HTTP service's JSON shapes: the world's objects as the service sends them (server
 * API reference §1.1: snake_case, IDs as strings), and the reading of request bodies.
 * @internal
 * @module
 */
import type { NativeMessage, NativeServerLobby, NativeTokenExchange, NativeUser, NativeWorld } from '../../native.js';
import { toSnowflake, type Snowflake } from '../../ids.js';
import { typeName } from '../../validate.js';
import { field, invalidForm } from './errors.js';

type Json = Record<string, unknown>;

/** A user as the service's JSON shows it (API responses and webhook events alike). */
export type WireUser = { id: string; username: string; global_name: string | null; avatar: null; discriminator: string };

export function wireUser(world: NativeWorld, id: string): WireUser {
  const user: NativeUser | null = world.getUser(id);
  return {
    id,
    username: user?.username ?? 'unknown',
    global_name: user?.globalName ?? null,
    avatar: null,
    discriminator: '0',
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

export function wireLobby(lobby: NativeServerLobby): Json {
  return {
    id: lobby.id,
    application_id: lobby.applicationId,
    metadata: lobby.metadata,
    members: lobby.members.map(wireMember),
    ...(lobby.linkedChannel
      ? { linked_channel: { id: lobby.linkedChannel.id, type: 0, guild_id: lobby.linkedChannel.guildId, name: lobby.linkedChannel.name } }
      : {}),
    flags: 0,
  };
}

export function wireMessage(world: NativeWorld, message: NativeMessage, applicationId: string): Json {
  const lobbyId = message.lobbyId ?? message.channelId;
  return {
    id: message.id,
    type: 0,
    content: message.content,
    lobby_id: lobbyId,
    channel_id: message.channelId,
    author: wireUser(world, message.authorId),
    ...(message.additionalName === null ? {} : { lobby_member: { additional_name: message.additionalName } }),
    metadata: message.metadata,
    ...(Object.keys(message.moderationMetadata).length > 0 ? { moderation_metadata: message.moderationMetadata } : {}),
    flags: 0,
    application_id: applicationId,
    timestamp: new Date(message.sentAt).toISOString(),
    edited_timestamp: message.editedAt === null ? null : new Date(message.editedAt).toISOString(),
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
