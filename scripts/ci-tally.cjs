#!/usr/bin/env node
'use strict'
// Final tally for .ci/run. Prints a per-step summary, then exactly one last line "N passed, N failed".
//   - every .ci/out/*.json is a vitest JSON report: numPassedTests / numFailedTests are added up;
//     an unparsable report counts as 1 failed;
//   - .ci/out/steps.tsv (written by .ci/run, one line per step: kind, name, pass|fail, seconds,
//     report) adds each non-test step (install, builds, typecheck, prebuild check) as 1 passed or
//     1 failed. A test step whose report is missing counts as 1 failed; so does a failed test step
//     whose report shows no failed test (crash, file that failed to load, sanitizer abort...).
// Exit code: 0 if nothing failed, 1 otherwise.
const fs = require('fs')
const path = require('path')

const outDir = path.resolve(process.argv[2] || path.join(__dirname, '..', '.ci', 'out'))
let passed = 0
let failed = 0
const lines = []

const reports = new Map() // file name -> {passed, failed} | null (unparsable)
for (const file of fs.existsSync(outDir) ? fs.readdirSync(outDir).sort() : []) {
  if (!file.endsWith('.json')) continue
  try {
    const r = JSON.parse(fs.readFileSync(path.join(outDir, file), 'utf8'))
    if (!Number.isInteger(r.numPassedTests) || !Number.isInteger(r.numFailedTests)) throw new Error('no test counts')
    // The failed tests by name, with the first line of their message: the summary is the tail of
    // the log a CI record keeps, so a failure must be identifiable from it alone.
    const failures = []
    for (const suite of r.testResults || []) {
      for (const t of suite.assertionResults || []) {
        if (t.status !== 'failed') continue
        const first = String((t.failureMessages || [])[0] || '').split('\n')[0].slice(0, 200)
        failures.push(`${path.basename(String(suite.name || ''))} > ${t.fullName || t.title}: ${first}`)
      }
      if (suite.status === 'failed' && !(suite.assertionResults || []).length) {
        failures.push(`${path.basename(String(suite.name || ''))}: ${String(suite.message || 'failed to run').split('\n')[0].slice(0, 200)}`)
      }
    }
    reports.set(file, { passed: r.numPassedTests, failed: r.numFailedTests, failures })
  } catch {
    reports.set(file, null)
  }
}

const stepsFile = path.join(outDir, 'steps.tsv')
const steps = fs.existsSync(stepsFile)
  ? fs.readFileSync(stepsFile, 'utf8').split('\n').filter(Boolean).map((l) => l.split('\t'))
  : []
if (!steps.length) {
  failed += 1
  lines.push(`  FAIL  (no steps recorded in ${stepsFile})`)
}

const seen = new Set()
for (const [kind, name, status, seconds, report] of steps) {
  const time = `${seconds}s`.padStart(8)
  if (kind !== 'test') {
    if (status === 'pass') passed += 1
    else failed += 1
    lines.push(`  ${status === 'pass' ? 'ok  ' : 'FAIL'}  ${time}  ${name}`)
    continue
  }
  seen.add(report)
  const r = reports.get(report)
  let note
  if (r === undefined) {
    failed += 1
    note = `no report ${report}: counted as 1 failed`
  } else if (r === null) {
    failed += 1
    note = `unparsable report ${report}: counted as 1 failed`
  } else {
    passed += r.passed
    failed += r.failed
    note = `${r.passed} passed, ${r.failed} failed`
    if (status !== 'pass' && r.failed === 0) {
      failed += 1
      note += '; the run itself failed: counted as 1 more failed'
    }
  }
  lines.push(`  ${status === 'pass' ? 'ok  ' : 'FAIL'}  ${time}  ${name} (${note})`)
  for (const f of (r && r.failures) || []) lines.push(`          failed: ${f}`)
}
// Reports that no step claimed still count.
for (const [file, r] of reports) {
  if (seen.has(file)) continue
  if (r) { passed += r.passed; failed += r.failed } else failed += 1
  lines.push(`  ${r && !r.failed ? 'ok  ' : 'FAIL'}            ${file} (${r ? `${r.passed} passed, ${r.failed} failed` : 'unparsable: counted as 1 failed'})`)
}

// What the hang watchdog (test/reporters/hang-watchdog.ts) and the step deadline
// (scripts/ci-deadline.cjs) caught: their first line names the file or step, so the tail says it.
for (const file of fs.existsSync(outDir) ? fs.readdirSync(outDir).sort() : []) {
  if (!/^(hang|deadline)-\d+\.txt$/.test(file)) continue
  const head = fs.readFileSync(path.join(outDir, file), 'utf8').split('\n').slice(0, 2).join(' / ')
  lines.push(`  HUNG  ${head.slice(0, 300)} (stacks: ${file})`)
}

console.log('Summary:')
for (const l of lines) console.log(l)
console.log(`${passed} passed, ${failed} failed`)
process.exitCode = failed ? 1 : 0
