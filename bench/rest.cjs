// The RestClient's cost per request against the well-kept ways of sending the same request: the
// global `fetch`, undici's `request` through a keep-alive Agent, and @discordjs/rest (its 50/s
// global limiter lifted). The simulated service runs in a child process of its own (so its cost
// does not share a thread with the clients') with rate limits off; every client sends the same
// request to it, in turns (A B C D, B C D A, ...) of a quarter run each, and each row is the
// median of those.
//
// Rows: 'sequential' (one request at a time, `GET /lobbies/{id}`) and 'concurrent100' (100 in
// flight, `GET /guilds/{id}/channels` on 100 guilds: a guild id is a major parameter, so each
// guild is its own bucket and queue in RestClient and @discordjs/rest alike, and no per-bucket
// order serializes the requests; lobby routes have none, so 100 lobbies would share one queue).
// `ratio` is RestClient's time per request over the fastest other client's (target <= 1.1);
// `cpuUs` is the bench process's CPU time per request for each client (the client's own cost).
//
//   node bench/rest.cjs [runs] [requests]
'use strict';
const { fork } = require('node:child_process');

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A run's requests are sent in this many slices per client, alternating (see restVsClients). */
const SLICES_PER_RUN = 4;

/** The guilds of the 100-in-flight row. */
const GUILDS = 100;

