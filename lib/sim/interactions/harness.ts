/**
 * The harness's handle on interactions (`service.interactions`): a simulated user runs an
 * application command, presses a component of a message an interaction produced, or submits the
 * modal an interaction opened; the interaction is delivered (../interactions/delivery.ts) and the
 * handle answers what came of it. What a user's client would refuse (an unknown command, a
 * required option left out, a file over the upload limit, a modal value outside its component's
 * rules) is a RangeError or TypeError here, and nothing is sent.
 * @module
 */
import { inspect } from 'node:util';
import { ApplicationCommandType, ComponentType, InteractionType } from 'discord-api-types/v10';

import type { NativeWorld } from '../../addon/native.js';
import { checkInteger, checkText, describe } from '../../common/validate.js';
import type { SnowflakeInput } from '../../model/ids.js';
import { syncClock } from '../clock.js';
import { checkRequiredOptions, idOf } from '../harness-input.js';
import type { WebhookDispatcher } from '../http/webhooks.js';
import { commandStore } from './commands.js';
import { FILE_COUNT_MAX, modalFields } from './components.js';
import { deliver, type DeliveryOutcome, type InteractionGateway } from './delivery.js';
import { attachmentJson, checkFile, commandOptions, DEFAULT_UPLOAD_LIMIT, guildInteraction, placeOf, type Place, type SimulatedFile } from './payloads.js';
import { interactionsOf, type InteractionRecord } from './state.js';

type Json = Record<string, unknown>;
type Id = { id: SnowflakeInput } | SnowflakeInput;

/** What came of an interaction (copies; the token is never shown). */
export interface InteractionView {
  id: string;
  /** InteractionType: 2 command, 3 component, 5 modal submit. */
  type: number;
  /** How it was delivered: `http` (the interactions endpoint URL), `gateway` (INTERACTION_CREATE), `none` (it failed: `error` says why). */
  delivery: DeliveryOutcome;
  /** The payload the application received. */
  payload: Json;
  /** The initial response's type, null until one is given. */
  responseType: number | null;
  /** The modal the response opened, or null. */
  modal: Json | null;
  /** The original response message, or null. */
  original: Json | null;
  followups: Json[];
}

/** What a user's action names: who, where. */
export interface InteractionPlace {
  user: Id;
  guild: Id;
  channel: Id;
  /** The application (default: the simulator's default application). */
  application?: Id;
}

export interface RunCommandOptions extends InteractionPlace {
  /** The command's name. */
  name: string;
  /** `CHAT_INPUT` (default), `USER` or `MESSAGE`. */
  type?: 'CHAT_INPUT' | 'USER' | 'MESSAGE';
  /** A slash command's option values by name (a file `{ name, size, contentType? }` for ATTACHMENT). */
  options?: Record<string, unknown>;
  /** A USER command's target user, a MESSAGE command's target message (one an interaction produced in the channel). */
  target?: SnowflakeInput;
  /** The user's upload limit in the channel, bytes (default 20 MiB, the platform document's default). */
  uploadLimit?: number;
}

export interface PressComponentOptions extends InteractionPlace {
  /** The message the component is on (one an interaction produced). */
  message: SnowflakeInput;
  customId: string;
  /** A select menu's chosen values. */
  values?: string[];
}

export interface SubmitModalOptions {
  /** The interaction whose response opened the modal. */
  interaction: SnowflakeInput;
  /** Values by custom_id: text (Text Input), string[] (selects, Checkbox Group), string | null (Radio Group), boolean (Checkbox), files (File Upload). */
  values: Record<string, unknown>;
  uploadLimit?: number;
}

interface Deps {
  world: NativeWorld;
  signer: WebhookDispatcher;
  gateway: InteractionGateway | undefined;
  applicationId: (application: Id | undefined) => string;
}

const deps = new WeakMap<SimulatedInteractions, Deps>();

function depsOf(self: unknown, method: string): Deps {
  const found = typeof self === 'object' && self !== null ? deps.get(self as SimulatedInteractions) : undefined;
  if (!found) throw new TypeError(`SimulatedInteractions.prototype.${method} was called on an object that is not a SimulatedInteractions`);
  return found;
}

/** How each interaction was delivered. */
const outcomes = new WeakMap<InteractionRecord, DeliveryOutcome>();

