// Lobby chat: two players create/join a lobby by secret, chat, and read the history back.
// The clients come from the simulator here; against the real SDK each is a `new Client(...)`
// given the player's access token, and the rest of the code is the same.
const { Simulator } = require('social-sdk-node');

async function main() {
  const sim = new Simulator();
  const ada = await sim.connectClient(sim.createUser({ username: 'ada' }));
  const bo = await sim.connectClient(sim.createUser({ username: 'bo' }));
  try {
    ada.on('lobbyMemberAdded', ({ memberId }) => console.log(`ada: ${memberId} joined`));
    bo.on('messageCreated', (message) => console.log(`bo got: ${message.content}`));

    // One call creates the lobby, or joins it when one with this secret exists.
    const lobbyId = await ada.createOrJoinLobby('raid-night', {
      lobbyMetadata: { map: 'harbor' },
      memberMetadata: { muted: '[]' }, // visible to the other members
    });
    await bo.createOrJoinLobby('raid-night');

    await ada.sendLobbyMessage(lobbyId, 'gl hf', { metadata: { emote: 'wave' } });
    const history = await bo.getLobbyMessages(lobbyId, { limit: 50 }); // newest first, at most 200
    console.log(history.map((m) => `${m.authorId}: ${m.content}`));
    console.log(bo.getLobby(lobbyId).members.map((m) => ({ id: m.id, connected: m.connected })));
  } finally {
    await Promise.all([ada.close(), bo.close()]);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
