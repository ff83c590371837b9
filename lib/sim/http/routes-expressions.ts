/**
 * What a bot creates in a guild besides channels: emoji, stickers (the guild's expressions) and
 * scheduled events, with the platform document's permission splits of 2026-02-23 (Resources:
 * Permissions named; Versioning: "CREATE_GUILD_EXPRESSIONS required for bots to create emoji and
 * stickers. CREATE_EVENTS required for bots to create scheduled events ... The older permissions
 * alone no longer suffice"). Before that date on the simulator's calendar, the older permission
 * (MANAGE_GUILD_EXPRESSIONS, MANAGE_EVENTS) or the new one is enough; from it, only the new one.
 * Also the lists (List Guild Emojis, Stickers, Scheduled Events), so a bot sees what it made.
 *
 * Field limits are the official description's (create_guild_emoji: name 2 to 32; create_guild_sticker:
 * name 2 to 30, tags 1 to 200, description up to 100; the scheduled events' create requests).
 * OUR CHOICES: images are not decoded (a data URI or a file is required, its bytes are not looked
 * at); an emoji's image is at most 256 KiB and a sticker's file 512 KiB (resources/emoji.mdx and
 * sticker.mdx); the stores are the service's, one per world, and are not part of snapshots.
 * @internal
 * @module
 */
import type { NativeWorld } from '../../addon/native.js';
import { mintSnowflake } from '../snowflake-minter.js';
import { invalidForm } from './errors.js';
import type { RouteHandlers, ServiceContext } from './routes.js';
import { bodyObject, wireUser } from './wire.js';
import { BITS, botGuild, DATED_CHANGES, permissionsOf, requirePermissions } from './wire-guilds.js';

type Json = Record<string, unknown>;

/** The splits of 2026-02-23: the new permission, and the older one that sufficed before. */
const SPLITS = {
  expressions: { now: BITS.createGuildExpressions, before: BITS.manageGuildExpressions },
  events: { now: BITS.createEvents, before: BITS.manageEvents },
} as const;

/** 403 unless the bot holds what creating needs on the simulator's date (see the module). */
function requireCreate(context: ServiceContext, guildId: string, botUserId: string, split: keyof typeof SPLITS): void {
  const held = permissionsOf(context.world, guildId, botUserId);
  const { now, before } = SPLITS[split];
  if (context.world.now() >= DATED_CHANGES.permissionSplits) requirePermissions(held, now);
  else requirePermissions(held, now, before);
}

interface GuildExpressions {
  emojis: Json[];
  stickers: Json[];
  events: Json[];
}

const stores = new WeakMap<NativeWorld, Map<string, GuildExpressions>>();

function expressionsOf(world: NativeWorld, guildId: string): GuildExpressions {
  let byGuild = stores.get(world);
  if (!byGuild) stores.set(world, (byGuild = new Map()));
  let kept = byGuild.get(guildId);
  if (!kept) byGuild.set(guildId, (kept = { emojis: [], stickers: [], events: [] }));
  return kept;
}

function text(value: unknown, name: string, min: number, max: number): string {
  if (typeof value !== 'string') throw invalidForm(name, `${name} is required and must be a string`, value === undefined ? 'BASE_TYPE_REQUIRED' : 'BASE_TYPE_INVALID');
  const length = [...value].length;
  if (length < min || length > max) throw invalidForm(name, `${name} must be ${min} to ${max} characters`);
  return value;
}

function optionalText(value: unknown, name: string, max: number): string | null {
  return value === undefined || value === null ? null : text(value, name, 0, max);
}

const DATA_URI = /^data:image\/(png|jpeg|gif|webp|avif);base64,[A-Za-z0-9+/]+=*$/;
const EMOJI_BYTES = 256 * 1024;
const STICKER_BYTES = 512 * 1024;

function emojiImage(value: unknown): void {
  const image = text(value, 'image', 1, Number.MAX_SAFE_INTEGER);
  if (!DATA_URI.test(image)) throw invalidForm('image', 'image must be a data URI of a PNG, JPEG, GIF, WebP or AVIF image (base64)');
  const bytes = Math.floor(((image.length - image.indexOf(',') - 1) * 3) / 4);
  if (bytes > EMOJI_BYTES) throw invalidForm('image', `image must be at most ${EMOJI_BYTES / 1024} KiB`);
}

/** An ISO 8601 time as a request gives it, or 400. */
function isoTime(value: unknown, name: string): string {
  const given = text(value, name, 1, 64);
  const ms = Date.parse(given);
  if (!Number.isFinite(ms)) throw invalidForm(name, `${name} must be an ISO 8601 timestamp`);
  return new Date(ms).toISOString();
}

/** The docs' Guild Scheduled Event Entity Types: 1 STAGE_INSTANCE, 2 VOICE, 3 EXTERNAL; the channel types they need (13 stage, 2 voice). */
const EVENT_CHANNEL_TYPES: Readonly<Record<number, number>> = { 1: 13, 2: 2 };

