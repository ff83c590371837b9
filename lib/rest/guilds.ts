/**
 * The RestClient's guild shapes (the channels a bot sees in a guild, role member counts) and their
 * reading from the service's JSON (GuildChannelResponse; the member-count map).
 * @module
 */
import { Reader } from './payloads.js';

/** A permission overwrite of a guild channel: `type` 0 a role (`@everyone`'s id is the guild's), 1 a member. */
export interface GuildChannelOverwrite {
  id: string;
  type: 0 | 1;
  /** Permission bits, as the service writes them (a decimal string: bits go past 2^53). */
  allow: string;
  deny: string;
}

/** A guild channel as the bot sees it (`GET /guilds/{guild}/channels`). */
export interface GuildChannelInfo {
  id: string;
  /** The service's channel type: 0 text, 2 voice, 4 category, 5 announcement, 13 stage, 15 forum. */
  type: number;
  guildId: string;
  name: string;
  position: number;
  /** Its category, or null. */
  parentId: string | null;
  permissionOverwrites: GuildChannelOverwrite[];
}

/** @internal */
export function toGuildChannels(route: string, body: unknown): GuildChannelInfo[] {
  const read = new Reader(route);
  return read.array(body, 'answer').map((entry, i) => {
    const path = `answer[${i}]`;
    const wire = read.object(entry, path);
    const overwrites = wire.permission_overwrites === undefined ? [] : read.array(wire.permission_overwrites, `${path}.permission_overwrites`);
    return {
      id: read.id(wire.id, `${path}.id`),
      type: read.number(wire.type, `${path}.type`),
      guildId: read.id(wire.guild_id, `${path}.guild_id`),
      name: read.string(wire.name, `${path}.name`),
      position: read.number(wire.position, `${path}.position`),
      parentId: wire.parent_id === null || wire.parent_id === undefined ? null : read.id(wire.parent_id, `${path}.parent_id`),
      permissionOverwrites: overwrites.map((o, j) => {
        const at = `${path}.permission_overwrites[${j}]`;
        const overwrite = read.object(o, at);
        const type = read.number(overwrite.type, `${at}.type`);
        if (type !== 0 && type !== 1) read.fail(`${at}.type`, 'an overwrite type (0 or 1)');
        return { id: read.id(overwrite.id, `${at}.id`), type: type as 0 | 1, allow: read.string(overwrite.allow, `${at}.allow`), deny: read.string(overwrite.deny, `${at}.deny`) };
      }),
    };
  });
}

/** @internal Role id -> the number of members holding it. */
export function toRoleMemberCounts(route: string, body: unknown): Record<string, number> {
  const read = new Reader(route);
  const wire = read.object(body, 'answer');
  const out: Record<string, number> = {};
  for (const [roleId, count] of Object.entries(wire)) out[read.id(roleId, `answer key ${roleId}`)] = read.number(count, `answer.${roleId}`);
  return out;
}
