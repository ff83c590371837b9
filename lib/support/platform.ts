import type { SupportFinding } from './finding.js';
import type { PlatformTarget } from './platform-target.js';
import { currentHost, hostPlatformTarget } from './host.js';
import { lookupMinor, minorName } from './sdk-support.js';
import { SDK_SUPPORT_TABLE, type PlatformId, type PlatformMinimum, type SdkMinorSupport } from './table.js';
import { NEWEST_SUPPORTED_SDK_VERSION, parseSdkVersion } from './version.js';
import { checkOptions, describe, typeName } from '../common/validate.js';

export type { PlatformTarget } from './platform-target.js';

/** Options of {@link checkPlatform}. */
export interface CheckPlatformOptions {
  /** The SDK release whose minimums apply, `major.minor.build`. Default: the newest supported build. */
  sdkVersion?: string;
}

/** `below-minimum` is refused; `unknown`: the policy has no minimum to check against. */
export type PlatformStatus = 'supported' | 'below-minimum' | 'unknown';

/** The answer of {@link checkPlatform}. */
export interface PlatformVerdict {
  /** `platform@version` for a platform with a minimum, else the host's `platform-arch`. */
  readonly target: string;
  /** The SDK release whose minimums were applied. */
  readonly sdkVersion: string;
  readonly status: PlatformStatus;
  /** False only when the version is below the minimum. */
  readonly supported: boolean;
  /** The minimum applied; null when none applies. */
  readonly minimum: PlatformMinimum | null;
  readonly findings: readonly SupportFinding[];
}

type VersionKey = readonly number[];

/** Strict parsers of each platform's version notation, to comparable keys. */
const NOTATIONS: Record<PlatformId, { pattern: RegExp; example: string; key(match: RegExpExecArray): VersionKey }> = {
  'macos-x64': macos('10.15'),
  'macos-arm64': macos('14.5'),
  console1: { pattern: /^[0-9]{6}$/, example: '241000', key: (m) => [Number(m[0])] },
  console2: { pattern: /^(0|[1-9][0-9]?)\.([0-9]{3})$/, example: '10.000', key: (m) => [Number(m[1]), Number(m[2])] },
};
const PLATFORM_IDS = Object.keys(NOTATIONS) as PlatformId[];

function macos(example: string): (typeof NOTATIONS)[PlatformId] {
  return {
    pattern: /^(0|[1-9][0-9]{0,2})(?:\.(0|[1-9][0-9]{0,2}))?(?:\.(0|[1-9][0-9]{0,2}))?$/,
    example,
    key: (m) => [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)],
  };
}

/**
 * Parses `platform@version`, e.g. `macos-arm64@14.5`, `console1@241000`, `console2@10.000`.
 * @throws TypeError when `text` is not a string; RangeError when it is malformed.
 */
export function parsePlatformTarget(text: string): PlatformTarget {
  if (typeof text !== 'string') throw new TypeError(`a platform target must be a string, got ${typeName(text)}`);
  const at = text.indexOf('@');
  const platform = text.slice(0, at);
  if (at < 0 || !isPlatformId(platform)) {
    throw new RangeError(
      `a platform target looks like PLATFORM@VERSION with PLATFORM one of ${PLATFORM_IDS.join(', ')} (e.g. macos-arm64@14.5), got ${describe(text)}`,
    );
  }
  const target = { platform, version: text.slice(at + 1) };
  versionKey(target);
  return target;
}

/**
 * Checks a platform against the minimums of an SDK release: macOS 10.15 on Intel and 11.0 on Apple
 * Silicon (every supported release); the first console family GDK 241000 and the second SDK
 * 10.000 (from 1.10; 1.6 to 1.9 keep the console support they shipped with).
 * @param target `'host'` (this machine; the macOS version is derived from the kernel release), a
 * `platform@version` string, or a {@link PlatformTarget}.
 * @throws TypeError or RangeError for a malformed target or SDK version.
 * @example
 * checkPlatform('macos-arm64@10.15').status; // 'below-minimum'
 * checkPlatform('console1@240605', { sdkVersion: '1.9.18337' }).status; // 'unknown': not in force for 1.9
 */
