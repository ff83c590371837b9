// A discord.js bot beside the game, in one simulated world with a player's SDK client. The bot's
// application has the portal's "Private Channel Obfuscation" switch on, so a private channel
// arrives as ___hidden___ until the bot is granted VIEW_CHANNEL; the player's rich presence, set
// through the SDK, reaches the bot (its custom status only while the player's profile privacy
// allows it); and the bot asks the voice channels' ephemeral info (opcode 43).
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { Simulator } from 'social-sdk-node';

const sim = new Simulator({ startTime: new Date('2026-07-01T18:00:00Z') });
const game = sim.defaultApplication;
const ada = sim.createUser({ username: 'ada' });
const player = await sim.connectClient(ada);
const guild = sim.createGuild({ name: 'Raiders', owner: ada, members: [game.botUserId] });
const staff = sim.createGuildChannel(guild, { name: 'staff', overwrites: [{ target: 'everyone', deny: ['viewChannel'] }] });
const voice = sim.createGuildChannel(guild, { name: 'Raid Voice', type: 'GuildVoice', position: 1 });
sim.setPrivateChannelObfuscation(game, true);
sim.setBotVoiceConnection(game, voice, true); // the voice channel's session starts now
const service = await sim.listen();

const bot = new Client({
  intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildPresences],
  rest: { api: `${service.url}/api` },
});
bot.once(Events.ClientReady, () => {
  const channels = [...bot.guilds.cache.get(guild.id).channels.cache.values()].sort((a, b) => a.rawPosition - b.rawPosition);
  console.log(`channels: ${channels.map((channel) => channel.name).join(', ')}`);
  sim.updateGuildChannel(staff, { overwrites: [{ target: 'everyone', deny: ['viewChannel'] }, { target: game.botUserId, allow: ['viewChannel'] }] });
});
bot.on(Events.ChannelUpdate, async (before, after) => {
  console.log(`granted VIEW_CHANNEL: ${before.name} is ${after.name}`);
  await player.updateRichPresence({ type: 'CustomStatus', state: 'raiding at 9' });
});
let presences = 0;
bot.on(Events.PresenceUpdate, (_before, presence) => {
  const shown = presence.activities.map((activity) => activity.state).join(', ') || 'no custom status shown';
  console.log(`${presence.user?.username}: ${shown}`);
  presences += 1;
  if (presences === 1) sim.chatClient(ada).setProfilePrivacy('friendsOnly');
  else bot.guilds.cache.get(guild.id).shard.send({ op: 43, d: { guild_id: guild.id, fields: ['status', 'voice_start_time'] } });
});
bot.on(Events.Raw, async (packet) => {
  if (packet.t !== 'CHANNEL_INFO') return;
  for (const info of packet.d.channels) console.log(`voice session since ${new Date(info.voice_start_time * 1000).toISOString()}`);
  await bot.destroy();
  await player.close();
  await service.close();
});
await bot.login(service.issueBotToken());
