// The platform document's HTTP rules for bots on guilds (docs/bot-rules.md, "HTTP (bot token)"),
// over a real socket against the simulated service: Get Guild Channels on both sides of
// 2026-11-16, roles and the permission computation (public docs, topics/permissions.mdx), role
// member counts, bans, prune, and Get Current User Guilds with `shard`. The application's bot user
// is a guild member through sim.addGuildMember(guild, app.botUserId).
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

import { serve } from './service-helpers.js';
import { root, sdk } from './sdk.js';

const { RestClient } = createRequire(import.meta.url)(path.join(root, 'dist', 'rest', 'index.js')) as typeof import('../lib/rest/index.js');
type Simulator = InstanceType<typeof sdk.Simulator>;

const DAY_MS = 86_400_000;
const OMISSION_DATE = Date.UTC(2026, 10, 16);

/** A guild owned by a player, with the default application's bot as a member holding `permissions`. */
async function botInGuild(options: { startTime?: number; permissions?: Parameters<Simulator['addGuildMember']>[2] } = {}) {
  const sim = new sdk.Simulator(options.startTime === undefined ? {} : { startTime: options.startTime });
  const { service, botToken, call } = await serve(sim);
  const owner = sim.createUser({ username: 'owner' });
  const guild = sim.createGuild({ name: 'Raiders', owner });
  const bot = sim.defaultApplication.botUserId;
  sim.addGuildMember(guild, bot, options.permissions ?? {});
  const rest = new RestClient({ token: botToken, baseUrl: service.apiBase, retries: 0 });
  return { sim, service, call, rest, owner, guild, bot };
}

describe('Get Guild Channels (bot token)', () => {
  it('lists channels without VIEW_CHANNEL before 2026-11-16 and omits them from that date (spec: "2026-11-16 | GET /guilds/{guild.id}/channels omits channels lacking VIEW_CHANNEL")', async () => {
    const { sim, call, rest, guild } = await botInGuild({ startTime: OMISSION_DATE - DAY_MS });
    const open = sim.createGuildChannel(guild, { name: 'general', position: 0 });
    const hidden = sim.createGuildChannel(guild, { name: 'staff', position: 1, overwrites: [{ target: 'everyone', deny: ['viewChannel'] }] });
    const before = await call('GET', `/guilds/${guild.id}/channels`);
    expect(before.status).toBe(200);
    expect(before.body.map((c: { id: string }) => c.id)).toEqual([open, hidden]);
    expect(before.body[1]).toMatchObject({ name: 'staff', guild_id: guild.id, type: 0, permission_overwrites: [{ id: guild.id, type: 0, deny: String(1n << 10n) }] });

    sim.advance(DAY_MS);
    const after = await rest.getGuildChannels(guild.id);
    expect(after.map((c) => c.id)).toEqual([open]);
    expect(after[0]).toMatchObject({ name: 'general', guildId: guild.id, parentId: null, permissionOverwrites: [] });
  });

  it('computes permissions as the docs do: @everyone, then roles (denies then allows combined), then the member; ADMINISTRATOR bypasses overwrites (topics/permissions.mdx, "Permission Overwrites")', async () => {
    const { sim, call, guild, bot } = await botInGuild({ startTime: OMISSION_DATE });
    const raiders = sim.createGuildRole(guild, { name: 'Raiders', color: 0xff0000 });
    const muted = sim.createGuildRole(guild, { name: 'Muted' });
    sim.setGuildMemberRoles(guild, bot, [raiders, muted]);
    const list = async () => (await call('GET', `/guilds/${guild.id}/channels`)).body.map((c: { name: string }) => c.name);
    // Hidden from @everyone, allowed to a role the bot holds: visible.
    sim.createGuildChannel(guild, { name: 'raid', position: 0, overwrites: [{ target: 'everyone', deny: ['viewChannel'] }, { target: { role: raiders }, allow: ['viewChannel'] }] });
    // Two roles' overwrites combine: one role's allow wins over another's deny.
    sim.createGuildChannel(guild, { name: 'mixed', position: 1, overwrites: [{ target: { role: muted }, deny: ['viewChannel'] }, { target: { role: raiders }, allow: ['viewChannel'] }] });
    // The member's own overwrite comes last.
    sim.createGuildChannel(guild, { name: 'not-for-bot', position: 2, overwrites: [{ target: { role: raiders }, allow: ['viewChannel'] }, { target: bot, deny: ['viewChannel'] }] });
    // A role's deny alone hides it.
    sim.createGuildChannel(guild, { name: 'quiet', position: 3, overwrites: [{ target: { role: muted }, deny: ['viewChannel'] }] });
    expect(await list()).toEqual(['raid', 'mixed']);
    // ADMINISTRATOR on a role: every channel, whatever the overwrites.
    sim.updateGuildRole(guild, muted, { permissions: ['administrator'] });
    expect(await list()).toEqual(['raid', 'mixed', 'not-for-bot', 'quiet']);
    // @everyone's own permissions are the base: without viewChannel, only an allow shows a channel.
    sim.updateGuildRole(guild, muted, { permissions: [] });
    sim.updateGuildRole(guild, 'everyone', { permissions: ['sendMessages'] });
    sim.createGuildChannel(guild, { name: 'no-overwrites', position: 4 });
    expect(await list()).toEqual(['raid', 'mixed']);
  });

  it('answers 404 Unknown Guild (10004) and 403 Missing Access (50001) when the bot user is not a member', async () => {
    const { sim, call, guild, bot } = await botInGuild();
    expect((await call('GET', '/guilds/1234/channels')).body).toMatchObject({ code: 10004 });
    sim.removeGuildMember(guild, bot);
    const refused = await call('GET', `/guilds/${guild.id}/channels`);
    expect(refused).toMatchObject({ status: 403, body: { code: 50001 } });
  });
});

