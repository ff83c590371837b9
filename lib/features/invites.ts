/**
 * Activity invites and the join loop: invite a friend into the party your rich presence shows,
 * ask a friend to be invited, accept an invite for its join secret, and learn the join secret
 * when the player accepts an invite in the chat client. Adds its methods to {@link Client} and its
 * events to {@link ClientEvents}.
 * @module
 */
import { namesByValue, valuesByLowerName } from '../model/enum-names.js';
import { ActivityActionType } from '../generated/seam.js';
import { toSnowflake, type Snowflake, type SnowflakeInput } from '../model/ids.js';
import { limits } from '../common/limits.js';
import type { NativeActivityInvite } from '../addon/native.js';
import { registerEventHandlers } from '../addon/runtime.js';
import { checkBoolean, checkInteger, checkOneOf, checkText, typeName } from '../common/validate.js';
import { registerClientEvents } from '../client/event-names.js';
import { defineClientMethods, emitterOf, operation, requireClient } from '../client/feature.js';
import { hidden } from '../common/hidden.js';

/** What an invite asks (`ActivityActionTypes`): `join` the sender's party, or let the sender join (`joinRequest`). */
export type ActivityActionKind = 'invalid' | 'join' | 'joinRequest';

/**
 * An activity invite (`ActivityInvite`) as the recipient gets it with `activityInviteCreated`:
 * hand it back, as it came, to {@link Client.acceptActivityInvite} or
 * {@link Client.sendActivityJoinRequestReply}.
 */
export interface ActivityInvite {
  /** Who sent it. */
  senderId: Snowflake;
  /** The direct-message channel it came in. */
  channelId: Snowflake;
  /** Its message: what identifies the invite to the service. */
  messageId: Snowflake;
  /** The application whose party it is about. */
  applicationId: Snowflake;
  /** "0" when the application has no parent. */
  parentApplicationId: Snowflake;
  type: ActivityActionKind;
  /** The sender's party (empty for a join request). */
  partyId: string;
  sessionId: string;
  /** False once it can no longer be accepted: the party is full, or the sender's presence no longer shows that party. */
  isValid: boolean;
}

/**
 * A join secret, from {@link Client.acceptActivityInvite} or the `activityJoin` events: pass it to
 * `createOrJoinLobby` to land in the sender's lobby. A secret: `util.inspect` and `JSON.stringify`
 * show `[REDACTED]` in its place.
 */
export interface ActivityJoin {
  joinSecret: string;
}

/** Payload of `activityJoinWithApplication`: the join and the application of the invite. */
export interface ActivityJoinWithApplication extends ActivityJoin {
  applicationId: Snowflake;
}

/** The invite events of a {@link Client} (part of {@link ClientEvents}). */
export interface InviteClientEvents {
  /** An invite or a join request arrived for this user (in this application). */
  activityInviteCreated: [invite: ActivityInvite];
  /** An invite this user received changed: `isValid` went false (the party filled up, or the sender's presence changed). */
  activityInviteUpdated: [invite: ActivityInvite];
  /** The player accepted an invite in the chat client: join the sender with the secret. */
  activityJoin: [join: ActivityJoin];
  /** The same, with the invite's application (`SetActivityJoinWithApplicationCallback`). */
  activityJoinWithApplication: [join: ActivityJoinWithApplication];
}

declare module '../model/types.js' {
  interface ClientEvents extends InviteClientEvents {}
}

