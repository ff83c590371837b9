// The install script's message when no prebuild matches and the source build fails
// (scripts/install.cjs). The real failing install, from a packed tarball with no compiler
// reachable, is a CI step: scripts/check-packed-install.cjs.
import { createRequire } from 'node:module';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { describe, expect, it } from 'vitest';

import { root } from './sdk.js';

interface Tool {
  path: string | null;
  setTo: string | null;
}
interface Toolchain {
  python: Tool;
  make: Tool | null;
  cxx: Tool | null;
  cc: Tool | null;
}
interface InstallScript {
  diagnose(input: {
    platform: string;
    arch: string;
    libc: string | null;
    distro: string | null;
    tools: Toolchain;
    log: string;
    logPath: string;
    version: string;
    prebuilt?: string[];
  }): string;
  probeToolchain(env: Record<string, string | undefined>, platform?: string): Toolchain;
  which(name: string, env: Record<string, string | undefined>, platform?: string): string | null;
  linuxDistro(readFile: (file: string) => string): string;
  listPrebuilds(dir: string): string[];
  sourceBuildReason(env: Record<string, string | undefined>): string | null;
}

const install = createRequire(import.meta.url)(path.join(root, 'scripts', 'install.cjs')) as InstallScript;
const found = (p: string): Tool => ({ path: p, setTo: null });
const absent: Tool = { path: null, setTo: null };
const base = { version: 'v20.20.2', logPath: '/tmp/social-sdk-node-build-1.log', prebuilt: ['linux-x64 (glibc)', 'darwin-arm64'] };

