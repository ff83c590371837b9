/**
 * Guilds: the guilds (servers) the user is a member of, and their channels. Adds its methods to
 * {@link Client}.
 * @module
 */
import { toSnowflake, type SnowflakeInput } from '../model/ids.js';
import type { NativeGuildChannel } from '../addon/native.js';
import { CHANNEL_TYPE_VALUES, type ChannelType, type Guild, type GuildChannel } from '../model/types.js';
import { defineClientMethods, operation } from '../client/feature.js';

declare module '../client/client.js' {
  interface Client {
    /** The guilds (servers) the user is a member of, oldest first. */
    getUserGuilds(): Promise<Guild[]>;
    /**
     * The channels of a guild the user is a member of, ordered as the chat client lists them: by
     * `position`, and channels with equal positions by id (the older first). Categories are
     * channels too (type `GuildCategory`); other channels name theirs in `parentId`. Channels the
     * user cannot view (no VIEW_CHANNEL) are left out entirely. Rejects with an `HTTPError`: status
     * 404 (code 10004) for an unknown guild, 403 (code 50001) when the user is not a member.
     * @example
     * for (const channel of await client.getGuildChannels(guildId)) console.log(channel.position, channel.name);
     */
    getGuildChannels(guildId: SnowflakeInput): Promise<GuildChannel[]>;
  }
}

defineClientMethods({
  getUserGuilds(): Promise<Guild[]> {
    return operation(this, 'getUserGuilds', (native) => (requestId) => native.getUserGuilds(requestId)).then((value) => [...value]);
  },

  getGuildChannels(guildId: SnowflakeInput): Promise<GuildChannel[]> {
    return operation(this, 'getGuildChannels', (native) => {
      const id = toSnowflake(guildId, 'guildId');
      return (requestId) => native.getGuildChannels(requestId, id);
    }).then((value) => value.map(toGuildChannel));
  },
});

const CHANNEL_TYPE_NAMES = new Map<number, ChannelType>(
  Object.entries(CHANNEL_TYPE_VALUES).map(([name, value]) => [value, name as ChannelType]),
);

function toGuildChannel(channel: NativeGuildChannel): GuildChannel {
  return { ...channel, type: channel.type === null ? null : (CHANNEL_TYPE_NAMES.get(channel.type) ?? 'GuildText') };
}
