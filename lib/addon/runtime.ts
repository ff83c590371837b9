/**
 * The JS end of the pump, one per environment (module state is per thread): routes each batch of
 * native events to the client it belongs to, settles operations by request id, and keeps the event
 * loop alive exactly while some client needs it.
 * @internal
 * @module
 */
import { reportListenerError } from '../common/listener-errors.js';
import { EVENT_INTS, ErrorType, EventKind, dispatchBatch, type EventHandlers } from '../generated/seam.js';
import type { ClientSink } from './client-sink.js';
import { loadBinding, type NativeBinding, type NativeFailure, type NativePayload } from './native.js';
import { PendingRequests } from './pending-requests.js';

/** How an operation ended: its failure, or its value. */
export type NativeOutcome = { ok: true; value: NativePayload } | { ok: false; failure: NativeFailure };

/** The client id of requests that belong to a simulated world rather than to a client. */
export const WORLD_REQUESTS = 0;
/** No client id: ids start at 1, and WORLD_REQUESTS is 0. */
const NONE_LOOKED_UP = -1;

/** The event kinds the runtime handles itself; the feature modules register handlers for the others. */
type CoreEventKind = 'Result' | 'StatusChanged' | 'Log' | 'Closed';

/** Handlers of one feature's event kinds (see {@link registerEventHandlers}). */
export type FeatureEventHandlers = Partial<Omit<EventHandlers, CoreEventKind>>;

const featureHandlers: FeatureEventHandlers = {};

/**
 * Installs a feature module's event handlers (at its load). Each finds its client's state with
 * `getRuntime().stateOf(client)`. A kind has one handler: a second registration is a bug.
 */
export function registerEventHandlers(handlers: FeatureEventHandlers): void {
  for (const kind of Object.keys(handlers) as (keyof FeatureEventHandlers)[]) {
    if (featureHandlers[kind]) throw new Error(`internal: two handlers for event kind ${kind}`);
  }
  Object.assign(featureHandlers, handlers);
  if (runtime) Object.assign(runtime.handlers, handlers);
}

/**
 * Where the events of a forwarded client go (the serving side of a remote session: its native
 * client's events are handed on whole, in the pump's encoding, rather than dispatched here).
 */
export interface ForwardedEvents {
  /** One event: its five ints at `ints[at]`, and its payload. */
  add(ints: Int32Array, at: number, payload: NativePayload): void;
  /** The batch is over: send what was added. */
  flush(): void;
}

interface PendingRequest {
  client: number;
  settle(outcome: NativeOutcome): void;
}

const CLOSED_FAILURE: NativeFailure = {
  type: ErrorType.ClientDestroyed,
  code: 0,
  status: 0,
  retryable: false,
  retryAfter: 0,
  message: 'the client was closed',
};

class Runtime {
  readonly binding: NativeBinding;
  private readonly sinks = new Map<number, ClientSink>();
  private readonly requests = new PendingRequests<PendingRequest>();
  private readonly pendingPerClient = new Map<number, number>();
  private readonly holders = new Set<number>();
  /** What the pump was last told by setKeepAlive (holders.size > 0). */
  private keptAlive = false;
  private nextClientId = 1;
  private nextRequestId = 1;
  /**
   * Called on the JS thread after each batch of events was handed out. The simulated HTTP
   * service takes the world's webhook notices here, so what a client's call caused is queued for
   * delivery before the call's promise continues.
   */
  readonly afterBatch = new Set<() => void>();

  constructor() {
    this.binding = loadBinding();
    const drain = () => this.binding.drain();
    this.binding.setDispatcher(
      (ints, ...payloads) => this.dispatch(ints, payloads),
      // The next turn, after timers and I/O had theirs. While some client holds the loop open,
      // setImmediate; otherwise an unref'd timer, which lets the process exit but, unlike an
      // unref'd immediate, still wakes a loop that other handles keep alive.
      () => {
        if (this.holders.size > 0) setImmediate(drain);
        else setTimeout(drain, 0).unref();
      },
    );
    // process.exit() runs no environment cleanup hook on the main thread: join the clients'
    // threads here rather than leave them to be killed mid-task.
    process.once('exit', () => this.binding.closeAll());
  }

