// Issue 37, first part: a real bot framework runs against the simulated gateway unchanged. A
// discord.js v14 bot with `rest.api` pointed at the served simulator takes the gateway's URL from
// GET /gateway/bot, identifies with a bot token the service issued, gets `clientReady` with its
// guilds and their channels in its cache, and sees the world change: a member the harness adds,
// a channel the harness changes, a voice channel status set over HTTP.
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';

import { serve } from './service-helpers.js';
import { sdk } from './sdk.js';

type DiscordJs = typeof import('discord.js');
const discord = createRequire(import.meta.url)('discord.js') as DiscordJs;
const { Client, Events, GatewayIntentBits, ChannelType } = discord;

const bots: import('discord.js').Client[] = [];
afterEach(async () => {
  await Promise.all(bots.splice(0).map((bot) => bot.destroy()));
});

/** A world with a guild the default application's bot is in: a category, a text channel and a hidden voice channel in it. */
function world() {
  const sim = new sdk.Simulator();
  const app = sim.defaultApplication;
  const ada = sim.createUser({ username: 'ada' });
  const guild = sim.createGuild({ name: 'Raiders', owner: ada });
  sim.addGuildMember(guild, app.botUserId, { permissions: ['setVoiceChannelStatus', 'manageChannels'] });
  const category = sim.createGuildChannel(guild, { name: 'Lobbies', type: 'GuildCategory', position: 1 });
  const text = sim.createGuildChannel(guild, { name: 'general', position: 0 });
  const voice = sim.createGuildChannel(guild, { name: 'Raid Voice', type: 'GuildVoice', position: 2, parent: category, overwrites: [{ target: 'everyone', deny: ['viewChannel'] }, { target: app.botUserId, allow: ['viewChannel'] }] });
  // A role ada holds, with an overwrite of its own on the voice channel.
  const officer = sim.createGuildRole(guild, { name: 'Officer', permissions: ['kickMembers'], color: 0x3498db });
  sim.setGuildMemberRoles(guild, ada, [officer]);
  sim.updateGuildChannel(voice, { overwrites: [{ target: 'everyone', deny: ['viewChannel'] }, { target: { role: officer }, allow: ['viewChannel'] }, { target: app.botUserId, allow: ['viewChannel'] }] });
  // A guild the bot is not in: never sent to it.
  sim.createGuild({ name: 'Elsewhere', owner: ada });
  return { sim, app, ada, guild, category, text, voice, officer };
}

/** A discord.js bot logged in to the served simulator; resolves at clientReady. */
async function bot(service: { url: string; issueBotToken(): string }) {
  const client = new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMembers, GatewayIntentBits.GuildVoiceStates],
    // @discordjs/rest adds /v10 to `api` itself.
    rest: { api: `${service.url}/api` },
  });
  bots.push(client);
  const ready = once(client, Events.ClientReady);
  await client.login(service.issueBotToken());
  await ready;
  return client;
}

