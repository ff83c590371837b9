/**
 * The Simulator's methods for guild channel messages: a user posts one (as a player would in the
 * client), a channel's slowmode, and whether a guild is indexed for search. Declared on
 * {@link SimulatorChannelMessageMethods}, which the Simulator interface extends, and installed on
 * Simulator.prototype by simulator.ts. The messages live in lib/sim/channel-messages.ts.
 * @module
 */
import type { NativeWorld } from '../addon/native.js';
import { nativeWorldOf } from '../addon/native-worlds.js';
import { checkBoolean, checkInteger, checkText } from '../common/validate.js';
import type { Snowflake, SnowflakeInput } from '../model/ids.js';
import type { User } from '../model/user.js';
import { CONTENT_LIMIT, guildOfChannel, postChannelMessage, setChannelSlowmode, setGuildIndexed } from './channel-messages.js';
import { syncClock } from './clock.js';
import { idOf } from './harness-input.js';
import { worldSide } from './world-side.js';

/** The harness's changes, made where the world's JS side lives (./world-side.ts). */
const apply = {
  post: worldSide('postChannelMessage', (world: NativeWorld, channelId: string, userId: string, content: string): string => postChannelMessage(world, channelId, { user: userId }, { content }).id),
  slowmode: worldSide('setChannelSlowmode', (world: NativeWorld, channelId: string, seconds: number): void => {
    guildOfChannel(world, channelId);
    setChannelSlowmode(world, channelId, seconds);
  }),
  indexed: worldSide('setGuildIndexed', setGuildIndexed),
};

/** The most seconds of slowmode: "0-21600" (resources/channel.mdx, rate_limit_per_user). */
const MAX_SLOWMODE_SECONDS = 21_600;

/** The channel message methods of {@link Simulator}. */
export interface SimulatorChannelMessageMethods {
  /**
   * A user posts a message to a guild channel, under the service's rules: VIEW_CHANNEL and
   * SEND_MESSAGES, and the channel's slowmode (bypassed from 2026-02-23 on the simulator's
   * calendar only with `bypassSlowmode`; before, with `manageMessages` or `manageChannels`).
   * Bots connected to the simulated gateway with GUILD_MESSAGES receive MESSAGE_CREATE. Returns
   * the message's id.
   * @example
   * const id = sim.postChannelMessage(channelId, alice, 'gg');
   * @throws RangeError for an unknown channel or user, or a refusal of the service (its `status`
   * and `code`: 403 50013 without the permission, 429 20016 under slowmode); TypeError for bad content.
   */
  postChannelMessage(channel: { id: Snowflake } | SnowflakeInput, user: User | SnowflakeInput, content: string): Snowflake;

  /**
   * Sets a guild channel's slowmode (`rate_limit_per_user`, 0 to 21600 seconds; 0: off): a user
   * may post once per that many seconds of the simulator's clock. Bots are unaffected.
   * @throws RangeError for an unknown channel or seconds out of range.
   */
  setChannelSlowmode(channel: { id: Snowflake } | SnowflakeInput, seconds: number): void;

  /**
   * Whether a guild is indexed for search (default: indexed). While it is not, Search Guild
   * Messages answers 202 with code 110000 ("Index not yet available") and `retry_after`.
   * @throws RangeError for an unknown guild; TypeError when `indexed` is not a boolean.
   */
  setGuildIndexed(guild: { id: Snowflake } | SnowflakeInput, indexed: boolean): void;
}

/** @internal Their implementations, installed on Simulator.prototype. */
export const channelMessageMethods = {
  postChannelMessage(this: object, channel: { id: Snowflake } | SnowflakeInput, user: User | SnowflakeInput, content: string): Snowflake {
    const world = nativeWorldOf(this);
    syncClock(world);
    const text = checkText(content, 'content', 1, CONTENT_LIMIT);
    return apply.post(world, idOf(channel, 'channel'), idOf(user, 'user'), text);
  },

  setChannelSlowmode(this: object, channel: { id: Snowflake } | SnowflakeInput, seconds: number): void {
    const world = nativeWorldOf(this);
    const channelId = idOf(channel, 'channel');
    const value = checkInteger(seconds, 'seconds', 0, MAX_SLOWMODE_SECONDS);
    apply.slowmode(world, channelId, value);
  },

  setGuildIndexed(this: object, guild: { id: Snowflake } | SnowflakeInput, indexed: boolean): void {
    const world = nativeWorldOf(this);
    const guildId = idOf(guild, 'guild');
    const value = checkBoolean(indexed, 'indexed');
    if (world.getGuild(guildId) === null) throw new RangeError(`no guild with id ${guildId}`);
    apply.indexed(world, guildId, value);
  },
};
