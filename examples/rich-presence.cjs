// Rich presence: a player publishes what they are doing; a lobby mate sees it (with the invite
// cover image uploaded in the developer portal, since the game set none) and sees it go.
const { Simulator } = require('social-sdk-node');

async function main() {
  const sim = new Simulator();
  const game = sim.createApplication({ name: 'Harbor Raid', inviteCoverImage: 'portal-cover' });
  const ada = await sim.connectClient(sim.createUser({ username: 'ada' }), { application: game });
  const bo = await sim.connectClient(sim.createUser({ username: 'bo' }), { application: game });
  try {
    // Players know the members of their lobbies: they see their presence and get userUpdated.
    await ada.createOrJoinLobby('raid-night');
    await bo.createOrJoinLobby('raid-night');
    bo.on('userUpdated', ({ userId }) => {
      const activity = bo.getUser(userId).gameActivity;
      console.log(activity ? `bo sees: ${activity.name} - ${activity.state} (cover: ${activity.assets.inviteCoverImage})` : 'bo sees: nothing');
    });

    await ada.updateRichPresence({
      type: 'Playing', // or Streaming, Listening, Watching, CustomStatus, Competing
      details: 'Ranked duo',
      state: 'In a match',
      party: { id: 'raid-night', currentSize: 2, maxSize: 4 },
      secrets: { join: 'raid-night' }, // never shown to others
      buttons: [{ label: 'Watch', url: 'https://example.com/watch' }],
      assets: { largeImage: 'harbor' }, // no inviteCoverImage: the portal's image is used
    });
    await sim.settle();
    ada.clearRichPresence();
    await sim.settle();
  } finally {
    await Promise.all([ada.close(), bo.close()]);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
