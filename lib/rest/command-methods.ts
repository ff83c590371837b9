/**
 * The RestClient's application command and interaction response methods (docs interactions/
 * application-commands.mdx and receiving-and-responding.mdx). Commands take the bot token;
 * the interaction routes carry the interaction's token in the path instead (no Authorization
 * header; the token is kept out of every error as the bot token is). Bodies and answers are the
 * service's own shapes, typed with discord-api-types. Installed on RestClient.prototype when
 * rest/index.ts loads this module.
 * @module
 */
import type {
  APIApplicationCommand,
  APIInteractionResponse,
  APIMessage,
  RESTPatchAPIApplicationCommandJSONBody,
  RESTPatchAPIWebhookWithTokenMessageJSONBody,
  RESTPostAPIApplicationCommandsJSONBody,
  RESTPostAPIInteractionCallbackWithResponseResult,
  RESTPostAPIInteractionFollowupJSONBody,
} from 'discord-api-types/v10';

import { typeName } from '../common/validate.js';
import { toSnowflake, type SnowflakeInput } from '../model/ids.js';
import { ROUTES, type RouteSpec } from '../routes/table.js';
import { checkRequestOptions } from './bodies.js';
import { defineRestMethods, internals, type RestClient } from './client.js';
import { route } from './routes.js';
import type { RequestOptions } from './types.js';

/** Options of the command methods: `guildId` for a guild's commands (default: the global ones). */
export interface CommandRequestOptions extends RequestOptions {
  guildId?: SnowflakeInput;
}

declare module './client.js' {
  interface RestClient {
    /** The application's commands (`GET /applications/{id}/commands`, or a guild's with `options.guildId`). */
    getApplicationCommands(applicationId: SnowflakeInput, options?: CommandRequestOptions): Promise<APIApplicationCommand[]>;
    /**
     * Creates a command (a name taken by a command of the same type is replaced). At most 100 slash
     * commands and 15 user and 15 message commands per scope: beyond, a `SocialSdkError` with the
     * service's code 30032.
     */
    createApplicationCommand(applicationId: SnowflakeInput, command: RESTPostAPIApplicationCommandsJSONBody, options?: CommandRequestOptions): Promise<APIApplicationCommand>;
    /** Replaces every command of the scope with `commands` (`PUT`); those named again keep their ids. */
    bulkOverwriteApplicationCommands(applicationId: SnowflakeInput, commands: RESTPostAPIApplicationCommandsJSONBody[], options?: CommandRequestOptions): Promise<APIApplicationCommand[]>;
    /** One command. */
    getApplicationCommand(applicationId: SnowflakeInput, commandId: SnowflakeInput, options?: CommandRequestOptions): Promise<APIApplicationCommand>;
    /** Edits a command (only the fields given change). */
    editApplicationCommand(applicationId: SnowflakeInput, commandId: SnowflakeInput, changes: RESTPatchAPIApplicationCommandJSONBody, options?: CommandRequestOptions): Promise<APIApplicationCommand>;
    /** Deletes a command. */
    deleteApplicationCommand(applicationId: SnowflakeInput, commandId: SnowflakeInput, options?: CommandRequestOptions): Promise<void>;
    /**
     * The initial response to an interaction (`POST /interactions/{id}/{token}/callback`), due
     * within 3 seconds of the interaction; with `withResponse`, answers the service's callback
     * object (the message it created), else undefined.
     */
    createInteractionResponse(interactionId: SnowflakeInput, token: string, response: APIInteractionResponse, options?: RequestOptions & { withResponse?: boolean }): Promise<RESTPostAPIInteractionCallbackWithResponseResult | undefined>;
    /** A follow-up message (`POST /webhooks/{application}/{token}`), for 15 minutes after the interaction. */
    createFollowupMessage(applicationId: SnowflakeInput, token: string, message: RESTPostAPIInteractionFollowupJSONBody, options?: RequestOptions): Promise<APIMessage>;
    /** The original response (`messageId` '@original', the default) or a follow-up message. */
    getInteractionMessage(applicationId: SnowflakeInput, token: string, messageId?: SnowflakeInput | '@original', options?: RequestOptions): Promise<APIMessage>;
    /** Edits the original response (ending a deferral's loading state) or a follow-up message. */
    editInteractionMessage(applicationId: SnowflakeInput, token: string, changes: RESTPatchAPIWebhookWithTokenMessageJSONBody, messageId?: SnowflakeInput | '@original', options?: RequestOptions): Promise<APIMessage>;
    /** Deletes the original response or a follow-up message. */
    deleteInteractionMessage(applicationId: SnowflakeInput, token: string, messageId?: SnowflakeInput | '@original', options?: RequestOptions): Promise<void>;
  }
}

/** The command route of the scope: global, or the guild's (its own table entry). */
function commandRoute(global: RouteSpec, guild: RouteSpec, applicationId: SnowflakeInput, options: CommandRequestOptions | undefined, ...rest: string[]) {
  const app = toSnowflake(applicationId, 'applicationId');
  const { guildId, ...request } = options ?? {};
  const target = guildId === undefined ? route(global, app, ...rest) : route(guild, app, toSnowflake(guildId, 'options.guildId'), ...rest);
  return { target, checked: checkRequestOptions(request, false) };
}

function checkBody(value: unknown, name: string): object {
  if (typeof value !== 'object' || value === null) throw new TypeError(`${name} must be an object, got ${typeName(value)}`);
  return value;
}

