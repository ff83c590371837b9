/**
 * Guild channel message routes of the simulated HTTP service, with a bot token (public docs,
 * resources/message.mdx; the platform document's rules): Create Message (JSON, or multipart with
 * `files[n]` and `payload_json`), Get Channel Messages and Message, Edit Message (attachments'
 * `description` and `is_spoiler` editable), the pins routes and Search Guild Messages (the
 * MESSAGE_CONTENT intent and READ_MESSAGE_HISTORY; 202 with code 110000 while the guild is not
 * indexed). The messages and their rules live in lib/sim/channel-messages.ts.
 * @internal
 * @module
 */
import { PermissionFlagsBits as P, RESTJSONErrorCodes as E } from 'discord-api-types/v10';

import { typeName } from '../../common/validate.js';
import { privilegedIntentGranted } from '../gateway/bot-settings.js';
import {
  channelMessages,
  channelPermissions,
  contentReadableBy,
  editChannelMessage,
  findChannelMessage,
  guildIndexed,
  guildOfChannel,
  postChannelMessage,
  requireInChannel,
  setMessagePinned,
  type ChannelMessage,
  type ChannelMessageEdit,
  type NewAttachment,
} from '../channel-messages.js';
import { invalidForm, ServiceRefusal, worldCall } from './errors.js';
import { queryInteger, querySnowflake } from './routes-guilds.js';
import type { Caller, RouteHandlers, ServiceContext, ServiceRequest, UploadedFile } from './routes.js';
import { bodyObject, snowflakeField } from './wire.js';
import { channelMessageJson, messageTime } from './wire-channel-messages.js';
import { botGuild } from './wire-guilds.js';

type Json = Record<string, unknown>;

