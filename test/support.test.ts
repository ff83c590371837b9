// The version-support policy (spec "Versioning" → "Social SDK versioning"), table-driven at and
// around every boundary.
import { describe, expect, it } from 'vitest';

import { sdk, type SdkSupportVerdict, type PlatformVerdict } from './sdk.js';

const { checkSdkSupport, checkPlatform, SDK_SUPPORT_TABLE } = sdk;

function codes(verdict: SdkSupportVerdict | PlatformVerdict): string[] {
  return verdict.findings.map((f) => `${f.severity}:${f.code}`);
}

describe('checkSdkSupport: the 1.6–1.10 window', () => {
  it.each([
    // version, status, supported, findings (severity:code)
    ['0.9.1', 'end-of-life', false, ['error:SDK_END_OF_LIFE']],
    ['1.0.0', 'end-of-life', false, ['error:SDK_END_OF_LIFE']],
    ['1.5.99999', 'end-of-life', false, ['error:SDK_END_OF_LIFE']],
    ['1.6.14448', 'supported', true, ['info:SDK_SUPPORTED']],
    ['1.7.14433', 'supported', true, ['info:SDK_SUPPORTED']],
    ['1.8.18335', 'supported', true, ['info:SDK_SUPPORTED']],
    ['1.9.18337', 'supported', true, ['info:SDK_SUPPORTED']],
    ['1.10.18369', 'supported', true, ['info:SDK_SUPPORTED']],
    ['1.10.19337', 'supported', true, ['info:SDK_SUPPORTED']],
    ['1.11.0', 'unknown', true, ['warning:SDK_NEWER_THAN_TABLE']],
    ['1.11.20000', 'unknown', true, ['warning:SDK_NEWER_THAN_TABLE']],
    ['2.0.0', 'unknown', true, ['warning:SDK_NEWER_THAN_TABLE']],
  ] as const)('%s is %s', (version, status, supported, expected) => {
    const verdict = checkSdkSupport(version);
    expect(verdict.version).toBe(version);
    expect(verdict.status).toBe(status);
    expect(verdict.supported).toBe(supported);
    expect(codes(verdict)).toEqual(expected);
  });

  it('tells an end-of-life caller what to upgrade to', () => {
    const [finding] = checkSdkSupport('1.5.11353').findings;
    expect(finding?.message).toBe(
      'SDK 1.5.11353 is end-of-life: 1.5 and earlier get no patches. Upgrade to a supported release (1.6 through 1.10), preferably 1.10.18369 or later.',
    );
  });

  it('says an unknown newer minor is unknown, not unsupported', () => {
    const [finding] = checkSdkSupport('1.11.20000').findings;
    expect(finding?.message).toContain("newer than this package's support table (which ends at 1.10)");
    expect(checkSdkSupport('1.11.20000').release).toBeNull();
  });

  it("gives a listed minor's table row", () => {
    expect(checkSdkSupport('1.9.18337').release).toBe(SDK_SUPPORT_TABLE.minors.find((row) => row.minor === 9));
  });
});

describe('checkSdkSupport: hotfix builds', () => {
  const BOOL = 'warning:SDK_BOOL_MARSHALING_FIX_MISSING';
  const LOGS = 'info:SDK_LOG_FILTERING_FIX_MISSING';
  const OK = 'info:SDK_SUPPORTED';
  it.each([
    // the bool-marshaling hotfixes the spec names: minus one, exact, plus one
    ['1.10.18368', [BOOL, OK]],
    ['1.10.18369', [OK]],
    ['1.10.18370', [OK]],
    ['1.9.18336', [BOOL, OK]],
    ['1.9.18337', [OK]],
    ['1.9.18338', [OK]],
    ['1.8.18334', [BOOL, OK]],
    ['1.8.18335', [OK]],
    ['1.8.18336', [OK]],
    // the log-filtering hotfixes of the change log (1.8.14437, 1.7.14433, 1.6.14448): info only
    ['1.8.14436', [BOOL, LOGS, OK]],
    ['1.8.14437', [BOOL, OK]],
    ['1.7.14432', [LOGS, OK]],
    ['1.7.14433', [OK]],
    ['1.7.14434', [OK]],
    ['1.6.14447', [LOGS, OK]],
    ['1.6.14448', [OK]],
    ['1.6.14449', [OK]],
    // 1.6 and 1.7 have no bool-marshaling hotfix named in the spec: no warning for any build
    ['1.7.0', [LOGS, OK]],
  ])('%s', (version, expected) => {
    const verdict = checkSdkSupport(version);
    expect(codes(verdict)).toEqual(expected);
    expect(verdict.supported).toBe(true);
  });

  it('names the fixed build in the warning', () => {
    expect(checkSdkSupport('1.9.18336').findings[0]?.message).toBe(
      'SDK 1.9.18336 predates hotfix 1.9.18337, which fixes bool marshaling across the C# boundary; upgrade to 1.9.18337 or later.',
    );
  });
});

