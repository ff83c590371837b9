/**
 * The gateway's objects (users, guilds, roles, channels, members, voice states) in the public
 * docs' shapes (resources/guild.mdx, channel.mdx, user.mdx; discord-api-types' API* types), made
 * from the world's view (NativeWorld.describeWorld). Channels and roles are the HTTP service's
 * shapes (lib/sim/http/wire-guilds.ts: one description of each). What the world does not hold is
 * given the field's empty or default value (no icons, emojis, stickers), our choice where the
 * platform document says "not shown".
 * @internal
 * @module
 */
import type { APIChannel, APIGuildMember, APIRole, APIUser, GatewayGuildCreateDispatchData, GatewayPresenceUpdateDispatchData, GatewayVoiceState } from 'discord-api-types/v10';

import type { NativeWorld, NativeWorldView } from '../../addon/native.js';
import { guildChannelJson, roleJson } from '../http/wire-guilds.js';
import { GatewayIntentBits } from './protocol.js';

type WorldGuild = NativeWorldView['guilds'][number];
type WorldChannel = WorldGuild['channels'][number];

/**
 * The world at one instant, with lookups, read lazily: a guild or a channel is read alone
 * (NativeWorld.getGuild, the channel's guild found in `channelGuilds`, an index the caller keeps
 * across snapshots), and the whole view (describeWorld, several times the cost) only when a lookup
 * needs it. A dispatch of one channel's change so reads one guild, not the world.
 */
export class WorldSnapshot {
  readonly #world: NativeWorld;
  readonly #channelGuilds: Map<string, string>;
  #view: NativeWorldView | undefined;
  #users: Map<string, NativeWorldView['users'][number]> | undefined;
  #bots: Set<string> | undefined;
  readonly #guilds = new Map<string, WorldGuild | null>();

  constructor(world: NativeWorld, channelGuilds: Map<string, string> = new Map()) {
    this.#world = world;
    this.#channelGuilds = channelGuilds;
  }

  /** The whole world (read on first use; the channel index is brought up to date from it). */
  get view(): NativeWorldView {
    if (this.#view === undefined) {
      const view = this.#world.describeWorld(0);
      this.#view = view;
      this.#users = new Map(view.users.map((user) => [user.id, user]));
      this.#bots = new Set(view.applications.map((application) => application.botUserId));
      for (const guild of view.guilds) for (const channel of guild.channels) this.#channelGuilds.set(channel.id, guild.id);
    }
    return this.#view;
  }

