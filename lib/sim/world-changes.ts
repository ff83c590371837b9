/**
 * What changed in a world's guilds, told by the JS side that changed it (the harness's guild
 * and role methods, the HTTP service's Set Voice Channel Status, a used channel invite) to whoever watches
 * the world (the simulated gateway, lib/sim/gateway/). The native world keeps no notice of guild
 * changes (its only notices are the webhook events' outbox), so this is where the gateway learns
 * them; a remote harness's calls (lib/sim/remote/door.ts) are told through noteWorldCall.
 *
 * It also keeps the permission overwrites the harness gave each channel: the world applies them
 * but its views do not show them, and the gateway's channel objects carry them; and each voice
 * channel's voice session start time (platform document: Voice Channel Start Time Update): a
 * session starts when the first user connects to the channel and ends when the last leaves (our
 * choice where the document is silent), on the world's clock.
 * @internal
 * @module
 */
import type { NativeOverwrite, NativeWorld } from '../addon/native.js';
import { acceptGuildInvite } from './guild-invites.js';

/** One change, in the order it happened. */
export type WorldChange =
  | { readonly kind: 'guildCreated'; readonly guildId: string }
  | { readonly kind: 'memberAdded' | 'memberRemoved'; readonly guildId: string; readonly userId: string }
  | { readonly kind: 'channelCreated' | 'channelUpdated'; readonly channelId: string }
  /** A role of the guild was created or changed (its permissions may let members view channels, or no longer). */
  | { readonly kind: 'roleCreated' | 'roleUpdated'; readonly guildId: string; readonly roleId: string }
  /** The roles a member holds were replaced. */
  | { readonly kind: 'memberRolesChanged'; readonly guildId: string; readonly userId: string }
  | { readonly kind: 'voiceChannelStatus'; readonly channelId: string; readonly status: string | null }
  /** A member connected to a voice channel of the guild (`channelId`) or left it (null). */
  | { readonly kind: 'voiceStateChanged'; readonly guildId: string; readonly userId: string; readonly channelId: string | null }
  /** A voice channel's session started (`startTime`, ms of the world's clock) or ended (null). */
  | { readonly kind: 'voiceStartTime'; readonly channelId: string; readonly startTime: number | null }
  /** A bot made an invite to a channel of the guild; `event` is the gateway's Invite Create payload. */
  | { readonly kind: 'inviteCreated'; readonly guildId: string; readonly channelId: string; readonly event: Readonly<Record<string, unknown>> }
  /** A guild channel message was posted or edited (lib/sim/channel-messages.ts keeps it). */
  | { readonly kind: 'messageCreated' | 'messageUpdated'; readonly channelId: string; readonly messageId: string };

export type WorldChangeListener = (change: WorldChange) => void;

interface Watched {
  readonly listeners: Set<WorldChangeListener>;
  /** channel id -> its own overwrites (absent: it follows its category). */
  readonly overwrites: Map<string, readonly NativeOverwrite[]>;
  /** voice channel id -> when its voice session started (world clock, ms); absent: no session. */
  readonly voiceStarts: Map<string, number>;
}

const watched = new WeakMap<NativeWorld, Watched>();

function watchedOf(world: NativeWorld): Watched {
  let entry = watched.get(world);
  if (!entry) {
    entry = { listeners: new Set(), overwrites: new Map(), voiceStarts: new Map() };
    watched.set(world, entry);
  }
  return entry;
}

/**
 * Tells the world's watchers of a change (after it was made). A channel change that set or
 * dropped the channel's own overwrites passes them (`null`: it follows its category again).
 * A watcher that throws is left out, the others still hear of it.
 */
export function noteWorldChange(world: NativeWorld, change: WorldChange, overwrites?: readonly NativeOverwrite[] | null): void {
  const entry = watchedOf(world);
  if ((change.kind === 'channelCreated' || change.kind === 'channelUpdated') && overwrites !== undefined) {
    if (overwrites === null) entry.overwrites.delete(change.channelId);
    else entry.overwrites.set(change.channelId, overwrites.map((overwrite) => ({ ...overwrite })));
  }
  for (const listener of entry.listeners) {
    try {
      listener(change);
    } catch {
      // A watcher's failure is its own.
    }
  }
}