describe('the install script', () => {
  it('names the platform, each missing tool, the one command that installs them, and the log', () => {
    const message = install.diagnose({
      ...base,
      platform: 'linux',
      arch: 'arm64',
      libc: 'musl',
      distro: 'alpine',
      tools: { python: absent, make: absent, cxx: absent, cc: absent },
      log: 'gyp ERR! find Python\ngyp ERR! stack Error: Could not find any Python installation to use',
    });
    expect(message.split('\n')).toEqual([
      'social-sdk-node: no prebuilt binary for linux-arm64 (musl), and building it from source failed.',
      'Missing: a C++17 compiler; python3; make.',
      'Fix:',
      '  apk add python3 make g++',
      '  then: npm rebuild social-sdk-node',
      'This package has prebuilt binaries for: linux-x64 (glibc), darwin-arm64.',
      'Build log: /tmp/social-sdk-node-build-1.log (to watch a build: npm rebuild social-sdk-node --foreground-scripts)',
    ]);
  });

  it('says when CXX points at nothing, and to unset it', () => {
    const message = install.diagnose({
      ...base,
      platform: 'linux',
      arch: 'x64',
      libc: 'glibc',
      distro: 'debian',
      tools: { python: found('/usr/bin/python3'), make: found('/usr/bin/make'), cxx: { path: null, setTo: '/opt/gcc/bin/g++' }, cc: found('/usr/bin/cc') },
      log: 'make: /opt/gcc/bin/g++: No such file or directory',
    });
    expect(message).toContain("Missing: a C++17 compiler (CXX is set to '/opt/gcc/bin/g++', which does not exist).");
    expect(message).toContain('  unset CXX (or point it at an installed compiler)');
    expect(message).toContain('  sudo apt-get install -y python3 make g++');
  });

  it('gives the macOS and Windows fixes', () => {
    const mac = install.diagnose({
      ...base,
      platform: 'darwin',
      arch: 'x64',
      libc: null,
      distro: null,
      tools: { python: found('/usr/bin/python3'), make: absent, cxx: absent, cc: absent },
      log: '',
    });
    expect(mac).toContain('no prebuilt binary for darwin-x64,');
    expect(mac).toContain('xcode-select --install');
    const windows = install.diagnose({
      ...base,
      platform: 'win32',
      arch: 'arm64',
      libc: null,
      distro: null,
      tools: { python: found('C:\\Python312\\python.exe'), make: null, cxx: null, cc: null },
      log: 'gyp ERR! find VS\ngyp ERR! find VS Could not find any Visual Studio installation to use',
    });
    expect(windows).toContain('no prebuilt binary for win32-arm64,');
    expect(windows).toContain('Missing: a C++ compiler (Visual Studio Build Tools with "Desktop development with C++").');
    expect(windows).toContain('Microsoft.VisualStudio.Workload.VCTools');
  });

  it('names the Node headers when node-gyp could not download them, and the offline fix', () => {
    const message = install.diagnose({
      ...base,
      platform: 'linux',
      arch: 'x64',
      libc: 'glibc',
      distro: 'fedora',
      tools: { python: found('/usr/bin/python3'), make: found('/usr/bin/make'), cxx: found('/usr/bin/c++'), cc: found('/usr/bin/cc') },
      log: 'gyp http GET https://nodejs.org/download/release/v20.20.2/node-v20.20.2-headers.tar.gz\ngyp WARN install got an error, rolling back install\ngyp ERR! stack Error: getaddrinfo ENOTFOUND nodejs.org',
    });
    expect(message).toContain('Missing: the Node v20.20.2 headers (node-gyp could not download them).');
    expect(message).toContain('npm config set nodedir /path/to/node-v20.20.2');
    expect(message).not.toContain('dnf install');
  });

  it('points at the log when nothing checkable is missing', () => {
    const message = install.diagnose({
      ...base,
      platform: 'linux',
      arch: 'x64',
      libc: 'glibc',
      distro: 'debian',
      tools: { python: found('/usr/bin/python3'), make: found('/usr/bin/make'), cxx: found('/usr/bin/c++'), cc: found('/usr/bin/cc') },
      log: "native/pump.cc:1:10: fatal error: napi.h: No such file or directory",
    });
    expect(message).toContain('Missing: nothing that can be checked; the compiler reported errors (see the log).');
    expect(message).toContain('Build log: /tmp/social-sdk-node-build-1.log');
  });

  it('probes the toolchain from PATH and from CC/CXX', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'install-probe-'));
    try {
      for (const name of ['g++', 'python3']) fs.writeFileSync(path.join(dir, name), '#!/bin/sh\n', { mode: 0o755 });
      fs.writeFileSync(path.join(dir, 'make'), 'not executable', { mode: 0o644 });
      const tools = install.probeToolchain({ PATH: dir, CC: '/nonexistent/cc' }, 'linux');
      expect(tools.cxx).toEqual({ path: path.join(dir, 'g++'), setTo: null });
      expect(tools.python.path).toBe(path.join(dir, 'python3'));
      expect(tools.make?.path ?? null).toBe(process.platform === 'win32' ? path.join(dir, 'make') : null);
      expect(tools.cc).toEqual({ path: null, setTo: '/nonexistent/cc' });
      expect(install.probeToolchain({ PATH: dir, CXX: 'ccache g++' }, 'linux').cxx?.setTo).toBe('ccache g++');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('recognises distributions from /etc/os-release and Alpine', () => {
    const files = (map: Record<string, string>) => (file: string) => {
      if (file in map) return map[file] as string;
      throw new Error('ENOENT');
    };
    expect(install.linuxDistro(files({ '/etc/alpine-release': '3.20.0' }))).toBe('alpine');
    expect(install.linuxDistro(files({ '/etc/os-release': 'ID=ubuntu\nID_LIKE=debian\n' }))).toBe('debian');
    expect(install.linuxDistro(files({ '/etc/os-release': 'ID="rocky"\nID_LIKE="rhel centos fedora"\n' }))).toBe('fedora');
    expect(install.linuxDistro(files({}))).toBe('linux');
  });

  it('builds from source for the vendor backend or when asked, even with a prebuild', () => {
    expect(install.sourceBuildReason({})).toBeNull();
    expect(install.sourceBuildReason({ SOCIAL_SDK_DIR: '/opt/sdk' })).toContain('SOCIAL_SDK_DIR');
    expect(install.sourceBuildReason({ npm_config_build_from_source: 'true' })).toBe('--build-from-source');
  });

  it('lists the prebuilds a package holds, with their C library', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'install-prebuilds-'));
    try {
      for (const file of ['linux-x64/social-sdk-node.glibc.node', 'linux-x64/social-sdk-node.musl.node', 'win32-arm64/social-sdk-node.node']) {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), '');
      }
      expect(install.listPrebuilds(dir)).toEqual(['linux-x64 (glibc, musl)', 'win32-arm64']);
      expect(install.listPrebuilds(path.join(dir, 'none'))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
