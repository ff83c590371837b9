/**
 * Rich presence and game identity: the activity a game publishes (`discordpp::Activity`), as
 * others see it (`UserHandle::GameActivity`), and users' application profiles
 * (`UserHandle::UserApplicationProfiles`). Names of enum values are the vendor's.
 * @module
 */
import {
  ActivityGamePlatform as ActivityGamePlatformValues,
  ActivityPartyPrivacy as ActivityPartyPrivacyValues,
  StatusDisplayType as StatusDisplayTypeValues,
  ActivityType as ActivityTypeValues,
  ExternalIdentityProviderType as ExternalIdentityProviderTypeValues,
} from '../generated/seam.js';
import type { Snowflake } from './ids.js';
import { limits } from '../common/limits.js';
import type { NativeActivity, NativeProfile } from '../addon/native.js';
import { checkInteger, checkOneOf, checkText, typeName } from '../common/validate.js';

/** What the player is doing (`discordpp::ActivityTypes`). `CustomStatus` is type 4 (spec: Presence activity). */
export type ActivityType = 'Playing' | 'Streaming' | 'Listening' | 'Watching' | 'CustomStatus' | 'Competing';
/**
 * The type of an activity as others see it: a game publishes an {@link ActivityType}; `HangStatus`
 * (`ActivityTypes::HangStatus`, 6) is set by the chat client and only ever read.
 */
export type ShownActivityType = ActivityType | 'HangStatus';

/** Who may join the party (`discordpp::ActivityPartyPrivacy`). */
export type ActivityPartyPrivacy = 'Private' | 'Public';

/**
 * Which field of the activity the user's status message shows (`StatusDisplayTypes`): the
 * application's `Name`, the `State` or the `Details`.
 */
export type StatusDisplayType = 'Name' | 'State' | 'Details';

/** A platform an activity can be joined on (`ActivityGamePlatforms`). */
export type ActivityGamePlatform = 'Desktop' | 'Xbox' | 'Samsung' | 'IOS' | 'Android' | 'Embedded' | 'PS4' | 'PS5';

/** Images take an asset key (uploaded in the developer portal) or a URL. */
export interface ActivityAssets {
  largeImage?: string | null;
  largeText?: string | null;
  largeUrl?: string | null;
  smallImage?: string | null;
  smallText?: string | null;
  smallUrl?: string | null;
  /**
   * The banner of this activity's game invites (asset key or URL). When left out, the image
   * uploaded in the developer portal for the application is used.
   */
  inviteCoverImage?: string | null;
}

/**
 * When the activity started and/or ends: ms since the Unix epoch (the service treats small values
 * as seconds). When both are given, `start` must not be after `end` (give both in the same unit).
 */
export interface ActivityTimestamps {
  start?: number | null;
  end?: number | null;
}

/** The player's party. */
export interface ActivityParty {
  /** 2 to 128 characters. */
  id: string;
  /** At least 1 (and at most `maxSize` when that is set). */
  currentSize: number;
  /** 0 (the default): no maximum shown. */
  maxSize?: number;
  /** Default `Private`. */
  privacy?: ActivityPartyPrivacy;
}

/** A button shown with the activity. */
export interface ActivityButton {
  /** 1 to 32 characters. */
  label: string;
  /** 1 to 512 characters. */
  url: string;
}

/**
 * The rich presence a game publishes with {@link Client.updateRichPresence}. Every text is
 * counted in characters (Unicode code points); the limits are in {@link limits}.
 * Optional fields may be left out or null.
 */
export interface Activity {
  /** Default `Playing`. */
  type?: ActivityType;
  /** A custom display name for the application (1 to 128 characters); the application's own name when left out. */
  name?: string | null;
  /** 2 to 128 characters. */
  details?: string | null;
  /** 2 to 256 characters. */
  detailsUrl?: string | null;
  /** 2 to 128 characters. */
  state?: string | null;
  /** 2 to 256 characters. */
  stateUrl?: string | null;
  /**
   * Which field the user's status message shows (`Activity::StatusDisplayType`: "Controls which
   * field is used for the user's status message"); left out: the service's default.
   */
  statusDisplayType?: StatusDisplayType | null;
  /**
   * The platforms the activity is joinable on (`Activity::SupportedPlatforms`: "so that an
   * activity only shows as joinable on Discord if the user is on the appropriate platform"); left
   * out or empty: not set. Mobile invites need `IOS` / `Android` here.
   */
  supportedPlatforms?: readonly ActivityGamePlatform[] | null;
  timestamps?: ActivityTimestamps | null;
  party?: ActivityParty | null;
  /** The join secret (2 to 128 characters): handed to players who accept an invite, never shown to others. */
  secrets?: { join: string } | null;
  /** At most 2. */
  buttons?: readonly ActivityButton[] | null;
  assets?: ActivityAssets | null;
}

