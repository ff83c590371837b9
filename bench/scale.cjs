// Scale figures for `npm run bench` (issue 12's table):
//   - many simulated clients in one process: RSS, threads and virtual memory once they are all
//     connected (the process's own figures from /proc/self/status on Linux);
//   - filling lobbies: `clients` players each join every one of `lobbies` lobbies by secret (each
//     join tells every member: about lobbies * clients^2 / 2 member events), until every event
//     reached its client;
//   - closing one member of a full 1,000-member lobby.
'use strict';
const fs = require('node:fs');
const { Simulator } = require('../dist/index.js');
const { lobbyOf } = require('./lobby-fanout.cjs');

const MiB = 2 ** 20;

/** Threads and virtual size of this process (null where /proc is not there). */
function processStatus() {
  try {
    const status = fs.readFileSync('/proc/self/status', 'utf8');
    const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1]);
    return { threads: field('Threads'), virtualMiB: field('VmSize') / 1024 };
  } catch {
    return { threads: null, virtualMiB: null };
  }
}

/** Waits until `read()` has not changed for `quietMs` (the pump has delivered what was queued). */
async function quiescent(read, quietMs = 50) {
  let last = read();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    const now = read();
    if (now === last) return;
    last = now;
  }
}

async function manyClients(count, log) {
  global.gc?.();
  const before = { rssMiB: process.memoryUsage().rss / MiB, ...processStatus() };
  const sim = new Simulator();
  const clients = [];
  const start = process.hrtime.bigint();
  for (let i = 0; i < count; i++) {
    clients.push(await sim.connectClient(sim.createUser({ username: `c${i}` })));
    if ((i + 1) % 2000 === 0) log(`    ${i + 1} connected`);
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  global.gc?.();
  const connected = { rssMiB: process.memoryUsage().rss / MiB, ...processStatus() };
  await Promise.all(clients.map((client) => client.close()));
  const result = {
    clients: count,
    connectSeconds: seconds,
    before,
    connected,
    rssGrowthMiB: connected.rssMiB - before.rssMiB,
    threadGrowth: connected.threads === null ? null : connected.threads - before.threads,
  };
  log(`  ${count.toLocaleString('en')} clients connected in ${seconds.toFixed(1)} s: RSS ${result.rssGrowthMiB >= 0 ? '+' : ''}${result.rssGrowthMiB.toFixed(0)} MiB (${connected.rssMiB.toFixed(0)} MiB), ${connected.threads} threads, ${(connected.virtualMiB / 1024).toFixed(1)} GiB virtual`);
  return result;
}

async function fillLobbies(clientCount, lobbyCount, log) {
  const sim = new Simulator();
  const clients = [];
  for (let i = 0; i < clientCount; i++) clients.push(await sim.connectClient(sim.createUser({ username: `f${i}` })));
  let memberEvents = 0;
  for (const client of clients) client.on('lobbyMemberAdded', () => memberEvents++);
  const start = process.hrtime.bigint();
  for (let lobby = 0; lobby < lobbyCount; lobby++) {
    // Joins of one lobby go out together, as players arriving at once would.
    await Promise.all(clients.map((client) => client.createOrJoinLobby(`fill-${lobby}`)));
    log(`    lobby ${lobby + 1} of ${lobbyCount} full`);
  }
  await sim.settle();
  await quiescent(() => memberEvents);
  const fillSeconds = Number(process.hrtime.bigint() - start) / 1e9;
  log(`  ${lobbyCount} lobbies of ${clientCount.toLocaleString('en')} members filled in ${fillSeconds.toFixed(1)} s (${memberEvents.toLocaleString('en')} member events)`);

  await Promise.all(clients.map((client) => client.close()));
  return { clients: clientCount, lobbies: lobbyCount, fillSeconds, memberEvents };
}

/** ms of each close() of the first `closes` members of `lobby`, in order. */
async function closeEach(lobby, closes) {
  const closeMs = [];
  for (let i = 0; i < closes; i++) {
    const begin = process.hrtime.bigint();
    await lobby.clients[i].close();
    closeMs.push(Number(process.hrtime.bigint() - begin) / 1e6);
  }
  return closeMs;
}

/**
 * close() of a member of a full lobby (the others are told it left): median ms over `closes`.
 * Warmed up first, as the other rows are: 10 closes in a lobby of 200 of its own, not counted, so
 * the close path and the lobby and presence handlers are compiled. Without it the first closes of
 * a process cost 1.5 to 3 ms; with it the first closes in the full lobby still cost more (1 to
 * 1.5 ms) than the ones after them (0.5 to 0.8 ms), and all count.
 */
async function closeInFullLobby(members, closes, log) {
  const warmUp = await lobbyOf(200);
  const warmUpMs = await closeEach(warmUp, 10);
  await warmUp.close();
  const lobby = await lobbyOf(members);
  const closeMs = await closeEach(lobby, closes);
  await lobby.close();
  const medianMs = [...closeMs].sort((a, b) => a - b)[Math.floor(closeMs.length / 2)];
  const list = (values) => values.map((ms) => ms.toFixed(2)).join(' ');
  log(`  close() of a member of a ${members}-member lobby: median ${medianMs.toFixed(2)} ms over ${closes} (${list(closeMs)}); warm-up closes ${list(warmUpMs)} ms`);
  return { members, closes, medianMs, closeMs, warmUpMs };
}

module.exports = { manyClients, fillLobbies, closeInFullLobby };
