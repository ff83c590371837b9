// The platform document's HTTP rules for a moderation bot (docs/bot-rules.md, "HTTP (bot token)"),
// over a real socket: guild bans (public docs, resources/guild.mdx, "Create Guild Ban": BAN_MEMBERS;
// a banned user is removed and cannot come back through an invite), prune (spec Endpoints: "Require
// ADMINISTRATOR when the guild has feature PRUNE_REQUIRES_ADMIN; otherwise require MANAGE_GUILD and
// KICK_MEMBERS") and Get Current User Guilds with `shard` (spec Endpoints and Errors).
import { describe, expect, it } from 'vitest';

import { player } from './lobby-helpers.js';
import { serve } from './service-helpers.js';
import { sdk } from './sdk.js';

type Simulator = InstanceType<typeof sdk.Simulator>;
const DAY_MS = 86_400_000;

async function moderated(permissions: NonNullable<Parameters<Simulator['addGuildMember']>[2]>['permissions'] = []) {
  const sim = new sdk.Simulator();
  const { service, call } = await serve(sim);
  const owner = await player(sim, 'owner');
  const guild = sim.createGuild({ name: 'Raiders', owner: owner.user });
  const bot = sim.defaultApplication.botUserId;
  sim.addGuildMember(guild, bot, { permissions });
  return { sim, service, call, owner, guild, bot };
}

/** The guild's members other than its owner and the bots, read from the world file (sim.snapshot()). */
function playerMembers(sim: Simulator): string[] {
  const guild = sim.snapshot().guilds![0]!;
  return (guild.members ?? []).map((member) => (typeof member === 'string' ? member : member.user)).sort();
}

describe('guild bans', () => {
  it('a ban needs BAN_MEMBERS, removes the member, is listed with its reason, and an invite cannot bring the user back until unbanned', async () => {
    const { sim, service, call, owner, guild, bot } = await moderated();
    // A bot acts through its role, above the members' (topics/permissions.mdx, "Permission Hierarchy").
    sim.setGuildMemberRoles(guild, bot, [sim.createGuildRole(guild, { name: 'Mods', permissions: ['banMembers'] })]);
    const troll = await player(sim, 'troll');
    sim.addGuildMember(guild, troll.user);
    const ban = () => call('PUT', `/guilds/${guild.id}/bans/${troll.user.id}`, { body: { delete_message_seconds: 3600 }, headers: { 'x-audit-log-reason': 'griefing' } });
    expect((await ban()).status).toBe(204);
    expect(playerMembers(sim)).not.toContain(troll.user.id);
    const bans = await call('GET', `/guilds/${guild.id}/bans`);
    expect(bans.body).toEqual([{ user: expect.objectContaining({ id: troll.user.id, username: 'troll' }), reason: 'griefing' }]);

    // An invite to the guild's linked channel: refused with 40007 while banned ("The user is banned from this guild.").
    const text = sim.createGuildChannel(guild, { name: 'raid-chat' });
    const lobby = (await call('POST', '/lobbies', { body: { members: [{ id: owner.user.id, flags: 1 }, { id: troll.user.id }] } })).body as { id: string };
    const ownerToken = sim.issueToken(owner.user, sim.defaultApplication).accessToken;
    expect((await call('PATCH', `/lobbies/${lobby.id}/channel-linking`, { bearer: ownerToken, body: { channel_id: text } })).status).toBe(200);
    const invite = (await call('POST', `/lobbies/${lobby.id}/members/${troll.user.id}/invites`)).body as { code: string };
    expect(() => service.acceptChannelInvite(invite.code, troll.user)).toThrow(expect.objectContaining({ code: 40007 }));

    expect((await call('DELETE', `/guilds/${guild.id}/bans/${troll.user.id}`)).status).toBe(204);
    expect((await call('DELETE', `/guilds/${guild.id}/bans/${troll.user.id}`)).body).toMatchObject({ code: 10026 });
    expect(service.acceptChannelInvite(invite.code, troll.user).guildId).toBe(guild.id);
  });

  it('refuses without BAN_MEMBERS (403 50013), the owner and members at or above the bot\'s highest role, and an unknown user (10013)', async () => {
    const { sim, call, owner, guild, bot } = await moderated();
    const ada = sim.createUser({ username: 'ada' });
    sim.addGuildMember(guild, ada);
    expect(await call('PUT', `/guilds/${guild.id}/bans/${ada.id}`, { body: {} })).toMatchObject({ status: 403, body: { code: 50013 } });
    expect(await call('GET', `/guilds/${guild.id}/bans`)).toMatchObject({ status: 403, body: { code: 50013 } });
    const mods = sim.createGuildRole(guild, { name: 'Mods', permissions: ['banMembers'] });
    sim.setGuildMemberRoles(guild, bot, [mods]);
    expect((await call('PUT', `/guilds/${guild.id}/bans/${owner.user.id}`, { body: {} })).status).toBe(403);
    sim.setGuildMemberRoles(guild, ada, [mods]); // the same top role: not below the bot's
    expect((await call('PUT', `/guilds/${guild.id}/bans/${ada.id}`, { body: {} })).status).toBe(403);
    expect((await call('PUT', `/guilds/${guild.id}/bans/1234`, { body: {} })).body).toMatchObject({ code: 10013 });
    expect((await call('PUT', `/guilds/${guild.id}/bans/${ada.id}`, { body: { delete_message_days: 8 } })).body).toMatchObject({ code: 50035 });
    expect(playerMembers(sim)).toContain(ada.id);
  });
});

