/**
 * Which backend a client runs on: the built-in simulator (`sim`, always built) or the real SDK
 * library (`vendor`, built when `SOCIAL_SDK_DIR` was given at install time).
 * @internal
 * @module
 */
import { limits } from '../common/limits.js';
import { loadBinding, type NativeBackendOptions, type NativeFeatures, type NativeVersion } from './native.js';
import { checkBoolean, checkInteger, checkOneOf, checkText } from '../common/validate.js';
import { AudioSystem } from '../generated/seam.js';

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
  const checked = checkOneOf(name, ['sim', 'vendor'] as const, origin);
  if (checked === 'vendor' && !loadBinding().backends.includes('vendor')) {
    throw new Error(
      `${origin}=vendor, but this build of social-sdk-node has no vendor backend: ${BUILD_HINT}, or use the simulator (unset SOCIAL_SDK_BACKEND)`,
    );
  }
  return checked;
}

/** The SDK version of the vendor library this process loaded (the vendor backend must be built). */
export function vendorSdkVersion(): NativeVersion {
  const { vendorVersion } = loadBinding();
  if (!vendorVersion) throw new Error(`this build of social-sdk-node has no vendor backend: ${BUILD_HINT}`);
  return vendorVersion();
}

/** The optional SDK APIs a backend has: the simulator all of them, the vendor backend those of its header. */
export function backendFeatures(name: BackendName): NativeFeatures {
  if (name === 'sim') {
    return { messageAdditionalName: true, voiceSettings: true, cpuAffinityMask: true, guildChannelDetails: true, messageModerationMetadata: true, inviteCoverImage: true, noiseCancellation: true };
  }
  const { vendorFeatures } = loadBinding();
  if (!vendorFeatures) throw new Error(`this build of social-sdk-node has no vendor backend: ${BUILD_HINT}`);
  return vendorFeatures();
}

/** The options a client passes to its backend, as given (checked by {@link checkBackendOptions}). */
type BackendOptionsInput = Pick<NativeBackendOptions, 'apiBase' | 'webBase' | 'runCallbacksIntervalMs'> & {
  experimentalAudioSystem?: ExperimentalAudioSystem;
  experimentalAndroidPreventCommsForBluetooth?: boolean;
};

/**
 * The audio system of a client (`AudioSystem`, `ClientCreateOptions::ExperimentalAudioSystem`):
 * `Standard` (the default) or `Game`, which uses media-type streams on mobile platforms.
 */
export type ExperimentalAudioSystem = 'Standard' | 'Game';
const AUDIO_SYSTEM_VALUES: Readonly<Record<ExperimentalAudioSystem, number>> = AudioSystem;
const AUDIO_SYSTEMS = Object.keys(AUDIO_SYSTEM_VALUES) as ExperimentalAudioSystem[];

/**
 * Checks the backend options of a client: http(s) URLs (well-formed, at most
 * `limits.backendUrlLength` characters) and an interval of 1 to 1000 ms. A URL is never shown in a
 * message: it may carry credentials.
 */
export function checkBackendOptions(options: BackendOptionsInput): NativeBackendOptions {
  const out: NativeBackendOptions = {};
  for (const key of ['apiBase', 'webBase'] as const) {
    const value: unknown = options[key];
    if (value === undefined) continue;
    const text = checkText(value, key, 1, limits.backendUrlLength);
    let protocol: string;
    try {
      protocol = new URL(text).protocol;
    } catch {
      throw new RangeError(`${key} must be an absolute http(s) URL, got a string that is not a URL`);
    }
    if (protocol !== 'https:' && protocol !== 'http:') {
      throw new RangeError(`${key} must be an http(s) URL, got a URL of another scheme`);
    }
    out[key] = text;
  }
  const interval: unknown = options.runCallbacksIntervalMs;
  if (interval !== undefined) out.runCallbacksIntervalMs = checkInteger(interval, 'runCallbacksIntervalMs', 1, 1000);
  if (options.experimentalAudioSystem !== undefined) {
    out.experimentalAudioSystem = AUDIO_SYSTEM_VALUES[checkOneOf(options.experimentalAudioSystem, AUDIO_SYSTEMS, 'experimentalAudioSystem')];
  }
  if (options.experimentalAndroidPreventCommsForBluetooth !== undefined) {
    out.experimentalAndroidPreventCommsForBluetooth = checkBoolean(
      options.experimentalAndroidPreventCommsForBluetooth,
      'experimentalAndroidPreventCommsForBluetooth',
    );
  }
  return out;
}
