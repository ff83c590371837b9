/**
 * An application's bot settings of the developer portal that the gateway reads: the "Privileged
 * Gateway Intents" with the state of their review, and the "Private Channel Obfuscation" switch
 * (Overview > Bot). Kept per world on the JS side (the native world has no notion of them), set by
 * the Simulator's methods declared here, and read by the gateway's Identify (and by the HTTP
 * service where an endpoint needs a privileged intent: {@link privilegedIntentGranted}).
 *
 * The rules (platform document, Authentication 11, States and transitions, Limits, Versioning
 * 2026-06-10; the public docs' events/gateway.mdx "Privileged Intents" and change-log "Changes to
 * Privileged Intent Access"): an intent needs its toggle; an application below the review threshold
 * needs nothing more; from the threshold it needs an approval from the review. From 2026-06-10 (on
 * the simulated calendar) the threshold is 10,000 accessible users, and an approval lapses one
 * year after it was granted (reapply yearly); before that date it was 100 servers (the change
 * log's "Previously"), and approvals did not lapse.
 * @module
 */
import { GatewayIntentBits } from 'discord-api-types/v10';

import type { NativeWorld } from '../../addon/native.js';
import { nativeWorldOf } from '../../addon/native-worlds.js';
import { checkBoolean, checkInteger, typeName } from '../../common/validate.js';
import type { SnowflakeInput } from '../../model/ids.js';
import type { Application } from '../applications.js';
import { syncClock } from '../clock.js';
import { checkRequiredOptions, knownApplication } from '../harness-input.js';
import { worldSide } from '../world-side.js';

/** The privileged intents, by the portal's names. */
export const PRIVILEGED_INTENTS = {
  presence: GatewayIntentBits.GuildPresences,
  members: GatewayIntentBits.GuildMembers,
  messageContent: GatewayIntentBits.MessageContent,
} as const;

/** A privileged intent by the portal's name. */
export type PrivilegedIntent = keyof typeof PRIVILEGED_INTENTS;

/** The day the review threshold became 10,000 users and approvals began to lapse yearly (UTC midnight: our choice). */
export const USER_THRESHOLD_FROM = Date.UTC(2026, 5, 10);
/** From {@link USER_THRESHOLD_FROM}: an application with this many accessible users needs an approval. */
export const REVIEW_USER_THRESHOLD = 10_000;
/** Before {@link USER_THRESHOLD_FROM}: an application in this many servers needed one. */
export const REVIEW_SERVER_THRESHOLD = 100;

/** The options of {@link SimulatorBotSettingMethods.setPrivilegedIntents}: what is left out stays as it was. */
export interface PrivilegedIntentsOptions {
  /** The PRESENCE INTENT toggle (GUILD_PRESENCES). Default on (our choice: a simulated app's developer has switched it on). */
  presence?: boolean;
  /** The SERVER MEMBERS INTENT toggle (GUILD_MEMBERS). Default on. */
  members?: boolean;
  /** The MESSAGE CONTENT INTENT toggle (MESSAGE_CONTENT). Default on. */
  messageContent?: boolean;
  /** When the privileged intent review granted access (a Date or ms of the simulator's clock); null: not granted. Default null. */
  approvedAt?: Date | number | null;
  /** The users the application can access across its servers; null (the default): counted in the world (the distinct other members of its bot's guilds). */
  userCount?: number | null;
  /** The servers the application is in; null (the default): counted in the world (its bot's guilds). */
  serverCount?: number | null;
}

/** An application's privileged intents as the portal shows them, and which it may use now. */
export interface PrivilegedIntentsState {
  presence: boolean;
  members: boolean;
  messageContent: boolean;
  approvedAt: Date | null;
  userCount: number;
  serverCount: number;
  /** Whether the application is over the review threshold of the simulator's date. */
  reviewRequired: boolean;
  /** Whether an approval is in force (granted, and not older than a year from 2026-06-10 on). */
  approved: boolean;
  /** The intents an Identify may ask for now. */
  granted: Record<PrivilegedIntent, boolean>;
}

interface Settings {
  toggles: Record<PrivilegedIntent, boolean>;
  approvedAt: number | null;
  userCount: number | null;
  serverCount: number | null;
  obfuscation: boolean;
}

const settingsByWorld = new WeakMap<NativeWorld, Map<string, Settings>>();

