// Channel obfuscation on the simulated gateway, through a raw WebSocket: the platform document's
// "Channel object" obfuscation rules 1 and 4, "States and transitions" (Channel obfuscated for a
// bot -> not obfuscated), and "Events: Gateway" (Identify's capabilities bit 1 << 15, the portal's
// Private Channel Obfuscation switch, Channel Update, channel events for unviewable channels).
// Which fields are nulled besides the name and overwrites is our choice (docs/conformance.md).
import { describe, expect, it } from 'vitest';

import { GUILDS, identified, type Payload } from './gateway-helpers.js';
import { serve } from './service-helpers.js';
import { sdk } from './sdk.js';

/** discord-api-types GatewayCapabilityBits.ChannelObfuscation, ChannelFlags.ChannelObfuscated, PermissionFlagsBits.ViewChannel. */
const [CHANNEL_OBFUSCATION, CHANNEL_OBFUSCATED, VIEW_CHANNEL] = [1 << 15, 1 << 17, 1 << 10];

/**
 * A guild the bot is in: `general` (everyone sees it), `staff` (hidden from @everyone, shown to
 * ada), and a hidden category `Secret` with a voice channel that follows it.
 */
async function world() {
  const sim = new sdk.Simulator();
  const app = sim.defaultApplication;
  const ada = sim.createUser({ username: 'ada' });
  const guild = sim.createGuild({ name: 'Raiders', owner: ada, members: [app.botUserId] });
  const general = sim.createGuildChannel(guild, { name: 'general', position: 0 });
  const staff = sim.createGuildChannel(guild, { name: 'staff', position: 1, overwrites: [{ target: 'everyone', deny: ['viewChannel'] }, { target: ada, allow: ['viewChannel'] }] });
  const secret = sim.createGuildChannel(guild, { name: 'Secret', type: 'GuildCategory', position: 2, overwrites: [{ target: 'everyone', deny: ['viewChannel'] }] });
  const warRoom = sim.createGuildChannel(guild, { name: 'war-room', type: 'GuildVoice', parent: secret });
  const { service, botToken, call } = await serve(sim, { rateLimits: 'off' });
  const url = `${(await call('GET', '/gateway/bot')).body.url}?v=10&encoding=json`;
  return { sim, app, ada, guild, general, staff, secret, warRoom, service, botToken, url };
}

/** A GUILD_CREATE's channels by id. */
function channelsOf(guildCreate: Payload): Map<string, Record<string, unknown>> {
  return new Map((guildCreate.d.channels as Record<string, unknown>[]).map((channel) => [channel['id'] as string, channel]));
}

/** The one overwrite an obfuscated channel carries: VIEW_CHANNEL denied to @everyone (the guild id as role id). */
const denyEveryone = (guildId: string) => [{ id: guildId, type: 0, allow: '0', deny: String(VIEW_CHANNEL) }];

