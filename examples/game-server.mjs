// A game server against the simulated service: it starts the service on loopback, creates a lobby
// for two players, bulk-adds them with character names, flags a message, and sets a voice channel
// status. The players are simulated SDK clients in the same world: they see every change.
import { Simulator } from 'social-sdk-node';
import { RestClient } from 'social-sdk-node/rest';

const sim = new Simulator();
const service = await sim.listen(); // http://127.0.0.1:<port>, the server API under /api/v10
const rest = new RestClient({ token: service.issueBotToken(), baseUrl: service.apiBase });

// Two players with the game open.
const [ada, bo] = [sim.createUser({ username: 'ada' }), sim.createUser({ username: 'bo' })];
const [adaClient, boClient] = await Promise.all([sim.connectClient(ada), sim.connectClient(bo)]);
boClient.on('lobbyCreated', ({ lobbyId }) => console.log(`bo's game: in lobby ${lobbyId}`));
boClient.on('messageCreated', (m) => console.log(`bo's game: <${m.additionalName}> ${m.content}`));
boClient.on('messageUpdated', (m) => console.log(`bo's game: message ${m.id} moderation ${JSON.stringify(m.moderationMetadata)}`));

// The server's side: a lobby for the two, with their character names (only a server can set them).
const lobby = await rest.createLobby({ metadata: { mode: 'duo' }, idleTimeoutSeconds: 600 });
const members = await rest.bulkUpdateLobbyMembers(lobby.id, [
  { id: ada.id, additionalName: 'Captain Ada' },
  { id: bo.id, additionalName: 'Bo the Bold' },
]);
await sim.settle(); // every event the requests caused has reached the clients
console.log(`server: lobby ${lobby.id} with ${members.map((m) => m.additionalName).join(' and ')}`);

// Ada says something rude; the server's moderation flags it and every member's game hides it.
const messageId = await adaClient.sendLobbyMessage(lobby.id, 'you are all noobs');
await sim.settle();
await rest.setLobbyMessageModerationMetadata(lobby.id, messageId, { action: 'hide', reason: 'toxicity' });
await sim.settle();

// The game's community server: the bot may set the status of its voice channel.
const guild = sim.createGuild({ name: 'Raiders', owner: ada });
sim.addGuildMember(guild, sim.defaultApplication.botUserId, { permissions: ['setVoiceChannelStatus', 'manageChannels'] });
const voice = sim.createGuildChannel(guild, { name: 'Raid Voice', type: 'GuildVoice' });
await rest.setVoiceChannelStatus(voice, 'Duo raid in progress', { reason: 'match started' });
console.log(`server: voice channel status "${service.getVoiceChannelStatus(voice)}"`);

await Promise.all([adaClient.close(), boClient.close()]);
await service.close();
