#!/usr/bin/env node
'use strict'
// The package's install script. With a prebuild for this platform (prebuilds/, see README
// "Platforms and prebuilt binaries") it does nothing: node-gyp-build loads the prebuild at run time.
// Otherwise it builds the addon from source with node-gyp, its output going to a log file. When
// that build fails, it prints one short message instead of node-gyp's log: the platform, what is
// missing (compiler, python, make, Node headers) and the exact fix; the log stays in the file.
//
// It builds from source even when a prebuild matches if SOCIAL_SDK_DIR is set (the vendor backend
// is never prebuilt) or with `npm install --build-from-source`. SOCIAL_SDK_BUILD_VERBOSE=1 (or npm's
// --foreground-scripts) also shows the build's output as it runs.
const fs = require('fs')
const os = require('os')
const path = require('path')
const { spawn, spawnSync } = require('child_process')

const root = path.resolve(__dirname, '..')

/** `linux-x64 (glibc)`, `darwin-arm64`, ... */
function platformTuple (platform = process.platform, arch = process.arch, libc = hostLibc()) {
  return platform === 'linux' ? `${platform}-${arch} (${libc})` : `${platform}-${arch}`
}

function hostLibc () {
  if (process.platform !== 'linux') return null
  const report = process.report && process.report.getReport()
  return report && report.header && report.header.glibcVersionRuntime ? 'glibc' : 'musl'
}

/** The executable `name` would run as, or null: a path (absolute or relative), or a search of PATH. */
function which (name, env = process.env, platform = process.platform) {
  if (!name) return null
  const exts = platform === 'win32' ? ['', ...(env.PATHEXT || '.EXE;.CMD;.BAT;.COM').split(';')] : ['']
  const executable = (file) => {
    try {
      if (!fs.statSync(file).isFile()) return false
      if (platform !== 'win32') fs.accessSync(file, fs.constants.X_OK)
      return true
    } catch {
      return false
    }
  }
  if (name.includes('/') || (platform === 'win32' && name.includes('\\'))) {
    for (const ext of exts) if (executable(name + ext)) return name + ext
    return null
  }
  for (const dir of (env.PATH || env.Path || '').split(path.delimiter)) {
    if (!dir) continue
    for (const ext of exts) if (executable(path.join(dir, name + ext))) return path.join(dir, name + ext)
  }
  return null
}

/** What the toolchain looks like: each tool found (a path), or null; and the reason when not. */
function probeToolchain (env = process.env, platform = process.platform) {
  const find = (names) => {
    for (const name of names) {
      const found = which(name, env, platform)
      if (found) return found
    }
    return null
  }
  const fromEnv = (variable, fallbacks) => {
    const value = env[variable]
    if (value) {
      // `CXX="ccache g++"`: the first word is the program.
      const program = value.trim().split(/\s+/)[0]
      return { path: which(program, env, platform), setTo: value }
    }
    return { path: find(fallbacks), setTo: null }
  }
  const python = env.npm_config_python || env.PYTHON
    ? { path: which(env.npm_config_python || env.PYTHON, env, platform), setTo: env.npm_config_python || env.PYTHON }
    : { path: find(platform === 'win32' ? ['python', 'py', 'python3'] : ['python3', 'python']), setTo: null }
  if (platform === 'win32') return { python, make: null, cxx: null, cc: null }
  return {
    python,
    make: { path: find(['make', 'gmake']), setTo: null },
    cxx: fromEnv('CXX', platform === 'darwin' ? ['clang++', 'c++'] : ['c++', 'g++', 'clang++']),
    cc: fromEnv('CC', platform === 'darwin' ? ['clang', 'cc'] : ['cc', 'gcc', 'clang']),
  }
}

function linuxDistro (readFile = (file) => fs.readFileSync(file, 'utf8')) {
  const read = (file) => {
    try {
      return readFile(file)
    } catch {
      return null
    }
  }
  if (read('/etc/alpine-release') !== null) return 'alpine'
  const osRelease = read('/etc/os-release') || ''
  const ids = (osRelease.match(/^ID(?:_LIKE)?=(.*)$/gm) || []).join(' ').toLowerCase()
  if (/debian|ubuntu/.test(ids)) return 'debian'
  if (/fedora|rhel|centos|rocky|alma|amzn/.test(ids)) return 'fedora'
  if (/arch/.test(ids)) return 'arch'
  if (/suse/.test(ids)) return 'suse'
  return 'linux'
}

