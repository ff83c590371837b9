#!/usr/bin/env node
// The compile gate of the vendor adapter: compiles every file of native/vendor/ (syntax only)
// against test/vendor-shape/discordpp.h, our declarations-only stand-in for the vendor header, as
// each supported minor (SDK 1.6 to 1.10, each shape declaring only what that release has), with the
// feature macros that scripts/vendor-sdk.cjs detects in each. So the adapter cannot rot in a build
// without the SDK, and an API newer than 1.6 used outside its feature macro fails the gate.
//
//   node scripts/vendor-shape-check.cjs [--header path/to/discordpp.h] [--minor N] [--file path]...
//
// --header compiles against another header instead (e.g. a real discordpp.h, kept out of the
// repository), as one configuration with the features detected in it. --minor compiles against the
// shape of that minor only; --file compiles the given adapter files instead of native/vendor/'s
// (test/vendor-gate.test.ts compiles patched copies to show that the gate fails).
//
// Cost: every file on its own against the 1.10 shape (which declares everything, so each file is
// shown to include what it uses), and for the older minors all files as one translation unit
// (napi.h parsed once per minor instead of once per file: about 3 s instead of 20).
// Exit 0 when every compile succeeds; otherwise prints the compiler's errors and exits 1.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const os = require('node:os');

const { detectFeatures, FEATURES } = require('./vendor-sdk.cjs');

const root = path.resolve(__dirname, '..');
const sources = require(path.join(root, 'native', 'sources.json'));

function includeDirs() {
  return [
    path.join(root, 'native'),
    path.resolve(root, require('node-addon-api').include_dir),
    require('node-api-headers').include_dir,
  ];
}

/** The minors of the support window (lib/support: 1.6-1.10), each compiled against its shape. */
const MINORS = [6, 7, 8, 9, 10];

/** The configurations to compile: the shape header as each minor, or one given header. */
function configurations(argv) {
  const at = argv.indexOf('--header');
  if (at !== -1) {
    const header = path.resolve(argv[at + 1] ?? '');
    return [{ name: path.basename(path.dirname(header)), header, extra: [], unity: false }];
  }
  const header = path.join(root, 'test', 'vendor-shape', 'discordpp.h');
  const only = argv.indexOf('--minor');
  const minors = only === -1 ? MINORS : [Number(argv[only + 1])];
  const newest = MINORS[MINORS.length - 1];
  return minors.map((minor) => ({
    name: `shape of SDK 1.${minor}`,
    header,
    extra: [`-DVENDOR_SHAPE_SDK_MINOR=${minor}`],
    unity: minor !== newest,
  }));
}

/** The adapter files to compile: native/vendor/'s, or those given with --file. */
function adapterFiles(argv) {
  const given = argv.flatMap((arg, i) => (arg === '--file' && argv[i + 1] ? [path.resolve(argv[i + 1])] : []));
  return given.length > 0 ? given : sources.vendor_sources.map((file) => path.join(root, file));
}

const tempDirs = [];
process.on('exit', () => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** One translation unit that includes every file (for the minors compiled as one). */
function unityFile(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendor-shape-check-'));
  tempDirs.push(dir);
  const file = path.join(dir, 'adapter.cc');
  fs.writeFileSync(file, files.map((source) => `#include ${JSON.stringify(source)}\n`).join(''));
  return file;
}

function compile(file, config, defines) {
  const cxx = process.env.CXX || 'c++';
  const args = [
    '-std=c++17',
    '-fsyntax-only',
    '-fexceptions',
    '-fno-rtti',
    '-Wall',
    '-Wextra',
    '-Werror',
    ...includeDirs().map((dir) => `-I${dir}`),
    `-isystem${path.dirname(config.header)}`,
    ...[...sources.defines, 'SOCIAL_SDK_WITH_VENDOR=1', ...defines].map((define) => `-D${define}`),
    ...config.extra,
    file,
  ];
  return new Promise((resolve) => {
    const child = spawn(cxx, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ file, ok: false, output: `${cxx}: ${error.message}` }));
    child.on('close', (code) => resolve({ file, ok: code === 0, output }));
  });
}

async function main(argv) {
  const jobs = [];
  for (const config of configurations(argv)) {
    const features = detectFeatures(config.header, config.extra);
    const defines = FEATURES.map((feature) => `${feature.define}=${features[feature.name] ? 1 : 0}`);
    const on = FEATURES.filter((feature) => features[feature.name]).map((feature) => feature.name);
    console.log(`${config.name}: features ${on.length > 0 ? on.join(', ') : 'none'}`);
    const files = adapterFiles(argv);
    if (config.unity) jobs.push({ file: unityFile(files), config, defines, label: `all ${files.length} files as one unit` });
    else for (const file of files) jobs.push({ file, config, defines, label: path.relative(root, file) });
  }
  // Two at a time: the adapter's files are small, but napi.h is not.
  const results = [];
  const parallel = Math.max(1, Math.min(2, os.cpus().length));
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        const result = await compile(job.file, job.config, job.defines);
        results.push({ ...result, file: job.label, config: job.config.name });
        console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${job.config.name}: ${job.label}`);
      }
    }),
  );
  const failed = results.filter((result) => !result.ok);
  for (const result of failed) console.error(`\n--- ${result.config}: ${result.file}\n${result.output}`);
  console.log(`${results.length - failed.length} of ${results.length} compiled`);
  return failed.length === 0 ? 0 : 1;
}

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