describe('roles and role member counts', () => {
  it('GET /guilds/{guild.id}/roles answers the role objects, @everyone (the guild id) first', async () => {
    const { sim, call, guild } = await botInGuild();
    const mods = sim.createGuildRole(guild, { name: 'Mods', color: 0x00ff00, permissions: ['kickMembers', 'pinMessages'], hoist: true });
    const roles = (await call('GET', `/guilds/${guild.id}/roles`)).body;
    expect(roles).toEqual([
      expect.objectContaining({ id: guild.id, name: '@everyone', position: 0, permissions: String((1n << 10n) | (1n << 11n)) }),
      expect.objectContaining({ id: mods.id, name: 'Mods', position: 1, color: 0x00ff00, hoist: true, permissions: String((1n << 1n) | (1n << 51n)), colors: { primary_color: 0x00ff00, secondary_color: null, tertiary_color: null } }),
    ]);
  });

  it('Get Guild Role Member Counts: the members holding each role, @everyone left out (spec Endpoints: "Returns the number of members holding each role")', async () => {
    const { sim, rest, guild, bot } = await botInGuild();
    const [ada, bo] = [sim.createUser({ username: 'ada' }), sim.createUser({ username: 'bo' })];
    sim.addGuildMember(guild, ada);
    sim.addGuildMember(guild, bo);
    const raiders = sim.createGuildRole(guild, { name: 'Raiders' });
    const healers = sim.createGuildRole(guild, { name: 'Healers' });
    const idle = sim.createGuildRole(guild, { name: 'Idle' });
    sim.setGuildMemberRoles(guild, ada, [raiders, healers]);
    sim.setGuildMemberRoles(guild, bo, [raiders]);
    sim.setGuildMemberRoles(guild, bot, [raiders]);
    expect(await rest.getGuildRoleMemberCounts(guild.id)).toEqual({ [raiders.id]: 3, [healers.id]: 1, [idle.id]: 0 });
  });

  it('the harness refuses bad roles and changes nothing', async () => {
    const { sim, guild, bot } = await botInGuild();
    expect(() => sim.createGuildRole(guild, { name: '' })).toThrow(RangeError);
    expect(() => sim.createGuildRole(guild, { name: 'x', permissions: ['fly' as 'viewChannel'] })).toThrow(/permission name/);
    expect(() => sim.createGuildRole(guild, { name: 'x', color: 0x1000000 })).toThrow(RangeError);
    expect(() => sim.setGuildMemberRoles(guild, bot, [guild.id])).toThrow(/@everyone/);
    expect(() => sim.setGuildMemberRoles(guild, bot, ['42'])).toThrow(/no role 42/);
    expect(() => sim.updateGuildRole(guild, 'everyone', { name: 'all' })).toThrow(/only the permissions of @everyone/);
    expect(() => sim.setGuildFeatures(guild, ['NOT_A_FEATURE'])).toThrow(RangeError);
  });
});