/** The one command that installs what a build needs. */
function installCommand (platform, distro) {
  if (platform === 'darwin') return 'xcode-select --install   (the Command Line Tools: clang, make; python3 comes with them)'
  if (platform === 'win32') {
    return 'winget install Microsoft.VisualStudio.2022.BuildTools --override "--wait --add Microsoft.VisualStudio.Workload.VCTools --includeRecommended"; winget install Python.Python.3.12'
  }
  return {
    alpine: 'apk add python3 make g++',
    debian: 'sudo apt-get install -y python3 make g++',
    fedora: 'sudo dnf install -y python3 make gcc-c++',
    arch: 'sudo pacman -S --needed python make gcc',
    suse: 'sudo zypper install -y python3 make gcc-c++',
  }[distro] || 'install python3, make and a C++17 compiler (g++ 8 or newer, or clang 7 or newer) from your distribution'
}

const HEADERS_FAILED = /(?:gyp (?:ERR|WARN).*(?:download|headers|tarball|SHASUMS)|getaddrinfo|ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|self[- ]signed certificate|unable to get local issuer)/i
const NO_VISUAL_STUDIO = /Could not find any Visual Studio installation/i
const NO_PYTHON = /Could not find any Python installation|find Python/i

/**
 * The message for a failed source build: what is missing and how to fix it, in a few lines.
 * Pure: everything it looks at is passed in (tested in test/install.test.ts).
 */
function diagnose ({ platform, arch, libc, distro, tools, log, logPath, version, prebuilt = [] }) {
  const missing = []
  const fixes = []
  const unset = []
  const describe = (tool, label, names) => {
    if (!tool || tool.path) return
    if (tool.setTo) {
      missing.push(`${label} (${names} is set to '${tool.setTo}', which does not exist)`)
      unset.push(names)
    } else {
      missing.push(label)
    }
  }
  if (platform === 'win32') {
    if (NO_VISUAL_STUDIO.test(log)) missing.push('a C++ compiler (Visual Studio Build Tools with "Desktop development with C++")')
    if (!tools.python.path || NO_PYTHON.test(log)) missing.push('python3')
  } else {
    describe(tools.cxx, 'a C++17 compiler', 'CXX')
    // The addon is C++ only; CC matters when it is set to something that does not exist.
    if (tools.cc && tools.cc.setTo) describe(tools.cc, 'a C compiler', 'CC')
    describe(tools.python, 'python3', tools.python.setTo ? 'npm_config_python/PYTHON' : 'python')
    describe(tools.make, 'make', 'make')
  }
  const toolsMissing = missing.length > 0
  if (HEADERS_FAILED.test(log)) missing.push(`the Node ${version} headers (node-gyp could not download them)`)

  const lines = [`social-sdk-node: no prebuilt binary for ${platformTuple(platform, arch, libc)}, and building it from source failed.`]
  if (missing.length) lines.push(`Missing: ${missing.join('; ')}.`)
  else lines.push('Missing: nothing that can be checked; the compiler reported errors (see the log).')
  if (unset.length) fixes.push(`unset ${unset.join(' ')} (or point ${unset.length > 1 ? 'them' : 'it'} at an installed compiler)`)
  if (toolsMissing) fixes.push(installCommand(platform, distro))
  if (HEADERS_FAILED.test(log)) fixes.push(`let node-gyp reach https://nodejs.org, or point it at local headers: npm config set nodedir /path/to/node-${version}`)
  if (fixes.length) {
    lines.push('Fix:')
    for (const fix of fixes) lines.push(`  ${fix}`)
    lines.push('  then: npm rebuild social-sdk-node')
  } else {
    lines.push('Fix: read the log below, or report it with the log attached.')
  }
  lines.push(prebuilt.length ? `This package has prebuilt binaries for: ${prebuilt.join(', ')}.` : 'This package has no prebuilt binaries.')
  lines.push(`Build log: ${logPath} (to watch a build: npm rebuild social-sdk-node --foreground-scripts)`)
  return lines.join('\n')
}

/** Why to build from source although a prebuild may match; null: use a prebuild when one matches. */
function sourceBuildReason (env = process.env) {
  if (env.SOCIAL_SDK_DIR) return 'SOCIAL_SDK_DIR is set (the vendor backend is built from source)'
  if (env.npm_config_build_from_source === 'true') return '--build-from-source'
  return null
}

