/**
 * A guild channel message as the service sends it (resources/message.mdx, Message Object; the
 * official description's MessageResponse), over HTTP and in the gateway's MESSAGE_CREATE and
 * MESSAGE_UPDATE, for one reader: without access to its content (the MESSAGE_CONTENT intent and
 * its exceptions) `content`, `embeds`, `attachments` and `components` are empty (the docs' rule).
 * @internal
 * @module
 */
import type { NativeWorld } from '../../addon/native.js';
import { attachmentFlags, mentionedUserIds, messageFlags, type ChannelAttachment, type ChannelMessage } from '../channel-messages.js';
import { wireUser } from './wire.js';

type Json = Record<string, unknown>;

/** `2016-03-31T19:15:39.954000+00:00`, as the docs' message examples write times. */
export function messageTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, -1)}000+00:00`;
}

/** An attachment (Attachment Object): `flags` carries IS_SPOILER when spoilered. */
export function attachmentJson(attachment: ChannelAttachment, channelId: string): Json {
  const url = `https://cdn.discordapp.com/attachments/${channelId}/${attachment.id}/${encodeURIComponent(attachment.filename)}`;
  return {
    id: attachment.id,
    filename: attachment.filename,
    ...(attachment.description === null ? {} : { description: attachment.description }),
    ...(attachment.contentType === null ? {} : { content_type: attachment.contentType }),
    size: attachment.size,
    url,
    proxy_url: url.replace('cdn.discordapp.com', 'media.discordapp.net'),
    flags: attachmentFlags(attachment),
  };
}

/** A message for a reader; `readable`: whether the reader may see its content. */
export function channelMessageJson(world: NativeWorld, message: ChannelMessage, readable: boolean): Json {
  const mentions = readable ? mentionedUserIds(message.content).filter((id) => world.getUser(id) !== null) : [];
  return {
    id: message.id,
    type: message.reference?.type === 0 ? 19 : 0,
    channel_id: message.channelId,
    author: { ...wireUser(world, message.authorId), ...(message.applicationId === null ? {} : { bot: true }) },
    content: readable ? message.content : '',
    timestamp: messageTime(message.createdAt),
    edited_timestamp: message.editedAt === null ? null : messageTime(message.editedAt),
    tts: false,
    mention_everyone: false,
    mentions: mentions.map((id) => wireUser(world, id)),
    mention_roles: [],
    attachments: readable ? message.attachments.map((attachment) => attachmentJson(attachment, message.channelId)) : [],
    embeds: [],
    components: [],
    pinned: message.pinnedAt !== null,
    flags: messageFlags(message),
    ...(message.applicationId === null ? {} : { application_id: message.applicationId }),
    ...(message.reference
      ? { message_reference: { type: message.reference.type, message_id: message.reference.messageId, channel_id: message.reference.channelId, guild_id: message.reference.guildId } }
      : {}),
    ...(message.snapshot
      ? {
          message_snapshots: [
            {
              message: {
                type: 0,
                content: readable ? message.snapshot.content : '',
                embeds: [],
                attachments: readable ? message.snapshot.attachments.map((attachment) => attachmentJson(attachment, message.reference!.channelId)) : [],
                timestamp: messageTime(message.snapshot.createdAt),
                edited_timestamp: message.snapshot.editedAt === null ? null : messageTime(message.snapshot.editedAt),
                flags: 0,
                mentions: [],
                mention_roles: [],
              },
            },
          ],
        }
      : {}),
  };
}
