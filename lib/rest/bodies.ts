/**
 * Request bodies: each endpoint's input checked against the service's limits and written in the
 * wire's snake_case. Every check runs before anything is queued, so bad input is a TypeError or
 * RangeError and nothing is sent.
 * @internal
 * @module
 */
import type { APIApplicationIdentityProfileData, RESTPatchAPIApplicationIdentityProfileJSONBody, RESTPutAPIChannelVoiceStatusJSONBody } from 'discord-api-types/v10';

import { toSnowflake, type SnowflakeInput } from '../model/ids.js';
import { limits } from '../common/limits.js';
import { ROUTES } from '../routes/table.js';
import {
  MODERATION_METADATA_BOUNDS,
  checkBoolean,
  checkInteger,
  checkMetadata,
  checkOptionalMetadata,
  checkOptions,
  checkText,
  describe,
  typeName,
} from '../common/validate.js';
import { checkToken } from './options.js';
import { PRIMARY_WIRE_NAMES } from './payloads.js';
import type {
  AddLobbyMemberInput,
  BulkLobbyMemberUpdate,
  CreateLobbyInput,
  CreateOrJoinLobbyInput,
  GetLobbyMessagesInput,
  LobbyMemberInput,
  Metadata,
  ModifyLobbyInput,
  ProfileData,
  RequestOptions,
  SendLobbyMessageInput,
  UpdateApplicationIdentityProfileInput,
} from './types.js';

/** The checked last argument of an endpoint method. */
export interface CheckedRequestOptions {
  signal?: AbortSignal;
  userToken?: string;
  reason?: string;
}

/**
 * @internal Checks an endpoint's options; `requireUser` for the routes that act for a user.
 * @throws TypeError or RangeError (a token is never shown).
 */
export function checkRequestOptions(options: RequestOptions | undefined, requireUser: boolean): CheckedRequestOptions {
  const given = checkOptions(options);
  const out: CheckedRequestOptions = {};
  if (given.signal !== undefined) {
    if (!(given.signal instanceof AbortSignal)) throw new TypeError(`options.signal must be an AbortSignal, got ${typeName(given.signal)}`);
    out.signal = given.signal;
  }
  if (given.userToken !== undefined) out.userToken = checkToken(given.userToken, 'options.userToken');
  else if (requireUser) throw new TypeError("options.userToken is required: this route acts for a user (Authorization: Bearer)");
  if (given.reason !== undefined) out.reason = checkText(given.reason, 'options.reason', 1, limits.auditLogReasonLength);
  return out;
}

function checkInput<T extends object>(value: T | undefined, name: string): Partial<T> {
  return checkOptions(value, name);
}

function checkFlags(value: unknown, name: string): number {
  return checkInteger(value, name, 0, 1, 'a flag value (LobbyMemberFlags: 0 or 1)');
}

function checkIdleTimeout(value: unknown, name: string): number {
  return checkInteger(value, name, limits.lobbyIdleTimeoutMinSeconds, limits.lobbyIdleTimeoutMaxSeconds, 'a whole number of seconds');
}

/** A list of 0 (or `min`) to 25 members. */
function checkMemberCount(value: unknown, name: string, min: number): unknown[] {
  if (!Array.isArray(value)) throw new TypeError(`${name} must be an array, got ${typeName(value)}`);
  const max = limits.lobbyMembersPerBulkRequest;
  if (value.length < min || value.length > max) {
    throw new RangeError(`${name} must hold ${min === 0 ? 'at most' : `${min} to`} ${max} members per request, got ${value.length}`);
  }
  return value;
}

function memberInput(value: unknown, name: string): { id: string; metadata?: Metadata; flags?: number } {
  const given = checkInput(value as LobbyMemberInput, name);
  const out: { id: string; metadata?: Metadata; flags?: number } = { id: toSnowflake(given.id as SnowflakeInput, `${name}.id`) };
  const metadata = checkOptionalMetadata(given.metadata, `${name}.metadata`);
  if (metadata !== undefined) out.metadata = metadata;
  if (given.flags !== undefined) out.flags = checkFlags(given.flags, `${name}.flags`);
  return out;
}

function lobbyBody(given: Partial<CreateLobbyInput>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const metadata = checkOptionalMetadata(given.metadata, 'metadata');
  if (metadata !== undefined) body.metadata = metadata;
  if (given.members !== undefined) body.members = checkMemberCount(given.members, 'members', 0).map((entry, index) => memberInput(entry, `members[${index}]`));
  if (given.idleTimeoutSeconds !== undefined) body.idle_timeout_seconds = checkIdleTimeout(given.idleTimeoutSeconds, 'idleTimeoutSeconds');
  return body;
}

