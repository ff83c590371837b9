/**
 * Presence Update as the gateway shows a guild member's presence (events/gateway-events.mdx,
 * "Presence Update"), made from the world's view of the user (its status as chosen, its one
 * published activity without secrets, its profile privacy), with the platform document's rule
 * (Events: Presence Update): the custom status (activity type 4) is omitted when the user's
 * profile privacy is Friends Only, or Friends & Small Servers Only in a guild of more than 200
 * members; other activity types are unaffected. A bot is never a user's friend, so Friends Only
 * always hides it from bots.
 * @internal
 * @module
 */
import { ActivityType, PresenceUpdateStatus, type GatewayActivity, type GatewayPresenceUpdateDispatchData } from 'discord-api-types/v10';

import type { NativeWorldView } from '../../addon/native.js';
import { StatusType } from '../../generated/seam.js';
import type { WorldSnapshot } from './objects.js';

type WorldUser = NativeWorldView['users'][number];
type WorldGuild = NativeWorldView['guilds'][number];
type WorldActivity = NonNullable<WorldUser['gameActivity']>;

/** "Friends & Small Servers": a server of more members than this is not small (document: "more than 200 members"). */
export const SMALL_SERVER_MEMBERS = 200;

/** sim::ProfilePrivacy's values (NativeWorldUser.profilePrivacy). */
const FRIENDS_AND_SMALL_SERVERS = 1;
const FRIENDS_ONLY = 2;

/** Whether a custom status of `user` is shown in `guild` (the document's privacy rule). */
export function customStatusShown(user: Pick<WorldUser, 'profilePrivacy'>, guild: Pick<WorldGuild, 'members'>): boolean {
  if (user.profilePrivacy === FRIENDS_ONLY) return false;
  if (user.profilePrivacy === FRIENDS_AND_SMALL_SERVERS) return guild.members.length <= SMALL_SERVER_MEMBERS;
  return true;
}

/** The gateway's status string: invisible, and a user without a connected client, show as offline. */
function statusOf(status: number): PresenceUpdateStatus {
  switch (status) {
    case StatusType.Online:
      return PresenceUpdateStatus.Online;
    case StatusType.Idle:
      return PresenceUpdateStatus.Idle;
    case StatusType.Dnd:
      return PresenceUpdateStatus.DoNotDisturb;
    default:
      return PresenceUpdateStatus.Offline;
  }
}

/** An activity as the gateway shows it (the vendor's ActivityTypes numbers are the gateway's); `created_at` is when it is shown (the world keeps no time: our choice). */
function activityJson(activity: WorldActivity, now: number): GatewayActivity {
  const json: Record<string, unknown> = { name: activity.name, type: activity.type, created_at: now };
  if (activity.applicationId) json['application_id'] = activity.applicationId;
  if (activity.details) json['details'] = activity.details;
  if (activity.state) json['state'] = activity.state;
  const timestamps = activity.timestamps;
  if (timestamps && (timestamps.start || timestamps.end)) json['timestamps'] = { ...(timestamps.start ? { start: timestamps.start } : {}), ...(timestamps.end ? { end: timestamps.end } : {}) };
  if (activity.party) json['party'] = { id: activity.party.id, size: [activity.party.currentSize, activity.party.maxSize] };
  const assets = activity.assets;
  if (assets) {
    const shown = { large_image: assets.largeImage, large_text: assets.largeText, small_image: assets.smallImage, small_text: assets.smallText };
    json['assets'] = Object.fromEntries(Object.entries(shown).filter(([, value]) => value !== null));
  }
  // "When received over the gateway, the `buttons` field is an array of strings, which are the button labels" (Activity Buttons).
  if (activity.buttons && activity.buttons.length > 0) json['buttons'] = activity.buttons.map((button) => button.label);
  return json as unknown as GatewayActivity;
}

/** `user`'s presence in `guild`, as a bot subscribed to the guild's presences receives it. */
export function presenceJson(snapshot: WorldSnapshot, user: WorldUser, guild: WorldGuild): GatewayPresenceUpdateDispatchData {
  const status = statusOf(user.status);
  const offline = status === PresenceUpdateStatus.Offline;
  const activity = shownActivity(user, guild);
  const activities = activity ? [activityJson(activity, snapshot.view.now)] : [];
  return {
    user: snapshot.user(user.id),
    guild_id: guild.id,
    status,
    activities,
    // An SDK client counts as a desktop session (our choice); offline: no field (the docs' Client Status Object).
    client_status: offline ? {} : { desktop: status },
  } as GatewayPresenceUpdateDispatchData;
}

/** The user's activity as a bot in `guild` is shown it: none while offline, nor a custom status the privacy rule omits. */
function shownActivity(user: WorldUser, guild: WorldGuild): WorldActivity | null {
  const activity = statusOf(user.status) === PresenceUpdateStatus.Offline ? null : user.gameActivity;
  return activity && (activity.type !== ActivityType.Custom || customStatusShown(user, guild)) ? activity : null;
}

/**
 * The user's presence and what a bot in `guild` is shown of it (but the time): a change of either
 * is a Presence Update (a new custom status the rule omits still is one, with the activity left out).
 */
export function presenceKey(user: WorldUser, guild: WorldGuild): string {
  return JSON.stringify([statusOf(user.status), user.gameActivity, shownActivity(user, guild)]);
}
