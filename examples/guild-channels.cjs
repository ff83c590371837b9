// Guild channels: list the user's guilds and the channels of one, as the chat client orders them.
// The guild is built with the simulator's harness here; against the real SDK it is the user's own.
const { Simulator } = require('social-sdk-node');

async function main() {
  const sim = new Simulator();
  const ada = sim.createUser({ username: 'ada' });
  const guild = sim.createGuild({ name: 'Raiders', owner: sim.createUser({ username: 'owner' }), members: [ada] });
  const game = sim.createGuildChannel(guild, { name: 'Game', type: 'GuildCategory', position: 1 });
  sim.createGuildChannel(guild, { name: 'party-chat', position: 2, parent: game });
  sim.createGuildChannel(guild, { name: 'welcome', position: 0 });
  // Hidden from everyone but the owner: left out of ada's list entirely.
  sim.createGuildChannel(guild, { name: 'staff', position: 3, overwrites: [{ target: 'everyone', deny: ['viewChannel'] }] });

  const client = await sim.connectClient(ada);
  try {
    for (const { id, name } of await client.getUserGuilds()) {
      console.log(`guild ${name}`);
      for (const channel of await client.getGuildChannels(id)) {
        const parent = channel.parentId ? ` (in ${channel.parentId})` : '';
        console.log(`  ${channel.position} ${channel.type} ${channel.name}${parent}`);
      }
    }
  } finally {
    await client.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
