// The remote link (issue 35) against a bare WebSocket, both to a process of their own on loopback:
// - round trip: a synchronous client call (`client.getLobby`, answered by the served world) and
//   an asynchronous one (`sendLobbyMessage`, answered by its Result event), p50 and p99, against
//   a bare WebSocket echo of a frame of the same size;
// - events: log events from the served world to a remote client's listener per second, against
//   bare WebSocket frames per second of one event's size sent one per frame.
'use strict';
const { spawn } = require('node:child_process');
const { once } = require('node:events');
const path = require('node:path');
const { createInterface } = require('node:readline');
const WebSocket = require('ws');

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

async function child(args) {
  const proc = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const [line] = await once(createInterface({ input: proc.stdout }), 'line');
  return { proc, line, stop: () => { proc.stdin.end(); proc.kill('SIGINT'); } };
}

async function bareWebSocket(samples, floodCount, frameBytes) {
  const peer = await child([path.join(__dirname, 'ws-peer.cjs')]);
  const socket = new WebSocket(`ws://127.0.0.1:${peer.line}`, { perMessageDeflate: false });
  await once(socket, 'open');
  socket._socket.setNoDelay(true);
  const frame = 'x'.repeat(frameBytes);
  const times = [];
  for (let i = 0; i < samples; i++) {
    const start = process.hrtime.bigint();
    socket.send(frame);
    await once(socket, 'message');
    times.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  let received = 0;
  const start = process.hrtime.bigint();
  await new Promise((resolve) => {
    socket.on('message', (data) => {
      if (data.length === 4 && data.toString() === 'done') resolve();
      else received++;
    });
    socket.send(`flood ${floodCount} ${frameBytes}`);
  });
  const perSecond = received / (Number(process.hrtime.bigint() - start) / 1e9);
  socket.close();
  peer.stop();
  return { p50Us: percentile(times, 0.5), p99Us: percentile(times, 0.99), framesPerSecond: perSecond };
}

async function remoteLink(samples, floodCount) {
  const { Simulator } = require('../dist/index.js');
  const served = await child([path.join(__dirname, '..', 'dist', 'bin', 'social-sdk-node.js'), 'sim', '--port', '0', '--json', '--clock', 'manual', '--rate-limits', 'off']);
  const { harnessUrl } = JSON.parse(served.line);
  const sim = new Simulator({ url: harnessUrl });
  const user = sim.createUser({ username: 'remote-bench' });
  const client = await sim.connectClient(user, { logLevel: 'warning' });
  const lobbyId = await client.createOrJoinLobby('bench');
  const sync = [];
  const async = [];
  for (let i = 0; i < samples; i++) {
    let start = process.hrtime.bigint();
    client.getLobby(lobbyId);
    sync.push(Number(process.hrtime.bigint() - start) / 1000);
    start = process.hrtime.bigint();
    await client.sendLobbyMessage(lobbyId, 'bench');
    async.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  let received = 0;
  const start = process.hrtime.bigint();
  await new Promise((resolve) => {
    client.on('log', () => {
      if (++received === floodCount) resolve();
    });
    sim.emitLogs(user, floodCount, { severity: 'warning', message: 'bench' });
  });
  const perSecond = floodCount / (Number(process.hrtime.bigint() - start) / 1e9);
  await client.close();
  served.stop();
  return {
    syncP50Us: percentile(sync, 0.5),
    syncP99Us: percentile(sync, 0.99),
    asyncP50Us: percentile(async, 0.5),
    asyncP99Us: percentile(async, 0.99),
    eventsPerSecond: perSecond,
  };
}

/** Both measured in turn; ratios of the remote link to the bare WebSocket. */
async function remoteVsBare(samples, floodCount, log) {
  // One log event's share of an events frame: its five ints and its text, about 40 bytes.
  const bare = await bareWebSocket(samples, floodCount, 40);
  const remote = await remoteLink(samples, floodCount);
  const figures = {
    bare,
    remote,
    syncRoundTripRatioP50: remote.syncP50Us / bare.p50Us,
    syncRoundTripRatioP99: remote.syncP99Us / bare.p99Us,
    asyncRoundTripRatioP50: remote.asyncP50Us / bare.p50Us,
    eventRateRatio: remote.eventsPerSecond / bare.framesPerSecond,
  };
  const us = (v) => `${v.toFixed(0)} µs`;
  log('remote link vs a bare WebSocket (each to a process of its own on loopback)');
  log(`  bare echo round trip      p50 ${us(bare.p50Us)}, p99 ${us(bare.p99Us)}   (baseline)`);
  log(`  sync call (getLobby)      p50 ${us(remote.syncP50Us)}, p99 ${us(remote.syncP99Us)}  (${figures.syncRoundTripRatioP50.toFixed(2)}x, ${figures.syncRoundTripRatioP99.toFixed(2)}x)`);
  log(`  async call (send+result)  p50 ${us(remote.asyncP50Us)}, p99 ${us(remote.asyncP99Us)}  (${figures.asyncRoundTripRatioP50.toFixed(2)}x p50)`);
  log(`  bare frames/s             ${Math.round(bare.framesPerSecond).toLocaleString('en')}   (baseline)`);
  log(`  remote log events/s       ${Math.round(remote.eventsPerSecond).toLocaleString('en')}  (${figures.eventRateRatio.toFixed(2)}x)`);
  return figures;
}

module.exports = { remoteVsBare };

if (require.main === module) {
  remoteVsBare(Number(process.env.BENCH_REMOTE_SAMPLES ?? 2000), Number(process.env.BENCH_REMOTE_EVENTS ?? 200_000), console.log).then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
