import type { SupportFinding } from './finding.js';
import { SDK_SUPPORT_TABLE, type SdkMinorSupport } from './table.js';
import { NEWEST_SUPPORTED_SDK_VERSION, formatSdkVersion, parseSdkVersion, type SdkVersion } from './version.js';

/** Where a version stands in the policy. */
export type SdkSupportStatus = 'supported' | 'end-of-life' | 'unknown';

/** The answer of {@link checkSdkSupport}. */
export interface SdkSupportVerdict {
  /** The version checked, `major.minor.build`. */
  readonly version: string;
  /** `unknown`: a minor newer than the support table (a warning, not a refusal). */
  readonly status: SdkSupportStatus;
  /** False only for end-of-life releases (a finding of severity `error`). */
  readonly supported: boolean;
  /** The table's row for the version's minor; null when the minor is older or newer than the table. */
  readonly release: SdkMinorSupport | null;
  /** Errors first, then warnings, then infos. */
  readonly findings: readonly SupportFinding[];
}

/** Where a version's minor falls in the table. */
export type MinorLookup =
  | { readonly position: 'listed'; readonly row: SdkMinorSupport }
  | { readonly position: 'older' | 'newer'; readonly row: null };

/** @internal Finds the table row of `version`'s minor. */
export function lookupMinor(version: SdkVersion): MinorLookup {
  const rows = SDK_SUPPORT_TABLE.minors;
  const row = rows.find((r) => r.major === version.major && r.minor === version.minor);
  if (row) return { position: 'listed', row };
  const newest = rows[0];
  const newer = newest !== undefined && compareMinor(version, newest) > 0;
  return { position: newer ? 'newer' : 'older', row: null };
}

/** `major.minor` of a row or version. */
export function minorName(version: { major: number; minor: number }): string {
  return `${version.major}.${version.minor}`;
}

/** The supported window as the spec words it, e.g. "1.6 through 1.10". */
export function supportedWindow(): string {
  const supported = SDK_SUPPORT_TABLE.minors.filter((row) => row.status === 'supported');
  const newest = supported[0];
  const oldest = supported[supported.length - 1];
  if (!newest || !oldest) return 'none';
  return `${minorName(oldest)} through ${minorName(newest)}`;
}

/**
 * Checks an SDK version against the support policy: minors 1.6 through 1.10 are supported; 1.5 and
 * earlier are end-of-life (an `error`); a minor newer than the table is unknown (a `warning`); a
 * build below a known hotfix of its minor gets the hotfix's finding (a `warning` for the
 * bool-marshaling fixes 1.10.18369, 1.9.18337 and 1.8.18335).
 * @param version `major.minor.build`, e.g. `1.10.18369`.
 * @throws TypeError when `version` is not a string; RangeError when it is malformed.
 * @example
 * checkSdkSupport('1.9.17379').findings[0]?.code; // 'SDK_BOOL_MARSHALING_FIX_MISSING'
 */
export function checkSdkSupport(version: string): SdkSupportVerdict {
  const parsed = parseSdkVersion(version);
  const text = formatSdkVersion(parsed);
  const found = lookupMinor(parsed);
  const findings: SupportFinding[] = [];
  if (found.position === 'newer') {
    const newest = SDK_SUPPORT_TABLE.minors[0];
    findings.push({
      severity: 'warning',
      code: 'SDK_NEWER_THAN_TABLE',
      message: `SDK ${text} is newer than this package's support table (which ends at ${newest ? minorName(newest) : 'nothing'}); its support status is unknown: update social-sdk-node to a version that knows ${minorName(parsed)}.`,
    });
    return { version: text, status: 'unknown', supported: true, release: null, findings };
  }
  const row = found.row;
  if (row === null || row.status === 'end-of-life') {
    findings.push({ severity: 'error', code: 'SDK_END_OF_LIFE', message: endOfLifeMessage(text) });
    return { version: text, status: 'end-of-life', supported: false, release: row, findings };
  }
  for (const hotfix of row.hotfixes) {
    if (parsed.build >= hotfix.build) continue;
    const fixed = formatSdkVersion({ major: row.major, minor: row.minor, build: hotfix.build });
    findings.push({
      severity: hotfix.severity,
      code: hotfix.code,
      message: `SDK ${text} predates hotfix ${fixed}, which ${hotfix.fixes}; upgrade to ${fixed} or later.`,
    });
  }
  findings.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'warning' ? -1 : 1));
  findings.push({
    severity: 'info',
    code: 'SDK_SUPPORTED',
    message: `SDK ${text} is supported: ${minorName(row)} is in the supported window, ${supportedWindow()}.`,
  });
  return { version: text, status: 'supported', supported: true, release: row, findings };
}

function endOfLifeMessage(version: string): string {
  const newestEndOfLife = SDK_SUPPORT_TABLE.minors.find((row) => row.status === 'end-of-life');
  const limit = newestEndOfLife ? `${minorName(newestEndOfLife)} and earlier get` : 'it gets';
  return `SDK ${version} is end-of-life: ${limit} no patches. Upgrade to a supported release (${supportedWindow()}), preferably ${NEWEST_SUPPORTED_SDK_VERSION} or later.`;
}

function compareMinor(a: { major: number; minor: number }, b: { major: number; minor: number }): number {
  return a.major !== b.major ? a.major - b.major : a.minor - b.minor;
}
