/**
 * The Client class: construction, connection and lifecycle. Each feature's methods and events are
 * added by its module in `lib/features/` (see `lib/features/index.ts`, which assembles them).
 * @module
 */
import { EventEmitter, on } from 'node:events';
import { inspect } from 'node:util';

import { checkBackendOptions, selectBackend, vendorSdkVersion, type BackendName, type ExperimentalAudioSystem } from '../addon/backend.js';
import { SocialSdkError, clientDestroyed, withCallSite } from '../common/errors.js';
import { toSnowflake, type Snowflake, type SnowflakeInput } from '../model/ids.js';
import { limits } from '../common/limits.js';
import type { NativeClient, NativeFeatures } from '../addon/native.js';
import { Status, TokenType } from '../generated/seam.js';
import { getRuntime } from '../addon/runtime.js';
import { defaultNativeWorld, nativeWorldOf } from '../addon/native-worlds.js';
import { linkOfWorld, servedWorldFor } from '../remote/native-world.js';
import { createRemoteNativeClient } from '../remote/native-client.js';
import type { Simulator } from '../sim/simulator.js';
import { enforceSdkSupport } from '../support/enforce.js';
import { formatSdkVersion } from '../support/version.js';
import { CLIENT_STATUSES, LOG_LEVEL_VALUES, type ClientEvents, type ClientStatus, type LogLevel, type StatusChange } from '../model/types.js';
import { checkCpuAffinityMask } from '../model/presence.js';
import { fromNativeUser, type User } from '../model/user.js';
import { checkBoolean, checkOneOf, checkOptions, checkText, describe, typeName } from '../common/validate.js';
import { clientEventNames } from './event-names.js';
import { ClientState, notAClient, type StatusWaiter } from './state.js';

/** Options of a {@link Client}. */
export interface ClientOptions {
  /** The application (game) the client acts for; tokens issued for another application are refused. */
  applicationId?: SnowflakeInput;
  /**
   * Simulator backend: the simulated world to connect to. Defaults to {@link Simulator.default}, or,
   * when the environment variable `SOCIAL_SDK_SIMULATOR` is set (and `backend` is not), to the
   * world served at that URL. A URL (`service.harnessUrl`, or the one `npx social-sdk-node sim`
   * printed) makes this a client of a world another process serves: the same API, events and
   * statuses, over a WebSocket; a lost link is a network drop (`reconnecting`, then `ready` again).
   */
  simulator?: Simulator | string;
  /** The least severe log level forwarded as `log` events. Default `warning`. */
  logLevel?: LogLevel;
  /**
   * The backend: `sim` (the built-in simulator) or `vendor` (the real SDK library; needs a build
   * with `SOCIAL_SDK_DIR`, see the README). Default: `sim` when `simulator` is given, else the
   * `SOCIAL_SDK_BACKEND` environment variable, else `sim`.
   */
  backend?: BackendName;
  /**
   * Vendor backend: base URL of the service's API (`ClientCreateOptions.ApiBase`); default the
   * library's. The simulator ignores it.
   */
  apiBase?: string;
  /** Vendor backend: base URL of the service's web app (`ClientCreateOptions.WebBase`). The simulator ignores it. */
  webBase?: string;
  /**
   * Vendor backend: how often the library is polled for callbacks (`discordpp::RunCallbacks`), in
   * ms, 1 to 1000; default 10. The library's queue is process-wide: the shortest interval any open
   * client asked for applies. The simulator signals its events and ignores it.
   */
  runCallbacksIntervalMs?: number;
  /**
   * Runs on an end-of-life SDK instead of refusing it (a `SocialSdkWarning` is still emitted).
   * Default false: the constructor throws a SocialSdkError of type `UnsupportedSdk`.
   */
  allowUnsupportedSdk?: boolean;
  /**
   * An affinity hint for the SDK's threads (`ClientCreateOptions::SetCpuAffinityMask`): a
   * non-negative integer of at most 64 bits, as a bigint or a number (numbers must be safe
   * integers; use a bigint above 2^53 - 1). The spec says it controls SDK thread affinity on one
   * console family only; elsewhere the platform may ignore it. The simulator records it: read it
   * back with {@link Client.cpuAffinityMask}. The vendor backend built against SDK 1.6, which has
   * no such option (`features.cpuAffinityMask` false), throws "cpuAffinityMask is not available in
   * SDK x.y.z (it needs 1.7)" rather than drop it.
   * @example
   * const client = new Client({ cpuAffinityMask: 0b1100n }); // SDK threads on cores 2 and 3
   */
  cpuAffinityMask?: bigint | number;
  /**
   * The audio system (`ClientCreateOptions::ExperimentalAudioSystem`, "an experimental API which
   * may be removed or changed in a future release"): `Standard` (the default) or `Game`, which
   * "alters the behavior of Discord Voice on mobile platforms to use standard media-type streams
   * instead of voice-specific audio APIs when possible" (iOS 18.2+ with echo-cancelled input,
   * Android). The simulator records it (`sim.machine(user).sdkClients`).
   */
  experimentalAudioSystem?: ExperimentalAudioSystem;
  /**
   * Android only, experimental (`ClientCreateOptions::ExperimentalAndroidPreventCommsForBluetooth`):
   * the SDK does not enter communications mode while Bluetooth is connected, keeping stereo
   * playback but using the device's microphone. Default false. The simulator records it.
   */
  experimentalAndroidPreventCommsForBluetooth?: boolean;
}

