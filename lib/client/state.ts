/**
 * A client's state as JS has observed it, and what a feature module reaches of a client: its
 * native object, the operation helpers, the emitter to fire events on and the feature's waiters.
 * @internal
 * @module
 */
import { namesByValue } from '../model/enum-names.js';
import { SocialSdkError, clientDestroyed } from '../common/errors.js';
import { LogSeverity as LogSeverityValues, LogSource, Status } from '../generated/seam.js';
import type { NativeClient, NativeFeatures, NativePayload } from '../addon/native.js';
import { getRuntime } from '../addon/runtime.js';
import { CLIENT_STATUSES, CONNECTION_ERRORS, type LogSeverity, type StatusChange } from '../model/types.js';
import type { ClientEmitter, ClientSink, Waiter, WaiterKey } from '../addon/client-sink.js';

const { Disconnected: DISCONNECTED, Ready: READY } = Status;
/** The public name of each LogSeverity value; 'none' and unknown values are reported as errors. */
const LOG_SEVERITIES: readonly (LogSeverity | undefined)[] = namesByValue(LogSeverityValues).map((name) =>
  name === 'none' ? 'error' : name,
);

/** Sees every status change (or the close) until it returns true. */
export type StatusWaiter = Waiter<StatusChange>;

/** The waiters for status changes (connect, disconnect, close). */
const STATUS: WaiterKey<StatusChange> = { description: 'status' };

/**
 * The client's state, held by the runtime. It refers to its client only weakly, except while
 * busy (connected, connecting, or an operation pending), so an idle client dropped without
 * `close()` can be collected and its native side closed by its finalizer.
 */
export class ClientState implements ClientSink {
  readonly owner: WeakRef<ClientEmitter>;
  readonly id: number;
  /**
   * Weak: the runtime holds this state until the client closes, and must not keep the native
   * client alive (its finalizer closes a client dropped without close()). The Client holds it.
   */
  private readonly nativeRef: WeakRef<NativeClient>;
  /** Fixed for the client's life (what its backend was built with): read once. */
  readonly features: Readonly<NativeFeatures>;
  status: number = DISCONNECTED;
  /** The client has been ready at least once: a later ready is a reconnect. */
  everReady = false;
  /**
   * Features' own reactions to status changes and to the close (presence.ts keeps the rich
   * presence across reconnects); unlike waiters they do not hold the event loop. Made when a
   * feature first adds one: an empty Set is about 200 bytes, and most clients never get a hook.
   */
  get statusHooks(): Set<(status: number | 'closed') => void> {
    return (this.hooks ??= new Set());
  }
  private hooks: Set<(status: number | 'closed') => void> | undefined;
  referenced = true;
  /** close() was called: operations are refused, and events still queued are no longer emitted. */
  closing = false;
  closed = false;
  /**
   * The status waiters (connect, disconnect, close), and the features' waiters by what they wait
   * for; each made when its first waiter comes, and the status's let go again when it empties
   * (every client has waited for `ready`): an empty Map or Set is about 200 bytes per client.
   * The status's waiters hear of the close first.
   */
  private statusWaiters: Set<StatusWaiter> | undefined;
  private waiterSets: Map<WaiterKey<unknown>, Set<Waiter<unknown>>> | undefined;
  private pinned: ClientEmitter | undefined;
  /** The client as looked up in batch `emitterBatch` of the runtime (see `emitter`). */
  private batchEmitter: ClientEmitter | undefined;
  private emitterBatch = 0;

  constructor(owner: ClientEmitter, createNative: (id: number) => NativeClient) {
    this.owner = new WeakRef(owner);
    this.id = getRuntime().register(this);
    const native = createNative(this.id);
    this.nativeRef = new WeakRef(native);
    this.features = sharedFeatures(native.features());
  }

  isBusy(): boolean {
    return !this.closed && (this.status !== DISCONNECTED || (this.statusWaiters?.size ?? 0) > 0);
  }
  isReferenced(): boolean {
    // A close in progress holds the loop even after unref(), so `await client.close()` completes.
    return this.referenced || this.closing;
  }
  setPinned(pinned: boolean): void {
    this.pinned = pinned ? this.owner.deref() : undefined;
  }

  /** The native client: only reached through a live Client (a feature method's `this`). */
  get native(): NativeClient {
    const native = this.nativeRef.deref();
    if (!native) throw new Error('internal: the native client of a collected Client was reached');
    return native;
  }

  /** The client to emit events on: none once close() was called, or when it was collected. */
  get emitter(): ClientEmitter | undefined {
    if (this.closing) return undefined;
    const runtime = getRuntime();
    const batch = runtime.batchNumber();
    if (batch === 0) return this.owner.deref();
    // Within a batch, deref() once (the runtime lets go of it when the batch ends).
    if (this.emitterBatch !== batch) {
      this.emitterBatch = batch;
      this.batchEmitter = this.owner.deref();
      runtime.holdForBatch(this);
    }
    return this.batchEmitter;
  }

  endBatch(): void {
    this.batchEmitter = undefined;
    this.emitterBatch = 0;
  }

