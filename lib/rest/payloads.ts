/**
 * Responses of the service converted to the package's conventions, once per kind of object:
 * snake_case wire fields become camelCase, IDs are decimal strings. The wire shapes come from
 * discord-api-types where it has them (users, game profiles); its 0.38 line has no lobby types,
 * so those are declared here from the service's documentation (server-api.md §1.1).
 *
 * A response that is not the documented shape is an `HTTPError` naming the route and the field,
 * never a half-filled object.
 * @internal
 * @module
 */
import type { APIApplicationIdentityProfile, APIApplicationIdentityProfilePrimaryData, APIUser } from 'discord-api-types/v10';

import { SocialSdkError } from '../common/errors.js';
import type {
  ApplicationIdentityProfile,
  Lobby,
  LobbyInvite,
  LobbyLinkedChannel,
  LobbyMember,
  LobbyMessage,
  Metadata,
  ProfileData,
  ProfileDynamicField,
  ProfileMedia,
  ProfilePrimaryData,
  RestUser,
} from './types.js';

/** A lobby member on the wire (service documentation: LobbyMember). */
export interface WireLobbyMember {
  id: string;
  metadata: Record<string, string> | null;
  flags: number;
  additional_name?: string;
}

/** A lobby on the wire (service documentation: Lobby; SPEC LobbyResponse). */
export interface WireLobby {
  id: string;
  application_id: string;
  metadata: Record<string, string> | null;
  members: WireLobbyMember[];
  linked_channel?: { id: string; type: number; guild_id?: string; name?: string } | null;
  flags?: number;
}

/** A lobby message on the wire (service documentation: LobbyMessage). */
export interface WireLobbyMessage {
  id: string;
  type: number;
  content: string;
  lobby_id: string;
  channel_id: string;
  author: APIUser;
  lobby_member?: { additional_name: string };
  metadata?: Record<string, string> | null;
  moderation_metadata?: Record<string, string> | null;
  flags: number;
  application_id?: string;
}

/** The camelCase names of the profile's standard stats, by wire name. */
const PRIMARY_FIELDS = {
  season: 'season',
  rank_name: 'rankName',
  rank_image: 'rankImage',
  highest_rank: 'highestRank',
  highest_rank_image: 'highestRankImage',
  featured_played_character: 'featuredPlayedCharacter',
  featured_played_character_image: 'featuredPlayedCharacterImage',
  playtime_hours: 'playtimeHours',
  total_wins: 'totalWins',
  current_period_wins: 'currentPeriodWins',
  total_games: 'totalGames',
  current_period_games: 'currentPeriodGames',
  total_kills: 'totalKills',
  current_period_kills: 'currentPeriodKills',
  total_assists: 'totalAssists',
  current_period_assists: 'currentPeriodAssists',
  total_deaths: 'totalDeaths',
  current_period_deaths: 'currentPeriodDeaths',
} as const satisfies Record<keyof APIApplicationIdentityProfilePrimaryData, keyof ProfilePrimaryData>;

/** @internal The wire name of each camelCase standard stat (for request bodies). */
export const PRIMARY_WIRE_NAMES = Object.fromEntries(Object.entries(PRIMARY_FIELDS).map(([wire, camel]) => [camel, wire])) as Record<
  keyof ProfilePrimaryData,
  keyof APIApplicationIdentityProfilePrimaryData
>;

/** @internal Reads fields of one response object, failing with the route and the field's path. */
export class Reader {
  constructor(readonly route: string) {}

  fail(path: string, what: string): never {
    throw new SocialSdkError(`${this.route}: the service's response is malformed: ${path} must be ${what}`, { type: 'HTTPError', route: this.route });
  }

