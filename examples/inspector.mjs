// The inspector: a served simulator's world, live in a web page. It serves a simulator on loopback,
// makes some activity (two players in a lobby, messages, a call, a game server's request) and
// prints the inspector's URL to open in a browser; then bo keeps chatting until Ctrl-C. With
// `--once` it stops after printing.
import { Simulator } from 'social-sdk-node';

const sim = new Simulator({ clock: 'real-time' });
const service = await sim.listen();
const [ada, bo] = [sim.createUser({ username: 'ada' }), sim.createUser({ username: 'bo' })];
const [adaClient, boClient] = await Promise.all([sim.connectClient(ada), sim.connectClient(bo)]);
const lobbyId = await adaClient.createOrJoinLobby('harbor-raid', { lobbyMetadata: { map: 'Harbor' } });
await boClient.createOrJoinLobby('harbor-raid');
await adaClient.sendLobbyMessage(lobbyId, 'ready?');
await boClient.startCall(lobbyId);
// A game server's request: the inspector's request log shows it (and that it sent a Bot token).
await fetch(`${service.apiBase}/lobbies/${lobbyId}`, { headers: { authorization: `Bot ${service.issueBotToken()}` } });

// The URL carries the harness secret in its fragment: whoever has it can watch this world.
console.log(`inspector: ${sim.inspect()}`);

async function stop() {
  clearInterval(chatter);
  await Promise.all([adaClient.close(), boClient.close()]);
  await service.close();
  console.log('stopped');
}
let said = 0;
const chatter = setInterval(() => void boClient.sendLobbyMessage(lobbyId, `still here (${++said})`), 3000);
if (process.argv.includes('--once')) await stop();
else process.once('SIGINT', stop);
