/**
 * What the platform knows of accounts outside the SDK, and the harness's methods to set it: a
 * user's paid-subscription level (`premium_type`) and third-party connections, an application's
 * approval for the `identify.premium` scope and its flags beyond the privileged intents. Kept per
 * world on the JS side (the native world has none of it); read by the simulated service's user and
 * application routes (lib/sim/http/routes-users.ts, applications.ts).
 *
 * The rules (platform document: Resources, User object and Application object; Authentication 1;
 * Endpoints, Get Current User Connections; Versioning 2026-07-10 and 2026-09-22; public docs
 * change-log.mdx "User Premium Type Field Now Requires A Scope", "New flags_new Field on
 * Application Object", "Deprecation: Riot Games Connections"):
 * - `premium_type` is 0 for an application not approved for `identify.premium`, and for a token
 *   not granted that scope, whatever the user's level;
 * - Get Current User Connections leaves out the first publisher's connections (`riotgames`,
 *   `leagueoflegends`, named by the public change log) made from 2026-07-07 (the change log's date)
 *   and, from 2026-07-10, the legacy ones too; the second platform's (named nowhere public: the
 *   harness names its connection type, {@link SimulatorAccountMethods.setRetiredConnectionType})
 *   from 2026-09-22. OUR CHOICE: the document gives no date from which the second platform's new
 *   connections stop, so its connections all stop on 2026-09-22.
 * @module
 */
import { ApplicationFlags } from 'discord-api-types/v10';

import type { NativeWorld } from '../addon/native.js';
import { nativeWorldOf } from '../addon/native-worlds.js';
import { checkBoolean, checkInteger, checkOneOf, checkText, typeName } from '../common/validate.js';
import type { Snowflake, SnowflakeInput } from '../model/ids.js';
import type { User } from '../model/user.js';
import type { Application } from './applications.js';
import { privilegedIntentsOf } from './gateway/bot-settings.js';
import { checkRequiredOptions, knownApplication, knownUser } from './harness-input.js';
import { worldSide } from './world-side.js';

/** The docs' Premium Types (resources/user.mdx): 0 None, 1 Nitro Classic, 2 Nitro, 3 Nitro Basic. */
export type PremiumType = 0 | 1 | 2 | 3;

/** The docs' connection visibility (resources/user.mdx, Visibility Types): 0 only the user, 1 everyone. */
export type ConnectionVisibility = 0 | 1;

/** A third-party account connected to a user's account (the docs' Connection object). */
export interface UserConnection {
  /** The connection account's id on its service. */
  id: string;
  /** Its username there. */
  name: string;
  /** The service (`steam`, `xbox`, `riotgames`, ...: the official description's ConnectedAccountProviders). */
  type: ConnectionType;
  verified?: boolean;
  revoked?: boolean;
  friendSync?: boolean;
  showActivity?: boolean;
  twoWayLink?: boolean;
  visibility?: ConnectionVisibility;
  /** When it was connected (a Date or ms of the simulator's clock); default: now. Decides whether a retired type's connection is legacy. */
  connectedAt?: Date | number;
}

/** A connection as kept: every field given. */
export type KeptConnection = Required<Omit<UserConnection, 'connectedAt'>> & { connectedAt: number };

/** A retired connection type: connections made from `newFrom` are never listed; older ones until `legacyUntil`. */
interface RetiredConnections {
  readonly types: ReadonlySet<string>;
  readonly newFrom: number;
  readonly legacyUntil: number;
}

/** The first publisher's (public change log, July 7, 2026): "Starting July 10, 2026, legacy Riot Games and League of Legends connections will also no longer be returned". */
const FIRST_PUBLISHER: RetiredConnections = { types: new Set(['riotgames', 'leagueoflegends']), newFrom: Date.UTC(2026, 6, 7), legacyUntil: Date.UTC(2026, 6, 10) };
/** The second platform's removal date (platform document, Versioning 2026-09-22). */
const SECOND_PLATFORM_UNTIL = Date.UTC(2026, 8, 22);

/** The application flags the privileged intents give (discord-api-types' ApplicationFlags: approved, or the limited ones below the review threshold). */
const INTENT_FLAGS = {
  presence: { approved: ApplicationFlags.GatewayPresence, limited: ApplicationFlags.GatewayPresenceLimited },
  members: { approved: ApplicationFlags.GatewayGuildMembers, limited: ApplicationFlags.GatewayGuildMembersLimited },
  messageContent: { approved: ApplicationFlags.GatewayMessageContent, limited: ApplicationFlags.GatewayMessageContentLimited },
} as const;

/** `flags` is "serialized as a number; however, this number will not grow beyond 31 bits" (docs resources/application.mdx, Application Flags): bits 0 to 30. */
const LEGACY_FLAG_MASK = (1n << 31n) - 1n;

interface WorldAccounts {
  premium: Map<string, PremiumType>;
  connections: Map<string, KeptConnection[]>;
  premiumApproved: Set<string>;
  otherFlags: Map<string, bigint>;
  secondPlatformType: ConnectionType | null;
}

