// A flood of log lines (simulator thread -> JS listener) while the JS thread is slow: how much
// memory it takes at its peak, against the pump queue's bound. Before the bound, 5,000,000 lines
// took RSS from 47 to 707 MB (kept after close); bounded, the backend thread waits for room.
// It runs in a process of its own (floodMemoryInChild), so the pump's high water and the RSS it
// reports are the flood's, not those of the rows before it (closing thousands of clients at once
// fills the queue past its bound: the JS thread's own posts never wait).
'use strict';
const { figuresFromChild, sendFiguresToParent } = require('./figures-child.cjs');
const { Simulator } = require('../dist/index.js');
const { loadBinding } = require('../dist/addon/native.js');

const MiB = 2 ** 20;

async function floodMemory(total, log) {
  const sim = new Simulator();
  const user = sim.createUser({ username: 'flood' });
  const client = await sim.connectClient(user);
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  let received = 0;
  const start = process.hrtime.bigint();
  await new Promise((resolve) => {
    client.on('log', () => {
      // A listener that costs something now and then (a slow consumer).
      if (++received % 1000 === 0) {
        peak = Math.max(peak, process.memoryUsage().rss);
        const until = process.hrtime.bigint() + 200_000n;
        while (process.hrtime.bigint() < until);
      }
      if (received === total) resolve();
    });
    sim.emitLogs(user, total, { severity: 'warning', message: 'x'.repeat(100) });
  });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  await client.close();
  global.gc?.();
  const after = process.memoryUsage().rss;
  const stats = loadBinding().pumpStats();
  const figures = {
    lines: total,
    seconds,
    rssPeakGrowthMiB: (peak - before) / MiB,
    rssAfterCloseGrowthMiB: (after - before) / MiB,
    queueHighWater: stats.highWater,
    queueCapacity: stats.capacity,
    producerWaits: stats.producerWaits,
  };
  log(`  ${total} lines, slow listener: RSS peak +${figures.rssPeakGrowthMiB.toFixed(1)} MiB (target <= 64), ` +
      `after close +${figures.rssAfterCloseGrowthMiB.toFixed(1)} MiB; queue high water ${stats.highWater} of ${stats.capacity}, ` +
      `${stats.producerWaits} producer waits, ${(total / seconds / 1e6).toFixed(2)} M lines/s`);
  return figures;
}

/** floodMemory(total) in a child process (with --expose-gc); its log lines come through `log`. */
function floodMemoryInChild(total, log) {
  return figuresFromChild(__filename, [String(total)], { execArgv: ['--expose-gc'], what: 'flood' }, log);
}

if (require.main === module && process.send) sendFiguresToParent((log) => floodMemory(Number(process.argv[2]), log));

module.exports = { floodMemory, floodMemoryInChild };