  /** The waiters for one kind of change on this client; each is told `'closed'` when the client closes. */
  waitersOf<T>(key: WaiterKey<T>): Set<Waiter<T>> {
    if (key === (STATUS as WaiterKey<unknown>)) return (this.statusWaiters ??= new Set()) as Set<Waiter<T>>;
    const sets = (this.waiterSets ??= new Map());
    let set = sets.get(key);
    if (!set) sets.set(key, (set = new Set()));
    return set as Set<Waiter<T>>;
  }

  /** Tells `key`'s waiters about a change; those that return true are done. */
  notifyWaiters<T>(key: WaiterKey<T>, change: T): void {
    if (key === (STATUS as WaiterKey<unknown>)) this.tellStatusWaiters(change as StatusChange);
    else tell(this.waiterSets?.get(key) as Set<Waiter<T>> | undefined, change);
  }

  private tellStatusWaiters(change: StatusChange | 'closed'): void {
    tell(this.statusWaiters, change);
    // Let go once empty (a waiter added meanwhile, by one that ran, keeps it).
    if (this.statusWaiters?.size === 0) this.statusWaiters = undefined;
  }

  onStatus(status: number, error: number, detail: number): void {
    this.status = status;
    if (this.hooks) for (const hook of this.hooks) hook(status);
    if (status === READY) this.everReady = true;
    const change: StatusChange = {
      status: CLIENT_STATUSES[status] ?? 'disconnected',
      error: CONNECTION_ERRORS[error] ?? 'none',
      errorDetail: detail,
    };
    this.notifyWaiters(STATUS, change);
    this.emitter?.emit('statusChanged', change);
  }

  onLog(severity: number, message: string, source: number): void {
    this.emitter?.emit('log', { severity: LOG_SEVERITIES[severity] ?? 'error', message, source: source === LogSource.Voice ? 'voice' : 'sdk' });
  }

  onClosed(): void {
    this.closed = true;
    this.status = DISCONNECTED;
    if (this.hooks) for (const hook of this.hooks) hook('closed');
    this.tellStatusWaiters('closed');
    if (this.waiterSets) for (const set of this.waiterSets.values()) tell(set, 'closed');
    const owner = this.owner.deref();
    if (owner) emitToEveryListener(owner, 'closed');
  }

  /** Waits for status changes; the runtime re-evaluates whether the client holds the loop. */
  wait(waiter: StatusWaiter): void {
    this.waitersOf(STATUS).add(waiter);
    getRuntime().refresh(this.id);
  }

  /**
   * An operation with input checks: `prepare` validates (throwing TypeError/RangeError) and
   * returns the native call. Rejects, never throws.
   */
  start(operation: string, prepare: () => (requestId: number) => void): Promise<NativePayload> {
    if (this.closing) return Promise.reject(clientDestroyed(operation));
    let start: (requestId: number) => void;
    try {
      start = prepare();
    } catch (error) {
      return Promise.reject(error);
    }
    return this.call(operation, start);
  }

  /**
   * Runs a native operation; rejects with a SocialSdkError. It is created here, after the await,
   * so its stack needs no capture at call time (which cost a stack walk per call, rejected or
   * not): V8's async stack traces add the frame of each async function awaiting the operation
   * (the caller's line: `at async placeOrder (shop.ts:12:5)`), through the feature methods'
   * `.then` too, for free.
   */
  private async call(operation: string, start: (requestId: number) => void): Promise<NativePayload> {
    const outcome = await getRuntime().request(this.id, start);
    if (!outcome.ok) throw SocialSdkError.fromNative(outcome.failure, operation);
    return outcome.value;
  }
}

/** One frozen features object per set of flags (a process has a backend or two), not one per client. */
const featureSets = new Map<string, Readonly<NativeFeatures>>();
function sharedFeatures(features: NativeFeatures): Readonly<NativeFeatures> {
  const key = JSON.stringify(features);
  let shared = featureSets.get(key);
  if (!shared) featureSets.set(key, (shared = Object.freeze(features)));
  return shared;
}

/** Tells each of `waiters` about a change; those that return true are done. */
function tell<T>(waiters: Set<Waiter<T>> | undefined, change: T | 'closed'): void {
  if (waiters) for (const waiter of [...waiters]) if (waiter(change)) waiters.delete(waiter);
}

/**
 * Calls every listener of `event`, even when one throws: the throws are reported afterwards, as
 * the pump reports a throwing listener (an uncaught exception on the next tick), so that no
 * listener, and no `events()` iterator ending on it, misses the event.
 */
function emitToEveryListener(emitter: ClientEmitter, event: 'closed'): void {
  for (const listener of emitter.rawListeners(event) as ((this: unknown) => unknown)[]) {
    try {
      listener.call(emitter);
    } catch (error) {
      process.nextTick(() => {
        throw error;
      });
    }
  }
}

/**
 * A promise method called on something that is not a Client (a detached method, `call` with
 * another object) rejects with a TypeError, as Web IDL promise operations do, rather than throw.
 */
export function notAClient(method: string): Promise<never> {
  return Promise.reject(notAClientError(method));
}

/** The TypeError of a Client method called on something that is not a Client. */
export function notAClientError(method: string): TypeError {
  return new TypeError(`Client.prototype.${method} was called on an object that is not a Client`);
}
