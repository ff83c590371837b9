/**
 * Presence: the user's rich presence and online status, and the users this client knows (with
 * theirs). Adds its methods to {@link Client} and its event to {@link ClientEvents}. The activity
 * shapes and their checks are in `lib/model/presence.ts`.
 * @module
 */
import { toSnowflake, type SnowflakeInput } from '../model/ids.js';
import { valuesByLowerName } from '../model/enum-names.js';
import { Status, StatusType } from '../generated/seam.js';
import { toNativeActivity, type Activity } from '../model/presence.js';
import { registerEventHandlers } from '../addon/runtime.js';
import type { RichPresenceFailedEvent, UserUpdatedEvent } from '../model/types.js';
import type { NativeActivity } from '../addon/native.js';
import { clientDestroyed, SocialSdkError } from '../common/errors.js';
import type { ClientState } from '../client/state.js';
import { fromNativeUser, type SettableOnlineStatus, type User } from '../model/user.js';
import { checkOneOf } from '../common/validate.js';
import { registerClientEvents } from '../client/event-names.js';
import { clientState, defineClientMethods, emitterOf, notAClient, operation, requireClient } from '../client/feature.js';

/** The presence events of a {@link Client} (part of {@link ClientEvents}). */
export interface PresenceClientEvents {
  /** A user this client knows (itself, a friend, or a member of one of its lobbies) changed: read it with `getUser` (e.g. its rich presence). */
  userUpdated: [event: UserUpdatedEvent];
  /**
   * The rich presence the client applied again once ready after a lost connection was refused
   * (see {@link Client.updateRichPresence}); the callers waiting for it reject with the same error.
   */
  richPresenceFailed: [event: RichPresenceFailedEvent];
}

declare module '../model/types.js' {
  interface ClientEvents extends PresenceClientEvents {}
}

declare module '../client/client.js' {
  interface Client {
    /**
     * Publishes the user's rich presence (`UpdateRichPresence`), replacing the previous one.
     * Before the client is first `ready` it rejects with type `ClientNotReady`. After that the
     * client keeps the last presence asked for across lost connections (Discord's review
     * checklist: updates made while disconnected are applied after reconnecting): an update made
     * while the connection is lost, or lost while the request was on its way, resolves once the
     * client is ready again and has applied it (it rejects if the service refuses it then, or with
     * `ClientDestroyed` on close), and each time the client is ready again after a lost
     * connection it applies the kept presence anew; a refusal then is a `richPresenceFailed`
     * event. Input is checked
     * first (TypeError/RangeError naming the field, nothing sent); limits are in {@link limits}.
     * The users who know this user (its friends and the members of its lobbies; not across a block) get `userUpdated` and see the
     * activity on {@link Client.getUser}; without `assets.inviteCoverImage` they see the image
     * uploaded in the developer portal. It lasts until {@link Client.clearRichPresence} or until the
     * user's last client of the game disconnects (the client publishes it again once ready).
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
     * nothing: the others see it go through `userUpdated`. While the connection is lost it is
     * applied once the client is ready again (nothing is published again then); before the client
     * was first ready, and once closed, it does nothing.
     */
    clearRichPresence(): void;
    /**
     * A user this client knows (`GetUser`, cache only): itself, the members of its lobbies and the
     * users it has a relationship with (status and activity only for friends and lobby mates,
     * never across a block), with their rich presence (`gameActivity`) and application profiles. Null for anyone else,
     * and when not ready.
     */
    getUser(userId: SnowflakeInput): User | null;
    /**
     * The user the Discord app on this machine is signed into (`GetDiscordClientConnectedUser`),
     * or null when it runs signed out: "If the Discord app is running on the user's computer and
     * the SDK establishes a connection to it, this function will return the user that is currently
     * logged in to the Discord app." Use it to warn before linking when that is another account
     * than the one the player is about to link. Rejects with `RPCError` when the Discord app is not
     * running or reachable. On the simulator the machine is the signed-in user's, so it rejects
     * with `ClientNotReady` unless the client is ready (our choice), and the app is signed into
     * the machine's user (signed out for a provisional account) until
     * `sim.chatClient(user).signIn(other)` says otherwise.
     * @example
     * const appUser = await client.getDiscordClientConnectedUser(client.applicationId);
     * if (appUser && appUser.id !== expectedId) warn(`Discord is signed in as ${appUser.username}`);
     */
    getDiscordClientConnectedUser(applicationId: SnowflakeInput): Promise<User | null>;
  }
}

/** The statuses a user may set, and their vendor values. */
const SETTABLE_STATUSES: readonly SettableOnlineStatus[] = ['online', 'idle', 'dnd', 'invisible'];
const STATUS_VALUES = valuesByLowerName(StatusType);

