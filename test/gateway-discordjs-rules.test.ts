// Issue 37's "done when", with a real bot framework: a discord.js v14 bot beside an SDK client in
// one simulated world logs in, receives its guilds, sees an obfuscated channel become visible when
// granted VIEW_CHANNEL (platform document: Channel object, obfuscation rule 1; States and
// transitions), receives a lobby member's presence with and without the custom status according to
// its privacy (Events: Presence Update), asks Channel Info (opcode 43) and sees a voice channel
// status set through our RestClient (Events: Voice Channel Status Update).
import { once } from 'node:events';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import { player } from './lobby-helpers.js';
import { serve } from './service-helpers.js';
import { root, sdk } from './sdk.js';

type DiscordJs = typeof import('discord.js');
const discord = createRequire(import.meta.url)('discord.js') as DiscordJs;
const { Client, Events, GatewayIntentBits, ActivityType } = discord;
const { RestClient } = createRequire(import.meta.url)(path.join(root, 'dist', 'rest', 'index.js')) as typeof import('../lib/rest/index.js');

/** discord-api-types ChannelFlags.ChannelObfuscated (1 << 17). */
const CHANNEL_OBFUSCATED = 1 << 17;

const bots: import('discord.js').Client[] = [];
afterEach(async () => {
  await Promise.all(bots.splice(0).map((bot) => bot.destroy()));
});

/** The next raw dispatch named `t` the bot receives. */
function raw(client: import('discord.js').Client, t: string): Promise<{ t: string; d: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON of many shapes
  return new Promise((resolve) => {
    const listener = (packet: { t: string; d: unknown }) => {
      if (packet.t !== t) return;
      client.off(Events.Raw, listener);
      resolve(packet as { t: string; d: any }); // eslint-disable-line @typescript-eslint/no-explicit-any -- as above
    };
    client.on(Events.Raw, listener);
  });
}

describe('a discord.js bot beside the game (issue 37)', () => {
  it('sees an obfuscated channel become visible when granted VIEW_CHANNEL, a lobby member’s presence by its privacy, Channel Info (opcode 43) and a voice status set through the RestClient', { timeout: 30_000 }, async () => {
    const sim = new sdk.Simulator();
    const app = sim.defaultApplication;
    const ada = await player(sim, 'ada');
    await ada.client.createOrJoinLobby('raid');
    const guild = sim.createGuild({ name: 'Raiders', owner: ada.user });
    sim.addGuildMember(guild, app.botUserId, { permissions: ['setVoiceChannelStatus', 'manageChannels'] });
    const staff = sim.createGuildChannel(guild, { name: 'staff', overwrites: [{ target: 'everyone', deny: ['viewChannel'] }, { target: ada.user, allow: ['viewChannel'] }] });
    const voice = sim.createGuildChannel(guild, { name: 'Raid Voice', type: 'GuildVoice', position: 1 });
    // The portal's "Private Channel Obfuscation" switch (discord.js sends no Identify capabilities).
    sim.setPrivateChannelObfuscation(app, true);
    const { service } = await serve(sim, { rateLimits: 'off' });

    const client = new Client({ intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildPresences, GatewayIntentBits.GuildVoiceStates], rest: { api: `${service.url}/api` } });
    bots.push(client);
    const ready = once(client, Events.ClientReady);
    await client.login(service.issueBotToken());
    await ready;
    const cached = client.guilds.cache.get(guild.id)!;
    expect(cached.name).toBe('Raiders');
    const hidden = cached.channels.cache.get(staff)!;
    expect(hidden.name).toBe('___hidden___');
    expect(hidden.flags.has(CHANNEL_OBFUSCATED)).toBe(true);

    // Granted VIEW_CHANNEL: a Channel Update with the full channel.
    const updated = once(client, Events.ChannelUpdate);
    sim.updateGuildChannel(staff, { overwrites: [{ target: 'everyone', deny: ['viewChannel'] }, { target: ada.user, allow: ['viewChannel'] }, { target: app.botUserId, allow: ['viewChannel'] }] });
    const [before, after] = (await updated) as [import('discord.js').GuildChannel, import('discord.js').GuildChannel];
    expect([before.name, after.name, after.flags.has(CHANNEL_OBFUSCATED)]).toEqual(['___hidden___', 'staff', false]);

    // A custom status set through the SDK client, shown while privacy allows it.
    let presence = once(client, Events.PresenceUpdate);
    await ada.client.updateRichPresence({ type: 'CustomStatus', state: 'brb, dinner' });
    let [, shown] = (await presence) as [unknown, import('discord.js').Presence];
    expect(shown.userId).toBe(ada.user.id);
    expect(shown.activities.map((activity) => [activity.type, activity.state])).toEqual([[ActivityType.Custom, 'brb, dinner']]);
    presence = once(client, Events.PresenceUpdate);
    sim.chatClient(ada.user).setProfilePrivacy('friendsOnly');
    [, shown] = (await presence) as [unknown, import('discord.js').Presence];
    expect(shown.activities).toEqual([]);

    // A voice channel status set by the game server through the RestClient.
    const rest = new RestClient({ token: service.issueBotToken(app), clientId: app.id, clientSecret: service.clientSecret(app), baseUrl: service.apiBase, retries: 0 });
    const status = raw(client, 'VOICE_CHANNEL_STATUS_UPDATE');
    await rest.setVoiceChannelStatus(voice, 'Raid night');
    expect((await status).d).toEqual({ id: voice, guild_id: guild.id, status: 'Raid night' });

    // Request Channel Info (opcode 43), sent through discord.js's own socket.
    const info = raw(client, 'CHANNEL_INFO');
    cached.shard.send({ op: 43, d: { guild_id: guild.id, fields: ['status', 'voice_start_time'] } });
    expect((await info).d).toEqual({ guild_id: guild.id, channels: [{ id: voice, status: 'Raid night', voice_start_time: null }] });
  });
});
