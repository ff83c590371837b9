'use strict'
// The native stacks of hung processes, for CI's hang watchdog (test/reporters/hang-watchdog.ts)
// and step deadline (scripts/ci-deadline.cjs): which node processes descend from a process, and
// every thread's stack of one of them through gdb (when it is installed). Linux only (/proc).
const { execFileSync } = require('child_process')
const fs = require('fs')
const path = require('path')

/** Where hung processes' stacks (and the forks' notes of their test) go: SOCIAL_SDK_HANG_DIR, default .ci/out. */
function hangDir() {
  return process.env.SOCIAL_SDK_HANG_DIR || path.join('.ci', 'out')
}

/** How long a test file may run before the watchdog calls it hung (SOCIAL_SDK_FILE_LIMIT_S; 0: no watchdog). */
function fileLimitMs() {
  return (Number(process.env.SOCIAL_SDK_FILE_LIMIT_S) || 0) * 1000
}

/** Clock ticks per second of /proc/<pid>/stat's start time (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100

/**
 * Whether process `pid` runs node: by its executable, not its name (Node 24 names its main thread,
 * and so the process, "MainThread").
 */
function isNode(pid, argv0) {
  let exe = argv0 || ''
  try {
    exe = fs.readlinkSync(`/proc/${pid}/exe`)
  } catch {
    // not ours to read: the command line's first word
  }
  return /^node(\d+)?$/.test(path.basename(exe))
}

/** The node processes descending from `root` (and `root` itself when `withRoot`): pid, start time (ticks since boot) and command line. */
function nodeDescendants(root, withRoot = false) {
  const children = new Map()
  const info = new Map()
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      // pid (comm) state ppid ...: comm may hold spaces, so the fields are split after its ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const pid = Number(entry)
      const ppid = Number(fields[1])
      const argv = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0')
      info.set(pid, { pid, startTicks: Number(fields[19]), isNode: isNode(entry, argv[0]), args: argv.join(' ').trim() })
      children.set(ppid, [...(children.get(ppid) || []), pid])
    } catch {
      // the process ended while it was read
    }
  }
  const found = []
  const visit = (pid) => {
    for (const child of children.get(pid) || []) {
      const process = info.get(child)
      if (process && process.isNode) found.push(process)
      visit(child)
    }
  }
  const self = info.get(root)
  if (withRoot && self && self.isNode) found.push(self)
  visit(root)
  return found
}

/** Now, in the ticks since boot that start times are counted in. */
function ticksSinceBoot() {
  return Math.floor(Number(fs.readFileSync('/proc/uptime', 'utf8').split(' ')[0]) * TICKS_PER_SECOND)
}

/** Every thread's stack of `pid` (gdb's "thread apply all bt"), or why there is none. */
function stacksOf(pid) {
  // An LD_PRELOAD (the ASan run's) is for node, not for gdb.
  const env = { ...process.env }
  delete env.LD_PRELOAD
  try {
    return execFileSync('gdb', ['-p', String(pid), '-batch', '-ex', 'thread apply all bt 40'], {
      encoding: 'utf8',
      env,
      timeout: 60_000,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
  } catch (error) {
    return `no stacks for ${pid}: ${error.message}`
  }
}

/** The first `count` frames of the main thread (gdb's "Thread 1") in `stacks`, one per line. */
function mainThreadFrames(stacks, count = 15) {
  const main = /Thread 1 [^\n]*\n((?:#[^\n]*\n?)+)/.exec(stacks)
  if (!main) return ['(no main-thread stack)']
  return main[1].trimEnd().split('\n').slice(0, count).map((line) => line.slice(0, 200))
}

module.exports = { hangDir, fileLimitMs, nodeDescendants, ticksSinceBoot, stacksOf, mainThreadFrames, TICKS_PER_SECOND }