/** An activity as the service shows it (`UserHandle::GameActivity`): every field present, null when not set. */
export interface GameActivity {
  type: ShownActivityType;
  /** The custom name the game set, else the application's name. */
  name: string;
  /** The application that published it. */
  applicationId: Snowflake | null;
  /**
   * The parent (publisher) application of the one that published it, or null when it has none
   * (`Activity::ParentApplicationId`: set by the service, never by the game).
   */
  parentApplicationId: Snowflake | null;
  /** Which field the status message shows, as the game set it; null when not set. */
  statusDisplayType: StatusDisplayType | null;
  /** Where it is joinable, as the game set it (in the vendor's bit order); empty when not set. */
  supportedPlatforms: ActivityGamePlatform[];
  details: string | null;
  detailsUrl: string | null;
  state: string | null;
  stateUrl: string | null;
  timestamps: { start: number | null; end: number | null } | null;
  party: { id: string; currentSize: number; maxSize: number; privacy: ActivityPartyPrivacy } | null;
  /** Only on the publishing user's own view (its `currentUser`); null for everyone else. */
  secrets: { join: string } | null;
  buttons: ActivityButton[];
  /**
   * `inviteCoverImage` is the game's own when it set one, else the developer portal's image (null
   * when neither exists). Null when there are no assets at all.
   */
  assets: {
    largeImage: string | null;
    largeText: string | null;
    largeUrl: string | null;
    smallImage: string | null;
    smallText: string | null;
    smallUrl: string | null;
    inviteCoverImage: string | null;
  } | null;
}

/** The identity provider of a game account (`discordpp::ExternalIdentityProviderType`). */
export type ExternalIdentityProviderType = 'OIDC' | 'EpicOnlineServices' | 'Steam' | 'Unity' | 'DiscordBot' | 'None' | 'Unknown';

/**
 * A user's game identity in one application (`UserApplicationProfileHandle`); a user has at most
 * one per application.
 */
export interface UserApplicationProfile {
  /** The application the profile belongs to (the vendor handle does not expose it). */
  applicationId: Snowflake;
  providerType: ExternalIdentityProviderType;
  /** The provider's id, when the provider has several (e.g. an OIDC issuer). */
  providerId: string | null;
  /** The user's id at the provider. */
  providerIssuedUserId: string;
  /** The user's name at the provider. */
  username: string;
  avatarHash: string;
  /** Game-defined data (e.g. stats written with the bot token), as the service stores it. */
  metadata: string;
}

/** @internal Vendor values, by name. */
export const ACTIVITY_TYPE_VALUES: Readonly<Record<ActivityType, number>> = ActivityTypeValues;
const PRIVACY_VALUES: Readonly<Record<ActivityPartyPrivacy, number>> = ActivityPartyPrivacyValues;
/** @internal Vendor values, by name. */
export const PROVIDER_TYPE_VALUES: Readonly<Record<ExternalIdentityProviderType, number>> = ExternalIdentityProviderTypeValues;
/** @internal Indexed by the vendor's value: every type an activity shown to a user can have. */
export const ACTIVITY_TYPES = names<ShownActivityType>(ActivityTypeValues);
/** The types a game may publish (not HangStatus). */
const PUBLISHABLE_TYPES: readonly ActivityType[] = ACTIVITY_TYPES.filter((type): type is ActivityType => type !== 'HangStatus');
/** @internal Indexed by the vendor's value. */
export const PRIVACIES = names(PRIVACY_VALUES);
/** @internal Indexed by the vendor's value. */
export const STATUS_DISPLAY_TYPES = names<StatusDisplayType>(StatusDisplayTypeValues);
const STATUS_DISPLAY_TYPE_VALUES: Readonly<Record<StatusDisplayType, number>> = StatusDisplayTypeValues;
const PLATFORM_BITS: Readonly<Record<ActivityGamePlatform, number>> = ActivityGamePlatformValues;
const PLATFORMS = Object.keys(PLATFORM_BITS) as ActivityGamePlatform[];

