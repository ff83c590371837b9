// A served simulator on real time (Simulator { clock: 'real-time' }): two real clients, our
// RestClient and @discordjs/rest 2.6.3, each send 20 lobby messages at once against a budget of
// 2 per second. The windows roll over on the wall clock (about ten times), every message arrives
// once and in order, and a client that reads the X-RateLimit headers meets at most one 429.
// Counts are asserted, never elapsed time.
import { REST, type ResponseLike } from '@discordjs/rest';
import { afterEach, describe, expect, it } from 'vitest';

import { rest } from './rest-server-helpers.js';
import { sdk, type SimulatedService } from './sdk.js';

type Simulator = InstanceType<typeof sdk.Simulator>;

const MESSAGES = 20;
const BUDGET = { limit: 2, windowMs: 1000 };

const services: SimulatedService[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.close()));
});

/** An application with a lobby, a member and the member's token. */
function member(sim: Simulator, name: string) {
  const application = sim.createApplication({ name });
  const user = sim.createUser({ username: `${name.toLowerCase()}-player` });
  const lobbyId = sim.createLobby({ application });
  sim.bulkUpdateLobbyMembers(lobbyId, [{ user }]);
  return { lobbyId, token: sim.issueToken(user, application).accessToken };
}

/** The lobby's messages, oldest first, as its member reads them. */
async function history(service: SimulatedService, lobbyId: string, token: string): Promise<string[]> {
  const response = await fetch(`${service.apiBase}/lobbies/${lobbyId}/messages?limit=100`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  const messages = (await response.json()) as { id: string; content: string }[];
  return messages.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1)).map((message) => message.content);
}

describe('a real-time served simulator with real clients', () => {
  it('each client sends 20 messages against 2 per second: all arrive once, in order, with at most one 429 each', async () => {
    const sim = new sdk.Simulator({ clock: 'real-time' });
    const service = await sim.listen();
    services.push(service);
    service.setRateLimit('POST /lobbies/:lobby/messages', BUDGET);
    const ours = member(sim, 'Ours');
    const theirs = member(sim, 'Theirs');
    const expected = Array.from({ length: MESSAGES }, (_, i) => `message ${i}`);

    let our429s = 0;
    const ourClient = new rest.RestClient({
      token: service.issueBotToken(),
      baseUrl: service.apiBase,
      onRateLimited: (info) => {
        if (info.fromResponse) our429s++;
      },
    });
    let their429s = 0;
    const theirClient = new REST({ api: service.url + '/api', version: '10', authPrefix: 'Bearer' }).setToken(theirs.token);
    theirClient.on('response', (_request, response: ResponseLike) => {
      if (response.status === 429) their429s++;
    });

    await Promise.all([
      ...expected.map((content) => ourClient.sendLobbyMessage(ours.lobbyId, { content }, { userToken: ours.token })),
      ...expected.map((content) => theirClient.post(`/lobbies/${theirs.lobbyId}/messages`, { body: { content } })),
    ]);

    expect(await history(service, ours.lobbyId, ours.token)).toEqual(expected);
    expect(await history(service, theirs.lobbyId, theirs.token)).toEqual(expected);
    expect(our429s).toBeLessThanOrEqual(1);
    expect(their429s).toBeLessThanOrEqual(1);
    expect(ourClient.invalidRequestCount).toBe(our429s);
  }, 60_000);
});
