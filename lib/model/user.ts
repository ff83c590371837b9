/**
 * Users as a client sees them (`UserHandle`): the public type, and its conversion from the native
 * seam (vendor enum values to names, the join secret hidden from inspection).
 * @module
 */
import { inspect } from 'node:util';

import { namesByValue } from './enum-names.js';
import { RelationshipType, StatusType } from '../generated/seam.js';
import type { Snowflake } from './ids.js';
import type { NativeActivity, NativeProfile, NativeUser } from '../addon/native.js';
import { ACTIVITY_TYPES, PRIVACIES, PROVIDER_TYPES, platformNames, STATUS_DISPLAY_TYPES, type GameActivity, type UserApplicationProfile } from './presence.js';
import { checkOneOf, typeName } from '../common/validate.js';

/**
 * One side of a relationship (`RelationshipType`): `friend`, `blocked` (this user blocked the
 * other), `pendingIncoming` (a request from them), `pendingOutgoing` (a request to them),
 * `implicit`, `suggestion`, or `none`.
 */
export type RelationshipKind = 'none' | 'friend' | 'blocked' | 'pendingIncoming' | 'pendingOutgoing' | 'implicit' | 'suggestion';

/** @internal Indexed by the vendor's value. */
export const RELATIONSHIP_KINDS: readonly RelationshipKind[] = namesByValue(RelationshipType);

/**
 * How the current user relates to a user (`UserHandle::Relationship`: "the RelationshipHandle
 * between the currently authenticated user and this user, if any"): both kinds `none` when there
 * is no relationship, and on the current user itself.
 */
export interface UserRelationship {
  /** The Discord relationship (friends on the chat service). */
  discordType: RelationshipKind;
  /** The game relationship (friends in this game only). */
  gameType: RelationshipKind;
  isSpamRequest: boolean;
}

/** A user of the service. */
export interface User {
  id: Snowflake;
  username: string;
  /** The global name when set, else the username. */
  displayName: string;
  globalName: string | null;
  /**
   * The hash of the user's profile avatar (`UserHandle::Avatar`), or null when none is set; an
   * animated one starts with `a_`. {@link avatarUrl} makes its CDN URL.
   */
  avatar: string | null;
  /** A provisional account: created for a game player without a linked chat account. */
  isProvisional: boolean;
  /**
   * The user's online status (`UserHandle::Status`): `offline` while the user has no connected
   * client; a user who chose `invisible` sees that, everyone else sees `offline`.
   */
  status: OnlineStatus;
  /**
   * The rich presence the user's game published (`UserHandle::GameActivity`), or null. It goes
   * away when the game clears it or the user's last client of that game disconnects.
   */
  gameActivity: GameActivity | null;
  /** The user's game identities (`UserHandle::UserApplicationProfiles`): at most one per application. */
  applicationProfiles: UserApplicationProfile[];
  /** How the current user relates to this user (`UserHandle::Relationship`). */
  relationship: UserRelationship;
}

/** A user's online status (`StatusType`). */
export type OnlineStatus = 'online' | 'offline' | 'blocked' | 'idle' | 'dnd' | 'invisible' | 'streaming' | 'unknown';
/** The statuses a user can choose with {@link Client.setOnlineStatus}. */
export type SettableOnlineStatus = 'online' | 'idle' | 'dnd' | 'invisible';

/** Indexed by the vendor's StatusType value. */
const ONLINE_STATUSES: readonly OnlineStatus[] = namesByValue(StatusType);

/** A user from the native layer, with vendor enum values turned into names. @internal */
export function fromNativeUser(user: NativeUser): User {
  return {
    ...user,
    status: ONLINE_STATUSES[user.status] ?? 'unknown',
    gameActivity: user.gameActivity && fromNativeActivity(user.gameActivity),
    applicationProfiles: user.applicationProfiles.map(fromNativeProfile),
    relationship: {
      discordType: RELATIONSHIP_KINDS[user.relationship.discordType] ?? 'none',
      gameType: RELATIONSHIP_KINDS[user.relationship.gameType] ?? 'none',
      isSpamRequest: user.relationship.isSpamRequest,
    },
  };
}

/** The image type of an avatar URL (`UserHandle::AvatarType`). */
export type AvatarType = 'gif' | 'webp' | 'png' | 'jpeg';

/** Options of {@link avatarUrl}: the arguments of `UserHandle::AvatarUrl`, and the CDN's size. */
export interface AvatarUrlOptions {
  /** The type of an animated avatar (a hash starting with `a_`). Default `gif`. */
  animatedType?: AvatarType;
  /** The type of a still avatar. Default `png`. */
  staticType?: AvatarType;
  /**
   * The image's size in pixels: "any power of two between 16 and 4096" (the CDN's `size`
   * query). Left out: the CDN's default. Ignored for a default avatar, as the CDN ignores it.
   */
  size?: number;
}

