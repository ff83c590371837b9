/**
 * Channel routes of the simulated HTTP service: linking a guild channel to a lobby (#10), lobby
 * channel invites for the calling member and for a member (#15, #16: single use, one hour), and
 * Set Voice Channel Status (§2: at most 500 characters; SET_VOICE_CHANNEL_STATUS and, unless the
 * bot is connected to the channel (`sim.setBotVoiceConnection`), MANAGE_CHANNELS; audit log 192/193).
 * @internal
 * @module
 */
import { limits } from '../../common/limits.js';
import { checkText, typeName } from '../../common/validate.js';
import { field, invalidForm, worldCall } from './errors.js';
import { lobbyJson, ownedLobby } from './routes-lobbies.js';
import { userCaller, type RouteHandlers } from './routes.js';
import { bodyObject, snowflakeField } from './wire.js';
import { noteWorldChange } from '../world-changes.js';

export const CHANNEL_HANDLERS = {
  linkChannelToLobby: {
    handle({ caller, params, body }, context) {
      const user = userCaller(caller);
      const lobby = ownedLobby(context, caller, params['lobby_id']!);
      const given = body === undefined ? {} : bodyObject(body);
      const channel = given['channel_id'];
      // Present: link; absent (or an empty body): unlink.
      const channelId = channel === undefined || channel === null ? null : snowflakeField('channel_id', channel);
      worldCall(() => context.world.userLinkChannel(caller.applicationId, user.userId, lobby.id, channelId));
      return { status: 200, body: lobbyJson(context, lobby.id) };
    },
  },
  createLobbyChannelInvite: {
    handle({ caller, params }, context) {
      const user = userCaller(caller);
      const lobby = ownedLobby(context, caller, params['lobby_id']!);
      const invite = worldCall(() => context.world.createLobbyChannelInvite(caller.applicationId, lobby.id, user.userId));
      return { status: 200, body: { code: invite.code } };
    },
  },
  createLobbyChannelInviteForUser: {
    handle({ caller, params }, context) {
      const lobby = ownedLobby(context, caller, params['lobby_id']!);
      const userId = snowflakeField('user.id', params['user_id']);
      const invite = worldCall(() => context.world.createLobbyChannelInvite(caller.applicationId, lobby.id, userId));
      return { status: 200, body: { code: invite.code } };
    },
  },
  setVoiceChannelStatus: {
    handle({ caller, params, body, auditLogReason }, context) {
      const channelId = snowflakeField('channel.id', params['channel_id']);
      const given = bodyObject(body);
      const status = given['status'];
      if (status !== null && status !== undefined && typeof status !== 'string') {
        throw invalidForm('status', `status must be a string or null, got ${typeName(status)}`);
      }
      const checked = typeof status === 'string' && status !== '' ? field('status', () => checkText(status, 'status', 0, limits.voiceChannelStatusLength)) : null;
      worldCall(() => context.world.setVoiceChannelStatus(caller.applicationId, channelId, checked, auditLogReason));
      noteWorldChange(context.world, { kind: 'voiceChannelStatus', channelId, status: checked });
      return { status: 204 };
    },
  },
} satisfies RouteHandlers;