/** @internal POST /lobbies. */
export function createLobbyBody(input: CreateLobbyInput | undefined): Record<string, unknown> {
  return lobbyBody(checkInput(input, 'lobby'));
}

/** @internal PATCH /lobbies/{id}. */
export function modifyLobbyBody(input: ModifyLobbyInput): Record<string, unknown> {
  if (input === undefined) throw new TypeError('changes must be an object, got undefined');
  return lobbyBody(checkInput(input, 'changes'));
}

/** @internal PUT /lobbies. */
export function createOrJoinLobbyBody(input: CreateOrJoinLobbyInput): Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new TypeError(`lobby must be an object with a secret, got ${typeName(input)}`);
  const body: Record<string, unknown> = { secret: checkText(input.secret, 'secret', 1, limits.lobbySecretLength) };
  const lobbyMetadata = checkOptionalMetadata(input.lobbyMetadata, 'lobbyMetadata');
  if (lobbyMetadata !== undefined) body.lobby_metadata = lobbyMetadata;
  const memberMetadata = checkOptionalMetadata(input.memberMetadata, 'memberMetadata');
  if (memberMetadata !== undefined) body.member_metadata = memberMetadata;
  if (input.idleTimeoutSeconds !== undefined) body.idle_timeout_seconds = checkIdleTimeout(input.idleTimeoutSeconds, 'idleTimeoutSeconds');
  return body;
}

function checkAdditionalName(value: unknown, name: string): string {
  return checkText(value, name, 1, limits.additionalNameLength);
}

/** @internal PUT /lobbies/{id}/members/{user}. */
export function addLobbyMemberBody(input: AddLobbyMemberInput | undefined): Record<string, unknown> {
  const given = checkInput(input, 'member');
  const body: Record<string, unknown> = {};
  const metadata = checkOptionalMetadata(given.metadata, 'metadata');
  if (metadata !== undefined) body.metadata = metadata;
  if (given.flags !== undefined) body.flags = checkFlags(given.flags, 'flags');
  if (given.additionalName !== undefined) body.additional_name = checkAdditionalName(given.additionalName, 'additionalName');
  return body;
}

/** @internal POST /lobbies/{id}/members/bulk: 1 to 25 entries. */
export function bulkUpdateBody(updates: readonly BulkLobbyMemberUpdate[]): Record<string, unknown>[] {
  return checkMemberCount(updates, 'updates', 1).map((entry, index) => {
    const name = `updates[${index}]`;
    const given = checkInput(entry as BulkLobbyMemberUpdate, name);
    const body: Record<string, unknown> = { id: toSnowflake(given.id as SnowflakeInput, `${name}.id`) };
    const metadata = checkOptionalMetadata(given.metadata, `${name}.metadata`);
    if (metadata !== undefined) body.metadata = metadata;
    if (given.flags !== undefined) body.flags = checkFlags(given.flags, `${name}.flags`);
    // null clears the name; left out keeps it.
    if (given.additionalName !== undefined) body.additional_name = given.additionalName === null ? null : checkAdditionalName(given.additionalName, `${name}.additionalName`);
    if (given.remove !== undefined && checkBoolean(given.remove, `${name}.remove`)) body.remove_member = true;
    return body;
  });
}

/** @internal PATCH /lobbies/{id}/channel-linking: a channel links, null unlinks (an empty body). */
export function channelLinkingBody(channelId: unknown): Record<string, unknown> {
  if (channelId === null) return {};
  if (channelId === undefined) throw new TypeError('channelId must be an ID, or null to unlink, got undefined');
  return { channel_id: toSnowflake(channelId as SnowflakeInput, 'channelId') };
}

/** @internal POST /lobbies/{id}/messages. */
export function sendLobbyMessageBody(input: SendLobbyMessageInput): Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new TypeError(`message must be an object with content, got ${typeName(input)}`);
  const body: Record<string, unknown> = { content: checkText(input.content, 'content', 1, ROUTES.sendLobbyMessage.contentLength) };
  const metadata = checkOptionalMetadata(input.metadata, 'metadata');
  if (metadata !== undefined) body.metadata = metadata;
  return body;
}

/** @internal GET /lobbies/{id}/messages: the query. */
export function lobbyMessagesQuery(input: GetLobbyMessagesInput | undefined): Record<string, string> | undefined {
  const given = checkInput(input, 'query');
  if (given.limit === undefined) return undefined;
  return { limit: String(checkInteger(given.limit, 'limit', 1, limits.lobbyMessagesReturned)) };
}