/** Calls `listener` with each change of the world from now on; returns what stops it. */
export function watchWorld(world: NativeWorld, listener: WorldChangeListener): () => void {
  const entry = watchedOf(world);
  entry.listeners.add(listener);
  return () => entry.listeners.delete(listener);
}

/** The channel's own overwrites as the harness last gave them, or undefined when it follows its category. */
export function channelOverwrites(world: NativeWorld, channelId: string): readonly NativeOverwrite[] | undefined {
  return watched.get(world)?.overwrites.get(channelId);
}

/** When the voice channel's session started (world clock, ms), or null when no one is connected to it. */
export function voiceStartTime(world: NativeWorld, channelId: string): number | null {
  return watched.get(world)?.voiceStarts.get(channelId) ?? null;
}

/**
 * After a change of who is connected to voice channels: the sessions that started (the first user
 * connected) and ended (the last left), each told as a voiceStartTime change.
 */
function voiceSessionsChanged(world: NativeWorld): void {
  const view = world.describeWorld(0);
  const occupied = new Set(view.guilds.flatMap((guild) => guild.members.map((member) => member.voiceChannelId)).filter((id): id is string => id !== null));
  const starts = watchedOf(world).voiceStarts;
  for (const channelId of [...starts.keys()]) {
    if (occupied.has(channelId)) continue;
    starts.delete(channelId);
    noteWorldChange(world, { kind: 'voiceStartTime', channelId, startTime: null });
  }
  for (const channelId of occupied) {
    if (starts.has(channelId)) continue;
    starts.set(channelId, view.now);
    noteWorldChange(world, { kind: 'voiceStartTime', channelId, startTime: view.now });
  }
}

/** After the application's bot user connected to a voice channel or left it: its voice state, then the sessions' start times. */
function botVoiceChanged(world: NativeWorld, applicationId: string, channelId: string): void {
  const botUserId = world.getApplication(applicationId)?.botUserId;
  const guild = world.describeWorld(0).guilds.find((candidate) => candidate.channels.some((channel) => channel.id === channelId));
  const member = guild?.members.find((candidate) => candidate.userId === botUserId);
  if (guild && member) noteWorldChange(world, { kind: 'voiceStateChanged', guildId: guild.id, userId: member.userId, channelId: member.voiceChannelId });
  voiceSessionsChanged(world);
}

/** The harness's guild changes, each made in the world and then told to its watchers. */
export const GUILD_CHANGES = {
  createGuild(world: NativeWorld, name: string, ownerId: string, memberIds: readonly string[]): string {
    const guildId = world.createGuild(name, ownerId);
    for (const member of memberIds) if (member !== ownerId) world.addGuildMember(guildId, member, 0);
    noteWorldChange(world, { kind: 'guildCreated', guildId });
    return guildId;
  },
  addMember(world: NativeWorld, guildId: string, userId: string, permissions: number): void {
    world.addGuildMember(guildId, userId, permissions);
    noteWorldChange(world, { kind: 'memberAdded', guildId, userId });
  },
  removeMember(world: NativeWorld, guildId: string, userId: string): void {
    world.removeGuildMember(guildId, userId);
    noteWorldChange(world, { kind: 'memberRemoved', guildId, userId });
    // Leaving the guild disconnects it from its voice channels.
    voiceSessionsChanged(world);
  },
  setBotVoiceConnection(world: NativeWorld, applicationId: string, channelId: string, connected: boolean): void {
    world.setBotVoiceConnection(applicationId, channelId, connected);
    botVoiceChanged(world, applicationId, channelId);
  },
  createChannel(world: NativeWorld, guildId: string, channel: Parameters<NativeWorld['createGuildChannel']>[1]): string {
    const channelId = world.createGuildChannel(guildId, channel);
    noteWorldChange(world, { kind: 'channelCreated', channelId }, channel.overwrites);
    return channelId;
  },
  /** A user uses a lobby channel invite (SimulatedService.acceptChannelInvite): they join its guild. */
  /** A bot's invite (Create Channel Invite) or a lobby channel invite (lobbyId null: a bot's). */
  acceptInvite(world: NativeWorld, code: string, userId: string): { guildId: string; channelId: string; lobbyId: string | null } {
    const botInvite = acceptGuildInvite(world, code, userId);
    if (botInvite) {
      if (botInvite.joined) noteWorldChange(world, { kind: 'memberAdded', guildId: botInvite.guildId, userId });
      // A member already there who was given the invite's roles: GUILD_MEMBER_UPDATE (a new member's roles come with GUILD_MEMBER_ADD).
      else if (botInvite.rolesGranted) noteWorldChange(world, { kind: 'memberRolesChanged', guildId: botInvite.guildId, userId });
      return { guildId: botInvite.guildId, channelId: botInvite.channelId, lobbyId: null };
    }
    const invite = world.acceptChannelInvite(code, userId);
    noteWorldChange(world, { kind: 'memberAdded', guildId: invite.guildId, userId });
    return invite;
  },
  updateChannel(world: NativeWorld, channelId: string, changes: Parameters<NativeWorld['updateGuildChannel']>[1]): void {
    world.updateGuildChannel(channelId, changes);
    noteWorldChange(world, { kind: 'channelUpdated', channelId }, changes.overwrites);
  },
  createRole(world: NativeWorld, guildId: string, role: Parameters<NativeWorld['createGuildRole']>[1]): string {
    const roleId = world.createGuildRole(guildId, role);
    noteWorldChange(world, { kind: 'roleCreated', guildId, roleId });
    return roleId;
  },
  updateRole(world: NativeWorld, guildId: string, roleId: string, changes: Parameters<NativeWorld['updateGuildRole']>[2]): void {
    world.updateGuildRole(guildId, roleId, changes);
    noteWorldChange(world, { kind: 'roleUpdated', guildId, roleId });
  },
  setMemberRoles(world: NativeWorld, guildId: string, userId: string, roleIds: string[]): void {
    world.setGuildMemberRoles(guildId, userId, roleIds);
    noteWorldChange(world, { kind: 'memberRolesChanged', guildId, userId });
  },
};

