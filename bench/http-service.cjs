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
//   node bench/http-service.cjs [runs] [seconds]      prints the rows and their targets
//   BENCH_HTTP_CPU_PROF=dir node bench/http-service.cjs   also writes the service child's --cpu-prof to dir
'use strict';
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
  const { Simulator } = require('../dist/index.js');
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
  const execArgv = kind === 'simulated' && profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
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

/** One answer of `request` on a Pool, its body read whole. */
async function fetchOnce(pool, request) {
  const { statusCode, headers, body } = await pool.request(request);
  return { status: statusCode, headers, body: await body.text() };
}

/** Requests per second over `seconds`: CONNECTIONS loops, each one request at a time; every answer is read whole and checked. */
async function load(pool, request, status, seconds) {
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
  if (failure) throw failure;
  return done / ((performance.now() - start) / 1000);
}

/**
 * GET and POST against the simulated service and against the plain server, alternated, median of
 * `runs` runs of `seconds` each: `{ get: { servicePerSecond, plainPerSecond, ratio }, post: {...} }`.
 */
async function httpServiceVsPlain(runs, seconds, log = () => {}) {
  const { Pool } = require('undici');
  const simulated = await startChild('simulated');
  const servicePool = new Pool(simulated.url, { connections: CONNECTIONS, pipelining: 1 });
  const requests = {
    GET: { method: 'GET', path: simulated.getPath, headers: { authorization: `Bot ${simulated.botToken}` } },
    POST: { method: 'POST', path: simulated.postPath, headers: { authorization: `Bearer ${simulated.userToken}`, 'content-type': 'application/json' }, body: POST_BODY },
  };
  // One real answer of each route: what the plain server repeats.
  const answers = {};
  for (const [method, request] of Object.entries(requests)) {
    const answer = await fetchOnce(servicePool, request);
    if (answer.status >= 300) throw new Error(`${method} answered ${answer.status}: ${answer.body}`);
    answers[method] = { status: answer.status, headers: Object.fromEntries(Object.entries(answer.headers).filter(([name]) => KEPT_HEADERS.test(name))), body: answer.body };
  }
  const plain = await startChild('plain', answers);
  const plainPool = new Pool(plain.url, { connections: CONNECTIONS, pipelining: 1 });
  const figures = {};
  try {
    for (const [key, method] of [['get', 'GET'], ['post', 'POST']]) {
      const request = requests[method];
      const status = answers[method].status;
      // Warm both servers and open every connection.
      await load(servicePool, request, status, Math.min(1, seconds));
      await load(plainPool, request, status, Math.min(1, seconds));
      const service = [];
      const bare = [];
      for (let run = 0; run < runs; run++) {
        service.push(await load(servicePool, request, status, seconds));
        bare.push(await load(plainPool, request, status, seconds));
      }
      figures[key] = { servicePerSecond: Math.round(median(service)), plainPerSecond: Math.round(median(bare)), ratio: median(service) / median(bare) };
      const f = figures[key];
      const route = method === 'GET' ? 'GET /lobbies/{id}          ' : 'POST /lobbies/{id}/messages';
      log(`  ${route}  service ${f.servicePerSecond} req/s, plain node:http ${f.plainPerSecond} req/s: ${f.ratio.toFixed(2)}x  (target >= ${TARGETS[key].toFixed(2)}x)`);
    }
  } finally {
    await Promise.all([servicePool.close(), plainPool.close()]);
    await Promise.all([stopChild(simulated.child), stopChild(plain.child)]);
  }
  return figures;
}

if (require.main === module) {
  if (process.argv[2] === '--serve') childMain();
  else {
    const runs = Number(process.argv[2] ?? process.env.BENCH_RUNS ?? 5);
    const seconds = Number(process.argv[3] ?? process.env.BENCH_HTTP_SECONDS ?? 3);
    console.log(`simulated service vs plain node:http, ${CONNECTIONS} connections (undici Pool), median of ${runs} runs of ${seconds} s`);
    httpServiceVsPlain(runs, seconds, console.log).catch((error) => {
      console.error(error);
      process.exitCode = 1;
    });
  }
}

module.exports = { httpServiceVsPlain, TARGETS };
