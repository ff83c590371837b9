/**
 * The application command routes of the simulated service (docs interactions/application-commands.mdx,
 * "Endpoints"): global and guild commands, listed, created, overwritten in bulk, read, edited and
 * deleted with the application's bot token. The store and its rules are the interactions room's
 * (../interactions/commands.ts). A guild's commands need the application's bot in the guild (our
 * stand-in for the applications.commands scope there): 404 10004 or 403 50001 otherwise.
 * @internal
 * @module
 */
import { commandStore } from '../interactions/commands.js';
import { pathApplication } from './applications.js';
import { botGuild } from './wire-guilds.js';
import type { RouteHandlers, ServiceRequest, ServiceContext } from './routes.js';

/** The application of the path (the bot's own) and the guild, when the route names one. */
function scope(request: ServiceRequest, context: ServiceContext): { applicationId: string; guildId: string | null } {
  const applicationId = pathApplication(context, request.caller.applicationId, request.params['application_id']);
  const given = request.params['guild_id'];
  return { applicationId, guildId: given === undefined ? null : botGuild(context, request.caller, given).guild.id };
}

function list(request: ServiceRequest, context: ServiceContext) {
  const { applicationId, guildId } = scope(request, context);
  return { status: 200, body: commandStore(context.world).list(applicationId, guildId) };
}

function create(request: ServiceRequest, context: ServiceContext) {
  const { applicationId, guildId } = scope(request, context);
  const { command, created } = commandStore(context.world).create(applicationId, guildId, request.body);
  // "Creating a command with the same name as an existing command for your application will
  // overwrite the old command": 201 when new, 200 when it replaced one (application-commands.mdx).
  return { status: created ? 201 : 200, body: command };
}

function overwrite(request: ServiceRequest, context: ServiceContext) {
  const { applicationId, guildId } = scope(request, context);
  return { status: 200, body: commandStore(context.world).overwrite(applicationId, guildId, request.body) };
}

function get(request: ServiceRequest, context: ServiceContext) {
  const { applicationId, guildId } = scope(request, context);
  return { status: 200, body: commandStore(context.world).get(applicationId, guildId, request.params['command_id']) };
}

function edit(request: ServiceRequest, context: ServiceContext) {
  const { applicationId, guildId } = scope(request, context);
  return { status: 200, body: commandStore(context.world).edit(applicationId, guildId, request.params['command_id'], request.body) };
}

function remove(request: ServiceRequest, context: ServiceContext) {
  const { applicationId, guildId } = scope(request, context);
  commandStore(context.world).remove(applicationId, guildId, request.params['command_id']);
  return { status: 204 };
}

export const COMMAND_HANDLERS = {
  getGlobalApplicationCommands: { handle: list },
  createGlobalApplicationCommand: { handle: create },
  bulkOverwriteGlobalApplicationCommands: { handle: overwrite },
  getGlobalApplicationCommand: { handle: get },
  editGlobalApplicationCommand: { handle: edit },
  deleteGlobalApplicationCommand: { handle: remove },
  getGuildApplicationCommands: { handle: list },
  createGuildApplicationCommand: { handle: create },
  bulkOverwriteGuildApplicationCommands: { handle: overwrite },
  getGuildApplicationCommand: { handle: get },
  editGuildApplicationCommand: { handle: edit },
  deleteGuildApplicationCommand: { handle: remove },
} satisfies RouteHandlers;
