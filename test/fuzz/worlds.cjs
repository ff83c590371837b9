// The worlds the fuzz driver (test/fuzz/driver.cjs) calls into, one fresh per case: the package as
// users get it (a simulator, users, a connected client, lobbies, messages, a guild) for the public
// groups, and the same built through the raw native binding, with a runtime of its own, for the
// binding group.
'use strict';
const { within } = require('./promises.cjs');
const { messageFactory } = require('../../dist/generated/payload-factories.js');

const CLIENT_STATUS_READY = 3;
const REAL_LOBBY_SECRET = 'match-42-real-secret-9c1d7e';

/** The world the public groups (client, simulator, exports) fuzz in: the package as users get it. */
async function publicContext(pkg, opts) {
  const { Simulator, SocialSdkError } = pkg.sdk;
  const sim = new Simulator(opts.debug ? { build: 'debug' } : {});
  const otherSim = new Simulator();
  const app = sim.defaultApplication;
  const alice = sim.createUser({ username: 'alice' });
  const bob = sim.createUser({ username: 'bob' });
  // Friends: a direct message goes only to a friend, a user online in the game, or one of a shared
  // server messaged before (discordpp.h SendUserMessage).
  sim.setFriends(alice, bob);
  const grant = sim.issueToken(alice, app);
  const client = sim.createClient({ applicationId: app.id });
  await client.updateToken(grant.accessToken);
  await client.connect();
  const freshClient = sim.createClient({ applicationId: app.id });
  const closedClient = sim.createClient();
  await closedClient.close();
  const secretLobbyId = await client.createOrJoinLobby(REAL_LOBBY_SECRET);
  const lobbyId = sim.createLobby({});
  sim.bulkUpdateLobbyMembers(lobbyId, [{ user: alice }, { user: bob }]);
  const messageId = await client.sendLobbyMessage(lobbyId, 'hello');
  const dmMessageId = await client.sendUserMessage(bob.id, 'hello bob');
  const guild = sim.createGuild({ name: 'guild', owner: alice, members: [bob] });
  const categoryId = sim.createGuildChannel(guild, { name: 'category', type: 'GuildCategory' });
  const channelId = sim.createGuildChannel(guild, { name: 'channel', parent: categoryId });
  const chat = sim.chatClient(alice);
  const service = await sim.listen({ rateLimits: 'off' });
  await sim.settle();
  if (opts.latency) sim.setLatency(opts.latency);
  if (opts.failNext) sim.failNext(opts.failNext, { count: 2, error: { type: 'HTTPError', status: 503, retryable: true } });
  return {
    sims: [sim, otherSim],
    clients: [client, freshClient, closedClient],
    nativeClients: [],
    services: [service],
    maxLatency: opts.latency,
    refs: {
      sim,
      service,
      otherSim,
      client,
      freshClient,
      closedClient,
      alice,
      bob,
      app,
      guild,
      channel: { id: channelId },
      chat,
      world: undefined,
      nativeClient: undefined,
      SimulatorClass: Simulator,
      SocialSdkErrorClass: SocialSdkError,
      SocialSdkErrorInstance: new SocialSdkError('an error', { type: 'HTTPError', status: 500 }),
      // The exports group calls SimulatedMachine's members on a real machine (hot-plug, levels).
      SimulatedMachineInstance: sim.machine(alice),
      // ... and SimulatedBrowser's on a real browser (pages, authorize answers).
      SimulatedBrowserInstance: sim.machine(alice).browser,
      // ... and SimulatedDeviceSignIn's on the world's (requests, screens).
      SimulatedDeviceSignInInstance: sim.deviceSignIn(),
      // ... and KeyringTokenStore's on a store of its own service name (no Secret Service in CI: unavailable).
      KeyringTokenStoreInstance: new pkg.sdk.KeyringTokenStore({ service: 'social-sdk-node-fuzz' }),
      undefinedThis: undefined,
    },
    strings: {
      aliceId: alice.id,
      bobId: bob.id,
      appId: app.id,
      lobbyId,
      secretLobbyId,
      lobbySecret: REAL_LOBBY_SECRET,
      messageId,
      dmMessageId,
      guildId: guild.id,
      channelId,
      categoryId,
      aliceToken: grant.accessToken,
      unknownId: '424242424242424242',
    },
  };
}

/**
 * The raw binding's own mini runtime: a dispatcher that routes Result and StatusChanged events to
 * waiters, and a pump turn scheduler, as lib/addon/runtime.ts does (the package's runtime is not loaded in
 * this group, so nothing else owns the pump).
 */
