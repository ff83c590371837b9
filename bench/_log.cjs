const { Simulator } = require('../dist/index.js');
const { checksumListener, plainJsBaseline } = require('./costs.cjs');
(async () => {
  const sim = new Simulator();
  const user = sim.createUser({ username: 'bench' });
  const client = await sim.connectClient(user);
  const events = 300000;
  for (let r = 0; r < Number(process.argv[2] ?? 20); r++) {
    let done; const finished = new Promise((res) => (done = res));
    const { listener } = checksumListener(events, () => done());
    client.on('log', listener);
    const t = process.hrtime.bigint();
    sim.emitLogs(user, events, { severity: 'warning', message: 'bench' });
    await finished;
    const ns = Number(process.hrtime.bigint() - t) / events;
    client.off('log', listener);
    if (r % 5 === 4) console.log('ns/event', ns.toFixed(1), 'plain', (await plainJsBaseline(3, events)).toFixed?.(1));
  }
  await client.close();
})();