function view(record: InteractionRecord): InteractionView {
  const { token: _token, ...payload } = record.payload;
  return {
    id: record.id,
    type: record.type,
    delivery: outcomes.get(record) ?? { via: 'none', error: 'not delivered yet' },
    payload: structuredClone(payload),
    responseType: record.initial,
    modal: record.modal === null ? null : structuredClone(record.modal),
    original: record.original === null ? null : structuredClone(record.original),
    followups: [...record.followups.values()].map((message) => structuredClone(message)),
  };
}

const COMMAND_TYPES = { CHAT_INPUT: ApplicationCommandType.ChatInput, USER: ApplicationCommandType.User, MESSAGE: ApplicationCommandType.Message } as const;

/** Finds a component by custom_id in a message's components (any depth). */
function findComponent(components: unknown, customId: string): Json | undefined {
  if (!Array.isArray(components)) return undefined;
  for (const node of components as Json[]) {
    if (node['custom_id'] === customId) return node;
    const inner = findComponent(node['components'], customId) ?? (node['accessory'] ? findComponent([node['accessory']], customId) : undefined);
    if (inner) return inner;
  }
  return undefined;
}

/** The harness's interactions of a served simulator. */
export class SimulatedInteractions {
  /** @internal */
  constructor(found: Deps) {
    deps.set(this, found);
    Object.defineProperty(this, inspect.custom, { value: () => 'SimulatedInteractions {}' });
  }