defineClientMethods({
  updateRichPresence(activity: Activity): Promise<void> {
    const state = clientState(this);
    if (!state) return notAClient('updateRichPresence');
    if (state.closing) return Promise.reject(clientDestroyed('updateRichPresence'));
    let checked: NativeActivity;
    try {
      checked = toNativeActivity(activity);
    } catch (error) {
      return Promise.reject(error);
    }
    return updateKeptPresence(state, checked);
  },

  setOnlineStatus(status: SettableOnlineStatus): Promise<void> {
    return operation(this, 'setOnlineStatus', (native) => {
      const value = STATUS_VALUES[checkOneOf(status, SETTABLE_STATUSES, 'status')];
      return (requestId) => native.setOnlineStatus(requestId, value);
    }).then(() => undefined);
  },

  clearRichPresence(): void {
    const state = requireClient(this, 'clearRichPresence');
    if (!state.closing) clearKeptPresence(state);
  },

  getDiscordClientConnectedUser(applicationId: SnowflakeInput): Promise<User | null> {
    return operation(this, 'getDiscordClientConnectedUser', (native) => {
      const id = toSnowflake(applicationId, 'applicationId');
      return (requestId) => native.getDiscordClientConnectedUser(requestId, id);
    }).then((users) => (users[0] ? fromNativeUser(users[0]) : null));
  },

  getUser(userId: SnowflakeInput): User | null {
    const state = requireClient(this, 'getUser');
    const id = toSnowflake(userId, 'userId');
    const user = state.closed ? null : state.native.getUser(id);
    return user && fromNativeUser(user);
  },
});

registerClientEvents({ userUpdated: true, richPresenceFailed: true } satisfies Record<keyof PresenceClientEvents, true>);

registerEventHandlers({
  UserUpdated: (client, userId) => emitterOf(client)?.emit('userUpdated', { userId }),
});

// ---- The rich presence kept across lost connections --------------------------------------------
// The official docs (discord-social-sdk, core-concepts/communication-features.mdx) ask games to
// "Queue presence updates and retry when connection restored": the client remembers the last presence
// the game asked for and applies it each time it is ready again (both backends; the service
// forgets a game activity when the user's last client goes). What it does when is in the TSDoc of
// `updateRichPresence` above and in docs/presence-and-invites.md.

const { Ready: READY } = Status;

interface Waiting {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** What one client keeps. */
interface KeptPresence {
  /** The last presence asked for: an activity, null once cleared, undefined before any. */
  wanted: NativeActivity | null | undefined;
  /** The last presence the service accepted (what a refused request falls back to). */
  applied: NativeActivity | null | undefined;
  /** updateRichPresence calls waiting for the client to be ready again. */
  waiting: Waiting[];
}

const kept = new WeakMap<ClientState, KeptPresence>();

function keptOf(state: ClientState): KeptPresence {
  let presence = kept.get(state);
  if (!presence) {
    const created: KeptPresence = { wanted: undefined, applied: undefined, waiting: [] };
    state.statusHooks.add((status) => {
      if (status === 'closed') {
        for (const waiter of created.waiting.splice(0)) waiter.reject(clientDestroyed('updateRichPresence'));
      } else if (status === READY && state.everReady) {
        // Ready again: the kept presence goes out anew, announced if refused.
        apply(state, created, created.waiting.splice(0), true);
      }
    });
    kept.set(state, (presence = created));
  }
  return presence;
}

/** Whether the client lost its connection after being ready, and will be ready again. */
function away(state: ClientState): boolean {
  return state.everReady && !state.closing && state.status !== READY;
}

/**
 * Whether a request failed because the connection was lost on its way. The client may be ready
 * again by the time the failure is handled (the reconnect's status events can come in the same
 * batch), so the failure's own type says it too.
 */
function lostOnTheWay(state: ClientState, error: unknown): boolean {
  if (!state.everReady || state.closing) return false;
  return state.status !== READY || (error instanceof SocialSdkError && error.type === 'ClientNotReady');
}

/**
 * Applies the kept presence now; `waiting` learn the outcome. A connection lost on the way keeps
 * them for the next ready (or, when the client is ready again already, applies once more). A
 * refusal falls back to the last accepted presence and, when `announce` (a re-application after a
 * reconnect), is a `richPresenceFailed` event too.
 */
function apply(state: ClientState, presence: KeptPresence, waiting: Waiting[], announce: boolean): void {
  const { wanted } = presence;
  if (wanted === undefined || wanted === null) {
    if (wanted === null) {
      state.native.clearRichPresence();
      presence.applied = null;
    }
    for (const waiter of waiting) waiter.resolve();
    return;
  }
  state.start('updateRichPresence', () => (requestId) => state.native.updateRichPresence(requestId, wanted)).then(
    () => {
      presence.applied = wanted;
      for (const waiter of waiting) waiter.resolve();
    },
    (error: unknown) => {
      if (lostOnTheWay(state, error)) {
        if (away(state)) presence.waiting.push(...waiting);
        else apply(state, presence, waiting, announce);
        return;
      }
      if (presence.wanted === wanted) presence.wanted = presence.applied;
      for (const waiter of waiting) waiter.reject(error);
      if (announce) state.emitter?.emit('richPresenceFailed', { error: error as SocialSdkError });
    },
  );
}

/**
 * updateRichPresence: sent now when the client is ready; kept and applied once it is ready again
 * when it lost its connection (before the call, or while the request was on its way).
 */
function updateKeptPresence(state: ClientState, activity: NativeActivity): Promise<void> {
  const presence = keptOf(state);
  presence.wanted = activity;
  return new Promise((resolve, reject) => {
    if (away(state)) presence.waiting.push({ resolve, reject });
    else apply(state, presence, [{ resolve, reject }], false);
  });
}

/** clearRichPresence: cleared now when ready; while away, cleared once the client is ready again. */
function clearKeptPresence(state: ClientState): void {
  const presence = keptOf(state);
  presence.wanted = null;
  if (!away(state)) apply(state, presence, presence.waiting.splice(0), false);
}
