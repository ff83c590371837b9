// The platform document's invite rules for bots (docs/bot-rules.md, "HTTP (bot token)"; the
// document's "Invites and target users" and Endpoints rows), over a real socket against the
// simulated service: Create Channel Invite with target_user_ids, target_users_file (multipart,
// Node's FormData) and role_ids; Get and Update Target Users with the job status; accepting such
// an invite (SimulatedService.acceptChannelInvite); Get Channel Invites with partial roles.
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

import { serve } from './service-helpers.js';
import { root, sdk } from './sdk.js';

const { RestClient } = createRequire(import.meta.url)(path.join(root, 'dist', 'rest', 'index.js')) as typeof import('../lib/rest/index.js');

type Simulator = InstanceType<typeof sdk.Simulator>;

/** A guild with a text channel and the default application's bot in it, holding `permissions` through a role above a Player role. */
async function inviteWorld(permissions: Parameters<Simulator['createGuildRole']>[1]['permissions'] = ['createInstantInvite', 'manageRoles', 'manageGuild', 'manageChannels']) {
  const sim = new sdk.Simulator();
  const { service, botToken, call } = await serve(sim);
  const owner = sim.createUser({ username: 'owner' });
  const [ada, bo] = [sim.createUser({ username: 'ada' }), sim.createUser({ username: 'bo' })];
  const guild = sim.createGuild({ name: 'Raiders', owner });
  const bot = sim.defaultApplication.botUserId;
  sim.addGuildMember(guild, bot);
  const player = sim.createGuildRole(guild, { name: 'Player', color: 0x2ecc71, permissions: ['sendMessages'] });
  const botRole = sim.createGuildRole(guild, { name: 'Bot', permissions });
  sim.setGuildMemberRoles(guild, bot, [botRole]);
  const channel = sim.createGuildChannel(guild, { name: 'welcome', position: 0 });
  /** Multipart with a CSV file (and payload_json), as the docs' tutorial sends it. */
  const upload = (method: string, path: string, csv: string, payload?: unknown) => {
    const form = new FormData();
    form.append('target_users_file', new Blob([csv], { type: 'text/csv' }), 'users.csv');
    if (payload !== undefined) form.append('payload_json', JSON.stringify(payload));
    return fetch(`${service.apiBase}${path}`, { method, headers: { authorization: `Bot ${botToken}` }, body: form });
  };
  const csvOf = (code: string) => fetch(`${service.apiBase}/invites/${code}/target-users`, { headers: { authorization: `Bot ${botToken}` } });
  const members = () => (sim.snapshot().guilds![0]!.members ?? []).map((member) => (typeof member === 'string' ? member : member.user));
  const roleCounts = async () => (await call('GET', `/guilds/${guild.id}/roles/member-counts`)).body as Record<string, number>;
  return { sim, service, call, upload, csvOf, members, roleCounts, guild, bot, ada, bo, player, botRole, channel };
}

