/** A Social SDK version: `major.minor.build`, e.g. 1.10.18369. */
export interface SdkVersion {
  major: number;
  minor: number;
  build: number;
}

/** The newest supported SDK build the spec names (the 1.10 bool-marshaling hotfix). */
export const NEWEST_SUPPORTED_SDK_VERSION = '1.10.18369';

const VERSION_PATTERN = /^(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})$/;

/**
 * Parses `major.minor.build` strictly: three non-negative decimal integers without leading zeros.
 * @throws TypeError when `text` is not a string; RangeError when it is malformed.
 */
export function parseSdkVersion(text: string): SdkVersion {
  if (typeof text !== 'string') throw new TypeError(`an SDK version must be a string, got ${typeof text}`);
  const match = VERSION_PATTERN.exec(text);
  if (!match) {
    throw new RangeError(`an SDK version looks like major.minor.build (e.g. ${NEWEST_SUPPORTED_SDK_VERSION}), got '${text.slice(0, 40)}'`);
  }
  return { major: Number(match[1]), minor: Number(match[2]), build: Number(match[3]) };
}

/** `major.minor.build` of a version. */
export function formatSdkVersion(version: SdkVersion): string {
  return `${version.major}.${version.minor}.${version.build}`;
}