const byWorld = new WeakMap<NativeWorld, WorldAccounts>();

function accountsOf(world: NativeWorld): WorldAccounts {
  let accounts = byWorld.get(world);
  if (!accounts) {
    accounts = { premium: new Map(), connections: new Map(), premiumApproved: new Set(), otherFlags: new Map(), secondPlatformType: null };
    byWorld.set(world, accounts);
  }
  return accounts;
}

/** The user's `premium_type` as an application's token with `scopes` sees it (platform document, User object). */
export function premiumTypeFor(world: NativeWorld, userId: string, applicationId: string, scopes: readonly string[]): PremiumType {
  const accounts = accountsOf(world);
  if (!accounts.premiumApproved.has(applicationId) || !scopes.includes('identify.premium')) return 0;
  return accounts.premium.get(userId) ?? 0;
}

/** The user's connections Get Current User Connections lists on the world's date. */
export function listedConnections(world: NativeWorld, userId: string): KeptConnection[] {
  const now = world.now();
  const second = accountsOf(world).secondPlatformType;
  return (accountsOf(world).connections.get(userId) ?? []).filter((connection) => {
    if (FIRST_PUBLISHER.types.has(connection.type)) return connection.connectedAt < FIRST_PUBLISHER.newFrom && now < FIRST_PUBLISHER.legacyUntil;
    if (connection.type === second) return now < SECOND_PLATFORM_UNTIL;
    return true;
  });
}

/** The application's flags: the privileged intents' (approved, or limited below the review threshold) and the harness's others. */
export function applicationFlagsOf(world: NativeWorld, applicationId: string): bigint {
  const intents = privilegedIntentsOf(world, applicationId);
  let flags = accountsOf(world).otherFlags.get(applicationId) ?? 0n;
  for (const name of Object.keys(INTENT_FLAGS) as (keyof typeof INTENT_FLAGS)[]) {
    if (!intents[name]) continue;
    if (intents.approved) flags |= BigInt(INTENT_FLAGS[name].approved);
    else if (!intents.reviewRequired) flags |= BigInt(INTENT_FLAGS[name].limited);
  }
  return flags;
}

/** The application object's `flags` (bits 0 to 30) and `flags_new` (every bit, as a string). */
export function wireApplicationFlags(world: NativeWorld, applicationId: string): { flags: number; flags_new: string } {
  const flags = applicationFlagsOf(world, applicationId);
  return { flags: Number(flags & LEGACY_FLAG_MASK), flags_new: flags.toString() };
}

/** The limited intent flags an Edit Current Application may set ("Only limited intent flags ... can be updated via the API"), by the toggle each stands for. */
export const EDITABLE_FLAGS: Readonly<Record<keyof typeof INTENT_FLAGS, number>> = {
  presence: INTENT_FLAGS.presence.limited,
  members: INTENT_FLAGS.members.limited,
  messageContent: INTENT_FLAGS.messageContent.limited,
};

/** The services a connection may be of (the official description's ConnectedAccountProviders). */
export const CONNECTION_TYPES = [
  'battlenet', 'bluesky', 'bungie', 'ebay', 'epicgames', 'facebook', 'github', 'instagram', 'mastodon', 'leagueoflegends', 'paypal', 'playstation',
  'reddit', 'riotgames', 'roblox', 'skype', 'spotify', 'steam', 'tiktok', 'twitch', 'twitter', 'xbox', 'youtube', 'domain',
] as const;

/** A connection's service. */
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

/** The most characters of a connection's id and name (our choice: the docs give none). */
const CONNECTION_FIELD_LENGTH = 100;
/** The most connections a user may be given (our choice). */
const MAX_CONNECTIONS = 50;

function checkConnection(value: unknown, at: string, now: number): KeptConnection {
  const given = checkRequiredOptions(value as UserConnection, at);
  const flag = (name: keyof UserConnection, fallback: boolean): boolean => (given[name] === undefined ? fallback : checkBoolean(given[name], `${at}.${name}`));
  const connectedAt = given.connectedAt instanceof Date ? given.connectedAt.getTime() : (given.connectedAt ?? now);
  if (typeof connectedAt !== 'number' || !Number.isInteger(connectedAt) || connectedAt < 0) {
    throw new TypeError(`${at}.connectedAt must be a Date or a whole number of ms since the Unix epoch, got ${typeName(given.connectedAt)}`);
  }
  return {
    id: checkText(given.id, `${at}.id`, 1, CONNECTION_FIELD_LENGTH),
    name: checkText(given.name, `${at}.name`, 1, CONNECTION_FIELD_LENGTH),
    type: checkOneOf(given.type, CONNECTION_TYPES, `${at}.type`),
    verified: flag('verified', true),
    revoked: flag('revoked', false),
    friendSync: flag('friendSync', false),
    showActivity: flag('showActivity', true),
    twoWayLink: flag('twoWayLink', false),
    visibility: given.visibility === undefined ? 1 : (checkInteger(given.visibility, `${at}.visibility`, 0, 1) as ConnectionVisibility),
    connectedAt,
  };
}