describe('prune', () => {
  it('needs MANAGE_GUILD and KICK_MEMBERS, or ADMINISTRATOR under PRUNE_REQUIRES_ADMIN (spec Endpoints: Get Guild Prune Count / Begin Guild Prune)', async () => {
    const { sim, call, guild, bot } = await moderated(['manageGuild', 'kickMembers']);
    const idle = [sim.createUser({ username: 'a' }), sim.createUser({ username: 'b' })];
    for (const user of idle) sim.addGuildMember(guild, user);
    const kept = sim.createUser({ username: 'kept' });
    sim.addGuildMember(guild, kept);
    const veterans = sim.createGuildRole(guild, { name: 'Veterans' });
    sim.setGuildMemberRoles(guild, kept, [veterans]);
    sim.advance(8 * DAY_MS);
    // The bot itself holds no role: it counts as an inactive member too (the owner never does).
    expect((await call('GET', `/guilds/${guild.id}/prune`)).body).toEqual({ pruned: 3 });
    expect((await call('GET', `/guilds/${guild.id}/prune?days=9`)).body).toEqual({ pruned: 0 });
    expect((await call('GET', `/guilds/${guild.id}/prune?include_roles=${veterans.id}`)).body).toEqual({ pruned: 4 });
    expect((await call('GET', `/guilds/${guild.id}/prune?days=31`)).body).toMatchObject({ code: 50035 });

    sim.setGuildFeatures(guild, ['PRUNE_REQUIRES_ADMIN']);
    expect(await call('GET', `/guilds/${guild.id}/prune`)).toMatchObject({ status: 403, body: { code: 50013 } });
    expect(await call('POST', `/guilds/${guild.id}/prune`, { body: { days: 7 } })).toMatchObject({ status: 403, body: { code: 50013 } });
    const admins = sim.createGuildRole(guild, { name: 'Admins', permissions: ['administrator'] });
    sim.setGuildMemberRoles(guild, bot, [admins]);
    expect((await call('POST', `/guilds/${guild.id}/prune`, { body: { days: 7, compute_prune_count: false } })).body).toEqual({ pruned: null });
    expect(playerMembers(sim)).toEqual([kept.id]);

    // Without the feature, ADMINISTRATOR alone suffices too (it holds every permission).
    sim.setGuildFeatures(guild, []);
    expect((await call('POST', `/guilds/${guild.id}/prune`, { body: {} })).body).toEqual({ pruned: 0 });
  });
});

describe('Get Current User Guilds with shard', () => {
  it('is unaffected for an application without large bot sharding; with it, shard is required (400) and must be 0 to max_concurrency − 1 of GET /gateway/bot (spec Endpoints, Errors, Limits)', async () => {
    const sim = new sdk.Simulator();
    const { call } = await serve(sim);
    const owner = sim.createUser({ username: 'owner' });
    const bot = sim.defaultApplication.botUserId;
    const guilds = Array.from({ length: 6 }, (_, i) => {
      const guild = sim.createGuild({ name: `G${i}`, owner });
      sim.addGuildMember(guild, bot, { permissions: ['viewChannel'] });
      sim.advance(1000 + i * 4321); // spread the ids' timestamps, so the shards differ
      return guild;
    });
    const all = await call('GET', '/users/@me/guilds');
    expect(all.body.map((g: { id: string }) => g.id)).toEqual(guilds.map((g) => g.id));
    expect(all.body[0]).toMatchObject({ name: 'G0', owner: false, features: [], icon: null, banner: null });

    sim.setLargeBotSharding(sim.defaultApplication, 4);
    expect((await call('GET', '/gateway/bot')).body.session_start_limit.max_concurrency).toBe(4);
    expect(await call('GET', '/users/@me/guilds')).toMatchObject({ status: 400, body: { code: 50035, errors: { shard: expect.any(Object) } } });
    expect((await call('GET', '/users/@me/guilds?shard=4')).status).toBe(400);
    expect((await call('GET', '/users/@me/guilds?shard=-1')).status).toBe(400);
    const seen: string[] = [];
    for (let shard = 0; shard < 4; shard++) {
      const answer = await call('GET', `/users/@me/guilds?shard=${shard}`);
      expect(answer.status).toBe(200);
      for (const guild of answer.body as { id: string }[]) {
        // "Returns only guilds stored in that shard": (guild_id >> 22) % max_concurrency.
        expect(Number((BigInt(guild.id) >> 22n) % 4n)).toBe(shard);
        seen.push(guild.id);
      }
    }
    expect(seen.sort()).toEqual(guilds.map((g) => g.id).sort());
    sim.setLargeBotSharding(sim.defaultApplication, false);
    expect((await call('GET', '/users/@me/guilds')).status).toBe(200);
  });
});
