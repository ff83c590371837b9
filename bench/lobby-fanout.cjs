// Lobby fan-out figures for `npm run bench`:
//   - messages/s delivered to every member of a 2-, 50- and 1,000-member lobby (1,000 is the
//     documented per-lobby maximum), and the cost of one delivery (one messageCreated reaching one
//     client's listener), so growth with lobby size is visible. The 2-member lobby is the baseline.
//   - memory while 1,000,000 messages go through one lobby: RSS and heap before, after the first
//     100,000 (warm) and at the end, after a GC when --expose-gc is given.
'use strict';
const { EventEmitter } = require('node:events');
const { Simulator } = require('../dist/index.js');
const { loadBinding } = require('../dist/addon/native.js');

/** A simulator with `size` ready clients, all members of one lobby, counting deliveries. */
async function lobbyOf(size) {
  const sim = new Simulator();
  const clients = [];
  for (let i = 0; i < size; i++) clients.push(await sim.connectClient(sim.createUser({ username: `m${i}` })));
  const lobbyId = sim.createLobby();
  for (let at = 0; at < size; at += 25) {
    const batch = clients.slice(at, at + 25).map((client) => ({ user: client.currentUser.id }));
    sim.bulkUpdateLobbyMembers(lobbyId, batch);
  }
  await sim.settle();
  const counter = { deliveries: 0, target: 0, done: () => undefined };
  for (const client of clients) {
    client.on('messageCreated', () => {
      if (++counter.deliveries === counter.target) counter.done();
    });
  }
  return { sim, clients, lobbyId, counter, close: () => Promise.all(clients.map((c) => c.close())) };
}

/** Sends `messages` from the first member, `inFlight` at a time; resolves when all deliveries arrived. */
async function pushMessages(lobby, messages, inFlight = 500) {
  const { clients, lobbyId, counter } = lobby;
  counter.deliveries = 0;
  counter.target = messages * clients.length;
  const delivered = new Promise((resolve) => (counter.done = resolve));
  const start = process.hrtime.bigint();
  for (let sent = 0; sent < messages; sent += inFlight) {
    const batch = [];
    for (let i = sent; i < Math.min(messages, sent + inFlight); i++) batch.push(clients[0].sendLobbyMessage(lobbyId, `message ${i}`));
    await Promise.all(batch);
  }
  await delivered;
  return Number(process.hrtime.bigint() - start) / 1e9;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Fan-out throughput per lobby size (median of `runs`). */
async function fanout(runs, log) {
  const sizes = [
    { members: 2, messages: 20_000 },
    { members: 50, messages: 4_000 },
    { members: 1000, messages: 300 },
  ];
  const rows = [];
  for (const { members, messages } of sizes) {
    const lobby = await lobbyOf(members);
    await pushMessages(lobby, Math.min(messages, 200)); // warm up
    const seconds = [];
    for (let run = 0; run < runs; run++) seconds.push(await pushMessages(lobby, messages));
    await lobby.close();
    const s = median(seconds);
    const deliveries = messages * members;
    rows.push({
      members,
      messages,
      messagesPerSecond: messages / s,
      deliveriesPerSecond: deliveries / s,
      nsPerDelivery: (s * 1e9) / deliveries,
    });
    log(`  ${String(members).padStart(4)} members  ${(messages / s).toFixed(0).padStart(8)} messages/s  ${(deliveries / s / 1e6).toFixed(2)} M deliveries/s  ${((s * 1e9) / deliveries).toFixed(0)} ns/delivery`);
  }
  const base = rows[0].nsPerDelivery;
  for (const row of rows) row.costRatioToTwoMembers = row.nsPerDelivery / base;
  return rows;
}

/**
 * Memory while `total` messages go through one 2-member lobby. A snapshot collects garbage, gives
 * V8 a moment to hand the pages it freed back to the system (it does so on a background task: read
 * at once, RSS swung by up to 30 MiB from one reading to the next), and collects again.
 */
async function memoryUnderLoad(total, log) {
  const gc = typeof global.gc === 'function' ? global.gc : () => undefined;
  const snapshot = async () => {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 100));
    gc();
    const usage = process.memoryUsage();
    return { rssMiB: usage.rss / 2 ** 20, heapUsedMiB: usage.heapUsed / 2 ** 20, heapTotalMiB: usage.heapTotal / 2 ** 20 };
  };
  const lobby = await lobbyOf(2);
  const before = await snapshot();
  const chunk = 100_000;
  let warm;
  let seconds = 0;
  for (let sent = 0; sent < total; sent += chunk) {
    seconds += await pushMessages(lobby, Math.min(chunk, total - sent));
    if (!warm) warm = await snapshot();
  }
  const after = await snapshot();
  const history = (await lobby.clients[1].getLobbyMessages(lobby.lobbyId, { limit: 1000 })).length;
  await lobby.close();
  const result = { messages: total, seconds, gcExposed: typeof global.gc === 'function', before, afterFirst100k: warm, after, historyReturned: history };
  log(`  ${total.toLocaleString('en')} messages through one lobby in ${seconds.toFixed(1)} s`);
  log(`  RSS ${before.rssMiB.toFixed(1)} MiB before, ${warm.rssMiB.toFixed(1)} MiB after 100,000, ${after.rssMiB.toFixed(1)} MiB after ${total.toLocaleString('en')}`);
  log(`  JS heap used ${before.heapUsedMiB.toFixed(1)} / ${warm.heapUsedMiB.toFixed(1)} / ${after.heapUsedMiB.toFixed(1)} MiB, reserved ${before.heapTotalMiB.toFixed(1)} / ${warm.heapTotalMiB.toFixed(1)} / ${after.heapTotalMiB.toFixed(1)} MiB; history returns ${history} (retained: the 200 newest)`);
  return result;
}