  #place(d: Deps, options: InteractionPlace): { place: Place; applicationId: string } {
    const applicationId = d.applicationId(options.application);
    const botUserId = d.world.getApplication(applicationId)!.botUserId;
    return { applicationId, place: placeOf(d.world, idOf(options.guild, 'guild'), idOf(options.channel, 'channel'), idOf(options.user, 'user'), botUserId) };
  }

  async #send(d: Deps, place: Place, applicationId: string, type: InteractionType, data: Json, extra: { commandType?: number; messageId?: string; message?: Json; opener?: InteractionRecord }): Promise<InteractionView> {
    const room = interactionsOf(d.world);
    const record = room.open({ applicationId, botUserId: place.botUserId, type, commandType: extra.commandType ?? null, userId: place.userId, guildId: place.guild.id, channelId: place.channelId, messageId: extra.messageId ?? null }, extra.opener);
    record.payload = guildInteraction(d.world, place, { id: record.id, token: record.token, applicationId, type, data, ...(extra.message ? { message: extra.message } : {}) });
    outcomes.set(record, { via: 'none', error: 'being delivered' });
    outcomes.set(record, await deliver(d.world, d.signer, d.gateway, record));
    return view(record);
  }

  /** A user runs an application command (global, or of the guild) in a guild channel. */
  async runCommand(options: RunCommandOptions): Promise<InteractionView> {
    const d = depsOf(this, 'runCommand');
    checkRequiredOptions(options);
    syncClock(d.world);
    const { place, applicationId } = this.#place(d, options);
    const name = checkText(options.name, 'options.name', 1, 32);
    const type = options.type === undefined ? ApplicationCommandType.ChatInput : COMMAND_TYPES[options.type];
    if (type === undefined) throw new RangeError(`options.type must be CHAT_INPUT, USER or MESSAGE, got ${describe(options.type)}`);
    const command = commandStore(d.world).visible(applicationId, place.guild.id).find((entry) => entry.type === type && entry.name === name);
    if (!command) throw new RangeError(`the application has no ${options.type ?? 'CHAT_INPUT'} command named ${describe(name)} here`);
    const uploadLimit = options.uploadLimit === undefined ? DEFAULT_UPLOAD_LIMIT : checkInteger(options.uploadLimit, 'options.uploadLimit', 0, Number.MAX_SAFE_INTEGER);
    const resolved: Record<string, Json> = {};
    const data: Json = { id: command.id, name: command.name, type: command.type, ...(command.guild_id ? { guild_id: command.guild_id } : {}) };
    if (type === ApplicationCommandType.ChatInput) {
      data['options'] = commandOptions(d.world, place, command, options.options ?? {}, uploadLimit, resolved);
    } else {
      if (options.target === undefined) throw new RangeError(`options.target is required by a ${options.type} command`);
      const target = idOf(options.target, 'options.target');
      data['target_id'] = target;
      if (type === ApplicationCommandType.User) {
        commandOptions(d.world, place, { ...command, options: [{ name: 'target', type: 6, description: 'target' }] }, { target }, uploadLimit, resolved);
      } else {
        const message = interactionsOf(d.world).channelMessage(place.channelId, target);
        if (!message) throw new RangeError(`options.target: no message ${target} in channel ${place.channelId} (a message an interaction produced)`);
        resolved['messages'] = { [target]: structuredClone(message) };
      }
    }
    if (Object.keys(resolved).length > 0) data['resolved'] = resolved;
    return this.#send(d, place, applicationId, InteractionType.ApplicationCommand, data, { commandType: type });
  }

  /** A user presses a button, or chooses in a select menu, of a message an interaction produced. */
  async pressComponent(options: PressComponentOptions): Promise<InteractionView> {
    const d = depsOf(this, 'pressComponent');
    checkRequiredOptions(options);
    syncClock(d.world);
    const { place, applicationId } = this.#place(d, options);
    const messageId = idOf(options.message, 'options.message');
    const message = interactionsOf(d.world).channelMessage(place.channelId, messageId);
    if (!message || message['application_id'] !== applicationId) throw new RangeError(`no message ${messageId} of the application in channel ${place.channelId}`);
    const component = findComponent(message['components'], checkText(options.customId, 'options.customId', 1, 100));
    if (!component) throw new RangeError(`the message has no component with custom_id ${describe(options.customId)}`);
    const data: Json = { custom_id: options.customId, component_type: component['type'] };
    if (component['type'] !== ComponentType.Button) {
      const values = options.values ?? [];
      const min = (component['min_values'] as number | undefined) ?? 1;
      const max = (component['max_values'] as number | undefined) ?? 1;
      if (!Array.isArray(values) || values.length < min || values.length > max) throw new RangeError(`options.values must hold ${min} to ${max} values`);
      data['values'] = [...values];
    }
    return this.#send(d, place, applicationId, InteractionType.MessageComponent, data, { messageId, message: structuredClone(message) });
  }

  /** The user submits the modal an interaction's response opened, with a value per component (checked against its rules). */
  async submitModal(options: SubmitModalOptions): Promise<InteractionView> {
    const d = depsOf(this, 'submitModal');
    checkRequiredOptions(options);
    syncClock(d.world);
    const opener = interactionsOf(d.world).get(idOf(options.interaction, 'options.interaction'));
    if (!opener?.modal) throw new RangeError(`interaction ${String(options.interaction)} opened no modal`);
    const uploadLimit = options.uploadLimit === undefined ? DEFAULT_UPLOAD_LIMIT : checkInteger(options.uploadLimit, 'options.uploadLimit', 0, Number.MAX_SAFE_INTEGER);
    const fields = modalFields(opener.modal);
    const values = options.values ?? {};
    for (const key of Object.keys(values)) if (!fields.has(key)) throw new RangeError(`values.${key}: the modal has no component with that custom_id`);
    const attachments: Record<string, Json> = {};
    const components: Json[] = [];
    let id = 0;
    for (const [customId, { component, wrapper }] of fields) {
      const submitted = submittedValue(d.world, component, values[customId], `values.${customId}`, uploadLimit, attachments);
      const inner = { type: component['type'], id: (id += 2), custom_id: customId, ...submitted };
      components.push(wrapper === 'label' ? { type: ComponentType.Label, id: id - 1, component: inner } : { type: ComponentType.ActionRow, id: id - 1, components: [inner] });
    }
    const botUserId = opener.botUserId;
    const place = placeOf(d.world, opener.guildId!, opener.channelId, opener.userId, botUserId);
    const data: Json = { custom_id: opener.modal['custom_id'], components, ...(Object.keys(attachments).length > 0 ? { resolved: { attachments } } : {}) };
    return this.#send(d, place, opener.applicationId, InteractionType.ModalSubmit, data, { opener });
  }

  /** An interaction as it stands (its response, messages), or null. */
  get(interaction: SnowflakeInput): InteractionView | null {
    const d = depsOf(this, 'get');
    const record = interactionsOf(d.world).get(idOf(interaction, 'interaction'));
    return record ? view(record) : null;
  }

  /** Resolves with the interaction once it has its initial response (a gateway delivery's, through the callback route). */
  async responded(interaction: SnowflakeInput): Promise<InteractionView> {
    const d = depsOf(this, 'responded');
    const record = interactionsOf(d.world).get(idOf(interaction, 'interaction'));
    if (!record) throw new RangeError(`no interaction ${String(interaction)}`);
    await interactionsOf(d.world).responded(record);
    return view(record);
  }

  /** The messages interactions put in a channel (not the ephemeral ones), oldest first. */
  channelMessages(channel: Id): Json[] {
    return interactionsOf(depsOf(this, 'channelMessages').world).channelMessages(idOf(channel, 'channel'));
  }
}