describe('Create Channel Invite with target users and roles (bot token)', () => {
  it('target_user_ids and role_ids (JSON): the invite grants its roles to a target user and refuses anyone else (spec: "target_user_ids ... Gives the target users without a CSV upload"; "role_ids ... Roles assigned to a user who accepts")', async () => {
    const { service, call, members, roleCounts, guild, ada, bo, player, channel } = await inviteWorld();
    const created = await call('POST', `/channels/${channel}/invites`, { body: { target_user_ids: [ada.id], role_ids: [player.id], max_uses: 5 } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ type: 0, guild_id: guild.id, channel: { id: channel, name: 'welcome', type: 0 }, max_uses: 5, uses: 0, roles: [{ id: player.id, name: 'Player' }] });
    const code = created.body.code as string;
    // Not a target: refused (403 Missing Access, our choice of code), nothing changes.
    expect(() => service.acceptChannelInvite(code, bo)).toThrow(expect.objectContaining({ status: 403, code: 50001 }));
    expect(members()).not.toContain(bo.id);
    // The target joins and holds the role.
    expect(service.acceptChannelInvite(code, ada)).toEqual({ guildId: guild.id, channelId: channel, lobbyId: null });
    expect(members()).toContain(ada.id);
    expect((await roleCounts())[player.id]).toBe(1);
  });

  it('role_ids: "Requires the MANAGE_ROLES permission and cannot assign roles with higher permissions than the sender" (channel.mdx); roles at or above the bot\'s highest are refused too (our choice); nothing is created', async () => {
    const { sim, call, guild, player, botRole, channel } = await inviteWorld(['createInstantInvite', 'manageChannels', 'sendMessages']);
    const list = async () => (await call('GET', `/channels/${channel}/invites`)).body as unknown[];
    expect(await call('POST', `/channels/${channel}/invites`, { body: { role_ids: [player.id] } })).toMatchObject({ status: 403, body: { code: 50013 } });
    sim.updateGuildRole(guild, botRole, { permissions: ['createInstantInvite', 'manageChannels', 'manageRoles'] });
    sim.updateGuildRole(guild, player, { permissions: ['kickMembers'] });
    // Player carries KICK_MEMBERS, which the bot lacks: higher permissions than the sender.
    expect(await call('POST', `/channels/${channel}/invites`, { body: { role_ids: [player.id] } })).toMatchObject({ status: 403, body: { code: 50013 } });
    sim.updateGuildRole(guild, player, { permissions: [] });
    // Its own role (not below its highest), @everyone and an unknown role.
    expect(await call('POST', `/channels/${channel}/invites`, { body: { role_ids: [botRole.id] } })).toMatchObject({ status: 403, body: { code: 50013 } });
    expect(await call('POST', `/channels/${channel}/invites`, { body: { role_ids: [guild.id] } })).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(await call('POST', `/channels/${channel}/invites`, { body: { role_ids: ['42'] } })).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(await list()).toEqual([]);
    expect((await call('POST', `/channels/${channel}/invites`, { body: { role_ids: [player.id] } })).status).toBe(200);
    expect(await list()).toHaveLength(1);
  });

  it('refuses without CREATE_INSTANT_INVITE, a target list without MANAGE_GUILD (tutorials/using-community-invites.mdx), a missing body and an unknown channel', async () => {
    const { sim, call, guild, botRole, ada, channel } = await inviteWorld(['manageChannels']);
    expect(await call('POST', `/channels/${channel}/invites`, { body: {} })).toMatchObject({ status: 403, body: { code: 50013 } });
    sim.updateGuildRole(guild, botRole, { permissions: ['manageChannels', 'createInstantInvite'] });
    expect(await call('POST', `/channels/${channel}/invites`, { body: { target_user_ids: [ada.id] } })).toMatchObject({ status: 403, body: { code: 50013 } });
    // "All JSON parameters for this route are optional, however the request body is not."
    expect(await call('POST', `/channels/${channel}/invites`)).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(await call('POST', '/channels/42/invites', { body: {} })).toMatchObject({ status: 404, body: { code: 10003 } });
    expect((await call('GET', `/channels/${channel}/invites`)).body).toEqual([]);
    expect((await call('POST', `/channels/${channel}/invites`, { body: {} })).status).toBe(200);
  });
});

