#!/usr/bin/env node
'use strict'
// A CI step with a deadline: node scripts/ci-deadline.cjs <seconds> <command> [args...]
// Runs the command in a process group of its own with the same stdio. Past the deadline it saves
// the native stacks of every node process in the group (scripts/process-stacks.cjs) to
// $SOCIAL_SDK_HANG_DIR/deadline-<pid>.txt, prints which processes were there with their main
// threads' frames, kills the group and exits 124 (as coreutils' timeout does). Otherwise it exits
// with the command's code. The hang watchdog reporter catches a hung test file from inside vitest;
// this catches what it cannot see: vitest itself, npm, or a step that is not a test run.
const { spawn } = require('child_process')
const fs = require('fs')
const path = require('path')
const { hangDir, nodeDescendants, stacksOf, mainThreadFrames } = require('./process-stacks.cjs')

const [limitText, command, ...args] = process.argv.slice(2)
const limitS = Number(limitText)
if (!(limitS > 0) || !command) {
  console.error('usage: node scripts/ci-deadline.cjs <seconds> <command> [args...]')
  process.exit(2)
}
const dir = hangDir()

const child = spawn(command, args, { stdio: 'inherit', detached: true })
let expired = false
const timer = setTimeout(() => {
  expired = true
  const lines = [`deadline: "${[command, ...args].join(' ')}" still running after ${limitS} s`]
  fs.mkdirSync(dir, { recursive: true })
  for (const { pid, args: commandLine } of nodeDescendants(child.pid, true)) {
    const found = stacksOf(pid)
    const saved = path.join(dir, `deadline-${pid}.txt`)
    fs.writeFileSync(saved, `${lines[0]}\n${pid} ${commandLine}\n\n${found}`)
    lines.push(`  ${pid} ${commandLine.slice(0, 160)}`, `    stacks in ${saved}; its main thread:`, ...mainThreadFrames(found, 8).map((l) => `      ${l}`))
  }
  console.error(`\n${lines.join('\n')}\n`)
  try {
    process.kill(-child.pid, 'SIGKILL')
  } catch {
    // the group is gone already
  }
}, limitS * 1000)

// Ctrl-C or CI's own stop reaches this process: pass it on to the group.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    try {
      process.kill(-child.pid, signal)
    } catch {
      // gone
    }
  })
}

child.on('error', (error) => {
  clearTimeout(timer)
  console.error(`ci-deadline: ${command}: ${error.message}`)
  process.exit(127)
})
child.on('exit', (code, signal) => {
  clearTimeout(timer)
  if (expired) process.exit(124)
  process.exit(code ?? (signal ? 128 : 1))
})
