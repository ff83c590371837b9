/**
 * The version-support policy as data: one row per SDK minor release. When the next minor ships,
 * add its row at the top, mark the minor that leaves the window `end-of-life`, and update
 * `NEWEST_SUPPORTED_SDK_VERSION` in `version.ts` (a test checks the two agree). Everything else
 * (checks, warnings, `doctor`, docs/versions-and-support.md) reads this table.
 *
 * Sources: the spec's "Social SDK versioning" notes (window, end-of-life, hotfixes 1.10.18369,
 * 1.9.18337, 1.8.18335, platform minimums, WebRTC base) and the vendor change log as summarised in
 * the SDK reference §8 (release months, the log-filtering hotfixes of March 2026).
 * @module
 */
import type { FindingSeverity } from './finding.js';

/** Whether a minor release is in the supported window. */
export type SdkMinorStatus = 'supported' | 'end-of-life';

/** Platforms the policy names a minimum for (the spec does not name the console families). */
export type PlatformId = 'macos-x64' | 'macos-arm64' | 'console1' | 'console2';

/** A hotfix build of one minor release. Builds of that minor below `build` lack the fix. */
export interface SdkHotfix {
  /** The build that has the fix, e.g. 18369 for 1.10.18369. */
  readonly build: number;
  /** What it fixes, as a verb phrase ("fixes bool marshaling …"). */
  readonly fixes: string;
  /** The severity of the finding a build without the fix gets. */
  readonly severity: Exclude<FindingSeverity, 'error'>;
  /** The stable code of that finding. */
  readonly code: string;
  /** Where the fact comes from. */
  readonly source: 'spec' | 'change log';
}

/** A platform minimum in force for a release. */
export interface PlatformMinimum {
  readonly platform: PlatformId;
  /** Human name, e.g. "macOS on Apple Silicon", "First console family". */
  readonly name: string;
  /** What the version is of ("macOS", "GDK", "SDK"). */
  readonly versionOf: string;
  /** The oldest supported version, in the platform's own notation (10.15, 241000, 10.000). */
  readonly minimum: string;
  /** Versions this minimum dropped, as the spec states them; null when it does not say. */
  readonly dropped: string | null;
}

/** One minor release of the SDK. */
export interface SdkMinorSupport {
  readonly major: number;
  readonly minor: number;
  /** Month of the minor's first dated build in the change log, `YYYY-MM`; null when not known. */
  readonly released: string | null;
  /**
   * `end-of-life` on the oldest row stands for that minor and every earlier one; a minor newer
   * than the newest row is unknown to this table.
   */
  readonly status: SdkMinorStatus;
  /** Known hotfix builds, oldest first. */
  readonly hotfixes: readonly SdkHotfix[];
  /** Platform minimums in force for this release. */
  readonly platformMinimums: readonly PlatformMinimum[];
  /** Why a platform has no minimum listed here although newer releases have one; null if none. */
  readonly platformNote: string | null;
  /** The WebRTC version the release is based on, when known. */
  readonly webrtcBase: string | null;
}

/** The whole policy. */
export interface SdkSupportTable {
  /** The release the policy was stated with and its month. */
  readonly policyRelease: { readonly version: string; readonly month: string };
  /** Newest minor first; contiguous. */
  readonly minors: readonly SdkMinorSupport[];
}

const MACOS_X64: PlatformMinimum = {
  platform: 'macos-x64',
  name: 'macOS on Intel',
  versionOf: 'macOS',
  minimum: '10.15',
  dropped: null,
};
const MACOS_ARM64: PlatformMinimum = {
  platform: 'macos-arm64',
  name: 'macOS on Apple Silicon',
  versionOf: 'macOS',
  minimum: '11.0',
  dropped: null,
};
const CONSOLE1_GDK: PlatformMinimum = {
  platform: 'console1',
  name: 'First console family',
  versionOf: 'GDK',
  minimum: '241000',
  dropped: '230600 to 240605',
};
const CONSOLE2_SDK: PlatformMinimum = {
  platform: 'console2',
  name: 'Second console family',
  versionOf: 'console SDK',
  minimum: '10.000',
  dropped: '7.000 to 9.000',
};

const BOOL_MARSHALING = 'fixes bool marshaling across the C# boundary';
const LOG_FILTERING = 'keeps the bearer token out of logs and makes release builds log only errors and warnings';

function boolMarshaling(build: number): SdkHotfix {
  return { build, fixes: BOOL_MARSHALING, severity: 'warning', code: 'SDK_BOOL_MARSHALING_FIX_MISSING', source: 'spec' };
}
function logFiltering(build: number): SdkHotfix {
  return { build, fixes: LOG_FILTERING, severity: 'info', code: 'SDK_LOG_FILTERING_FIX_MISSING', source: 'change log' };
}

/** 1.6 to 1.9 keep the console support they shipped with (spec); the table does not know it. */
const CONSOLES_AS_SHIPPED = 'keeps the console support it shipped with';

/**
 * The support table. Interpretation of the spec where it is silent: the macOS minimums are not
 * tied to a release, so they are in force for every supported minor; the console minimums apply
 * from 1.10, since 1.6 to 1.9 keep the console support they shipped with.
 */
export const SDK_SUPPORT_TABLE: SdkSupportTable = deepFreeze({
  policyRelease: { version: '1.10', month: '2026-07' },
  minors: [
    {
      major: 1,
      minor: 10,
      released: '2026-07',
      status: 'supported',
      hotfixes: [boolMarshaling(18369)],
      platformMinimums: [MACOS_X64, MACOS_ARM64, CONSOLE1_GDK, CONSOLE2_SDK],
      platformNote: null,
      webrtcBase: 'M130',
    },
    {
      major: 1,
      minor: 9,
      released: '2026-05',
      status: 'supported',
      hotfixes: [boolMarshaling(18337)],
      platformMinimums: [MACOS_X64, MACOS_ARM64],
      platformNote: CONSOLES_AS_SHIPPED,
      webrtcBase: null,
    },
    {
      major: 1,
      minor: 8,
      released: '2025-12',
      status: 'supported',
      hotfixes: [logFiltering(14437), boolMarshaling(18335)],
      platformMinimums: [MACOS_X64, MACOS_ARM64],
      platformNote: CONSOLES_AS_SHIPPED,
      webrtcBase: null,
    },
    {
      major: 1,
      minor: 7,
      released: '2025-11',
      status: 'supported',
      hotfixes: [logFiltering(14433)],
      platformMinimums: [MACOS_X64, MACOS_ARM64],
      platformNote: CONSOLES_AS_SHIPPED,
      webrtcBase: null,
    },
    {
      major: 1,
      minor: 6,
      released: '2025-09',
      status: 'supported',
      hotfixes: [logFiltering(14448)],
      platformMinimums: [MACOS_X64, MACOS_ARM64],
      platformNote: CONSOLES_AS_SHIPPED,
      webrtcBase: null,
    },
    {
      major: 1,
      minor: 5,
      released: null,
      status: 'end-of-life',
      hotfixes: [],
      platformMinimums: [],
      platformNote: null,
      webrtcBase: null,
    },
  ],
});

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}
