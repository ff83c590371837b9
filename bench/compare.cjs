#!/usr/bin/env node
// Compares `npm run bench` results of two builds, row by row: the median of each side's runs and
// their ratio, for an A/B check of a change (take the runs alternately, A B A B ..., on a quiet
// machine, so drift hits both sides alike).
//
//   node bench/compare.cjs before-1.json before-2.json before-3.json -- after-1.json after-2.json after-3.json
//
// The rows are the figures printed beside their targets (bench/results/latest.json `targets`). A
// row's change is after/before; "better" follows the row's target (<= or >=).
'use strict';
const fs = require('node:fs');

function rowsOf(file) {
  const result = JSON.parse(fs.readFileSync(file, 'utf8'));
  const rows = new Map();
  for (const { figure, value, target } of result.targets ?? []) rows.set(figure, { value, lowerIsBetter: target.startsWith('<=') });
  return rows;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function main() {
  const split = process.argv.indexOf('--');
  const before = process.argv.slice(2, split);
  const after = process.argv.slice(split + 1);
  if (split < 0 || before.length === 0 || after.length === 0) {
    console.error('usage: node bench/compare.cjs <before.json ...> -- <after.json ...>');
    process.exit(2);
  }
  const [beforeRuns, afterRuns] = [before.map(rowsOf), after.map(rowsOf)];
  const figures = [...beforeRuns[0].keys()].filter((figure) => afterRuns.every((rows) => rows.has(figure)));
  const width = Math.max(...figures.map((f) => f.length));
  console.log(`${'row'.padEnd(width)}  ${'before'.padStart(10)}  ${'after'.padStart(10)}  change`);
  for (const figure of figures) {
    const b = median(beforeRuns.filter((rows) => rows.has(figure)).map((rows) => rows.get(figure).value));
    const a = median(afterRuns.map((rows) => rows.get(figure).value));
    const change = b === 0 ? Number.NaN : a / b;
    const better = afterRuns[0].get(figure).lowerIsBetter ? change <= 1 : change >= 1;
    const percent = `${change >= 1 ? '+' : ''}${((change - 1) * 100).toFixed(1)}%`;
    console.log(`${figure.padEnd(width)}  ${b.toPrecision(4).padStart(10)}  ${a.toPrecision(4).padStart(10)}  ${percent} ${better ? '(better or equal)' : '(worse)'}`);
  }
}

main();
