// Presence Update on the simulated gateway, through a raw WebSocket: a lobby member's rich presence,
// set through its SDK client, reaches the bots subscribed to its guilds' presences (GUILD_PRESENCES),
// under the platform document's rule (Events: Presence Update): "The custom status (activity type
// 4) is omitted from activities when the user's profile privacy is Friends Only, or Friends & Small
// Servers Only in a guild with more than 200 members. ... Other activity types are unaffected".
import { describe, expect, it } from 'vitest';

import { GUILD_PRESENCES, GUILDS, identified, sentBeforeAck, type Payload } from './gateway-helpers.js';
import { player } from './lobby-helpers.js';
import { serve } from './service-helpers.js';
import { sdk, type User } from './sdk.js';

type Simulator = InstanceType<typeof sdk.Simulator>;

/** A guild of `size` members: the bot, `ada` and others. */
function guildOf(sim: Simulator, name: string, ada: User, size: number) {
  const others = Array.from({ length: size - 2 }, (_, i) => sim.createUser({ username: `${name}-${i}` }));
  return sim.createGuild({ name, owner: ada, members: [sim.defaultApplication.botUserId, ...others] });
}

/** Ada, a player with a ready SDK client in a lobby, in a small guild (and a large one) with the bot; a bot subscribed to presences. */
async function world(options: { large?: boolean } = {}) {
  const sim = new sdk.Simulator();
  const ada = await player(sim, 'ada');
  await ada.client.createOrJoinLobby('raid');
  const small = guildOf(sim, 'Small', ada.user, 200);
  const large = options.large ? guildOf(sim, 'Large', ada.user, 201) : undefined;
  const { botToken, call } = await serve(sim, { rateLimits: 'off' });
  const url = `${(await call('GET', '/gateway/bot')).body.url}?v=10&encoding=json`;
  const bot = await identified(url, botToken, GUILDS | GUILD_PRESENCES);
  return { sim, ada, small, large, bot, url, botToken };
}

/** The activities of the next PRESENCE_UPDATE of each guild, by guild id. */
async function presences(bot: { nextOf(t: string): Promise<Payload> }, count: number): Promise<Map<string, Payload['d']>> {
  const byGuild = new Map<string, Payload['d']>();
  for (let i = 0; i < count; i++) {
    const update = await bot.nextOf('PRESENCE_UPDATE');
    byGuild.set(update.d.guild_id, update.d);
  }
  return byGuild;
}

describe('Presence Update (Events: Presence Update)', () => {
  it('GUILD_CREATE carries the online members’ presences, and a rich presence set through the SDK client arrives as PRESENCE_UPDATE', async () => {
    const { sim, ada, small, bot } = await world();
    const created = bot.guilds[0]!.d;
    expect(created.presences).toEqual([expect.objectContaining({ user: expect.objectContaining({ id: ada.user.id }), guild_id: small.id, status: 'online', activities: [] })]);
    await ada.client.updateRichPresence({ type: 'Playing', details: 'Raid night', state: 'In a party', party: { id: 'p1', currentSize: 2, maxSize: 4, privacy: 'Public' } });
    const update = await bot.nextOf('PRESENCE_UPDATE');
    expect(update.d).toMatchObject({ user: { id: ada.user.id, username: 'ada' }, guild_id: small.id, status: 'online', client_status: { desktop: 'online' } });
    expect(update.d.activities).toEqual([expect.objectContaining({ type: 0, details: 'Raid night', state: 'In a party', party: { id: 'p1', size: [2, 4] }, application_id: sim.defaultApplication.id })]);
    // Choosing a status is a presence change too.
    await ada.client.setOnlineStatus('dnd');
    expect((await bot.nextOf('PRESENCE_UPDATE')).d).toMatchObject({ status: 'dnd', client_status: { desktop: 'dnd' } });
  });

  it('omits the custom status (type 4) when the user’s profile privacy is Friends Only; other activity types unaffected', async () => {
    const { sim, ada, small, bot } = await world();
    await ada.client.updateRichPresence({ type: 'CustomStatus', state: 'brb, dinner' });
    expect((await bot.nextOf('PRESENCE_UPDATE')).d.activities).toEqual([expect.objectContaining({ type: 4, state: 'brb, dinner' })]);
    sim.chatClient(ada.user).setProfilePrivacy('friendsOnly');
    const hidden = await bot.nextOf('PRESENCE_UPDATE');
    expect(hidden.d).toMatchObject({ guild_id: small.id, status: 'online', activities: [] });
    await ada.client.updateRichPresence({ type: 'Playing', state: 'In the harbor' });
    expect((await bot.nextOf('PRESENCE_UPDATE')).d.activities).toEqual([expect.objectContaining({ type: 0, state: 'In the harbor' })]);
    sim.chatClient(ada.user).setProfilePrivacy('everyone');
    await ada.client.updateRichPresence({ type: 'CustomStatus', state: 'back' });
    expect((await bot.nextOf('PRESENCE_UPDATE')).d.activities).toEqual([expect.objectContaining({ type: 4, state: 'back' })]);
  });

  it('Friends & Small Servers Only omits the custom status in a guild of more than 200 members, keeps it in a guild of 200; other activity types unaffected', async () => {
    const { sim, ada, small, large, bot } = await world({ large: true });
    sim.chatClient(ada.user).setProfilePrivacy('friendsAndSmallServers');
    await ada.client.updateRichPresence({ type: 'CustomStatus', state: 'lfg' });
    const custom = await presences(bot, 2);
    expect(custom.get(small.id)!.activities).toEqual([expect.objectContaining({ type: 4, state: 'lfg' })]);
    expect(custom.get(large!.id)!.activities).toEqual([]);
    await ada.client.updateRichPresence({ type: 'Competing', state: 'Finals' });
    const competing = await presences(bot, 2);
    for (const guild of [small, large!]) expect(competing.get(guild.id)!.activities).toEqual([expect.objectContaining({ type: 5, state: 'Finals' })]);
  });

  it('needs GUILD_PRESENCES: a bot without it is sent no PRESENCE_UPDATE', async () => {
    const { ada, url, botToken, bot } = await world();
    const without = await identified(url, botToken, GUILDS);
    expect(without.guilds[0]!.d.presences).toEqual([]);
    await ada.client.updateRichPresence({ type: 'Playing', state: 'solo' });
    await bot.nextOf('PRESENCE_UPDATE');
    expect((await sentBeforeAck(without)).filter((payload) => payload.t === 'PRESENCE_UPDATE')).toEqual([]);
  });
});
