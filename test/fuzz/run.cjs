// Runs the fuzz driver (test/fuzz/driver.cjs) in a child process and reads its verdict. Used by
// test/fuzz/fuzz.test.ts (short seeded runs in `npm test`) and, as a script, by `npm run fuzz` and
// .ci/run (longer runs, and under the ASan build: the environment, LD_PRELOAD included, is passed
// through to the child).
//
//   node test/fuzz/run.cjs [--runs N] [--seed N] [--timeout-ms N] [group...]
//
// As a script: every group (or those named) one after the other; prints per group the calls made,
// the seed, the wall time and the violations, and exits non-zero when a child crashed, hung, or
// reported a violation.
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const DRIVER = path.join(__dirname, 'driver.cjs');
const GROUPS = ['client', 'simulator', 'exports', 'binding'];

/**
 * Runs one group. Resolves { group, seed, runs, code, signal, timedOut, summary, stdout, stderr,
 * trace, wallMs }; `summary` is the driver's FUZZ-SUMMARY (null when it did not get that far).
 */
function runGroup({ group, seed, runs, timeoutMs = 120_000, env = process.env }) {
  const trace = path.join(os.tmpdir(), `social-sdk-fuzz-${group}-${process.pid}-${Date.now()}.json`);
  const args = ['--expose-gc', DRIVER, '--group', group, '--seed', String(seed), '--runs', String(runs), '--trace', trace];
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      stderr += chunk;
      if (stderr.length > 200_000) stderr = stderr.slice(-100_000);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const line = stdout.split('\n').find((l) => l.startsWith('FUZZ-SUMMARY '));
      let summary = null;
      if (line) {
        try {
          summary = JSON.parse(line.slice('FUZZ-SUMMARY '.length));
        } catch {
          summary = null;
        }
      }
      let lastCase = null;
      try {
        lastCase = JSON.parse(fs.readFileSync(trace, 'utf8'));
      } catch {
        lastCase = null;
      }
      const crashed = timedOut || signal !== null || code !== 0 || summary === null;
      if (!crashed) fs.rmSync(trace, { force: true });
      resolve({ group, seed, runs, code, signal, timedOut, summary, stdout, stderr, trace: crashed ? trace : null, lastCase, wallMs: Date.now() - started });
    });
  });
}

/** A report of one run that says what failed and how to reproduce it, with no secret in it. */
function report(result) {
  const { group, seed, runs, summary } = result;
  const lines = [];
  const repro = `node --expose-gc test/fuzz/driver.cjs --group ${group} --seed ${seed} --runs ${runs} --verbose`;
  if (result.timedOut) lines.push(`HANG: group ${group} did not exit in time (seed ${seed}); killed.`);
  else if (result.signal) lines.push(`CRASH: group ${group} died of ${result.signal} (seed ${seed}).`);
  else if (result.code !== 0) lines.push(`CRASH: group ${group} exited with code ${result.code} (seed ${seed}).`);
  else if (!summary) lines.push(`group ${group} printed no FUZZ-SUMMARY (seed ${seed}).`);
  if (result.timedOut || result.signal || result.code !== 0 || !summary) {
    if (result.lastCase) {
      lines.push(`The case that was running (run ${result.lastCase.run}), replay it with:`);
      lines.push(`  node --expose-gc test/fuzz/driver.cjs --group ${group} --replay ${result.trace} --verbose`);
      lines.push(`  calls: ${result.lastCase.case.calls.map((c) => c.m).join(', ')}; options ${JSON.stringify(result.lastCase.case.opts)}`);
    }
    lines.push(`stderr (tail):\n${result.stderr.slice(-4000)}`);
  }
  if (summary && summary.violations > 0) {
    lines.push(`group ${group}, seed ${seed}, ${summary.calls} calls: ${summary.violations} violations (${summary.distinctViolations} distinct). Reproduce: ${repro}`);
    for (const finding of summary.findings) {
      const example = finding.examples[0];
      lines.push(`- [${finding.kind}] ${finding.member} x${finding.count}: ${example.what}`);
      lines.push(`    this=${example.this} args=(${example.args.join(', ')})  [run ${example.run}]`);
    }
  }
  return lines.join('\n');
}

function ok(result) {
  return !result.timedOut && result.signal === null && result.code === 0 && result.summary !== null && result.summary.violations === 0 && result.summary.calls > 0;
}

async function main(argv) {
  let runs = Number(process.env.FUZZ_RUNS || 2000);
  let seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 1_000_000;
  let timeoutMs = Number(process.env.FUZZ_TIMEOUT_MS || 600_000);
  const groups = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--runs') runs = Number(argv[++i]);
    else if (argv[i] === '--seed') seed = Number(argv[++i]);
    else if (argv[i] === '--timeout-ms') timeoutMs = Number(argv[++i]);
    else if (GROUPS.includes(argv[i])) groups.push(argv[i]);
    else {
      process.stderr.write(`usage: node test/fuzz/run.cjs [--runs N] [--seed N] [--timeout-ms N] [${GROUPS.join('|')}...]\n`);
      return 2;
    }
  }
  let failed = 0;
  // FUZZ_JOBS groups run at once (each in its own child process); CI uses one per core.
  const jobs = Math.max(1, Number(process.env.FUZZ_JOBS || 1));
  const queue = [...(groups.length ? groups : GROUPS)];
  const finish = (group, result) => {
    const s = result.summary;
    const status = ok(result) ? 'ok' : 'FAIL';
    process.stdout.write(
      `fuzz ${group}: ${status}, seed ${seed}, ${runs} runs, ${s ? s.calls : '?'} calls, ${s ? s.violations : '?'} violations, ` +
        `exit ${result.signal ?? result.code}${result.timedOut ? ' (timed out)' : ''}, ${(result.wallMs / 1000).toFixed(1)} s\n`,
    );
    if (!ok(result)) {
      failed++;
      process.stdout.write(`${report(result)}\n`);
    }
  };
  const worker = async () => {
    for (let group = queue.shift(); group !== undefined; group = queue.shift()) {
      finish(group, await runGroup({ group, seed, runs, timeoutMs }));
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  return failed ? 1 : 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => (process.exitCode = code));
}

module.exports = { GROUPS, runGroup, report, ok };
