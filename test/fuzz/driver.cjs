#!/usr/bin/env node
// Adversarial fuzz driver (issue 16): calls every public member of the package, and every method of
// the raw native binding, with hostile arguments and a hostile `this`, and checks an oracle on each
// call. It runs in a child process of its own (test/fuzz/fuzz.test.ts, scripts `npm run fuzz` and
// .ci/run spawn it), so a crash or a hang is seen by the parent as a signal, an exit code or a
// time-out.
//
//   node --expose-gc test/fuzz/driver.cjs --group client|simulator|exports|binding
//        [--seed N] [--runs N] [--trace FILE] [--replay FILE] [--verbose]
//
// --runs: fast-check runs ("cases"). Each case builds a fresh simulated world (a simulator, users,
// a connected client, lobbies, messages, a guild; on the binding group the same through the raw
// binding), makes 1 to 6 calls in it, lets the world settle (advancing the clock sometimes), then
// closes every client and waits, bounded, for every promise the calls returned.
// Defaults: FUZZ_SEED / FUZZ_RUNS from the environment, else seed 16 and 200 runs.
//
// The oracle, per call:
//   1. no crash and no hang: the parent sees the process exit with code 0 within its time bound;
//      the case about to run is written to --trace first, so the parent can show it after a crash;
//   2. a member declared (in dist/*.d.ts) or seen to return a Promise never throws synchronously,
//      whatever its arguments and its `this` (as Web IDL promise operations, even a failed brand
//      check rejects); reported as `sync-throw` or `sync-throw (hostile this)`;
//   3. every thrown or rejected value is a TypeError, RangeError or SocialSdkError (any Error on the
//      raw binding, an internal seam), or a value the driver itself threw from a getter, a trap or
//      a callback it passed (then the caller's own exception propagated);
//   3b. on the package's own objects, that error is the package's own (it names the argument), not
//      one the JS engine raised inside the package ("Cannot read properties of null", "x is not a
//      function", "Cannot convert a Symbol value to a string", ...);
//   4. no error message (nor util.inspect of the error) contains a secret the call was given (the
//      fake token `sim.deadbeef...`, a fake lobby secret, the world's real access token and secret);
//   5. every promise settles once its clients are closed (and the clock advanced past latency);
//      closing a client resolves; no unhandled rejection and no uncaught exception.
// Violations are printed as one JSON summary line on stdout: `FUZZ-SUMMARY {...}`. The exit code
// is 0 when the driver ran to its end (violations or not: the parent judges the summary), 2 for a
// usage error; a crash or a hang is whatever the parent observes.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const util = require('node:util');
const fc = require('fast-check');

const { GROUPS, BINDING_REARM, declarations, loadPackage, groupMembers } = require('./targets.cjs');
const { FAKE_TOKEN, FAKE_LOBBY_SECRET, isPlanted, valueArb, argsArb, materialize, secretsIn, describe } = require('./values.cjs');
const { sleep, within, isThenable } = require('./promises.cjs');
const { REAL_LOBBY_SECRET, publicContext, rawRuntime, bindingContext } = require('./worlds.cjs');

// ---------------------------------------------------------------- command line

function parseArgs(argv) {
  const out = {
    group: undefined,
    seed: process.env.FUZZ_SEED !== undefined && process.env.FUZZ_SEED !== '' ? Number(process.env.FUZZ_SEED) : 16,
    runs: process.env.FUZZ_RUNS !== undefined && process.env.FUZZ_RUNS !== '' ? Number(process.env.FUZZ_RUNS) : 200,
    trace: undefined,
    replay: undefined,
    verbose: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) usage(`${arg} needs a value`);
      return argv[++i];
    };
    if (arg === '--group') out.group = next();
    else if (arg === '--seed') out.seed = Number(next());
    else if (arg === '--runs') out.runs = Number(next());
    else if (arg === '--trace') out.trace = next();
    else if (arg === '--replay') out.replay = next();
    else if (arg === '--verbose') out.verbose = true;
    else usage(`unknown argument ${arg}`);
  }
  if (!GROUPS.includes(out.group)) usage(`--group must be one of ${GROUPS.join(', ')}`);
  if (!Number.isSafeInteger(out.seed)) usage('seed must be an integer');
  if (!Number.isSafeInteger(out.runs) || out.runs < 1) usage('runs must be a positive integer');
  return out;
}

