// A lobby screen that shows who is in the lobby's voice call before the player joins it: the
// lobby's call info when the screen opens (getLobby().callInfo, the SDK's CallInfoHandle), then
// each join and leave as it happens (lobbyVoiceParticipantChanged, the SDK's
// SetVoiceParticipantChangedCallback). The simulator plays the squad: ada and cy talk, bo watches.
const { Simulator } = require('social-sdk-node');

async function main() {
  const sim = new Simulator();
  const [ada, bo, cy] = await Promise.all(['ada', 'bo', 'cy'].map((username) => sim.connectClient(sim.createUser({ username }))));
  const names = new Map([ada, bo, cy].map((client) => [client.currentUser.id, client.currentUser.username]));
  try {
    const lobbyId = await ada.createOrJoinLobby('squad-voice');
    await Promise.all([bo.createOrJoinLobby('squad-voice'), cy.createOrJoinLobby('squad-voice')]);
    await ada.startCall(lobbyId);
    await sim.settle();

    // Bo opens the lobby screen: who is already talking, without joining the call.
    const inVoice = new Set(bo.getLobby(lobbyId).callInfo?.participants.map(({ userId }) => userId) ?? []);
    const show = () => console.log(`in voice: ${[...inVoice].map((id) => names.get(id)).join(', ') || 'nobody'}`);
    show();
    bo.on('lobbyVoiceParticipantChanged', ({ lobbyId: lobby, userId, added }) => {
      if (lobby !== lobbyId) return;
      if (added) inVoice.add(userId);
      else inVoice.delete(userId);
      show();
    });

    await cy.startCall(lobbyId);
    await sim.settle();
    await ada.endCall(lobbyId);
    await sim.settle();
    console.log(`bo is in the call: ${bo.getCall(lobbyId) !== null}`);
  } finally {
    await Promise.all([ada.close(), bo.close(), cy.close()]);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
