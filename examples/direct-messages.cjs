// Direct messages: send, edit and delete, hear about it on the other side, read the conversation.
const { Simulator } = require('social-sdk-node');

async function main() {
  const sim = new Simulator();
  const ada = await sim.connectClient(sim.createUser({ username: 'ada' }));
  const bo = await sim.connectClient(sim.createUser({ username: 'bo' }));
  try {
    bo.on('messageCreated', (m) => m.recipientId && console.log(`bo got a DM: ${m.content}`));
    bo.on('messageUpdated', (m) => console.log(`bo sees it edited: ${m.content}`));
    bo.on('messageDeleted', ({ messageId }) => console.log(`bo sees ${messageId} deleted`));

    const boId = bo.currentUser.id;
    const first = await ada.sendUserMessage(boId, 'gg wp', { metadata: { match: '42' } });
    const second = await ada.sendUserMessage(boId, 'rematch?');
    await ada.editUserMessage(boId, second, 'rematch tonight?');
    await ada.deleteUserMessage(boId, first);
    await sim.settle(); // the simulator's way to let every event arrive

    // Newest first; from bo's local cache (it received them while connected), else from the service.
    const history = await bo.getUserMessages(ada.currentUser.id, { limit: 10 });
    console.log(history.map((m) => m.content));
    console.log(await ada.getUserMessageSummaries()); // [{ userId, lastMessageId }]
  } finally {
    await Promise.all([ada.close(), bo.close()]);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
