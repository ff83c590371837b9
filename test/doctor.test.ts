// `social-sdk-node doctor`, run as users run it: the built bin in a child process.
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';

import { describe, expect, it } from 'vitest';

import { root, type PlatformVerdict, type SdkSupportVerdict } from './sdk.js';

const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  version: string;
  bin: Record<string, string>;
  files: string[];
  engines: { node: string };
};
const BIN = path.join(root, pkg.bin['social-sdk-node'] ?? 'missing');
const load = createRequire(import.meta.url);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: Record<string, string | undefined> = {}, file = process.execPath): Promise<Run> {
  const argv = file === process.execPath ? [BIN, ...args] : args;
  const merged = { ...process.env, SOCIAL_SDK_BACKEND: undefined, ...env };
  return new Promise((resolve) => {
    execFile(file, argv, { cwd: root, env: merged }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

interface Report {
  ok: boolean;
  package: { name: string; version: string };
  backend: { name: string; available: boolean; error: string | null };
  features: Record<string, boolean> | null;
  sdk: { version: string; hash: string | null; source: string } | null;
  support: SdkSupportVerdict | null;
  platform: PlatformVerdict | null;
  platformError: string | null;
  node: { version: string; tested: boolean; napi: string | null; platform: string; arch: string; osRelease: string };
  binary: { path: string | null; error: string | null };
}

async function json(args: string[], env: Record<string, string | undefined> = {}): Promise<{ code: number; report: Report }> {
  const result = await run(['doctor', '--json', ...args], env);
  expect(result.stderr).toBe('');
  return { code: result.code, report: JSON.parse(result.stdout) as Report };
}

describe('doctor --json', () => {
  it('reports package, backend, SDK, verdicts, Node, N-API and the binary', async () => {
    const { code, report } = await json([]);
    expect(code).toBe(0);
    expect(report.ok).toBe(true);
    expect(report.package).toEqual({ name: 'social-sdk-node', version: pkg.version });
    expect(report.backend).toEqual({ name: 'sim', available: true, error: null });
    expect(report.features).toEqual({
      messageAdditionalName: true,
      voiceSettings: true,
      cpuAffinityMask: true,
      guildChannelDetails: true,
      messageModerationMetadata: true,
      inviteCoverImage: true,
      noiseCancellation: true,
    });
    expect(report.sdk).toEqual({ version: '1.10.18369', hash: 'simulator', source: 'backend' });
    expect(report.support?.status).toBe('supported');
    expect(report.support?.findings.map((f) => f.code)).toEqual(['SDK_SUPPORTED']);
    expect(report.platform?.sdkVersion).toBe('1.10.18369');
    expect(report.node).toMatchObject({ version: process.version, napi: process.versions.napi, platform: process.platform, arch: process.arch });
    // Issue 41: the doctor says whether this Node is one CI tests (20, 22 and 24).
    expect(report.node.tested).toBe([20, 22, 24].includes(Number(process.versions.node.split('.')[0])));
    expect(report.binary.error).toBeNull();
    expect(report.binary.path?.startsWith(root)).toBe(true);
    expect(report.binary.path?.endsWith('.node')).toBe(true);
    expect(fs.existsSync(report.binary.path ?? '')).toBe(true);
  });

  it.each([
    // args, exit code, support status, finding codes
    [['--sdk-version', '1.5.11353'], 1, 'end-of-life', ['SDK_END_OF_LIFE']],
    [['--sdk-version', '1.6.14448'], 0, 'supported', ['SDK_SUPPORTED']],
    [['--sdk-version=1.9.18336'], 0, 'supported', ['SDK_BOOL_MARSHALING_FIX_MISSING', 'SDK_SUPPORTED']],
    [['--sdk-version', '1.11.0'], 0, 'unknown', ['SDK_NEWER_THAN_TABLE']],
  ])('%j exits %i', async (args, exitCode, status, codes) => {
    const { code, report } = await json(args);
    expect(code).toBe(exitCode);
    expect(report.ok).toBe(exitCode === 0);
    expect(report.sdk).toEqual({ version: args.at(-1)?.replace('--sdk-version=', ''), hash: null, source: 'argument' });
    expect(report.support?.status).toBe(status);
    expect(report.support?.findings.map((f) => f.code)).toEqual(codes);
  });

  it.each([
    // args, exit code, platform status
    [['--target', 'macos-arm64@10.15'], 1, 'below-minimum'],
    [['--target', 'macos-arm64@11.0'], 0, 'supported'],
    [['--target', 'console2@9.999'], 1, 'below-minimum'],
    [['--target', 'console2@10.000'], 0, 'supported'],
    [['--target', 'console1@240605', '--sdk-version', '1.9.18337'], 0, 'unknown'],
  ])('%j exits %i', async (args, exitCode, status) => {
    const { code, report } = await json(args);
    expect(code).toBe(exitCode);
    expect(report.platform?.target).toBe(args[1]);
    expect(report.platform?.status).toBe(status);
  });

  it('reports a missing vendor backend cleanly (exit 1, no SDK version) instead of crashing', async () => {
    const { code, report } = await json([], { SOCIAL_SDK_BACKEND: 'vendor' });
    expect(code).toBe(1);
    expect(report.ok).toBe(false);
    expect(report.backend.name).toBe('vendor');
    expect(report.backend.available).toBe(false);
    expect(report.backend.error).toContain('has no vendor backend');
    expect(report.features).toBeNull();
    expect(report.sdk).toBeNull();
    expect(report.support).toBeNull();
  });

  it('checks a given SDK version even when the backend is missing', async () => {
    const { code, report } = await json(['--sdk-version', '1.10.18369'], { SOCIAL_SDK_BACKEND: 'vendor' });
    expect(code).toBe(0);
    expect(report.backend.available).toBe(false);
    expect(report.support?.status).toBe('supported');
  });
});

describe('doctor (human output)', () => {
  it('names the SDK a feature is missing from (a vendor build against SDK 1.6)', async () => {
    const { report } = await json([]);
    const { formatDoctorReport } = load(path.join(root, 'dist', 'bin', 'doctor-text.js')) as {
      formatDoctorReport: (report: unknown) => string;
    };
    const features = { messageAdditionalName: false, voiceSettings: false, cpuAffinityMask: false, guildChannelDetails: false, messageModerationMetadata: false, inviteCoverImage: true, noiseCancellation: false };
    const text = formatDoctorReport({ ...report, backend: { name: 'vendor', available: true, error: null }, sdk: { ...report.sdk, version: '1.6.12170', source: 'backend' }, features });
    expect(text.split('\n')).toContain(
      'features   message additional names: not available in SDK 1.6.12170; voice settings: not available in SDK 1.6.12170; ' +
        'CPU affinity mask: not available in SDK 1.6.12170; guild channel type/position/parent: not available in SDK 1.6.12170; ' +
        'message moderation metadata: not available in SDK 1.6.12170; invite cover image: available; ' +
        'noise cancellation: not available in SDK 1.6.12170',
    );
  });

  it('prints one line per item and the result', async () => {
    const result = await run(['doctor']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const lines = result.stdout.split('\n');
    expect(lines).toContain(`package    social-sdk-node ${pkg.version}`);
    expect(lines).toContain('backend    sim (built-in simulator)');
    expect(lines).toContain('SDK        1.10.18369 (hash simulator, reported by the backend)');
    expect(lines).toContain(
      'features   message additional names: available; voice settings: available; CPU affinity mask: available; ' +
        'guild channel type/position/parent: available; message moderation metadata: available; invite cover image: available; ' +
        'noise cancellation: available',
    );
    expect(lines).toContain('support    supported');
    expect(lines.some((line) => line.startsWith(`node       ${process.version}, N-API ${process.versions.napi}, ${process.platform}-${process.arch}`))).toBe(true);
    expect(lines).toContain('node ci    yes: CI runs the whole suite on Node 20, 22, 24');
    expect(lines.some((line) => /^binary {5}\/.+\.node$/.test(line) || /^binary {5}[A-Z]:\\.+\.node$/.test(line))).toBe(true);
    expect(lines.at(-2)).toBe('result: OK');
  });

  it('says that a platform without a minimum is fine, instead of a bare "unknown" beside result: OK', async () => {
    const result = await run(['doctor', '--target', 'console1@240605', '--sdk-version', '1.9.18337']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('platform   console1@240605: no minimum applies with SDK 1.9.18337, so nothing to check (this is fine)');
    expect(result.stdout).not.toMatch(/^platform .*: unknown/m);
  });

  it('says what is wrong and what to do about it', async () => {
    const result = await run(['doctor', '--sdk-version', '1.5.11353', '--target', 'macos-x64@10.14']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('support    NOT SUPPORTED (end-of-life)');
    expect(result.stdout).toContain('error   SDK_END_OF_LIFE: SDK 1.5.11353 is end-of-life: 1.5 and earlier get no patches. Upgrade to a supported release');
    expect(result.stdout).toContain('result: NOT SUPPORTED (see above)');
  });

  it('names the platform minimum that is not met', async () => {
    const result = await run(['doctor', '--target', 'console1@240605']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('platform   console1@240605: NOT SUPPORTED (below the minimum) (minimums of SDK 1.10.18369)');
    expect(result.stdout).toContain('PLATFORM_BELOW_MINIMUM: First console family: GDK 240605 is below the minimum of Social SDK 1.10, GDK 241000 or later (230600 to 240605 dropped).');
  });

  it('shows the missing vendor backend and its remedy', async () => {
    const result = await run(['doctor'], { SOCIAL_SDK_BACKEND: 'vendor' });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('backend    vendor: not available');
    expect(result.stdout).toContain('SOCIAL_SDK_DIR=/path/to/discord_social_sdk npm rebuild social-sdk-node --build-from-source');
    expect(result.stdout).toContain('SDK        unknown: the backend is not available');
  });
});

describe('doctor usage', () => {
  it.each([['--help'], ['-h'], ['doctor', '--help']])('%j prints usage and exits 0', async (...args) => {
    const result = await run(args);
    expect(result.code).toBe(0);
    expect(result.stdout.startsWith('Usage: social-sdk-node doctor [--json]')).toBe(true);
    expect(result.stdout).toContain('Exit status: 0 supported, 1 not supported, 2 usage error.');
  });

  it.each([
    [[], 'no command given'],
    [['frobnicate'], "unknown command 'frobnicate'"],
    [['doctor', 'now'], "unexpected argument 'now'"],
    [['doctor', '--bogus'], "Unknown option '--bogus'"],
    [['doctor', '--sdk-version'], "Option '--sdk-version <value>' argument missing"],
    [['doctor', '--sdk-version', '1.10'], 'an SDK version looks like major.minor.build'],
    [['doctor', '--target', 'macos@11'], 'a platform target looks like PLATFORM@VERSION'],
    [['doctor', '--target', 'console1@24100'], 'a console1 version looks like 241000'],
  ])('%j is a usage error (exit 2)', async (args, message) => {
    const result = await run(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`social-sdk-node: ${message}`);
    expect(result.stderr).toContain('Run social-sdk-node --help for details.');
  });
});

describe('the bin', () => {
  it.skipIf(process.platform === 'win32')('is executable and starts with a shebang', async () => {
    expect(fs.readFileSync(BIN, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    const result = await run(['doctor', '--json'], {}, BIN);
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as Report).ok).toBe(true);
  });

  it('is in the package', async () => {
    const packed = await new Promise<string>((resolve, reject) => {
      const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
      execFile(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, shell: process.platform === 'win32' }, (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      );
    });
    const [listing] = JSON.parse(packed) as [{ files: { path: string; mode: number }[] }];
    const file = listing.files.find((f) => f.path === path.relative(root, BIN).split(path.sep).join('/'));
    expect(file).toBeDefined();
  });
});

describe('the Node versions we test (issue 41)', () => {
  const versions = load(path.join(root, 'dist', 'support', 'node-versions.js')) as typeof import('../lib/support/node-versions.js');

  it('are 20 (the oldest engines allows), 22 (Electron) and 24 (LTS); others are not', () => {
    expect(versions.TESTED_NODE_MAJORS).toEqual([20, 22, 24]);
    for (const v of ['v20.17.0', 'v22.23.3', 'v24.21.0']) expect(versions.isTestedNode(v)).toBe(true);
    for (const v of ['v18.20.4', 'v21.7.3', 'v26.0.0', 'nonsense']) expect(versions.isTestedNode(v)).toBe(false);
    expect(pkg.engines.node).toBe('>=20.17.0');
  });

  it('are the ones .ci/run tests: this machine\'s Node and the rest of the list', () => {
    const ci = fs.readFileSync(path.join(root, '.ci', 'run'), 'utf8');
    expect(ci).toContain("require('./dist/support/node-versions.js').TESTED_NODE_MAJORS");
  });
});