function settingsOf(world: NativeWorld, applicationId: string): Settings {
  let byApplication = settingsByWorld.get(world);
  if (!byApplication) settingsByWorld.set(world, (byApplication = new Map()));
  let settings = byApplication.get(applicationId);
  if (!settings) {
    settings = { toggles: { presence: true, members: true, messageContent: true }, approvedAt: null, userCount: null, serverCount: null, obfuscation: false };
    byApplication.set(applicationId, settings);
  }
  return settings;
}

/** One calendar year after `ms` (UTC). */
function yearAfter(ms: number): number {
  const date = new Date(ms);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.getTime();
}

/** The application's privileged intents on the world's clock (its counts taken from the world unless set). */
export function privilegedIntentsOf(world: NativeWorld, applicationId: string): PrivilegedIntentsState {
  const settings = settingsOf(world, applicationId);
  const view = world.describeWorld(0);
  const botUserId = view.applications.find((application) => application.id === applicationId)?.botUserId;
  const guilds = view.guilds.filter((guild) => guild.members.some((member) => member.userId === botUserId));
  const users = new Set(guilds.flatMap((guild) => guild.members.map((member) => member.userId)).filter((id) => id !== botUserId));
  const userCount = settings.userCount ?? users.size;
  const serverCount = settings.serverCount ?? guilds.length;
  const now = view.now;
  const dated = now >= USER_THRESHOLD_FROM;
  const reviewRequired = dated ? userCount >= REVIEW_USER_THRESHOLD : serverCount >= REVIEW_SERVER_THRESHOLD;
  const approvedAt = settings.approvedAt;
  const approved = approvedAt !== null && approvedAt <= now && (!dated || now < yearAfter(approvedAt));
  const granted = {} as Record<PrivilegedIntent, boolean>;
  for (const name of Object.keys(PRIVILEGED_INTENTS) as PrivilegedIntent[]) granted[name] = settings.toggles[name] && (!reviewRequired || approved);
  return { ...settings.toggles, approvedAt: approvedAt === null ? null : new Date(approvedAt), userCount, serverCount, reviewRequired, approved, granted };
}

/** The privileged intents among `intents` the application may not use now (0: none; the gateway closes with 4014 otherwise). */
export function refusedPrivilegedIntents(world: NativeWorld, applicationId: string, intents: number): number {
  const asked = (Object.keys(PRIVILEGED_INTENTS) as PrivilegedIntent[]).filter((name) => intents & PRIVILEGED_INTENTS[name]);
  if (asked.length === 0) return 0;
  const { granted } = privilegedIntentsOf(world, applicationId);
  return asked.filter((name) => !granted[name]).reduce((bits, name) => bits | PRIVILEGED_INTENTS[name], 0);
}

/** Whether the application may use a privileged intent now (e.g. MESSAGE_CONTENT for an HTTP endpoint that needs it). */
export function privilegedIntentGranted(world: NativeWorld, applicationId: string, intent: PrivilegedIntent): boolean {
  return privilegedIntentsOf(world, applicationId).granted[intent];
}

/** Sets the portal's privileged intent toggles (Edit Current Application's limited intent flags do the same). */
export function setPrivilegedIntentToggles(world: NativeWorld, applicationId: string, toggles: Record<PrivilegedIntent, boolean>): void {
  Object.assign(settingsOf(world, applicationId).toggles, toggles);
}

/** Whether the application's "Private Channel Obfuscation" switch is on. */
export function obfuscationSwitchOn(world: NativeWorld, applicationId: string): boolean {
  return settingsByWorld.get(world)?.get(applicationId)?.obfuscation ?? false;
}

function checkCount(value: unknown, name: string): number | null {
  return value === null ? null : checkInteger(value, name, 0, 1_000_000_000);
}

function checkTime(value: unknown, name: string): number | null {
  if (value === null) return null;
  const ms = value instanceof Date ? value.getTime() : value;
  if (typeof ms !== 'number') throw new TypeError(`${name} must be a Date, a number of ms since the Unix epoch or null, got ${typeName(value)}`);
  if (!Number.isInteger(ms) || ms < 0) throw new RangeError(`${name} must be a whole number of ms since the Unix epoch`);
  return ms;
}


