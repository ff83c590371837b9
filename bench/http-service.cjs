// The simulated service's HTTP path (issue 40, item 2): requests per second of `GET /lobbies/{id}`
// (a bot token) and `POST /lobbies/{id}/messages` (a member's Bearer token, a JSON body) against a
// plain `node:http` server answering the same status, the headers that matter (content type, the
// X-RateLimit-* headers the service sent) and the same body bytes, captured from one real answer of
// the service first. The plain server reads a POST's body and parses its JSON, as the service must.
//
// Each server runs in a child process of its own (2 cores: the load generator must not share a
// thread with the server); the load generator is undici's Pool in this process, 50 connections,
// one request in flight per connection. Service and plain runs alternate; the figures are medians.
// The service runs with the development rate limits and a budget for the POST route large enough
// not to run out (so the budget check and its headers are on the measured path); GET /lobbies/{id}
// has no development budget (routes/table.ts) and sends no X-RateLimit-* header.
//
//   node bench/http-service.cjs [runs] [seconds] [get|post]   prints the rows (both, or one) and their targets
//   BENCH_HTTP_CPU_PROF=dir node bench/http-service.cjs   also writes each child's --cpu-prof to dir/simulated, dir/plain
//   BENCH_HTTP_SERVICE_ARGS='--trace-deopt'   node options for the service's child alone
//   BENCH_HTTP_DIST=path/to/dist              the service from another build's dist/ (an A/B of two builds)
// Defaults: BENCH_RUNS (5) runs of BENCH_HTTP_SECONDS (3) seconds.
'use strict';
const path = require('node:path');
const { fork } = require('node:child_process');
const { once } = require('node:events');

const CONNECTIONS = 50;
const TARGETS = { get: 0.75, post: 0.6 };
const POST_BODY = JSON.stringify({ content: 'a message from the bench', metadata: { from: 'bench' } });
/** The headers of a captured answer the plain server repeats (the rest, Date/Connection/Keep-Alive, node:http adds itself). */
const KEPT_HEADERS = /^(content-type|x-ratelimit-.*)$/i;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// ---- the children -----------------------------------------------------------------------------

