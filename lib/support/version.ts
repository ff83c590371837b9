import { describe, typeName } from '../common/validate.js';

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
  if (typeof text !== 'string') throw new TypeError(`an SDK version must be a string, got ${typeName(text)}`);
  const match = VERSION_PATTERN.exec(text);
  if (!match) {
    throw new RangeError(`an SDK version looks like major.minor.build (e.g. ${NEWEST_SUPPORTED_SDK_VERSION}), got ${describe(text)}`);
  }
  return { major: Number(match[1]), minor: Number(match[2]), build: Number(match[3]) };
}

/**
 * `major.minor.build` of a version.
 * @throws TypeError when `version` is not an object with numbers `major`, `minor` and `build`;
 * RangeError when one is not a non-negative integer.
 */
export function formatSdkVersion(version: SdkVersion): string {
  if (typeof version !== 'object' || version === null) {
    throw new TypeError(`an SDK version must be an object { major, minor, build }, got ${typeName(version)}`);
  }
  const parts = [version.major, version.minor, version.build].map((part: unknown, i) => {
    const field = ['major', 'minor', 'build'][i];
    if (typeof part !== 'number') throw new TypeError(`an SDK version's ${field} must be a number, got ${typeName(part)}`);
    if (!Number.isSafeInteger(part) || part < 0) {
      throw new RangeError(`an SDK version's ${field} must be a non-negative integer, got ${describe(part)}`);
    }
    return part;
  });
  return parts.join('.');
}
