/**
 * Presence: the user's rich presence and online status, and the users this client knows (with
 * theirs). Adds its methods to {@link Client} and its event to {@link ClientEvents}. The activity
 * shapes and their checks are in `lib/model/presence.ts`.
 * @module
 */
import { toSnowflake, type SnowflakeInput } from '../model/ids.js';
import { valuesByLowerName } from '../model/enum-names.js';
import { StatusType } from '../generated/seam.js';
import { toNativeActivity, type Activity } from '../model/presence.js';
import { registerEventHandlers } from '../addon/runtime.js';
import type { UserUpdatedEvent } from '../model/types.js';
import { fromNativeUser, type SettableOnlineStatus, type User } from '../model/user.js';
import { checkOneOf } from '../common/validate.js';
import { registerClientEvents } from '../client/event-names.js';
import { defineClientMethods, emitterOf, operation, requireClient } from '../client/feature.js';

/** The presence events of a {@link Client} (part of {@link ClientEvents}). */
export interface PresenceClientEvents {
  /** A user this client knows (itself, a friend, or a member of one of its lobbies) changed: read it with `getUser` (e.g. its rich presence). */
  userUpdated: [event: UserUpdatedEvent];
}

declare module '../model/types.js' {
  interface ClientEvents extends PresenceClientEvents {}
}

declare module '../client/client.js' {
  interface Client {
    /**
     * Publishes the user's rich presence (`UpdateRichPresence`), replacing the previous one. The
     * client must be `ready`: otherwise it rejects with type `ClientNotReady`. Input is checked
     * first (TypeError/RangeError naming the field, nothing sent); limits are in {@link limits}.
     * The users who know this user (its friends and the members of its lobbies; not across a block) get `userUpdated` and see the
     * activity on {@link Client.getUser}; without `assets.inviteCoverImage` they see the image
     * uploaded in the developer portal. It lasts until {@link Client.clearRichPresence} or until the
     * user's last client of the game disconnects (the client publishes it again after reconnecting).
     * On the vendor backend built against an SDK older than 1.6.12170 (`features.inviteCoverImage`
     * false), an activity with `assets.inviteCoverImage` rejects with type `ValidationError`
     * ("assets.inviteCoverImage is not available in SDK x.y.z (it needs 1.6.12170)").
     * @example
     * await client.updateRichPresence({
     *   type: 'Playing', details: 'Harbor Raid', state: 'In a match',
     *   party: { id: 'match-42', currentSize: 2, maxSize: 4 },
     *   assets: { largeImage: 'harbor', inviteCoverImage: 'https://example.com/cover.png' },
     * });
     */
    updateRichPresence(activity: Activity): Promise<void>;
    /**
     * Sets the user's online status (`SetOnlineStatus`): `online`, `idle`, `dnd` or `invisible`.
     * The users who know this user get `userUpdated` and see the status on {@link Client.getUser};
     * `invisible` shows as `offline` to them. Rejects with `ClientNotReady` unless ready, and with a
     * RangeError for another name or a TypeError for a non-string (nothing sent).
     * @example
     * await client.setOnlineStatus('dnd');
     */
    setOnlineStatus(status: SettableOnlineStatus): Promise<void>;
    /**
     * Removes the user's rich presence (`ClearRichPresence`). Like the vendor call it reports
     * nothing: the others see it go through `userUpdated`. Does nothing when not ready or closed.
     */
    clearRichPresence(): void;
    /**
     * A user this client knows (`GetUser`, cache only): itself, the members of its lobbies and the
     * users it has a relationship with (status and activity only for friends and lobby mates,
     * never across a block), with their rich presence (`gameActivity`) and application profiles. Null for anyone else,
     * and when not ready.
     */
    getUser(userId: SnowflakeInput): User | null;
  }
}

/** The statuses a user may set, and their vendor values. */
const SETTABLE_STATUSES: readonly SettableOnlineStatus[] = ['online', 'idle', 'dnd', 'invisible'];
const STATUS_VALUES = valuesByLowerName(StatusType);

defineClientMethods({
  updateRichPresence(activity: Activity): Promise<void> {
    return operation(this, 'updateRichPresence', (native) => {
      const checked = toNativeActivity(activity);
      return (requestId) => native.updateRichPresence(requestId, checked);
    }).then(() => undefined);
  },

  setOnlineStatus(status: SettableOnlineStatus): Promise<void> {
    return operation(this, 'setOnlineStatus', (native) => {
      const value = STATUS_VALUES[checkOneOf(status, SETTABLE_STATUSES, 'status')];
      return (requestId) => native.setOnlineStatus(requestId, value);
    }).then(() => undefined);
  },

  clearRichPresence(): void {
    const state = requireClient(this, 'clearRichPresence');
    if (!state.closing) state.native.clearRichPresence();
  },

  getUser(userId: SnowflakeInput): User | null {
    const state = requireClient(this, 'getUser');
    const id = toSnowflake(userId, 'userId');
    const user = state.closed ? null : state.native.getUser(id);
    return user && fromNativeUser(user);
  },
});

registerClientEvents({ userUpdated: true } satisfies Record<keyof PresenceClientEvents, true>);

registerEventHandlers({
  UserUpdated: (client, userId) => emitterOf(client)?.emit('userUpdated', { userId }),
});
