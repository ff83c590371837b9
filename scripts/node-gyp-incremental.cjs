#!/usr/bin/env node
'use strict'
// For CI's prebuild check: prebuildify spawns `<node-gyp> rebuild --target=... --devdir=...
// --arch=... --release`, and `rebuild` throws away build/ first. CI has just built and tested the
// same sources with node-gyp (npm ci's install script), so this shim runs `configure` and `build`
// with the same flags instead: make recompiles only what changed since then (a source, a header or
// a compiler flag; gyp's Makefiles record each object's command line), and the prebuild is still
// made by node-gyp from the current sources. Releases keep the clean path (`npm run prebuildify`).
//   PREBUILD_NODE_GYP=scripts/node-gyp-incremental.cjs npm run prebuildify
// prebuildify spawns this file directly, without a shell: keep it executable.
const { spawnSync } = require('child_process')

const args = process.argv.slice(2)
const i = args.indexOf('rebuild')
if (i === -1) {
  console.error(`node-gyp-incremental: expected a rebuild, got: ${args.join(' ')}`)
  process.exit(2)
}
const flags = args.filter((_, j) => j !== i)
const nodeGyp = require.resolve('node-gyp/bin/node-gyp.js')
for (const command of ['configure', 'build']) {
  console.log(`node-gyp-incremental: node-gyp ${command} ${flags.join(' ')}`)
  const r = spawnSync(process.execPath, [nodeGyp, command, ...flags], { stdio: 'inherit' })
  if (r.error) throw r.error
  if (r.status !== 0) process.exit(r.status ?? 1)
}
