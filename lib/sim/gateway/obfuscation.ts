/**
 * Channel obfuscation (platform document, "Channel object", obfuscation rules 1 and 4; Events:
 * Identify): a bot that opted in (Identify's `capabilities` bit 1 << 15, discord-api-types'
 * GatewayCapabilityBits.ChannelObfuscation, or its application's "Private Channel Obfuscation"
 * switch) receives a channel it lacks VIEW_CHANNEL on with its name `___hidden___`, the flag
 * CHANNEL_OBFUSCATED (1 << 17), sensitive fields nulled and exactly one overwrite, denying
 * VIEW_CHANNEL to @everyone. A bot that did not opt in gets every channel whole (rule 4).
 *
 * Which fields are sensitive the document leaves "not shown" and the public docs do not say (our
 * choice, docs/conformance.md): what a member who cannot see the channel must not learn is nulled
 * (`topic`, `last_message_id`, `rtc_region`) or reduced (`name`, `permission_overwrites`); what
 * places the channel in the guild's list and says what kind it is stays (`id`, `type`,
 * `guild_id`, `position`, `parent_id`, `nsfw`, `rate_limit_per_user`, `bitrate`, `user_limit`).
 * @internal
 * @module
 */
import { ChannelFlags, GatewayCapabilityBits, PermissionFlagsBits, type APIChannel } from 'discord-api-types/v10';

import type { NativeWorld, NativeWorldView } from '../../addon/native.js';
import { BITS, permissionsOf } from '../http/wire-guilds.js';
import { channelJson } from './objects.js';

type WorldGuild = NativeWorldView['guilds'][number];
type WorldChannel = WorldGuild['channels'][number];

/** The Identify capability that opts in (1 << 15). */
export const CHANNEL_OBFUSCATION_CAPABILITY: number = GatewayCapabilityBits.ChannelObfuscation;

/** The channel flag an obfuscated channel carries (1 << 17). */
export const CHANNEL_OBFUSCATED: number = ChannelFlags.ChannelObfuscated;

/** The name an obfuscated channel is given (document: "the literal ___hidden___"). */
export const HIDDEN_NAME = '___hidden___';

/** The fields nulled in an obfuscated channel (those it has). */
const NULLED = ['topic', 'last_message_id', 'rtc_region', 'icon_emoji', 'status'] as const;

/** Who a channel is shown to: the bot user and whether its session opted in. */
export interface ChannelViewer {
  readonly botUserId: string;
  readonly obfuscates: boolean;
}

/** `json` obfuscated: hidden name, flag, nulled fields, the one deny overwrite for @everyone (the guild id). */
export function obfuscated(json: APIChannel, guildId: string): APIChannel {
  const fields = { ...(json as unknown as Record<string, unknown>) };
  for (const field of NULLED) if (field in fields) fields[field] = null;
  fields['name'] = HIDDEN_NAME;
  fields['flags'] = (Number(fields['flags'] ?? 0) | CHANNEL_OBFUSCATED) >>> 0;
  fields['permission_overwrites'] = [{ id: guildId, type: 0, allow: '0', deny: String(PermissionFlagsBits.ViewChannel) }];
  return fields as unknown as APIChannel;
}

/**
 * Whether `userId` has VIEW_CHANNEL in a channel of the guild, as the world computes it (one
 * permission model: native/sim/service/permissions.h, through NativeWorld.guildPermissions; owner,
 * ADMINISTRATOR, @everyone, roles, grants, then overwrites @everyone, roles, member).
 */
export function canView(world: NativeWorld, guildId: string, channelId: string, userId: string): boolean {
  return (permissionsOf(world, guildId, userId, channelId) & BITS.viewChannel) !== 0n;
}

/**
 * The channel as `viewer` is shown it, and whether it is hidden from it (obfuscated): only when
 * the viewer opted in and lacks VIEW_CHANNEL.
 */
export function channelFor(world: NativeWorld, guildId: string, channel: WorldChannel, viewer: ChannelViewer): { json: APIChannel; hidden: boolean } {
  const json = channelJson(world, guildId, channel);
  if (!viewer.obfuscates || canView(world, guildId, channel.id, viewer.botUserId)) return { json, hidden: false };
  return { json: obfuscated(json, guildId), hidden: true };
}
