/**
 * Users as a client sees them (`UserHandle`): the public type, and its conversion from the native
 * seam (vendor enum values to names, the join secret hidden from inspection).
 * @module
 */
import { inspect } from 'node:util';

import { namesByValue } from './enum-names.js';
import { StatusType } from '../generated/seam.js';
import type { Snowflake } from './ids.js';
import type { NativeActivity, NativeProfile, NativeUser } from '../addon/native.js';
import { ACTIVITY_TYPES, PRIVACIES, PROVIDER_TYPES, type GameActivity, type UserApplicationProfile } from './presence.js';

/** A user of the service. */
export interface User {
  id: Snowflake;
  username: string;
  /** The global name when set, else the username. */
  displayName: string;
  globalName: string | null;
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
  };
}

function fromNativeActivity(activity: NativeActivity): GameActivity {
  return {
    type: ACTIVITY_TYPES[activity.type] ?? 'Playing',
    name: activity.name,
    applicationId: activity.applicationId ?? null,
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
