/**
 * The messages of a world's guild channels (beside its lobby messages, which the native world
 * keeps): posting one as an application's bot or a user, editing it, pins, slowmode and whether a
 * guild is indexed for search. One store per world, held weakly; ids minted on the world's clock.
 *
 * The rules applied here are the platform document's and the public docs' (resources/message.mdx,
 * resources/channel.mdx), on the simulator's calendar: forwarding a message the author cannot read
 * fails with 160014; from 2026-02-23 pinning needs PIN_MESSAGES and a user's slowmode is bypassed
 * only with BYPASS_SLOWMODE (before: MANAGE_MESSAGES, or MANAGE_CHANNELS for slowmode); bots are
 * unaffected by slowmode; attachments carry IS_SPOILER when spoilered (`is_spoiler` or the legacy
 * `SPOILER_` filename prefix) and each file is at most the 20 MiB default upload limit.
 * Refusals are RangeErrors with the service's status and code (the HTTP routes answer them as they
 * are); a refused call changes nothing. Every change is told to the world's watchers (the gateway).
 * @internal
 * @module
 */
import { AttachmentFlags, MessageFlags, PermissionFlagsBits as P, RESTJSONErrorCodes as E } from 'discord-api-types/v10';

import type { NativeWorld } from '../addon/native.js';
import { privilegedIntentGranted } from './gateway/bot-settings.js';
import { mintSnowflake } from './snowflake-minter.js';
import { noteWorldChange } from './world-changes.js';

/** The platform document's dated change ("Versioning", 2026-02-23): PIN_MESSAGES and BYPASS_SLOWMODE split off. */
export const PERMISSION_SPLITS_FROM = Date.UTC(2026, 1, 23);
/** "Default file upload size: 20 MiB (previously 10 MiB)" (platform document, Limits). */
export const UPLOAD_LIMIT_BYTES = 20 * 1024 * 1024;
/** Message content: "up to 2000 characters" (resources/message.mdx, Create Message). */
export const CONTENT_LIMIT = 2000;
/** Attachments of one message: "up to 10 files" (resources/message.mdx, Uploading Files). */
export const MAX_ATTACHMENTS = 10;

/** Who posts: an application's bot, or a user. */
export type MessageAuthor = { readonly bot: string } | { readonly user: string };

export interface ChannelAttachment {
  readonly id: string;
  readonly filename: string;
  readonly size: number;
  readonly contentType: string | null;
  description: string | null;
  spoiler: boolean;
}

export interface ChannelMessage {
  readonly id: string;
  readonly channelId: string;
  readonly guildId: string;
  readonly authorId: string;
  /** The application whose bot posted it (null: a user). */
  readonly applicationId: string | null;
  content: string;
  attachments: ChannelAttachment[];
  readonly createdAt: number;
  editedAt: number | null;
  pinnedAt: number | null;
  readonly reference: { readonly type: 0 | 1; readonly messageId: string; readonly channelId: string; readonly guildId: string } | null;
  /** A forward's copy of the forwarded message as it was (MESSAGE_SNAPSHOTS). */
  readonly snapshot: { readonly content: string; readonly attachments: readonly ChannelAttachment[]; readonly createdAt: number; readonly editedAt: number | null } | null;
}

/** A new attachment: an uploaded file (`size` in bytes) and its attachment request fields. */
export interface NewAttachment {
  readonly filename: string;
  readonly size: number;
  readonly contentType?: string | null;
  readonly description?: string | null;
  readonly isSpoiler?: boolean;
}

export interface ChannelMessageBody {
  readonly content?: string;
  readonly attachments?: readonly NewAttachment[];
  /** A reply (type 0, DEFAULT) or a forward (type 1, FORWARD); `channelId` defaults to the channel posted to. */
  readonly reference?: { readonly type: 0 | 1; readonly messageId: string; readonly channelId?: string };
}

