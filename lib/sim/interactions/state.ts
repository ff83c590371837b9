/**
 * The interactions of one world and what they produced (docs interactions/receiving-and-responding.mdx):
 * each interaction's token, its initial response (due within 3 seconds of the simulator's clock,
 * our choice of clock: docs/conformance.md), the follow-ups its token allows for 15 minutes, and
 * the messages that reached a channel. The messages are kept here, behind
 * {@link InteractionsRoom.deliverToChannel}, the one place the channel store is to be wired in.
 *
 * Refusals as the service gives them (topics/opcodes-and-status-codes.mdx): a callback after the
 * 3 s or for no such interaction, 404 10062 "Unknown interaction"; a second initial response, 400
 * 40060 "Interaction has already been acknowledged"; a follow-up route past 15 minutes or with a
 * wrong token, 404 10015 "Unknown Webhook"; a body that breaks a rule, 400 50035.
 * @internal
 * @module
 */
import { randomBytes } from 'node:crypto';
import { InteractionResponseType, InteractionType, MessageFlags } from 'discord-api-types/v10';

import { deleteWebhookMessage, deliverWebhookMessage, editWebhookMessage } from '../channel-messages.js';
import type { NativeWorld } from '../../addon/native.js';
import { checkText, describe, typeName } from '../../common/validate.js';
import { field, invalidForm, notFound, ServiceRefusal } from '../http/errors.js';
import { checkMessageComponents, checkModal } from './components.js';
import { mintSnowflake } from '../snowflake-minter.js';
import { wireUser } from '../http/wire.js';

type Json = Record<string, unknown>;

/** "you must send an initial response within 3 seconds of receiving the event" (receiving-and-responding.mdx). */
export const INITIAL_RESPONSE_MS = 3000;
/** "Interaction tokens are valid for 15 minutes" (receiving-and-responding.mdx). */
export const TOKEN_LIFETIME_MS = 15 * 60 * 1000;
export const INTERACTION_ERRORS = { unknownWebhook: 10015, unknownInteraction: 10062, alreadyAcknowledged: 40060, emptyMessage: 50006 } as const;
/** A message's `type` when it answers a slash command or another interaction (resources/message.mdx, Message Types). */
const MESSAGE_TYPE = { chatInputCommand: 20, reply: 19, contextMenuCommand: 23, default: 0 } as const;

/** An interaction's record: what the routes check a token against. */
export interface InteractionRecord {
  id: string;
  /** A secret: never logged, never in an error or inspect output. */
  token: string;
  applicationId: string;
  botUserId: string;
  type: InteractionType;
  /** The application command type for a command, else null. */
  commandType: number | null;
  userId: string;
  guildId: string | null;
  channelId: string;
  createdAt: number;
  /** The message a component sits on (component interactions). */
  messageId: string | null;
  /** The payload sent to the application. */
  payload: Json;
  /** The initial response's type; null until one is given. */
  initial: InteractionResponseType | null;
  /** The modal the initial response opened (type 9), kept to check the submission against. */
  modal: Json | null;
  original: Json | null;
  followups: Map<string, Json>;
  /** Who waits for the initial response (the harness). */
  waiters: (() => void)[];
  /** A modal submission's interaction: the one whose response opened the modal. */
  opener?: InteractionRecord | undefined;
}

