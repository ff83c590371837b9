#!/usr/bin/env node
'use strict'
// `npm pack` / `npm publish` (prepack): puts the host's N-API prebuild into prebuilds/ so that the
// tarball installs without a compiler here. Prebuilds of other platforms already in prebuilds/ (the
// release workflow downloads them there, see .github/workflows/release.yml) are shipped as they are.
//
//   prebuilds/<platform>-<arch>/social-sdk-node.node          macOS, Windows
//   prebuilds/linux-<arch>/social-sdk-node.{glibc,musl}.node  Linux, tagged with its C library, so a
//                                                             glibc build is never loaded on musl
//
// A host prebuild newer than every native input (native/**, binding.gyp, node-addon-api) is reused,
// e.g. the one `npm run prebuildify` made (an untagged Linux one is tagged with the host's libc);
// otherwise prebuildify builds it (node-gyp, stripped). SOCIAL_SDK_PREBUILD_FRESH=1 forces a build.
// The result is loaded in a child process before packing. A package never contains the vendor SDK
// library: packing fails when SOCIAL_SDK_DIR is set or prebuilds/ holds a copy of it.
const fs = require('fs')
const path = require('path')
const { spawnSync } = require('child_process')
const { localNodedir } = require('./node-headers.cjs')

const root = path.resolve(__dirname, '..')
const pkg = require(path.join(root, 'package.json'))
const name = pkg.name
const tuple = `${process.platform}-${process.arch}`
const hostDir = path.join(root, 'prebuilds', tuple)
const linux = process.platform === 'linux'
const libc = linux ? hostLibc() : null

function fail (message) {
  console.error(`prepack: ${message}`)
  process.exit(1)
}

function hostLibc () {
  if (process.env.LIBC) return process.env.LIBC
  const report = process.report && process.report.getReport()
  return report && report.header && report.header.glibcVersionRuntime ? 'glibc' : 'musl'
}

function newestInput () {
  let newest = 0
  const visit = (file) => {
    const stat = fs.statSync(file)
    if (stat.isDirectory()) for (const entry of fs.readdirSync(file)) visit(path.join(file, entry))
    else newest = Math.max(newest, stat.mtimeMs)
  }
  visit(path.join(root, 'native'))
  visit(path.join(root, 'binding.gyp'))
  visit(require.resolve('node-addon-api/package.json', { paths: [root] }))
  return newest
}

if (process.env.SOCIAL_SDK_DIR) {
  fail('SOCIAL_SDK_DIR is set: a package must not contain a build against the vendor SDK (nor its library). Unset it and pack again.')
}

const wanted = path.join(hostDir, linux ? `${name}.${libc}.node` : `${name}.node`)
const untagged = path.join(hostDir, `${name}.node`)
const inputs = newestInput()
const fresh = (file) => fs.existsSync(file) && fs.statSync(file).mtimeMs >= inputs
const force = process.env.SOCIAL_SDK_PREBUILD_FRESH === '1'

if (!force && fresh(wanted)) {
  console.log(`prepack: reusing ${path.relative(root, wanted)} (newer than the native sources)`)
} else if (!force && linux && fresh(untagged)) {
  fs.renameSync(untagged, wanted)
  console.log(`prepack: tagged ${path.relative(root, untagged)} as ${path.basename(wanted)} (built on this ${libc} host)`)
} else {
  fs.rmSync(hostDir, { recursive: true, force: true })
  const prebuildify = require.resolve('prebuildify/bin.js', { paths: [root] })
  const args = [prebuildify, '--napi', '--strip', ...(linux ? ['--tag-libc'] : [])]
  const nodedir = process.env.npm_config_nodedir || localNodedir()
  const env = nodedir ? { ...process.env, npm_config_nodedir: nodedir } : process.env
  console.log(`prepack: building the ${tuple} prebuild: prebuildify ${args.slice(1).join(' ')}`)
  const started = Date.now()
  const run = spawnSync(process.execPath, args, { cwd: root, env, stdio: 'inherit' })
  if (run.status !== 0) fail(`prebuildify failed (exit ${run.status}${run.signal ? `, ${run.signal}` : ''})`)
  if (!fs.existsSync(wanted)) fail(`prebuildify did not write ${path.relative(root, wanted)}`)
  console.log(`prepack: built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}
// An untagged Linux binary would also match musl hosts; only tagged ones ship.
if (linux) fs.rmSync(untagged, { force: true })

// The vendor library is licensed to each developer; it is never redistributed in this package.
const vendorCopies = []
const scan = (dir) => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) scan(file)
    else if (/discord_partner_sdk/i.test(entry.name)) vendorCopies.push(path.relative(root, file))
  }
}
scan(path.join(root, 'prebuilds'))
if (vendorCopies.length) fail(`prebuilds/ holds the vendor SDK library (${vendorCopies.join(', ')}); remove it (rm -rf prebuilds) and pack again.`)

// The prebuild must load on its own (a fresh process, nothing else on the search path).
const probe = spawnSync(process.execPath, ['-e', `const a = require(${JSON.stringify(wanted)}); a.noop(); if (!a.backends.includes('sim')) throw new Error('no sim backend'); if (a.backends.includes('vendor')) throw new Error('built with the vendor backend')`], { encoding: 'utf8' })
if (probe.status !== 0) fail(`${path.relative(root, wanted)} does not load: ${probe.stderr.trim().split('\n').slice(0, 5).join(' | ')}`)

const shipped = fs.readdirSync(path.join(root, 'prebuilds')).flatMap((dir) =>
  fs.readdirSync(path.join(root, 'prebuilds', dir)).map((file) => `${dir}/${file} (${Math.round(fs.statSync(path.join(root, 'prebuilds', dir, file)).size / 1024)} KiB)`),
)
console.log(`prepack: prebuilds: ${shipped.join(', ')}`)