interface Store {
  readonly byChannel: Map<string, ChannelMessage[]>;
  readonly byId: Map<string, ChannelMessage>;
  /** guild id -> false while it is not indexed for search (absent: indexed). */
  readonly indexed: Map<string, boolean>;
  /** channel id -> rate_limit_per_user (seconds; absent: 0). */
  readonly slowmode: Map<string, number>;
  /** `channel:user` -> when the user last posted there (world clock). */
  readonly lastPost: Map<string, number>;
}

const stores = new WeakMap<NativeWorld, Store>();

function storeOf(world: NativeWorld): Store {
  let store = stores.get(world);
  if (!store) stores.set(world, (store = { byChannel: new Map(), byId: new Map(), indexed: new Map(), slowmode: new Map(), lastPost: new Map() }));
  return store;
}

/** A refusal as the world's own calls throw one: a RangeError with the service's status and code. */
export function refused(status: number, code: number, message: string): RangeError {
  return Object.assign(new RangeError(message), { status, code });
}

/** The guild of a guild channel, or 404 Unknown Channel. */
export function guildOfChannel(world: NativeWorld, channelId: string): string {
  for (const guild of world.describeWorld(0).guilds) if (guild.channels.some((channel) => channel.id === channelId)) return guild.id;
  throw refused(404, E.UnknownChannel, 'Unknown Channel');
}

/** The user who acts: the bot user of an application, or the user. */
export function authorUserId(world: NativeWorld, author: MessageAuthor): string {
  if ('bot' in author) {
    const application = world.getApplication(author.bot);
    if (!application) throw refused(404, E.UnknownApplication, 'Unknown Application');
    return application.botUserId;
  }
  if (world.getUser(author.user) === null) throw refused(404, E.UnknownUser, 'Unknown User');
  return author.user;
}

/** The user's permissions in the channel (the world's computed ones, as a bigint). */
export function channelPermissions(world: NativeWorld, guildId: string, userId: string, channelId: string): bigint {
  return BigInt(world.guildPermissions(guildId, userId, channelId));
}

/** 403 Missing Access without VIEW_CHANNEL; 403 Missing Permissions without every bit of one of `options`. */
export function requireInChannel(held: bigint, ...options: bigint[]): void {
  if ((held & P.ViewChannel) === 0n) throw refused(403, E.MissingAccess, 'Missing Access');
  if (options.length > 0 && !options.some((needed) => (held & needed) === needed)) throw refused(403, E.MissingPermissions, 'Missing Permissions');
}

/** Users a message's content mentions (`<@id>`, `<@!id>`). */
export function mentionedUserIds(content: string): string[] {
  return [...new Set([...content.matchAll(/<@!?(\d{1,20})>/g)].map((match) => match[1]!))];
}

/**
 * Whether an application's bot may read a message's content: the MESSAGE_CONTENT intent granted,
 * or, without it, the docs' exceptions that apply to guild messages: its own messages and those
 * that mention it (events/gateway.mdx, "Message Content Intent").
 */
export function contentReadableBy(world: NativeWorld, applicationId: string, message: ChannelMessage, intentGranted = privilegedIntentGranted(world, applicationId, 'messageContent')): boolean {
  if (intentGranted) return true;
  const botUserId = world.getApplication(applicationId)?.botUserId;
  return message.authorId === botUserId || (botUserId !== undefined && mentionedUserIds(message.content).includes(botUserId));
}

/** The attachment's flags: IS_SPOILER when spoilered (platform document, Attachment objects). */
export function attachmentFlags(attachment: ChannelAttachment): number {
  return attachment.spoiler ? AttachmentFlags.IsSpoiler : 0;
}

/** The message's flags: HAS_SNAPSHOT on a forward. */
export function messageFlags(message: ChannelMessage): number {
  return message.snapshot ? MessageFlags.HasSnapshot : 0;
}

