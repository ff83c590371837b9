/**
 * The application commands an application registered, per world (docs interactions/
 * application-commands.mdx): global ones and per guild, each scope holding at most 100 slash
 * (CHAT_INPUT) commands and, as the platform document says ("User commands and Message commands
 * (context menu): up to 15 of each type per app"), 15 USER and 15 MESSAGE commands. A name is
 * unique per type within a scope; creating one with a name taken replaces it (the docs: "will
 * overwrite the old command"). A body that breaks a rule is refused with 400 50035 and the field;
 * a create beyond a limit with 400 30032 "Maximum number of application commands reached"
 * (topics/opcodes-and-status-codes.mdx).
 * @internal
 * @module
 */
import { ApplicationCommandOptionType, ApplicationCommandType } from 'discord-api-types/v10';

import type { NativeWorld } from '../../addon/native.js';
import { checkText, describe, typeName } from '../../common/validate.js';
import { field, invalidForm, notFound, ServiceRefusal } from '../http/errors.js';
import { mintSnowflake } from '../snowflake-minter.js';

type Json = Record<string, unknown>;

/** Commands per type and scope: slash commands 100 (application-commands.mdx, "Registering a Command"); context menus 15 each (the platform document, "Limits"). */
export const COMMAND_LIMITS: Readonly<Record<number, number>> = { [ApplicationCommandType.ChatInput]: 100, [ApplicationCommandType.User]: 15, [ApplicationCommandType.Message]: 15 };
/** "Unknown application command" and "Maximum number of application commands reached" (opcodes-and-status-codes.mdx). */
export const COMMAND_ERRORS = { unknownCommand: 10063, tooMany: 30032 } as const;
/** CHAT_INPUT names and option names (application-commands.mdx, "Application Command Naming"). */
const SLASH_NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const MAX_OPTIONS = 25;
const MAX_CHOICES = 25;

/** A command's fields as a body gives them. */
interface CommandFields {
  type: number;
  name: string;
  description: string;
  options?: Json[];
  default_member_permissions: string | null;
  nsfw: boolean;
}

/** A stored command, as the routes answer it (the docs' Application Command Object). */
export interface StoredCommand extends CommandFields {
  id: string;
  application_id: string;
  guild_id?: string;
  version: string;
}

function checkName(value: unknown, at: string, slash: boolean): string {
  const name = field(at, () => checkText(value, at, 1, 32));
  if (slash && (!SLASH_NAME.test(name) || name !== name.toLowerCase())) throw invalidForm(at, `${at} of a CHAT_INPUT command must be 1-32 lowercase letters, digits, - _ ', got ${describe(name)}`);
  return name;
}

function checkOption(value: unknown, at: string, depth: number): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidForm(at, `${at} must be an object, got ${typeName(value)}`);
  const option = value as Json;
  const type = option['type'];
  if (typeof type !== 'number' || !Object.values(ApplicationCommandOptionType).includes(type)) throw invalidForm(`${at}.type`, `${at}.type must be an application command option type (1-11), got ${describe(type)}`);
  const out: Json = { type, name: checkName(option['name'], `${at}.name`, true), description: field(`${at}.description`, () => checkText(option['description'], `${at}.description`, 1, 100)) };
  if (option['required'] !== undefined) {
    if (typeof option['required'] !== 'boolean') throw invalidForm(`${at}.required`, `${at}.required must be a boolean`);
    out['required'] = option['required'];
  }
  if (option['choices'] !== undefined) {
    if (!Array.isArray(option['choices']) || option['choices'].length > MAX_CHOICES) throw invalidForm(`${at}.choices`, `${at}.choices must be an array of at most ${MAX_CHOICES}`);
    out['choices'] = option['choices'].map((choice: unknown, i) => {
      const c = (typeof choice === 'object' && choice !== null ? choice : {}) as Json;
      return { name: field(`${at}.choices.${i}.name`, () => checkText(c['name'], `${at}.choices.${i}.name`, 1, 100)), value: c['value'] };
    });
  }
  const subcommand = type === ApplicationCommandOptionType.Subcommand || type === ApplicationCommandOptionType.SubcommandGroup;
  if (option['options'] !== undefined) {
    if (!subcommand || depth >= 2) throw invalidForm(`${at}.options`, `${at}.options is for a SUB_COMMAND or SUB_COMMAND_GROUP (nested at most twice)`);
    out['options'] = checkOptions(option['options'], `${at}.options`, depth + 1);
  }
  return out;
}

