// Linked channels: a lobby member the game backend trusted (CanLinkLobby) links a guild text channel
// to the lobby, so the lobby's chat also lives in the guild; the other members see the link.
const { Simulator } = require('social-sdk-node');

const CAN_LINK_LOBBY = 1; // the server API's LobbyMemberFlags

async function main() {
  const sim = new Simulator();
  const [ada, bo] = [sim.createUser({ username: 'ada' }), sim.createUser({ username: 'bo' })];
  const guild = sim.createGuild({ name: 'Raiders', owner: ada, members: [bo] });
  const channel = sim.createGuildChannel(guild, { name: 'raid-chat', position: 0 });

  const [adaClient, boClient] = [await sim.connectClient(ada), await sim.connectClient(bo)];
  try {
    const lobbyId = await adaClient.createOrJoinLobby('raid-night');
    await boClient.createOrJoinLobby('raid-night');
    // What the game backend does (PUT /lobbies/{id}/members/{user} with flags: 1).
    sim.bulkUpdateLobbyMembers(lobbyId, [{ user: ada, flags: CAN_LINK_LOBBY }]);

    const linkable = (await adaClient.getGuildChannels(guild.id)).filter((c) => c.isLinkable);
    console.log(`linkable: ${linkable.map((c) => c.name).join(', ')}`);
    const updated = new Promise((resolve) => boClient.once('lobbyUpdated', resolve));
    await adaClient.linkChannelToLobby(lobbyId, channel);
    await updated;
    console.log(`bo sees the lobby linked to #${boClient.getLobby(lobbyId).linkedChannel.name}`);

    // Bo has no CanLinkLobby flag: the service refuses him.
    await boClient.unlinkChannelFromLobby(lobbyId).catch((error) => console.log(`bo may not unlink: ${error.status} (${error.code})`));
    await adaClient.unlinkChannelFromLobby(lobbyId);
    await sim.settle();
    console.log(`linked channel now: ${boClient.getLobby(lobbyId).linkedChannel}`);
  } finally {
    await Promise.all([adaClient.close(), boClient.close()]);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
