// REST requests per second against the simulated service on loopback (sim.listen), through
// RestClient and through a bare fetch of the same request, sequentially and with 100 in flight.
// The ratio is the client's cost: its checks, bucket queue, error parsing and conversion. Both
// sides talk to the same server in the same run, alternating, so the server's cost cancels out.
'use strict';
const { Simulator } = require('../dist/index.js');
const { RestClient } = require('../dist/rest/index.js');

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function rate(count, inFlight, request) {
  let next = 0;
  const start = process.hrtime.bigint();
  const worker = async () => {
    while (next < count) {
      next += 1;
      await request();
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return count / (Number(process.hrtime.bigint() - start) / 1e9);
}

async function restThroughput(runs, requests, log) {
  const sim = new Simulator();
  const service = await sim.listen({ rateLimits: 'off' });
  const token = service.issueBotToken();
  const rest = new RestClient({ token, baseUrl: service.apiBase });
  const lobby = await rest.createLobby({ metadata: { bench: 'yes' } });
  const url = `${service.apiBase}/lobbies/${lobby.id}`;
  const headers = { authorization: `Bot ${token}`, 'user-agent': 'DiscordBot (bench, 1)' };
  const bare = async () => {
    const response = await fetch(url, { headers });
    if (response.status !== 200) throw new Error(`status ${response.status}`);
    await response.json();
  };
  const client = () => rest.getLobby(lobby.id);
  const figures = {};
  for (const inFlight of [1, 100]) {
    const viaFetch = [];
    const viaClient = [];
    await rate(200, inFlight, bare); // warm up both paths and the connection pool
    await rate(200, inFlight, client);
    for (let run = 0; run < runs; run++) {
      viaFetch.push(await rate(requests, inFlight, bare));
      viaClient.push(await rate(requests, inFlight, client));
    }
    const key = inFlight === 1 ? 'sequential' : 'concurrent100';
    figures[key] = {
      requests,
      restClientPerSecond: Math.round(median(viaClient)),
      bareFetchPerSecond: Math.round(median(viaFetch)),
      ratio: median(viaClient) / median(viaFetch),
    };
    const f = figures[key];
    log(`  ${inFlight === 1 ? 'sequential  ' : '100 in flight'}  RestClient ${f.restClientPerSecond} req/s, bare fetch ${f.bareFetchPerSecond} req/s (baseline): ${f.ratio.toFixed(2)}x  (target >= 0.80x)`);
  }
  await service.close();
  return figures;
}

module.exports = { restThroughput };