function newAttachments(world: NativeWorld, given: readonly NewAttachment[]): ChannelAttachment[] {
  if (given.length > MAX_ATTACHMENTS) throw refused(400, E.InvalidFormBodyOrContentType, `a message has at most ${MAX_ATTACHMENTS} attachments`);
  return given.map((file) => {
    // "per-file size bound is the user's upload limit"; the default: 20 MiB (platform document, Limits).
    if (file.size > UPLOAD_LIMIT_BYTES) throw refused(413, E.RequestEntityTooLarge, 'Request entity too large');
    // The legacy prefix still marks a spoiler (platform document, Attachment objects).
    const spoiler = file.isSpoiler === true || file.filename.startsWith('SPOILER_');
    return { id: mintSnowflake(world), filename: file.filename, size: file.size, contentType: file.contentType ?? null, description: file.description ?? null, spoiler };
  });
}

/** A user's slowmode: bots are unaffected, and so is a user with the bypass of the date (resources/channel.mdx, rate_limit_per_user). */
function checkSlowmode(world: NativeWorld, store: Store, channelId: string, userId: string, held: bigint, isBot: boolean): void {
  const seconds = store.slowmode.get(channelId) ?? 0;
  if (seconds === 0 || isBot) return;
  const bypass = world.now() >= PERMISSION_SPLITS_FROM ? [P.BypassSlowmode] : [P.ManageMessages, P.ManageChannels];
  if (bypass.some((bit) => (held & bit) === bit)) return;
  const last = store.lastPost.get(`${channelId}:${userId}`);
  if (last !== undefined && world.now() < last + seconds * 1000) {
    throw refused(429, E.ActionCannotBePerformedDueToSlowmodeRateLimit, 'This action cannot be performed due to slowmode rate limit.');
  }
}

/**
 * Posts a message to a guild channel as an application's bot or a user, with the rules of the
 * service (VIEW_CHANNEL and SEND_MESSAGES; ATTACH_FILES for files; READ_MESSAGE_HISTORY for a
 * reply; a forward only of a message the author can read; slowmode; the upload limit). The one
 * way a channel message comes to be: the HTTP service's Create Message, the harness, and an
 * interaction's response all post through it. Tells the watchers (MESSAGE_CREATE).
 */
export function postChannelMessage(world: NativeWorld, channelId: string, author: MessageAuthor, body: ChannelMessageBody): ChannelMessage {
  const store = storeOf(world);
  const guildId = guildOfChannel(world, channelId);
  const userId = authorUserId(world, author);
  const isBot = 'bot' in author;
  const held = channelPermissions(world, guildId, userId, channelId);
  requireInChannel(held, P.SendMessages);
  const content = body.content ?? '';
  if (content.length > CONTENT_LIMIT) throw refused(400, E.InvalidFormBodyOrContentType, `content must be at most ${CONTENT_LIMIT} characters`);
  if ((body.attachments?.length ?? 0) > 0) requireInChannel(held, P.AttachFiles);
  let reference: ChannelMessage['reference'] = null;
  let snapshot: ChannelMessage['snapshot'] = null;
  if (body.reference) {
    const source = store.byId.get(body.reference.messageId);
    const sourceChannel = body.reference.channelId ?? channelId;
    if (!source || source.channelId !== sourceChannel) throw refused(400, E.InvalidFormBodyOrContentType, 'message_reference: Unknown message');
    if (body.reference.type === 0) {
      if (source.channelId !== channelId) throw refused(400, E.InvalidFormBodyOrContentType, 'message_reference: a reply is to a message of the same channel');
      requireInChannel(held, P.ReadMessageHistory);
    } else {
      // "Applications must be able to read a message's content in order to forward it" (resources/message.mdx; platform document, 160014).
      const sourceHeld = channelPermissions(world, source.guildId, userId, source.channelId);
      const readable = (sourceHeld & (P.ViewChannel | P.ReadMessageHistory)) === (P.ViewChannel | P.ReadMessageHistory) && (!isBot || contentReadableBy(world, author.bot, source));
      if (!readable) throw refused(403, E.CannotForwardMessageWithUnreadableContent, 'You cannot forward a message whose content you cannot read.');
      snapshot = { content: source.content, attachments: source.attachments.map((attachment) => ({ ...attachment })), createdAt: source.createdAt, editedAt: source.editedAt };
    }
    reference = { type: body.reference.type, messageId: source.id, channelId: source.channelId, guildId: source.guildId };
  }
  if (content === '' && (body.attachments?.length ?? 0) === 0 && !snapshot) throw refused(400, E.CannotSendAnEmptyMessage, 'Cannot send an empty message');
  checkSlowmode(world, store, channelId, userId, held, isBot);
  const attachments = newAttachments(world, body.attachments ?? []);
  const message: ChannelMessage = {
    id: mintSnowflake(world),
    channelId,
    guildId,
    authorId: userId,
    applicationId: isBot ? author.bot : null,
    content,
    attachments,
    createdAt: world.now(),
    editedAt: null,
    pinnedAt: null,
    reference,
    snapshot,
  };
  let list = store.byChannel.get(channelId);
  if (!list) store.byChannel.set(channelId, (list = []));
  list.push(message);
  store.byId.set(message.id, message);
  if (!isBot) store.lastPost.set(`${channelId}:${userId}`, message.createdAt);
  noteWorldChange(world, { kind: 'messageCreated', channelId, messageId: message.id });
  return message;
}

