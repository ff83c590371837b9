/**
 * The whole world at one instant, from the harness's one call that lists it
 * (`NativeWorld.describeWorld`, native/sim/service/world_describe.cc), in plain JSON with the
 * vendor enums as names: what the inspector shows, and what a snapshot of a world is built on
 * (lib/sim/snapshot.ts). It never holds a token or a secret: the native view leaves them out (a
 * lobby's secret is only `hasSecret`, a published activity has no secrets), but a snapshot asks
 * for the lobbies' secrets with `{ lobbySecrets: true }`.
 * @internal
 * @module
 */
import type { NativeWorld } from '../../addon/native.js';
import type { NativeMessage, NativeWorldApplication, NativeWorldUser } from '../../seam/native-types.js';
import { ChannelType, RelationshipType } from '../../generated/seam.js';
import { fromNativeUser, type OnlineStatus } from '../../model/user.js';
import type { GameActivity, UserApplicationProfile } from '../../model/presence.js';
import { checkBoolean, checkInteger, checkOptions } from '../../common/validate.js';
import { PROFILE_PRIVACY, type ProfilePrivacy } from '../chat-client.js';
import { permissionNames, type GuildPermission } from '../guilds.js';

/** What a view keeps of each lobby's history by default (the lobby keeps up to 200). */
export const MESSAGES_PER_LOBBY = 50;

const RELATIONSHIP_TYPES = Object.fromEntries(Object.entries(RelationshipType).map(([name, value]) => [value, name])) as Record<number, string>;
const CHANNEL_TYPES = Object.fromEntries(Object.entries(ChannelType).map(([name, value]) => [value, name])) as Record<number, string>;

/** The application as the native view has it, its Connection Entrypoint URL null when none. */
export type WorldViewApplication = Omit<NativeWorldApplication, 'connectionEntrypointUrl'> & { connectionEntrypointUrl: string | null };

export interface WorldViewUser {
  id: string;
  username: string;
  displayName: string;
  globalName: string | null;
  isProvisional: boolean;
  profilePrivacy: ProfilePrivacy;
  /** Its game identities, at most one per application. */
  applicationProfiles: UserApplicationProfile[];
  /** As the user chose it: `offline` without a signed-in client, `invisible` shown as such. */
  status: OnlineStatus;
  /** The rich presence it publishes (without secrets), or null. */
  activity: GameActivity | null;
  /** The applications it has a signed-in client in. */
  signedInTo: string[];
  /** How it sees each user it has a relationship with (the vendor's type names, `None` when none). */
  relationships: { userId: string; discord: string; game: string }[];
}

export interface WorldViewMessage {
  id: string;
  authorId: string;
  content: string;
  sentAt: number;
  editedAt: number | null;
  metadata: Record<string, string>;
  moderationMetadata: Record<string, string>;
}

export interface WorldViewLobby {
  id: string;
  applicationId: string;
  hasSecret: boolean;
  idleTimeoutSeconds: number;
  metadata: Record<string, string>;
  linkedChannel: { id: string; name: string; guildId: string } | null;
  members: { id: string; connected: boolean; metadata: Record<string, string>; additionalName: string | null; flags: number }[];
  /** Its secret: only with `{ lobbySecrets: true }` (a snapshot asked for secrets), and when it has one. */
  secret?: string;
  /** The last messages, oldest first. */
  messages: WorldViewMessage[];
  /** How many messages the lobby keeps (the view shows the last of them). */
  messagesKept: number;
}

export interface WorldViewCall {
  lobbyId: string;
  applicationId: string;
  participants: { userId: string; selfMute: boolean; selfDeaf: boolean }[];
}

export interface WorldViewGuild {
  id: string;
  name: string;
  ownerId: string;
  /** Its members, with the guild-level permissions each is granted on top of `@everyone`'s. */
  members: { userId: string; voiceChannelId: string | null; permissions: GuildPermission[] }[];
  channels: { id: string; name: string; type: string; position: number; parentId: string | null; voiceStatus: string | null; linkedLobbyId: string | null }[];
}

