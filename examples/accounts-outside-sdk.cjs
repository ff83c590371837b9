// Accounts outside the SDK: a player's premium level and connections, the application's flags and
// a subscription, set by the harness and read over the served simulator's HTTP API as a game
// server (or a bot) would read them from the real service.
const { Simulator, SubscriptionStatus } = require('social-sdk-node');

async function main() {
  const sim = new Simulator({ startTime: Date.UTC(2026, 6, 1) });
  const service = await sim.listen();
  const app = sim.defaultApplication;
  const bot = { authorization: `Bot ${service.issueBotToken()}` };
  const get = async (path, headers) => (await fetch(`${service.apiBase}${path}`, { headers })).json();
  try {
    const ada = sim.createUser({ username: 'ada' });
    sim.setUserPremiumType(ada, 2); // Nitro
    sim.setIdentifyPremiumApproved(app, true); // an approved partner
    sim.setUserConnections(ada, [{ id: 'riot-1', name: 'ada#EUW', type: 'riotgames', connectedAt: Date.UTC(2026, 0, 1) }]);
    const scopes = ['identify', 'identify.premium', 'connections'];
    const token = sim.issueToken(ada, app, { scopes, expiresInMs: 30 * 86_400_000 }).accessToken;
    const player = { authorization: `Bearer ${token}` };

    console.log('premium_type:', (await get('/users/@me', player)).premium_type); // 2
    console.log('connections before 2026-07-10:', (await get('/users/@me/connections', player)).length); // 1
    sim.advance(Date.UTC(2026, 6, 10) - sim.now());
    console.log('connections from 2026-07-10:', (await get('/users/@me/connections', player)).length); // 0

    sim.setApplicationFlags(app, 1n << 33n);
    const application = await get('/applications/@me', bot);
    console.log('flags:', application.flags, 'flags_new:', application.flags_new); // bit 33 only in flags_new

    const sku = sim.createSku(app, { name: 'Season pass' });
    const subscription = sim.createSubscription(ada, sku);
    sim.setSubscriptionStatus(subscription, SubscriptionStatus.Ending);
    console.log('status:', (await get(`/skus/${sku.id}/subscriptions/${subscription.id}`, bot)).status); // 2 (ENDING)
  } finally {
    await service.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