/**
 * A message an interaction produced (its response or a follow-up), delivered to the channel as the
 * service delivers a webhook's message: under the application's bot, with no permission or
 * slowmode check (interaction responses need none of the bot's permissions: interactions/
 * receiving-and-responding.mdx), with the id the interaction gave it. A channel not in a guild of
 * the world (the interaction's own DM, say) keeps nothing here.
 */
export function deliverWebhookMessage(world: NativeWorld, channelId: string, delivered: { id: string; applicationId: string; authorId: string; content: string }): void {
  let guildId: string;
  try {
    guildId = guildOfChannel(world, channelId);
  } catch {
    return;
  }
  const store = storeOf(world);
  const message: ChannelMessage = { ...delivered, channelId, guildId, attachments: [], createdAt: world.now(), editedAt: null, pinnedAt: null, reference: null, snapshot: null };
  let list = store.byChannel.get(channelId);
  if (!list) store.byChannel.set(channelId, (list = []));
  list.push(message);
  store.byId.set(message.id, message);
  noteWorldChange(world, { kind: 'messageCreated', channelId, messageId: message.id });
}

/** An interaction's message edited through its webhook (PATCH @original or a follow-up): the channel's copy too. */
export function editWebhookMessage(world: NativeWorld, messageId: string, content: string): void {
  const message = stores.get(world)?.byId.get(messageId);
  if (!message) return;
  message.content = content;
  message.editedAt = world.now();
  noteWorldChange(world, { kind: 'messageUpdated', channelId: message.channelId, messageId });
}

/** An interaction's message deleted through its webhook: gone from the channel (MESSAGE_DELETE is not dispatched: our choice, not modelled yet). */
export function deleteWebhookMessage(world: NativeWorld, messageId: string): void {
  const store = stores.get(world);
  const message = store?.byId.get(messageId);
  if (!store || !message) return;
  store.byId.delete(messageId);
  const list = store.byChannel.get(message.channelId);
  if (list) list.splice(list.indexOf(message), 1);
}

/** The channel's messages, oldest first. */
export function channelMessages(world: NativeWorld, channelId: string): readonly ChannelMessage[] {
  return stores.get(world)?.byChannel.get(channelId) ?? [];
}

/** A message of the channel, or 404 Unknown Message. */
export function findChannelMessage(world: NativeWorld, channelId: string, messageId: string): ChannelMessage {
  const message = stores.get(world)?.byId.get(messageId);
  if (!message || message.channelId !== channelId) throw refused(404, E.UnknownMessage, 'Unknown Message');
  return message;
}

/** What an edit changes: the content, and the attachments kept (by id, with their editable fields) plus new files. */
export interface ChannelMessageEdit {
  readonly content?: string;
  readonly keep?: readonly { readonly id: string; readonly description?: string | null; readonly isSpoiler?: boolean }[];
  readonly added?: readonly NewAttachment[];
}

