import * as os from 'node:os';

import { describe, typeName } from '../common/validate.js';
import type { PlatformTarget } from './platform-target.js';

/** What {@link hostPlatformTarget} looks at; defaults to this machine. */
export interface HostInfo {
  /** `process.platform`, e.g. `darwin`. */
  platform: string;
  /** `process.arch`, e.g. `arm64`. */
  arch: string;
  /** The kernel release, `os.release()`, e.g. `23.4.0` on macOS 14. */
  release: string;
}

const DARWIN_RELEASE = /^(0|[1-9][0-9]{0,3})\.(0|[1-9][0-9]{0,3})(?:\.(0|[1-9][0-9]{0,3}))?$/;

/**
 * The macOS version of a Darwin kernel release (`os.release()` on macOS). Darwin 6 to 19 are
 * macOS 10.2 to 10.15; Darwin 20 to 24 are macOS 11 to 15; from Darwin 25 the marketing version
 * jumped to the year (Darwin 25 is macOS 26 "Tahoe"), so Darwin N is macOS N + 1. From macOS 11 on,
 * the kernel release does not pin the macOS minor, so only the major version is returned.
 * @throws TypeError when `release` is not a string; RangeError when it is not a Darwin release of
 * macOS 10.2 or later.
 * @example
 * macosVersionFromDarwin('19.6.0'); // '10.15'
 * macosVersionFromDarwin('24.1.0'); // '15'
 * macosVersionFromDarwin('25.0.0'); // '26'
 */
export function macosVersionFromDarwin(release: string): string {
  if (typeof release !== 'string') throw new TypeError(`a Darwin release must be a string, got ${typeName(release)}`);
  const match = DARWIN_RELEASE.exec(release);
  const darwin = match ? Number(match[1]) : Number.NaN;
  if (!(darwin >= 6)) {
    throw new RangeError(`a Darwin release looks like 23.4.0 (macOS 10.2 or later is Darwin 6 or later), got ${describe(release)}`);
  }
  if (darwin < 20) return `10.${darwin - 4}`;
  if (darwin < 25) return String(darwin - 9);
  return String(darwin + 1);
}

/**
 * The platform target of a host, for {@link checkPlatform}: `macos-x64` or `macos-arm64` with the
 * macOS version derived from the kernel release; null for a host the policy names no minimum for
 * (Linux, Windows, other macOS architectures).
 * @throws TypeError when `host` is not an object with string `platform`, `arch` and `release`;
 * RangeError for a macOS host whose kernel release cannot be mapped.
 */
export function hostPlatformTarget(host: HostInfo = currentHost()): PlatformTarget | null {
  if (typeof host !== 'object' || host === null) {
    throw new TypeError(`host must be an object { platform, arch, release } (or left out for this machine), got ${typeName(host)}`);
  }
  for (const field of ['platform', 'arch', 'release'] as const) {
    const value: unknown = host[field];
    if (typeof value !== 'string') throw new TypeError(`host.${field} must be a string, got ${typeName(value)}`);
  }
  if (host.platform !== 'darwin' || (host.arch !== 'x64' && host.arch !== 'arm64')) return null;
  return { platform: host.arch === 'x64' ? 'macos-x64' : 'macos-arm64', version: macosVersionFromDarwin(host.release) };
}

/** This machine. */
export function currentHost(): HostInfo {
  return { platform: process.platform, arch: process.arch, release: os.release() };
}
