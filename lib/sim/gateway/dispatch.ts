/**
 * What the gateway's sessions are sent of the world: each guild's GUILD_CREATE, and the
 * dispatches of what changes in it (the world's watchers' changes, lib/sim/world-changes.ts; the
 * users whose presence changed, NativeWorld.takePresenceChanges), each as the session is entitled
 * to see it: its intents, its shard, and, when it opted in to channel obfuscation, the channels it
 * cannot view obfuscated (./obfuscation.ts). Also the answer to Request Channel Info (opcode 43).
 * @internal
 * @module
 */
import { GatewayIntentBits, PermissionFlagsBits, type APIChannel, type GatewayChannelInfoChannel } from 'discord-api-types/v10';

import type { NativeWorld, NativeWorldView } from '../../addon/native.js';
import { voiceStartTime, type WorldChange } from '../world-changes.js';
import { canView, channelFor } from './obfuscation.js';
import { gatewayRoleJson, guildCreateJson, memberJson, voiceStateJson, WorldSnapshot } from './objects.js';
import { presenceJson, presenceKey } from './presence.js';
import { messageEventFor } from './messages.js';
import { inShard, type ChannelInfoField } from './protocol.js';
import type { GatewaySession } from './session.js';

type WorldGuild = NativeWorldView['guilds'][number];

/** MANAGE_CHANNELS (PermissionFlagsBits.ManageChannels). */
const MANAGE_CHANNELS = PermissionFlagsBits.ManageChannels;

/** Voice and stage channels: the ones with a voice status and a voice session (the service's channel types 2 and 13). */
const VOICE_TYPES = new Set([2, 13]);

/** A voice session start time as the gateway gives it: Unix seconds (events/gateway-events.mdx), or null. */
function startSeconds(ms: number | null): number | null {
  return ms === null ? null : Math.floor(ms / 1000);
}

export class WorldDispatches {
  readonly #world: NativeWorld;
  readonly #sessions: () => Iterable<GatewaySession>;
  /** guild id -> its members, as last seen (to tell a removal from a no-op). */
  #members = new Map<string, Set<string>>();
  /** `guild:user` -> what its bots were last shown of the user's presence ({@link presenceKey}). */
  readonly #presences = new Map<string, string>();
  /** channel id -> its guild's id: the snapshots' index (a channel's change then reads its guild alone). */
  readonly #channelGuilds = new Map<string, string>();

  constructor(world: NativeWorld, sessions: () => Iterable<GatewaySession>) {
    this.#world = world;
    this.#sessions = sessions;
  }