/**
 * Edits a message its author posted (50005 otherwise). `keep` lists the attachments that stay,
 * with `description` and `is_spoiler` editable on them (platform document, Attachment objects;
 * resources/message.mdx, Edit Message: attachments left out are removed). Tells the watchers
 * (MESSAGE_UPDATE).
 */
export function editChannelMessage(world: NativeWorld, channelId: string, messageId: string, author: MessageAuthor, edit: ChannelMessageEdit): ChannelMessage {
  const message = findChannelMessage(world, channelId, messageId);
  const userId = authorUserId(world, author);
  requireInChannel(channelPermissions(world, message.guildId, userId, channelId));
  if (message.authorId !== userId) throw refused(403, E.CannotEditMessageAuthoredByAnotherUser, 'Cannot edit a message authored by another user');
  if (edit.content !== undefined && edit.content.length > CONTENT_LIMIT) throw refused(400, E.InvalidFormBodyOrContentType, `content must be at most ${CONTENT_LIMIT} characters`);
  let attachments = message.attachments;
  if (edit.keep !== undefined || edit.added !== undefined) {
    const keep: NonNullable<ChannelMessageEdit['keep']> = edit.keep ?? message.attachments.map((attachment) => ({ id: attachment.id }));
    const kept = keep.map((wanted, i) => {
      const known = message.attachments.find((attachment) => attachment.id === wanted.id);
      if (!known) throw refused(400, E.InvalidFormBodyOrContentType, `attachments.${i}: not an attachment of the message`);
      return { ...known, description: wanted.description === undefined ? known.description : wanted.description, spoiler: wanted.isSpoiler === undefined ? known.spoiler : wanted.isSpoiler };
    });
    if (kept.length + (edit.added?.length ?? 0) > MAX_ATTACHMENTS) throw refused(400, E.InvalidFormBodyOrContentType, `a message has at most ${MAX_ATTACHMENTS} attachments`);
    attachments = [...kept, ...newAttachments(world, edit.added ?? [])];
  }
  const content = edit.content ?? message.content;
  if (content === '' && attachments.length === 0 && !message.snapshot) throw refused(400, E.CannotSendAnEmptyMessage, 'Cannot send an empty message');
  message.content = content;
  message.attachments = attachments;
  message.editedAt = world.now();
  noteWorldChange(world, { kind: 'messageUpdated', channelId, messageId });
  return message;
}

/**
 * Pins (or unpins) a message: from 2026-02-23 on the simulator's calendar PIN_MESSAGES is needed
 * and MANAGE_MESSAGES alone no longer suffices; before, MANAGE_MESSAGES (platform document,
 * Permissions and Versioning 2026-02-23).
 */
export function setMessagePinned(world: NativeWorld, channelId: string, messageId: string, author: MessageAuthor, pinned: boolean): void {
  const message = findChannelMessage(world, channelId, messageId);
  const userId = authorUserId(world, author);
  const needed = world.now() >= PERMISSION_SPLITS_FROM ? P.PinMessages : P.ManageMessages;
  requireInChannel(channelPermissions(world, message.guildId, userId, channelId), needed);
  message.pinnedAt = pinned ? (message.pinnedAt ?? world.now()) : null;
}

/** Whether a guild is indexed for search (default: yes). */
export function guildIndexed(world: NativeWorld, guildId: string): boolean {
  return stores.get(world)?.indexed.get(guildId) ?? true;
}

export function setGuildIndexed(world: NativeWorld, guildId: string, indexed: boolean): void {
  if (indexed) storeOf(world).indexed.delete(guildId);
  else storeOf(world).indexed.set(guildId, false);
}

/** A channel's `rate_limit_per_user` in seconds (0: no slowmode). */
export function channelSlowmode(world: NativeWorld, channelId: string): number {
  return stores.get(world)?.slowmode.get(channelId) ?? 0;
}

export function setChannelSlowmode(world: NativeWorld, channelId: string, seconds: number): void {
  if (seconds === 0) storeOf(world).slowmode.delete(channelId);
  else storeOf(world).slowmode.set(channelId, seconds);
}