function messageBody(body: unknown, at: string, needsContent: boolean): Json {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidForm(at === '' ? '_errors' : at, `the message must be a JSON object, got ${typeName(body)}`);
  const b = body as Json;
  const p = (name: string) => (at === '' ? name : `${at}.${name}`);
  const out: Json = {};
  if (b['content'] !== undefined && b['content'] !== null) out['content'] = field(p('content'), () => checkText(b['content'], p('content'), 0, 2000));
  if (b['embeds'] !== undefined && b['embeds'] !== null) {
    if (!Array.isArray(b['embeds']) || b['embeds'].length > 10) throw invalidForm(p('embeds'), 'embeds must be an array of at most 10');
    out['embeds'] = structuredClone(b['embeds']);
  }
  if (b['components'] !== undefined && b['components'] !== null) {
    checkMessageComponents(b['components'], p('components'));
    out['components'] = structuredClone(b['components']);
  }
  if (b['flags'] !== undefined && b['flags'] !== null) {
    if (typeof b['flags'] !== 'number' || !Number.isInteger(b['flags']) || b['flags'] < 0) throw invalidForm(p('flags'), `flags must be a bit set, got ${describe(b['flags'])}`);
    out['flags'] = b['flags'];
  }
  if (needsContent && !out['content'] && !(out['embeds'] as unknown[] | undefined)?.length && !(out['components'] as unknown[] | undefined)?.length) {
    throw new ServiceRefusal(400, INTERACTION_ERRORS.emptyMessage, 'Cannot send an empty message');
  }
  return out;
}

function isoTime(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '000+00:00');
}

/** A message's `interaction_metadata` (resources/message.mdx, Message Interaction Metadata Object; the description's *InteractionMetadataResponse). */
function metadataOf(world: NativeWorld, record: InteractionRecord): Json {
  const base: Json = {
    id: record.id,
    type: record.type,
    user: wireUser(world, record.userId),
    authorizing_integration_owners: record.payload['authorizing_integration_owners'] ?? {},
    ...(record.original ? { original_response_message_id: record.original['id'] } : {}),
  };
  if (record.type === InteractionType.MessageComponent) return { ...base, interacted_message_id: record.messageId };
  if (record.type === InteractionType.ModalSubmit && record.opener) return { ...base, triggering_interaction_metadata: metadataOf(world, record.opener) };
  return base;
}

export class InteractionsRoom {
  readonly #world: NativeWorld;
  readonly #byId = new Map<string, InteractionRecord>();
  readonly #byToken = new Map<string, InteractionRecord>();
  /** Messages that reached each channel, oldest first. */
  readonly #channels = new Map<string, Json[]>();
  /** application id -> its interactions endpoint URL. */
  readonly endpoints = new Map<string, URL>();

  constructor(world: NativeWorld) {
    this.#world = world;
  }