function checkOptions(value: unknown, at: string, depth: number): Json[] {
  if (!Array.isArray(value)) throw invalidForm(at, `${at} must be an array, got ${typeName(value)}`);
  if (value.length > MAX_OPTIONS) throw invalidForm(at, `${at} holds at most ${MAX_OPTIONS} options, got ${value.length}`);
  const options = value.map((option: unknown, i) => checkOption(option, `${at}.${i}`, depth));
  if (new Set(options.map((option) => option['name'])).size !== options.length) throw invalidForm(at, `${at} must not repeat an option name`);
  return options;
}

/** A command body checked (create, or a bulk entry with `at` its index); `base`: the command an edit starts from. */
function checkCommand(body: unknown, at: string, base?: StoredCommand): CommandFields {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidForm(at === '' ? '_errors' : at, `the command must be a JSON object, got ${typeName(body)}`);
  const b = body as Json;
  const p = (name: string) => (at === '' ? name : `${at}.${name}`);
  const type: unknown = b['type'] ?? base?.type ?? ApplicationCommandType.ChatInput;
  if (base !== undefined && b['type'] !== undefined && b['type'] !== base.type) throw invalidForm(p('type'), 'the type of a command cannot be edited');
  if (typeof type !== 'number' || COMMAND_LIMITS[type] === undefined) throw invalidForm(p('type'), `type must be 1 (CHAT_INPUT), 2 (USER) or 3 (MESSAGE), got ${describe(type)}`);
  const slash = type === ApplicationCommandType.ChatInput;
  const name = checkName(b['name'] ?? base?.name, p('name'), slash);
  const rawDescription: unknown = b['description'] ?? base?.description ?? '';
  // "Empty string for USER and MESSAGE commands"; 1-100 characters for CHAT_INPUT (Application Command Object).
  const description = slash ? field(p('description'), () => checkText(rawDescription, p('description'), 1, 100)) : rawDescription;
  if (!slash && description !== '') throw invalidForm(p('description'), 'description must be empty for USER and MESSAGE commands');
  if (!slash && b['options'] !== undefined) throw invalidForm(p('options'), 'options are for CHAT_INPUT commands only');
  const options = b['options'] !== undefined ? checkOptions(b['options'], p('options'), 0) : base?.options;
  const permissions = b['default_member_permissions'] === undefined ? (base?.default_member_permissions ?? null) : b['default_member_permissions'];
  if (permissions !== null && (typeof permissions !== 'string' || !/^\d{1,20}$/.test(permissions))) throw invalidForm(p('default_member_permissions'), 'default_member_permissions must be a string of a permission bit set, or null');
  const nsfw = b['nsfw'] ?? base?.nsfw ?? false;
  if (typeof nsfw !== 'boolean') throw invalidForm(p('nsfw'), 'nsfw must be a boolean');
  return { type, name, description: description as string, ...(options !== undefined ? { options } : {}), default_member_permissions: permissions, nsfw };
}

/** The commands of one world: by application, then scope (`global` or a guild id). */
export class CommandStore {
  readonly #world: NativeWorld;
  readonly #scopes = new Map<string, StoredCommand[]>();

  constructor(world: NativeWorld) {
    this.#world = world;
  }