function usage(message) {
  process.stderr.write(`fuzz driver: ${message}\nusage: node test/fuzz/driver.cjs --group ${GROUPS.join('|')} [--seed N] [--runs N] [--trace FILE] [--replay FILE] [--verbose]\n`);
  process.exit(2);
}

// ---------------------------------------------------------------- helpers

function errorSummary(error) {
  if (isPlanted(error)) return '<planted>';
  if (error instanceof Error) return `${error.constructor?.name ?? 'Error'}: ${String(error.message).slice(0, 200)}`;
  try {
    return `non-Error ${typeof error}: ${String(error).slice(0, 100)}`;
  } catch {
    return `non-Error ${typeof error}`;
  }
}

// ---------------------------------------------------------------- the oracle's rules

/** Messages of errors the V8 engine raises itself (the package's own messages name the argument). */
const ENGINE_ERRORS =
  /Cannot read properties of|Cannot set properties of|is not a function|is not iterable|is not a constructor|Cannot convert|Cannot destructure|Cannot mix BigInt|Do not know how to serialize|Converting circular structure|Invalid array length|Invalid string length|Maximum call stack size exceeded|Cannot create property|called on non-object|Cannot use 'in' operator|Invalid time value|is not a valid/;
/**
 * What the language itself rules, whoever the callee: a class needs `new`; a private member needs
 * its own class's object (only a hostile argument, such as a Proxy of a Simulator whose getter the
 * package reads, gets there on a call with the member's own `this`).
 */
const LANGUAGE_RULES = /^Class constructor \w+ cannot be invoked without 'new'$|^Cannot read private member|^Cannot write private member|^Receiver must be an instance of class/;

const SIM_CALLS = ['connect', 'createOrJoinLobby', 'sendLobbyMessage', 'getLobbyMessages', 'startCall', 'getVoiceSettings', 'getUserGuilds', 'sendUserMessage', 'getUserMessages', 'updateRichPresence'];

// ---------------------------------------------------------------- the fuzzer

class Fuzzer {
  constructor(options) {
    this.options = options;
    this.group = options.group;
    this.pkg = loadPackage();
    const { vocabulary, promiseMethods } = declarations();
    this.vocabulary = vocabulary;
    this.promiseMembers = promiseMethods;
    this.members = groupMembers(this.group, this.pkg);
    this.byName = new Map(this.members.map((m) => [m.name, m]));
    this.rt = this.group === 'binding' ? rawRuntime(this.pkg.binding) : undefined;
    this.stats = { cases: 0, calls: 0, returned: 0, threw: 0, promises: 0, rejected: 0, resolved: 0, settleTimeouts: 0, setupFailures: 0 };
    this.perMember = Object.fromEntries(this.members.map((m) => [m.name, 0]));
    /** Sync throws per member, judged at the end (a member may be seen to return a promise later). */
    this.syncThrows = new Map();
    this.violations = new Map();
    this.violationCount = 0;
    this.current = undefined;
    this.knownSecrets = new Set([FAKE_TOKEN, FAKE_LOBBY_SECRET, REAL_LOBBY_SECRET]);
  }

  caseArb() {
    const { members, vocabulary } = this;
    const hostileThis = valueArb(vocabulary, 1);
    const call = fc.integer({ min: 0, max: members.length - 1 }).chain((i) => {
      const member = members[i];
      return fc.record({
        m: fc.constant(member.name),
        self: fc.oneof(
          { weight: 8, arbitrary: fc.constantFrom(...(member.self ?? ['undefinedThis'])).map((v) => ({ k: 'self', v })) },
          { weight: 2, arbitrary: hostileThis },
        ),
        args: argsArb(vocabulary, member.arity),
        wait: fc.boolean(),
      });
    });
    return fc.record({
      opts: fc.record({
        latency: fc.constantFrom(0, 0, 0, 0, 5, 1000),
        advance: fc.constantFrom(0, 0, 10, 5000),
        debug: fc.boolean(),
        failNext: fc.constantFrom(undefined, undefined, undefined, ...SIM_CALLS),
      }),
      calls: fc.array(call, { minLength: 1, maxLength: 6 }),
    });
  }