type RawCall = (world: NativeWorld, args: readonly unknown[], result: unknown) => void;

/**
 * The world's own guild-changing harness calls, as a remote harness makes them (one native call
 * at a time, over lib/sim/remote/door.ts): each told to the watchers as GUILD_CHANGES tells its own.
 */
const RAW_GUILD_CALLS: Partial<Record<keyof NativeWorld, RawCall>> = {
  createGuild: (world, _args, guildId) => noteWorldChange(world, { kind: 'guildCreated', guildId: guildId as string }),
  addGuildMember: (world, [guildId, userId]) => noteWorldChange(world, { kind: 'memberAdded', guildId: guildId as string, userId: userId as string }),
  removeGuildMember: (world, [guildId, userId]) => {
    noteWorldChange(world, { kind: 'memberRemoved', guildId: guildId as string, userId: userId as string });
    voiceSessionsChanged(world);
  },
  setBotVoiceConnection: (world, [applicationId, channelId]) => botVoiceChanged(world, applicationId as string, channelId as string),
  createGuildChannel: (world, [, channel], channelId) =>
    noteWorldChange(world, { kind: 'channelCreated', channelId: channelId as string }, (channel as Parameters<NativeWorld['createGuildChannel']>[1]).overwrites),
  updateGuildChannel: (world, [channelId, changes]) =>
    noteWorldChange(world, { kind: 'channelUpdated', channelId: channelId as string }, (changes as Parameters<NativeWorld['updateGuildChannel']>[1]).overwrites),
  createGuildRole: (world, [guildId], roleId) => noteWorldChange(world, { kind: 'roleCreated', guildId: guildId as string, roleId: roleId as string }),
  updateGuildRole: (world, [guildId, roleId]) => noteWorldChange(world, { kind: 'roleUpdated', guildId: guildId as string, roleId: roleId as string }),
  setGuildMemberRoles: (world, [guildId, userId]) => noteWorldChange(world, { kind: 'memberRolesChanged', guildId: guildId as string, userId: userId as string }),
  acceptChannelInvite: (world, [, userId], invite) =>
    noteWorldChange(world, { kind: 'memberAdded', guildId: (invite as ReturnType<NativeWorld['acceptChannelInvite']>).guildId, userId: userId as string }),
};

/** After a harness call of the world's own that succeeded: its guild change, if it made one, told to the watchers. */
export function noteWorldCall(world: NativeWorld, method: string, args: readonly unknown[], result: unknown): void {
  RAW_GUILD_CALLS[method as keyof NativeWorld]?.(world, args, result);
}
