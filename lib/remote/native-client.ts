/**
 * A NativeClient whose native client lives in a world served by another process: each method
 * crosses the remote link (generated table: synchronous methods wait for their answer,
 * asynchronous ones are answered by their Result event), and the served client's events come
 * back in the pump's encoding. A lost link looks to the Client like a network drop: its pending
 * operations fail, it goes `reconnecting`, and when the link is back it attaches again as a new
 * connection of the same client (its token and settings sent again, connected again if it was).
 * @internal
 * @module
 */
import { ConnectionError, ErrorType, EVENT_INTS, EventKind, LogSeverity, Status, type NativeClient } from '../generated/seam.js';
import { MESSAGE_EVENT_KINDS, MESSAGE_LIST_METHODS, REMOTE_CLIENT_METHODS } from '../generated/remote.js';
import { getRuntime } from '../addon/runtime.js';
import type { NativeBackendOptions, NativeFailure, NativePayload } from '../addon/native.js';
import { SocialSdkError } from '../common/errors.js';
import { freezeMessage, Link, type LinkSession } from './link.js';

/** Waits before each new attempt to bring a lost link back; after the last, the client is disconnected. */
const RECONNECT_DELAYS_MS = [0, 250, 1000, 2000, 4000];

type Method = keyof NativeClient;

/** Sync methods that change the client's own settings: sent again, in order, on a new connection. */
function isSetting(method: string): boolean {
  return /^(set|register|remove)[A-Z]/.test(method) && REMOTE_CLIENT_METHODS[method as Method] === 'sync';
}

class RemoteSession implements LinkSession {
  readonly link: Link;
  readonly id: number;
  readonly #attach: { applicationId: string; minLogSeverity: number; options: NativeBackendOptions };
  /** Requests in flight: their method (a list of messages is rebuilt on arrival). */
  readonly #pending = new Map<number, string>();
  /** The settings to send again on a new connection: the last call of each method and target. */
  readonly #settings = new Map<string, { method: string; args: unknown[] }>();
  /** The token, kept only to sign in again on a new connection (never logged, never shown). */
  #token: { type: number; token: string } | undefined;
  #wantsConnection = false;
  /** The status the link last reported (the served client's, or this end's while the link is down). */
  #status: number = Status.Disconnected;
  #down = false;
  #closed = false;
  #attempt = 0;

