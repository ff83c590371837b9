// Scale figures for `npm run bench` (issue 12's table):
//   - many simulated clients, in a fresh child process: growth of RSS, JS heap and external memory
//     from the Simulator's creation to all connected, threads and virtual memory (the process's own
//     figures from /proc/self/status on Linux); runnable alone: `node bench/scale.cjs [clients] [runs]`;
//   - filling lobbies: `clients` players each join every one of `lobbies` lobbies by secret (each
//     join tells every member: about lobbies * clients^2 / 2 member events), until every event
//     reached its client;
//   - closing one member of a full 1,000-member lobby.
'use strict';
const fs = require('node:fs');
const v8 = require('node:v8');
const { figuresFromChild, sendFiguresToParent } = require('./figures-child.cjs');
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

/** The process's memory now (after a full GC and a pause in which V8 and the allocator return pages). */
async function memoryNow() {
  global.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 100));
  global.gc?.();
  const usage = process.memoryUsage();
  // V8's young generation grows while much survives its collections (every client made) and is
  // given back only by the memory reducer, seconds after the process goes idle: shown apart.
  const newSpace = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
  return {
    newSpaceMiB: (newSpace?.physical_space_size ?? 0) / MiB,
    rssMiB: usage.rss / MiB,
    heapUsedMiB: usage.heapUsed / MiB,
    heapTotalMiB: usage.heapTotal / MiB,
    externalMiB: usage.external / MiB,
    arrayBuffersMiB: usage.arrayBuffers / MiB,
    ...processStatus(),
  };
}

/**
 * `count` simulated clients connected in this process: the growth of its memory from just after
 * the Simulator is made to when they are all connected (kept referenced). Run it in a fresh
 * process (manyClients does): late in a long run the heap has already grown, which hides the
 * clients' footprint (the bench showed +11 MiB where a fresh process grows by 119).
 */
async function manyClientsHere(count, log) {
  const sim = new Simulator();
  const before = await memoryNow();
  const clients = [];
  const start = process.hrtime.bigint();
  for (let i = 0; i < count; i++) {
    clients.push(await sim.connectClient(sim.createUser({ username: `c${i}` })));
    if ((i + 1) % 2000 === 0) log(`    ${i + 1} connected`);
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const connected = await memoryNow();
  const growth = (key) => connected[key] - before[key];
  const result = {
    clients: count,
    connectSeconds: seconds,
    before,
    connected,
    rssGrowthMiB: growth('rssMiB'),
    heapUsedGrowthMiB: growth('heapUsedMiB'),
    heapTotalGrowthMiB: growth('heapTotalMiB'),
    newSpaceGrowthMiB: growth('newSpaceMiB'),
    externalGrowthMiB: growth('externalMiB'),
    arrayBuffersGrowthMiB: growth('arrayBuffersMiB'),
    rssPerClientKiB: count > 0 ? (growth('rssMiB') * 1024) / count : 0,
    threadGrowth: connected.threads === null ? null : connected.threads - before.threads,
  };
  const signed = (value, digits = 0) => `${value >= 0 ? '+' : ''}${value.toFixed(digits)}`;
  log(`  ${count.toLocaleString('en')} clients connected in ${seconds.toFixed(1)} s (fresh process): RSS ${signed(result.rssGrowthMiB)} MiB ` +
      `(${result.rssPerClientKiB.toFixed(1)} KiB per client; ${connected.rssMiB.toFixed(0)} MiB in all), JS heap used ${signed(result.heapUsedGrowthMiB, 1)} MiB ` +
      `(its reservation ${signed(result.heapTotalGrowthMiB, 1)}, of which the young generation ${signed(result.newSpaceGrowthMiB, 1)}), ` +
      `external ${signed(result.externalGrowthMiB, 1)} MiB (array buffers ${signed(result.arrayBuffersGrowthMiB, 1)}), ` +
      `${connected.threads} threads, ${(connected.virtualMiB / 1024).toFixed(1)} GiB virtual`);
  await Promise.all(clients.map((client) => client.close()));
  return result;
}

/** manyClientsHere(count) in a fresh child process (with --expose-gc); its log lines come through `log`. */
function manyClients(count, log) {
  return figuresFromChild(__filename, ['--many-clients', String(count)], { execArgv: ['--expose-gc'], what: 'many-clients' }, log);
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

// The memory target of issue 40: 10,000 clients in at most 50 MiB (about 5 KiB each).
const MANY_CLIENTS_TARGET_MIB = 50;

if (require.main === module) {
  if (process.argv[2] === '--many-clients' && process.send) {
    // The child of manyClients.
    sendFiguresToParent((log) => manyClientsHere(Number(process.argv[3]), log));
  } else {
    // Alone: `node bench/scale.cjs [clients] [runs]`, the median of `runs` fresh processes.
    const count = Number(process.argv[2] ?? 10_000);
    const runs = Number(process.argv[3] ?? 1);
    (async () => {
      const growth = [];
      for (let run = 0; run < runs; run++) growth.push((await manyClients(count, console.log)).rssGrowthMiB);
      const median = [...growth].sort((a, b) => a - b)[Math.floor(growth.length / 2)];
      const target = (MANY_CLIENTS_TARGET_MIB * count) / 10_000;
      console.log(`${count.toLocaleString('en')} clients: RSS growth median +${median.toFixed(1)} MiB over ${runs} run(s) ` +
                  `(${growth.map((g) => g.toFixed(1)).join(' ')}); target <= ${target.toFixed(0)} MiB: ${median <= target ? 'met' : 'NOT met'}`);
    })().catch((error) => {
      console.error(error);
      process.exitCode = 1;
    });
  }
}

module.exports = { manyClients, manyClientsHere, fillLobbies, closeInFullLobby, MANY_CLIENTS_TARGET_MIB };