/** The world at one instant. */
export interface WorldView {
  /** The world's clock, ms since the Unix epoch. */
  now: number;
  applications: WorldViewApplication[];
  users: WorldViewUser[];
  lobbies: WorldViewLobby[];
  calls: WorldViewCall[];
  guilds: WorldViewGuild[];
}

function toUser(user: NativeWorldUser): WorldViewUser {
  const shown = fromNativeUser(user);
  return {
    id: shown.id,
    username: shown.username,
    displayName: shown.displayName,
    globalName: shown.globalName,
    isProvisional: shown.isProvisional,
    profilePrivacy: PROFILE_PRIVACY[user.profilePrivacy] ?? 'everyone',
    applicationProfiles: shown.applicationProfiles,
    status: shown.status,
    activity: shown.gameActivity,
    signedInTo: user.signedInTo,
    relationships: user.relationships.map((r) => ({
      userId: r.userId,
      discord: RELATIONSHIP_TYPES[r.discordType] ?? 'Unknown',
      game: RELATIONSHIP_TYPES[r.gameType] ?? 'Unknown',
    })),
  };
}

function toMessage(message: NativeMessage): WorldViewMessage {
  return {
    id: message.id,
    authorId: message.authorId,
    content: message.content,
    sentAt: message.sentAt,
    editedAt: message.editedAt,
    metadata: { ...message.metadata },
    moderationMetadata: { ...message.moderationMetadata },
  };
}

/**
 * The world at this instant, read under its lock in one native call. `messagesPerLobby` (0 to
 * 200, default 50): how many of each lobby's last messages it shows; `lobbySecrets` (default
 * false): each lobby's secret too (for a snapshot with secrets; the inspector never asks).
 */
export function describeWorld(world: NativeWorld, messagesPerLobby: number = MESSAGES_PER_LOBBY, options?: { lobbySecrets?: boolean }): WorldView {
  const lobbySecrets = checkBoolean(checkOptions(options).lobbySecrets ?? false, 'lobbySecrets');
  const native = world.describeWorld(checkInteger(messagesPerLobby, 'messagesPerLobby', 0, 200), lobbySecrets);
  return {
    now: native.now,
    applications: native.applications.map((a) => ({
      id: a.id,
      name: a.name,
      botUserId: a.botUserId,
      parentId: a.parentId,
      publisherLinking: a.publisherLinking,
      inviteCoverImage: a.inviteCoverImage,
      connectionEntrypointUrl: a.connectionEntrypointUrl ?? null,
    })),
    users: native.users.map(toUser),
    lobbies: native.lobbies.map(({ lobby, messages, messagesKept, secret }) => ({
      id: lobby.id,
      applicationId: lobby.applicationId,
      hasSecret: lobby.hasSecret,
      idleTimeoutSeconds: lobby.idleTimeoutSeconds,
      metadata: { ...lobby.metadata },
      linkedChannel: lobby.linkedChannel && { id: lobby.linkedChannel.id, name: lobby.linkedChannel.name, guildId: lobby.linkedChannel.guildId },
      members: lobby.members.map((m) => ({ id: m.id, connected: m.connected, metadata: { ...m.metadata }, additionalName: m.additionalName, flags: m.flags })),
      ...(secret === undefined ? {} : { secret }),
      messages: messages.map(toMessage),
      messagesKept,
    })),
    calls: native.calls.map((c) => ({
      lobbyId: c.lobbyId,
      applicationId: c.applicationId,
      participants: c.participants.map((p) => ({ userId: p.userId, selfMute: p.selfMute, selfDeaf: p.selfDeaf })),
    })),
    guilds: native.guilds.map((g) => ({
      id: g.id,
      name: g.name,
      ownerId: g.ownerId,
      members: g.members.map((m) => ({ userId: m.userId, voiceChannelId: m.voiceChannelId, permissions: permissionNames(m.permissions) })),
      channels: g.channels.map((c) => ({ ...c, type: CHANNEL_TYPES[c.type] ?? 'Unknown' })),
    })),
  };
}
