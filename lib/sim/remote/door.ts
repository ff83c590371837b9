/**
 * The serving side of remote links (`<url>/remote/`): another process's harness calls and SDK
 * clients reach this world over a WebSocket. Each SDK client of the other process is a session:
 * a native client of this world whose events are forwarded whole (the runtime's forwarded
 * clients) to the link it came from; its calls are applied as they arrive. A link that closes
 * ends its sessions as the service ends a connection that drops. A link that does not read is
 * dropped once too much waits for it; the world goes on.
 * @internal
 * @module
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';

import { getRuntime, WORLD_REQUESTS, type ForwardedEvents } from '../../addon/runtime.js';
import { ErrorType, EventKind } from '../../generated/seam.js';
import { REMOTE_CLIENT_METHODS, REMOTE_WORLD_METHODS } from '../../generated/remote.js';
import type { NativeClient, NativePayload, NativeWorld } from '../../addon/native.js';
import { presentedSecret, secretMatches } from '../../remote/access.js';
import {
  decodeFrame,
  encodeFrame,
  MAX_BUFFERED_BYTES,
  MAX_FRAME_BYTES,
  PROTOCOL_HEADER,
  REMOTE_PATH,
  REMOTE_PROTOCOL,
  toRemoteError,
  type LinkFrame,
  type WorldFrame,
} from '../../remote/protocol.js';
import { clockOf, syncClock } from '../clock.js';
import type { SideDoor } from '../http/server.js';
import { noteWorldCall } from '../world-changes.js';
import { runWorldSide, WORLD_SIDE_PREFIX } from '../world-side.js';
import { SERVED_QUESTION, type ServedWorld } from '../world-source.js';

/** The most arguments any method takes, with room to spare: a longer list is refused unread. */
const MAX_ARGS = 16;