describe('target_users_file, Get Target Users and the job (bot token)', () => {
  it('multipart target_users_file: a job that completes on the simulator\'s clock, then only the listed users may accept; Get Target Users answers the header exactly user_id (spec Versioning: "Get Target Users header is exactly user_id")', async () => {
    const { sim, service, call, upload, csvOf, roleCounts, ada, bo, player, channel } = await inviteWorld();
    // The tutorial's file has no header; duplicates are ignored (channel.mdx).
    const created = await upload('POST', `/channels/${channel}/invites`, `${ada.id}\n${ada.id}\r\n`, { role_ids: [player.id] });
    expect(created.status).toBe(200);
    const code = ((await created.json()) as { code: string }).code;
    const status = async () => (await call('GET', `/invites/${code}/target-users/job-status`)).body;
    expect(await status()).toMatchObject({ status: 1, total_users: 1, processed_users: 0, completed_at: null, error_message: null });
    // While the job runs nobody is on the list yet (our choice).
    expect(() => service.acceptChannelInvite(code, ada)).toThrow(expect.objectContaining({ code: 50001 }));
    sim.advance(1_000);
    expect(await status()).toMatchObject({ status: 2, total_users: 1, processed_users: 1 });
    const csv = await csvOf(code);
    expect(csv.headers.get('content-type')).toBe('text/csv');
    expect((await csv.text()).split('\n')).toEqual(['user_id', ada.id, '']);
    expect(() => service.acceptChannelInvite(code, bo)).toThrow(expect.objectContaining({ code: 50001 }));
    service.acceptChannelInvite(code, ada);
    expect((await roleCounts())[player.id]).toBe(1);
  });

  it('Update Target Users replaces the whole list as an asynchronous job; the old list holds until it completes (spec: "Update replaces the entire list as an asynchronous job")', async () => {
    const { sim, service, call, upload, csvOf, ada, bo, channel } = await inviteWorld();
    const code = (await call('POST', `/channels/${channel}/invites`, { body: { target_user_ids: [ada.id] } })).body.code as string;
    expect((await call('GET', `/invites/${code}/target-users/job-status`)).body).toMatchObject({ status: 0, total_users: 0 });
    // A file read back (with its header) is sent again.
    expect((await upload('PUT', `/invites/${code}/target-users`, `user_id\n${bo.id}\n`)).status).toBe(204);
    expect((await call('GET', `/invites/${code}/target-users/job-status`)).body).toMatchObject({ status: 1, total_users: 1 });
    expect(await (await csvOf(code)).text()).toBe(`user_id\n${ada.id}\n`);
    sim.advance(1_000);
    expect(await (await csvOf(code)).text()).toBe(`user_id\n${bo.id}\n`);
    expect(() => service.acceptChannelInvite(code, ada)).toThrow(expect.objectContaining({ code: 50001 }));
    expect(service.acceptChannelInvite(code, bo).channelId).toBe(channel);
  });

  it('a file with invalid user IDs: 400 describing each line ("Line 2: invalid user ID format", resources/invite.mdx), nothing created or changed', async () => {
    const { call, upload, csvOf, ada, channel } = await inviteWorld();
    const bad = await upload('POST', `/channels/${channel}/invites`, `user_id\n12ab\n${ada.id}\n-5\n`);
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { code: number; errors: { target_users_file: { _errors: { message: string }[] } } };
    expect(body.code).toBe(50035);
    expect(body.errors.target_users_file._errors.map((error) => error.message)).toEqual(['Line 2: invalid user ID format', 'Line 4: invalid user ID format']);
    expect((await call('GET', `/channels/${channel}/invites`)).body).toEqual([]);
    const code = (await call('POST', `/channels/${channel}/invites`, { body: { target_user_ids: [ada.id] } })).body.code as string;
    expect((await upload('PUT', `/invites/${code}/target-users`, 'nope\n')).status).toBe(400);
    expect((await call('GET', `/invites/${code}/target-users/job-status`)).body).toMatchObject({ status: 0 });
    expect(await (await csvOf(code)).text()).toBe(`user_id\n${ada.id}\n`);
  });

  it('another bot: Get Target Users and the job status need the inviter, MANAGE_GUILD or VIEW_AUDIT_LOG; Update needs the inviter or MANAGE_GUILD (resources/invite.mdx)', async () => {
    const { sim, service, call, guild, ada, channel } = await inviteWorld();
    const code = (await call('POST', `/channels/${channel}/invites`, { body: { target_user_ids: [ada.id] } })).body.code as string;
    const other = sim.createApplication({ name: 'Auditor' });
    const token = service.issueBotToken(other);
    sim.addGuildMember(guild, other.botUserId);
    const form = new FormData();
    form.append('target_users_file', new Blob([ada.id]), 'u.csv');
    const put = () => fetch(`${service.apiBase}/invites/${code}/target-users`, { method: 'PUT', headers: { authorization: `Bot ${token}` }, body: form });
    expect(await call('GET', `/invites/${code}/target-users`, { token })).toMatchObject({ status: 403, body: { code: 50013 } });
    expect(await call('GET', `/invites/${code}/target-users/job-status`, { token })).toMatchObject({ status: 403 });
    sim.updateGuildRole(guild, 'everyone', { permissions: ['viewChannel', 'viewAuditLog'] });
    expect((await call('GET', `/invites/${code}/target-users/job-status`, { token })).status).toBe(200);
    expect((await fetch(`${service.apiBase}/invites/${code}/target-users`, { headers: { authorization: `Bot ${token}` } })).status).toBe(200);
    expect((await put()).status).toBe(403);
    expect(await call('GET', '/invites/nope/target-users')).toMatchObject({ status: 404, body: { code: 10006 } });
  });
});

describe('Get Channel Invites (bot token)', () => {
  it('answers the channel\'s invites with their roles as partial roles: "Only id, name, position, color, colors, icon, unicode_emoji" (spec; Versioning: "Get Channel Invites returns partial roles")', async () => {
    const { sim, call, guild, botRole, player, channel } = await inviteWorld();
    const code = (await call('POST', `/channels/${channel}/invites`, { body: { role_ids: [player.id], max_age: 0 } })).body.code as string;
    const listed = await call('GET', `/channels/${channel}/invites`);
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0]).toMatchObject({ code, expires_at: null, max_age: 0, inviter: { id: sim.defaultApplication.botUserId } });
    expect(listed.body[0].roles).toEqual([{ id: player.id, name: 'Player', position: 1, color: 0x2ecc71, colors: { primary_color: 0x2ecc71, secondary_color: null, tertiary_color: null }, icon: null, unicode_emoji: null }]);
    // "Requires the MANAGE_CHANNELS permission" (channel.mdx).
    sim.updateGuildRole(guild, botRole, { permissions: ['createInstantInvite'] });
    expect(await call('GET', `/channels/${channel}/invites`)).toMatchObject({ status: 403, body: { code: 50013 } });
  });
});

