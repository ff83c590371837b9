#!/usr/bin/env node
// The compile gate of the vendor adapter: compiles every file of native/vendor/ (syntax only)
// against test/vendor-shape/discordpp.h, our declarations-only stand-in for the vendor header, once
// as SDK 1.9 and once as SDK 1.10, with the feature macros that scripts/vendor-sdk.cjs detects in
// each. So the adapter cannot rot in a build without the SDK.
//
//   node scripts/vendor-shape-check.cjs [--header path/to/discordpp.h]
//
// --header compiles against another header instead (e.g. a real discordpp.h, kept out of the
// repository), as one configuration with the features detected in it.
// Exit 0 when every compile succeeds; otherwise prints the compiler's errors and exits 1.
'use strict';

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

/** The configurations to compile: the shape header as 1.9 and as 1.10, or one given header. */
function configurations(argv) {
  const at = argv.indexOf('--header');
  if (at !== -1) {
    const header = path.resolve(argv[at + 1] ?? '');
    return [{ name: path.basename(path.dirname(header)), header, extra: [] }];
  }
  const header = path.join(root, 'test', 'vendor-shape', 'discordpp.h');
  return [9, 10].map((minor) => ({ name: `shape of SDK 1.${minor}`, header, extra: [`-DVENDOR_SHAPE_SDK_MINOR=${minor}`] }));
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
    path.join(root, file),
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
    for (const file of sources.vendor_sources) jobs.push({ file, config, defines });
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
        results.push({ ...result, config: job.config.name });
        console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${job.config.name}: ${job.file}`);
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
