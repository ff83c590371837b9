// Per-event and per-call costs for `npm run bench` (issue 12's table):
//   - the cost of one log event delivered to a listener, against building the same object in plain
//     JS and emitting it on an EventEmitter (the floor a native event could reach); both sides use
//     the same listener, which reads every field into a checksum;
//   - sendLobbyMessage round trips per second, one client, 100 in flight;
//   - idle delivery latency: sim.emitLogs() called on an idle process until the listener runs
//     (the call into the world, the hop to the simulator thread, the pump's wake-up and its turn),
//     as percentiles over many single events with the process idle between them, against the
//     bare ThreadSafeFunction wake (binding.WakeProbe: JS wakes a blocked native thread, which calls
//     a JS function and does nothing else), sampled alternately in the same run.
'use strict';
const { EventEmitter } = require('node:events');
const { Simulator } = require('../dist/index.js');

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The log listener of both sides of the comparison: it reads every field and keeps a running
 * checksum, so neither side's objects can be optimised away; `check()` returns the checksum.
 * `onDone` is called when the `total`th entry arrives.
 */
function checksumListener(total, onDone = () => {}) {
  let sum = 0;
  let received = 0;
  const listener = (entry) => {
    sum = (sum + entry.message.length + entry.severity.length + (entry.source === 'sdk' ? 1 : 2)) | 0;
    if (++received === total) onDone();
  };
  return { listener, received: () => received, check: () => sum };
}

/** The checksum `events` entries of {@link plainJsEventNs} add up to. */
const expectedChecksum = (events, message) => (events * (message.length + 'warning'.length + 1)) | 0;

/**
 * ns per event: the LogEntry objects the runtime builds, built in JS from the fields a batch
 * carries (a severity value looked up by name, a source value, the text) and emitted to the
 * same listener the native side is measured with.
 */
function plainJsEventNs(events, message) {
  const emitter = new EventEmitter();
  const { listener, received, check } = checksumListener(events);
  emitter.on('log', listener);
  const severities = ['', 'verbose', 'info', 'warning', 'error'];
  // Fields as they arrive: varying per event in general, so read from arrays rather than constants.
  const fields = new Int32Array(2048).map((_, i) => (i % 2 === 0 ? 3 : 1));
  const texts = Array.from({ length: 1024 }, () => message);
  const start = process.hrtime.bigint();
  for (let i = 0; i < events; i++) {
    const at = (i & 1023) * 2;
    emitter.emit('log', { severity: severities[fields[at]], message: texts[i & 1023], source: fields[at + 1] === 2 ? 'voice' : 'sdk' });
  }
  const ns = Number(process.hrtime.bigint() - start) / events;
  if (received() !== events || check() !== expectedChecksum(events, message)) throw new Error('plain JS baseline lost events');
  return ns;
}


/** sendLobbyMessage round trips per second: one client alone in a lobby, `inFlight` sends outstanding. */
async function sendRoundTrips(runs, messages, log, inFlight = 100) {
  const sim = new Simulator();
  const client = await sim.connectClient(sim.createUser({ username: 'sender' }));
  const lobbyId = await client.createOrJoinLobby('bench-round-trips');
  const once = async (count) => {
    let next = 0;
    const start = process.hrtime.bigint();
    const worker = async () => {
      while (next < count) {
        next++;
        await client.sendLobbyMessage(lobbyId, 'ping');
      }
    };
    await Promise.all(Array.from({ length: inFlight }, worker));
    return count / (Number(process.hrtime.bigint() - start) / 1e9);
  };
  await once(Math.min(messages, 2000)); // warm up
  const rates = [];
  for (let run = 0; run < runs; run++) rates.push(await once(messages));
  await client.close();
  const perSecond = median(rates);
  log(`  sendLobbyMessage, 1 client, ${inFlight} in flight: ${Math.round(perSecond).toLocaleString('en')} round trips/s`);
  return { messages, inFlight, roundTripsPerSecond: perSecond };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** µs from `trigger()` to `arrive`'s call, one at a time, idle (a 1 ms timer) between. */
async function sampleLatency(trigger, setArrived) {
  await new Promise((resolve) => setTimeout(resolve, 1));
  const got = new Promise((resolve) => setArrived(resolve));
  const start = process.hrtime.bigint();
  trigger();
  await got;
  return Number(process.hrtime.bigint() - start) / 1000;
}

/**
 * Idle latency: µs from sim.emitLogs() to the listener, and from a bare WakeProbe trigger to its
 * function, sampled alternately (so load on the machine hits both alike), the first 50 of each a
 * warm-up; p50 and p99 of each and their ratios.
 */
async function idleLatency(samples, log) {
  const { loadBinding } = require('../dist/addon/native.js');
  const sim = new Simulator();
  const user = sim.createUser({ username: 'latency' });
  const client = await sim.connectClient(user);
  let arrived;
  const setArrived = (resolve) => (arrived = resolve);
  client.on('log', () => arrived?.());
  const probe = new (loadBinding().WakeProbe)(() => arrived?.());
  const event = [];
  const bare = [];
  try {
    for (let i = 0; i < samples + 50; i++) {
      const viaEvent = await sampleLatency(() => sim.emitLogs(user, 1, { severity: 'warning', message: 'latency' }), setArrived);
      const viaProbe = await sampleLatency(() => probe.trigger(), setArrived);
      if (i < 50) continue;
      event.push(viaEvent);
      bare.push(viaProbe);
    }
  } finally {
    probe.close();
    await client.close();
  }
  event.sort((a, b) => a - b);
  bare.sort((a, b) => a - b);
  const result = {
    samples,
    p50Us: percentile(event, 50),
    p99Us: percentile(event, 99),
    maxUs: event[event.length - 1],
    bareP50Us: percentile(bare, 50),
    bareP99Us: percentile(bare, 99),
  };
  result.ratioP50 = result.p50Us / result.bareP50Us;
  result.ratioP99 = result.p99Us / result.bareP99Us;
  log(`  idle delivery latency over ${samples} events: p50 ${result.p50Us.toFixed(1)} µs, p99 ${result.p99Us.toFixed(1)} µs, max ${result.maxUs.toFixed(1)} µs`);
  log(`  bare ThreadSafeFunction wake (baseline): p50 ${result.bareP50Us.toFixed(1)} µs, p99 ${result.bareP99Us.toFixed(1)} µs; ratios ${result.ratioP50.toFixed(2)}x p50, ${result.ratioP99.toFixed(2)}x p99`);
  return result;
}

module.exports = { plainJsEventNs, checksumListener, sendRoundTrips, idleLatency };