const AVATAR_TYPES: readonly AvatarType[] = ['gif', 'webp', 'png', 'jpeg'];
const AVATAR_EXTENSIONS: Readonly<Record<AvatarType, string>> = { gif: 'gif', webp: 'webp', png: 'png', jpeg: 'jpg' };
const CDN = 'https://cdn.discordapp.com/';

/**
 * The CDN URL of a user's profile avatar (`UserHandle::AvatarUrl`): "If the user does not have
 * an avatar set, a url to one of Discord's default avatars is returned instead". The format is the
 * API reference's Image Formatting: `avatars/{user_id}/{user_avatar}.{ext}`, an animated (`a_`) one
 * as `animatedType` (animated WebP with `animated=true`), a still one as `staticType`, `?size=` a
 * power of two from 16 to 4096; the default avatar `embed/avatars/{(user_id >> 22) % 6}.png`.
 */
export function avatarUrl(user: Pick<User, 'id' | 'avatar'>, options: AvatarUrlOptions = {}): string {
  if (typeof user !== 'object' || user === null) throw new TypeError(`user must be an object, got ${typeName(user)}`);
  if (typeof options !== 'object' || options === null) throw new TypeError(`options must be an object, got ${typeName(options)}`);
  if (typeof user.id !== 'string' || !/^[0-9]{1,20}$/.test(user.id)) {
    throw new TypeError(`user.id must be a snowflake string, got ${typeName(user.id)}`);
  }
  const animatedType = checkOneOf(options.animatedType ?? 'gif', AVATAR_TYPES, 'options.animatedType');
  const staticType = checkOneOf(options.staticType ?? 'png', AVATAR_TYPES, 'options.staticType');
  const size = options.size;
  if (size !== undefined) {
    if (typeof size !== 'number') throw new TypeError(`options.size must be a number, got ${typeName(size)}`);
    if (!Number.isInteger(size) || size < 16 || size > 4096 || (size & (size - 1)) !== 0) {
      throw new RangeError(`options.size must be a power of two between 16 and 4096, got ${size}`);
    }
  }
  const hash = user.avatar;
  if (hash === null || hash === undefined || hash === '') {
    return `${CDN}embed/avatars/${(BigInt(user.id) >> 22n) % 6n}.png`;
  }
  if (typeof hash !== 'string' || !/^[A-Za-z0-9_]+$/.test(hash)) {
    throw new TypeError('user.avatar must be an avatar hash (letters, digits and _) or null');
  }
  const animated = hash.startsWith('a_');
  const type = animated ? animatedType : staticType;
  const query: string[] = [];
  if (size !== undefined) query.push(`size=${size}`);
  if (animated && type === 'webp') query.push('animated=true');
  return `${CDN}avatars/${user.id}/${hash}.${AVATAR_EXTENSIONS[type]}${query.length ? `?${query.join('&')}` : ''}`;
}

function fromNativeActivity(activity: NativeActivity): GameActivity {
  return {
    type: ACTIVITY_TYPES[activity.type] ?? 'Playing',
    name: activity.name,
    applicationId: activity.applicationId ?? null,
    parentApplicationId: activity.parentApplicationId ?? null,
    statusDisplayType: activity.statusDisplayType == null ? null : (STATUS_DISPLAY_TYPES[activity.statusDisplayType] ?? null),
    supportedPlatforms: platformNames(activity.supportedPlatforms ?? 0),
    details: activity.details ?? null,
    detailsUrl: activity.detailsUrl ?? null,
    state: activity.state ?? null,
    stateUrl: activity.stateUrl ?? null,
    // 0 is the vendor's "not set".
    timestamps: activity.timestamps ? { start: activity.timestamps.start || null, end: activity.timestamps.end || null } : null,
    party: activity.party ? { ...activity.party, privacy: PRIVACIES[activity.party.privacy] ?? 'Private' } : null,
    secrets: activity.secrets ? hiddenSecrets(activity.secrets.join) : null,
    buttons: activity.buttons ?? [],
    assets: activity.assets
      ? {
          largeImage: activity.assets.largeImage ?? null,
          largeText: activity.assets.largeText ?? null,
          largeUrl: activity.assets.largeUrl ?? null,
          smallImage: activity.assets.smallImage ?? null,
          smallText: activity.assets.smallText ?? null,
          smallUrl: activity.assets.smallUrl ?? null,
          inviteCoverImage: activity.assets.inviteCoverImage ?? null,
        }
      : null,
  };
}

/** The join secret stays readable but never shows in `util.inspect` output (or console.log). */
function hiddenSecrets(join: string): { join: string } {
  const secrets = { join };
  Object.defineProperty(secrets, inspect.custom, { enumerable: false, value: () => '{ join: [hidden] }' });
  return secrets;
}

function fromNativeProfile(profile: NativeProfile): UserApplicationProfile {
  return { ...profile, providerType: PROVIDER_TYPES[profile.providerType] ?? 'Unknown' };
}
