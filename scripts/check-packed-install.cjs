#!/usr/bin/env node
'use strict'
// The package as a user gets it (a CI step of .ci/run; runs from a fresh clone after `npm ci`):
//   1. `npm pack` (prepack puts the host's prebuild in; see scripts/prepack.cjs);
//   2. installs the tarball into an empty project with no compiler reachable: PATH holds only
//      node, npm and sh; CC and CXX point nowhere; npm_config_build_from_source is unset. Nothing may
//      be compiled; a simulated client connects through require() and through import, and both
//      Electron entries and the REST entry load; the consumer type fixtures type-check against the installed package;
//   3. the same tarball without prebuilds/ (a platform without a prebuild): the install must fail
//      with the short message of scripts/install.cjs, which is printed here as a user sees it.
// Prints the tarball size and the install times. Options:
//   --source-build  also time an install of the tarball without prebuilds/ with the toolchain
//                   available (a full compile; slow, so not part of CI)
//   --keep          keep the temporary directory
const fs = require('fs')
const os = require('os')
const path = require('path')
const { spawnSync } = require('child_process')
const { probeToolchain, which } = require('./install.cjs')

const root = path.resolve(__dirname, '..')
const args = new Set(process.argv.slice(2))
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'social-sdk-packed-'))
const results = []
let failed = false

function check (ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`)
  if (!ok) failed = true
  return ok
}

function run (command, argv, options = {}) {
  const started = Date.now()
  const result = spawnSync(command, argv, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 600_000, ...options })
  const seconds = (Date.now() - started) / 1000
  if (result.error) throw result.error
  return { ...result, seconds, output: `${result.stdout || ''}${result.stderr || ''}` }
}

function indent (text) {
  return text.trim().split('\n').map((line) => `    | ${line}`).join('\n')
}

// A user's environment without a toolchain: only node, npm and a shell on PATH.
function noCompilerEnv () {
  const bin = path.join(tmp, 'bin')
  fs.mkdirSync(bin)
  fs.symlinkSync(process.execPath, path.join(bin, 'node'))
  const npmReal = fs.realpathSync(which('npm'))
  const npmCli = npmReal.endsWith('.js') ? npmReal : path.join(path.dirname(npmReal), 'npm-cli.js')
  fs.writeFileSync(path.join(bin, 'npm'), `#!/bin/sh\nexec "${process.execPath}" "${npmCli}" "$@"\n`, { mode: 0o755 })
  fs.symlinkSync('/bin/sh', path.join(bin, 'sh'))
  const env = {}
  for (const [key, value] of Object.entries(process.env)) {
    // Nothing from this repository's npm run or CI setup (npm_config_nodedir, build flags).
    if (/^npm_/i.test(key) || key === 'INIT_CWD' || key === 'PATH') continue
    env[key] = value
  }
  return { ...env, PATH: bin, CC: '/nonexistent/cc', CXX: '/nonexistent/c++', npm_config_update_notifier: 'false' }
}

function project (name) {
  const dir = path.join(tmp, name)
  fs.mkdirSync(dir)
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', private: true }, null, 2))
  return dir
}

const SMOKE_CJS = `
const { Simulator, SocialSdkError } = require('social-sdk-node');
const electron = require('social-sdk-node/electron');
const preload = require('social-sdk-node/electron/preload');
const restApi = require('social-sdk-node/rest');
(async () => {
  const sim = new Simulator();
  const client = await sim.connectClient(sim.createUser({ username: 'packed_cjs' }));
  const lobby = await client.createOrJoinLobby('packed-secret');
  await client.sendLobbyMessage(lobby, 'hello from require');
  console.log(JSON.stringify({ status: client.status, messages: (await client.getLobbyMessages(lobby)).length, errors: typeof SocialSdkError,
    electron: typeof electron.exposeClient, preload: typeof preload.exposeInMainWorld, rest: typeof new restApi.RestClient({ token: 't' }).getLobby }));
  await client.close();
})();
`
const SMOKE_MJS = `
import { Simulator } from 'social-sdk-node';
import { exposeClient } from 'social-sdk-node/electron';
import { exposeInMainWorld } from 'social-sdk-node/electron/preload';
import { RestClient } from 'social-sdk-node/rest';
const sim = new Simulator();
const client = await sim.connectClient(sim.createUser({ username: 'packed_esm' }));
console.log(JSON.stringify({ status: client.status, electron: typeof exposeClient, preload: typeof exposeInMainWorld, rest: typeof new RestClient({ token: 't' }).getLobby }));
await client.close();
`