export function checkPlatform(target: string | PlatformTarget = 'host', options: CheckPlatformOptions = {}): PlatformVerdict {
  const sdkVersion = checkOptions(options).sdkVersion ?? NEWEST_SUPPORTED_SDK_VERSION;
  const sdk = parseSdkVersion(sdkVersion);
  let resolved: PlatformTarget | null;
  if (target === 'host') {
    resolved = hostPlatformTarget();
  } else if (typeof target === 'string') {
    resolved = parsePlatformTarget(target);
  } else if (typeof target === 'object' && target !== null) {
    const { platform, version } = target as { platform: unknown; version: unknown };
    if (typeof platform !== 'string') throw new TypeError(`target.platform must be a string, got ${typeName(platform)}`);
    if (typeof version !== 'string') throw new TypeError(`target.version must be a string, got ${typeName(version)}`);
    resolved = parsePlatformTarget(`${platform}@${version}`);
  } else {
    throw new TypeError(`target must be 'host', a string or a PlatformTarget, got ${typeName(target)}`);
  }
  if (resolved === null) {
    const host = currentHost();
    return unknown(`${host.platform}-${host.arch}`, sdkVersion, {
      severity: 'info',
      code: 'PLATFORM_NO_MINIMUM',
      message: `The SDK's support policy names no minimum for ${host.platform}-${host.arch}; nothing to check.`,
    });
  }
  const name = `${resolved.platform}@${resolved.version}`;
  const found = lookupMinor(sdk);
  // A minor newer than the table: the newest known minimums are assumed to stay in force.
  const row = found.position === 'newer' ? (SDK_SUPPORT_TABLE.minors[0] ?? null) : found.row;
  const minimum = row?.platformMinimums.find((m) => m.platform === resolved.platform) ?? null;
  const webrtc = webrtcFinding(row);
  if (row === null || row.status === 'end-of-life') {
    return unknown(name, sdkVersion, {
      severity: 'info',
      code: 'PLATFORM_NO_MINIMUM',
      message: `SDK ${minorName(sdk)} is end-of-life; the support table has no platform minimums for it.`,
    });
  }
  if (minimum === null) {
    const from = SDK_SUPPORT_TABLE.minors.findLast((r) => r.platformMinimums.some((m) => m.platform === resolved.platform));
    const later = from?.platformMinimums.find((m) => m.platform === resolved.platform);
    const applies = from && later ? `; the ${later.name.toLowerCase()} minimum (${later.versionOf} ${later.minimum}) applies from ${minorName(from)}` : '';
    return unknown(name, sdkVersion, {
      severity: 'info',
      code: 'PLATFORM_MINIMUM_NOT_IN_FORCE',
      message: `SDK ${minorName(row)} ${row.platformNote ?? 'names no minimum for this platform'}${applies}, so ${name} is not checked.`,
    }, webrtc);
  }
  const floor = `${minimum.versionOf} ${minimum.minimum} or later${minimum.dropped ? ` (${minimum.dropped} dropped)` : ''}`;
  const below = compareKeys(versionKey(resolved), versionKey({ platform: minimum.platform, version: minimum.minimum })) < 0;
  const finding: SupportFinding = below
    ? {
        severity: 'error',
        code: 'PLATFORM_BELOW_MINIMUM',
        message: `${minimum.name}: ${minimum.versionOf} ${resolved.version} is below the minimum of Social SDK ${minorName(row)}, ${floor}.`,
      }
    : {
        severity: 'info',
        code: 'PLATFORM_SUPPORTED',
        message: `${minimum.name}: ${minimum.versionOf} ${resolved.version} meets the minimum of Social SDK ${minorName(row)}, ${floor}.`,
      };
  return {
    target: name,
    sdkVersion,
    status: below ? 'below-minimum' : 'supported',
    supported: !below,
    minimum,
    findings: webrtc ? [finding, webrtc] : [finding],
  };
}

function unknown(target: string, sdkVersion: string, ...findings: (SupportFinding | null)[]): PlatformVerdict {
  return {
    target,
    sdkVersion,
    status: 'unknown',
    supported: true,
    minimum: null,
    findings: findings.filter((f): f is SupportFinding => f !== null),
  };
}

function webrtcFinding(row: SdkMinorSupport | null): SupportFinding | null {
  if (!row?.webrtcBase) return null;
  return { severity: 'info', code: 'SDK_WEBRTC_BASE', message: `SDK ${minorName(row)} is based on WebRTC ${row.webrtcBase}.` };
}

function isPlatformId(text: string): text is PlatformId {
  return Object.hasOwn(NOTATIONS, text);
}

function versionKey(target: PlatformTarget): VersionKey {
  const notation = NOTATIONS[target.platform];
  const match = notation.pattern.exec(target.version);
  if (!match) {
    throw new RangeError(`a ${target.platform} version looks like ${notation.example}, got ${describe(target.version)}`);
  }
  return notation.key(match);
}

function compareKeys(a: VersionKey, b: VersionKey): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