/** @internal The platforms of a mask, in the vendor's bit order (unknown bits left out). */
export function platformNames(mask: number): ActivityGamePlatform[] {
  return PLATFORMS.filter((platform) => (mask & PLATFORM_BITS[platform]) !== 0);
}
/** @internal Indexed by the vendor's value. */
export const PROVIDER_TYPES = names(PROVIDER_TYPE_VALUES);
const MAX_INT32 = 0x7fffffff;

/**
 * Checks an activity and gives it the native shape. TypeError for a wrong type, RangeError for a
 * value out of its documented range; messages name the field.
 * @internal
 */
export function toNativeActivity(activity: Activity): NativeActivity {
  const a = object(activity, 'activity');
  const type = checkOneOf(a.type ?? 'Playing', PUBLISHABLE_TYPES, 'activity.type');
  const name = a.name === undefined || a.name === null ? null : checkText(a.name, 'activity.name', 1, limits.activityNameLength);
  const out: NativeActivity = { type: ACTIVITY_TYPE_VALUES[type], name: name ?? '' };
  const minText = limits.activityTextMinLength;
  out.details = optionalText(a.details, 'activity.details', minText, limits.activityTextLength);
  out.detailsUrl = optionalText(a.detailsUrl, 'activity.detailsUrl', minText, limits.activityUrlLength);
  out.state = optionalText(a.state, 'activity.state', minText, limits.activityTextLength);
  out.stateUrl = optionalText(a.stateUrl, 'activity.stateUrl', minText, limits.activityUrlLength);
  if (a.statusDisplayType != null) {
    out.statusDisplayType = STATUS_DISPLAY_TYPE_VALUES[checkOneOf(a.statusDisplayType, STATUS_DISPLAY_TYPES, 'activity.statusDisplayType')];
  }
  if (a.supportedPlatforms != null) {
    if (!Array.isArray(a.supportedPlatforms)) {
      throw new TypeError(`activity.supportedPlatforms must be an array, got ${typeName(a.supportedPlatforms)}`);
    }
    let mask = 0;
    (a.supportedPlatforms as readonly unknown[]).forEach((entry, i) => {
      mask |= PLATFORM_BITS[checkOneOf(entry, PLATFORMS, `activity.supportedPlatforms[${i}]`)];
    });
    out.supportedPlatforms = mask;
  }
  if (a.timestamps != null) {
    const t = object(a.timestamps, 'activity.timestamps');
    const start = timestamp(t.start, 'activity.timestamps.start');
    const end = timestamp(t.end, 'activity.timestamps.end');
    // 0 is "not set".
    if (start !== 0 && end !== 0 && start > end) {
      throw new RangeError(`activity.timestamps.start must not be after activity.timestamps.end, got start ${start} and end ${end}`);
    }
    out.timestamps = { start, end };
  }
  if (a.party != null) {
    const p = object(a.party, 'activity.party');
    const id = optionalText(p.id, 'activity.party.id', minText, limits.activityTextLength);
    if (id === null) throw new TypeError('activity.party.id must be a string, got undefined');
    const currentSize = integer(p.currentSize, 'activity.party.currentSize', 1, MAX_INT32);
    const maxSize = p.maxSize === undefined ? 0 : integer(p.maxSize, 'activity.party.maxSize', 0, MAX_INT32);
    if (maxSize > 0 && currentSize > maxSize) {
      throw new RangeError(`activity.party.currentSize must not exceed activity.party.maxSize (${maxSize}), got ${currentSize}`);
    }
    const privacy = checkOneOf(p.privacy ?? 'Private', PRIVACIES, 'activity.party.privacy');
    out.party = { id, currentSize, maxSize, privacy: PRIVACY_VALUES[privacy] };
  }
  if (a.secrets != null) {
    const join = optionalText(object(a.secrets, 'activity.secrets').join, 'activity.secrets.join', minText, limits.activityTextLength);
    if (join === null) throw new TypeError('activity.secrets.join must be a string, got undefined');
    out.secrets = { join };
  }
  if (a.buttons != null) {
    if (!Array.isArray(a.buttons)) throw new TypeError(`activity.buttons must be an array, got ${typeName(a.buttons)}`);
    const buttons = a.buttons as readonly unknown[];
    if (buttons.length > limits.activityButtons) {
      throw new RangeError(`activity.buttons holds at most ${limits.activityButtons} buttons, got ${buttons.length}`);
    }
    out.buttons = buttons.map((entry, i) => {
      const b = object(entry, `activity.buttons[${i}]`);
      const label = optionalText(b.label, `activity.buttons[${i}].label`, 1, limits.activityButtonLabelLength);
      const url = optionalText(b.url, `activity.buttons[${i}].url`, 1, limits.activityButtonUrlLength);
      if (label === null || url === null) {
        throw new TypeError(`activity.buttons[${i}] must have a string label and url`);
      }
      return { label, url };
    });
  }
  if (a.assets != null) {
    const s = object(a.assets, 'activity.assets');
    const image = (value: unknown, field: string) => optionalText(value, `activity.assets.${field}`, 1, limits.activityImageLength);
    out.assets = {
      largeImage: image(s.largeImage, 'largeImage'),
      largeText: optionalText(s.largeText, 'activity.assets.largeText', minText, limits.activityTextLength),
      largeUrl: optionalText(s.largeUrl, 'activity.assets.largeUrl', 1, limits.activityUrlLength),
      smallImage: image(s.smallImage, 'smallImage'),
      smallText: optionalText(s.smallText, 'activity.assets.smallText', minText, limits.activityTextLength),
      smallUrl: optionalText(s.smallUrl, 'activity.assets.smallUrl', 1, limits.activityUrlLength),
      inviteCoverImage: image(s.inviteCoverImage, 'inviteCoverImage'),
    };
  }
  return out;
}