  /** Clients whose events are forwarded whole (see {@link ForwardedEvents}), by id. */
  private readonly forwarded = new Map<number, ForwardedEvents>();

  /**
   * An id for a native client whose events go to `to` rather than to a Client: no request of
   * this runtime is settled by them (their request ids are the remote end's).
   */
  registerForwarded(to: ForwardedEvents): number {
    const id = this.nextClientId++;
    this.forwarded.set(id, to);
    return id;
  }

  /** Dispatches a batch that came from another process's world (a remote link) as the pump's. */
  dispatchForeign(ints: Int32Array, payloads: readonly NativePayload[]): void {
    this.dispatch(ints, payloads);
  }

  /**
   * Takes the forwarded clients' events out of a batch, hands them on, and returns the rest. A
   * forwarded client's Closed event is its last: it is forgotten then.
   */
  private forward(ints: Int32Array, payloads: readonly NativePayload[]): [Int32Array, NativePayload[]] {
    const keptInts: number[] = [];
    const keptPayloads: NativePayload[] = [];
    const touched = new Set<ForwardedEvents>();
    for (let at = 0, i = 0; at < ints.length; at += EVENT_INTS, i++) {
      const client = ints[at + 1]!;
      const to = this.forwarded.get(client);
      if (to) {
        to.add(ints, at, payloads[i]);
        touched.add(to);
        if (ints[at] === EventKind.Closed) this.forwarded.delete(client);
      } else {
        for (let k = 0; k < EVENT_INTS; k++) keptInts.push(ints[at + k]!);
        keptPayloads.push(payloads[i]);
      }
    }
    for (const to of touched) to.flush();
    return [Int32Array.from(keptInts), keptPayloads];
  }

  register(sink: ClientSink): number {
    const id = this.nextClientId++;
    this.sinks.set(id, sink);
    this.lastLookedUp = NONE_LOOKED_UP;
    return id;
  }

  /**
   * Starts an operation: `start` receives the request id the native result will carry. Resolves
   * with the outcome; never rejects unless `start` throws. `client` is WORLD_REQUESTS for a
   * simulated world's own requests (they hold the event loop open while pending).
   */
  request(client: number, start: (requestId: number) => void): Promise<NativeOutcome> {
    const requestId = this.nextRequestId;
    this.nextRequestId = this.nextRequestId >= 0x7fffffff ? 1 : this.nextRequestId + 1;
    return new Promise((resolve, reject) => {
      try {
        start(requestId);
      } catch (error) {
        reject(error);
        return;
      }
      this.requests.set(requestId, { client, settle: resolve });
      const pending = this.pendingPerClient.get(client) ?? 0;
      this.pendingPerClient.set(client, pending + 1);
      // refresh() reads the pending requests only as "any or none", and every other change it
      // reads refreshes by itself: only the first pending request (and, in settle, the last) can
      // change what it decides. With 100 sends in flight it ran twice per round trip for nothing.
      if (pending === 0) this.refresh(client);
    });
  }

  /**
   * The state of a client that is open (registered and not yet closed). The last one looked up is
   * kept: a batch's events come mostly from one client in a row (a log flood, a client's lobby
   * traffic), and a Map lookup per event was a sixth of a log event's dispatch.
   */
  stateOf(client: number): ClientSink | undefined {
    if (client !== this.lastLookedUp) {
      this.lastSink = this.sinks.get(client);
      this.lastLookedUp = client;
    }
    return this.lastSink;
  }
  /** Which client {@link lastSink} is for; reset whenever `sinks` changes. */
  private lastLookedUp = NONE_LOOKED_UP;
  private lastSink: ClientSink | undefined;