describe('checkSdkSupport: malformed input', () => {
  it.each(['1.10', '1.10.', '1.10.x', '01.10.5', '1.010.5', '1.10.05', '1.10.5.1', '', ' 1.10.5', 'v1.10.5', '1.10.5-beta', '1.10.9999999999'])(
    'refuses %j with a RangeError',
    (version) => {
      expect(() => checkSdkSupport(version)).toThrow(RangeError);
      expect(() => checkSdkSupport(version)).toThrow(/an SDK version looks like major\.minor\.build \(e\.g\. 1\.10\.18369\)/);
    },
  );

  it.each([[1.1], [null], [undefined], [{ major: 1, minor: 10, build: 1 }]])('refuses %j with a TypeError', (version) => {
    expect(() => checkSdkSupport(version as unknown as string)).toThrow(TypeError);
  });
});

describe('checkPlatform: minimums', () => {
  it.each([
    // target, sdkVersion, status
    ['macos-x64@10.14.6', '1.10.18369', 'below-minimum'],
    ['macos-x64@10.15', '1.10.18369', 'supported'],
    ['macos-x64@10.15.1', '1.10.18369', 'supported'],
    ['macos-x64@11', '1.10.18369', 'supported'],
    ['macos-arm64@10.15.7', '1.10.18369', 'below-minimum'],
    ['macos-arm64@11', '1.10.18369', 'supported'],
    ['macos-arm64@11.0', '1.10.18369', 'supported'],
    ['macos-arm64@11.0.1', '1.10.18369', 'supported'],
    ['macos-arm64@26', '1.10.18369', 'supported'],
    ['console1@240605', '1.10.18369', 'below-minimum'],
    ['console1@240999', '1.10.18369', 'below-minimum'],
    ['console1@241000', '1.10.18369', 'supported'],
    ['console1@241001', '1.10.18369', 'supported'],
    ['console2@9.000', '1.10.18369', 'below-minimum'],
    ['console2@9.999', '1.10.18369', 'below-minimum'],
    ['console2@10.000', '1.10.18369', 'supported'],
    ['console2@10.001', '1.10.18369', 'supported'],
    // macOS minimums hold for every supported release (see docs/versions-and-support.md for this reading of the spec)
    ['macos-x64@10.14', '1.6.14448', 'below-minimum'],
    ['macos-arm64@10.15', '1.9.18337', 'below-minimum'],
    // 1.6 to 1.9 keep the console support they shipped with: the 1.10 minimums are not applied
    ['console1@240605', '1.9.18337', 'unknown'],
    ['console2@9.000', '1.6.14448', 'unknown'],
    // a minor newer than the table keeps the newest known minimums
    ['console2@9.999', '1.11.0', 'below-minimum'],
    ['console2@10.000', '1.11.0', 'supported'],
    // end-of-life releases have no minimums in the table
    ['macos-x64@10.9', '1.5.11353', 'unknown'],
  ] as const)('%s with SDK %s is %s', (target, sdkVersion, status) => {
    const verdict = checkPlatform(target, { sdkVersion });
    expect(verdict.target).toBe(target);
    expect(verdict.sdkVersion).toBe(sdkVersion);
    expect(verdict.status).toBe(status);
    expect(verdict.supported).toBe(status !== 'below-minimum');
    const first = verdict.findings[0];
    const code = { 'below-minimum': 'PLATFORM_BELOW_MINIMUM', supported: 'PLATFORM_SUPPORTED', unknown: /^PLATFORM_(MINIMUM_NOT_IN_FORCE|NO_MINIMUM)$/ }[status];
    expect(first?.code).toMatch(code);
    expect(first?.severity).toBe(status === 'below-minimum' ? 'error' : 'info');
  });

  it('says what the minimum is, what was dropped, and which release it belongs to', () => {
    expect(checkPlatform('console1@240605').findings[0]?.message).toBe(
      'First console family: GDK 240605 is below the minimum of Social SDK 1.10, GDK 241000 or later (230600 to 240605 dropped).',
    );
    expect(checkPlatform('console2@9.000', { sdkVersion: '1.9.18337' }).findings[0]?.message).toBe(
      'SDK 1.9 keeps the console support it shipped with; the second console family minimum (console SDK 10.000) applies from 1.10, so console2@9.000 is not checked.',
    );
  });

  it('reports the WebRTC base of 1.10 (M130)', () => {
    const webrtc = checkPlatform('macos-arm64@14.5').findings.find((f) => f.code === 'SDK_WEBRTC_BASE');
    expect(webrtc?.message).toBe('SDK 1.10 is based on WebRTC M130.');
  });

  it('defaults to the newest supported SDK and takes a target object', () => {
    const verdict = checkPlatform({ platform: 'macos-arm64', version: '10.15' });
    expect(verdict.sdkVersion).toBe(sdk.NEWEST_SUPPORTED_SDK_VERSION);
    expect(verdict.status).toBe('below-minimum');
    expect(verdict.minimum?.minimum).toBe('11.0');
  });

  it.each([
    'macos@11.0',
    'macos-arm64',
    'macos-arm64@',
    'macos-arm64@11.x',
    'macos-arm64@011.0',
    'macos-arm64@11.0.0.0',
    'console1@24100',
    'console1@2410000',
    'console2@10',
    'console2@10.0',
    'console2@010.000',
    'windows@10',
    '',
  ])('refuses the malformed target %j with a RangeError', (target) => {
    expect(() => checkPlatform(target)).toThrow(RangeError);
  });

  it('refuses wrong types and a malformed SDK version', () => {
    expect(() => checkPlatform(5 as unknown as string)).toThrow(TypeError);
    expect(() => checkPlatform('macos-x64@10.15', null as unknown as object)).toThrow(TypeError);
    expect(() => checkPlatform('macos-x64@10.15', { sdkVersion: '1.10' })).toThrow(RangeError);
  });
});

