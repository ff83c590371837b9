import { describe, expect, it } from 'vitest';

import { runFixture, world } from './helpers.js';

interface Counts {
  calls: number;
  logs: number;
  maxBatch: number;
}

async function flood(mode: 'batch' | 'per-event', total: number): Promise<Counts> {
  const result = await runFixture('pump-batching.cjs', [mode, String(total)]);
  expect(result.signal).toBeNull();
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}') as Counts;
}

describe('the pump hands events to JS in batches', () => {
  it('delivers every event with far fewer JS calls than events, at most 1024 per call', async () => {
    const counts = await flood('batch', 50_000);
    expect(counts.logs).toBe(50_000);
    // 50,000 log events plus a handful of status/result events, in batches of up to 1024.
    expect(counts.calls).toBeGreaterThanOrEqual(Math.ceil(50_000 / 1024));
    expect(counts.calls).toBeLessThan(50_000 / 10);
    expect(counts.maxBatch).toBeLessThanOrEqual(1024);
    expect(counts.maxBatch).toBeGreaterThan(1);
  });

  it('makes one JS call per event in the per-event baseline mode', async () => {
    const counts = await flood('per-event', 5_000);
    expect(counts.logs).toBe(5_000);
    expect(counts.maxBatch).toBe(1);
    expect(counts.calls).toBeGreaterThanOrEqual(5_000);
  });
});

describe('the batch layout', () => {
  it('hands each batch as (ints, ...payloads): one argument per event, in order, in batches', async () => {
    const total = 5000;
    const result = await runFixture('pump-arguments.cjs', [String(total)]);
    expect({ code: result.code, signal: result.signal }, result.stderr).toEqual({ code: 0, signal: null });
    const report = JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}') as {
      calls: number;
      logs: number;
      maxBatch: number;
      argumentsMatchEvents: boolean;
      linesInOrder: boolean;
      statusPayloads: string[];
    };
    expect(report.logs).toBe(total);
    expect(report.argumentsMatchEvents).toBe(true);
    expect(report.linesInOrder).toBe(true);
    // Events without a payload still take their argument position, as undefined.
    expect(report.statusPayloads.length).toBeGreaterThanOrEqual(3);
    expect(new Set(report.statusPayloads)).toEqual(new Set(['undefined']));
    expect(report.maxBatch).toBeGreaterThan(1);
    expect(report.maxBatch).toBeLessThanOrEqual(1024);
    expect(report.calls).toBeLessThan(total / 10);
  });
});

describe('a message factory that throws (the raw binding accepts any function)', () => {
  it('surfaces as an uncaught exception, drops only that batch, and the pump keeps delivering', async () => {
    const result = await runFixture('pump-factory-throws.cjs', [], { timeoutMs: 15_000 });
    const output = `\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}`;
    expect({ code: result.code, signal: result.signal }, output).toEqual({ code: 0, signal: null });
    const lines = result.stdout.trim().split('\n');
    expect(lines.at(-1), output).toBe('DONE');
    const report = JSON.parse(lines.at(-2)!) as { uncaught: string[]; contents: string[] };
    expect(report.uncaught).toEqual(['factory bug']);
    expect(report.contents).toEqual(['second']);
    expect(result.stderr).not.toMatch(/DeprecationWarning|uncaught-exceptions-policy/);
  });
});

describe('a dispatcher that throws', () => {
  it('surfaces as an uncaught exception (no deprecation warning), and later events still arrive', async () => {
    const result = await runFixture('pump-dispatcher-throws.cjs');
    const output = `\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}`;
    expect({ code: result.code, signal: result.signal }, output).toEqual({ code: 0, signal: null });
    const lines = result.stdout.trim().split('\n');
    expect(lines.at(-1), output).toBe('DONE');
    const report = JSON.parse(lines.at(-2)!) as { uncaught: string[]; statuses: number };
    expect(report.uncaught).toEqual(['dispatcher bug']);
    // connecting, connected and ready: all of them, although the first batch's call threw.
    expect(report.statuses).toBe(3);
    expect(result.stderr).not.toMatch(/DeprecationWarning|uncaught-exceptions-policy/);
  });
});

describe('a batch delivered from inside a dispatch', () => {
  it('leaves the numeric fields of the batch being read as they were', async () => {
    const result = await runFixture('pump-nested-drain.cjs', []);
    expect({ code: result.code, signal: result.signal }, result.stderr).toEqual({ code: 0, signal: null });
    const report = JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}') as { outerIntact: boolean; warnings: number; nestedErrors: number };
    // The nested drain delivered the error lines queued meanwhile, and the outer batch still read
    // as warnings: its fields were not overwritten by the nested batch's.
    expect(report).toEqual({ outerIntact: true, warnings: 1024, nestedErrors: 2048 });
  });
});

describe('a flood yields to the event loop (issue 33, item 12)', () => {
  it('a timer and an immediate set mid-flood run long before a slow listener has had every event, and every event still arrives', async () => {
    const { sim, user, grant, app } = world();
    const client = sim.createClient({ logLevel: 'verbose', applicationId: app.id });
    await client.updateToken(grant.accessToken);
    await client.connect();
    const total = 20_000;
    let resolve: () => void = () => {};
    const done = new Promise<void>((settle) => (resolve = settle));
    let seen = 0;
    let timerAt = -1;
    let immediateAt = -1;
    client.on('log', (entry) => {
      if (entry.message !== 'flood') return;
      seen++;
      // A listener that spends about 50 µs on each event (a UI update, a write).
      const until = process.hrtime.bigint() + 50_000n;
      while (process.hrtime.bigint() < until);
      if (seen === 2_000) {
        setTimeout(() => (timerAt = seen), 0);
        setImmediate(() => (immediateAt = seen));
      }
      if (seen === total) resolve();
    });
    // One flood: the simulator posts its lines in runs of 16 per callback.
    sim.emitLogs(user, total, { message: 'flood' });
    await done;
    expect(seen).toBe(total);
    // Before turns had a time budget, one turn ran every queued callback (up to 8,192, each a run
    // of up to 16 lines): both ran only after the whole flood.
    expect(immediateAt).toBeGreaterThan(0);
    expect(immediateAt).toBeLessThan(total);
    expect(timerAt).toBeGreaterThan(0);
    expect(timerAt).toBeLessThan(total);
    await client.close();
  });
});