/**
 * The floor of a fan-out in JS (issue 40's baseline): `members` EventEmitters, each with the
 * listener the lobby's clients have, and one frozen message object per message emitted to every
 * one of them as `messageCreated`. ns of CPU per delivery.
 */
function plainFanoutCpuNs(members, messages) {
  const counter = { deliveries: 0 };
  const emitters = Array.from({ length: members }, () => {
    const emitter = new EventEmitter();
    emitter.on('messageCreated', () => ++counter.deliveries);
    return emitter;
  });
  const before = process.cpuUsage();
  for (let i = 0; i < messages; i++) {
    // The fields a message carries (lib/generated/payload-factories.ts builds the same, frozen).
    const message = Object.freeze({ id: String(1e18 + i), content: `message ${i}`, rawContent: `message ${i}`, applicationId: null, authorId: '1', channelId: '2', lobbyId: '2', sentAt: i, editedAt: null });
    for (const emitter of emitters) emitter.emit('messageCreated', message);
  }
  const used = process.cpuUsage(before);
  if (counter.deliveries !== members * messages) throw new Error('plain fan-out lost deliveries');
  return ((used.user + used.system) * 1000) / (members * messages);
}

/** CPU of the whole process (the JS thread and the service's workers) per delivery while `messages` fan out. */
async function fanoutCpuNs(lobby, messages) {
  const before = process.cpuUsage();
  await pushMessages(lobby, messages);
  const used = process.cpuUsage(before);
  return ((used.user + used.system) * 1000) / (messages * lobby.clients.length);
}

/**
 * One lobby of `members`, each message delivered to every member: the batched pump against one
 * JS call per event (the native per-event mode), ns per delivery of each (median of `runs`); and
 * the CPU per delivery (JS thread and workers) against emitting the same plain object to as many
 * EventEmitters ({@link plainFanoutCpuNs}).
 */
async function fanoutBatchedVsPerEvent(runs, members, messages, log) {
  const binding = loadBinding();
  const lobby = await lobbyOf(members);
  await pushMessages(lobby, Math.min(messages, 100)); // warm up
  const batched = [];
  const perEvent = [];
  const cpu = [];
  const plainCpu = [];
  plainFanoutCpuNs(members, Math.min(messages, 100)); // warm up
  try {
    for (let run = 0; run < runs; run++) {
      binding.setPerEventDelivery(true);
      perEvent.push((await pushMessages(lobby, messages)) / (messages * members));
      binding.setPerEventDelivery(false);
      batched.push((await pushMessages(lobby, messages)) / (messages * members));
      cpu.push(await fanoutCpuNs(lobby, messages));
      plainCpu.push(plainFanoutCpuNs(members, messages));
    }
  } finally {
    binding.setPerEventDelivery(false);
    await lobby.close();
  }
  const result = {
    members,
    messages,
    batchedNsPerDelivery: median(batched) * 1e9,
    perEventNsPerDelivery: median(perEvent) * 1e9,
    cpuNsPerDelivery: median(cpu),
    plainCpuNsPerDelivery: median(plainCpu),
  };
  result.ratio = result.perEventNsPerDelivery / result.batchedNsPerDelivery;
  result.cpuRatioToPlain = result.cpuNsPerDelivery / result.plainCpuNsPerDelivery;
  log(`  ${members} members: batched ${result.batchedNsPerDelivery.toFixed(0)} ns/delivery, one call per event ${result.perEventNsPerDelivery.toFixed(0)} ns/delivery (${result.ratio.toFixed(2)}x)`);
  log(`  ${members} members: CPU per delivery (JS thread + workers) ${result.cpuNsPerDelivery.toFixed(0)} ns, the same plain object emitted per member ${result.plainCpuNsPerDelivery.toFixed(1)} ns (baseline): ${result.cpuRatioToPlain.toFixed(2)}x`);
  return result;
}

module.exports = { fanout, memoryUnderLoad, fanoutBatchedVsPerEvent, lobbyOf };
