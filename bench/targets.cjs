// The performance targets (issues 12 and 40, and the rows the gateway, remote and fleet issues
// brought), each read from one run's figures and printed beside the figure it judges. A figure the run did not measure (left out by an environment variable) shows
// as "not measured".
'use strict';

const fixed = (digits) => (value) => value.toFixed(digits);
const thousands = (value) => Math.round(value).toLocaleString('en');

/** [label, read(figures) -> number | undefined, comparison, target, format] */
const TARGETS = [
  ['log events, batched vs one JS call per event', (f) => f.delivery?.ratio, '>=', 8, (v) => `${fixed(2)(v)}x`],
  ['cost per log event vs plain JS objects emitted', (f) => f.perEventCost?.ratio, '<=', 2.0, (v) => `${fixed(2)(v)}x`],
  ['lobby message, 1,000 members: ns per delivery', (f) => f.lobbyFanoutModes?.batchedNsPerDelivery, '<=', 500, (v) => `${fixed(0)(v)} ns`],
  ['lobby message, 1,000 members: batched vs per event', (f) => f.lobbyFanoutModes?.ratio, '>=', 8, (v) => `${fixed(2)(v)}x`],
  ['lobby message, 1,000 members: CPU per delivery vs a plain object emitted per member', (f) => f.lobbyFanoutModes?.cpuRatioToPlain, '<=', 5, (v) => `${fixed(2)(v)}x`],
  ['client.status vs a no-op native call', (f) => f.syncCall?.ratioStatusToNoop, '<=', 1.5, (v) => `${fixed(2)(v)}x`],
  ['sendLobbyMessage round trips/s, 1 client, 100 in flight', (f) => f.sendRoundTrips?.roundTripsPerSecond, '>=', 300_000, thousands],
  ['10,000 simulated clients: RSS growth from a fresh process (MiB)', (f) => f.manyClients?.rssGrowthMiB, '<=', 50, fixed(0)],
  ['simulated clients: threads of the process', (f) => f.manyClients?.connected.threads ?? undefined, '<=', 64, thousands],
  ['filling the lobbies (s)', (f) => f.lobbyFill?.fillSeconds, '<=', 10, fixed(1)],
  ['close() of a member of a full 1,000-member lobby (ms)', (f) => f.closeInFullLobby?.medianMs, '<=', 1, fixed(2)],
  ['idle delivery latency p50 vs a bare ThreadSafeFunction wake', (f) => f.latency?.ratioP50, '<=', 1.5, (v) => `${fixed(2)(v)}x`],
  ['idle delivery latency p99 vs a bare ThreadSafeFunction wake', (f) => f.latency?.ratioP99, '<=', 1.5, (v) => `${fixed(2)(v)}x`],
  ['1 M lobby messages: RSS growth after GC, worst run (MB)', (f) => f.lobbyMemoryRuns?.worstGrowthMB, '<=', 20, fixed(1)],
  ['flood to a 20 µs listener: a 50 ms timer late by at most (ms)', (f) => f.liveness?.lateMs, '<=', 50, fixed(0)],
  ['flood to a 20 µs listener: sliced rate vs unsliced', (f) => f.liveness?.rateRatio, '>=', 0.9, (v) => `${fixed(2)(v)}x`],
  ['RestClient time per request vs the fastest client, sequential', (f) => f.rest?.sequential?.ratio, '<=', 1.1, (v) => `${fixed(2)(v)}x`],
  ['RestClient time per request vs the fastest client, 100 in flight', (f) => f.rest?.concurrent100?.ratio, '<=', 1.1, (v) => `${fixed(2)(v)}x`],
  ['simulated service GET /lobbies/{id} req/s vs plain node:http', (f) => f.httpService?.get?.ratio, '>=', 0.75, (v) => `${fixed(2)(v)}x`],
  ['simulated service POST /lobbies/{id}/messages req/s vs plain node:http', (f) => f.httpService?.post?.ratio, '>=', 0.6, (v) => `${fixed(2)(v)}x`],
  ['remote sync call round trip p50 vs a bare WebSocket', (f) => f.remote?.syncRoundTripRatioP50, '<=', 2, (v) => `${fixed(2)(v)}x`],
  ['remote sync call round trip p99 vs a bare WebSocket', (f) => f.remote?.syncRoundTripRatioP99, '<=', 2, (v) => `${fixed(2)(v)}x`],
  ['remote events/s vs bare WebSocket frames/s', (f) => f.remote?.eventRateRatio, '>=', 0.5, (v) => `${fixed(2)(v)}x`],
  ['gateway dispatches/s to 1 bot vs a bare ws server', (f) => f.gateway?.bots1?.ratio, '>=', 0.5, (v) => `${fixed(2)(v)}x`],
  ['gateway dispatches/s to 100 bots vs a bare ws server', (f) => f.gateway?.bots100?.ratio, '>=', 0.5, (v) => `${fixed(2)(v)}x`],
  ['REST req/s through a Redis rate-limit store vs in-memory', (f) => f.fleet?.store?.ratio, '>=', 0.5, (v) => `${fixed(2)(v)}x`],
  ['8 processes x 250 on 50/s: elapsed vs what the budget requires', (f) => f.fleet?.fleet?.ratio, '<=', 1.1, (v) => `${fixed(3)(v)}x`],
];

/** Each target judged against `figures`: { figure, value, target, met } (value null: not measured). */
function judge(figures) {
  return TARGETS.map(([figure, read, comparison, target, format]) => {
    const value = read(figures);
    const measured = typeof value === 'number' && Number.isFinite(value);
    return {
      figure,
      value: measured ? value : null,
      shown: measured ? format(value) : 'not measured',
      target: `${comparison} ${format(target)}`,
      met: measured ? (comparison === '>=' ? value >= target : value <= target) : null,
    };
  });
}

function printTargets(rows, log) {
  const width = Math.max(...rows.map((row) => row.figure.length));
  log('figures against their targets');
  for (const row of rows) {
    const verdict = row.met === null ? '' : row.met ? 'met' : 'NOT met';
    log(`  ${row.figure.padEnd(width)}  ${row.shown.padStart(12)}  target ${row.target.padEnd(12)} ${verdict}`);
  }
}

module.exports = { judge, printTargets };
