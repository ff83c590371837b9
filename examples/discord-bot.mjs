// A discord.js bot against the simulated service: the bot logs in with a bot token the simulator
// issued, takes the gateway's URL from GET /gateway/bot, and prints the guilds it is in with their
// channels; then it sees a player join a guild. Nothing here is specific to the simulator but the
// REST base URL (`rest.api`) and the token.
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { Simulator } from 'social-sdk-node';

const sim = new Simulator();
const game = sim.defaultApplication;
const ada = sim.createUser({ username: 'ada' });
const guild = sim.createGuild({ name: 'Raiders', owner: ada, members: [game.botUserId] });
const lobbies = sim.createGuildChannel(guild, { name: 'Lobbies', type: 'GuildCategory', position: 1 });
sim.createGuildChannel(guild, { name: 'party-1', type: 'GuildVoice', position: 2, parent: lobbies });
const service = await sim.listen();

const bot = new Client({
  intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMembers, GatewayIntentBits.GuildVoiceStates],
  rest: { api: `${service.url}/api` }, // discord.js adds /v10
});
bot.once(Events.ClientReady, () => {
  console.log(`logged in as ${bot.user.username}`);
  for (const server of bot.guilds.cache.values()) {
    const channels = [...server.channels.cache.values()].sort((a, b) => a.rawPosition - b.rawPosition);
    console.log(`${server.name}: ${channels.map((channel) => `${channel.name} (${channel.parent?.name ?? 'top'})`).join(', ')}`);
  }
  sim.addGuildMember(guild, sim.createUser({ username: 'bo' }));
});
bot.on(Events.GuildMemberAdd, async (member) => {
  console.log(`${member.user.username} joined ${member.guild.name}`);
  await bot.destroy();
  await service.close();
});
await bot.login(service.issueBotToken());