/** Optional SDK features a backend may lack (see {@link Client.features}). */
export type BackendFeatures = Readonly<NativeFeatures>;

/** Options of {@link Client.updateToken}. */
export interface UpdateTokenOptions {
  /** The SDK accepts only `Bearer` (OAuth2 access tokens); `User` is refused with a ValidationError. */
  tokenType?: 'Bearer' | 'User';
}

/** Options of {@link Client.events}. */
export interface EventIteratorOptions {
  /** Ends the iteration with an AbortError when aborted. Must be an `AbortSignal` when given. */
  signal?: AbortSignal;
}

/** What `client.events(name)` yields for each event. */
export type EventValue<K extends keyof ClientEvents> = ClientEvents[K] extends [infer V, ...unknown[]] ? V : undefined;

const { Ready: READY, Disconnected: DISCONNECTED, Disconnecting: DISCONNECTING } = Status;
/** Gateway close code for "authentication failed". */
const CLOSE_AUTHENTICATION_FAILED = 4004;
const TOKEN_TYPES = TokenType;

let stateOf: (value: unknown) => ClientState | undefined;

/**
 * The state of `value` when it is a Client (the brand check: promise methods called on anything
 * else reject with a TypeError); how the feature modules reach a client's native side.
 * @internal
 */
export function clientState(value: unknown): ClientState | undefined {
  return stateOf(value);
}

/**
 * A social SDK client: sign in with an access token, connect, and use the service through
 * promises and typed events. One process may hold many clients (the simulator's test harness
 * does); each must be closed with {@link Client.close} (or `await using`).
 *
 * Lifetime: a client that is connecting, connected or has an operation pending keeps the process
 * alive, unless {@link Client.unref} was called. An idle client that is dropped without `close()`
 * is closed when it is garbage-collected.
 */
export class Client extends EventEmitter<ClientEvents> {
  readonly #state: ClientState;
  /** The native client: held here (the state refers to it weakly, see ClientState). */
  readonly #native: NativeClient;
  /**
   * The native client's live status (NativeClient.statusReader): the status getter's fast path.
   * Made at the first read: a reader is a native function of its own (its template, prototype
   * and finalizer, about 1 KB), which a client whose status is never read need not hold.
   */
  #liveStatus: (() => number) | undefined;
  #tokenGiven = false;
  #connecting: Promise<void> | undefined;
  /** A connect attempt is under way: a `disconnected` status is sure to follow (or `ready`). */
  #attemptLive = false;
  #closing: Promise<void> | undefined;