declare module '../client/client.js' {
  interface Client {
    /**
     * Invites a user to join this user's party (`SendActivityInvite`); `content` is the message
     * that goes with it (up to 2,000 characters, may be empty). This user's rich presence must
     * have a party (not full) and a join secret. The invite is sent as a message, so it goes where
     * {@link Client.sendUserMessage} may send (both online in the game with no block, friends, or a
     * shared server and a message before). Rejects with HTTPError 400 (code 50035) without a party
     * or secret, 403 (50007) when the user may not be messaged, 404 (10013) for an unknown user.
     * @example
     * await ada.updateRichPresence({ state: 'In a group', party: { id: 'party-1', currentSize: 1, maxSize: 4 }, secrets: { join: lobbySecret } });
     * await ada.sendActivityInvite(bo.id, 'join us!');
     */
    sendActivityInvite(userId: SnowflakeInput, content?: string): Promise<void>;
    /** Asks a user to be invited to its party (`SendActivityJoinRequest`): the user gets an invite of type `joinRequest`. The rules of {@link Client.sendActivityInvite} on who may be asked (the simulator's choice). */
    sendActivityJoinRequest(userId: SnowflakeInput): Promise<void>;
    /**
     * Answers a join request this user received (`SendActivityJoinRequestReply`) with an invite
     * to this user's party (the rules of {@link Client.sendActivityInvite}); HTTPError 404
     * (10008) for a request this user did not receive.
     */
    sendActivityJoinRequestReply(invite: ActivityInvite): Promise<void>;
    /**
     * Accepts an invite this user received (`AcceptActivityInvite`): resolves with the join
     * secret. Rejects with HTTPError 400 (50035) once the invite is no longer valid (the party is
     * full, or the sender's presence no longer shows that party and secret), 404 (10008) for an
     * invite this user did not receive.
     * @example
     * client.on('activityInviteCreated', async (invite) => {
     *   const { joinSecret } = await client.acceptActivityInvite(invite);
     *   await client.createOrJoinLobby(joinSecret);
     * });
     */
    acceptActivityInvite(invite: ActivityInvite): Promise<ActivityJoin>;
    /**
     * Registers the command the chat client runs to start this game when the player accepts an
     * invite while the game is not running (`RegisterLaunchCommand`); the game then gets
     * `activityJoin` once connected. Returns whether it was recorded (false once closed).
     */
    registerLaunchCommand(applicationId: SnowflakeInput, command: string): boolean;
    /**
     * Tells the chat client the game's Steam app id (`RegisterLaunchSteamApplication`), so it can
     * start a Steam game for an accepted invite as {@link Client.registerLaunchCommand} does for
     * others; call it when the game starts. Returns whether it was recorded (false once closed).
     * On the simulator the chat client records it as the command `steam://rungameid/<steamAppId>`
     * (our choice: the vendor does not say how Discord starts the game).
     * @throws TypeError when `steamAppId` is not a number; RangeError when it is not an integer from 1
     * to 4,294,967,295.
     * @example
     * client.registerLaunchSteamApplication(applicationId, 480);
     */
    registerLaunchSteamApplication(applicationId: SnowflakeInput, steamAppId: number): boolean;
  }
}

const KINDS: readonly ActivityActionKind[] = namesByValue(ActivityActionType);
const KIND_NAMES: readonly ActivityActionKind[] = ['invalid', 'join', 'joinRequest'];
const KIND_VALUES = valuesByLowerName(ActivityActionType);

function fromNativeInvite(invite: NativeActivityInvite): ActivityInvite {
  return Object.freeze({ ...invite, type: KINDS[invite.type] ?? 'invalid' });
}

function joinOf(joinSecret: string): ActivityJoin {
  return hidden({ joinSecret }, { joinSecret: '[REDACTED]' });
}

