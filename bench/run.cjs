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
//   5. REST requests per second against the simulated HTTP service, RestClient against a bare
//      fetch of the same request, sequential and 100 in flight (rest.cjs).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { Simulator } = require('../dist/index.js');
const { loadBinding } = require('../dist/native.js');
const { fanout, memoryUnderLoad } = require('./lobby-fanout.cjs');
const { floodMemory } = require('./flood.cjs');
const { restThroughput } = require('./rest.cjs');

const runs = Number(process.env.BENCH_RUNS ?? 5);
const events = Number(process.env.BENCH_EVENTS ?? 300_000);
const calls = Number(process.env.BENCH_CALLS ?? 5_000_000);
const binding = loadBinding();

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function deliveryRate(client, sim, user, perEvent) {
  binding.setPerEventDelivery(perEvent);
  try {
    let received = 0;
    let done;
    const finished = new Promise((resolve) => (done = resolve));
    const onLog = () => {
      if (++received === events) done();
    };
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
  for (let run = 0; run < runs; run++) {
    // Alternate so drift (thermal, other load) hits both modes alike.
    perEvent.push(await deliveryRate(client, sim, user, true));
    batched.push(await deliveryRate(client, sim, user, false));
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

  console.log(`lobby fan-out: one member sends, every member's client gets messageCreated (median of ${runs})`);
  figures.lobbyFanout = await fanout(runs, console.log);
  console.log(`memory under load`);
  figures.lobbyMemory = await memoryUnderLoad(Number(process.env.BENCH_LOBBY_MESSAGES ?? 1_000_000), console.log);

  console.log(`log flood`);
  figures.flood = await floodMemory(Number(process.env.BENCH_FLOOD_LINES ?? 5_000_000), console.log);

  console.log(`REST against sim.listen() on loopback: GET /lobbies/{id} (median of ${runs})`);
  figures.rest = await restThroughput(runs, Number(process.env.BENCH_REST_REQUESTS ?? 2000), console.log);

  const out = path.join(__dirname, 'results', 'latest.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`figures written to ${path.relative(process.cwd(), out)}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