/** The Simulator's methods for an application's bot settings in the developer portal. */
export interface SimulatorBotSettingMethods {
  /**
   * Sets an application's "Privileged Gateway Intents" (the portal's toggles) and the state of its
   * privileged intent review; what is left out stays. An Identify asking for a privileged intent
   * the application may not use is closed with 4014 (Disallowed intent(s)). Below the review
   * threshold a toggle is enough; from it (10,000 users from 2026-06-10 on the simulator's
   * calendar, 100 servers before) the application must also have been approved, and from
   * 2026-06-10 an approval lapses one year after `approvedAt` (reapply yearly).
   * @example
   * sim.setPrivilegedIntents(app, { userCount: 12_000, approvedAt: new Date('2026-07-01') });
   * @throws RangeError for an unknown application or a count out of range; TypeError for a bad type.
   */
  setPrivilegedIntents(application: Application | SnowflakeInput, options: PrivilegedIntentsOptions): void;

  /** The application's privileged intents, its review state and which intents it may use now (on the simulator's clock). */
  getPrivilegedIntents(application: Application | SnowflakeInput): PrivilegedIntentsState;

  /**
   * The portal's "Private Channel Obfuscation" switch (Overview > Bot): on, every gateway session
   * of the application's bot gets the channels it cannot view obfuscated, as Identify's capability
   * bit 1 << 15 does for one session. Default off. Applies to sessions identified after the change.
   * @throws RangeError for an unknown application; TypeError when `enabled` is not a boolean.
   */
  setPrivateChannelObfuscation(application: Application | SnowflakeInput, enabled: boolean): void;
}

/** The harness's settings, applied where the world's JS side lives (../world-side.ts). */
const applyPrivilegedIntents = worldSide(
  'setPrivilegedIntents',
  (world: NativeWorld, applicationId: string, toggles: Partial<Record<PrivilegedIntent, boolean>>, counts: Partial<Pick<Settings, 'approvedAt' | 'userCount' | 'serverCount'>>): void => {
    const settings = settingsOf(world, applicationId);
    Object.assign(settings.toggles, toggles);
    Object.assign(settings, counts);
  },
);

/** The state, its approval time as ms (it crosses the link as JSON). */
const privilegedIntentsState = worldSide('getPrivilegedIntents', (world: NativeWorld, applicationId: string) => {
  const state = privilegedIntentsOf(world, applicationId);
  return { ...state, approvedAt: state.approvedAt === null ? null : state.approvedAt.getTime() };
});

const applyObfuscationSwitch = worldSide('setPrivateChannelObfuscation', (world: NativeWorld, applicationId: string, enabled: boolean): void => {
  settingsOf(world, applicationId).obfuscation = enabled;
});

/** @internal Their implementations, installed on Simulator.prototype. */
export const botSettingMethods = {
  setPrivilegedIntents(this: object, application: Application | SnowflakeInput, options: PrivilegedIntentsOptions): void {
    const world = nativeWorldOf(this);
    const id = knownApplication(world, application);
    const { presence, members, messageContent, approvedAt, userCount, serverCount } = checkRequiredOptions(options);
    // Every value is checked before any is kept: a bad one changes nothing.
    const given = { presence, members, messageContent };
    const toggles: Partial<Record<PrivilegedIntent, boolean>> = {};
    for (const name of Object.keys(given) as PrivilegedIntent[]) if (given[name] !== undefined) toggles[name] = checkBoolean(given[name], name);
    const counts: Partial<Pick<Settings, 'approvedAt' | 'userCount' | 'serverCount'>> = {};
    if (approvedAt !== undefined) counts.approvedAt = checkTime(approvedAt, 'approvedAt');
    if (userCount !== undefined) counts.userCount = checkCount(userCount, 'userCount');
    if (serverCount !== undefined) counts.serverCount = checkCount(serverCount, 'serverCount');
    applyPrivilegedIntents(world, id, toggles, counts);
  },

  getPrivilegedIntents(this: object, application: Application | SnowflakeInput): PrivilegedIntentsState {
    const world = nativeWorldOf(this);
    syncClock(world);
    const state = privilegedIntentsState(world, knownApplication(world, application));
    return { ...state, approvedAt: state.approvedAt === null ? null : new Date(state.approvedAt) };
  },

  setPrivateChannelObfuscation(this: object, application: Application | SnowflakeInput, enabled: boolean): void {
    const world = nativeWorldOf(this);
    const id = knownApplication(world, application);
    applyObfuscationSwitch(world, id, checkBoolean(enabled, 'enabled'));
  },
};
