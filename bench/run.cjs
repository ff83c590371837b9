#!/usr/bin/env node
// npm run bench: throughput and call-cost figures, each as a ratio against a baseline measured in
// the same run on the same machine. Prints a table and writes bench/results/latest.json.
//
//   1. Events from the simulator's service thread to a JS `log` listener on a Client, with the
//      batched pump (one JS call per batch of up to 1024 events) against the per-event baseline
//      (one JS call per event). Same public path otherwise: native pump, dispatcher, EventEmitter.
//   2. A cheap sync native call through the public API (`client.status`) against a no-op native
//      call (`noop()`), and a plain JS call for scale.
//   3. Lobby fan-out to 2, 50 and 1,000 members (cost per delivery against the 2-member lobby), and
//      memory after 1,000,000 messages through one lobby (see lobby-fanout.cjs).
//   4. Memory of a log flood with a slow listener, against the pump queue's bound (flood.cjs).
//   5. REST against the simulated service in a child process (rest.cjs): RestClient's time per
//      request against the fastest of fetch, undici's request and @discordjs/rest, sequential and
//      100 in flight (over 100 guilds' buckets).
//   6. Issue 12's table (costs.cjs, scale.cjs, lobby-fanout.cjs): the cost per log event against
//      plain JS objects emitted; a 1,000-member lobby batched against one call per event;
//      sendLobbyMessage round trips; idle delivery latency; 10,000 clients (RSS, threads); filling
//      10 lobbies of 1,000 members; close() in a full lobby; RSS growth over several 1 M-message
//      runs. Each figure is printed beside its target at the end (targets.cjs).
//   7. The remote link (issue 35, remote.cjs): a remote client's call round trip and event rate
//      against a bare WebSocket to a process of its own.
//   8. The simulated gateway (issue 37, gateway.cjs): dispatches per second to 1 and 100 raw ws
//      bots against a bare ws server sending the same frames.
//   9. Fleets (issue 39, fleet.cjs): REST requests/s through a RestClient whose rate limits are in
//      Redis against the in-memory store, and 8 processes x 250 requests on a budget of 50 per
//      second sharing a Redis store, elapsed against what the budget requires (needs redis-server).
//  10. The simulated service's HTTP path (issue 40, http-service.cjs): GET /lobbies/{id} and POST
//      /lobbies/{id}/messages, 50 connections, against a plain node:http server answering the same
//      bytes, each server in a child process of its own.
// Sizes: BENCH_RUNS, BENCH_EVENTS, BENCH_CALLS, BENCH_LOBBY_MESSAGES, BENCH_MEMORY_RUNS,
// BENCH_FLOOD_LINES, BENCH_REST_REQUESTS, BENCH_SENDS, BENCH_LATENCY_SAMPLES, BENCH_CLIENTS,
// BENCH_FILL_CLIENTS, BENCH_FILL_LOBBIES, BENCH_REMOTE_SAMPLES, BENCH_REMOTE_EVENTS,
// BENCH_GATEWAY_CHANGES, BENCH_GATEWAY_CHANGES_100, BENCH_FLEET_REQUESTS, BENCH_FLEET_SIZE,
// BENCH_HTTP_SECONDS (0 leaves a figure out).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { Simulator } = require('../dist/index.js');
const { loadBinding } = require('../dist/addon/native.js');
const { fanout, fanoutBatchedVsPerEvent, memoryUnderLoad } = require('./lobby-fanout.cjs');
const { plainJsEventNs, checksumListener, sendRoundTrips, idleLatency } = require('./costs.cjs');
const { manyClients, fillLobbies, closeInFullLobby } = require('./scale.cjs');
const { judge, printTargets } = require('./targets.cjs');
const { livenessInChild } = require('./liveness.cjs');
const { floodMemoryInChild } = require('./flood.cjs');
const { restVsClients } = require('./rest.cjs');
const { remoteVsBare } = require('./remote.cjs');
const { gatewayVsBare } = require('./gateway.cjs');
const { fleetBench } = require('./fleet.cjs');
const { httpServiceVsPlain } = require('./http-service.cjs');

