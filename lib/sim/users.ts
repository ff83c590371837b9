/**
 * The harness's users: the options of {@link Simulator.createUser} and their game identities
 * (application profiles), checked and given the native shape.
 * @module
 */
import { limits } from '../common/limits.js';
import { checkBoolean, checkText, typeName } from '../common/validate.js';
import { toSnowflake, type SnowflakeInput } from '../model/ids.js';
import { toNativeProfile, type ExternalIdentityProviderType } from '../model/presence.js';
import type { NativeProfile } from '../addon/native.js';
import type { Application } from './applications.js';
import { checkRequiredOptions, idOf } from './harness-input.js';

/** Options of {@link Simulator.createUser}. */
export interface CreateUserOptions {
  /** A fixed ID; minted (time-ordered, like the service's) when absent. Must be unique and not 0. */
  id?: SnowflakeInput;
  username: string;
  globalName?: string;
  /**
   * The hash of the user's profile avatar (`UserHandle::Avatar`), as the CDN names it: 32 hex
   * digits, `a_` first for an animated one. Left out: no avatar (a default one shows).
   */
  avatar?: string;
  /** A provisional account (a game player without a linked chat account). */
  provisional?: boolean;
  /** The user's game identities, at most one per application (see {@link Simulator.setApplicationProfiles}). */
  applicationProfiles?: readonly ApplicationProfileSpec[];
}

/** A user's game identity in one application, as the game backend (or the provider link) sets it. */
export interface ApplicationProfileSpec {
  /** The simulator's default application when absent. */
  application?: Application | SnowflakeInput;
  providerType: ExternalIdentityProviderType;
  providerId?: string | null;
  providerIssuedUserId: string;
  username: string;
  /** Default ''. */
  avatarHash?: string;
  /** Default ''. */
  metadata?: string;
}

/** @internal The user {@link Simulator.createUser} asks the world for (its profiles are set after). */
export function toNativeUserSpec(options: CreateUserOptions): { id?: string; username: string; globalName?: string; avatar?: string; provisional: boolean } {
  checkRequiredOptions(options);
  const spec: { id?: string; username: string; globalName?: string; avatar?: string; provisional: boolean } = {
    username: checkText(options.username, 'username', 1, limits.usernameLength),
    provisional: checkBoolean(options.provisional ?? false, 'provisional'),
  };
  if (options.id !== undefined) spec.id = toSnowflake(options.id, 'id');
  if (options.globalName !== undefined) spec.globalName = checkText(options.globalName, 'globalName', 1, limits.globalNameLength);
  if (options.avatar !== undefined) {
    if (typeof options.avatar !== 'string') throw new TypeError(`avatar must be a string, got ${typeName(options.avatar)}`);
    if (!/^(a_)?[0-9a-f]{32}$/.test(options.avatar)) throw new RangeError("avatar must be an image hash: 32 lowercase hex digits, 'a_' first when animated");
    spec.avatar = options.avatar;
  }
  if (options.applicationProfiles !== undefined && !Array.isArray(options.applicationProfiles)) {
    throw new TypeError(`applicationProfiles must be an array, got ${typeName(options.applicationProfiles)}`);
  }
  return spec;
}

/**
 * @internal The profiles of {@link Simulator.setApplicationProfiles}, at most one per application;
 * `defaultApplication` is asked for only by a profile that names none.
 */
export function toNativeProfiles(profiles: readonly ApplicationProfileSpec[], defaultApplication: () => Application): NativeProfile[] {
  if (!Array.isArray(profiles)) throw new TypeError(`profiles must be an array, got ${typeName(profiles)}`);
  const seen = new Set<string>();
  return profiles.map((profile: ApplicationProfileSpec, i) => {
    const name = `profiles[${i}]`;
    if (typeof profile !== 'object' || profile === null || Array.isArray(profile)) throw new TypeError(`${name} must be an object, got ${typeName(profile)}`);
    const applicationId = idOf(profile.application ?? defaultApplication(), `${name}.application`);
    if (seen.has(applicationId)) throw new RangeError(`${name}: a user has at most one application profile per application (${applicationId} is listed twice)`);
    seen.add(applicationId);
    return toNativeProfile(profile, applicationId, name);
  });
}