  /** A new interaction (the harness's, on a user's action); its token is made here. */
  open(fields: Omit<InteractionRecord, 'id' | 'token' | 'createdAt' | 'initial' | 'modal' | 'original' | 'followups' | 'waiters' | 'payload' | 'opener'>, opener?: InteractionRecord): InteractionRecord {
    const record: InteractionRecord = { ...fields, id: mintSnowflake(this.#world), token: `aW50ZXJhY3Rpb24.${randomBytes(48).toString('base64url')}`, createdAt: this.#world.now(), initial: null, modal: null, original: null, followups: new Map(), waiters: [], payload: {}, opener };
    this.#byId.set(record.id, record);
    this.#byToken.set(record.token, record);
    return record;
  }

  get(id: string): InteractionRecord | undefined {
    return this.#byId.get(id);
  }

  /** The interaction of a callback: its id and token must agree, and the 3 s must not be over. */
  #forCallback(id: string | undefined, token: string | undefined): InteractionRecord {
    const record = token === undefined ? undefined : this.#byToken.get(token);
    if (!record || record.id !== id) throw notFound(INTERACTION_ERRORS.unknownInteraction, 'Unknown interaction');
    if (record.initial !== null) throw new ServiceRefusal(400, INTERACTION_ERRORS.alreadyAcknowledged, 'Interaction has already been acknowledged');
    // "If the 3 second deadline is exceeded, the token will be invalidated."
    if (this.#world.now() - record.createdAt > INITIAL_RESPONSE_MS) throw notFound(INTERACTION_ERRORS.unknownInteraction, 'Unknown interaction');
    return record;
  }

  /** The interaction of a follow-up route: the application's id and a token still within its 15 minutes, answered already. */
  #forWebhook(applicationId: string | undefined, token: string | undefined): InteractionRecord {
    const record = token === undefined ? undefined : this.#byToken.get(token);
    if (!record || record.applicationId !== applicationId || this.#world.now() - record.createdAt > TOKEN_LIFETIME_MS) throw notFound(INTERACTION_ERRORS.unknownWebhook, 'Unknown Webhook');
    if (record.initial === null) throw notFound(INTERACTION_ERRORS.unknownWebhook, 'Unknown Webhook');
    return record;
  }

  /**
   * The initial response (the callback route, or the body of the answer to the HTTP delivery):
   * checked whole before anything changes. Answers the callback's `with_response` body.
   */
  respond(id: string | undefined, token: string | undefined, body: unknown, _via: 'callback' | 'http'): Json {
    const record = this.#forCallback(id, token);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidForm('_errors', `the body must be a JSON object, got ${typeName(body)}`);
    const { type, data } = body as Json;
    const component = record.type === InteractionType.MessageComponent;
    const allowed: number[] = [InteractionResponseType.ChannelMessageWithSource, InteractionResponseType.DeferredChannelMessageWithSource];
    if (component) allowed.push(InteractionResponseType.DeferredMessageUpdate, InteractionResponseType.UpdateMessage);
    if (record.type !== InteractionType.ModalSubmit) allowed.push(InteractionResponseType.Modal);
    if (typeof type !== 'number' || !allowed.includes(type)) throw invalidForm('type', `type must be one of ${allowed.join(', ')} for this interaction, got ${describe(type)}`);
    // The callback's `resource` (InteractionCallbackResponse): a message for types 4 and 7, none otherwise.
    let answer: Json | undefined;
    if (type === InteractionResponseType.Modal) {
      record.modal = checkModal(data);
      answer = undefined;
    } else if (type === InteractionResponseType.ChannelMessageWithSource) {
      record.original = this.#message(record, messageBody(data, 'data', true));
      answer = { type, message: record.original };
    } else if (type === InteractionResponseType.UpdateMessage) {
      const fields = messageBody(data ?? {}, 'data', false);
      const target = this.#findMessage(record.channelId, record.messageId);
      if (target) {
        Object.assign(target, fields, { edited_timestamp: isoTime(this.#world.now()) });
        if (typeof fields['content'] === 'string') editWebhookMessage(this.#world, target['id'] as string, fields['content']);
      }
      answer = target ? { type, message: target } : undefined;
    } else {
      // Deferred: "the user sees a loading state" until the original is edited.
      if (type === InteractionResponseType.DeferredChannelMessageWithSource) {
        const flags = (typeof data === 'object' && data !== null ? (data as Json)['flags'] : undefined) as number | undefined;
        record.original = this.#message(record, { content: '', flags: (flags ?? 0) | MessageFlags.Loading });
      }
      answer = undefined;
    }
    record.initial = type as InteractionResponseType;
    for (const wake of record.waiters.splice(0)) wake();
    return { interaction: { id: record.id, type: record.type, activity_instance_id: null, response_message_id: (record.original?.['id'] as string | undefined) ?? null, response_message_loading: type === InteractionResponseType.DeferredChannelMessageWithSource, response_message_ephemeral: false }, ...(answer ? { resource: answer } : {}) };
  }

  /** Resolves once the interaction has its initial response (or at once when it has one). */
  responded(record: InteractionRecord): Promise<void> {
    return record.initial !== null ? Promise.resolve() : new Promise((resolve) => record.waiters.push(resolve));
  }

  followUp(applicationId: string | undefined, token: string | undefined, body: unknown): Json {
    const record = this.#forWebhook(applicationId, token);
    const message = this.#message(record, messageBody(body, '', true));
    record.followups.set(message['id'] as string, message);
    return message;
  }

  #target(record: InteractionRecord, messageId: string | undefined): Json {
    const message = messageId === '@original' ? record.original : record.followups.get(messageId ?? '');
    if (!message) throw notFound(10008, 'Unknown Message');
    return message;
  }

  message(applicationId: string | undefined, token: string | undefined, messageId: string | undefined): Json {
    return structuredClone(this.#target(this.#forWebhook(applicationId, token), messageId));
  }

  editMessage(applicationId: string | undefined, token: string | undefined, messageId: string | undefined, body: unknown): Json {
    const record = this.#forWebhook(applicationId, token);
    const message = this.#target(record, messageId);
    const fields = messageBody(body, '', false);
    // An edit of a deferred original ends its loading state.
    if (typeof message['flags'] === 'number') fields['flags'] = ((fields['flags'] as number | undefined) ?? message['flags']) & ~MessageFlags.Loading;
    Object.assign(message, fields, { edited_timestamp: isoTime(this.#world.now()) });
    if (typeof fields['content'] === 'string') editWebhookMessage(this.#world, message['id'] as string, fields['content']);
    return structuredClone(message);
  }

  deleteMessage(applicationId: string | undefined, token: string | undefined, messageId: string | undefined): void {
    const record = this.#forWebhook(applicationId, token);
    const message = this.#target(record, messageId);
    if (messageId === '@original') record.original = null;
    else record.followups.delete(messageId!);
    const list = this.#channels.get(message['channel_id'] as string);
    if (list) list.splice(list.indexOf(message), 1);
    deleteWebhookMessage(this.#world, message['id'] as string);
  }

  /** A message of the interaction's application in its channel, delivered there (an ephemeral one only to its user: not kept in the channel). */
  #message(record: InteractionRecord, fields: Json, deliver = true): Json {
    const bot = wireUser(this.#world, record.botUserId);
    const type = record.type === InteractionType.ApplicationCommand ? (record.commandType === 1 ? MESSAGE_TYPE.chatInputCommand : MESSAGE_TYPE.contextMenuCommand) : MESSAGE_TYPE.reply;
    const message: Json = {
      id: mintSnowflake(this.#world),
      type,
      channel_id: record.channelId,
      author: bot,
      content: '',
      embeds: [],
      components: [],
      flags: 0,
      attachments: [],
      mentions: [],
      mention_roles: [],
      mention_everyone: false,
      pinned: false,
      tts: false,
      ...fields,
      timestamp: isoTime(this.#world.now()),
      edited_timestamp: null,
      webhook_id: record.applicationId,
      application_id: record.applicationId,
      interaction_metadata: metadataOf(this.#world, record),
    };
    if (deliver) this.deliverToChannel(record.channelId, message);
    return message;
  }

  /**
   * Where a message an interaction produced reaches its channel: kept here whole (embeds,
   * components, interaction metadata: what the webhook routes answer) and delivered to the guild
   * channel's messages (lib/sim/channel-messages.ts), where bots read it and the gateway
   * dispatches it. An ephemeral message reaches only its user: neither.
   */
  deliverToChannel(channelId: string, message: Json): void {
    if (((message['flags'] as number | undefined) ?? 0) & MessageFlags.Ephemeral) return;
    let list = this.#channels.get(channelId);
    if (!list) this.#channels.set(channelId, (list = []));
    list.push(message);
    const author = message['author'] as { id: string };
    deliverWebhookMessage(this.#world, channelId, { id: message['id'] as string, applicationId: message['application_id'] as string, authorId: author.id, content: (message['content'] as string | undefined) ?? '' });
  }

  #findMessage(channelId: string, id: string | null): Json | undefined {
    return id === null ? undefined : this.#channels.get(channelId)?.find((message) => message['id'] === id);
  }

  /** The messages interactions put in a channel, oldest first (copies). */
  channelMessages(channelId: string): Json[] {
    return (this.#channels.get(channelId) ?? []).map((message) => structuredClone(message));
  }

  /** A message of a channel by id (the live object, for a component interaction's target). */
  channelMessage(channelId: string, id: string): Json | undefined {
    return this.#findMessage(channelId, id);
  }
}

const rooms = new WeakMap<NativeWorld, InteractionsRoom>();

/** The world's interactions (made on first use). */
export function interactionsOf(world: NativeWorld): InteractionsRoom {
  let room = rooms.get(world);
  if (!room) rooms.set(world, (room = new InteractionsRoom(world)));
  return room;
}