  #scope(applicationId: string, guildId: string | null): StoredCommand[] {
    const key = `${applicationId}/${guildId ?? 'global'}`;
    let list = this.#scopes.get(key);
    if (!list) this.#scopes.set(key, (list = []));
    return list;
  }

  #stored(applicationId: string, guildId: string | null, fields: ReturnType<typeof checkCommand>, id?: string): StoredCommand {
    return { id: id ?? mintSnowflake(this.#world), application_id: applicationId, ...(guildId === null ? {} : { guild_id: guildId }), ...fields, version: mintSnowflake(this.#world) };
  }

  list(applicationId: string, guildId: string | null): StoredCommand[] {
    return this.#scope(applicationId, guildId).map((command) => structuredClone(command));
  }

  /** Every command a user of the guild (or a DM, null) can run: the global ones, then the guild's. */
  visible(applicationId: string, guildId: string | null): StoredCommand[] {
    return guildId === null ? this.list(applicationId, null) : [...this.list(applicationId, null), ...this.list(applicationId, guildId)];
  }

  create(applicationId: string, guildId: string | null, body: unknown): { command: StoredCommand; created: boolean } {
    const fields = checkCommand(body, '');
    const list = this.#scope(applicationId, guildId);
    const at = list.findIndex((command) => command.type === fields.type && command.name === fields.name);
    if (at >= 0) {
      list[at] = this.#stored(applicationId, guildId, fields, list[at]!.id);
      return { command: structuredClone(list[at]!), created: false };
    }
    const limit = COMMAND_LIMITS[fields.type]!;
    if (list.filter((command) => command.type === fields.type).length >= limit) {
      throw new ServiceRefusal(400, COMMAND_ERRORS.tooMany, `Maximum number of application commands reached (${limit})`);
    }
    const command = this.#stored(applicationId, guildId, fields);
    list.push(command);
    return { command: structuredClone(command), created: true };
  }

  /** Replaces the scope's commands (those named again keep their id); all checked before anything changes. */
  overwrite(applicationId: string, guildId: string | null, body: unknown): StoredCommand[] {
    if (!Array.isArray(body)) throw invalidForm('_errors', `the body must be an array of commands, got ${typeName(body)}`);
    const all = body.map((entry: unknown, i) => checkCommand(entry, String(i)));
    const seen = new Set<string>();
    for (const [i, fields] of all.entries()) {
      const key = `${fields.type}/${fields.name}`;
      if (seen.has(key)) throw invalidForm(`${i}.name`, `a command named ${describe(fields.name)} of this type is listed twice`);
      seen.add(key);
    }
    for (const [type, limit] of Object.entries(COMMAND_LIMITS)) {
      const count = all.filter((fields) => fields.type === Number(type)).length;
      if (count > limit) throw new ServiceRefusal(400, COMMAND_ERRORS.tooMany, `Maximum number of application commands reached (${limit})`);
    }
    const list = this.#scope(applicationId, guildId);
    const next = all.map((fields) => this.#stored(applicationId, guildId, fields, list.find((old) => old.type === fields.type && old.name === fields.name)?.id));
    list.splice(0, list.length, ...next);
    return this.list(applicationId, guildId);
  }

  #find(applicationId: string, guildId: string | null, id: string | undefined): { list: StoredCommand[]; at: number } {
    const list = this.#scope(applicationId, guildId);
    const at = list.findIndex((command) => command.id === id);
    if (at < 0) throw notFound(COMMAND_ERRORS.unknownCommand, 'Unknown application command');
    return { list, at };
  }

  get(applicationId: string, guildId: string | null, id: string | undefined): StoredCommand {
    const { list, at } = this.#find(applicationId, guildId, id);
    return structuredClone(list[at]!);
  }

  edit(applicationId: string, guildId: string | null, id: string | undefined, body: unknown): StoredCommand {
    const { list, at } = this.#find(applicationId, guildId, id);
    const old = list[at]!;
    const fields = checkCommand(body, '', old);
    if (list.some((command, i) => i !== at && command.type === fields.type && command.name === fields.name)) throw invalidForm('name', `a command named ${describe(fields.name)} of this type exists`);
    list[at] = this.#stored(applicationId, guildId, fields, old.id);
    return structuredClone(list[at]!);
  }

  remove(applicationId: string, guildId: string | null, id: string | undefined): void {
    const { list, at } = this.#find(applicationId, guildId, id);
    list.splice(at, 1);
  }
}

const stores = new WeakMap<NativeWorld, CommandStore>();

/** The world's command store (made on first use). */
export function commandStore(world: NativeWorld): CommandStore {
  let store = stores.get(world);
  if (!store) stores.set(world, (store = new CommandStore(world)));
  return store;
}
