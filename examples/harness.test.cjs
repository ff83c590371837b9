// Testing your own social features offline: a game server's moderation rule, checked against two
// simulated players with the harness (settle, virtual clock, faults). Run: node --test examples/
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { Simulator } = require('social-sdk-node');

// The code under test: the game backend hides messages that contain a banned word.
function moderate(sim, lobbyId, message) {
  if (/noob/i.test(message.content)) sim.setMessageModerationMetadata(lobbyId, message.id, { action: 'hide' });
}

test('a rude message is hidden for every player, in real time', async () => {
  const sim = new Simulator();
  const ada = await sim.connectClient(sim.createUser({ username: 'ada' }));
  const bo = await sim.connectClient(sim.createUser({ username: 'bo' }));
  try {
    const lobbyId = await ada.createOrJoinLobby('lobby-1');
    await bo.createOrJoinLobby('lobby-1');
    ada.on('messageCreated', (message) => moderate(sim, lobbyId, message));
    const updates = [];
    bo.on('messageUpdated', (message) => updates.push(message.moderationMetadata));

    await bo.sendLobbyMessage(lobbyId, 'noobs, all of you');
    await sim.settle(); // every result and event delivered, including what listeners started

    assert.deepEqual(updates, [{ action: 'hide' }]);
    const [latest] = await ada.getLobbyMessages(lobbyId, { limit: 1 });
    assert.equal(latest.moderationMetadata.action, 'hide');
  } finally {
    await Promise.all([ada.close(), bo.close()]);
  }
});

test('a send that fails with 503 can be retried', async () => {
  const sim = new Simulator();
  const ada = await sim.connectClient(sim.createUser({ username: 'ada' }));
  try {
    const lobbyId = await ada.createOrJoinLobby('lobby-2');
    sim.failNext('sendLobbyMessage', { error: { type: 'HTTPError', status: 503, retryable: true } });
    await assert.rejects(ada.sendLobbyMessage(lobbyId, 'hello'), { type: 'HTTPError', status: 503, retryable: true });
    await ada.sendLobbyMessage(lobbyId, 'hello');

    sim.setLatency(250); // every call now takes 250 ms on the simulator's clock
    let sent = false;
    const pending = ada.sendLobbyMessage(lobbyId, 'slow').then(() => (sent = true));
    await sim.settle();
    assert.equal(sent, false);
    sim.advance(250);
    await pending;
  } finally {
    await ada.close();
  }
});
