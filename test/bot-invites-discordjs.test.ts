// Invites with target users and roles from a real bot framework: discord.js v14 (its
// GuildInviteManager.create with `roles` and `targetUsersFile`, Invite.updateTargetUsers,
// fetchTargetUsers and fetchTargetUsersJobStatus) against the served simulator, unchanged. It
// sends the file as @discordjs/rest does (multipart, the other fields in payload_json, a CSV
// without header) and reads the CSV back as bytes.
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';

import { serve } from './service-helpers.js';
import { sdk } from './sdk.js';

type DiscordJs = typeof import('discord.js');
const { Client, Events, GatewayIntentBits } = createRequire(import.meta.url)('discord.js') as DiscordJs;

const bots: import('discord.js').Client[] = [];
afterEach(async () => {
  await Promise.all(bots.splice(0).map((bot) => bot.destroy()));
});

describe('a discord.js v14 bot makes invites with target users and roles', () => {
  it('creates one with roles and targetUsersFile, follows its job, reads and replaces the list; accepting grants the role to a listed user only (spec: "Get Target Users result | CSV | Single header line user_id")', { timeout: 30_000 }, async () => {
    const sim = new sdk.Simulator();
    const owner = sim.createUser({ username: 'owner' });
    const [ada, bo] = [sim.createUser({ username: 'ada' }), sim.createUser({ username: 'bo' })];
    const guild = sim.createGuild({ name: 'Raiders', owner });
    const botUser = sim.defaultApplication.botUserId;
    sim.addGuildMember(guild, botUser);
    const supporter = sim.createGuildRole(guild, { name: 'Supporter', color: 0xf1c40f });
    const botRole = sim.createGuildRole(guild, { name: 'Bot', permissions: ['createInstantInvite', 'manageRoles', 'manageGuild', 'manageChannels'] });
    sim.setGuildMemberRoles(guild, botUser, [botRole]);
    const text = sim.createGuildChannel(guild, { name: 'supporters', position: 0 });
    const { service, call } = await serve(sim, { rateLimits: 'off' });

    const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: `${service.url}/api` } });
    bots.push(client);
    const ready = once(client, Events.ClientReady);
    await client.login(service.issueBotToken());
    await ready;
    const cached = client.guilds.cache.get(guild.id)!;

    const invite = await cached.invites.create(text, { roles: [supporter.id], targetUsersFile: [ada.id], maxAge: 0 });
    expect(invite.channelId).toBe(text);
    expect((await invite.fetchTargetUsersJobStatus()).status).toBe(1);
    sim.advance(1_000);
    expect(await invite.fetchTargetUsersJobStatus()).toMatchObject({ status: 2, totalUsers: 1, processedUsers: 1, errorMessage: null });
    expect((await invite.fetchTargetUsers()).toString('utf8')).toBe(`user_id\n${ada.id}\n`);

    await invite.updateTargetUsers([ada.id, bo.id]);
    sim.advance(1_000);
    expect((await invite.fetchTargetUsers()).toString('utf8')).toBe(`user_id\n${ada.id}\n${bo.id}\n`);
    service.acceptChannelInvite(invite.code, bo);
    expect(() => service.acceptChannelInvite(invite.code, owner)).toThrow(expect.objectContaining({ code: 50001 }));
    expect((await call('GET', `/guilds/${guild.id}/roles/member-counts`)).body[supporter.id]).toBe(1);

    // Get Channel Invites, as discord.js fetches a channel's invites.
    const listed = await cached.invites.fetch({ channelId: text });
    expect([...listed.keys()]).toEqual([invite.code]);
  });
});