  recordViolation(kind, call, detail) {
    this.violationCount++;
    // Reports never show a secret, whatever the error said.
    let what = String(detail.what);
    for (const secret of [...this.knownSecrets, this.currentToken].filter(Boolean)) what = what.replaceAll(secret, '<SECRET>').replaceAll(secret.slice(4, 20), '<SECRET-PART>');
    detail = { ...detail, what };
    const key = `${kind} | ${call.m}${detail.key ? ` | ${detail.key}` : ''}`;
    let entry = this.violations.get(key);
    if (!entry) {
      entry = { kind, member: call.m, count: 0, examples: [] };
      this.violations.set(key, entry);
    }
    entry.count++;
    if (entry.examples.length < 3) {
      entry.examples.push({
        seed: this.options.seed,
        run: this.current?.run,
        this: describe(call.self),
        args: call.args.map(describe),
        what: detail.what,
        case: this.current?.case,
      });
    }
    if (this.options.verbose) process.stderr.write(`VIOLATION ${key}: ${detail.what}\n`);
  }

  /** Oracle checks 3, 3b and 4 on a thrown or rejected value. */
  checkError(call, error, how, secrets) {
    if (isPlanted(error)) return;
    const { SocialSdkError } = this.pkg.sdk;
    const ok =
      this.group === 'binding'
        ? error instanceof Error
        : error instanceof TypeError || error instanceof RangeError || error instanceof SocialSdkError;
    if (!ok) this.recordViolation('error-class', call, { key: errorSummary(error).split(':')[0], what: `${how} ${errorSummary(error)}` });
    // 3b. Bad input gets the package's own clear error (DESIGN: "JS input is validated in TypeScript
    // with exact messages"), not one the JS engine raised from inside the package, such as "Cannot
    // read properties of null". Only for calls on the member's own object (a hostile `this` fails
    // the language's brand check, which is the engine's to report) and not on the raw binding.
    if (ok && this.group !== 'binding' && call.self.k === 'self' && error instanceof Error) {
      const message = String(error.message);
      if (ENGINE_ERRORS.test(message) && !LANGUAGE_RULES.test(message)) {
        this.recordViolation('engine-error', call, { key: message.replace(/['"`].*$/, '').slice(0, 60), what: `${how} ${errorSummary(error)}` });
      }
    }
    if (secrets.size > 0 && error !== null && (typeof error === 'object' || typeof error === 'string')) {
      let text;
      try {
        text = typeof error === 'string' ? error : `${String(error.message)}\n${util.inspect(error, { depth: 3 })}`;
      } catch {
        text = '';
      }
      const cores = [...secrets].map((secret) => [secret, secret.length >= 24 ? secret.slice(4, 20) : secret]);
      if (cores.some(([secret, core]) => text.includes(secret) || text.includes(core))) {
        let shown = typeof error === 'string' ? error : `${error.constructor?.name ?? 'Error'}: ${String(error.message)}`;
        for (const [secret, core] of cores) shown = shown.replaceAll(secret, '<SECRET>').replaceAll(core, '<SECRET-PART>');
        this.recordViolation('secret-in-error', call, { what: `${how} an error that shows a secret argument: ${shown.slice(0, 240)}` });
      }
    }
  }

  resolveThis(call, ctx) {
    if (call.self.k === 'self') return ctx.refs[call.self.v];
    return materialize(call.self, ctx, 'this');
  }

  /** Makes one call; returns a pending-promise record or undefined. */
  invoke(call, ctx) {
    const member = this.byName.get(call.m);
    // The secrets given as arguments (a token passed as `this` is no argument the API names).
    const secrets = secretsIn(call.args, ctx);
    let thisValue;
    let args;
    try {
      thisValue = this.resolveThis(call, ctx);
      args = call.args.map((d, i) => materialize(d, ctx, `arg${i}`));
    } catch (error) {
      throw new Error(`fuzz driver bug: could not build the arguments of ${call.m}: ${error.stack}`);
    }
    // A load generator, not an input check: 2^32 log lines of 1 MB is a legitimate hour of work.
    if (/emitLogs$/.test(call.m) && typeof args[1] === 'number' && args[1] > 64) args[1] = 64;
    if (/setLatency$/.test(call.m) && typeof args[0] === 'number' && args[0] > ctx.maxLatency) ctx.maxLatency = args[0];

    this.stats.calls++;
    this.perMember[call.m]++;
    let value;
    try {
      if (member.kind === 'construct') value = Reflect.construct(member.fn, args);
      else value = Reflect.apply(member.fn, thisValue, args);
    } catch (error) {
      this.stats.threw++;
      this.checkError(call, error, 'threw', secrets);
      const key = `${call.m}\u0000${call.self.k === 'self' ? 'own this' : 'hostile this'}`;
      let list = this.syncThrows.get(key);
      if (!list) this.syncThrows.set(key, (list = { count: 0, examples: [] }));
      list.count++;
      if (list.examples.length < 3) {
        list.examples.push({ seed: this.options.seed, run: this.current?.run, this: describe(call.self), args: call.args.map(describe), what: `threw synchronously: ${errorSummary(error)}`, case: this.current?.case });
      }
      return undefined;
    } finally {
      if (BINDING_REARM.has(call.m)) this.rt.arm();
    }
    this.stats.returned++;
    this.track(value, ctx);
    if (member.kind === 'method' && value && typeof value === 'object' && typeof value[Symbol.asyncIterator] === 'function' && typeof value.return === 'function') {
      ctx.iterators.push(value);
    }
    if (!isThenable(value)) return undefined;
    this.promiseMembers.add(call.m);
    this.stats.promises++;
    const record = { call, settled: false, promise: undefined };
    record.promise = Promise.resolve(value).then(
      (result) => {
        record.settled = true;
        this.stats.resolved++;
        this.track(result, ctx);
      },
      (error) => {
        record.settled = true;
        this.stats.rejected++;
        this.checkError(call, error, 'rejected with', secrets);
      },
    );
    ctx.pending.push(record);
    return record;
  }

  /** Clients and listening services a call created: closed at the end of the case so the process can exit. */
  track(value, ctx) {
    if (value instanceof this.pkg.sdk.Client) ctx.clients.push(value);
    else if (value instanceof this.pkg.binding.NativeClient) ctx.nativeClients.push(value);
    else if (value instanceof this.pkg.sdk.SimulatedService) ctx.services.push(value);
  }

  async settleWorlds(ctx) {
    for (const sim of ctx.sims) {
      if (!(await within(sim.settle(), 2000))) this.stats.settleTimeouts++;
    }
    if (ctx.worlds) {
      for (const world of ctx.worlds) {
        if (!(await within(this.rt.request((r) => world.settle(r)), 2000))) this.stats.settleTimeouts++;
      }
    }
  }

  advanceWorlds(ctx, ms) {
    for (const sim of ctx.sims) sim.advance(ms);
    for (const world of ctx.worlds ?? []) world.advance(ms);
  }

  async runCase(fcCase, run) {
    this.current = { run, case: fcCase };
    if (this.options.trace) fs.writeFileSync(this.options.trace, JSON.stringify({ group: this.group, seed: this.options.seed, run, case: fcCase }));
    this.stats.cases++;
    let ctx;
    try {
      ctx = this.group === 'binding' ? await bindingContext(this.pkg, fcCase.opts, this.rt) : await publicContext(this.pkg, fcCase.opts);
    } catch (error) {
      // Setup uses valid input only: a failure here is the package's fault.
      this.stats.setupFailures++;
      this.recordViolation('setup-failed', { m: '<setup>', self: { k: 'undefined' }, args: [] }, { what: `the world could not be built: ${errorSummary(error)}` });
      return;
    }
    ctx.pending = [];
    ctx.iterators = [];
    this.currentToken = ctx.strings.aliceToken;
    for (const call of fcCase.calls) {
      const record = this.invoke(call, ctx);
      if (record && call.wait) {
        // Let it make progress before the next call: what happens in between is fuzzed too.
        await Promise.race([record.promise, within(ctx.sims[0]?.settle(), 1000)]);
      }
    }
    await this.settleWorlds(ctx);
    if (fcCase.opts.advance) {
      try {
        this.advanceWorlds(ctx, fcCase.opts.advance);
      } catch {
        // a fuzzed call may have moved the clock to its end
      }
      await this.settleWorlds(ctx);
    }
    await this.teardown(ctx);
    if (run % 50 === 49 && global.gc) global.gc();
  }

  async teardown(ctx) {
    const closeAll = async () => {
      for (const client of ctx.clients.splice(0)) {
        if (!(await within(client.close(), 5000))) {
          this.recordViolation('close-hang', { m: 'Client#close (teardown)', self: { k: 'self', v: 'client' }, args: [] }, { what: 'close() did not settle within 5 s' });
        }
      }
      for (const native of ctx.nativeClients.splice(0)) {
        try {
          native.close();
        } catch (error) {
          this.recordViolation('teardown-close-threw', { m: 'NativeClient#close (teardown)', self: { k: 'self', v: 'nativeClient' }, args: [] }, { what: errorSummary(error) });
        }
      }
    };
    for (const iterator of ctx.iterators) {
      try {
        iterator.return().catch(() => {});
      } catch {
        // hostile iterator
      }
    }
    await closeAll();
    if (ctx.maxLatency > 0) {
      // Calls delayed by latency may still be queued in the world for the clients just closed:
      // let the clock reach them (a closed client's delayed call must find nothing freed).
      try {
        this.advanceWorlds(ctx, Math.min(ctx.maxLatency + 1, 2 * 24 * 3600 * 1000));
      } catch {
        // the clock is at its end
      }
      await this.settleWorlds(ctx);
    }
    const pending = () => ctx.pending.filter((r) => !r.settled);
    if (pending().length) await within(Promise.all(pending().map((r) => r.promise)), 300);
    // Calls delayed by latency wait for the clock: move it well past any latency set, in steps.
    for (let round = 0; round < 3 && pending().length; round++) {
      try {
        this.advanceWorlds(ctx, 2 * 24 * 3600 * 1000);
      } catch {
        // the clock is at its end
      }
      await this.settleWorlds(ctx);
      await within(Promise.all(pending().map((r) => r.promise)), 300);
      await closeAll(); // a connectClient() that completed meanwhile
    }
    if (pending().length) {
      // Last resort before calling it a hang: close every native client of the process.
      this.pkg.binding.closeAll();
      await within(Promise.all(pending().map((r) => r.promise)), 2000);
      await closeAll();
    }
    // A connectClient() that completed while the clock moved (its promise is settled, so the rounds
    // above did not run) left a connected client: a connected client keeps the process alive.
    await closeAll();
    // A listening service keeps the process alive too.
    for (const service of (ctx.services ?? []).splice(0)) {
      if (!(await within(service.close(), 5000))) {
        this.recordViolation('close-hang', { m: 'SimulatedService#close (teardown)', self: { k: 'self', v: 'service' }, args: [] }, { what: 'close() did not settle within 5 s' });
      }
    }
    for (const record of pending()) {
      if (ctx.maxLatency > 6 * 24 * 3600 * 1000) continue; // still waiting for a clock it was told to wait for
      this.recordViolation('never-settled', record.call, { what: 'the promise never settled, though every client was closed and the clock advanced past the latency' });
    }
    if (this.rt) this.rt.arm();
  }

  async run() {
    const started = Date.now();
    const unhandled = (kind) => (reason) => {
      const call = this.current?.case.calls.at(-1) ?? { m: '<unknown>', self: { k: 'undefined' }, args: [] };
      this.recordViolation(kind, { ...call, m: `${call.m} (or an earlier call of the case)` }, { what: errorSummary(reason) });
    };
    process.on('unhandledRejection', unhandled('unhandled-rejection'));
    process.on('uncaughtException', unhandled('uncaught-exception'));

    if (this.options.replay) {
      const replay = JSON.parse(fs.readFileSync(this.options.replay, 'utf8'));
      await this.runCase(replay.case ?? replay, replay.run ?? 0);
    } else {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(this.caseArb(), async (fcCase) => {
          await this.runCase(fcCase, run++);
          return true;
        }),
        { seed: this.options.seed, numRuns: this.options.runs, endOnFailure: true },
      );
    }
    // Oracle 2, judged now that every member's kind is known.
    for (const [key, list] of this.syncThrows) {
      const [name, thisKind] = key.split('\u0000');
      if (!this.promiseMembers.has(name)) continue;
      const kind = thisKind === 'own this' ? 'sync-throw' : 'sync-throw (hostile this)';
      this.violations.set(`${kind} | ${name}`, { kind, member: name, count: list.count, examples: list.examples });
      this.violationCount += list.count;
    }
    if (this.rt) this.pkg.binding.setKeepAlive(false);
    const summary = {
      group: this.group,
      seed: this.options.seed,
      runs: this.options.runs,
      wallMs: Date.now() - started,
      ...this.stats,
      members: this.members.length,
      membersNeverCalled: Object.entries(this.perMember).filter(([, n]) => n === 0).map(([name]) => name),
      violations: this.violationCount,
      distinctViolations: this.violations.size,
      findings: [...this.violations.values()].sort((a, b) => a.member.localeCompare(b.member) || a.kind.localeCompare(b.kind)),
    };
    process.stdout.write(`FUZZ-SUMMARY ${JSON.stringify(summary)}\n`);
  }
}

if (require.main === module) {
  const options = parseArgs(process.argv.slice(2));
  new Fuzzer(options).run().catch((error) => {
    process.stderr.write(`fuzz driver failed: ${error && error.stack}\n`);
    process.exitCode = 1;
  });
}

module.exports = { Fuzzer, parseArgs };
