// Friends: a game friend request, a Discord friend set up by the harness, the friends list by
// group, and a friend who starts the game moving to the top group.
const { Simulator } = require('social-sdk-node');

async function main() {
  const sim = new Simulator();
  const ada = await sim.connectClient(sim.createUser({ username: 'ada' }));
  const bo = await sim.connectClient(sim.createUser({ username: 'bo', provisional: true }));
  const cy = sim.createUser({ username: 'cy' });
  try {
    // A provisional account has game friends only.
    await bo.sendDiscordFriendRequest('ada').catch((error) => console.log(`refused: ${error.code}`));
    await bo.sendGameFriendRequest('ada');
    await sim.settle();
    console.log('ada sees bo as', ada.getRelationship(bo.currentUser.id).gameType);
    await ada.acceptGameFriendRequest(bo.currentUser.id);
    sim.setFriends(ada.currentUser, cy); // Discord friends, set up directly

    ada.on('relationshipGroupsUpdated', ({ userId }) => console.log(`groups updated: ${ada.getRelationship(userId).user.username}`));
    const show = () => {
      for (const group of ['onlinePlayingGame', 'onlineElsewhere', 'offline']) {
        const names = ada.getRelationshipsByGroup(group).map((r) => `${r.user.username} (${r.discordType}/${r.gameType})`);
        console.log(`${group}: ${names.join(', ') || '-'}`);
      }
    };
    await bo.updateRichPresence({ state: 'In the harbor' });
    await sim.settle();
    show();

    const cyClient = await sim.connectClient(cy);
    await cyClient.updateRichPresence({ state: 'Just arrived' });
    await sim.settle();
    show();
    await cyClient.close();
    await sim.settle(); // Ada hears of Cy going offline before she closes
  } finally {
    await Promise.all([ada.close(), bo.close()]);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