/** @internal The moderation-metadata routes: at most 5 entries. */
export function moderationMetadataBody(metadata: Metadata): Metadata {
  return checkMetadata(metadata, 'metadata', MODERATION_METADATA_BOUNDS);
}

/** @internal PUT /channels/{id}/voice-status: null clears it. */
export function voiceStatusBody(status: string | null): RESTPutAPIChannelVoiceStatusJSONBody {
  if (status === null) return { status: null };
  return { status: checkText(status, 'status', 0, limits.voiceChannelStatusLength) };
}

function checkMedia(value: unknown, name: string): { url: string } {
  const given = checkInput(value as { url: string }, name);
  if (given.url === undefined) throw new TypeError(`${name}.url must be a string, got undefined`);
  return { url: checkText(given.url, `${name}.url`, 1, limits.backendUrlLength) };
}

function profileDataBody(data: ProfileData): APIApplicationIdentityProfileData {
  const given = checkInput(data, 'data');
  const out: Record<string, unknown> = {};
  if (given.primary !== undefined) {
    const primary = checkInput(given.primary, 'data.primary') as Record<string, unknown>;
    const wire: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(primary)) {
      if (value === undefined) continue;
      const wireName = (PRIMARY_WIRE_NAMES as Record<string, string | undefined>)[key];
      const name = `data.primary.${wireName === undefined ? '<unknown>' : key}`;
      if (wireName === undefined) throw new RangeError(`data.primary has no field ${describe(key)}; the fields are ${Object.keys(PRIMARY_WIRE_NAMES).join(', ')}`);
      if (wireName.endsWith('_image')) wire[wireName] = checkMedia(value, name);
      else if (['season', 'rank_name', 'highest_rank', 'featured_played_character'].includes(wireName)) wire[wireName] = checkText(value, name, 0, limits.applicationProfileFieldLength);
      else if (typeof value !== 'number') throw new TypeError(`${name} must be a number, got ${typeName(value)}`);
      else if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a finite number of at least 0, got ${describe(value)}`);
      else wire[wireName] = value;
    }
    out.primary = wire;
  }
  if (given.dynamic !== undefined) {
    if (!Array.isArray(given.dynamic)) throw new TypeError(`data.dynamic must be an array, got ${typeName(given.dynamic)}`);
    if (given.dynamic.length > limits.profileDynamicFields) throw new RangeError(`data.dynamic holds at most ${limits.profileDynamicFields} fields, got ${given.dynamic.length}`);
    out.dynamic = given.dynamic.map((field: unknown, index) => {
      const name = `data.dynamic[${index}]`;
      const entry = checkInput(field as { type: number; name: string; value: unknown }, name);
      const fieldName = checkText(entry.name, `${name}.name`, 1, limits.applicationProfileFieldLength);
      const type = checkInteger(entry.type, `${name}.type`, 1, 3, 'a ProfileDynamicFieldType (1 text, 2 number, 3 media)');
      if (type === 1) return { type, name: fieldName, value: checkText(entry.value, `${name}.value`, 0, limits.applicationProfileFieldLength) };
      if (type === 3) return { type, name: fieldName, value: checkMedia(entry.value, `${name}.value`) };
      if (typeof entry.value !== 'number') throw new TypeError(`${name}.value must be a number, got ${typeName(entry.value)}`);
      if (!Number.isFinite(entry.value)) throw new RangeError(`${name}.value must be a finite number, got ${describe(entry.value)}`);
      return { type, name: fieldName, value: entry.value };
    });
  }
  const bytes = Buffer.byteLength(JSON.stringify(out));
  if (bytes > limits.profileDataBytes) throw new RangeError(`data must be at most ${limits.profileDataBytes} bytes as JSON, got ${bytes}`);
  return out as APIApplicationIdentityProfileData;
}

/** @internal PATCH .../identities/{provider_issued_user_id}/profile. */
export function profileBody(input: UpdateApplicationIdentityProfileInput): RESTPatchAPIApplicationIdentityProfileJSONBody {
  if (input === undefined) throw new TypeError('profile must be an object, got undefined');
  const given = checkInput(input, 'profile');
  const body: RESTPatchAPIApplicationIdentityProfileJSONBody = {};
  if (given.username !== undefined) body.username = checkText(given.username, 'username', 1, limits.applicationProfileFieldLength);
  if (given.data !== undefined) body.data = profileDataBody(given.data);
  return body;
}

/** @internal The game's player id in a profile route: 1 to 1,024 characters, any text (URL-encoded in the path). */
export function checkProviderIssuedUserId(value: unknown): string {
  // checkText never shows the text itself: the game's player id may be an account name.
  return checkText(value, 'providerIssuedUserId', 1, limits.applicationProfileFieldLength);
}