const runs = Number(process.env.BENCH_RUNS ?? 5);
const events = Number(process.env.BENCH_EVENTS ?? 300_000);
const calls = Number(process.env.BENCH_CALLS ?? 5_000_000);
const binding = loadBinding();

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function deliveryRate(client, sim, user, perEvent) {
  binding.setPerEventDelivery(perEvent);
  try {
    // The listener the plain-JS baseline uses too (it reads every field into a checksum).
    let done;
    const finished = new Promise((resolve) => (done = resolve));
    const { listener: onLog } = checksumListener(events, () => done());
    client.on('log', onLog);
    const start = process.hrtime.bigint();
    sim.emitLogs(user, events, { severity: 'warning', message: 'bench' });
    await finished;
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    client.off('log', onLog);
    return events / seconds;
  } finally {
    binding.setPerEventDelivery(false);
  }
}

function nsPerCall(fn) {
  for (let i = 0; i < 100_000; i++) fn(); // warm up
  const start = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) fn();
  return Number(process.hrtime.bigint() - start) / calls;
}

async function main() {
  const sim = new Simulator();
  const user = sim.createUser({ username: 'bench' });
  const client = await sim.connectClient(user);

  const batched = [];
  const perEvent = [];
  // The per-event cost's baseline: the same events built and emitted in plain JS (costs.cjs).
  const plainNs = [];
  plainJsEventNs(Math.min(events, 100_000), 'bench'); // warm up
  for (let run = 0; run < runs; run++) {
    // Alternate so drift (thermal, other load) hits the modes and the baseline alike.
    perEvent.push(await deliveryRate(client, sim, user, true));
    batched.push(await deliveryRate(client, sim, user, false));
    plainNs.push(plainJsEventNs(events, 'bench'));
  }

  const status = [];
  const noop = [];
  const jsCall = [];
  let sink = 0;
  const jsFn = () => sink++;
  for (let run = 0; run < runs; run++) {
    noop.push(nsPerCall(() => binding.noop()));
    status.push(nsPerCall(() => client.status));
    jsCall.push(nsPerCall(jsFn));
  }
  await client.close();

  const figures = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: require('node:os').cpus().length,
    runs,
    delivery: {
      events,
      batchedEventsPerSecond: Math.round(median(batched)),
      perEventEventsPerSecond: Math.round(median(perEvent)),
      ratio: median(batched) / median(perEvent),
    },
    syncCall: {
      calls,
      statusNsPerCall: median(status),
      noopNsPerCall: median(noop),
      jsCallNsPerCall: median(jsCall),
      ratioStatusToNoop: median(status) / median(noop),
    },
  };

  const m = (n) => (n / 1e6).toFixed(2);
  console.log(`delivery of ${events} log events, simulator thread -> JS listener (median of ${runs})`);
  console.log(`  batched pump     ${m(figures.delivery.batchedEventsPerSecond)} M events/s`);
  console.log(`  one call/event   ${m(figures.delivery.perEventEventsPerSecond)} M events/s   (baseline)`);
  console.log(`  ratio            ${figures.delivery.ratio.toFixed(2)}x`);
  console.log(`sync calls, ${calls} each (median of ${runs})`);
  console.log(`  client.status    ${figures.syncCall.statusNsPerCall.toFixed(1)} ns/call`);
  console.log(`  native noop()    ${figures.syncCall.noopNsPerCall.toFixed(1)} ns/call   (baseline)`);
  console.log(`  JS function      ${figures.syncCall.jsCallNsPerCall.toFixed(1)} ns/call`);
  console.log(`  ratio            ${figures.syncCall.ratioStatusToNoop.toFixed(2)}x status/noop`);

  // Each run's batched delivery against the baseline measured beside it; the median of those.
  const ratios = batched.map((perSecond, run) => 1e9 / perSecond / plainNs[run]);
  const deliveredNs = 1e9 / figures.delivery.batchedEventsPerSecond;
  figures.perEventCost = { deliveredNsPerEvent: deliveredNs, plainJsNsPerEvent: median(plainNs), ratio: median(ratios), runRatios: ratios };
  console.log(`  per event        ${deliveredNs.toFixed(0)} ns delivered, ${median(plainNs).toFixed(0)} ns as plain JS objects emitted (${figures.perEventCost.ratio.toFixed(2)}x, the median of each run's ratio: ${ratios.map((r) => r.toFixed(2)).join(' ')})`);

  console.log(`lobby fan-out: one member sends, every member's client gets messageCreated (median of ${runs})`);
  figures.lobbyFanout = await fanout(runs, console.log);
  figures.lobbyFanoutModes = await fanoutBatchedVsPerEvent(runs, 1000, 300, console.log);
  console.log(`memory under load`);
  const memoryRuns = Number(process.env.BENCH_MEMORY_RUNS ?? 3);
  const lobbyMessages = Number(process.env.BENCH_LOBBY_MESSAGES ?? 1_000_000);
  const memory = [];
  for (let run = 0; run < memoryRuns && lobbyMessages > 0; run++) memory.push(await memoryUnderLoad(lobbyMessages, console.log));
  figures.lobbyMemory = memory[0];
  if (memory.length > 0) {
    const growthMB = memory.map((m) => ((m.after.rssMiB - m.before.rssMiB) * 2 ** 20) / 1e6);
    figures.lobbyMemoryRuns = { runs: memory.length, rssGrowthMB: growthMB, worstGrowthMB: Math.max(...growthMB) };
  }

  console.log(`round trips and latency`);
  const sends = Number(process.env.BENCH_SENDS ?? 50_000);
  if (sends > 0) figures.sendRoundTrips = await sendRoundTrips(runs, sends, console.log);
  const latencySamples = Number(process.env.BENCH_LATENCY_SAMPLES ?? 2000);
  if (latencySamples > 0) figures.latency = await idleLatency(latencySamples, console.log);

  console.log(`scale`);
  figures.closeInFullLobby = await closeInFullLobby(1000, 9, console.log);
  const manyCount = Number(process.env.BENCH_CLIENTS ?? 10_000);
  if (manyCount > 0) figures.manyClients = await manyClients(manyCount, console.log);
  const fillClients = Number(process.env.BENCH_FILL_CLIENTS ?? 1000);
  const fillCount = Number(process.env.BENCH_FILL_LOBBIES ?? 10);
  if (fillClients > 0 && fillCount > 0) figures.lobbyFill = await fillLobbies(fillClients, fillCount, console.log);

  // 0 leaves a figure out (a flood of 0 lines would wait for a line that never comes).
  const floodLines = Number(process.env.BENCH_FLOOD_LINES ?? 5_000_000);
  if (floodLines > 0) {
    console.log(`log flood`);
    figures.flood = await floodMemoryInChild(floodLines, console.log);
  }

  const livenessLines = Number(process.env.BENCH_LIVENESS_LINES ?? 1_000_000);
  if (livenessLines > 0) {
    console.log(`liveness: a 50 ms timer during a flood to a slow listener (sliced turns vs unsliced)`);
    figures.liveness = await livenessInChild(livenessLines, console.log);
  }

  const restRequests = Number(process.env.BENCH_REST_REQUESTS ?? 2000);
  if (restRequests > 0) {
    console.log(`REST: RestClient vs fetch, undici request and @discordjs/rest (the service in a child process; median of ${runs})`);
    figures.rest = await restVsClients(runs, restRequests, console.log);
  }

  const httpSeconds = Number(process.env.BENCH_HTTP_SECONDS ?? 3);
  if (httpSeconds > 0) figures.httpService = await httpServiceVsPlain(runs, httpSeconds, console.log);

  const remoteSamples = Number(process.env.BENCH_REMOTE_SAMPLES ?? 2000);
  if (remoteSamples > 0) figures.remote = await remoteVsBare(remoteSamples, Number(process.env.BENCH_REMOTE_EVENTS ?? 200_000), console.log);

  const gatewayChanges = Number(process.env.BENCH_GATEWAY_CHANGES ?? 20_000);
  if (gatewayChanges > 0) figures.gateway = await gatewayVsBare(gatewayChanges, Number(process.env.BENCH_GATEWAY_CHANGES_100 ?? 1_000), console.log);

  const fleetRequests = Number(process.env.BENCH_FLEET_REQUESTS ?? 5000);
  const fleetSize = Number(process.env.BENCH_FLEET_SIZE ?? 250);
  if (fleetRequests > 0 || fleetSize > 0) {
    console.log(`Fleets: a Redis rate-limit store (median of ${runs}), and 8 processes on one budget`);
    figures.fleet = await fleetBench(runs, fleetRequests, fleetSize, console.log);
  }

  figures.targets = judge(figures);
  printTargets(figures.targets, console.log);

  const out = path.join(__dirname, 'results', 'latest.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`figures written to ${path.relative(process.cwd(), out)}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