/** The simulated service: a lobby with one member, a bot token and the member's access token. */
async function serveSimulated() {
  // BENCH_HTTP_DIST: another build's dist/ (an A/B of two builds of the service).
  const { Simulator } = require(path.resolve(process.env.BENCH_HTTP_DIST ?? path.join(__dirname, '../dist'), 'index.js'));
  const sim = new Simulator();
  const service = await sim.listen({ rateLimits: 'development' });
  // Large enough for any run; the check and its headers stay on the path.
  service.setRateLimit('POST /lobbies/{lobby_id}/messages', { limit: 1_000_000_000, windowMs: 7_200_000 });
  const botToken = service.issueBotToken();
  const member = sim.createUser({ username: 'bench' });
  const userToken = sim.issueToken(member, sim.defaultApplication).accessToken;
  const created = await fetch(`${service.apiBase}/lobbies`, {
    method: 'POST',
    headers: { authorization: `Bot ${botToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ members: [{ id: member.id }] }),
  });
  if (created.status !== 201) throw new Error(`POST /lobbies answered ${created.status}: ${await created.text()}`);
  const lobby = await created.json();
  return { url: service.url, getPath: `/api/v10/lobbies/${lobby.id}`, postPath: `/api/v10/lobbies/${lobby.id}/messages`, botToken, userToken };
}

/** A plain node:http server answering each route's captured answer; a POST's body is read and parsed. */
async function servePlain(answers) {
  const http = require('node:http');
  const prepared = Object.fromEntries(
    Object.entries(answers).map(([method, answer]) => [method, { status: answer.status, headers: { ...answer.headers, 'content-length': Buffer.byteLength(answer.body) }, body: answer.body }]),
  );
  const server = http.createServer((request, response) => {
    const answer = prepared[request.method];
    if (request.method !== 'POST') {
      response.writeHead(answer.status, answer.headers).end(answer.body);
      return;
    }
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(answer.status, answer.headers).end(answer.body);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${server.address().port}` };
}

function childMain() {
  process.on('message', (message) => {
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send({ cpuUs: user + system });
      return;
    }
    const started = message.kind === 'simulated' ? serveSimulated() : servePlain(message.answers);
    started.then(
      (ready) => process.send({ ready }),
      (error) => process.send({ error: String(error?.stack ?? error) }),
    );
  });
  // The bench process went away or is done: exit (a --cpu-prof is written on the way out).
  process.on('disconnect', () => process.exit(0));
}

// ---- the bench process ------------------------------------------------------------------------

/** Starts a server child; resolves with it and what it reported once listening. */
async function startChild(kind, answers) {
  const profileDir = process.env.BENCH_HTTP_CPU_PROF;
  const execArgv = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, kind)}`] : [];
  // BENCH_HTTP_SERVICE_ARGS: node options for the service's child alone (--trace-deopt, --perf-basic-prof).
  if (kind === 'simulated' && process.env.BENCH_HTTP_SERVICE_ARGS) execArgv.push(...process.env.BENCH_HTTP_SERVICE_ARGS.split(' '));
  const child = fork(__filename, ['--serve'], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child.send({ kind, answers });
  const [reply] = await once(child, 'message');
  if (reply.error) {
    child.kill();
    throw new Error(`the ${kind} server did not start: ${reply.error}`);
  }
  return { child, ...reply.ready };
}

async function stopChild(child) {
  const exited = once(child, 'exit');
  child.disconnect();
  await exited;
}

/** The child's CPU time so far (user + system, µs). */
async function cpuOf(child) {
  child.send('cpu');
  const [reply] = await once(child, 'message');
  return reply.cpuUs;
}

/** One answer of `request` on a Pool, its body read whole. */
async function fetchOnce(pool, request) {
  const { statusCode, headers, body } = await pool.request(request);
  return { status: statusCode, headers, body: await body.text() };
}

/**
 * Requests per second over `seconds`: CONNECTIONS loops, each one request at a time; every answer
 * is read whole and checked. Also the server's CPU time per request (µs): a figure other
 * processes on the machine disturb less than the rate.
 */
async function load(server, request, status, seconds) {
  const { pool, child } = server;
  const cpuBefore = await cpuOf(child);
  let done = 0;
  let failure;
  const until = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < until && failure === undefined) {
      const answer = await pool.request(request);
      await answer.body.dump({ limit: Infinity });
      if (answer.statusCode !== status) failure = new Error(`${request.method} ${request.path} answered ${answer.statusCode}`);
      done++;
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  const elapsed = (performance.now() - start) / 1000;
  const cpuUs = (await cpuOf(child)) - cpuBefore;
  if (failure) throw failure;
  return { perSecond: done / elapsed, cpuUsPerRequest: cpuUs / done };
}

/**
 * GET and POST against the simulated service and against the plain server, alternated, median of
 * `runs` runs of `seconds` each: `{ get: { servicePerSecond, plainPerSecond, ratio, serviceCpuUsPerRequest,
 * plainCpuUsPerRequest, cpuRatio }, post: {...} }`.
 */
async function httpServiceVsPlain(runs, seconds, log = () => {}, only = ['get', 'post']) {
  const { Pool } = require('undici');
  const simulated = await startChild('simulated');
  const service = { child: simulated.child, pool: new Pool(simulated.url, { connections: CONNECTIONS, pipelining: 1 }) };
  const requests = {
    GET: { method: 'GET', path: simulated.getPath, headers: { authorization: `Bot ${simulated.botToken}` } },
    POST: { method: 'POST', path: simulated.postPath, headers: { authorization: `Bearer ${simulated.userToken}`, 'content-type': 'application/json' }, body: POST_BODY },
  };
  // One real answer of each route: what the plain server repeats.
  const answers = {};
  for (const [method, request] of Object.entries(requests)) {
    const answer = await fetchOnce(service.pool, request);
    if (answer.status >= 300) throw new Error(`${method} answered ${answer.status}: ${answer.body}`);
    answers[method] = { status: answer.status, headers: Object.fromEntries(Object.entries(answer.headers).filter(([name]) => KEPT_HEADERS.test(name))), body: answer.body };
  }
  const started = await startChild('plain', answers);
  const plain = { child: started.child, pool: new Pool(started.url, { connections: CONNECTIONS, pipelining: 1 }) };
  const figures = {};
  try {
    for (const [key, method] of [['get', 'GET'], ['post', 'POST']].filter(([key]) => only.includes(key))) {
      const request = requests[method];
      const status = answers[method].status;
      // Warm both servers and open every connection.
      await load(service, request, status, Math.min(1, seconds));
      await load(plain, request, status, Math.min(1, seconds));
      const ofService = [];
      const ofPlain = [];
      for (let run = 0; run < runs; run++) {
        ofService.push(await load(service, request, status, seconds));
        ofPlain.push(await load(plain, request, status, seconds));
      }
      const rate = (runs) => median(runs.map((run) => run.perSecond));
      const cpu = (runs) => median(runs.map((run) => run.cpuUsPerRequest));
      figures[key] = {
        servicePerSecond: Math.round(rate(ofService)),
        plainPerSecond: Math.round(rate(ofPlain)),
        ratio: rate(ofService) / rate(ofPlain),
        // The servers' CPU per request: the plain server's over the service's is the ratio a quiet machine's rates approach.
        serviceCpuUsPerRequest: cpu(ofService),
        plainCpuUsPerRequest: cpu(ofPlain),
        cpuRatio: cpu(ofPlain) / cpu(ofService),
      };
      const f = figures[key];
      const route = method === 'GET' ? 'GET /lobbies/{id}          ' : 'POST /lobbies/{id}/messages';
      log(
        `  ${route}  service ${f.servicePerSecond} req/s, plain node:http ${f.plainPerSecond} req/s: ${f.ratio.toFixed(2)}x  (target >= ${TARGETS[key].toFixed(2)}x)` +
          `; server CPU per request ${f.serviceCpuUsPerRequest.toFixed(1)} vs ${f.plainCpuUsPerRequest.toFixed(1)} µs: ${f.cpuRatio.toFixed(2)}x`,
      );
    }
  } finally {
    await Promise.all([service.pool.close(), plain.pool.close()]);
    await Promise.all([stopChild(service.child), stopChild(plain.child)]);
  }
  return figures;
}

if (require.main === module) {
  if (process.argv[2] === '--serve') childMain();
  else {
    const runs = Number(process.argv[2] ?? process.env.BENCH_RUNS ?? 5);
    const seconds = Number(process.argv[3] ?? process.env.BENCH_HTTP_SECONDS ?? 3);
    console.log(`simulated service vs plain node:http, ${CONNECTIONS} connections (undici Pool), median of ${runs} runs of ${seconds} s`);
    httpServiceVsPlain(runs, seconds, console.log, process.argv[4] ? [process.argv[4]] : undefined).catch((error) => {
      console.error(error);
      process.exitCode = 1;
    });
  }
}

module.exports = { httpServiceVsPlain, TARGETS, startChild, stopChild, load, POST_BODY, CONNECTIONS };