  object(value: unknown, path: string): Record<string, unknown> {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) this.fail(path, 'an object');
    return value as Record<string, unknown>;
  }

  array(value: unknown, path: string): unknown[] {
    if (!Array.isArray(value)) this.fail(path, 'an array');
    return value;
  }

  string(value: unknown, path: string): string {
    if (typeof value !== 'string') this.fail(path, 'a string');
    return value;
  }

  id(value: unknown, path: string): string {
    // Snowflakes travel as decimal strings; a number is accepted only when it is exact.
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
    if (typeof value !== 'string' || !/^[0-9]{1,20}$/.test(value)) this.fail(path, 'an ID (a decimal string)');
    return BigInt(value).toString();
  }

  number(value: unknown, path: string, fallback?: number): number {
    if (value === undefined && fallback !== undefined) return fallback;
    if (typeof value !== 'number' || !Number.isFinite(value)) this.fail(path, 'a number');
    return value;
  }

  optionalString(value: unknown, path: string): string | undefined {
    return value === undefined || value === null ? undefined : this.string(value, path);
  }

  /** Metadata: null and absent are an empty map. */
  metadata(value: unknown, path: string): Metadata {
    if (value === undefined || value === null) return {};
    const entries = this.object(value, path);
    const out: Metadata = {};
    for (const key of Object.keys(entries)) {
      const text = this.string(entries[key], `${path}.${key}`);
      // A key `__proto__` is defined as an own entry (an assignment would set the prototype); the
      // others are assigned, which keeps the object in V8's fast mode.
      if (key === '__proto__') Object.defineProperty(out, key, { value: text, enumerable: true, writable: true, configurable: true });
      else out[key] = text;
    }
    return out;
  }
}

function member(read: Reader, value: unknown, path: string): LobbyMember {
  const wire = read.object(value, path);
  const out: LobbyMember = {
    id: read.id(wire.id, `${path}.id`),
    metadata: read.metadata(wire.metadata, `${path}.metadata`),
    flags: read.number(wire.flags, `${path}.flags`, 0),
  };
  const additionalName = read.optionalString(wire.additional_name, `${path}.additional_name`);
  if (additionalName !== undefined) out.additionalName = additionalName;
  return out;
}

function linkedChannel(read: Reader, value: unknown, path: string): LobbyLinkedChannel {
  const wire = read.object(value, path);
  const out: LobbyLinkedChannel = { id: read.id(wire.id, `${path}.id`), type: read.number(wire.type, `${path}.type`, 0) };
  if (wire.guild_id !== undefined && wire.guild_id !== null) out.guildId = read.id(wire.guild_id, `${path}.guild_id`);
  const name = read.optionalString(wire.name, `${path}.name`);
  if (name !== undefined) out.name = name;
  return out;
}

function lobby(read: Reader, value: unknown, path: string): Lobby {
  const wire = read.object(value, path);
  const out: Lobby = {
    id: read.id(wire.id, `${path}.id`),
    applicationId: read.id(wire.application_id, `${path}.application_id`),
    metadata: read.metadata(wire.metadata, `${path}.metadata`),
    members: read.array(wire.members ?? [], `${path}.members`).map((entry, index) => member(read, entry, `${path}.members[${index}]`)),
    flags: read.number(wire.flags, `${path}.flags`, 0),
  };
  if (wire.linked_channel !== undefined && wire.linked_channel !== null) out.linkedChannel = linkedChannel(read, wire.linked_channel, `${path}.linked_channel`);
  return out;
}

/** @internal A user object. */
export function user(read: Reader, value: unknown, path: string): RestUser {
  const wire = read.object(value, path);
  return {
    id: read.id(wire.id, `${path}.id`),
    username: read.string(wire.username, `${path}.username`),
    globalName: read.optionalString(wire.global_name, `${path}.global_name`) ?? null,
    avatar: read.optionalString(wire.avatar, `${path}.avatar`) ?? null,
    bot: wire.bot === true,
  };
}

function message(read: Reader, value: unknown, path: string): LobbyMessage {
  const wire = read.object(value, path);
  const out: LobbyMessage = {
    id: read.id(wire.id, `${path}.id`),
    type: read.number(wire.type, `${path}.type`, 0),
    content: read.string(wire.content, `${path}.content`),
    lobbyId: read.id(wire.lobby_id, `${path}.lobby_id`),
    channelId: read.id(wire.channel_id, `${path}.channel_id`),
    author: user(read, wire.author, `${path}.author`),
    flags: read.number(wire.flags, `${path}.flags`, 0),
  };
  if (wire.lobby_member !== undefined && wire.lobby_member !== null) {
    const additionalName = read.optionalString(read.object(wire.lobby_member, `${path}.lobby_member`).additional_name, `${path}.lobby_member.additional_name`);
    if (additionalName !== undefined) out.additionalName = additionalName;
  }
  if (wire.metadata !== undefined && wire.metadata !== null) out.metadata = read.metadata(wire.metadata, `${path}.metadata`);
  if (wire.moderation_metadata !== undefined && wire.moderation_metadata !== null) {
    out.moderationMetadata = read.metadata(wire.moderation_metadata, `${path}.moderation_metadata`);
  }
  if (wire.application_id !== undefined && wire.application_id !== null) out.applicationId = read.id(wire.application_id, `${path}.application_id`);
  return out;
}