function scheduledEvent(context: ServiceContext, guild: { id: string; channels: readonly { id: string; type: number }[] }, creatorId: string, body: Json): Json {
  const entityType = body['entity_type'];
  if (entityType !== 1 && entityType !== 2 && entityType !== 3) throw invalidForm('entity_type', 'entity_type must be 1 (stage instance), 2 (voice) or 3 (external)');
  if (body['privacy_level'] !== 2) throw invalidForm('privacy_level', 'privacy_level must be 2 (GUILD_ONLY)');
  const name = text(body['name'], 'name', 1, 100);
  const description = optionalText(body['description'], 'description', 1000);
  const start = isoTime(body['scheduled_start_time'], 'scheduled_start_time');
  const end = body['scheduled_end_time'] === undefined || body['scheduled_end_time'] === null ? null : isoTime(body['scheduled_end_time'], 'scheduled_end_time');
  let channelId: string | null = null;
  let metadata: Json | null = null;
  if (entityType === 3) {
    // EntityMetadataExternal: location required (at most 100); an external event also needs an end time (resources/guild-scheduled-event.mdx, Field Requirements By Entity Type).
    const given = body['entity_metadata'];
    const location = typeof given === 'object' && given !== null ? (given as Json)['location'] : undefined;
    metadata = { location: text(location, 'entity_metadata.location', 1, 100) };
    if (end === null) throw invalidForm('scheduled_end_time', 'scheduled_end_time is required for an external event', 'BASE_TYPE_REQUIRED');
  } else {
    const id = body['channel_id'];
    const channel = guild.channels.find((candidate) => candidate.id === id);
    if (typeof id !== 'string' || !channel || channel.type !== EVENT_CHANNEL_TYPES[entityType]) {
      throw invalidForm('channel_id', `channel_id must be a ${entityType === 1 ? 'stage' : 'voice'} channel of the guild`);
    }
    channelId = id;
  }
  if (end !== null && end <= start) throw invalidForm('scheduled_end_time', 'scheduled_end_time must be after scheduled_start_time');
  return {
    id: mintSnowflake(context.world),
    guild_id: guild.id,
    name,
    description,
    channel_id: channelId,
    creator_id: creatorId,
    creator: wireUser(context.world, creatorId),
    image: null,
    scheduled_start_time: start,
    scheduled_end_time: end,
    status: 1,
    entity_type: entityType,
    entity_id: null,
    recurrence_rule: null,
    user_count: 0,
    privacy_level: 2,
    guild_scheduled_event_exceptions: [],
    entity_metadata: metadata,
  };
}

export const EXPRESSION_HANDLERS = {
  listGuildEmojis: {
    handle({ caller, params }, context) {
      const { guild } = botGuild(context, caller, params['guild_id']);
      return { status: 200, body: expressionsOf(context.world, guild.id).emojis };
    },
  },
  createGuildEmoji: {
    handle({ caller, params, body }, context) {
      const { guild, botUserId } = botGuild(context, caller, params['guild_id']);
      const given = bodyObject(body);
      const name = text(given['name'], 'name', 2, 32);
      if (!/^\w+$/.test(name)) throw invalidForm('name', 'name must be letters, digits and underscores');
      emojiImage(given['image']);
      requireCreate(context, guild.id, botUserId, 'expressions');
      const emoji = { id: mintSnowflake(context.world), name, roles: [], user: wireUser(context.world, botUserId), require_colons: true, managed: false, animated: false, available: true };
      expressionsOf(context.world, guild.id).emojis.push(emoji);
      return { status: 201, body: emoji };
    },
  },
  listGuildStickers: {
    handle({ caller, params }, context) {
      const { guild } = botGuild(context, caller, params['guild_id']);
      return { status: 200, body: expressionsOf(context.world, guild.id).stickers };
    },
  },
  createGuildSticker: {
    handle({ caller, params, body, files }, context) {
      const { guild, botUserId } = botGuild(context, caller, params['guild_id']);
      const fields = bodyObject(body);
      const name = text(fields['name'], 'name', 2, 30);
      const tags = text(fields['tags'], 'tags', 1, 200);
      // The docs: "description of the sticker (empty or 2-100 characters)".
      const description = fields['description'] === undefined || fields['description'] === '' ? '' : text(fields['description'], 'description', 2, 100);
      const file = files.get('file');
      if (file === undefined) throw invalidForm('file', 'file is required (a PNG, APNG, GIF or Lottie JSON file)', 'BASE_TYPE_REQUIRED');
      if (Buffer.byteLength(file) > STICKER_BYTES) throw invalidForm('file', `file must be at most ${STICKER_BYTES / 1024} KiB`);
      requireCreate(context, guild.id, botUserId, 'expressions');
      const sticker = { id: mintSnowflake(context.world), name, tags, type: 2, format_type: 1, description, available: true, guild_id: guild.id, user: wireUser(context.world, botUserId) };
      expressionsOf(context.world, guild.id).stickers.push(sticker);
      return { status: 201, body: sticker };
    },
  },
  listGuildScheduledEvents: {
    handle({ caller, params }, context) {
      const { guild } = botGuild(context, caller, params['guild_id']);
      return { status: 200, body: expressionsOf(context.world, guild.id).events };
    },
  },
  createGuildScheduledEvent: {
    handle({ caller, params, body }, context) {
      const { guild, botUserId } = botGuild(context, caller, params['guild_id']);
      const event = scheduledEvent(context, guild, botUserId, bodyObject(body));
      requireCreate(context, guild.id, botUserId, 'events');
      expressionsOf(context.world, guild.id).events.push(event);
      return { status: 200, body: event };
    },
  },
} satisfies RouteHandlers;
