/**
 * The simulated gateway's wire: the connection's query (version, encoding, compression), the
 * payloads (JSON text frames `{ op, d, s, t }`), the opcodes, close codes and intents as
 * discord-api-types gives them (GatewayOpcodes, GatewayCloseCodes, GatewayIntentBits), and the
 * checks of what a bot sends. The platform document leaves close codes "not shown": these are the
 * public docs' (topics/opcodes-and-status-codes.mdx, "Gateway Close Event Codes").
 * @internal
 * @module
 */
import { GatewayCloseCodes, GatewayIntentBits, GatewayOpcodes } from 'discord-api-types/v10';

export { GatewayCloseCodes, GatewayIntentBits, GatewayOpcodes };

/** The path the gateway is served at, beside the API. */
export const GATEWAY_PATH = '/gateway/';

/** The API versions the gateway speaks (as the HTTP service: v10 and v9). */
export const GATEWAY_VERSIONS: readonly number[] = [10, 9];

/**
 * The heartbeat interval a Hello gives by default (ms): the public docs' example (events/gateway.mdx
 * gives 45000; the value is the service's to choose, and a bot must follow the one it is given).
 */
export const DEFAULT_HEARTBEAT_INTERVAL_MS = 45_000;

/** "Must not exceed 4096 bytes" (events/gateway.mdx, "Sending Events"): a larger payload closes with 4002. */
export const MAX_SENT_PAYLOAD_BYTES = 4096;

/** Every intent bit discord-api-types knows; a bit outside it closes the connection with 4013. */
export const KNOWN_INTENTS: number = Object.values(GatewayIntentBits)
  .filter((value): value is number => typeof value === 'number')
  .reduce((all, bit) => all | bit, 0);

/** One payload of the gateway. */
export interface GatewayPayload {
  op: number;
  d: unknown;
  s: number | null;
  t: string | null;
}