describe('channel obfuscation (Channel object, obfuscation rules)', () => {
  it('rule 1: with Identify capabilities 1 << 15, a channel the bot lacks VIEW_CHANNEL on arrives named ___hidden___, flag CHANNEL_OBFUSCATED, sensitive fields nulled, exactly one overwrite denying VIEW_CHANNEL to @everyone', async () => {
    const { guild, general, staff, secret, warRoom, botToken, url } = await world();
    const bot = await identified(url, botToken, GUILDS, { capabilities: CHANNEL_OBFUSCATION });
    const channels = channelsOf(bot.guilds[0]!);
    for (const hidden of [staff, secret, warRoom]) {
      const channel = channels.get(hidden)!;
      expect(channel['name']).toBe('___hidden___');
      expect(Number(channel['flags']) & CHANNEL_OBFUSCATED).toBe(CHANNEL_OBFUSCATED);
      expect(channel['permission_overwrites']).toEqual(denyEveryone(guild.id));
    }
    // Sensitive fields nulled (our choice of which); what places the channel stays.
    expect(channels.get(staff)).toMatchObject({ id: staff, type: 0, guild_id: guild.id, position: 1, parent_id: null, topic: null, last_message_id: null });
    expect(channels.get(warRoom)).toMatchObject({ type: 2, parent_id: secret, rtc_region: null });
    // A channel it can view is whole.
    expect(channels.get(general)).toMatchObject({ name: 'general', flags: 0, permission_overwrites: [] });
  });

  it('rule 4: without the capability (and the switch off) nothing is obfuscated', async () => {
    const { ada, guild, staff, warRoom, botToken, url } = await world();
    const bot = await identified(url, botToken, GUILDS);
    const channels = channelsOf(bot.guilds[0]!);
    expect(channels.get(staff)).toMatchObject({ name: 'staff', flags: 0 });
    expect(channels.get(staff)!['permission_overwrites']).toEqual([
      { id: guild.id, type: 0, allow: '0', deny: String(VIEW_CHANNEL) },
      { id: ada.id, type: 1, allow: String(VIEW_CHANNEL), deny: '0' },
    ]);
    expect(channels.get(warRoom)).toMatchObject({ name: 'war-room', flags: 0 });
  });

  it("Events, Identify: the portal's Private Channel Obfuscation switch (Overview > Bot) opts in as the capability does", async () => {
    const { sim, app, staff, general, botToken, url } = await world();
    sim.setPrivateChannelObfuscation(app, true);
    const bot = await identified(url, botToken, GUILDS);
    expect(channelsOf(bot.guilds[0]!).get(staff)).toMatchObject({ name: '___hidden___', flags: CHANNEL_OBFUSCATED });
    expect(channelsOf(bot.guilds[0]!).get(general)).toMatchObject({ name: 'general' });
    sim.setPrivateChannelObfuscation(app, false);
    const after = await identified(url, botToken, GUILDS);
    expect(channelsOf(after.guilds[0]!).get(staff)).toMatchObject({ name: 'staff' });
    expect(() => sim.setPrivateChannelObfuscation(app, 'yes' as never)).toThrow(TypeError);
    expect(() => sim.setPrivateChannelObfuscation('123', true)).toThrow(RangeError);
  });

  it('States and transitions: gaining VIEW_CHANNEL dispatches CHANNEL_UPDATE with full unobfuscated data (an overwrite change, and a category change for its synced channel)', async () => {
    const { sim, app, ada, guild, staff, secret, warRoom, botToken, url } = await world();
    const bot = await identified(url, botToken, GUILDS, { capabilities: CHANNEL_OBFUSCATION });
    sim.updateGuildChannel(staff, { overwrites: [{ target: 'everyone', deny: ['viewChannel'] }, { target: ada, allow: ['viewChannel'] }, { target: app.botUserId, allow: ['viewChannel'] }] });
    const granted = await bot.next();
    expect(granted).toMatchObject({ t: 'CHANNEL_UPDATE', d: { id: staff, name: 'staff', flags: 0 } });
    expect(granted.d.permission_overwrites).toHaveLength(3);

    // The category's overwrites are its synced channel's: both arrive whole.
    sim.updateGuildChannel(secret, { overwrites: [{ target: 'everyone', deny: ['viewChannel'] }, { target: app.botUserId, allow: ['viewChannel'] }] });
    const updates = [await bot.next(), await bot.next()];
    expect(updates.map((update) => [update.t, update.d.id, update.d.name, update.d.flags])).toEqual([
      ['CHANNEL_UPDATE', secret, 'Secret', 0],
      ['CHANNEL_UPDATE', warRoom, 'war-room', 0],
    ]);
    // Losing it again: obfuscated once more (our choice: a Channel Update, not a Channel Delete).
    sim.updateGuildChannel(staff, { overwrites: [{ target: 'everyone', deny: ['viewChannel'] }] });
    expect(await bot.next()).toMatchObject({ t: 'CHANNEL_UPDATE', d: { id: staff, name: '___hidden___', flags: CHANNEL_OBFUSCATED, permission_overwrites: denyEveryone(guild.id) } });
  });

  it('States and transitions: a role grant or a role overwrite that gives the bot VIEW_CHANNEL dispatches CHANNEL_UPDATE with full data (the one permission model: roles, role overwrites)', async () => {
    const { sim, app, guild, staff, secret, warRoom, botToken, url } = await world();
    // A role overwrite: the role is allowed VIEW_CHANNEL in `staff`; the bot gets the role.
    const staffRole = sim.createGuildRole(guild, { name: 'Staff' });
    sim.updateGuildChannel(staff, { overwrites: [{ target: 'everyone', deny: ['viewChannel'] }, { target: { role: staffRole }, allow: ['viewChannel'] }] });
    const bot = await identified(url, botToken, GUILDS, { capabilities: CHANNEL_OBFUSCATION });
    expect(channelsOf(bot.guilds[0]!).get(staff)).toMatchObject({ name: '___hidden___' });
    sim.setGuildMemberRoles(guild, app.botUserId, [staffRole]);
    // Guild Member Update "is sent for current-user updates regardless of whether the GUILD_MEMBERS
    // intent is set" (public docs, events/gateway.mdx), then the channel the role shows.
    expect(await bot.next()).toMatchObject({ t: 'GUILD_MEMBER_UPDATE', d: { guild_id: guild.id, user: { id: app.botUserId }, roles: [staffRole.id] } });
    const granted = await bot.next();
    expect(granted).toMatchObject({ t: 'CHANNEL_UPDATE', d: { id: staff, name: 'staff', flags: 0 } });
    // Overwrite type 0 for a role (and @everyone), 1 for a member (resources/channel.mdx, Overwrite Object).
    expect(granted.d.permission_overwrites).toEqual([
      { id: guild.id, type: 0, allow: '0', deny: String(VIEW_CHANNEL) },
      { id: staffRole.id, type: 0, allow: String(VIEW_CHANNEL), deny: '0' },
    ]);

    // A role grant: ADMINISTRATOR (topics/permissions.mdx: every permission, overwrites ignored) on
    // a new role shows the hidden category and its synced voice channel.
    const admin = sim.createGuildRole(guild, { name: 'Admin' });
    expect(await bot.next()).toMatchObject({ t: 'GUILD_ROLE_CREATE', d: { guild_id: guild.id, role: { id: admin.id, name: 'Admin', permissions: '0' } } });
    sim.setGuildMemberRoles(guild, app.botUserId, [staffRole, admin]);
    expect(await bot.next()).toMatchObject({ t: 'GUILD_MEMBER_UPDATE', d: { roles: [staffRole.id, admin.id].sort() } });
    sim.updateGuildRole(guild, admin, { permissions: ['administrator'] });
    const updates = [await bot.next(), await bot.next(), await bot.next()];
    // The channels in the guild's order (position, then id): war-room (position 0) before Secret (2).
    expect(updates.map((update) => [update.t, update.d.id ?? update.d.role?.id, update.d.name ?? update.d.role?.name])).toEqual([
      ['GUILD_ROLE_UPDATE', admin.id, 'Admin'],
      ['CHANNEL_UPDATE', warRoom, 'war-room'],
      ['CHANNEL_UPDATE', secret, 'Secret'],
    ]);
    // The role taken away: hidden again (obfuscated).
    sim.setGuildMemberRoles(guild, app.botUserId, []);
    expect(await bot.next()).toMatchObject({ t: 'GUILD_MEMBER_UPDATE', d: { roles: [] } });
    const hidden = [await bot.next(), await bot.next(), await bot.next()];
    expect(hidden.map((update) => [update.t, update.d.name])).toEqual([
      ['CHANNEL_UPDATE', '___hidden___'],
      ['CHANNEL_UPDATE', '___hidden___'],
      ['CHANNEL_UPDATE', '___hidden___'],
    ]);
  });

  it('Events: channel events for unviewable channels still arrive, obfuscated (CHANNEL_CREATE, CHANNEL_UPDATE)', async () => {
    const { sim, guild, secret, staff, botToken, url } = await world();
    const bot = await identified(url, botToken, GUILDS, { capabilities: CHANNEL_OBFUSCATION });
    const plain = await identified(url, botToken, GUILDS);
    const vault = sim.createGuildChannel(guild, { name: 'vault', parent: secret });
    expect(await bot.next()).toMatchObject({ t: 'CHANNEL_CREATE', d: { id: vault, name: '___hidden___', parent_id: secret, flags: CHANNEL_OBFUSCATED, permission_overwrites: denyEveryone(guild.id) } });
    expect(await plain.next()).toMatchObject({ t: 'CHANNEL_CREATE', d: { id: vault, name: 'vault', flags: 0 } });
    sim.updateGuildChannel(staff, { name: 'staff-only', position: 5 });
    expect(await bot.next()).toMatchObject({ t: 'CHANNEL_UPDATE', d: { id: staff, name: '___hidden___', position: 5, flags: CHANNEL_OBFUSCATED } });
    expect(await plain.next()).toMatchObject({ t: 'CHANNEL_UPDATE', d: { id: staff, name: 'staff-only' } });
  });

  it('an Identify whose capabilities is not a non-negative integer does not decode (4002), and starts no session', async () => {
    const { service, botToken, url } = await world();
    for (const capabilities of ['1', -1, 1.5]) {
      const bot = await identified(url, botToken, GUILDS, { capabilities });
      expect((await bot.closed).code).toBe(4002);
    }
    expect(service.gateway.sessionCount).toBe(0);
  });
});