try {
  // 1. Pack.
  const pack = run('npm', ['pack', '--pack-destination', tmp], { cwd: root })
  if (!check(pack.status === 0, `npm pack (${pack.seconds.toFixed(1)} s)`)) throw new Error(indent(pack.output))
  console.log(indent(pack.output.split('\n').filter((line) => line.startsWith('prepack:')).join('\n')))
  const tarball = fs.readdirSync(tmp).find((file) => file.endsWith('.tgz'))
  const tarballPath = path.join(tmp, tarball)
  const listing = run('tar', ['-tzvf', tarballPath]).stdout.trim().split('\n')
  const unpacked = listing.reduce((sum, line) => sum + Number(line.split(/\s+/)[2] || 0), 0)
  const prebuilds = listing.map((line) => line.split(/\s+/).pop()).filter((file) => /^package\/prebuilds\/.+\.node$/.test(file))
  results.push(`tarball ${tarball}: ${(fs.statSync(tarballPath).size / 1024).toFixed(0)} KiB, ${listing.length} files, ${(unpacked / 1024).toFixed(0)} KiB unpacked`)
  check(prebuilds.length > 0, `the tarball holds prebuilds: ${prebuilds.map((file) => file.replace('package/', '')).join(', ') || 'none'}`)

  // 2. Install with no compiler reachable.
  const env = noCompilerEnv()
  const tools = probeToolchain(env)
  check(!tools.cxx.path && !tools.cc.path && !tools.make.path && !tools.python.path && !which('g++', env) && !which('cc', env),
    `no compiler, make or python reachable (PATH=${env.PATH}, CC=${env.CC}, CXX=${env.CXX})`)
  const consumer = project('consumer')
  const install = run('npm', ['install', tarballPath, '--no-audit', '--no-fund', '--prefer-offline'], { cwd: consumer, env })
  check(install.status === 0, `npm install of the tarball without a compiler (${install.seconds.toFixed(1)} s)`)
  console.log(indent(install.output))
  results.push(`install with the prebuild, no compiler: ${install.seconds.toFixed(1)} s`)
  const installed = path.join(consumer, 'node_modules', 'social-sdk-node')
  check(!fs.existsSync(path.join(installed, 'build')), 'nothing was compiled (no build/ in the installed package)')

  const smokeCjs = path.join(consumer, 'smoke.cjs')
  const smokeMjs = path.join(consumer, 'smoke.mjs')
  fs.writeFileSync(smokeCjs, SMOKE_CJS)
  fs.writeFileSync(smokeMjs, SMOKE_MJS)
  for (const script of [smokeCjs, smokeMjs]) {
    const smoke = run(process.execPath, [script], { cwd: consumer, env, timeout: 60_000 })
    const ok = smoke.status === 0 && smoke.stderr === '' && /"status":"ready"/.test(smoke.stdout) && /"electron":"function","preload":"function","rest":"function"/.test(smoke.stdout)
    check(ok, `${path.basename(script)}: a simulated client connects (${smoke.stdout.trim()}${smoke.stderr.trim() ? `; stderr: ${smoke.stderr.trim()}` : ''})`)
  }
  const doctor = run(path.join(consumer, 'node_modules', '.bin', 'social-sdk-node'), ['doctor', '--json'], { cwd: consumer, env })
  const binary = doctor.status === 0 ? JSON.parse(doctor.stdout).binary.path : null
  check(typeof binary === 'string' && binary.startsWith(path.join(installed, 'prebuilds', `${process.platform}-${process.arch}`)), `the addon is loaded from the prebuild (${binary})`)

  // The consumer type fixtures against the installed package (its declarations and @types/node).
  for (const file of ['consumer.cts', 'consumer.mts', 'tsconfig.json', 'tsconfig.bundler.json']) {
    fs.copyFileSync(path.join(root, 'test', 'fixtures', 'types', file), path.join(consumer, file))
  }
  for (const ts of ['typescript-5.9', 'typescript', 'typescript-7']) {
    for (const config of ['tsconfig.json', 'tsconfig.bundler.json']) {
      const tsc = run(process.execPath, [path.join(root, 'node_modules', ts, 'bin', 'tsc'), '-p', config], { cwd: consumer, env })
      const version = run(process.execPath, [path.join(root, 'node_modules', ts, 'bin', 'tsc'), '--version']).stdout.trim()
      check(tsc.status === 0 && tsc.output === '', `${version}, ${config}: the installed package's declarations type-check${tsc.output ? `\n${indent(tsc.output)}` : ''}`)
    }
  }

  // 3. The tarball without prebuilds: what a user on a platform without a prebuild sees.
  const unpackDir = path.join(tmp, 'no-prebuild')
  fs.mkdirSync(unpackDir)
  run('tar', ['-xzf', tarballPath, '-C', unpackDir])
  fs.rmSync(path.join(unpackDir, 'package', 'prebuilds'), { recursive: true, force: true })
  const repack = run('npm', ['pack', '--ignore-scripts', '--pack-destination', unpackDir], { cwd: path.join(unpackDir, 'package') })
  check(repack.status === 0, 'the tarball repacked without prebuilds/')
  const bare = path.join(unpackDir, fs.readdirSync(unpackDir).find((file) => file.endsWith('.tgz')))
  const consumer2 = project('consumer-no-prebuild')
  const failing = run('npm', ['install', bare, '--no-audit', '--no-fund', '--prefer-offline'], { cwd: consumer2, env })
  const tuple = `${process.platform}-${process.arch}`
  check(failing.status !== 0, `without a prebuild and without a compiler, the install fails (${failing.seconds.toFixed(1)} s)`)
  check(failing.output.includes(`social-sdk-node: no prebuilt binary for ${tuple}`), 'the failure names the platform')
  check(/Missing: .*C\+\+17 compiler \(CXX is set to '\/nonexistent\/c\+\+'/.test(failing.output), 'it names the missing compiler')
  check(/Missing: .*python3/.test(failing.output) && /Missing: .*make/.test(failing.output), 'it names missing python3 and make')
  check(/Fix:\n.*unset CXX/.test(failing.output.replace(/npm error /g, '')), 'it gives the fix')
  const logMatch = failing.output.match(/Build log: (\S+)/)
  check(logMatch !== null && fs.existsSync(logMatch[1]), `the raw build log is kept (${logMatch ? logMatch[1] : 'not named'})`)
  if (logMatch) fs.rmSync(logMatch[1], { force: true })
  console.log('  What the user sees (npm install output):')
  console.log(indent(failing.output))
  results.push(`install without a prebuild, no compiler: fails in ${failing.seconds.toFixed(1)} s with the message above`)

  if (args.has('--source-build')) {
    const consumer3 = project('consumer-source-build')
    const sourceEnv = { ...process.env }
    delete sourceEnv.npm_config_build_from_source
    const built = run('npm', ['install', bare, '--no-audit', '--no-fund', '--prefer-offline'], { cwd: consumer3, env: sourceEnv, timeout: 1_200_000 })
    check(built.status === 0, `without a prebuild, with the toolchain: the install compiles (${built.seconds.toFixed(1)} s)`)
    if (built.status !== 0) console.log(indent(built.output))
    results.push(`install without a prebuild, compiling: ${built.seconds.toFixed(1)} s`)
  }
} catch (error) {
  failed = true
  console.error(String(error && error.message ? error.message : error))
} finally {
  console.log('\nSummary:')
  for (const line of results) console.log(`  ${line}`)
  if (args.has('--keep')) console.log(`kept ${tmp}`)
  else fs.rmSync(tmp, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)