/** The prebuilds this package holds, e.g. `linux-x64 (glibc)`, `darwin-arm64`. */
function listPrebuilds (dir = path.join(root, 'prebuilds')) {
  const found = []
  let tuples = []
  try {
    tuples = fs.readdirSync(dir).sort()
  } catch {
    return found
  }
  for (const tuple of tuples) {
    let files = []
    try {
      files = fs.readdirSync(path.join(dir, tuple)).filter((file) => file.endsWith('.node'))
    } catch {}
    const libcs = files.map((file) => (file.match(/\.(glibc|musl)\.node$/) || [])[1]).filter(Boolean)
    if (files.length) found.push(libcs.length ? `${tuple} (${libcs.join(', ')})` : tuple)
  }
  return found
}

/** True when node-gyp-build finds a binary that loads (checked in a child process, as node-gyp-build's own test). */
function prebuildLoads () {
  const probe = `require('node-gyp-build')(${JSON.stringify(root)}).noop()`
  const result = spawnSync(process.execPath, ['-e', probe], { cwd: root, stdio: 'ignore' })
  return result.status === 0
}

/** How to run node-gyp: npm's own (npm_config_node_gyp), a local one, or the one on PATH. */
function nodeGypCommand (env = process.env) {
  if (env.npm_config_node_gyp && fs.existsSync(env.npm_config_node_gyp)) return [process.execPath, env.npm_config_node_gyp]
  try {
    return [process.execPath, require.resolve('node-gyp/bin/node-gyp.js', { paths: [root] })]
  } catch {
    return [process.platform === 'win32' ? 'node-gyp.cmd' : 'node-gyp']
  }
}

function availableCpus () {
  return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length
}

function build (reason) {
  // Outside the package: npm removes a package whose install script failed, and the log with it.
  const logPath = path.join(os.tmpdir(), `social-sdk-node-build-${Date.now()}.log`)
  const log = fs.createWriteStream(logPath)
  const verbose = process.env.SOCIAL_SDK_BUILD_VERBOSE === '1' || process.env.npm_config_foreground_scripts === 'true'
  const [command, ...args] = nodeGypCommand()
  const env = { ...process.env }
  // node-gyp compiles one file at a time unless told otherwise; a few at once halves a from-source
  // install on a 2-core machine. At most 4: each compiler process takes several hundred MB.
  if (!env.JOBS && !env.npm_config_jobs) env.JOBS = String(Math.max(1, Math.min(4, availableCpus())))
  if (!env.npm_config_nodedir) {
    try {
      const nodedir = require('./node-headers.cjs').localNodedir()
      if (nodedir) env.npm_config_nodedir = nodedir
    } catch {}
  }
  const started = Date.now()
  const header = `social-sdk-node: building from source for ${platformTuple()} (${reason}): ${[command, ...args, 'rebuild'].join(' ')}\n`
  log.write(header)
  if (verbose) process.stderr.write(header)
  const child = spawn(command, [...args, 'rebuild'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], shell: command.endsWith('.cmd'), windowsHide: true })
  const chunks = []
  const take = (chunk) => {
    chunks.push(chunk)
    log.write(chunk)
    if (verbose) process.stderr.write(chunk)
  }
  child.stdout.on('data', take)
  child.stderr.on('data', take)
  const finish = (code, spawnError) => {
    if (spawnError) take(Buffer.from(`\n${spawnError.message}\n`))
    log.end(() => {
      if (code === 0) {
        console.log(`social-sdk-node: built from source for ${platformTuple()} in ${Math.round((Date.now() - started) / 1000)} s`)
        process.exit(0)
      }
      const message = diagnose({
        platform: process.platform,
        arch: process.arch,
        libc: hostLibc(),
        distro: process.platform === 'linux' ? linuxDistro() : null,
        tools: probeToolchain(),
        log: Buffer.concat(chunks).toString('utf8'),
        logPath,
        version: process.version,
        prebuilt: listPrebuilds(),
      })
      console.error(`\n${message}\n`)
      process.exit(1)
    })
  }
  child.on('error', (error) => finish(1, error))
  child.on('close', (code) => finish(code))
}

function main () {
  const reason = sourceBuildReason()
  if (reason === null) {
    if (prebuildLoads()) return
    build(`no prebuilt binary for ${platformTuple()} in this package`)
  } else {
    build(reason)
  }
}

module.exports = { diagnose, listPrebuilds, probeToolchain, which, installCommand, linuxDistro, platformTuple, sourceBuildReason }
if (require.main === module) main()