  static {
    // The brand check and the feature modules' way in to the client's state (see clientState).
    stateOf = (value) => (typeof value === 'object' && value !== null && #state in value ? value.#state : undefined);
  }

  /**
   * Checks the backend's SDK version against the support policy (see {@link checkSdkSupport}):
   * warnings are emitted once per process as `SocialSdkWarning`s.
   * @throws TypeError or RangeError for malformed options; Error when the selected backend is not
   * available; SocialSdkError (type `UnsupportedSdk`) for an end-of-life SDK unless
   * `allowUnsupportedSdk` is true.
   */
  constructor(options: ClientOptions = {}) {
    super();
    checkOptions(options);
    const applicationId = toSnowflake(options.applicationId ?? '0', 'applicationId');
    const logLevel = checkOneOf(options.logLevel ?? 'warning', LOG_LEVELS, 'logLevel');
    const allowUnsupportedSdk = checkBoolean(options.allowUnsupportedSdk ?? false, 'allowUnsupportedSdk');
    const served = servedWorldFor(options.simulator, options.backend);
    const backend = selectBackend(options.backend, options.simulator !== undefined || served !== undefined);
    if (backend === 'vendor' && options.simulator !== undefined) {
      throw new TypeError("simulator applies to the 'sim' backend only, not to backend 'vendor'");
    }
    const cpuAffinityMask = checkCpuAffinityMask(options.cpuAffinityMask);
    const backendOptions = checkBackendOptions(options);
    if (cpuAffinityMask !== undefined) backendOptions.cpuAffinityMask = cpuAffinityMask;
    const source = backend === 'vendor' ? 'vendor' : (served ?? (options.simulator == null ? defaultNativeWorld() : nativeWorldOf(options.simulator as object)));
    const version = source === 'vendor' ? vendorSdkVersion() : source.version();
    enforceSdkSupport(formatSdkVersion(version), allowUnsupportedSdk);
    const runtime = getRuntime();
    this.#state = new ClientState(
      this,
      (id) => {
        const link = source === 'vendor' ? undefined : linkOfWorld(source);
        if (link) return createRemoteNativeClient(link, id, applicationId, LOG_LEVEL_VALUES[logLevel], backendOptions);
        return new runtime.binding.NativeClient(source, id, applicationId, LOG_LEVEL_VALUES[logLevel], backendOptions);
      },
    );
    this.#native = this.#state.native;
  }

