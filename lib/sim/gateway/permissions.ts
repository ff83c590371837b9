/**
 * A member's permissions in a guild channel, computed as the world computes them
 * (native/sim/service/guilds.h, "Permissions"): the world decides who can view a channel but does
 * not answer it for a given user, so the gateway (which must know which channels a bot cannot view,
 * to obfuscate them) computes it here, once, from the world's view (NativeWorld.describeWorld:
 * members and their guild-level grants) and the overwrites the harness gave
 * (lib/sim/world-changes.ts). Keep it in step with Guilds::PermissionsIn.
 * @internal
 * @module
 */
import { PermissionFlagsBits } from 'discord-api-types/v10';

import type { NativeOverwrite, NativeWorld, NativeWorldView } from '../../addon/native.js';
import { channelOverwrites } from '../world-changes.js';

type WorldGuild = NativeWorldView['guilds'][number];

/** Every permission bit (the guild owner's, and ADMINISTRATOR's). */
const ALL_PERMISSIONS = Object.values(PermissionFlagsBits).reduce((all, bit) => all | bit, 0n);

/** What @everyone may do in every channel before overwrites (Guilds::kEveryonePermissions). */
export const EVERYONE_PERMISSIONS = PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages;

/** The overwrites that apply to a channel: its own, or its category's when it has none of its own. */
export function effectiveOverwrites(world: NativeWorld, channel: { id: string; parentId: string | null }): readonly NativeOverwrite[] {
  return channelOverwrites(world, channel.id) ?? (channel.parentId === null ? undefined : channelOverwrites(world, channel.parentId)) ?? [];
}

/**
 * `userId`'s permissions in a channel of `guild` (0 for a non-member): the owner has every
 * permission; otherwise @everyone's plus the member's guild-level grants, then the @everyone
 * overwrite (deny, then allow), then the member's own (deny, then allow).
 */
export function permissionsIn(world: NativeWorld, guild: WorldGuild, channel: { id: string; parentId: string | null }, userId: string): bigint {
  if (guild.ownerId === userId) return ALL_PERMISSIONS;
  const member = guild.members.find((candidate) => candidate.userId === userId);
  if (!member) return 0n;
  let permissions = EVERYONE_PERMISSIONS | BigInt(member.permissions);
  if (permissions & PermissionFlagsBits.Administrator) return ALL_PERMISSIONS;
  const overwrites = effectiveOverwrites(world, channel);
  for (const target of ['0', userId]) {
    const overwrite = overwrites.find((candidate) => candidate.userId === target);
    if (!overwrite) continue;
    permissions &= ~BigInt(overwrite.deny);
    permissions |= BigInt(overwrite.allow);
  }
  return permissions;
}

/** Whether `userId` has VIEW_CHANNEL in the channel. */
export function canView(world: NativeWorld, guild: WorldGuild, channel: { id: string; parentId: string | null }, userId: string): boolean {
  return (permissionsIn(world, guild, channel, userId) & PermissionFlagsBits.ViewChannel) !== 0n;
}
