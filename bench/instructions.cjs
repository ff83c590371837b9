// Instructions per operation, counted by valgrind's callgrind (not part of `npm run bench`: it needs
// valgrind, and a run takes minutes). This VM gives `perf stat` no hardware counters, and the
// bench's timings move by 10 to 30% from one run to the next with the machine; an instruction
// count moves by about 1%, so an A/B of a change of a few percent can be read from it.
//
// Each scenario runs twice under callgrind, once with `count` operations and once with one, in
// fresh processes that do the same set-up and warm-up; the difference of the two totals over
// count - 1 is what one operation costs, on every thread (the JS thread, the simulator's workers,
// V8's). It counts instructions, not time: a cache miss or a thread's wake-up costs nothing here.
// What happens once in either run and not in the other (a full collection, a function compiled
// again) lands on the operations: runs of one build spread by up to 7% (23,357 to 25,382 per round
// trip in three runs of one build). The functions' own counts (BENCH_INSTRUCTIONS_KEEP, then callgrind_annotate) are
// steadier, within about 1%, and say what moved.
// Not here: a lobby fan-out or a flood of log events. Their counts depend on how the threads
// interleave under valgrind (the world's workers poll for work for a time, a producer waits for
// room in the pump's queue), and two runs of one build gave 981 and 1,885 instructions per log
// event; count a function of theirs instead (callgrind_annotate on the kept files).
//
//   node bench/instructions.cjs [scenario ...]   round-trip (the default: all)
//   BENCH_INSTRUCTIONS_DIST=path/to/dist          another build's dist/ (an A/B of two builds)
//   BENCH_INSTRUCTIONS_KEEP=dir                   keeps the callgrind files there (callgrind_annotate)
//
// Scenarios (each operation after a warm-up of the same kind):
//   round-trip  one sendLobbyMessage round trip, one client alone in a lobby, 100 in flight
'use strict';
const { execFileSync, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const DIST = path.resolve(process.env.BENCH_INSTRUCTIONS_DIST ?? path.join(__dirname, '..', 'dist'));

/** scenario -> { count: operations measured, unit, run(count): performs them after its warm-up } */
const SCENARIOS = {
  'round-trip': {
    count: 30_000,
    unit: 'round trip',
    async run(count) {
      const { Simulator } = require(path.join(DIST, 'index.js'));
      const sim = new Simulator();
      const client = await sim.connectClient(sim.createUser({ username: 'sender' }));
      const lobbyId = await client.createOrJoinLobby('instructions');
      const send = async (total) => {
        let next = 0;
        const worker = async () => {
          while (next < total) {
            next++;
            await client.sendLobbyMessage(lobbyId, 'ping');
          }
        };
        await Promise.all(Array.from({ length: 100 }, worker));
      };
      await send(20_000);
      await send(count);
    },
  },
};

/** Instructions of one run of `scenario` with `count` operations, all threads (callgrind's total). */
function countInstructions(scenario, count, keep) {
  const out = path.join(keep ?? os.tmpdir(), `callgrind.${scenario}.${count}.${process.pid}`);
  const result = spawnSync('valgrind', ['--tool=callgrind', `--callgrind-out-file=${out}`, process.execPath, __filename, '--child', scenario, String(count)], {
    encoding: 'utf8',
    env: { ...process.env, BENCH_INSTRUCTIONS_DIST: DIST },
  });
  if (!keep) fs.rmSync(out, { force: true });
  const collected = /Collected : (\d+)/.exec(result.stderr ?? '');
  if (result.status !== 0 || !collected) throw new Error(`callgrind run of ${scenario} (${count}) failed:\n${(result.stderr ?? '').slice(-2000)}`);
  return Number(collected[1]);
}

function main() {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
  } catch {
    console.error('bench/instructions.cjs needs valgrind (apt-get install valgrind); nothing was measured.');
    process.exit(1);
  }
  const asked = process.argv.slice(2);
  const unknown = asked.filter((name) => !(name in SCENARIOS));
  if (unknown.length > 0) {
    console.error(`unknown scenario ${unknown.join(', ')}: one of ${Object.keys(SCENARIOS).join(', ')}`);
    process.exit(2);
  }
  const keep = process.env.BENCH_INSTRUCTIONS_KEEP;
  if (keep) fs.mkdirSync(keep, { recursive: true });
  console.log(`instructions per operation (callgrind, all threads), ${DIST}`);
  for (const name of asked.length > 0 ? asked : Object.keys(SCENARIOS)) {
    const scenario = SCENARIOS[name];
    console.log(`  ${name}: two runs under callgrind (1 and ${scenario.count.toLocaleString('en')} operations), a few minutes...`);
    const one = countInstructions(name, 1, keep);
    const many = countInstructions(name, scenario.count, keep);
    const operations = scenario.count - 1;
    console.log(`  ${name}: ${Math.round((many - one) / operations).toLocaleString('en')} instructions per ${scenario.unit}`);
  }
}

if (process.argv[2] === '--child') {
  SCENARIOS[process.argv[3]].run(Number(process.argv[4])).then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
} else if (require.main === module) {
  main();
}
