/**
 * Interaction payloads (docs interactions/receiving-and-responding.mdx, "Interaction Object"),
 * built from the world for one user's action: the member or user, the channel, the command's
 * options with their resolved objects, a component's message, a modal's submitted values.
 *
 * The platform document's rules: "Interaction payloads are built separately and are not
 * obfuscated" (they are built here, never by the gateway's obfuscation), and resolved channels
 * carry `app_permissions`, "the bot's permissions in that channel", "only when the application's
 * bot user is in the guild". OUR CHOICES: the interaction's own `app_permissions` (always present
 * in the docs) is "0" when the bot is not in the guild (a user-installed app); locales are en-US.
 * @internal
 * @module
 */
import { ApplicationCommandOptionType, InteractionContextType } from 'discord-api-types/v10';

import type { NativeWorld, NativeWorldGuild } from '../../addon/native.js';
import { describe } from '../../common/validate.js';
import { permissionsOf } from '../http/wire-guilds.js';
import { wireUser } from '../http/wire.js';
import type { StoredCommand } from './commands.js';
import { mintSnowflake } from '../snowflake-minter.js';

type Json = Record<string, unknown>;

/** "Default file upload size: 20 MiB" (the platform document, "Limits"): the user's upload limit unless the harness gives one. */
export const DEFAULT_UPLOAD_LIMIT = 20 * 1024 * 1024;

/** Where a user acts: a guild channel the user can see. */
export interface Place {
  guild: NativeWorldGuild;
  channelId: string;
  userId: string;
  botUserId: string;
  /** Whether the application's bot user is a member of the guild. */
  botInGuild: boolean;
}

/** A file a user attaches (a command's ATTACHMENT option, a modal's File Upload). */
export interface SimulatedFile {
  name: string;
  /** Bytes. */
  size: number;
  /** MIME type; default from nothing: `application/octet-stream`. */
  contentType?: string;
}

/** The place of an action, checked: the guild and channel exist and the user is a member. */
export function placeOf(world: NativeWorld, guildId: string, channelId: string, userId: string, botUserId: string): Place {
  const guild = world.getGuild(guildId);
  if (!guild) throw new RangeError(`no guild ${guildId}`);
  if (!guild.channels.some((channel) => channel.id === channelId)) throw new RangeError(`channel ${channelId} is not a channel of guild ${guildId}`);
  if (!guild.members.some((member) => member.userId === userId)) throw new RangeError(`user ${userId} is not a member of guild ${guildId}`);
  return { guild, channelId, userId, botUserId, botInGuild: guild.members.some((member) => member.userId === botUserId) };
}

function memberJson(world: NativeWorld, place: Place, userId: string): Json {
  const member = place.guild.members.find((entry) => entry.userId === userId)!;
  return {
    user: wireUser(world, userId),
    roles: [...member.roleIds],
    joined_at: new Date(member.joinedAt).toISOString(),
    nick: null,
    avatar: null,
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    permissions: String(permissionsOf(world, place.guild.id, userId, place.channelId)),
  };
}

/** A resolved (partial) channel: id, name, type, the user's permissions, and app_permissions only when the bot is in the guild. */
function resolvedChannel(world: NativeWorld, place: Place, channelId: string): Json {
  const channel = place.guild.channels.find((entry) => entry.id === channelId);
  if (!channel) throw new RangeError(`channel ${channelId} is not a channel of guild ${place.guild.id}`);
  return {
    id: channel.id,
    name: channel.name,
    type: channel.type,
    parent_id: channel.parentId,
    permissions: String(permissionsOf(world, place.guild.id, place.userId, channel.id)),
    ...(place.botInGuild ? { app_permissions: String(permissionsOf(world, place.guild.id, place.botUserId, channel.id)) } : {}),
  };
}

/** A file against the upload limit and the allowed types (`file_types`: extensions such as `.png`, or MIME types such as `image/*`). */
export function checkFile(file: unknown, at: string, uploadLimit: number, fileTypes: readonly string[] | undefined): SimulatedFile {
  if (typeof file !== 'object' || file === null) throw new TypeError(`${at} must be a file { name, size, contentType? }, got ${describe(file)}`);
  const { name, size, contentType } = file as Partial<SimulatedFile>;
  if (typeof name !== 'string' || name.length === 0 || name.length > 1024) throw new TypeError(`${at}.name must be a file name`);
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 0) throw new TypeError(`${at}.size must be a byte count`);
  // "per-file size bound is the user's upload limit in that channel" (the platform document).
  if (size > uploadLimit) throw new RangeError(`${at} is ${size} bytes, over the user's upload limit in that channel (${uploadLimit})`);
  const type = contentType ?? 'application/octet-stream';
  if (fileTypes && fileTypes.length > 0) {
    const lower = name.toLowerCase();
    const fits = fileTypes.some((allowed) => (allowed.startsWith('.') ? lower.endsWith(allowed.toLowerCase()) : allowed.endsWith('/*') ? type.startsWith(allowed.slice(0, -1)) : type === allowed));
    if (!fits) throw new RangeError(`${at} (${name}, ${type}) is not of an allowed file type (${fileTypes.join(', ')})`);
  }
  return { name, size, contentType: type };
}