  /** Re-evaluates whether `client` is busy; call after any change that may matter. */
  refresh(client: number): void {
    const sink = this.sinks.get(client);
    const pending = (this.pendingPerClient.get(client) ?? 0) > 0;
    const busy = sink === undefined ? client === WORLD_REQUESTS && pending : pending || sink.isBusy();
    sink?.setPinned(busy);
    if (busy && (sink?.isReferenced() ?? true)) this.holders.add(client);
    else this.holders.delete(client);
    // Told to the pump only when it changes: refresh() runs for every request and settlement.
    const keepAlive = this.holders.size > 0;
    if (keepAlive !== this.keptAlive) {
      this.keptAlive = keepAlive;
      this.binding.setKeepAlive(keepAlive);
    }
  }

  /** The batch being dispatched (numbered from 1), or 0 between batches. */
  private currentBatch = 0;
  private batchCount = 0;
  /** The clients that looked up their emitter in the current batch (see {@link holdForBatch}). */
  private readonly batchClients: ClientSink[] = [];

  private dispatch(ints: Int32Array, payloads: readonly NativePayload[]): void {
    if (this.forwarded.size > 0) [ints, payloads] = this.forward(ints, payloads);
    this.currentBatch = ++this.batchCount;
    try {
      dispatchBatch(this.handlers, ints, payloads, reportListenerError);
    } finally {
      this.currentBatch = 0;
      // Whatever a batch looked up is let go, so a client dropped without close() can still be
      // collected.
      for (const sink of this.batchClients) sink.endBatch();
      this.batchClients.length = 0;
    }
    for (const hook of this.afterBatch) hook();
  }

  /**
   * The number of the batch being dispatched, or 0 between batches. A client's state looks its
   * Client up (`WeakRef.deref()`, which is not free) once per batch, and registers with
   * {@link holdForBatch} to be told when the batch ends.
   */
  batchNumber(): number {
    return this.currentBatch;
  }

  /** `sink` keeps something for the current batch only: its endBatch() runs when the batch ends. */
  holdForBatch(sink: ClientSink): void {
    this.batchClients.push(sink);
  }

  /**
   * What each event kind does, with its fields decoded by the generated dispatchBatch: the core's
   * kinds here, the others from the feature modules (see registerEventHandlers).
   */
  readonly handlers: EventHandlers = {
    ...(featureHandlers as EventHandlers),
    Result: (_client, requestId, failed, outcome) => {
      const request = this.requests.get(requestId);
      if (!request) return;
      this.settle(requestId, request, failed ? { ok: false, failure: outcome as NativeFailure } : { ok: true, value: outcome });
    },
    StatusChanged: (client, status, error, detail) => {
      this.stateOf(client)?.onStatus(status, error, detail);
      this.refresh(client);
    },
    Log: (client, severity, source, message) => this.stateOf(client)?.onLog(severity, message, source),
    Closed: (client) => {
      // Backends settle pending operations before "closed"; anything left is settled here.
      for (const [id, request] of this.requests.ofClient(client)) this.settle(id, request, { ok: false, failure: CLOSED_FAILURE });
      const sink = this.sinks.get(client);
      sink?.setPinned(false);
      this.sinks.delete(client);
      this.lastLookedUp = NONE_LOOKED_UP;
      this.pendingPerClient.delete(client);
      this.refresh(client);
      sink?.onClosed();
    },
  };

  private settle(id: number, request: PendingRequest, outcome: NativeOutcome): void {
    this.requests.delete(id);
    const left = (this.pendingPerClient.get(request.client) ?? 1) - 1;
    if (left > 0) this.pendingPerClient.set(request.client, left);
    else {
      this.pendingPerClient.delete(request.client);
      this.refresh(request.client);
    }
    request.settle(outcome);
  }
}

let runtime: Runtime | undefined;


/** The environment's runtime, created (and the addon loaded) on first use. */
export function getRuntime(): Runtime {
  runtime ??= new Runtime();
  return runtime;
}
