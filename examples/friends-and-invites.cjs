// The join loop: Bo sees his friend Ada online, playing; Ada invites Bo into her party; Bo accepts,
// gets the join secret and lands in Ada's lobby. Then the party is full and the invite is dead.
const { Simulator } = require('social-sdk-node');

async function main() {
  const sim = new Simulator();
  const [adaUser, boUser] = [sim.createUser({ username: 'ada' }), sim.createUser({ username: 'bo' })];
  sim.setFriends(adaUser, boUser);
  const ada = await sim.connectClient(adaUser);
  const bo = await sim.connectClient(boUser);
  try {
    // Ada opens a lobby and shows a party with the lobby's secret as the join secret.
    const lobbySecret = 'ada-harbor-party';
    const lobbyId = await ada.createOrJoinLobby(lobbySecret);
    await ada.updateRichPresence({
      details: 'Harbor Raid',
      state: 'Looking for a mate',
      party: { id: 'ada-party', currentSize: 1, maxSize: 2 },
      secrets: { join: lobbySecret },
    });
    await sim.settle();
    for (const { user } of bo.getRelationshipsByGroup('onlinePlayingGame')) {
      console.log(`bo sees ${user.username} ${user.status}: ${user.gameActivity.state}`);
    }

    const invited = new Promise((resolve) => bo.once('activityInviteCreated', resolve));
    await ada.sendActivityInvite(bo.currentUser.id, 'join my raid?');
    const invite = await invited;
    console.log(`bo got a ${invite.type} invite from ${bo.getUser(invite.senderId).username}`);

    const join = await bo.acceptActivityInvite(invite);
    console.log('join:', join); // the join secret never shows
    const joined = await bo.createOrJoinLobby(join.joinSecret);
    console.log(`bo is in ada's lobby: ${joined === lobbyId}`);

    // The party is full now: the invite can no longer be accepted.
    const updated = new Promise((resolve) => bo.once('activityInviteUpdated', resolve));
    await ada.updateRichPresence({
      details: 'Harbor Raid',
      state: 'In a match',
      party: { id: 'ada-party', currentSize: 2, maxSize: 2 },
      secrets: { join: lobbySecret },
    });
    console.log(`invite still valid: ${(await updated).isValid}`);
    await bo.acceptActivityInvite(invite).catch((error) => console.log(`accept refused: ${error.code}`));
  } finally {
    await Promise.all([ada.close(), bo.close()]);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