/** The Simulator's methods for accounts outside the SDK (users' subscriptions and connections, applications' approvals and flags). */
export interface SimulatorAccountMethods {
  /**
   * Sets a user's paid-subscription level (the docs' Premium Types: 0 None, 1 Nitro Classic, 2
   * Nitro, 3 Nitro Basic). The service shows it as `premium_type` only to an application approved
   * for `identify.premium` ({@link setIdentifyPremiumApproved}) whose token was granted that scope; 0 to any other.
   * @throws RangeError for an unknown user or a level out of range.
   */
  setUserPremiumType(user: User | SnowflakeInput, premiumType: PremiumType): void;

  /**
   * Whether an application is an approved partner for the `identify.premium` scope ("only approved
   * partners may have it"). Default false.
   */
  setIdentifyPremiumApproved(application: Application | SnowflakeInput, approved: boolean): void;

  /**
   * Replaces a user's third-party connections (at most 50), as Get Current User Connections lists
   * them on the simulator's date: the retired types' are left out from their dates (see the module).
   * @throws RangeError for an unknown user or a bad field; TypeError for a field of the wrong type.
   */
  setUserConnections(user: User | SnowflakeInput, connections: readonly UserConnection[]): void;

  /**
   * Names the connection type of the second platform whose connections the document retires on
   * 2026-09-22 (no public source names it); null for none (the default).
   */
  setRetiredConnectionType(type: ConnectionType | null): void;

  /**
   * Sets an application's flags other than the privileged intents' (which follow
   * {@link setPrivilegedIntents}): any bits, those beyond bit 30 included (shown only in `flags_new`).
   * @throws RangeError for a negative value or one of more than 64 bits; TypeError for a non-bigint.
   */
  setApplicationFlags(application: Application | SnowflakeInput, flags: bigint): void;
}

/** The harness's settings, applied where the world's JS side lives (./world-side.ts). */
const apply = {
  premium: worldSide('setUserPremiumType', (world: NativeWorld, userId: string, premiumType: PremiumType): void => {
    accountsOf(world).premium.set(userId, premiumType);
  }),
  premiumApproval: worldSide('setIdentifyPremiumApproved', (world: NativeWorld, applicationId: string, approved: boolean): void => {
    if (approved) accountsOf(world).premiumApproved.add(applicationId);
    else accountsOf(world).premiumApproved.delete(applicationId);
  }),
  connections: worldSide('setUserConnections', (world: NativeWorld, userId: string, connections: KeptConnection[]): void => {
    accountsOf(world).connections.set(userId, connections);
  }),
  retiredType: worldSide('setRetiredConnectionType', (world: NativeWorld, type: ConnectionType | null): void => {
    accountsOf(world).secondPlatformType = type;
  }),
  flags: worldSide('setApplicationFlags', (world: NativeWorld, applicationId: string, flags: bigint): void => {
    accountsOf(world).otherFlags.set(applicationId, flags);
  }),
};

/** @internal Their implementations, installed on Simulator.prototype. */
export const accountMethods = {
  setUserPremiumType(this: object, user: User | SnowflakeInput, premiumType: PremiumType): void {
    const world = nativeWorldOf(this);
    const id = knownUser(world, user);
    apply.premium(world, id, checkInteger(premiumType, 'premiumType', 0, 3) as PremiumType);
  },

  setIdentifyPremiumApproved(this: object, application: Application | SnowflakeInput, approved: boolean): void {
    const world = nativeWorldOf(this);
    const id = knownApplication(world, application);
    apply.premiumApproval(world, id, checkBoolean(approved, 'approved'));
  },

  setUserConnections(this: object, user: User | SnowflakeInput, connections: readonly UserConnection[]): void {
    const world = nativeWorldOf(this);
    const id = knownUser(world, user);
    if (!Array.isArray(connections)) throw new TypeError(`connections must be an array, got ${typeName(connections)}`);
    if (connections.length > MAX_CONNECTIONS) throw new RangeError(`connections holds at most ${MAX_CONNECTIONS} entries, got ${connections.length}`);
    const now = world.now();
    const kept = connections.map((connection, i) => checkConnection(connection, `connections[${i}]`, now));
    apply.connections(world, id, kept);
  },

  setRetiredConnectionType(this: object, type: ConnectionType | null): void {
    const world = nativeWorldOf(this);
    apply.retiredType(world, type === null ? null : checkOneOf(type, CONNECTION_TYPES, 'type'));
  },

  setApplicationFlags(this: object, application: Application | SnowflakeInput, flags: bigint): void {
    const world = nativeWorldOf(this);
    const id = knownApplication(world, application);
    if (typeof flags !== 'bigint') throw new TypeError(`flags must be a bigint, got ${typeName(flags)}`);
    if (flags < 0n || flags >= 1n << 64n) throw new RangeError('flags must be 0 to 2^64 - 1');
    apply.flags(world, id, flags);
  },
};