describe('a discord.js v14 bot against the simulated gateway', () => {
  it('logs in, is ready with its guilds and their channels, members and roles in its cache', { timeout: 30_000 }, async () => {
    const { sim, app, ada, guild, category, text, voice, officer } = world();
    const { service } = await serve(sim, { rateLimits: 'off' });
    const client = await bot(service);

    expect(client.user?.id).toBe(app.botUserId);
    expect(client.user?.bot).toBe(true);
    expect(client.application?.id).toBe(app.id);
    expect([...client.guilds.cache.keys()]).toEqual([guild.id]);
    const cached = client.guilds.cache.get(guild.id)!;
    expect(cached.name).toBe('Raiders');
    expect(cached.ownerId).toBe(ada.id);
    expect(cached.available).toBe(true);
    expect(cached.memberCount).toBe(2);
    expect(cached.roles.everyone.id).toBe(guild.id);
    // The guild's roles, as the world holds them (GUILD_CREATE's `roles`), and the members' roles.
    expect(cached.roles.cache.get(officer.id)).toMatchObject({ name: 'Officer', color: 0x3498db, position: 1 });
    expect(cached.roles.cache.get(officer.id)!.permissions.has('KickMembers')).toBe(true);
    expect([...cached.members.cache.get(ada.id)!.roles.cache.keys()].sort()).toEqual([officer.id, guild.id].sort());
    expect([...cached.members.cache.get(app.botUserId)!.roles.cache.keys()]).toEqual([guild.id]);
    expect([...cached.members.cache.keys()].sort()).toEqual([ada.id, app.botUserId].sort());
    const channels = cached.channels.cache;
    expect(channels.get(text)).toMatchObject({ name: 'general', type: ChannelType.GuildText, position: 0, parentId: null });
    expect(channels.get(category)).toMatchObject({ name: 'Lobbies', type: ChannelType.GuildCategory });
    const raid = channels.get(voice)!;
    expect(raid).toMatchObject({ name: 'Raid Voice', type: ChannelType.GuildVoice, parentId: category });
    if (!('permissionOverwrites' in raid)) throw new Error('a guild channel has overwrites');
    expect(raid.permissionOverwrites.cache.get(guild.id)?.deny.has('ViewChannel')).toBe(true);
    expect(raid.permissionOverwrites.cache.get(app.botUserId)?.allow.has('ViewChannel')).toBe(true);
    // Overwrite type 0 for a role, 1 for a member (resources/channel.mdx, Overwrite Object).
    expect(raid.permissionOverwrites.cache.get(officer.id)).toMatchObject({ type: discord.OverwriteType.Role });
    expect(raid.permissionOverwrites.cache.get(app.botUserId)).toMatchObject({ type: discord.OverwriteType.Member });
    expect(service.gateway.sessionCount).toBe(1);
  });

  it('receives guildMemberAdd and guildMemberRemove when the harness adds and removes a member', { timeout: 30_000 }, async () => {
    const { sim, guild } = world();
    const { service } = await serve(sim, { rateLimits: 'off' });
    const client = await bot(service);
    const bo = sim.createUser({ username: 'bo' });
    const added = once(client, Events.GuildMemberAdd);
    sim.addGuildMember(guild, bo);
    const [member] = (await added) as [import('discord.js').GuildMember];
    expect(member.user.username).toBe('bo');
    expect(member.guild.id).toBe(guild.id);
    expect(client.guilds.cache.get(guild.id)!.memberCount).toBe(3);
    const removed = once(client, Events.GuildMemberRemove);
    sim.removeGuildMember(guild, bo);
    const [gone] = (await removed) as [import('discord.js').GuildMember];
    expect(gone.id).toBe(bo.id);
  });

  it('receives channelCreate and channelUpdate when the harness creates and changes a channel', { timeout: 30_000 }, async () => {
    const { sim, guild, text, category } = world();
    const { service } = await serve(sim, { rateLimits: 'off' });
    const client = await bot(service);
    const updated = once(client, Events.ChannelUpdate);
    sim.updateGuildChannel(text, { name: 'lounge', parent: category });
    const [before, after] = (await updated) as [import('discord.js').GuildChannel, import('discord.js').GuildChannel];
    expect(before.name).toBe('general');
    expect(after).toMatchObject({ name: 'lounge', parentId: category });
    const created = once(client, Events.ChannelCreate);
    const id = sim.createGuildChannel(guild, { name: 'party-1', type: 'GuildVoice', parent: category });
    const [channel] = (await created) as [import('discord.js').GuildChannel];
    expect(channel).toMatchObject({ id, name: 'party-1', type: ChannelType.GuildVoice });
    expect(client.channels.cache.get(id)).toBe(channel);
  });

  it('sees a voice channel status set over HTTP (raw VOICE_CHANNEL_STATUS_UPDATE) and a guild it joins later', { timeout: 30_000 }, async () => {
    const { sim, app, ada, voice, guild } = world();
    const { service, call } = await serve(sim, { rateLimits: 'off' });
    const client = await bot(service);
    const raw = new Promise<{ t: string; d: unknown }>((resolve) => client.on(Events.Raw, (packet: { t: string; d: unknown }) => packet.t === 'VOICE_CHANNEL_STATUS_UPDATE' && resolve(packet)));
    expect((await call('PUT', `/channels/${voice}/voice-status`, { body: { status: 'Raid night' } })).status).toBe(204);
    expect((await raw).d).toEqual({ id: voice, guild_id: guild.id, status: 'Raid night' });

    const joined = once(client, Events.GuildCreate);
    const other = sim.createGuild({ name: 'Second', owner: ada, members: [app.botUserId] });
    const [second] = (await joined) as [import('discord.js').Guild];
    expect(second.id).toBe(other.id);
    const left = once(client, Events.GuildDelete);
    sim.removeGuildMember(other, app.botUserId);
    expect(((await left) as [import('discord.js').Guild])[0].id).toBe(other.id);
  });

  it('receives roleCreate and guildMemberUpdate when the harness creates a role and gives it to a member', { timeout: 30_000 }, async () => {
    const { sim, ada, guild } = world();
    const { service } = await serve(sim, { rateLimits: 'off' });
    const client = await bot(service);
    const created = once(client, Events.GuildRoleCreate);
    const raider = sim.createGuildRole(guild, { name: 'Raider' });
    const [role] = (await created) as [import('discord.js').Role];
    expect(role).toMatchObject({ id: raider.id, name: 'Raider' });
    expect(client.guilds.cache.get(guild.id)!.roles.cache.get(raider.id)).toBe(role);
    const updated = once(client, Events.GuildMemberUpdate);
    sim.setGuildMemberRoles(guild, ada, [raider]);
    const [, member] = (await updated) as [unknown, import('discord.js').GuildMember];
    expect(member.roles.cache.has(raider.id)).toBe(true);
  });

  it('resumes after op 7 Reconnect (the same session) and goes on receiving', { timeout: 30_000 }, async () => {
    const { sim, guild } = world();
    const { service } = await serve(sim, { rateLimits: 'off' });
    const client = await bot(service);
    const resumed = once(client, Events.ShardResume);
    expect(service.gateway.requestReconnect()).toBe(1);
    await resumed;
    const added = once(client, Events.GuildMemberAdd);
    sim.addGuildMember(guild, sim.createUser({ username: 'cy' }));
    expect(((await added) as [import('discord.js').GuildMember])[0].user.username).toBe('cy');
    expect(service.gateway.sessionCount).toBe(1);
  });
});
