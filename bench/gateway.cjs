// The simulated gateway's dispatch throughput (issue 37) against a bare `ws` server sending the
// same frames, in the same run and the same process: 1 and 100 connected bots (raw ws clients that
// identify and count frames). Each change is a harness call (a channel renamed), which the gateway
// dispatches as CHANNEL_UPDATE to every session: frames per second reaching the bots, against a
// WebSocketServer that sends each bot the same JSON payload (stringified per socket, with its own
// `s`, as the gateway does) for each change. Each side runs once untimed before it is timed.
'use strict';
const { once } = require('node:events');
const WebSocket = require('ws');

/** `count` raw ws bots; resolves with a function that waits until each received `frames` frames after the start. */
async function bots(url, count, identify) {
  const sockets = [];
  for (let i = 0; i < count; i++) {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    socket.received = 0;
    socket.on('message', () => socket.received++);
    await once(socket, 'open');
    if (identify) socket.send(JSON.stringify(identify));
    sockets.push(socket);
  }
  return sockets;
}

/** Until every socket received `frames` frames (checked on each message, no timer). */
function allReceived(sockets, frames) {
  return Promise.all(
    sockets.map(
      (socket) =>
        new Promise((resolve) => {
          if (socket.received >= frames) return resolve();
          const check = () => {
            if (socket.received < frames) return;
            socket.off('message', check);
            resolve();
          };
          socket.on('message', check);
        }),
    ),
  );
}

async function simulatedGateway(botCount, changes) {
  const { Simulator } = require('../dist/index.js');
  const sim = new Simulator();
  const app = sim.defaultApplication;
  const owner = sim.createUser({ username: 'owner' });
  const guild = sim.createGuild({ name: 'Bench', owner, members: [app.botUserId] });
  const channel = sim.createGuildChannel(guild, { name: 'bench' });
  const service = await sim.listen({ rateLimits: 'off' });
  service.gateway.setHeartbeatInterval(3_600_000);
  const identify = { op: 2, d: { token: service.issueBotToken(), intents: 1, properties: { os: 'linux', browser: 'bench', device: 'bench' } } };
  const sockets = await bots(`${service.url.replace('http', 'ws')}/gateway/?v=10&encoding=json`, botCount, identify);
  // Hello, READY and GUILD_CREATE first.
  await allReceived(sockets, 3);
  const sample = new Promise((resolve) => sockets[0].once('message', (data) => resolve(data.toString())));
  sim.updateGuildChannel(channel, { name: 'warm-up' });
  const frame = JSON.parse(await sample);
  await allReceived(sockets, 4);
  const start = process.hrtime.bigint();
  for (let i = 0; i < changes; i++) sim.updateGuildChannel(channel, { name: `bench-${i}` });
  await allReceived(sockets, 4 + changes);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  for (const socket of sockets) socket.terminate();
  await service.close();
  return { framesPerSecond: (botCount * changes) / seconds, frame };
}

async function bareWs(botCount, changes, frame) {
  const server = new WebSocket.Server({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await once(server, 'listening');
  const connected = [];
  server.on('connection', (socket) => connected.push(socket));
  const sockets = await bots(`ws://127.0.0.1:${server.address().port}`, botCount, null);
  while (connected.length < botCount) await new Promise((resolve) => setImmediate(resolve));
  const seq = new Map(connected.map((socket) => [socket, 4]));
  const start = process.hrtime.bigint();
  for (let i = 0; i < changes; i++) {
    const d = { ...frame.d, name: `bench-${i}` };
    for (const socket of connected) {
      const s = seq.get(socket) + 1;
      seq.set(socket, s);
      socket.send(JSON.stringify({ op: 0, t: frame.t, s, d }));
    }
  }
  await allReceived(sockets, changes);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  for (const socket of sockets) socket.terminate();
  await new Promise((resolve) => server.close(resolve));
  return { framesPerSecond: (botCount * changes) / seconds };
}

/** Both, for 1 and 100 bots; ratios of the gateway to the bare server. */
async function gatewayVsBare(changesOneBot, changesHundredBots, log) {
  const figures = {};
  log('gateway dispatch vs a bare ws server sending the same frames (same process, loopback)');
  for (const [bots, changes] of [[1, changesOneBot], [100, changesHundredBots]].filter(([, c]) => c > 0)) {
    // Each side once untimed first: both then run warm (optimized code, and ws's sender and
    // receiver, which both use, warmed by neither side for the other).
    const warmUp = await simulatedGateway(bots, changes);
    await bareWs(bots, changes, warmUp.frame);
    const gateway = await simulatedGateway(bots, changes);
    const bare = await bareWs(bots, changes, gateway.frame);
    const ratio = gateway.framesPerSecond / bare.framesPerSecond;
    figures[`bots${bots}`] = { gatewayFramesPerSecond: gateway.framesPerSecond, bareFramesPerSecond: bare.framesPerSecond, ratio };
    const rate = (v) => Math.round(v).toLocaleString('en');
    log(`  ${String(bots).padStart(3)} bot(s): bare ${rate(bare.framesPerSecond)} frames/s (baseline), gateway ${rate(gateway.framesPerSecond)} dispatches/s (${ratio.toFixed(2)}x)`);
  }
  return figures;
}

module.exports = { gatewayVsBare };

if (require.main === module) {
  gatewayVsBare(Number(process.env.BENCH_GATEWAY_CHANGES ?? 20_000), Number(process.env.BENCH_GATEWAY_CHANGES_100 ?? 1_000), console.log).then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
