/**
 * The RestClient's guild methods, with the bot token: the channels of a guild the bot user is a
 * member of, and how many members hold each role (what a game server reads of the guild it links
 * lobbies to). Installed on RestClient.prototype when rest/index.ts loads this module.
 * @module
 */
import { toSnowflake, type SnowflakeInput } from '../model/ids.js';
import { ROUTES } from '../routes/table.js';
import { defineRestMethods, internals } from './client.js';
import { toGuildChannels, toRoleMemberCounts, type GuildChannelInfo } from './guilds.js';
import type { RequestOptions } from './types.js';

declare module './client.js' {
  interface RestClient {
    /**
     * The channels of a guild the bot user is a member of (`GET /guilds/{guild}/channels`). From
     * 2026-11-16 the service leaves out the channels the bot cannot view (no VIEW_CHANNEL); before,
     * it lists them all.
     */
    getGuildChannels(guildId: SnowflakeInput, options?: RequestOptions): Promise<GuildChannelInfo[]>;

    /** How many members hold each role of a guild, by role id (`GET /guilds/{guild}/roles/member-counts`; `@everyone` left out). */
    getGuildRoleMemberCounts(guildId: SnowflakeInput, options?: RequestOptions): Promise<Record<string, number>>;
  }
}

defineRestMethods({
  async getGuildChannels(guildId: SnowflakeInput, options?: RequestOptions): Promise<GuildChannelInfo[]> {
    return toGuildChannels(...(await internals(this).get(ROUTES.getGuildChannels, [toSnowflake(guildId, 'guildId')], options)));
  },

  async getGuildRoleMemberCounts(guildId: SnowflakeInput, options?: RequestOptions): Promise<Record<string, number>> {
    return toRoleMemberCounts(...(await internals(this).get(ROUTES.getGuildRoleMemberCounts, [toSnowflake(guildId, 'guildId')], options)));
  },
});
