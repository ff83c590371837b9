// How both builds link the vendor library (issue 13, item 4): by directory and name (-L<dir>
// -l<name>) with the rpath $ORIGIN, so that the addon loads the copy of the library beside it, also
// when the SDK directory it was built against has moved away. The fake library has no SONAME, as a
// real one may not: linked by path, such a library is recorded in the addon by its absolute path,
// and the addon then loads it from the SDK directory (or fails once that directory is gone).
//
// Each build system (binding.gyp through node-gyp, CMakeLists.txt through cmake-js) builds a probe
// addon of one file that calls into the library, from a copy of the repository's build files with
// a sources.json of its own: the same link line as the real addon's, in seconds instead of a full
// build. Runs with the vendor end-to-end tests (a build that has the vendor backend: CI's vendor
// step), on Linux.
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { root } from './sdk.js';

const run = promisify(execFile);
const load = createRequire(import.meta.url);
const native = load(path.join(root, 'dist', 'addon', 'native.js')) as typeof import('../lib/addon/native.js');
const hasVendor = native.loadBinding().backends.includes('vendor');
const { localNodedir } = load(path.join(root, 'scripts', 'node-headers.cjs')) as { localNodedir: () => string | undefined };

const PROBE = `#include <node_api.h>
#include <discordpp.h>
// The library's minor version, read through the library: loading this addon needs the library.
NAPI_MODULE_INIT() {
  napi_value minor;
  napi_create_int32(env, discordpp::Client::GetVersionMinor(), &minor);
  napi_set_named_property(env, exports, "minor", minor);
  return exports;
}
`;

/** A directory that builds the probe addon with the repository's build files. */
function probeProject(dir: string): void {
  fs.mkdirSync(path.join(dir, 'native'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'scripts'), { recursive: true });
  for (const file of ['binding.gyp', 'CMakeLists.txt', path.join('scripts', 'vendor-sdk.cjs')]) {
    fs.copyFileSync(path.join(root, file), path.join(dir, file));
  }
  const sources = load(path.join(root, 'native', 'sources.json')) as { defines: string[] };
  fs.writeFileSync(
    path.join(dir, 'native', 'sources.json'),
    JSON.stringify({ target: 'probe', sources: ['native/probe.cc'], include_dirs: ['native'], defines: sources.defines, vendor_sources: [] }),
  );
  fs.writeFileSync(path.join(dir, 'native', 'probe.cc'), PROBE);
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'probe', version: '0.0.0', private: true, binary: { napi_versions: [8] } }));
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
}

/** The minor version the probe at `addon` reads from its library, or the load error. */
async function loadProbe(addon: string): Promise<string> {
  const script = `try { console.log(require(${JSON.stringify(addon)}).minor); } catch (e) { console.log(e.message); }`;
  const { stdout } = await run(process.execPath, ['-e', script]);
  return stdout.trim();
}

const linux = process.platform === 'linux';
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'social-sdk-link-'));
const sdkDir = path.join(temp, 'sdk');
const movedDir = path.join(temp, 'sdk-moved');
const builds = { 'node-gyp': path.join(temp, 'gyp'), 'cmake-js': path.join(temp, 'cmake') };

afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

describe.runIf(hasVendor && linux)('linking the vendor library (both build systems)', () => {
  beforeAll(async () => {
    await run(process.execPath, [path.join(root, 'scripts', 'vendor-fake-sdk.cjs'), sdkDir]);
    const nodedir = process.env.npm_config_nodedir || localNodedir();
    const env = { ...process.env, SOCIAL_SDK_DIR: sdkDir, ...(nodedir ? { npm_config_nodedir: nodedir } : {}) };
    // One after the other: the machine's cores are shared.
    probeProject(builds['node-gyp']);
    await run(path.join(root, 'node_modules', '.bin', 'node-gyp'), ['rebuild'], { cwd: builds['node-gyp'], env });
    probeProject(builds['cmake-js']);
    await run(path.join(root, 'node_modules', '.bin', 'cmake-js'), ['rebuild'], { cwd: builds['cmake-js'], env });
    fs.renameSync(sdkDir, movedDir);
  }, 180_000);

  for (const [system, dir] of Object.entries(builds)) {
    it(`${system}: the addon loads the library beside it after the SDK directory moved away`, async () => {
      const release = path.join(dir, 'build', 'Release');
      expect(fs.existsSync(path.join(release, 'libdiscord_partner_sdk.so'))).toBe(true);
      expect(fs.existsSync(sdkDir)).toBe(false);
      expect(await loadProbe(path.join(release, 'probe.node'))).toBe('10');
    });

    it(`${system}: without the copy beside it the addon does not find the library anywhere else`, async () => {
      // The same addon alone in a directory: were the SDK directory's path recorded in it, the
      // loader would take the library from there once it is back.
      fs.renameSync(movedDir, sdkDir);
      try {
        const alone = fs.mkdtempSync(path.join(temp, 'alone-'));
        fs.copyFileSync(path.join(dir, 'build', 'Release', 'probe.node'), path.join(alone, 'probe.node'));
        expect(await loadProbe(path.join(alone, 'probe.node'))).toContain('libdiscord_partner_sdk.so: cannot open shared object file');
      } finally {
        fs.renameSync(sdkDir, movedDir);
      }
    });
  }
});

describe.runIf(!(hasVendor && linux))('linking the vendor library', () => {
  it('runs with the vendor end-to-end tests on Linux (this build has no vendor backend)', () => {
    expect(hasVendor && linux).toBe(false);
  });
});