  /** The world now; the members it shows are the ones the next change is compared with. */
  snapshot(): WorldSnapshot {
    const snapshot = new WorldSnapshot(this.#world, this.#channelGuilds);
    this.#members = new Map(snapshot.view.guilds.map((guild) => [guild.id, new Set(guild.members.map((member) => member.userId))]));
    return snapshot;
  }

  /** A session's GUILD_CREATE of a guild (its channels as it is shown them, noted for later changes). */
  guildCreate(session: GatewaySession, snapshot: WorldSnapshot, guild: WorldGuild): void {
    const channels = guild.channels.map((channel) => this.#shown(session, guild, channel.id)!);
    const presences = session.intents & GatewayIntentBits.GuildPresences ? this.#presencesIn(snapshot, guild) : [];
    session.dispatch('GUILD_CREATE', guildCreateJson(snapshot, guild, { botUserId: session.botUserId, intents: session.intents, largeThreshold: session.largeThreshold, channels, presences }));
  }

  /** Channel Info (the answer to opcode 43): each voice channel the bot can view, with the fields asked for. */
  channelInfo(session: GatewaySession, guildId: string, fields: readonly ChannelInfoField[]): void {
    const snapshot = new WorldSnapshot(this.#world, this.#channelGuilds);
    const guild = snapshot.guild(guildId);
    // A guild the session does not hold gets no answer (our choice: the docs give no error).
    if (!guild || !guild.members.some((member) => member.userId === session.botUserId) || !inShard(guild.id, session.shard)) return;
    const channels: GatewayChannelInfoChannel[] = guild.channels
      .filter((channel) => VOICE_TYPES.has(channel.type) && canView(this.#world, guild.id, channel.id, session.botUserId))
      .map((channel) => ({
        id: channel.id,
        ...(fields.includes('status') ? { status: channel.voiceStatus } : {}),
        ...(fields.includes('voice_start_time') ? { voice_start_time: startSeconds(voiceStartTime(this.#world, channel.id)) } : {}),
      }));
    session.dispatch('CHANNEL_INFO', { guild_id: guild.id, channels });
  }

  /** Dispatches a change of the world to the sessions it concerns. */
  changed(change: WorldChange): void {
    const before = this.#members;
    // Only a change of who is in a guild needs the whole world (the members the next one is compared with).
    const members = change.kind === 'guildCreated' || change.kind === 'memberAdded' || change.kind === 'memberRemoved';
    const snapshot = members ? this.snapshot() : new WorldSnapshot(this.#world, this.#channelGuilds);
    switch (change.kind) {
      case 'guildCreated':
      case 'memberAdded': {
        const guild = snapshot.guild(change.guildId);
        if (!guild) return;
        for (const session of this.#sessionsIn(guild)) {
          const wasMember = before.get(guild.id)?.has(session.botUserId) ?? false;
          if (!wasMember) this.guildCreate(session, snapshot, guild);
          else if (change.kind === 'memberAdded' && !before.get(guild.id)!.has(change.userId) && session.intents & GatewayIntentBits.GuildMembers) {
            session.dispatch('GUILD_MEMBER_ADD', { ...memberJson(snapshot, guild, change.userId), guild_id: guild.id });
          }
          // A member added again has new grants: the bot's may let it view channels, or no longer.
          if (wasMember) this.#recheck(session, guild);
        }
        return;
      }
      case 'memberRemoved': {
        const was = before.get(change.guildId);
        if (!was?.has(change.userId)) return;
        for (const session of this.#sessions()) {
          if (!was.has(session.botUserId) || !inShard(change.guildId, session.shard)) continue;
          if (session.botUserId === change.userId) session.dispatch('GUILD_DELETE', { id: change.guildId });
          else if (session.intents & GatewayIntentBits.GuildMembers) session.dispatch('GUILD_MEMBER_REMOVE', { guild_id: change.guildId, user: snapshot.user(change.userId) });
        }
        return;
      }
      case 'channelCreated':
      case 'channelUpdated': {
        // The channel alone with its guild's bots (a fraction of reading the guild: this is the
        // gateway bench's path); the whole guild only for a session that obfuscates.
        const place = this.#world.describeGuildChannel(change.channelId);
        if (!place) return;
        for (const session of this.#sessionsAmong(place.guildId, new Set(place.botUserIds))) {
          if (!(session.intents & GatewayIntentBits.Guilds)) continue;
          // Channel events for unviewable channels still arrive, obfuscated (document, Events).
          session.dispatch(change.kind === 'channelCreated' ? 'CHANNEL_CREATE' : 'CHANNEL_UPDATE', this.#shownChannel(session, place.guildId, place.channel));
          // A category's overwrites are its synced channels' too.
          if (session.obfuscates) this.#recheck(session, snapshot.guild(place.guildId)!);
        }
        return;
      }
      case 'roleCreated':
      case 'roleUpdated': {
        const guild = snapshot.guild(change.guildId);
        const role = guild?.roles.find((candidate) => candidate.id === change.roleId);
        if (!guild || !role) return;
        for (const session of this.#sessionsIn(guild)) {
          if (session.intents & GatewayIntentBits.Guilds) session.dispatch(change.kind === 'roleCreated' ? 'GUILD_ROLE_CREATE' : 'GUILD_ROLE_UPDATE', { guild_id: guild.id, role: gatewayRoleJson(role) });
          // A role's permissions may let the bot view channels, or no longer.
          this.#recheck(session, guild);
        }
        return;
      }
      case 'memberRolesChanged': {
        const guild = snapshot.guild(change.guildId);
        if (!guild) return;
        for (const session of this.#sessionsIn(guild)) {
          // "sent for current-user updates regardless of whether the GUILD_MEMBERS intent is set" (events/gateway.mdx).
          const self = change.userId === session.botUserId;
          if (self || session.intents & GatewayIntentBits.GuildMembers) session.dispatch('GUILD_MEMBER_UPDATE', { ...memberJson(snapshot, guild, change.userId), guild_id: guild.id });
          if (self) this.#recheck(session, guild);
        }
        return;
      }
      case 'voiceChannelStatus':
      case 'voiceStartTime': {
        const found = snapshot.channel(change.channelId);
        if (!found) return;
        for (const session of this.#sessionsIn(found.guild)) {
          if (!(session.intents & GatewayIntentBits.Guilds)) continue;
          // An obfuscated channel's status is not shown (our choice: it is the channel's content).
          const hidden = session.hidden.has(change.channelId);
          if (change.kind === 'voiceChannelStatus') session.dispatch('VOICE_CHANNEL_STATUS_UPDATE', { id: change.channelId, guild_id: found.guild.id, status: hidden ? null : change.status });
          else session.dispatch('VOICE_CHANNEL_START_TIME_UPDATE', { id: change.channelId, guild_id: found.guild.id, voice_start_time: startSeconds(change.startTime) });
        }
        return;
      }
      case 'inviteCreated': {
        const guild = snapshot.guild(change.guildId);
        if (!guild) return;
        for (const session of this.#sessionsIn(guild)) {
          // "All Invite related events are only sent to bot users with the MANAGE_CHANNELS permission on the channel" (events/gateway-events.mdx).
          if (!(session.intents & GatewayIntentBits.GuildInvites)) continue;
          if ((BigInt(this.#world.guildPermissions(guild.id, session.botUserId, change.channelId)) & MANAGE_CHANNELS) === 0n) continue;
          session.dispatch('INVITE_CREATE', change.event);
        }
        return;
      }
      case 'messageCreated':
      case 'messageUpdated': {
        const found = snapshot.channel(change.channelId);
        if (!found) return;
        for (const session of this.#sessionsIn(found.guild)) {
          const event = messageEventFor(this.#world, snapshot, found.guild, session, change.channelId, change.messageId);
          if (event) session.dispatch(change.kind === 'messageCreated' ? 'MESSAGE_CREATE' : 'MESSAGE_UPDATE', event);
        }
        return;
      }
      case 'voiceStateChanged': {
        const guild = snapshot.guild(change.guildId);
        if (!guild) return;
        for (const session of this.#sessionsIn(guild)) {
          if (session.intents & GatewayIntentBits.GuildVoiceStates) session.dispatch('VOICE_STATE_UPDATE', voiceStateJson(guild.id, change.userId, change.channelId));
        }
        return;
      }
    }
  }

  /**
   * PRESENCE_UPDATE to the sessions with GUILD_PRESENCES in each guild of each user whose presence
   * changed (the world's notice), when what they are shown of it changed.
   */
  presencesChanged(userIds: readonly string[]): void {
    const subscribed = [...this.#sessions()].filter((session) => session.intents & GatewayIntentBits.GuildPresences);
    if (subscribed.length === 0 || userIds.length === 0) return;
    const snapshot = new WorldSnapshot(this.#world);
    for (const userId of userIds) {
      const user = snapshot.worldUser(userId);
      if (!user || snapshot.isBot(userId)) continue;
      for (const guild of snapshot.guildsOf(userId)) {
        const key = presenceKey(user, guild);
        if (this.#presences.get(`${guild.id}:${userId}`) === key) continue;
        this.#presences.set(`${guild.id}:${userId}`, key);
        const json = presenceJson(snapshot, user, guild);
        for (const session of subscribed) {
          if (session.botUserId !== userId && guild.members.some((member) => member.userId === session.botUserId) && inShard(guild.id, session.shard)) session.dispatch('PRESENCE_UPDATE', json);
        }
      }
    }
  }

  /** Presences of a guild's members that are not offline (GUILD_CREATE's `presences`), noted as shown. */
  #presencesIn(snapshot: WorldSnapshot, guild: WorldGuild) {
    return guild.members.flatMap((member) => {
      const user = snapshot.worldUser(member.userId);
      if (!user || snapshot.isBot(member.userId)) return [];
      this.#presences.set(`${guild.id}:${member.userId}`, presenceKey(user, guild));
      const json = presenceJson(snapshot, user, guild);
      return json.status === 'offline' ? [] : [json];
    });
  }

  /** The sessions of bots in `guild` whose shard holds it. */
  #sessionsIn(guild: WorldGuild): GatewaySession[] {
    return this.#sessionsAmong(guild.id, new Set(guild.members.map((member) => member.userId)));
  }

  /** The sessions whose bot is one of `members` of the guild, in the guild's shard. */
  #sessionsAmong(guildId: string, members: ReadonlySet<string>): GatewaySession[] {
    return [...this.#sessions()].filter((session) => members.has(session.botUserId) && inShard(guildId, session.shard));
  }

  /** A channel as the session is shown it; notes whether it is hidden from it. */
  #shown(session: GatewaySession, guild: WorldGuild, channelId: string): APIChannel | undefined {
    const channel = guild.channels.find((candidate) => candidate.id === channelId);
    return channel && this.#shownChannel(session, guild.id, channel);
  }

  #shownChannel(session: GatewaySession, guildId: string, channel: WorldGuild['channels'][number]): APIChannel {
    const { json, hidden } = channelFor(this.#world, guildId, channel, session);
    if (hidden) session.hidden.add(channel.id);
    else session.hidden.delete(channel.id);
    return json;
  }

  /**
   * For a session that obfuscates: each channel of the guild whose visibility changed is sent as
   * CHANNEL_UPDATE, whole when the bot gained VIEW_CHANNEL (document: States and transitions,
   * "Gateway dispatches a Channel Update event with full unobfuscated data"), obfuscated when it
   * lost it (our choice).
   */
  #recheck(session: GatewaySession, guild: WorldGuild): void {
    if (!session.obfuscates || !(session.intents & GatewayIntentBits.Guilds)) return;
    for (const channel of guild.channels) {
      const hidden = !canView(this.#world, guild.id, channel.id, session.botUserId);
      if (hidden === session.hidden.has(channel.id)) continue;
      session.dispatch('CHANNEL_UPDATE', this.#shown(session, guild, channel.id));
    }
  }
}