/** A refusal that closes the connection with a close code and a reason. */
export class GatewayClose extends Error {
  constructor(
    readonly code: GatewayCloseCodes,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/**
 * What the connection's query asks (`?v=10&encoding=json&compress=...`), or the close that
 * refuses it. `v` is required (the docs' default version is one the gateway no longer serves:
 * 4012, our choice); `encoding` defaults to `json`. ETF and transport compression are not
 * supported here: the docs give no close code for that, so ours is 4002 Decode error (our choice).
 */
export function checkQuery(query: URLSearchParams): { version: number } | GatewayClose {
  const version = Number(query.get('v'));
  if (!GATEWAY_VERSIONS.includes(version)) return new GatewayClose(GatewayCloseCodes.InvalidAPIVersion, 'Invalid API version.');
  const encoding = query.get('encoding') ?? 'json';
  if (encoding !== 'json') return new GatewayClose(GatewayCloseCodes.DecodeError, `Unsupported encoding: this gateway sends JSON only.`);
  if (query.has('compress')) return new GatewayClose(GatewayCloseCodes.DecodeError, 'Unsupported transport compression: this gateway does not compress.');
  return { version };
}

/** A frame a bot sent, decoded, or the close it earns (4002 for anything but a JSON object with an integer `op`). */
export function decodeFrame(data: Buffer, isBinary: boolean): GatewayPayload | GatewayClose {
  const decodeError = new GatewayClose(GatewayCloseCodes.DecodeError, 'Error while decoding payload.');
  if (isBinary || data.length > MAX_SENT_PAYLOAD_BYTES) return decodeError;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    return decodeError;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return decodeError;
  const { op, d } = parsed as Record<string, unknown>;
  if (typeof op !== 'number' || !Number.isInteger(op)) return decodeError;
  return { op, d: d ?? null, s: null, t: null };
}

/** The fields of an Identify that the gateway reads, or the close it earns. */
export interface Identify {
  token: string;
  intents: number;
  shard: readonly [number, number];
  largeThreshold: number;
  /** The gateway capabilities asked for (discord-api-types GatewayCapabilityBits; 0 when left out). */
  capabilities: number;
}

/** A token as sent (a `Bot ` prefix is accepted: our choice, some libraries send it). */
function tokenOf(token: unknown): string | undefined {
  return typeof token === 'string' && token.length > 0 && token.length <= 4096 ? token.replace(/^Bot /, '') : undefined;
}

export function checkIdentify(d: unknown): Identify | GatewayClose {
  if (typeof d !== 'object' || d === null || Array.isArray(d)) return new GatewayClose(GatewayCloseCodes.DecodeError, 'Error while decoding payload.');
  const given = d as Record<string, unknown>;
  const token = tokenOf(given['token']);
  if (token === undefined) return new GatewayClose(GatewayCloseCodes.AuthenticationFailed, 'Authentication failed.');
  const intents = given['intents'];
  if (typeof intents !== 'number' || !Number.isInteger(intents) || intents < 0 || (intents & ~KNOWN_INTENTS) !== 0) {
    return new GatewayClose(GatewayCloseCodes.InvalidIntents, 'Invalid intent(s).');
  }
  let shard: readonly [number, number] = [0, 1];
  if (given['shard'] !== undefined) {
    const pair = given['shard'];
    const valid = Array.isArray(pair) && pair.length === 2 && pair.every((n) => Number.isInteger(n)) && pair[1] >= 1 && pair[0] >= 0 && pair[0] < pair[1];
    if (!valid) return new GatewayClose(GatewayCloseCodes.InvalidShard, 'Invalid shard.');
    shard = [pair[0] as number, pair[1] as number];
  }
  const threshold = given['large_threshold'];
  const largeThreshold = typeof threshold === 'number' && Number.isInteger(threshold) ? Math.min(250, Math.max(50, threshold)) : 50;
  // `capabilities` is an integer bitfield, 0 by default (discord-api-types GatewayIdentifyData); another value does not decode.
  const capabilities = given['capabilities'] ?? 0;
  if (typeof capabilities !== 'number' || !Number.isInteger(capabilities) || capabilities < 0 || capabilities > 0x7fffffff) {
    return new GatewayClose(GatewayCloseCodes.DecodeError, 'Error while decoding payload.');
  }
  return { token, intents, shard, largeThreshold, capabilities };
}

/** The fields of a Resume, or the close it earns. */
export function checkResume(d: unknown): { token: string; sessionId: string; seq: number } | GatewayClose {
  const given = typeof d === 'object' && d !== null ? (d as Record<string, unknown>) : {};
  const token = tokenOf(given['token']);
  const sessionId = given['session_id'];
  const seq = given['seq'] ?? 0;
  if (token === undefined || typeof sessionId !== 'string' || typeof seq !== 'number' || !Number.isInteger(seq) || seq < 0) {
    return new GatewayClose(GatewayCloseCodes.DecodeError, 'Error while decoding payload.');
  }
  return { token, sessionId, seq };
}

/** Whether a guild is in a shard: `(guild_id >> 22) % num_shards == shard_id` (events/gateway.mdx, "Sharding Formula"). */
export function inShard(guildId: string, [shardId, count]: readonly [number, number]): boolean {
  // One shard holds every guild (most bots): no BigInt made per dispatch.
  if (count === 1) return shardId === 0;
  return Number((BigInt(guildId) >> 22n) % BigInt(count)) === shardId;
}

/** The fields Request Channel Info may ask for (events/gateway-events.mdx: "currently `status` and `voice_start_time`"). */
export const CHANNEL_INFO_FIELDS = ['status', 'voice_start_time'] as const;
export type ChannelInfoField = (typeof CHANNEL_INFO_FIELDS)[number];

/**
 * A Request Channel Info's `{ guild_id, fields }` (opcode 43), or the close it earns: a payload
 * of another shape does not decode (4002, our choice: the docs name no close for it). A field
 * name the gateway does not know is left out of the answer (our choice).
 */
export function checkRequestChannelInfo(d: unknown): { guildId: string; fields: ChannelInfoField[] } | GatewayClose {
  const decodeError = new GatewayClose(GatewayCloseCodes.DecodeError, 'Error while decoding payload.');
  if (typeof d !== 'object' || d === null || Array.isArray(d)) return decodeError;
  const { guild_id: guildId, fields } = d as Record<string, unknown>;
  if (typeof guildId !== 'string' || !/^\d{1,20}$/.test(guildId)) return decodeError;
  if (!Array.isArray(fields) || fields.length > 16 || !fields.every((field) => typeof field === 'string')) return decodeError;
  return { guildId, fields: CHANNEL_INFO_FIELDS.filter((field) => fields.includes(field)) };
}
