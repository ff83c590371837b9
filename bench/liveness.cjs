// Liveness under a flood (issue 33, item 12): while 1,000,000 log events reach a listener that
// spends 20 µs on each, how late does a 50 ms interval timer tick, and how fast do the events
// arrive? Measured with the pump's time-sliced turns and, in the same process, with slicing
// switched off (only the 8,192-callback bound per turn), the baseline the rate is judged against.
// The figure judged is the largest gap between two ticks less the 50 ms interval: how long the
// loop could not run a timer that was due (a gap is never below the interval itself).
// It runs in a process of its own: the pump, the heap and the timers are the flood's alone.
'use strict';
const { figuresFromChild, sendFiguresToParent } = require('./figures-child.cjs');

const INTERVAL_MS = 50;

async function floodWithTicks(lines, sliced) {
  const { Simulator } = require('../dist/index.js');
  const { loadBinding } = require('../dist/addon/native.js');
  loadBinding().setSlicedTurns(sliced);
  const sim = new Simulator();
  const user = sim.createUser({ username: 'flood' });
  const client = await sim.connectClient(user, { logLevel: 'verbose' });
  let largestGapMs = 0;
  let last = process.hrtime.bigint();
  const ticker = setInterval(() => {
    const now = process.hrtime.bigint();
    largestGapMs = Math.max(largestGapMs, Number(now - last) / 1e6);
    last = now;
  }, INTERVAL_MS);
  let received = 0;
  const start = process.hrtime.bigint();
  await new Promise((resolve) => {
    client.on('log', (entry) => {
      if (entry.message !== 'flood') return;
      const until = process.hrtime.bigint() + 20_000n; // the listener's 20 µs of work
      while (process.hrtime.bigint() < until);
      if (++received === lines) resolve();
    });
    last = process.hrtime.bigint();
    sim.emitLogs(user, lines, { message: 'flood' });
  });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  clearInterval(ticker);
  await client.close();
  loadBinding().setSlicedTurns(true);
  return { largestGapMs, lateMs: Math.max(0, largestGapMs - INTERVAL_MS), eventsPerSecond: lines / seconds };
}

async function liveness(lines, log) {
  // Baseline first, then sliced, then baseline again: the rate judged is against the better of the two.
  const unsliced = [await floodWithTicks(lines, false)];
  const sliced = await floodWithTicks(lines, true);
  unsliced.push(await floodWithTicks(lines, false));
  const baseline = unsliced.reduce((best, run) => (run.eventsPerSecond > best.eventsPerSecond ? run : best));
  const figures = {
    lines,
    sliced,
    unsliced: baseline,
    lateMs: sliced.lateMs,
    rateRatio: sliced.eventsPerSecond / baseline.eventsPerSecond,
  };
  log(`  ${lines} events, 20 µs listener, 50 ms ticks: sliced turns: largest gap ${sliced.largestGapMs.toFixed(0)} ms ` +
      `(${sliced.lateMs.toFixed(0)} ms late), ${(sliced.eventsPerSecond / 1e3).toFixed(1)} k events/s; unsliced: largest gap ` +
      `${baseline.largestGapMs.toFixed(0)} ms, ${(baseline.eventsPerSecond / 1e3).toFixed(1)} k events/s (${(figures.rateRatio * 100).toFixed(1)}% of its rate)`);
  return figures;
}

/** liveness(lines) in a child process; its log lines come through `log`. */
function livenessInChild(lines, log) {
  return figuresFromChild(__filename, [String(lines)], { what: 'liveness' }, log);
}

if (require.main === module && process.send) sendFiguresToParent((log) => liveness(Number(process.argv[2]), log));

module.exports = { liveness, livenessInChild };