function optionalText(given: Json, name: string): string | undefined {
  const value = given[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidForm(name, `${name} must be a string, got ${typeName(value)}`);
  return value;
}

function optionalBoolean(value: unknown, name: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw invalidForm(name, `${name} must be a boolean, got ${typeName(value)}`);
  return value;
}

/** The attachment request objects of a body (`attachments`), each checked. */
function attachmentRequests(given: Json): { id: string; filename?: string; description?: string | null; isSpoiler?: boolean }[] | undefined {
  const list = given['attachments'];
  if (list === undefined || list === null) return undefined;
  if (!Array.isArray(list)) throw invalidForm('attachments', `attachments must be an array, got ${typeName(list)}`);
  return list.map((item: unknown, i) => {
    const entry = bodyObject(item);
    const id = entry['id'];
    if (typeof id !== 'string' && !(typeof id === 'number' && Number.isInteger(id) && id >= 0)) throw invalidForm(`attachments.${i}.id`, 'id must be a snowflake or the index of an uploaded file');
    const description = entry['description'];
    if (description !== undefined && description !== null && (typeof description !== 'string' || description.length > 1024)) throw invalidForm(`attachments.${i}.description`, 'description must be a string of at most 1024 characters');
    return {
      id: String(id),
      ...(typeof entry['filename'] === 'string' ? { filename: entry['filename'] } : {}),
      ...(description === undefined ? {} : { description: description as string | null }),
      ...(entry['is_spoiler'] === undefined ? {} : { isSpoiler: optionalBoolean(entry['is_spoiler'], `attachments.${i}.is_spoiler`)! }),
    };
  });
}

/** The uploaded files (`files[n]`) as new attachments, their request objects (by `id` n) applied. */
function uploadedAttachments(uploads: ReadonlyMap<string, UploadedFile>, requests: ReturnType<typeof attachmentRequests>): NewAttachment[] {
  const attachments: NewAttachment[] = [];
  for (const [field, file] of uploads) {
    const index = /^files\[(\d+)\]$/.exec(field)?.[1] ?? (field === 'file' ? '0' : undefined);
    if (index === undefined) continue;
    const request = requests?.find((candidate) => candidate.id === index);
    attachments.push({ filename: request?.filename ?? file.filename, size: file.size, contentType: file.contentType, description: request?.description ?? null, isSpoiler: request?.isSpoiler ?? false });
  }
  return attachments;
}

/** `message_reference`: a reply (type 0, the default) or a forward (type 1). */
function messageReference(given: Json): { type: 0 | 1; messageId: string; channelId?: string } | undefined {
  const value = given['message_reference'];
  if (value === undefined || value === null) return undefined;
  const reference = bodyObject(value);
  const type = reference['type'] ?? 0;
  if (type !== 0 && type !== 1) throw invalidForm('message_reference.type', 'type must be 0 (DEFAULT) or 1 (FORWARD)');
  const messageId = snowflakeField('message_reference.message_id', reference['message_id']);
  const channelId = reference['channel_id'] === undefined || reference['channel_id'] === null ? undefined : snowflakeField('message_reference.channel_id', reference['channel_id']);
  return { type, messageId, ...(channelId === undefined ? {} : { channelId }) };
}

/** The channel of the path, its guild, and the bot's permissions there (the bot must be a member: 403 Missing Access otherwise). */
function botChannel(context: ServiceContext, caller: Caller, id: string | undefined): { channelId: string; guildId: string; held: bigint; applicationId: string } {
  const channelId = snowflakeField('channel.id', id);
  const guildId = worldCall(() => guildOfChannel(context.world, channelId));
  const { botUserId } = botGuild(context, caller, guildId);
  return { channelId, guildId, held: channelPermissions(context.world, guildId, botUserId, channelId), applicationId: caller.applicationId };
}

function json(context: ServiceContext, applicationId: string, message: ChannelMessage): Json {
  return channelMessageJson(context.world, message, contentReadableBy(context.world, applicationId, message));
}

function messageId(request: ServiceRequest): string {
  return snowflakeField('message.id', request.params['message_id']);
}

/** Search's content filter: every word of the query in the message, case-insensitively (our choice of matching). */
function matchesContent(content: string, query: string): boolean {
  const text = content.toLowerCase();
  return query.toLowerCase().split(/\s+/).filter((word) => word !== '').every((word) => text.includes(word));
}

export const CHANNEL_MESSAGE_HANDLERS = {
  createChannelMessage: {
    handle({ caller, params, body, uploads }, context) {
      const given = body === undefined ? {} : bodyObject(body);
      const content = optionalText(given, 'content');
      const attachments = uploadedAttachments(uploads, attachmentRequests(given));
      const reference = messageReference(given);
      const message = worldCall(() =>
        postChannelMessage(context.world, snowflakeField('channel.id', params['channel_id']), { bot: caller.applicationId }, { ...(content === undefined ? {} : { content }), attachments, ...(reference ? { reference } : {}) }),
      );
      return { status: 200, body: json(context, caller.applicationId, message) };
    },
  },
  getChannelMessages: {
    handle({ caller, params, query }, context) {
      const { channelId, held, applicationId } = botChannel(context, caller, params['channel_id']);
      worldCall(() => requireInChannel(held));
      const limit = queryInteger(query, 'limit', 1, 100) ?? 50;
      const before = querySnowflake(query, 'before');
      const after = querySnowflake(query, 'after');
      const around = querySnowflake(query, 'around');
      if ([before, after, around].filter((value) => value !== undefined).length > 1) throw invalidForm('_errors', 'before, after and around are mutually exclusive');
      // "If the current user is missing the READ_MESSAGE_HISTORY permission in the channel, then no messages will be returned."
      if ((held & P.ReadMessageHistory) === 0n) return { status: 200, body: [] };
      const all = channelMessages(context.world, channelId);
      let picked: readonly ChannelMessage[];
      if (after !== undefined) picked = all.filter((message) => BigInt(message.id) > after).slice(0, limit);
      else if (around !== undefined) {
        const at = all.findIndex((message) => BigInt(message.id) >= around);
        const middle = at === -1 ? all.length : at;
        const start = Math.max(0, middle - Math.floor(limit / 2));
        picked = all.slice(start, start + limit);
      } else picked = all.filter((message) => before === undefined || BigInt(message.id) < before).slice(-limit);
      // Newest first, as the service lists them.
      return { status: 200, body: [...picked].reverse().map((message) => json(context, applicationId, message)) };
    },
  },
  getChannelMessage: {
    handle(request, context) {
      const { channelId, held, applicationId } = botChannel(context, request.caller, request.params['channel_id']);
      // "requires the current user to have the VIEW_CHANNEL and READ_MESSAGE_HISTORY permissions".
      worldCall(() => requireInChannel(held, P.ReadMessageHistory));
      const message = worldCall(() => findChannelMessage(context.world, channelId, messageId(request)));
      return { status: 200, body: json(context, applicationId, message) };
    },
  },
  editChannelMessage: {
    handle(request, context) {
      const given = request.body === undefined ? {} : bodyObject(request.body);
      const content = optionalText(given, 'content');
      const requests = attachmentRequests(given);
      const added = uploadedAttachments(request.uploads, requests);
      // Entries naming an uploaded file are new; the others name attachments the message keeps.
      const keep = requests?.filter((entry) => !request.uploads.has(`files[${entry.id}]`)).map((entry) => ({ ...entry, id: snowflakeField('attachments.id', entry.id) }));
      const edit: ChannelMessageEdit = { ...(content === undefined ? {} : { content }), ...(keep === undefined ? {} : { keep }), ...(added.length > 0 ? { added } : {}) };
      const channelId = snowflakeField('channel.id', request.params['channel_id']);
      const message = worldCall(() => editChannelMessage(context.world, channelId, messageId(request), { bot: request.caller.applicationId }, edit));
      return { status: 200, body: json(context, request.caller.applicationId, message) };
    },
  },
  getChannelPins: {
    handle({ caller, params, query }, context) {
      const { channelId, held, applicationId } = botChannel(context, caller, params['channel_id']);
      // "Requires the VIEW_CHANNEL permission. If the user is missing the READ_MESSAGE_HISTORY permission in the channel, then no pins will be returned."
      worldCall(() => requireInChannel(held));
      const limit = queryInteger(query, 'limit', 1, 50) ?? 50;
      const beforeText = query.get('before');
      const before = beforeText === null ? undefined : Date.parse(beforeText);
      if (before !== undefined && Number.isNaN(before)) throw invalidForm('before', 'before must be an ISO8601 timestamp');
      if ((held & P.ReadMessageHistory) === 0n) return { status: 200, body: { items: [], has_more: false } };
      const pinned = channelMessages(context.world, channelId)
        .filter((message) => message.pinnedAt !== null && (before === undefined || message.pinnedAt < before))
        .sort((a, b) => b.pinnedAt! - a.pinnedAt!);
      const items = pinned.slice(0, limit).map((message) => ({ pinned_at: messageTime(message.pinnedAt!), message: json(context, applicationId, message) }));
      return { status: 200, body: { items, has_more: pinned.length > limit } };
    },
  },
  pinChannelMessage: {
    handle(request, context) {
      const channelId = snowflakeField('channel.id', request.params['channel_id']);
      worldCall(() => setMessagePinned(context.world, channelId, messageId(request), { bot: request.caller.applicationId }, true));
      return { status: 204 };
    },
  },
  unpinChannelMessage: {
    handle(request, context) {
      const channelId = snowflakeField('channel.id', request.params['channel_id']);
      worldCall(() => setMessagePinned(context.world, channelId, messageId(request), { bot: request.caller.applicationId }, false));
      return { status: 204 };
    },
  },
  searchGuildMessages: {
    handle({ caller, params, query }, context) {
      const { guild, botUserId } = botGuild(context, caller, params['guild_id']);
      const world = context.world;
      // "Requires READ_MESSAGE_HISTORY and the MESSAGE_CONTENT privileged intent" (platform document, Endpoints).
      // Without the intent: 403 Missing Access (our choice of answer: the docs say only "restricted").
      if (!privilegedIntentGranted(world, caller.applicationId, 'messageContent')) throw new ServiceRefusal(403, E.MissingAccess, 'Missing Access: Search Guild Messages needs the MESSAGE_CONTENT intent');
      if ((BigInt(world.guildPermissions(guild.id, botUserId)) & P.ReadMessageHistory) === 0n) throw new ServiceRefusal(403, E.MissingPermissions, 'Missing Permissions');
      // "Returns error 110000 when the guild is not yet indexed": the docs' 202 answer (resources/message.mdx, Search Guild Messages).
      if (!guildIndexed(world, guild.id)) return { status: 202, body: { message: 'Index not yet available. Try again later', code: E.IndexNotYetAvailable, documents_indexed: 0, retry_after: 2 } };
      const limit = queryInteger(query, 'limit', 1, 25) ?? 25;
      const offset = queryInteger(query, 'offset', 0, 9975) ?? 0;
      const content = query.get('content');
      if (content !== null && content.length > 1024) throw invalidForm('content', 'content must be at most 1024 characters');
      const channelIds = query.getAll('channel_id').map((id, i) => snowflakeField(`channel_id.${i}`, id));
      const authorIds = query.getAll('author_id').map((id, i) => snowflakeField(`author_id.${i}`, id));
      const maxId = querySnowflake(query, 'max_id');
      const minId = querySnowflake(query, 'min_id');
      const pinned = query.get('pinned');
      const ascending = query.get('sort_order') === 'asc';
      // Only the channels the bot can read (VIEW_CHANNEL and READ_MESSAGE_HISTORY there).
      const readable = guild.channels.filter((channel) => {
        const held = BigInt(world.guildPermissions(guild.id, botUserId, channel.id));
        return (held & (P.ViewChannel | P.ReadMessageHistory)) === (P.ViewChannel | P.ReadMessageHistory) && (channelIds.length === 0 || channelIds.includes(channel.id));
      });
      const found = readable
        .flatMap((channel) => channelMessages(world, channel.id))
        .filter((message) => {
          const id = BigInt(message.id);
          if ((maxId !== undefined && id >= maxId) || (minId !== undefined && id <= minId)) return false;
          if (authorIds.length > 0 && !authorIds.includes(message.authorId)) return false;
          if (pinned !== null && (message.pinnedAt !== null) !== (pinned === 'true')) return false;
          return content === null || matchesContent(message.content, content);
        })
        .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1) * (ascending ? 1 : -1));
      const messages = found.slice(offset, offset + limit).map((message) => [json(context, caller.applicationId, message)]);
      return { status: 200, body: { doing_deep_historical_index: false, total_results: found.length, messages } };
    },
  },
} satisfies RouteHandlers;