/** An invite handed back from JS, checked field by field (exact messages; nothing reaches the seam otherwise). */
function toNativeInvite(invite: unknown): NativeActivityInvite {
  if (typeof invite !== 'object' || invite === null || Array.isArray(invite)) {
    throw new TypeError(`invite must be an activity invite object, got ${typeName(invite)}`);
  }
  const value = invite as Record<string, unknown>;
  return {
    senderId: toSnowflake(value.senderId as SnowflakeInput, 'invite.senderId'),
    channelId: toSnowflake(value.channelId as SnowflakeInput, 'invite.channelId'),
    messageId: toSnowflake(value.messageId as SnowflakeInput, 'invite.messageId'),
    applicationId: toSnowflake(value.applicationId as SnowflakeInput, 'invite.applicationId'),
    parentApplicationId: toSnowflake(value.parentApplicationId as SnowflakeInput, 'invite.parentApplicationId'),
    type: KIND_VALUES[checkOneOf(value.type, KIND_NAMES, 'invite.type')],
    partyId: checkText(value.partyId, 'invite.partyId', 0, limits.activityTextLength),
    sessionId: checkText(value.sessionId, 'invite.sessionId', 0, limits.activityTextLength),
    isValid: checkBoolean(value.isValid, 'invite.isValid'),
  };
}

defineClientMethods({
  sendActivityInvite(userId: SnowflakeInput, content: string = ''): Promise<void> {
    return operation(this, 'sendActivityInvite', (native) => {
      const id = toSnowflake(userId, 'userId');
      const text = checkText(content, 'content', 0, limits.messageContentLength);
      return (requestId) => native.sendActivityInvite(requestId, id, text);
    }).then(() => undefined);
  },
  sendActivityJoinRequest(userId: SnowflakeInput): Promise<void> {
    return operation(this, 'sendActivityJoinRequest', (native) => {
      const id = toSnowflake(userId, 'userId');
      return (requestId) => native.sendActivityJoinRequest(requestId, id);
    }).then(() => undefined);
  },
  sendActivityJoinRequestReply(invite: ActivityInvite): Promise<void> {
    return operation(this, 'sendActivityJoinRequestReply', (native) => {
      const checked = toNativeInvite(invite);
      return (requestId) => native.sendActivityJoinRequestReply(requestId, checked);
    }).then(() => undefined);
  },
  acceptActivityInvite(invite: ActivityInvite): Promise<ActivityJoin> {
    return operation(this, 'acceptActivityInvite', (native) => {
      const checked = toNativeInvite(invite);
      return (requestId) => native.acceptActivityInvite(requestId, checked);
    }).then(joinOf);
  },
  registerLaunchCommand(applicationId: SnowflakeInput, command: string): boolean {
    const state = requireClient(this, 'registerLaunchCommand');
    const id = toSnowflake(applicationId, 'applicationId');
    const checked = checkText(command, 'command', 1, limits.launchCommandLength);
    return !state.closed && state.native.registerLaunchCommand(id, checked);
  },
  registerLaunchSteamApplication(applicationId: SnowflakeInput, steamAppId: number): boolean {
    const state = requireClient(this, 'registerLaunchSteamApplication');
    const id = toSnowflake(applicationId, 'applicationId');
    // A Steam app id is the vendor's uint32_t; 0 names no game.
    const steamId = checkInteger(steamAppId, 'steamAppId', 1, 0xffff_ffff);
    return !state.closed && state.native.registerLaunchSteamApplication(id, steamId);
  },
});

registerClientEvents({
  activityInviteCreated: true,
  activityInviteUpdated: true,
  activityJoin: true,
  activityJoinWithApplication: true,
} satisfies Record<keyof InviteClientEvents, true>);

registerEventHandlers({
  ActivityInviteCreated: (client, invite) => emitterOf(client)?.emit('activityInviteCreated', fromNativeInvite(invite)),
  ActivityInviteUpdated: (client, invite) => emitterOf(client)?.emit('activityInviteUpdated', fromNativeInvite(invite)),
  ActivityJoin: (client, joinSecret) => emitterOf(client)?.emit('activityJoin', joinOf(joinSecret)),
  ActivityJoinWithApplication: (client, join) =>
    emitterOf(client)?.emit(
      'activityJoinWithApplication',
      hidden({ joinSecret: join.joinSecret, applicationId: join.applicationId }, { joinSecret: '[REDACTED]', applicationId: join.applicationId }),
    ),
});