  constructor(link: Link, id: number, applicationId: string, minLogSeverity: number, options: NativeBackendOptions) {
    this.link = link;
    this.id = id;
    this.#attach = { applicationId, minLogSeverity, options };
    // Waits for the world: an unknown application or a refused link throws here, as the
    // constructor does in process.
    link.call({ t: 'attach', seq: 0, session: id, ...this.#attach });
    link.sessions.set(id, this);
  }

  call(method: Method, args: unknown[]): unknown {
    if (this.#closed) return this.closedAnswer(method);
    if (method === 'status') return this.#down ? this.#status : this.link.call({ t: 'call', session: this.id, method, args });
    if (REMOTE_CLIENT_METHODS[method] === 'async') return this.callAsync(method, args);
    if (this.#down) return this.whileDown(method);
    if (method === 'connect') this.#wantsConnection = true;
    if (method === 'disconnect') this.#wantsConnection = false;
    const value = this.link.call({ t: 'call', session: this.id, method, args });
    if (isSetting(method)) {
      // A setting is kept per target (its arguments but the value, the last one).
      const key = `${method}:${JSON.stringify(args.slice(0, -1))}`;
      this.#settings.delete(key);
      this.#settings.set(key, { method, args });
    }
    return value;
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#wantsConnection = false;
    if (!this.#down) {
      try {
        this.link.call({ t: 'call', session: this.id, method: 'close', args: [] });
        return;
      } catch {
        // The link went down on the way: close here as below.
      }
    }
    // No served client to close: settle what is pending and report the close locally.
    this.link.sessions.delete(this.id);
    this.failPending('the client was closed', ErrorType.ClientDestroyed);
    this.deliver([EventKind.Closed, this.id, 0, 0, 0], [undefined]);
  }

  private callAsync(method: string, args: unknown[]): void {
    const requestId = args[0] as number;
    if (method === 'updateToken') this.#token = { type: args[1] as number, token: args[2] as string };
    if (this.#down) {
      // As a call on a client that is not ready: it fails, later, never inside the call.
      const failure = this.failure(ErrorType.ClientNotReady, `the client is not ready (status: ${this.#status === Status.Reconnecting ? 'reconnecting' : 'disconnected'})`);
      setImmediate(() => this.deliver([EventKind.Result, this.id, requestId, 1, 0], [failure]));
      return;
    }
    this.#pending.set(requestId, method);
    this.link.send({ t: 'call', session: this.id, method, args });
  }

  /** A synchronous call while the link is down: what a client without its service answers. */
  private whileDown(method: Method): unknown {
    if (method === 'connect') {
      this.#wantsConnection = true;
      this.reconnect();
      return undefined;
    }
    if (method === 'disconnect') {
      this.#wantsConnection = false;
      return undefined;
    }
    throw new SocialSdkError(`remote simulator: the link to the served world is down (${this.#status === Status.Reconnecting ? 'reconnecting' : 'disconnected'})`, { type: 'NetworkError' });
  }

  private closedAnswer(method: Method): unknown {
    if (method === 'status') return Status.Disconnected;
    throw new TypeError('the client is closed');
  }

  onEvent(kind: number, ints: number[], at: number, payloads: unknown[], index: number): void {
    if (kind === EventKind.Result) {
      const method = this.#pending.get(ints[at + 2]!);
      this.#pending.delete(ints[at + 2]!);
      if (method !== undefined && ints[at + 3] !== 1 && MESSAGE_LIST_METHODS.has(method) && Array.isArray(payloads[index])) {
        payloads[index] = (payloads[index] as unknown[]).map(freezeMessage);
      }
    } else if (MESSAGE_EVENT_KINDS.has(kind)) {
      payloads[index] = freezeMessage(payloads[index]);
    } else if (kind === EventKind.StatusChanged) {
      this.#status = ints[at + 2]!;
    }
  }

  onLinkDown(reason: string): void {
    if (this.#closed) return;
    const wasDown = this.#down;
    this.#down = true;
    if (!wasDown) {
      this.failPending(`remote simulator: ${reason}`, ErrorType.NetworkError);
      const live = this.#status !== Status.Disconnected && this.#status !== Status.Disconnecting;
      if (live) {
        this.#wantsConnection = true;
        this.#status = Status.Reconnecting;
        this.deliver([EventKind.Log, this.id, LogSeverity.Warning, 0, 0], [`Gateway connection lost; reconnecting (${reason})`]);
        this.deliver([EventKind.StatusChanged, this.id, Status.Reconnecting, ConnectionError.UnexpectedClose, 0], [undefined]);
      }
    }
    if (this.#wantsConnection) this.reconnect();
  }

  /** Tries to bring the link back, a few times; then the client is disconnected. */
  private reconnect(): void {
    if (this.#attempt >= RECONNECT_DELAYS_MS.length) {
      this.#attempt = 0;
      this.#wantsConnection = false;
      this.#status = Status.Disconnected;
      this.deliver([EventKind.StatusChanged, this.id, Status.Disconnected, ConnectionError.ConnectionFailed, 0], [undefined]);
      return;
    }
    const delay = RECONNECT_DELAYS_MS[this.#attempt++]!;
    setTimeout(() => {
      if (!this.#closed && this.#down) this.link.open();
    }, delay).unref();
  }

  onLinkUp(): void {
    if (this.#closed || !this.#down) return;
    this.#down = false;
    this.#attempt = 0;
    // A new connection of the same client: attach, sign in again, restore the settings, connect.
    this.link.send({ t: 'attach', seq: -1, session: this.id, ...this.#attach } as never);
    if (this.#token) this.link.send({ t: 'call', session: this.id, method: 'updateToken', args: [0, this.#token.type, this.#token.token] });
    for (const { method, args } of this.#settings.values()) this.link.send({ t: 'call', session: this.id, method, args });
    if (this.#wantsConnection) this.link.send({ t: 'call', session: this.id, method: 'connect', args: [] });
  }

  private failure(type: number, message: string): NativeFailure {
    return { type, code: 0, status: 0, retryable: false, retryAfter: 0, message };
  }

  private failPending(message: string, type: number): void {
    for (const requestId of this.#pending.keys()) this.deliver([EventKind.Result, this.id, requestId, 1, 0], [this.failure(type, message)]);
    this.#pending.clear();
  }

  /** Hands events made on this end to the runtime, as if they had come over the link. */
  private deliver(ints: number[], payloads: unknown[]): void {
    if (ints.length !== EVENT_INTS * payloads.length) throw new Error('internal: event ints and payloads disagree');
    getRuntime().dispatchForeign(Int32Array.from(ints), payloads as NativePayload[]);
  }
}

/**
 * The NativeClient of a remote session: every method of the generated table crosses the link;
 * `statusReader` and `close` are this end's.
 */
export function createRemoteNativeClient(link: Link, id: number, applicationId: string, minLogSeverity: number, options: NativeBackendOptions): NativeClient {
  const session = new RemoteSession(link, id, applicationId, minLogSeverity, options);
  const client: Record<string, unknown> = {};
  for (const method of Object.keys(REMOTE_CLIENT_METHODS) as Method[]) {
    client[method] = (...args: unknown[]) => session.call(method, args);
  }
  client.statusReader = () => () => session.call('status', []);
  client.close = () => session.close();
  return client as unknown as NativeClient;
}
