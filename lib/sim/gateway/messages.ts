/**
 * MESSAGE_CREATE and MESSAGE_UPDATE of guild channel messages (lib/sim/channel-messages.ts) as one
 * session is shown them: only with the GUILD_MESSAGES intent and in a channel its bot can view;
 * `content`, `attachments`, `embeds` and `components` empty without MESSAGE_CONTENT, except in the
 * bot's own messages and those that mention it (events/gateway.mdx, "Message Content Intent").
 * The payload is the message with the events' extra fields `guild_id` and `member`
 * (events/gateway-events.mdx, Message Create).
 * @internal
 * @module
 */
import { GatewayIntentBits } from 'discord-api-types/v10';

import type { NativeWorld, NativeWorldView } from '../../addon/native.js';
import { contentReadableBy, findChannelMessage } from '../channel-messages.js';
import { channelMessageJson } from '../http/wire-channel-messages.js';
import { canView } from './obfuscation.js';
import { memberJson, type WorldSnapshot } from './objects.js';
import type { GatewaySession } from './session.js';

type WorldGuild = NativeWorldView['guilds'][number];

/** The event's payload for `session`, or undefined when the session is not sent it. */
export function messageEventFor(world: NativeWorld, snapshot: WorldSnapshot, guild: WorldGuild, session: GatewaySession, channelId: string, messageId: string): Record<string, unknown> | undefined {
  if (!(session.intents & GatewayIntentBits.GuildMessages)) return undefined;
  if (!canView(world, guild.id, channelId, session.botUserId)) return undefined;
  let message;
  try {
    message = findChannelMessage(world, channelId, messageId);
  } catch {
    return undefined;
  }
  const readable = contentReadableBy(world, session.applicationId, message, (session.intents & GatewayIntentBits.MessageContent) !== 0);
  const { user: _user, ...member } = memberJson(snapshot, guild, message.authorId);
  return { ...channelMessageJson(world, message, readable), guild_id: guild.id, member };
}
