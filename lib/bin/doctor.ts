/**
 * What `social-sdk-node doctor` finds out: package, backend, SDK version and its support verdict,
 * the platform verdict, Node and N-API versions, and where the addon was loaded from. Nothing here
 * throws for a broken installation; problems are part of the report.
 * @internal
 * @module
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { backendFeatures, selectBackend, vendorSdkVersion, type BackendName } from '../addon/backend.js';
import type { NativeFeatures } from '../addon/native.js';
import { loadBinding, loadedBindingPath, packageRoot } from '../addon/native.js';
import { nativeWorldOf } from '../addon/native-worlds.js';
import { Simulator } from '../sim/simulator.js';
import { checkPlatform, type PlatformVerdict } from '../support/platform.js';
import { isTestedNode } from '../support/node-versions.js';
import { checkSdkSupport, type SdkSupportVerdict } from '../support/sdk-support.js';
import { formatSdkVersion } from '../support/version.js';

/** What to check instead of the loaded SDK and the host. Both are validated by the caller. */
export interface DoctorOptions {
  sdkVersion?: string;
  target?: string;
}

/** The `--json` output of `doctor`. */
export interface DoctorReport {
  /** True when the SDK is supported and the platform is not below a minimum. */
  ok: boolean;
  package: { name: string; version: string };
  backend: { name: string; available: boolean; error: string | null };
  /** The optional SDK APIs the backend has (null when it is not available). */
  features: NativeFeatures | null;
  /** Null when the SDK version cannot be known (backend or addon unavailable, and no --sdk-version). */
  sdk: { version: string; hash: string | null; source: 'backend' | 'argument' } | null;
  support: SdkSupportVerdict | null;
  platform: PlatformVerdict | null;
  /** Why the platform could not be checked (e.g. an unmappable kernel release); null otherwise. */
  platformError: string | null;
  node: {
    version: string;
    /** Whether this Node's major version is one CI tests the package on (TESTED_NODE_MAJORS). */
    tested: boolean;
    napi: string | null;
    platform: string;
    arch: string;
    osRelease: string;
  };
  binary: { path: string | null; error: string | null };
}

/** Gathers the report. */
export function runDoctor(options: DoctorOptions = {}): DoctorReport {
  const binary = probeBinary();
  const backend = probeBackend();
  let sdk: DoctorReport['sdk'] = null;
  if (options.sdkVersion !== undefined) {
    sdk = { version: options.sdkVersion, hash: null, source: 'argument' };
  } else if (backend.available && binary.error === null) {
    // The sim backend reports what a default Simulator reports.
    const version = backend.name === 'vendor' ? vendorSdkVersion() : nativeWorldOf(Simulator.default()).version();
    sdk = { version: formatSdkVersion(version), hash: version.hash, source: 'backend' };
  }
  const support = sdk ? checkSdkSupport(sdk.version) : null;
  const features = backend.available && binary.error === null ? backendFeatures(backend.name as BackendName) : null;
  let platform: PlatformVerdict | null = null;
  let platformError: string | null = null;
  try {
    platform = checkPlatform(options.target ?? 'host', sdk ? { sdkVersion: sdk.version } : {});
  } catch (error) {
    platformError = messageOf(error);
  }
  return {
    ok: support?.supported === true && platform?.supported !== false,
    package: readPackage(),
    backend,
    features,
    sdk,
    support,
    platform,
    platformError,
    node: {
      version: process.version,
      tested: isTestedNode(process.version),
      napi: process.versions.napi ?? null,
      platform: process.platform,
      arch: process.arch,
      osRelease: os.release(),
    },
    binary,
  };
}

function probeBinary(): DoctorReport['binary'] {
  try {
    loadBinding();
    return { path: loadedBindingPath() ?? null, error: null };
  } catch (error) {
    return { path: null, error: messageOf(error) };
  }
}

function probeBackend(): DoctorReport['backend'] {
  const name = process.env.SOCIAL_SDK_BACKEND || 'sim';
  try {
    selectBackend();
    return { name, available: true, error: null };
  } catch (error) {
    return { name, available: false, error: messageOf(error) };
  }
}

function readPackage(): DoctorReport['package'] {
  const json: unknown = JSON.parse(fs.readFileSync(path.join(packageRoot, 'package.json'), 'utf8'));
  const { name, version } = json as { name?: unknown; version?: unknown };
  return { name: String(name), version: String(version) };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