function media(read: Reader, value: unknown, path: string): ProfileMedia {
  return { url: read.string(read.object(value, path).url, `${path}.url`) };
}

function dynamicField(read: Reader, value: unknown, path: string): ProfileDynamicField {
  const wire = read.object(value, path);
  const name = read.string(wire.name, `${path}.name`);
  switch (wire.type) {
    case 1:
      return { type: 1, name, value: read.string(wire.value, `${path}.value`) };
    case 2:
      return { type: 2, name, value: read.number(wire.value, `${path}.value`) };
    case 3:
      return { type: 3, name, value: media(read, wire.value, `${path}.value`) };
    default:
      return read.fail(`${path}.type`, '1, 2 or 3');
  }
}

function profileData(read: Reader, value: unknown, path: string): ProfileData {
  const wire = read.object(value, path);
  const out: ProfileData = {};
  if (wire.primary !== undefined && wire.primary !== null) {
    const primaryWire = read.object(wire.primary, `${path}.primary`);
    const primary: Record<string, unknown> = {};
    for (const [wireName, camelName] of Object.entries(PRIMARY_FIELDS)) {
      const field = primaryWire[wireName];
      if (field === undefined || field === null) continue;
      const at = `${path}.primary.${wireName}`;
      primary[camelName] = wireName.endsWith('_image') ? media(read, field, at) : typeof field === 'number' ? read.number(field, at) : read.string(field, at);
    }
    out.primary = primary as ProfilePrimaryData;
  }
  if (wire.dynamic !== undefined && wire.dynamic !== null) {
    out.dynamic = read.array(wire.dynamic, `${path}.dynamic`).map((entry, index) => dynamicField(read, entry, `${path}.dynamic[${index}]`));
  }
  return out;
}

function profile(read: Reader, value: unknown, path: string): ApplicationIdentityProfile {
  const wire = read.object(value, path) as Partial<Record<keyof APIApplicationIdentityProfile, unknown>>;
  return {
    username: read.optionalString(wire.username, `${path}.username`) ?? null,
    metadata: wire.metadata === undefined || wire.metadata === null ? null : read.object(wire.metadata, `${path}.metadata`),
    data: wire.data === undefined || wire.data === null ? null : profileData(read, wire.data, `${path}.data`),
  };
}

/** @internal A Lobby response. */
export function toLobby(route: string, body: unknown): Lobby {
  return lobby(new Reader(route), body, 'lobby');
}

/** @internal A LobbyMember response. */
export function toLobbyMember(route: string, body: unknown): LobbyMember {
  return member(new Reader(route), body, 'member');
}

/** @internal A LobbyMember[] response. */
export function toLobbyMembers(route: string, body: unknown): LobbyMember[] {
  const read = new Reader(route);
  return read.array(body, 'members').map((entry, index) => member(read, entry, `members[${index}]`));
}

/** @internal A LobbyMessage response. */
export function toLobbyMessage(route: string, body: unknown): LobbyMessage {
  return message(new Reader(route), body, 'message');
}

/** @internal A LobbyMessage[] response. */
export function toLobbyMessages(route: string, body: unknown): LobbyMessage[] {
  const read = new Reader(route);
  return read.array(body, 'messages').map((entry, index) => message(read, entry, `messages[${index}]`));
}

/** @internal An invite response (`{code}`). */
export function toLobbyInvite(route: string, body: unknown): LobbyInvite {
  const read = new Reader(route);
  return { code: read.string(read.object(body, 'invite').code, 'invite.code') };
}

/** @internal An ApplicationIdentityProfile response. */
export function toApplicationIdentityProfile(route: string, body: unknown): ApplicationIdentityProfile {
  return profile(new Reader(route), body, 'profile');
}