  /** The live connection status of the backend (events about it may still be on their way). */
  get status(): ClientStatus {
    return CLIENT_STATUSES[(this.#liveStatus ??= this.#native.statusReader())()] ?? 'disconnected';
  }

  /** The application this client acts for (`'0'` when none was given). */
  get applicationId(): Snowflake {
    return this.#native.applicationId();
  }

  /** The signed-in user, once the client is ready; null before and after. */
  get currentUser(): User | null {
    const user = this.#state.closed ? null : this.#native.currentUser();
    return user && fromNativeUser(user);
  }

  /** Which backend serves this client: `sim` (built-in simulator) or `vendor` (the real SDK). */
  get backend(): string {
    return this.#native.backend();
  }

  /**
   * Optional SDK features and whether this backend has them. The simulator has them all (but
   * `noiseCancellation` when its `sdkVersion` is before 1.9); the vendor backend has those of the SDK release it was built against (each field names the release
   * that added it: SDK 1.6 has none of them, 1.9 all but the two of 1.10). What a missing feature
   * does is in each field's description, e.g. without `messageAdditionalName` a message's
   * `additionalName` is always null, and without `voiceSettings` `getVoiceSettings` rejects with
   * "not available in SDK x.y.z".
   */
  get features(): BackendFeatures {
    return this.#state.features;
  }

  /** The SDK version of the backend, `major.minor.build`. */
  get sdkVersion(): string {
    const version = this.#native.sdkVersion();
    return `${version.major}.${version.minor}.${version.build}`;
  }

  /**
   * The git commit hash the backend's SDK was built from (`Client::GetVersionHash`), for bug
   * reports beside {@link Client.sdkVersion}; the simulator reports `'simulator'`.
   */
  get sdkVersionHash(): string {
    return this.#native.sdkVersion().hash;
  }

  /** True once the client is closed. */
  get closed(): boolean {
    return this.#closing !== undefined;
  }

  /**
   * Gives the client the OAuth2 access token the next {@link Client.connect} signs in with. The
   * token is handed to the native layer at once and is never kept in JS, logged or shown (nor is
   * it, or any other argument, shown in the error of a refused call). It must be a well-formed
   * string of 1 to `limits.accessTokenLength` characters. Rejects, never throws.
   */
  updateToken(token: string, options?: UpdateTokenOptions): Promise<void> {
    if (!stateOf(this)) return notAClient('updateToken');
    return this.#state
      .start('updateToken', () => {
        checkText(token, 'token', 1, limits.accessTokenLength);
        const tokenType = checkOneOf(checkOptions(options).tokenType ?? 'Bearer', ['Bearer', 'User'] as const, 'tokenType');
        this.#tokenGiven = true;
        return (requestId) => this.#native.updateToken(requestId, TOKEN_TYPES[tokenType], token);
      })
      .then(() => undefined);
  }

  /**
   * Connects and signs in. Resolves once the client is `ready`; rejects with a SocialSdkError
   * otherwise (type `AuthorizationFailed` for an unknown, revoked or expired token). Concurrent
   * calls share one attempt; calling it when ready resolves at once.
   */
  connect(): Promise<void> {
    if (!stateOf(this)) return notAClient('connect');
    if (this.#closing) return Promise.reject(clientDestroyed('connect'));
    if (!this.#tokenGiven) {
      return Promise.reject(
        new SocialSdkError('connect: there is no access token yet; call updateToken() first', { type: 'ValidationError' }),
      );
    }
    // Decide from the backend's live status: events about earlier activity may still be queued.
    if (this.#connecting) return this.#connecting;
    const live = this.#native.status();
    if (live === READY) return Promise.resolve();
    const callSite = new Error();
    this.#connecting = new Promise<void>((resolve, reject) => {
      // Only an attempt under way (or the one this call starts) can settle this call; a
      // "disconnected" queued from before it must not.
      let started = live !== DISCONNECTED && live !== DISCONNECTING;
      this.#attemptLive = true;
      this.#wait((change) => {
        if (change === 'closed') {
          this.#attemptLive = false;
          reject(withCallSite(clientDestroyed('connect'), callSite));
          return true;
        }
        if (change.status === 'ready') {
          this.#attemptLive = false;
          resolve();
          return true;
        }
        if (change.status === 'connecting') started = true;
        if (change.status === 'disconnected' && started) {
          this.#attemptLive = false;
          reject(withCallSite(connectFailure(change), callSite));
          return true;
        }
        return false;
      });
      this.#native.connect();
    }).finally(() => {
      this.#connecting = undefined;
    });
    return this.#connecting;
  }

  /** The `cpuAffinityMask` the client was created with, as the backend reports it; null when none was given (or once closed). */
  get cpuAffinityMask(): bigint | null {
    return this.#state.closed ? null : this.#native.cpuAffinityMask();
  }

  /**
   * Disconnects. Resolves once `disconnected`. An attempt to connect that is still under way is
   * cancelled: its `connect()` rejects with type `Aborted`.
   */
  async disconnect(): Promise<void> {
    if (this.#closing) throw clientDestroyed('disconnect');
    if (!this.#attemptLive && this.#native.status() === DISCONNECTED) return;
    await new Promise<void>((resolve, reject) => {
      this.#wait((change) => {
        if (change === 'closed') {
          reject(clientDestroyed('disconnect'));
          return true;
        }
        if (change.status === 'disconnected') {
          resolve();
          return true;
        }
        return false;
      });
      this.#native.disconnect();
    });
  }