describe('checkPlatform: the host', () => {
  it.each([
    // Darwin kernel release → macOS version
    ['6.0', '10.2'],
    ['18.7.0', '10.14'],
    ['19.0.0', '10.15'],
    ['19.6.0', '10.15'],
    ['20.1.0', '11'],
    ['21.6.0', '12'],
    ['23.4.0', '14'],
    ['24.6.0', '15'],
    ['25.0.0', '26'],
    ['26.1.0', '27'],
  ])('Darwin %s is macOS %s', (release, macos) => {
    expect(sdk.macosVersionFromDarwin(release)).toBe(macos);
  });

  it.each(['5.1.0', '19', '19.x', 'Darwin 19.6.0', '019.6.0', ''])('refuses the Darwin release %j', (release) => {
    expect(() => sdk.macosVersionFromDarwin(release)).toThrow(RangeError);
  });

  it.each([
    // host, target, status under the 1.10 minimums
    [{ platform: 'darwin', arch: 'x64', release: '18.7.0' }, 'macos-x64@10.14', 'below-minimum'],
    [{ platform: 'darwin', arch: 'x64', release: '19.0.0' }, 'macos-x64@10.15', 'supported'],
    [{ platform: 'darwin', arch: 'arm64', release: '19.6.0' }, 'macos-arm64@10.15', 'below-minimum'],
    [{ platform: 'darwin', arch: 'arm64', release: '20.1.0' }, 'macos-arm64@11', 'supported'],
    [{ platform: 'darwin', arch: 'arm64', release: '25.0.0' }, 'macos-arm64@26', 'supported'],
  ])('%j is %s', (host, target, status) => {
    const found = sdk.hostPlatformTarget(host);
    expect(found && `${found.platform}@${found.version}`).toBe(target);
    expect(checkPlatform(found ?? 'host').status).toBe(status);
  });

  it('names no minimum for hosts other than Intel and Apple Silicon Macs', () => {
    expect(sdk.hostPlatformTarget({ platform: 'linux', arch: 'x64', release: '6.8.0' })).toBeNull();
    expect(sdk.hostPlatformTarget({ platform: 'win32', arch: 'x64', release: '10.0.22631' })).toBeNull();
    expect(sdk.hostPlatformTarget({ platform: 'darwin', arch: 'ia32', release: '19.6.0' })).toBeNull();
  });

  it('checks this machine by default', () => {
    const verdict = checkPlatform();
    const expected = sdk.hostPlatformTarget();
    if (expected) {
      expect(verdict.target).toBe(`${expected.platform}@${expected.version}`);
    } else {
      expect(verdict.target).toBe(`${process.platform}-${process.arch}`);
      expect(codes(verdict)).toEqual(['info:PLATFORM_NO_MINIMUM']);
      expect(verdict.status).toBe('unknown');
    }
  });
});

describe('the support table', () => {
  const rows = SDK_SUPPORT_TABLE.minors;

  it('lists contiguous minors, newest first, with one end-of-life boundary', () => {
    for (let i = 1; i < rows.length; i++) {
      const [newer, older] = [rows[i - 1], rows[i]];
      expect(older?.major === newer?.major ? (older?.minor ?? 0) + 1 : undefined).toBe(newer?.minor);
      if (newer?.status === 'end-of-life') expect(older?.status).toBe('end-of-life');
    }
    expect(rows.filter((row) => row.status === 'supported').map((row) => `${row.major}.${row.minor}`)).toEqual([
      '1.10',
      '1.9',
      '1.8',
      '1.7',
      '1.6',
    ]);
  });

  it("names the newest supported build as NEWEST_SUPPORTED_SDK_VERSION (the simulator's default)", () => {
    const newest = rows[0];
    const build = Math.max(...(newest?.hotfixes.map((hotfix) => hotfix.build) ?? [0]));
    expect(`${newest?.major}.${newest?.minor}.${build}`).toBe(sdk.NEWEST_SUPPORTED_SDK_VERSION);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(SDK_SUPPORT_TABLE)).toBe(true);
    expect(Object.isFrozen(rows[0]?.hotfixes[0])).toBe(true);
    expect(() => (rows as unknown as unknown[]).push({})).toThrow(TypeError);
  });
});