/** A resolved attachment (resources/message.mdx, Attachment Object) for a file a user gave. */
export function attachmentJson(world: NativeWorld, file: SimulatedFile): Json {
  const id = mintSnowflake(world);
  const url = `https://cdn.discordapp.com/ephemeral-attachments/${id}/${encodeURIComponent(file.name)}`;
  return { id, filename: file.name, size: file.size, content_type: file.contentType, url, proxy_url: url, ephemeral: true };
}

/** A slash command's options as the user gave them (by name), checked against the command; fills `resolved`. */
export function commandOptions(world: NativeWorld, place: Place, command: StoredCommand, given: Record<string, unknown>, uploadLimit: number, resolved: Record<string, Json>): Json[] {
  const declared = command.options ?? [];
  for (const name of Object.keys(given)) if (!declared.some((option) => option['name'] === name)) throw new RangeError(`options.${name}: the command ${command.name} has no such option`);
  const out: Json[] = [];
  for (const option of declared) {
    const name = option['name'] as string;
    const type = option['type'] as number;
    const value = given[name];
    if (value === undefined) {
      if (option['required'] === true) throw new RangeError(`options.${name} is required by the command ${command.name}`);
      continue;
    }
    const at = `options.${name}`;
    const add = (kind: string, id: string, object: Json) => ((resolved[kind] ??= {})[id] = object);
    switch (type) {
      case ApplicationCommandOptionType.Subcommand:
      case ApplicationCommandOptionType.SubcommandGroup:
        throw new RangeError(`${at}: subcommands are not run by the harness (run a command's top-level options)`);
      case ApplicationCommandOptionType.String:
      case ApplicationCommandOptionType.Integer:
      case ApplicationCommandOptionType.Number:
      case ApplicationCommandOptionType.Boolean: {
        const expected = type === ApplicationCommandOptionType.String ? 'string' : type === ApplicationCommandOptionType.Boolean ? 'boolean' : 'number';
        if (typeof value !== expected || (type === ApplicationCommandOptionType.Integer && !Number.isInteger(value))) throw new TypeError(`${at} must be a ${expected}, got ${describe(value)}`);
        const choices = option['choices'] as Json[] | undefined;
        if (choices && !choices.some((choice) => choice['value'] === value)) throw new RangeError(`${at} must be one of the command's choices, got ${describe(value)}`);
        out.push({ name, type, value });
        break;
      }
      case ApplicationCommandOptionType.User:
      case ApplicationCommandOptionType.Mentionable: {
        if (typeof value !== 'string') throw new TypeError(`${at} must be a user id, got ${describe(value)}`);
        add('users', value, wireUser(world, value) as Json);
        if (place.guild.members.some((member) => member.userId === value)) {
          const { user: _user, ...member } = memberJson(world, place, value);
          add('members', value, member);
        }
        out.push({ name, type, value });
        break;
      }
      case ApplicationCommandOptionType.Channel:
        if (typeof value !== 'string') throw new TypeError(`${at} must be a channel id, got ${describe(value)}`);
        add('channels', value, resolvedChannel(world, place, value));
        out.push({ name, type, value });
        break;
      case ApplicationCommandOptionType.Role: {
        const role = place.guild.roles.find((entry) => entry.id === value);
        if (!role) throw new RangeError(`${at} must be a role of the guild, got ${describe(value)}`);
        add('roles', role.id, { id: role.id, name: role.name, color: role.color, hoist: role.hoist, position: role.position, permissions: String(role.permissions), managed: false, mentionable: role.mentionable, flags: 0 });
        out.push({ name, type, value });
        break;
      }
      case ApplicationCommandOptionType.Attachment: {
        // "The same restriction applies to ATTACHMENT command options" (the platform document).
        const attachment = attachmentJson(world, checkFile(value, at, uploadLimit, undefined));
        add('attachments', attachment['id'] as string, attachment);
        out.push({ name, type, value: attachment['id'] });
        break;
      }
    }
  }
  return out;
}

/** The fields every interaction of a guild channel carries. */
export function guildInteraction(world: NativeWorld, place: Place, fields: { id: string; token: string; applicationId: string; type: number; data?: Json; message?: Json }): Json {
  const channel = place.guild.channels.find((entry) => entry.id === place.channelId)!;
  return {
    id: fields.id,
    application_id: fields.applicationId,
    type: fields.type,
    ...(fields.data ? { data: fields.data } : {}),
    guild: { id: place.guild.id, locale: 'en-US', features: [...place.guild.features] },
    guild_id: place.guild.id,
    channel: resolvedChannel(world, place, channel.id),
    channel_id: channel.id,
    member: memberJson(world, place, place.userId),
    token: fields.token,
    version: 1,
    ...(fields.message ? { message: fields.message } : {}),
    app_permissions: place.botInGuild ? String(permissionsOf(world, place.guild.id, place.botUserId, channel.id)) : '0',
    locale: 'en-US',
    guild_locale: 'en-US',
    entitlements: [],
    // A guild install when the bot is in the guild, else the user's install (application.mdx, Application Integration Types: 0 guild, 1 user).
    authorizing_integration_owners: place.botInGuild ? { '0': place.guild.id } : { '1': place.userId },
    context: InteractionContextType.Guild,
    attachment_size_limit: DEFAULT_UPLOAD_LIMIT,
  };
}