  guild(guildId: string): WorldGuild | undefined {
    if (this.#view !== undefined) return this.#view.guilds.find((guild) => guild.id === guildId);
    if (!this.#guilds.has(guildId)) this.#guilds.set(guildId, this.#world.getGuild(guildId));
    return this.#guilds.get(guildId) ?? undefined;
  }

  /** The guild a channel is in, with the channel. */
  channel(channelId: string): { guild: WorldGuild; channel: WorldChannel } | undefined {
    const known = this.#channelGuilds.get(channelId);
    if (known !== undefined) {
      const guild = this.guild(known);
      const channel = guild?.channels.find((candidate) => candidate.id === channelId);
      if (guild && channel) return { guild, channel };
    }
    for (const guild of this.view.guilds) {
      const channel = guild.channels.find((candidate) => candidate.id === channelId);
      if (channel) return { guild, channel };
    }
    return undefined;
  }

  /** The guilds the user is a member of. */
  guildsOf(userId: string): WorldGuild[] {
    return this.view.guilds.filter((guild) => guild.members.some((member) => member.userId === userId));
  }

  /** The world's view of a user (its presence), or undefined. */
  worldUser(userId: string): NativeWorldView['users'][number] | undefined {
    void this.view;
    return this.#users!.get(userId);
  }

  /** Whether the user is an application's bot user. */
  isBot(userId: string): boolean {
    void this.view;
    return this.#bots!.has(userId);
  }

  user(userId: string): APIUser {
    const user = this.worldUser(userId);
    const bot = this.#bots!.has(userId);
    return {
      id: userId,
      username: user?.username ?? 'unknown',
      discriminator: '0',
      global_name: user?.globalName ?? null,
      avatar: null,
      ...(bot ? { bot: true } : {}),
      public_flags: 0 as never,
    };
  }
}

/** The ISO time of the world's clock. */
export function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}

/** A guild channel as the docs show it (the HTTP service's GuildChannelResponse); its overwrites as the harness gave them (its category's when it follows it). */
export function channelJson(world: NativeWorld, guildId: string, channel: WorldChannel): APIChannel {
  return guildChannelJson(world, guildId, channel) as unknown as APIChannel;
}

/** A role as the docs show it (the HTTP service's GuildRoleResponse). */
export function gatewayRoleJson(role: WorldGuild['roles'][number]): APIRole {
  return roleJson(role) as unknown as APIRole;
}

/** A member of `guild`: its roles (never @everyone) and when it joined, as the world holds them. */
export function memberJson(snapshot: WorldSnapshot, guild: WorldGuild, userId: string): APIGuildMember {
  const member = guild.members.find((candidate) => candidate.userId === userId);
  return {
    user: snapshot.user(userId),
    nick: null,
    avatar: null,
    banner: null,
    roles: member ? [...member.roleIds] : [],
    joined_at: isoAt(member?.joinedAt ?? snapshot.view.now),
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0 as never,
    pending: false,
  };
}

/** A member's voice state (`channelId` null: it left). */
export function voiceStateJson(guildId: string, userId: string, channelId: string | null): GatewayVoiceState {
  return {
    guild_id: guildId,
    channel_id: channelId,
    user_id: userId,
    session_id: `voice-${userId}`,
    deaf: false,
    mute: false,
    self_deaf: false,
    self_mute: false,
    self_video: false,
    suppress: false,
    request_to_speak_timestamp: null,
  };
}

function voiceStates(guild: WorldGuild): GatewayVoiceState[] {
  return guild.members.filter((member) => member.voiceChannelId !== null).map((member) => voiceStateJson(guild.id, member.userId, member.voiceChannelId));
}

/** What a GUILD_CREATE is made for: the session's bot, intents and threshold; its channels and presences as the session is shown them. */
export interface GuildCreateFor {
  botUserId: string;
  intents: number;
  largeThreshold: number;
  channels: APIChannel[];
  presences: GatewayPresenceUpdateDispatchData[];
}

/**
 * A guild as GUILD_CREATE gives it. `members`: every member with GUILD_MEMBERS when the guild is
 * not large (more members than the Identify's `large_threshold`); otherwise the bot and the members
 * in voice channels (our reading of the docs' "large" guilds). Voice states need GUILD_VOICE_STATES.
 */
export function guildCreateJson(snapshot: WorldSnapshot, guild: WorldGuild, { botUserId, intents, largeThreshold, channels, presences }: GuildCreateFor): GatewayGuildCreateDispatchData {
  const large = guild.members.length > largeThreshold;
  const states = intents & GatewayIntentBits.GuildVoiceStates ? voiceStates(guild) : [];
  const shown = guild.members.filter(
    (member) => member.userId === botUserId || (!large && intents & GatewayIntentBits.GuildMembers) || states.some((state) => state.user_id === member.userId),
  );
  const json = {
    id: guild.id,
    name: guild.name,
    icon: null,
    splash: null,
    discovery_splash: null,
    owner_id: guild.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: guild.roles.map(gatewayRoleJson),
    emojis: [],
    features: [...guild.features],
    mfa_level: 0,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: 0,
    rules_channel_id: null,
    max_members: 500000,
    vanity_url_code: null,
    description: null,
    banner: null,
    premium_tier: 0,
    premium_subscription_count: 0,
    preferred_locale: 'en-US',
    public_updates_channel_id: null,
    nsfw_level: 0,
    stickers: [],
    premium_progress_bar_enabled: false,
    safety_alerts_channel_id: null,
    joined_at: isoAt(guild.members.find((member) => member.userId === botUserId)?.joinedAt ?? snapshot.view.now),
    large,
    unavailable: false,
    member_count: guild.members.length,
    voice_states: states,
    members: shown.map((member) => memberJson(snapshot, guild, member.userId)),
    channels,
    threads: [],
    presences,
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
  return json as unknown as GatewayGuildCreateDispatchData;
}
