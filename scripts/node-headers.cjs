#!/usr/bin/env node
'use strict'
// Offline Node headers for node-gyp (and prebuildify, which runs node-gyp).
//   node scripts/node-headers.cjs <command> [args...]   run the command with npm_config_nodedir set
//   node scripts/node-headers.cjs --print               print the nodedir it would use (or nothing)
//
// node-gyp only compiles offline when it is given a nodedir (`--nodedir` or npm_config_nodedir);
// otherwise it downloads headers from nodejs.org, and prebuildify --napi even asks for the newest
// Node's headers. npm exports npm_config_nodedir to scripts only when an .npmrc sets `nodedir`, and
// npm 11 already warns that it will stop passing such unknown keys. A project .npmrc with
// nodedir=/usr would be wrong wherever Node lives elsewhere (nvm, Homebrew, Windows), so instead:
// if npm_config_nodedir is unset, use the running Node's own install prefix when it holds the
// headers of this exact Node version (what node-gyp itself does for distro builds that set
// use_prefix_to_find_headers). Otherwise change nothing: node-gyp behaves as usual.
const fs = require('fs')
const path = require('path')
const { spawnSync } = require('child_process')

function localNodedir () {
  const prefix = path.resolve(path.dirname(process.execPath), '..')
  const inc = path.join(prefix, 'include', 'node')
  try {
    if (!fs.existsSync(path.join(inc, 'node_api.h')) || !fs.existsSync(path.join(inc, 'common.gypi'))) return
    const h = fs.readFileSync(path.join(inc, 'node_version.h'), 'utf8')
    const v = ['MAJOR', 'MINOR', 'PATCH'].map((p) => h.match(new RegExp(`#define NODE_${p}_VERSION (\\d+)`))[1])
    if (`v${v.join('.')}` === process.version) return prefix
  } catch {}
}

module.exports = { localNodedir }
if (require.main !== module) return

const nodedir = process.env.npm_config_nodedir || localNodedir()
const [cmd, ...args] = process.argv.slice(2)
if (!cmd || cmd === '--print') {
  if (nodedir) console.log(nodedir)
  process.exit(0)
}
const env = nodedir ? { ...process.env, npm_config_nodedir: nodedir } : process.env
const r = spawnSync(cmd, args, { stdio: 'inherit', env, shell: process.platform === 'win32' })
if (r.error) throw r.error
process.exit(r.status ?? 1)
