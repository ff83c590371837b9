/**
 * Which backend a client runs on: the built-in simulator (`sim`, always built) or the real SDK
 * library (`vendor`, built when `SOCIAL_SDK_DIR` was given at install time).
 * @internal
 * @module
 */
import { loadBinding, type NativeBackendOptions, type NativeFeatures, type NativeVersion } from './native.js';

/** A backend's name. */
export type BackendName = 'sim' | 'vendor';

const BUILD_HINT =
  'build it against the SDK with `SOCIAL_SDK_DIR=/path/to/discord_social_sdk npm rebuild social-sdk-node --build-from-source` (see "Using the real SDK" in the README)';

/**
 * The backend a new client uses: `requested` (the client's `backend` option) if given, else the
 * simulator when the client was given one, else `SOCIAL_SDK_BACKEND`, else `sim`.
 * @throws RangeError for an unknown name; Error when `vendor` is not compiled into this build.
 */
export function selectBackend(requested?: unknown, hasSimulator = false): BackendName {
  let name: unknown = requested;
  let origin = 'options.backend';
  if (name === undefined) {
    const env = process.env.SOCIAL_SDK_BACKEND;
    name = hasSimulator || env === undefined || env === '' ? 'sim' : env;
    origin = 'SOCIAL_SDK_BACKEND';
  }
  if (name !== 'sim' && name !== 'vendor') {
    throw new RangeError(`${origin} must be 'sim' or 'vendor', got '${String(name)}'`);
  }
  if (name === 'vendor' && !loadBinding().backends.includes('vendor')) {
    throw new Error(
      `${origin}=vendor, but this build of social-sdk-node has no vendor backend: ${BUILD_HINT}, or use the simulator (unset SOCIAL_SDK_BACKEND)`,
    );
  }
  return name;
}

/** The SDK version of the vendor library this process loaded (the vendor backend must be built). */
export function vendorSdkVersion(): NativeVersion {
  const { vendorVersion } = loadBinding();
  if (!vendorVersion) throw new Error(`this build of social-sdk-node has no vendor backend: ${BUILD_HINT}`);
  return vendorVersion();
}

/** The optional SDK APIs a backend has: the simulator all of them, the vendor backend those of its header. */
export function backendFeatures(name: BackendName): NativeFeatures {
  if (name === 'sim') return { messageAdditionalName: true, voiceSettings: true };
  const { vendorFeatures } = loadBinding();
  if (!vendorFeatures) throw new Error(`this build of social-sdk-node has no vendor backend: ${BUILD_HINT}`);
  return vendorFeatures();
}

/** The options a client passes to its backend, as given (checked by {@link checkBackendOptions}). */
type BackendOptionsInput = Pick<NativeBackendOptions, 'apiBase' | 'webBase' | 'runCallbacksIntervalMs'>;

/** Checks the backend options of a client: http(s) URLs and an interval of 1 to 1000 ms. */
export function checkBackendOptions(options: BackendOptionsInput): NativeBackendOptions {
  const out: NativeBackendOptions = {};
  for (const key of ['apiBase', 'webBase'] as const) {
    const value: unknown = options[key];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw new TypeError(`${key} must be a string, got ${typeof value}`);
    let protocol: string;
    try {
      protocol = new URL(value).protocol;
    } catch {
      throw new RangeError(`${key} must be an absolute http(s) URL, got '${value}'`);
    }
    if (protocol !== 'https:' && protocol !== 'http:') throw new RangeError(`${key} must be an http(s) URL, got '${value}'`);
    out[key] = value;
  }
  const interval: unknown = options.runCallbacksIntervalMs;
  if (interval !== undefined) {
    if (typeof interval !== 'number') throw new TypeError(`runCallbacksIntervalMs must be a number, got ${typeof interval}`);
    if (!Number.isInteger(interval) || interval < 1 || interval > 1000) {
      throw new RangeError(`runCallbacksIntervalMs must be an integer from 1 to 1000, got ${interval}`);
    }
    out.runCallbacksIntervalMs = interval;
  }
  return out;
}
