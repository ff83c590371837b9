// The remote link (issue 35) against a bare WebSocket, both to a process of their own on loopback:
// - round trip: a synchronous client call (`client.getLobby`, answered by the served world) and
//   an asynchronous one (`sendLobbyMessage`, answered by its Result event), p50 and p99, against
//   a bare WebSocket echo of a frame of the same size, the three sampled in turn, 50 at a time;
// - events: log events from the served world to a remote client's listener per second, against
//   bare WebSocket frames per second of one event's size sent one per frame.
'use strict';
const { spawn } = require('node:child_process');
const { once } = require('node:events');
const path = require('node:path');
const { createInterface } = require('node:readline');
const WebSocket = require('ws');

/** Round-trip samples of each kind taken in a row before the next kind's. */
const BLOCK = 50;

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

async function child(args) {
  const proc = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const [line] = await once(createInterface({ input: proc.stdout }), 'line');
  return { proc, line, stop: () => { proc.stdin.end(); proc.kill('SIGINT'); } };
}

/** A bare WebSocket to a peer process of its own (bench/ws-peer.cjs): an echo, and a flood of frames. */
async function bareWebSocket() {
  const peer = await child([path.join(__dirname, 'ws-peer.cjs')]);
  const socket = new WebSocket(`ws://127.0.0.1:${peer.line}`, { perMessageDeflate: false });
  await once(socket, 'open');
  socket._socket.setNoDelay(true);
  return {
    /** µs of one echo of `frame`. */
    async echo(frame) {
      const start = process.hrtime.bigint();
      socket.send(frame);
      await once(socket, 'message');
      return Number(process.hrtime.bigint() - start) / 1000;
    },
    /** Frames per second of `floodCount` frames of `frameBytes` sent by the peer. */
    async flood(floodCount, frameBytes) {
      let received = 0;
      const start = process.hrtime.bigint();
      await new Promise((resolve) => {
        socket.on('message', (data) => {
          if (data.length === 4 && data.toString() === 'done') resolve();
          else received++;
        });
        socket.send(`flood ${floodCount} ${frameBytes}`);
      });
      return received / (Number(process.hrtime.bigint() - start) / 1e9);
    },
    close() {
      socket.close();
      peer.stop();
    },
  };
}

/** A client of a world served by `social-sdk-node sim` in a process of its own, in a lobby. */
async function remoteLink() {
  const { Simulator } = require('../dist/index.js');
  const served = await child([path.join(__dirname, '..', 'dist', 'bin', 'social-sdk-node.js'), 'sim', '--port', '0', '--json', '--clock', 'manual', '--rate-limits', 'off']);
  const { harnessUrl } = JSON.parse(served.line);
  const sim = new Simulator({ url: harnessUrl });
  const user = sim.createUser({ username: 'remote-bench' });
  const client = await sim.connectClient(user, { logLevel: 'warning' });
  const lobbyId = await client.createOrJoinLobby('bench');
  return {
    /** µs of a synchronous call (getLobby, answered by the served world). */
    syncCall() {
      const start = process.hrtime.bigint();
      client.getLobby(lobbyId);
      return Number(process.hrtime.bigint() - start) / 1000;
    },
    /** µs of an asynchronous one (sendLobbyMessage, answered by its Result event). */
    async asyncCall() {
      const start = process.hrtime.bigint();
      await client.sendLobbyMessage(lobbyId, 'bench');
      return Number(process.hrtime.bigint() - start) / 1000;
    },
    /** Log events per second from the served world to this client's listener. */
    async flood(floodCount) {
      let received = 0;
      const start = process.hrtime.bigint();
      await new Promise((resolve) => {
        client.on('log', () => {
          if (++received === floodCount) resolve();
        });
        sim.emitLogs(user, floodCount, { severity: 'warning', message: 'bench' });
      });
      return floodCount / (Number(process.hrtime.bigint() - start) / 1e9);
    },
    async close() {
      await client.close();
      served.stop();
    },
  };
}

/**
 * Both, their round trips sampled in turn in blocks (bare echoes, sync calls, async calls), so
 * that the machine's moments hit each alike; ratios of the remote link to the bare WebSocket.
 */
async function remoteVsBare(samples, floodCount, log) {
  // One log event's share of an events frame: its five ints and its text, about 40 bytes.
  const frameBytes = 40;
  const frame = 'x'.repeat(frameBytes);
  const link = await bareWebSocket();
  const served = await remoteLink();
  const echoes = [];
  const sync = [];
  const async = [];
  let framesPerSecond;
  let eventsPerSecond;
  try {
    // In blocks of 50 of each in turn: drift of the machine hits the three alike, and what one
    // kind leaves running in the other processes reaches only the first sample of the next block.
    for (let taken = 0; taken < samples; taken += BLOCK) {
      const block = Math.min(BLOCK, samples - taken);
      for (let i = 0; i < block; i++) echoes.push(await link.echo(frame));
      for (let i = 0; i < block; i++) sync.push(served.syncCall());
      for (let i = 0; i < block; i++) async.push(await served.asyncCall());
    }
    framesPerSecond = await link.flood(floodCount, frameBytes);
    eventsPerSecond = await served.flood(floodCount);
  } finally {
    link.close();
    await served.close();
  }
  const bare = { p50Us: percentile(echoes, 0.5), p99Us: percentile(echoes, 0.99), framesPerSecond };
  const remote = { syncP50Us: percentile(sync, 0.5), syncP99Us: percentile(sync, 0.99), asyncP50Us: percentile(async, 0.5), asyncP99Us: percentile(async, 0.99), eventsPerSecond };
  const figures = {
    bare,
    remote,
    syncRoundTripRatioP50: remote.syncP50Us / bare.p50Us,
    syncRoundTripRatioP99: remote.syncP99Us / bare.p99Us,
    asyncRoundTripRatioP50: remote.asyncP50Us / bare.p50Us,
    eventRateRatio: remote.eventsPerSecond / bare.framesPerSecond,
  };
  const us = (v) => `${v.toFixed(0)} µs`;
  log('remote link vs a bare WebSocket (each to a process of its own on loopback; round trips sampled in turn, 50 at a time)');
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
