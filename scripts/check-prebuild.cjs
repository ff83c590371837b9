#!/usr/bin/env node
'use strict'
// Checks that the prebuild made by `npm run prebuildify` loads on its own:
//   rm -rf build && node scripts/check-prebuild.cjs
// node-gyp-build prefers build/Release and build/Debug over prebuilds/, so a stale build/ would hide
// a broken prebuild. This script moves nothing itself: it refuses to run while build/ exists, and
// also sets PREBUILDS_ONLY=1 (node-gyp-build reads it when it is first required, so set it first).
const fs = require('fs')
const os = require('os')
const path = require('path')

const root = path.resolve(__dirname, '..')
const fail = (msg) => {
  console.error(`check-prebuild: FAIL: ${msg}`)
  process.exit(1)
}

if (fs.existsSync(path.join(root, 'build'))) {
  fail(`${path.join(root, 'build')} exists; run \`rm -rf build\` first so only prebuilds/ can be loaded`)
}

process.env.PREBUILDS_ONLY = '1'
const nodeGypBuild = require('node-gyp-build')

let resolved
let addon
try {
  resolved = nodeGypBuild.resolve(root)
  addon = nodeGypBuild(root)
} catch (err) {
  fail(`no prebuild could be loaded: ${String(err.message || err).trim()}`)
}
console.log(`check-prebuild: resolved ${resolved}`)

const expectedDir = path.join(root, 'prebuilds', `${os.platform()}-${os.arch()}`)
if (path.dirname(resolved) !== expectedDir) {
  fail(`loaded ${resolved}, which is not under ${expectedDir}`)
}
if (typeof addon?.noop !== 'function') {
  fail(`${resolved} does not export a function named noop (exports: ${Object.keys(addon ?? {}).join(', ') || 'none'})`)
}
console.log(`check-prebuild: OK: ${path.relative(root, resolved)} loaded and exports noop()`)
