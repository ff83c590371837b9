#!/usr/bin/env node
'use strict'
// prebuildify 6 can only drive node-gyp (its --backend flag does not exist and is silently
// ignored). It spawns `<node-gyp> rebuild --target=<node version> --devdir=<dir> --arch=<arch>
// --release|--debug`. This shim translates that into a cmake-js call, so
//   prebuildify --napi --strip --node-gyp ./scripts/cmake-js-as-node-gyp.cjs
// builds with cmake-js. (`--node-gyp cmake-js` alone fails: cmake-js reads --target as a CMake
// build target.) prebuildify spawns this file directly, without a shell: keep it executable.
const { spawnSync } = require('child_process')

const args = ['rebuild']
for (const arg of process.argv.slice(2)) {
  const [flag, value] = arg.split(/=(.*)/s)
  if (arg === 'rebuild' || arg === '--release') continue // rebuild: added above; Release is the default
  else if (flag === '--target') args.push(`--runtime-version=${value}`) // N-API builds ignore it
  else if (flag === '--arch' || flag === '--runtime' || arg === '--debug') args.push(arg)
  else if (flag === '--devdir') continue // node-gyp's header cache; cmake-js uses node-api-headers
  else console.warn(`cmake-js-as-node-gyp: ignoring ${arg}`)
}

const cmakeJs = require.resolve('cmake-js/bin/cmake-js')
console.log(`cmake-js-as-node-gyp: cmake-js ${args.join(' ')}`)
const r = spawnSync(process.execPath, [cmakeJs, ...args], { stdio: 'inherit' })
if (r.error) throw r.error
process.exit(r.status ?? 1)
