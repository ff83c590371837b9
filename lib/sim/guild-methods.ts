/**
 * The Simulator's guild methods: guilds (servers), their members and channels, and the bots' voice
 * connections. Declared here on {@link SimulatorGuildMethods}, which the Simulator interface
 * extends, and installed on Simulator.prototype by simulator.ts (common/define-methods.ts), as
 * the Client's features install theirs.
 * @module
 */
import { GUILD_CHANGES } from './world-changes.js';
import type { Snowflake, SnowflakeInput } from '../model/ids.js';
import type { User } from '../model/user.js';
import { checkBoolean, checkOptions } from '../common/validate.js';
import { nativeWorldOf } from '../addon/native-worlds.js';
import { checkRequiredOptions, idOf } from './harness-input.js';
import type { Application } from './applications.js';
import { checkGuildOptions, permissionBits, toNativeChannel, toNativeChannelChanges, type CreateGuildChannelOptions, type CreateGuildOptions, type GuildPermission, type SimulatedGuild, type UpdateGuildChannelOptions } from './guilds.js';

/** The guild methods of {@link Simulator}. */
export interface SimulatorGuildMethods {
  /**
   * Creates a guild (server) with its owner and members. Clients see it in `getUserGuilds()`.
   * @throws RangeError for an unknown owner or member; nothing is created then.
   */
  createGuild(options: CreateGuildOptions): SimulatedGuild;


  /**
   * Adds a member to a guild, or replaces the guild-level `permissions` it is granted (on top of
   * `@everyone`'s `viewChannel` and `sendMessages`; overwrites still apply).
   * @throws RangeError for an unknown guild or user.
   */
  addGuildMember(guild: { id: Snowflake } | SnowflakeInput, user: User | SnowflakeInput, options?: { permissions?: readonly GuildPermission[] }): void;


  /**
   * Connects the application's bot user to a voice channel of a guild it is a member of (out of
   * any other voice channel of that guild), or disconnects it: a stand-in for the bot's voice state
   * until the simulator has a gateway. Set Voice Channel Status needs MANAGE_CHANNELS only when
   * the bot is not connected to the channel (spec, Endpoints).
   * @throws RangeError for an unknown application or channel, a channel that is not a voice
   * channel, or a bot user that is not a member of its guild; TypeError when `connected` is not a boolean.
   */
  setBotVoiceConnection(application: Application | SnowflakeInput, channel: { id: Snowflake } | SnowflakeInput, connected: boolean): void;


  /** Removes a member (a no-op when it is not one). @throws RangeError for an unknown guild, or its owner. */
  removeGuildMember(guild: { id: Snowflake } | SnowflakeInput, user: User | SnowflakeInput): void;


  /**
   * Creates a channel or category in a guild; returns its id. Who can view it follows from its
   * overwrites (or its category's, when it has none of its own): see {@link ChannelOverwrite}.
   * @example
   * const lobbies = sim.createGuildChannel(guild, { name: 'Lobbies', type: 'GuildCategory', position: 1,
   *   overwrites: [{ target: 'everyone', deny: ['viewChannel'] }, { target: alice, allow: ['viewChannel'] }] });
   * sim.createGuildChannel(guild, { name: 'party-1', parent: lobbies }); // follows the category
   * @throws RangeError for an unknown guild, a parent that is not a category of it, or an overwrite target listed twice.
   */
  createGuildChannel(guild: { id: Snowflake } | SnowflakeInput, options: CreateGuildChannelOptions): Snowflake;


  /**
   * Changes a channel's name, position, category or overwrites; what is left out stays. Clients
   * see the change the next time they read the guild's channels (a channel that becomes
   * unviewable disappears from the list, and reappears when viewable again).
   * @throws RangeError for an unknown channel or a bad parent; nothing changes then.
   */
  updateGuildChannel(channel: { id: Snowflake } | SnowflakeInput, changes: UpdateGuildChannelOptions): void;
}

/** @internal Their implementations, installed on Simulator.prototype. */
export const guildMethods = {
  createGuild(this: object, options: CreateGuildOptions): SimulatedGuild {
    const world = nativeWorldOf(this);
    const { name, owner, memberIds } = checkGuildOptions(options);
    for (const id of [owner, ...memberIds]) {
      if (world.getUser(id) === null) throw new RangeError(`no user with id ${id}`);
    }
    const id = GUILD_CHANGES.createGuild(world, name, owner, memberIds);
    return { id, name };
  },

  addGuildMember(this: object, guild: { id: Snowflake } | SnowflakeInput, user: User | SnowflakeInput, options?: { permissions?: readonly GuildPermission[] }): void {
    const world = nativeWorldOf(this);
    const { permissions = [] } = checkOptions(options);
    GUILD_CHANGES.addMember(world, idOf(guild, 'guild'), idOf(user, 'user'), permissionBits(permissions, 'permissions'));
  },

  setBotVoiceConnection(this: object, application: Application | SnowflakeInput, channel: { id: Snowflake } | SnowflakeInput, connected: boolean): void {
    const world = nativeWorldOf(this);
    GUILD_CHANGES.setBotVoiceConnection(world, idOf(application, 'application'), idOf(channel, 'channel'), checkBoolean(connected, 'connected'));
  },

  removeGuildMember(this: object, guild: { id: Snowflake } | SnowflakeInput, user: User | SnowflakeInput): void {
    const world = nativeWorldOf(this);
    GUILD_CHANGES.removeMember(world, idOf(guild, 'guild'), idOf(user, 'user'));
  },

  createGuildChannel(this: object, guild: { id: Snowflake } | SnowflakeInput, options: CreateGuildChannelOptions): Snowflake {
    const world = nativeWorldOf(this);
    return GUILD_CHANGES.createChannel(world, idOf(guild, 'guild'), toNativeChannel(checkRequiredOptions(options)));
  },

  updateGuildChannel(this: object, channel: { id: Snowflake } | SnowflakeInput, changes: UpdateGuildChannelOptions): void {
    const world = nativeWorldOf(this);
    GUILD_CHANGES.updateChannel(world, idOf(channel, 'channel'), toNativeChannelChanges(checkRequiredOptions(changes, 'changes')));
  },
};