/** A harness's application profile, checked and in the native shape. @internal */
export function toNativeProfile(
  profile: { providerType: ExternalIdentityProviderType; providerId?: string | null; providerIssuedUserId: string; username: string; avatarHash?: string; metadata?: string },
  applicationId: Snowflake,
  name: string,
): NativeProfile {
  const p = object(profile, name);
  const type = checkOneOf(p.providerType, PROVIDER_TYPES, `${name}.providerType`);
  const string = (value: unknown, field: string, fallback?: string): string => {
    if (value === undefined && fallback !== undefined) return fallback;
    return checkText(value, `${name}.${field}`, 0, limits.applicationProfileFieldLength);
  };
  return {
    applicationId,
    providerType: PROVIDER_TYPE_VALUES[type],
    providerId: p.providerId == null ? null : string(p.providerId, 'providerId'),
    providerIssuedUserId: string(p.providerIssuedUserId, 'providerIssuedUserId'),
    username: string(p.username, 'username'),
    avatarHash: string(p.avatarHash, 'avatarHash', ''),
    metadata: string(p.metadata, 'metadata', ''),
  };
}

/** The highest value `cpuAffinityMask` takes: 2^64 - 1. */
const MAX_MASK = (1n << 64n) - 1n;

/**
 * Checks `cpuAffinityMask`: a non-negative integer of at most 64 bits, as a bigint or as a number
 * (numbers must be safe integers, so no bit is silently lost). Undefined stays undefined.
 * @internal
 */
export function checkCpuAffinityMask(value: unknown): bigint | undefined {
  if (value === undefined) return undefined;
  let mask: bigint;
  if (typeof value === 'bigint') {
    mask = value;
  } else if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new RangeError(`cpuAffinityMask must be an integer, got ${String(value)}`);
    if (!Number.isSafeInteger(value)) {
      throw new RangeError(`cpuAffinityMask as a number must be a safe integer (at most 2^53 - 1); pass a bigint for wider masks, got ${String(value)}`);
    }
    mask = BigInt(value);
  } else {
    throw new TypeError(`cpuAffinityMask must be a bigint or a number, got ${typeName(value)}`);
  }
  if (mask < 0n || mask > MAX_MASK) throw new RangeError(`cpuAffinityMask must be between 0 and 2^64 - 1, got ${mask}`);
  return mask;
}

function names<K extends string>(values: Readonly<Record<K, number>>): K[] {
  const out: K[] = [];
  for (const [name, value] of Object.entries(values) as [K, number][]) out[value] = name;
  return out;
}

function object(value: unknown, name: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`${name} must be an object, got ${typeName(value)}`);
  }
  return value as Record<string, unknown>;
}

/** A well-formed string of `min` to `max` characters, or null when left out (undefined or null). */
function optionalText(value: unknown, name: string, min: number, max: number): string | null {
  if (value === undefined || value === null) return null;
  // An empty text is out of bounds like any other (checkText would say "must not be empty").
  if (value === '' && min > 0) throw new RangeError(`${name} must be ${min} to ${max} characters, got 0`);
  return checkText(value, name, min, max);
}

function integer(value: unknown, name: string, min: number, max: number): number {
  return checkInteger(value, name, min, max);
}

function timestamp(value: unknown, name: string): number {
  if (value === undefined || value === null) return 0;
  return integer(value, name, 0, Number.MAX_SAFE_INTEGER);
}