/** A modal component's submitted value, checked against its rules (the platform document; components/reference.mdx). */
function submittedValue(world: NativeWorld, component: Json, value: unknown, at: string, uploadLimit: number, attachments: Record<string, Json>): Json {
  const required = component['required'] !== false;
  const optionValues = ((component['options'] as Json[] | undefined) ?? []).map((option) => option['value']);
  switch (component['type']) {
    case ComponentType.TextInput: {
      const text = value ?? '';
      if (typeof text !== 'string') throw new TypeError(`${at} must be a string`);
      const min = required ? Math.max(1, (component['min_length'] as number | undefined) ?? 0) : text === '' ? 0 : ((component['min_length'] as number | undefined) ?? 0);
      if (text.length < min || text.length > ((component['max_length'] as number | undefined) ?? 4000)) throw new RangeError(`${at} must be ${min} to ${String(component['max_length'] ?? 4000)} characters`);
      return { value: text };
    }
    case ComponentType.RadioGroup: {
      // "Single selection. Field required (boolean) allows an optional selection."
      const chosen = value ?? null;
      if (chosen === null && required) throw new RangeError(`${at}: the Radio Group is required: choose one option`);
      if (chosen !== null && !optionValues.includes(chosen)) throw new RangeError(`${at} must be one option's value (a Radio Group is a single selection), got ${describe(chosen)}`);
      return { value: chosen };
    }
    case ComponentType.Checkbox:
      if (value !== undefined && typeof value !== 'boolean') throw new TypeError(`${at} must be a boolean (a Checkbox is a toggle)`);
      return { value: value ?? component['default'] === true };
    case ComponentType.FileUpload: {
      const files = (value ?? []) as unknown[];
      if (!Array.isArray(files)) throw new TypeError(`${at} must be an array of files`);
      const min = required ? ((component['min_values'] as number | undefined) ?? 1) : files.length === 0 ? 0 : ((component['min_values'] as number | undefined) ?? 1);
      const max = (component['max_values'] as number | undefined) ?? 1;
      if (files.length < min || files.length > Math.min(max, FILE_COUNT_MAX)) throw new RangeError(`${at} must hold ${min} to ${max} files, got ${files.length}`);
      const ids = files.map((file, i) => {
        const attachment = attachmentJson(world, checkFile(file, `${at}.${i}`, uploadLimit, component['file_types'] as string[] | undefined) as SimulatedFile);
        attachments[attachment['id'] as string] = attachment;
        return attachment['id'];
      });
      return { values: ids };
    }
    default: {
      // Checkbox Group and the select menus: min_values..max_values of the options (none allowed when not required).
      const chosen = (value ?? []) as unknown[];
      if (!Array.isArray(chosen) || chosen.some((entry) => typeof entry !== 'string')) throw new TypeError(`${at} must be an array of strings`);
      if (new Set(chosen).size !== chosen.length) throw new RangeError(`${at} must not repeat a value`);
      const min = !required && chosen.length === 0 ? 0 : ((component['min_values'] as number | undefined) ?? 1);
      const max = (component['max_values'] as number | undefined) ?? (component['type'] === ComponentType.CheckboxGroup ? optionValues.length : 1);
      if (chosen.length < min || chosen.length > max) throw new RangeError(`${at} must hold ${min} to ${max} values, got ${chosen.length}`);
      if (optionValues.length > 0) for (const entry of chosen) if (!optionValues.includes(entry)) throw new RangeError(`${at}: ${describe(entry)} is not an option`);
      return { values: [...(chosen as string[])] };
    }
  }
}

/** @internal The harness handle of a service's interactions. */
export function interactionsHarness(world: NativeWorld, signer: WebhookDispatcher, gateway: InteractionGateway | undefined, applicationId: (application: Id | undefined) => string): SimulatedInteractions {
  return new SimulatedInteractions({ world, signer, gateway, applicationId });
}