/** An interaction token: opaque text (its value never shown). */
function checkInteractionToken(token: unknown): string {
  if (typeof token !== 'string' || token.length === 0 || token.length > 1024 || /[\s/]/.test(token)) throw new TypeError('token must be the interaction token (a non-empty string without spaces or slashes)');
  return token;
}

function messageIdOf(messageId: SnowflakeInput | '@original' | undefined): string {
  return messageId === undefined || messageId === '@original' ? '@original' : toSnowflake(messageId, 'messageId');
}

/** The request of an interaction route: no Authorization header; the token in the path is the secret to redact. */
async function interactionRequest(client: RestClient, spec: RouteSpec, values: string[], token: string, options: RequestOptions | undefined, extra: { body?: unknown; query?: Record<string, string> } = {}) {
  const checked = checkRequestOptions(options, false);
  return internals(client).transport.execute({ route: route(spec, ...values), ...checked, authorization: null, secrets: [token], ...extra });
}

defineRestMethods({
  async getApplicationCommands(applicationId, options) {
    const { target, checked } = commandRoute(ROUTES.getGlobalApplicationCommands, ROUTES.getGuildApplicationCommands, applicationId, options);
    return (await internals(this).send(target, checked)).body as APIApplicationCommand[];
  },
  async createApplicationCommand(applicationId, command, options) {
    const { target, checked } = commandRoute(ROUTES.createGlobalApplicationCommand, ROUTES.createGuildApplicationCommand, applicationId, options);
    return (await internals(this).send(target, checked, { body: checkBody(command, 'command') })).body as APIApplicationCommand;
  },
  async bulkOverwriteApplicationCommands(applicationId, commands, options) {
    if (!Array.isArray(commands)) throw new TypeError(`commands must be an array, got ${typeName(commands)}`);
    const { target, checked } = commandRoute(ROUTES.bulkOverwriteGlobalApplicationCommands, ROUTES.bulkOverwriteGuildApplicationCommands, applicationId, options);
    return (await internals(this).send(target, checked, { body: commands })).body as APIApplicationCommand[];
  },
  async getApplicationCommand(applicationId, commandId, options) {
    const { target, checked } = commandRoute(ROUTES.getGlobalApplicationCommand, ROUTES.getGuildApplicationCommand, applicationId, options, toSnowflake(commandId, 'commandId'));
    return (await internals(this).send(target, checked)).body as APIApplicationCommand;
  },
  async editApplicationCommand(applicationId, commandId, changes, options) {
    const { target, checked } = commandRoute(ROUTES.editGlobalApplicationCommand, ROUTES.editGuildApplicationCommand, applicationId, options, toSnowflake(commandId, 'commandId'));
    return (await internals(this).send(target, checked, { body: checkBody(changes, 'changes') })).body as APIApplicationCommand;
  },
  async deleteApplicationCommand(applicationId, commandId, options) {
    const { target, checked } = commandRoute(ROUTES.deleteGlobalApplicationCommand, ROUTES.deleteGuildApplicationCommand, applicationId, options, toSnowflake(commandId, 'commandId'));
    await internals(this).send(target, checked);
  },
  async createInteractionResponse(interactionId, token, response, options) {
    const { withResponse, ...request } = options ?? {};
    const secret = checkInteractionToken(token);
    const query = withResponse === true ? { with_response: 'true' } : undefined;
    const result = await interactionRequest(this, ROUTES.createInteractionResponse, [toSnowflake(interactionId, 'interactionId'), secret], secret, request, { body: checkBody(response, 'response'), ...(query ? { query } : {}) });
    return result.body as RESTPostAPIInteractionCallbackWithResponseResult | undefined;
  },
  async createFollowupMessage(applicationId, token, message, options) {
    const secret = checkInteractionToken(token);
    return (await interactionRequest(this, ROUTES.createFollowupMessage, [toSnowflake(applicationId, 'applicationId'), secret], secret, options, { body: checkBody(message, 'message') })).body as APIMessage;
  },
  async getInteractionMessage(applicationId, token, messageId, options) {
    const secret = checkInteractionToken(token);
    const id = messageIdOf(messageId);
    const [spec, values] = id === '@original' ? [ROUTES.getOriginalInteractionResponse, [toSnowflake(applicationId, 'applicationId'), secret]] : [ROUTES.getFollowupMessage, [toSnowflake(applicationId, 'applicationId'), secret, id]];
    return (await interactionRequest(this, spec, values, secret, options)).body as APIMessage;
  },
  async editInteractionMessage(applicationId, token, changes, messageId, options) {
    const secret = checkInteractionToken(token);
    const id = messageIdOf(messageId);
    const [spec, values] = id === '@original' ? [ROUTES.editOriginalInteractionResponse, [toSnowflake(applicationId, 'applicationId'), secret]] : [ROUTES.editFollowupMessage, [toSnowflake(applicationId, 'applicationId'), secret, id]];
    return (await interactionRequest(this, spec, values, secret, options, { body: checkBody(changes, 'changes') })).body as APIMessage;
  },
  async deleteInteractionMessage(applicationId, token, messageId, options) {
    const secret = checkInteractionToken(token);
    const id = messageIdOf(messageId);
    const [spec, values] = id === '@original' ? [ROUTES.deleteOriginalInteractionResponse, [toSnowflake(applicationId, 'applicationId'), secret]] : [ROUTES.deleteFollowupMessage, [toSnowflake(applicationId, 'applicationId'), secret, id]];
    await interactionRequest(this, spec, values, secret, options);
  },
});