describe('bad input to the invite routes (bot token)', () => {
  it('answers 400 and creates or changes nothing: malformed multipart, fields of the wrong type or range, both target forms at once, a PUT without its file', async () => {
    const { service, call, upload, ada, channel } = await inviteWorld();
    const post = (body: unknown) => call('POST', `/channels/${channel}/invites`, { body });
    for (const body of [{ max_age: 604801 }, { max_uses: -1 }, { max_age: 'soon' }, { role_ids: 'x,y' }, { role_ids: {} }, { target_user_ids: 5 }, { target_user_ids: ['not-an-id'] }, []]) {
      expect((await post(body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await upload('POST', `/channels/${channel}/invites`, ada.id, { target_user_ids: [ada.id] })).status).toBe(400);
    const broken = await fetch(`${service.apiBase}/channels/${channel}/invites`, {
      method: 'POST',
      headers: { authorization: `Bot ${service.issueBotToken()}`, 'content-type': 'multipart/form-data; boundary=zz' },
      body: '--zz\r\nContent-Disposition: form-data; name="target_users_file"; filename="u.csv"\r\n\r\n123',
    });
    expect(broken.status).toBe(400);
    expect((await call('GET', `/channels/${channel}/invites`)).body).toEqual([]);
    const code = (await post({ target_user_ids: [ada.id] })).body.code as string;
    expect((await call('PUT', `/invites/${code}/target-users`, { body: {} })).status).toBe(400);
    expect((await call('GET', `/invites/${code}/target-users/job-status`)).body).toMatchObject({ status: 0 });
  });
});

describe("The RestClient's invite methods (issue 37 item 4: the bot routes a game server uses)", () => {
  it('a CSV target list (multipart) as a job, then the invite admits the target user with its roles and refuses anyone else', async () => {
    const { sim, service, members, ada, bo, player, channel } = await inviteWorld();
    const rest = new RestClient({ token: service.issueBotToken(), baseUrl: service.apiBase, retries: 0 });
    const invite = await rest.createChannelInvite(channel, { targetUsersFile: [ada.id], roleIds: [player.id] });
    expect(invite.roles.map((role) => role.id)).toEqual([player.id]);
    // "Update replaces the entire list as an asynchronous job": nobody is admitted until it completes.
    expect((await rest.getInviteTargetUsersJobStatus(invite.code)).status).toBe(1);
    sim.advance(1000);
    expect(await rest.getInviteTargetUsersJobStatus(invite.code)).toMatchObject({ status: 2, totalUsers: 1 });
    expect(await rest.getInviteTargetUsers(invite.code)).toEqual([ada.id]);
    expect(() => service.acceptChannelInvite(invite.code, bo)).toThrow();
    service.acceptChannelInvite(invite.code, ada);
    expect(members()).toContain(ada.id);
    expect(members()).not.toContain(bo.id);
  });

  it('bad input is refused before anything is sent', async () => {
    const { service, channel, call } = await inviteWorld();
    const sent: string[] = [];
    const rest = new RestClient({ token: service.issueBotToken(), baseUrl: service.apiBase, retries: 0, makeRequest: async (url, init) => { sent.push(url); return fetch(url, init); } });
    await expect(rest.createChannelInvite(channel, { maxAge: 604_801 })).rejects.toThrow(RangeError);
    await expect(rest.createChannelInvite(channel, { targetUserIds: ['1'], targetUsersFile: ['2'] })).rejects.toThrow(/alternatives/);
    await expect(rest.createChannelInvite(channel, { roleIds: ['x' as never] })).rejects.toThrow();
    await expect(rest.getInviteTargetUsers('../lobbies')).rejects.toThrow(RangeError);
    await expect(rest.updateInviteTargetUsers('abc', 'nope' as never)).rejects.toThrow(TypeError);
    expect(sent).toEqual([]);
    expect((await call('GET', `/channels/${channel}/invites`)).body).toEqual([]);
  });
});