/** Refuses an upgrade with a status and a JSON body the other end reports as its error. */
function refuseUpgrade(socket: Duplex, status: number, reason: string, message: string): void {
  const body = JSON.stringify({ message, protocol: REMOTE_PROTOCOL });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json\r\n${PROTOCOL_HEADER}: ${REMOTE_PROTOCOL}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** What a call's failure looks like when its Result is what the other end waits for. */
function failureOf(error: unknown): NativePayload {
  const message = error instanceof Error ? error.message : String(error);
  return { type: ErrorType.ValidationError, code: 0, status: 0, retryable: false, retryAfter: 0, message } as NativePayload;
}

/** One link: a WebSocket and the sessions it attached. */
class LinkConnection implements ForwardedEvents {
  readonly #socket: WebSocket;
  readonly #world: NativeWorld;
  readonly #served: Omit<ServedWorld, 'clockMode'>;
  /** Session (the other end's client id) -> its native client here and that client's id here. */
  readonly #sessions = new Map<number, { native: NativeClient; localId: number }>();
  readonly #sessionOf = new Map<number, number>();
  #ints: number[] = [];
  #payloads: unknown[] = [];

  constructor(socket: WebSocket, world: NativeWorld, served: Omit<ServedWorld, 'clockMode'>) {
    this.#socket = socket;
    this.#world = world;
    this.#served = served;
    socket.on('message', (data: Buffer, isBinary: boolean) => this.#receive(isBinary ? null : data.toString('utf8')));
    socket.on('close', () => this.end());
    socket.on('error', () => socket.terminate());
  }

  /** The link is gone: each session's client ends, as a dropped connection ends at the service. */
  end(): void {
    for (const { native } of this.#sessions.values()) {
      try {
        native.close();
      } catch {
        // Closed already.
      }
    }
    this.#sessions.clear();
  }

  terminate(): void {
    this.#socket.terminate();
    this.end();
  }

  add(ints: Int32Array, at: number, payload: NativePayload): void {
    const session = this.#sessionOf.get(ints[at + 1]!);
    if (session === undefined) return;
    this.#ints.push(ints[at]!, session, ints[at + 2]!, ints[at + 3]!, ints[at + 4]!);
    this.#payloads.push(payload);
    if (ints[at] === EventKind.Closed) {
      this.#sessionOf.delete(ints[at + 1]!);
      this.#sessions.delete(session);
    }
  }

  flush(): void {
    if (this.#payloads.length === 0) return;
    const frame: WorldFrame = { t: 'events', ints: this.#ints, payloads: this.#payloads };
    this.#ints = [];
    this.#payloads = [];
    this.#send(frame);
  }

  #send(frame: WorldFrame): void {
    if (this.#socket.readyState !== this.#socket.OPEN) return;
    // A process that does not read: drop its link rather than hold the world's events for it.
    if (this.#socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.terminate();
      return;
    }
    this.#socket.send(encodeFrame(frame));
  }

  #receive(text: string | null): void {
    let frame: LinkFrame;
    try {
      if (text === null) throw new TypeError('malformed frame: binary frames are not part of the protocol');
      frame = decodeFrame<LinkFrame>(text, ['attach', 'call', 'world']);
    } catch (error) {
      this.#send({ t: 'refused', error: toRemoteError(error) });
      return;
    }
    const seq = typeof frame.seq === 'number' ? frame.seq : undefined;
    try {
      const value = this.#apply(frame);
      if (seq !== undefined) this.#send({ t: 'reply', seq, value });
    } catch (error) {
      if (seq !== undefined) this.#send({ t: 'reply', seq, error: toRemoteError(error) });
      else if (frame.t === 'call' && REMOTE_CLIENT_METHODS[frame.method as keyof NativeClient] === 'async' && this.#sessions.has(frame.session)) {
        // The other end waits for this request's Result: it fails with the reason.
        this.#send({ t: 'events', ints: [EventKind.Result, frame.session, Number(frame.args[0]) | 0, 1, 0], payloads: [failureOf(error)] });
      } else this.#send({ t: 'refused', error: toRemoteError(error) });
    }
  }

  #apply(frame: LinkFrame): unknown {
    if (frame.t === 'attach') return this.#attach(frame);
    const args = frame.args;
    if (!Array.isArray(args) || args.length > MAX_ARGS) throw new TypeError(`malformed frame: "args" must be an array of at most ${MAX_ARGS}`);
    if (frame.t === 'world') return this.#worldCall(frame.method, args);
    const session = this.#sessions.get(frame.session);
    if (!session) throw new RangeError(`session ${String(frame.session)} is not attached on this link`);
    const method = frame.method as keyof NativeClient;
    if (!Object.hasOwn(REMOTE_CLIENT_METHODS, method)) throw new TypeError(`malformed frame: no client method ${JSON.stringify(String(frame.method).slice(0, 64))}`);
    return (session.native[method] as (...a: unknown[]) => unknown)(...args);
  }

  #attach(frame: LinkFrame & { t: 'attach' }): null {
    const session = frame.session;
    if (!Number.isSafeInteger(session) || session <= 0) throw new TypeError('malformed frame: "session" must be a positive integer');
    if (this.#sessions.has(session)) throw new RangeError(`session ${session} is attached on this link already`);
    const options = typeof frame.options === 'object' && frame.options !== null ? frame.options : {};
    const runtime = getRuntime();
    const localId = runtime.registerForwarded(this);
    this.#sessionOf.set(localId, session);
    try {
      const native = new runtime.binding.NativeClient(this.#world, localId, frame.applicationId, frame.minLogSeverity, options);
      this.#sessions.set(session, { native, localId });
    } catch (error) {
      this.#sessionOf.delete(localId);
      throw error;
    }
    return null;
  }

  #worldCall(method: string, args: unknown[]): unknown {
    if (method === SERVED_QUESTION) return { ...this.#served, clockMode: clockOf(this.#world).mode } satisfies ServedWorld;
    // The JS side's state of the world (bot settings, accounts, ...): ../world-side.ts.
    if (method.startsWith(WORLD_SIDE_PREFIX)) {
      syncClock(this.#world);
      return runWorldSide(this.#world, method, args);
    }
    if (!Object.hasOwn(REMOTE_WORLD_METHODS, method)) throw new TypeError(`malformed frame: no harness method ${JSON.stringify(method.slice(0, 64))}`);
    // The clock's own moves go through the world's clock (real-time sync, the service's windows).
    if (method === 'advance') return clockOf(this.#world).advance(Number(args[0]));
    if (method === 'now') return clockOf(this.#world).now();
    syncClock(this.#world);
    if (REMOTE_WORLD_METHODS[method as keyof NativeWorld] === 'async') {
      const remoteRequest = Number(args[0]) | 0;
      // settle(): answered, as in process, by a Result for client 0 once the world's work settled;
      // the events it waited for were forwarded first, on this same link.
      void getRuntime()
        .request(WORLD_REQUESTS, (requestId) => (this.#world[method as 'settle'] as (id: number) => void)(requestId))
        .then((outcome) => {
          const failed = !outcome.ok;
          this.#send({ t: 'events', ints: [EventKind.Result, WORLD_REQUESTS, remoteRequest, failed ? 1 : 0, 0], payloads: [failed ? outcome.failure : outcome.value] });
        });
      return null;
    }
    const result = (this.#world[method as keyof NativeWorld] as (...a: unknown[]) => unknown)(...args);
    noteWorldCall(this.#world, method, args, result);
    return result;
  }
}

/** The side door of remote links, and what closing the service does to them. */
export function remoteDoor(world: NativeWorld, secret: string, served: Omit<ServedWorld, 'clockMode'>): SideDoor & { close(): void } {
  const server = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  const links = new Set<LinkConnection>();
  return {
    prefix: REMOTE_PATH,
    request(_request, response) {
      response.writeHead(426, { 'content-type': 'application/json', upgrade: 'websocket' }).end(JSON.stringify({ message: 'the remote link is a WebSocket' }));
    },
    upgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
      if (!secretMatches(presentedSecret(request), secret)) {
        refuseUpgrade(socket, 401, 'Unauthorized', 'the served simulator refused the link: it must present the harness secret of the URL the simulator printed (Authorization: Harness <secret>)');
        return;
      }
      const theirs = request.headers[PROTOCOL_HEADER];
      if (theirs !== REMOTE_PROTOCOL) {
        const stated = typeof theirs === 'string' ? theirs.slice(0, 64) : 'none';
        refuseUpgrade(socket, 400, 'Bad Request', `remote protocol mismatch: the served simulator speaks ${REMOTE_PROTOCOL}, this process speaks ${stated}; use the same social-sdk-node version on both ends`);
        return;
      }
      server.handleUpgrade(request, socket, head, (ws) => {
        const link = new LinkConnection(ws, world, served);
        links.add(link);
        ws.on('close', () => links.delete(link));
      });
    },
    close() {
      for (const link of links) link.terminate();
      links.clear();
      server.close();
    },
  };
}