function rawRuntime(binding) {
  const results = new Map();
  const statusWaiters = new Set();
  let nextRequest = 1;
  const dispatcher = (ints, ...payloads) => {
    for (let i = 0, at = 0; at < ints.length; i++, at += 5) {
      const kind = ints[at];
      if (kind === 3) {
        const waiter = results.get(ints[at + 2]);
        if (waiter) {
          results.delete(ints[at + 2]);
          waiter({ failed: ints[at + 3] === 1, payload: payloads[i] });
        }
      } else if (kind === 1 || kind === 4) {
        for (const waiter of [...statusWaiters]) if (waiter(ints[at + 1], kind === 4 ? -1 : ints[at + 2])) statusWaiters.delete(waiter);
      }
    }
  };
  const scheduleTurn = () => setImmediate(() => binding.drain());
  const rt = {
    arm() {
      binding.setDispatcher(dispatcher, scheduleTurn);
      binding.setKeepAlive(true);
      binding.setPerEventDelivery(false);
      binding.setSlicedTurns(true);
      binding.setMessageFactory(messageFactory);
    },
    request(start) {
      const id = nextRequest++;
      const done = new Promise((resolve) => results.set(id, resolve));
      start(id);
      return done;
    },
    status(clientId, wanted) {
      return new Promise((resolve) => statusWaiters.add((client, status) => client === clientId && (status === wanted || status === -1) && (resolve(status), true)));
    },
  };
  rt.arm();
  return rt;
}

let nextNativeClientId = 1000;

async function bindingContext(pkg, opts, rt) {
  const { binding, sdk } = pkg;
  const version = { ...sdk.parseSdkVersion(sdk.NEWEST_SUPPORTED_SDK_VERSION), hash: 'fuzz' };
  const world = new binding.NativeWorld(version);
  world.setDebugLogs(opts.debug);
  const app = world.createApplication('game');
  const alice = world.createUser({ username: 'alice', provisional: false });
  const bob = world.createUser({ username: 'bob', provisional: false });
  const grant = world.issueToken(alice.id, app.id, 7 * 24 * 3600 * 1000);
  const id = nextNativeClientId++;
  const nativeClient = new binding.NativeClient(world, id, app.id, 3, {});
  await within(rt.request((r) => nativeClient.updateToken(r, 1, grant.accessToken)), 2000);
  const ready = rt.status(id, CLIENT_STATUS_READY);
  nativeClient.connect();
  await within(ready, 2000);
  const closedNativeClient = new binding.NativeClient(world, nextNativeClientId++, app.id, 3, {});
  closedNativeClient.close();
  await within(rt.request((r) => nativeClient.createOrJoinLobby(r, REAL_LOBBY_SECRET, {}, {})), 2000);
  const secretLobbyId = nativeClient.getLobbyIds()[0];
  const lobbyId = world.createLobby(app.id, undefined, {});
  world.bulkUpdateLobbyMembers(lobbyId, [
    { userId: alice.id, remove: false },
    { userId: bob.id, remove: false },
  ]);
  const sent = await within(rt.request((r) => nativeClient.sendLobbyMessage(r, lobbyId, 'hello', {})), 2000);
  void sent;
  const guildId = world.createGuild('guild', alice.id);
  world.addGuildMember(guildId, bob.id, 0);
  const categoryId = world.createGuildChannel(guildId, { name: 'category', type: 4, position: 0 });
  const channelId = world.createGuildChannel(guildId, { name: 'channel', type: 0, position: 1, parentId: categoryId });
  if (opts.latency) world.setLatency(opts.latency);
  return {
    sims: [],
    worlds: [world],
    clients: [],
    nativeClients: [nativeClient, closedNativeClient],
    maxLatency: opts.latency,
    refs: {
      world,
      otherSim: undefined,
      sim: undefined,
      nativeClient,
      closedNativeClient,
      client: nativeClient,
      freshClient: closedNativeClient,
      closedClient: closedNativeClient,
      alice,
      bob,
      app,
      guild: { id: guildId },
      channel: { id: channelId },
      chat: world.getChatClient(alice.id),
      bindingObject: binding,
      undefinedThis: undefined,
    },
    strings: {
      aliceId: alice.id,
      bobId: bob.id,
      appId: app.id,
      lobbyId,
      secretLobbyId,
      lobbySecret: REAL_LOBBY_SECRET,
      messageId: '1',
      dmMessageId: '1',
      guildId,
      channelId,
      categoryId,
      aliceToken: grant.accessToken,
      unknownId: '424242424242424242',
    },
  };
}

module.exports = { REAL_LOBBY_SECRET, publicContext, rawRuntime, bindingContext };