/** Starts the service in a child process: { child, apiBase, token, lobbyId, guildIds }. */
function startService() {
  const child = fork(__filename, ['--service'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the service exited (${code}) before it was ready`)));
    child.once('message', (ready) => resolve({ child, ...ready }));
  });
}

/** The child's side: the service, a lobby, and guilds with the application's bot as a member. */
async function serve() {
  const { Simulator } = require('../dist/index.js');
  const { RestClient } = require('../dist/rest/index.js');
  const sim = new Simulator();
  const service = await sim.listen({ rateLimits: 'off' });
  const token = service.issueBotToken();
  const owner = sim.createUser({ username: 'owner' });
  const guildIds = [];
  for (let i = 0; i < GUILDS; i++) {
    const guild = sim.createGuild({ name: `guild ${i}`, owner });
    sim.addGuildMember(guild, sim.defaultApplication.botUserId, {});
    sim.createGuildChannel(guild, { name: 'general', position: 0 });
    guildIds.push(guild.id);
  }
  const lobby = await new RestClient({ token, baseUrl: service.apiBase }).createLobby({ metadata: { bench: 'yes' } });
  process.send({ apiBase: service.apiBase, token, lobbyId: lobby.id, guildIds });
  process.on('disconnect', () => void service.close().then(() => process.exit(0)));
}

/**
 * Requests per second: `count` requests, `inFlight` at a time; worker i sends `request(i)`. Also
 * the bench process's CPU time per request in µs (`rate.cpuUs`): the client's own cost, which
 * a busy machine disturbs less than the rate.
 */
async function rate(count, inFlight, request) {
  let next = 0;
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  const worker = async (index) => {
    while (next < count) {
      next += 1;
      await request(index);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, (_, index) => worker(index)));
  const perSecond = count / (Number(process.hrtime.bigint() - start) / 1e9);
  const used = process.cpuUsage(cpu);
  rate.cpuUs = (used.user + used.system) / count;
  return perSecond;
}

/** The four clients, each a function sending one request of a row: (pathOf) => (index) => Promise. */
function clients(service) {
  const { RestClient } = require('../dist/rest/index.js');
  const { Agent, request } = require('undici');
  const { REST } = require('@discordjs/rest');
  const headers = { authorization: `Bot ${service.token}`, 'user-agent': 'DiscordBot (bench, 1)' };
  const agent = new Agent({ connect: { timeout: 30_000 } });
  const rest = new RestClient({ token: service.token, baseUrl: service.apiBase });
  const apiRoot = service.apiBase.replace(/\/v\d+$/, '');
  const discordjs = new REST({ api: apiRoot, version: '10', globalRequestsPerSecond: Number.POSITIVE_INFINITY }).setToken(service.token);
  const check = (status) => {
    if (status !== 200) throw new Error(`status ${status}`);
  };
  return {
    rows: {
      sequential: { restClient: () => rest.getLobby(service.lobbyId), path: () => `/lobbies/${service.lobbyId}` },
      concurrent100: { restClient: (i) => rest.getGuildChannels(service.guildIds[i % GUILDS]), path: (i) => `/guilds/${service.guildIds[i % GUILDS]}/channels` },
    },
    make: {
      restClient: (row) => row.restClient,
      fetch: (row) => async (i) => {
        const response = await fetch(`${service.apiBase}${row.path(i)}`, { headers });
        check(response.status);
        await response.json();
      },
      undici: (row) => async (i) => {
        const response = await request(`${service.apiBase}${row.path(i)}`, { headers, dispatcher: agent });
        check(response.statusCode);
        await response.body.json();
      },
      discordjsRest: (row) => (i) => discordjs.get(row.path(i)),
    },
    close: () => agent.close(),
  };
}

const NAMES = { restClient: 'RestClient', fetch: 'fetch', undici: 'undici request', discordjsRest: '@discordjs/rest' };

/**
 * Requests per second of RestClient, `fetch`, undici `request` and @discordjs/rest, sequential
 * and 100 in flight, each the median of `runs` runs of `requests` requests (taken in slices of a
 * quarter, the clients alternating slice by slice); `ratio` is
 * RestClient's time per request over the fastest other's, `fastest` names that one.
 */
async function restVsClients(runs, requests, log) {
  const service = await startService();
  const { rows, make, close } = clients(service);
  const names = Object.keys(make);
  const figures = {};
  try {
    for (const [key, inFlight] of [['sequential', 1], ['concurrent100', 100]]) {
      const senders = Object.fromEntries(names.map((name) => [name, make[name](rows[key])]));
      const rates = Object.fromEntries(names.map((name) => [name, []]));
      const cpus = Object.fromEntries(names.map((name) => [name, []]));
      for (const name of names) await rate(Math.min(requests, 500), inFlight, senders[name]); // warm up each path and its connections
      // Each run in slices, the clients taking turns slice by slice: a burst of the machine's
      // other work then hits every client alike rather than one client's whole run.
      const slices = runs * SLICES_PER_RUN;
      const perSlice = Math.max(inFlight, Math.round(requests / SLICES_PER_RUN));
      for (let slice = 0; slice < slices; slice++) {
        for (let turn = 0; turn < names.length; turn++) {
          const name = names[(slice + turn) % names.length];
          rates[name].push(await rate(perSlice, inFlight, senders[name]));
          cpus[name].push(rate.cpuUs);
        }
      }
      const row = Object.fromEntries(names.map((name) => [name, Math.round(median(rates[name]))]));
      const others = names.filter((name) => name !== 'restClient');
      const fastest = others.reduce((best, name) => (row[name] > row[best] ? name : best));
      const cpuUs = Object.fromEntries(names.map((name) => [name, Math.round(median(cpus[name]))]));
      figures[key] = { ...row, ratio: row[fastest] / row.restClient, fastest, cpuUs };
      const f = figures[key];
      const shown = names.map((name) => `${NAMES[name]} ${f[name].toLocaleString('en')}`).join(', ');
      log(`  ${key === 'sequential' ? 'sequential   ' : '100 in flight'}  req/s: ${shown}`);
      log(`                 client CPU per request (µs): ${names.map((name) => `${NAMES[name]} ${cpuUs[name]}`).join(', ')}`);
      const extraUs = (1e6 / f.restClient - 1e6 / f[fastest]);
      log(`                 RestClient time per request vs ${NAMES[fastest]}: ${f.ratio.toFixed(2)}x (${extraUs >= 0 ? '+' : ''}${extraUs.toFixed(0)} µs per request)  target <= 1.10x  ${f.ratio <= 1.1 ? 'met' : 'NOT met'}`);
    }
  } finally {
    await close();
    service.child.disconnect();
  }
  return figures;
}

/** The former name (bench/run.cjs calls it): the same figures. */
const restThroughput = restVsClients;

module.exports = { restVsClients, restThroughput };

if (require.main === module) {
  if (process.argv[2] === '--service') {
    serve().catch((error) => {
      console.error(error);
      process.exit(1);
    });
  } else {
    const runs = Number(process.argv[2] ?? 5);
    const requests = Number(process.argv[3] ?? 2000);
    console.log(`REST: RestClient vs fetch, undici request and @discordjs/rest against sim.listen() in a child process (median of ${runs})`);
    restVsClients(runs, requests, console.log).then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  }
}