  /**
   * Closes the client: disconnects, stops and joins every native thread it owns, and settles every
   * pending operation (they reject with type `ClientDestroyed`). From the call on, no
   * `statusChanged` or `log` event is emitted any more; `closed` follows. Idempotent; resolves
   * when done.
   */
  close(): Promise<void> {
    if (!stateOf(this)) return notAClient('close');
    this.#state.closing = true;
    this.#closing ??= new Promise<void>((resolve) => {
      if (this.#state.closed) return resolve();
      this.#wait((change) => {
        if (change !== 'closed') return false;
        resolve();
        return true;
      });
      this.#native.close();
    });
    return this.#closing;
  }

  /** `await using client = ...` closes it at the end of the scope. */
  [Symbol.asyncDispose](): Promise<void> {
    if (!stateOf(this)) return notAClient('Symbol.asyncDispose');
    return this.close();
  }

  /** Lets the process exit even while this client is connected or busy. */
  unref(): this {
    this.#state.referenced = false;
    getRuntime().refresh(this.#state.id);
    return this;
  }

  /** Undoes {@link Client.unref}: a busy client keeps the process alive again. */
  ref(): this {
    this.#state.referenced = true;
    getRuntime().refresh(this.#state.id);
    return this;
  }

  /**
   * Every `name` event as an async iterator; ends when the client closes (even when a `closed`
   * listener throws), or with an AbortError when `signal` aborts. On a closed client it ends at once.
   * @throws TypeError when `name` is not a string or `options` not an object (or `signal` not an
   * AbortSignal); RangeError for a name that is not one of the client's events.
   * @example
   * for await (const change of client.events('statusChanged')) console.log(change.status);
   */
  events<K extends keyof ClientEvents>(name: K, options?: EventIteratorOptions): AsyncIterableIterator<EventValue<K>> {
    checkEventName(name);
    const { signal } = checkOptions(options);
    if (signal !== undefined && !(signal instanceof AbortSignal)) {
      throw new TypeError(`options.signal must be an AbortSignal, got ${typeName(signal)}`);
    }
    const closed = this.#state.closed;
    // Created now (not at the first next()), so the events from here on are buffered.
    const source = closed ? undefined : on(this as EventEmitter, name, { signal, close: ['closed'] });
    return (async function* () {
      if (!source) return;
      for await (const args of source) {
        // Events already buffered when the signal aborted are not handed out.
        signal?.throwIfAborted();
        yield (args as unknown[])[0] as EventValue<K>;
      }
    })();
  }

  [inspect.custom](depth: number, options: { stylize(text: string, style: string): string }): string {
    // Called by util.inspect with a number and its options; anything else (a direct call) gets
    // the plain form rather than an error.
    if (typeof depth === 'number' && depth < 0) {
      return typeof options?.stylize === 'function' ? options.stylize('[Client]', 'special') : '[Client]';
    }
    const user = this.currentUser;
    return `Client ${inspect(
      {
        backend: this.backend,
        status: this.status,
        applicationId: this.applicationId,
        user: user ? `${user.username} (${user.id})` : null,
        closed: this.closed,
      },
      { colors: false },
    )}`;
  }

  #wait(waiter: StatusWaiter): void {
    this.#state.wait(waiter);
  }
}

const LOG_LEVELS = Object.keys(LOG_LEVEL_VALUES) as LogLevel[];

/** Refuses a name that is not one of the client's events (see `ClientEvents`). */
function checkEventName(name: unknown): asserts name is keyof ClientEvents {
  const names = clientEventNames();
  if (typeof name === 'string' && names.includes(name)) return;
  const known = names.join(', ');
  if (typeof name !== 'string') throw new TypeError(`events(name): name must be a string naming a client event (${known}), got ${typeName(name)}`);
  // An event name is shown only when it is short and looks like one (letters only).
  const shown = /^[A-Za-z]{1,40}$/.test(name) ? `'${name}'` : describe(name);
  throw new RangeError(`events(name): ${shown} is not a client event; the events are ${known}`);
}

function connectFailure(change: StatusChange): SocialSdkError {
  if (change.errorDetail === CLOSE_AUTHENTICATION_FAILED) {
    return new SocialSdkError(
      'connect: the service refused the access token (gateway close 4004): it is unknown, revoked, expired or for another application; get a new token and call updateToken()',
      { type: 'AuthorizationFailed', code: CLOSE_AUTHENTICATION_FAILED },
    );
  }
  if (change.error === 'none') {
    return new SocialSdkError('connect: disconnect() was called before the client was ready', { type: 'Aborted' });
  }
  return new SocialSdkError(`connect: the connection failed (${change.error}, detail ${change.errorDetail})`, {
    type: 'NetworkError',
    code: change.errorDetail,
    retryable: true,
  });
}
