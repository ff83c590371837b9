/**
 * What the simulated chat client answers on an RPC connection once the handshake is done: the
 * READY dispatch, and the commands (payloads of public docs topics/rpc.mdx, "Payloads": `cmd`,
 * `nonce`, `evt`, `data`, `args`). Served: SUBSCRIBE / UNSUBSCRIBE of GUILD_STATUS, and
 * SET_ACTIVITY (what a rich-presence library sends once connected); any other command is an ERROR
 * with code 4002 (Invalid command). Errors are the docs' ERROR event: `evt: 'ERROR'`, `data:
 * { code, message }`, with the command's `cmd` and `nonce` (topics/rpc.mdx "Example Error Payload").
 * @internal
 * @module
 */
import type { NativeWorld } from '../../addon/native.js';
import { toSnowflake } from '../../model/ids.js';

/** RPC error codes (public docs, opcodes-and-status-codes.mdx "RPC Error Codes"). */
export const RpcErrorCode = { UnknownError: 1000, InvalidPayload: 4000, InvalidCommand: 4002, InvalidGuild: 4003, InvalidEvent: 4004 } as const;

/** RPC close codes (opcodes-and-status-codes.mdx "RPC Close Event Codes"), and 1000 / 1003 (see server.ts). */
export const RpcCloseCode = { Normal: 1000, Unsupported: 1003, InvalidClientId: 4000, InvalidVersion: 4004 } as const;

/** The activity types SET_ACTIVITY accepts (topics/rpc.mdx: Playing 0, Listening 2, Watching 3, Competing 5). */
const SET_ACTIVITY_TYPES: readonly number[] = [0, 2, 3, 5];

/** One connection's state the commands read and change. */
export interface RpcSessionState {
  userId: string;
  applicationId: string;
  /** Guild ids subscribed to with GUILD_STATUS. */
  guildStatus: Set<string>;
  /** The rich presence set with SET_ACTIVITY, or null. */
  activity: Record<string, unknown> | null;
}

type Payload = Record<string, unknown>;

/** Whether a string from a client is an id in canonical form (the world's lookups take only those). */
export function isSnowflake(text: string): boolean {
  try {
    return toSnowflake(text, 'id') === text;
  } catch {
    return false;
  }
}

function error(cmd: unknown, nonce: unknown, code: number, message: string): Payload {
  return { cmd: typeof cmd === 'string' ? cmd : null, evt: 'ERROR', data: { code, message }, nonce: typeof nonce === 'string' ? nonce : null };
}

/** The server configuration a READY carries (topics/rpc.mdx, "Ready Dispatch Data Structure"; the embedded app SDK's READY too). */
export const RPC_SERVER_CONFIG = { cdn_host: 'cdn.discordapp.com', api_endpoint: '//discord.com/api', environment: 'production' } as const;

/** The READY dispatch (topics/rpc.mdx "Ready Dispatch Data Structure"): version, server configuration, the signed-in user. */
export function readyDispatch(world: NativeWorld, userId: string): Payload {
  const user = userId === '0' ? null : world.getUser(userId);
  return {
    cmd: 'DISPATCH',
    evt: 'READY',
    nonce: null,
    data: {
      v: 1,
      config: RPC_SERVER_CONFIG,
      // The chat client signed out: no user (OUR CHOICE: the docs only show a signed-in client).
      ...(user ? { user: { id: user.id, username: user.username, discriminator: '0', global_name: user.globalName, avatar: user.avatar, bot: false, flags: 0, premium_type: 0 } } : {}),
    },
  };
}

/** The GUILD_STATUS dispatch (topics/rpc.mdx "Guild Status Dispatch Data Structure"; `online` is always 0). */
function guildStatus(world: NativeWorld, guildId: string): Payload | null {
  const guild = world.getGuild(guildId);
  if (!guild) return null;
  // The world keeps no guild icons: icon_url is null.
  return { cmd: 'DISPATCH', evt: 'GUILD_STATUS', nonce: null, data: { guild: { id: guild.id, name: guild.name, icon_url: null }, online: 0 } };
}

/** Whether the session's user may see the guild: a member of it. */
function visibleGuild(world: NativeWorld, session: RpcSessionState, guildId: unknown): guildId is string {
  if (typeof guildId !== 'string' || !isSnowflake(guildId)) return false;
  const guild = world.getGuild(guildId);
  return guild !== null && guild.members.some((member) => member.userId === session.userId);
}

function isObject(value: unknown): value is Payload {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Answers one FRAME's payload: the replies to send, in order. Never throws on bad input. */
export function answerCommand(world: NativeWorld, session: RpcSessionState, payload: unknown): Payload[] {
  if (!isObject(payload) || typeof payload.cmd !== 'string') {
    return [error(isObject(payload) ? payload.cmd : null, isObject(payload) ? payload.nonce : null, RpcErrorCode.InvalidPayload, 'Invalid payload: a command is an object with a string cmd')];
  }
  const { cmd, nonce, evt } = payload;
  const args = isObject(payload.args) ? payload.args : {};
  const reply = (data: unknown, event: unknown = null): Payload => ({ cmd, evt: event, data, nonce: typeof nonce === 'string' ? nonce : null });
  switch (cmd) {
    case 'SUBSCRIBE':
    case 'UNSUBSCRIBE': {
      if (evt !== 'GUILD_STATUS') return [error(cmd, nonce, RpcErrorCode.InvalidEvent, `Invalid event: ${typeof evt === 'string' ? evt.slice(0, 64) : String(evt)}`)];
      if (!visibleGuild(world, session, args.guild_id)) return [error(cmd, nonce, RpcErrorCode.InvalidGuild, 'Invalid guild id')];
      if (cmd === 'UNSUBSCRIBE') {
        session.guildStatus.delete(args.guild_id);
        return [reply({ evt })];
      }
      session.guildStatus.add(args.guild_id);
      // The guild's status right away, then on changes (topics/rpc.mdx: "sent when a subscribed server's state changes").
      const status = guildStatus(world, args.guild_id);
      // The response carries the event in data only (topics/rpc.mdx "Example Subscribe Response Payload").
      return status ? [reply({ evt }), status] : [reply({ evt })];
    }
    case 'SET_ACTIVITY': {
      if (args.activity === undefined || args.activity === null) {
        session.activity = null;
        return [reply(null)];
      }
      if (!isObject(args.activity)) return [error(cmd, nonce, RpcErrorCode.InvalidPayload, 'Invalid payload: activity must be an object')];
      const type = args.activity.type ?? 0;
      if (typeof type !== 'number' || !SET_ACTIVITY_TYPES.includes(type)) {
        return [error(cmd, nonce, RpcErrorCode.InvalidPayload, 'Invalid payload: activity type must be Playing (0), Listening (2), Watching (3) or Competing (5)')];
      }
      session.activity = { ...args.activity, type };
      return [reply({ ...session.activity, application_id: session.applicationId })];
    }
    default:
      return [error(cmd, nonce, RpcErrorCode.InvalidCommand, `Invalid command: ${cmd.slice(0, 64)}`)];
  }
}

/** The GUILD_STATUS dispatches due to a session (after a change of `only`, else of any), one per subscribed guild still visible. */
export function guildStatusDispatches(world: NativeWorld, session: RpcSessionState, only?: string): Payload[] {
  return [...session.guildStatus].filter((id) => only === undefined || id === only).flatMap((id) => {
    const status = visibleGuild(world, session, id) ? guildStatus(world, id) : null;
    return status ? [status] : [];
  });
}
