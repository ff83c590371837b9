/**
 * One bot's WebSocket to the simulated gateway: Hello, the heartbeat deadline, and what each
 * opcode the bot sends does before and after its session is identified or resumed. Heartbeats are
 * timed on the host's clock (the bot heartbeats in real time, whatever the simulator's clock
 * does: our choice), on an unref'd timer.
 * @internal
 * @module
 */

import { checkIdentify, checkRequestChannelInfo, checkResume, decodeFrame, GatewayClose, GatewayCloseCodes, GatewayOpcodes, type ChannelInfoField, type GatewayPayload, type Identify } from './protocol.js';
import type { GatewaySession, SessionSink } from './session.js';

/** Past this much unsent, the bot is not reading: its connection is dropped (its session can resume). */
const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;

/** A heartbeat is due within the interval; the gateway waits this many intervals before closing with 4009 (our choice). */
const HEARTBEAT_GRACE = 1.5;

/** What a connection asks of the gateway it belongs to. */
export interface GatewayHost {
  readonly heartbeatIntervalMs: number;
  /** Starts a session (READY and the guilds follow through its sink), or the close that refuses it. */
  identify(identify: Identify, sink: SessionSink): GatewaySession | GatewayClose;
  /** Takes over a session with its missed dispatches and RESUMED; `'invalid'`: op 9 (false); or a close. */
  resume(token: string, sessionId: string, seq: number, sink: SessionSink): GatewaySession | 'invalid' | GatewayClose;
  /** Request Channel Info (opcode 43) of an identified session: Channel Info follows (or nothing, for a guild it does not hold). */
  requestChannelInfo(session: GatewaySession, guildId: string, fields: readonly ChannelInfoField[]): void;
  /** The connection ended; a session it held waits for a Resume unless `ended`. */
  detach(connection: GatewayConnection, session: GatewaySession | null, ended: boolean): void;
}

/**
 * What a connection uses of its WebSocket (the `ws` library's), declared here so that the
 * package's published declarations need no @types/ws.
 */
export interface GatewaySocket {
  readonly readyState: number;
  readonly OPEN: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): unknown;
  on(event: 'close' | 'error', listener: () => void): unknown;
}

/** The connection's TCP socket under the WebSocket (the upgrade's): held corked while a turn's frames are written. */
export interface CorkableSocket {
  cork(): void;
  uncork(): void;
}

export class GatewayConnection implements SessionSink {
  readonly #socket: GatewaySocket;
  readonly #host: GatewayHost;
  readonly #tcp: CorkableSocket;
  #corked = false;
  /** Ends the turn that corked the socket (one function per connection, handed to process.nextTick). */
  readonly #uncorkAfterTurn = (): void => {
    this.#corked = false;
    this.#tcp.uncork();
  };
  #session: GatewaySession | null = null;
  #deadline: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(socket: GatewaySocket, tcp: CorkableSocket, host: GatewayHost) {
    this.#socket = socket;
    this.#tcp = tcp;
    this.#host = host;
    socket.on('message', (data: Buffer, isBinary: boolean) => this.#receive(data, isBinary));
    socket.on('close', () => this.#ended(false));
    socket.on('error', () => socket.terminate());
    this.#send({ op: GatewayOpcodes.Hello, d: { heartbeat_interval: host.heartbeatIntervalMs }, s: null, t: null });
    this.#armDeadline();
  }

  get session(): GatewaySession | null {
    return this.#session;
  }

  send(payload: GatewayPayload): void {
    this.#send(payload);
  }

  /** Closes with a code; a session that cannot resume after it (`ended`) is forgotten. */
  close(code: number, reason: string, ended: boolean): void {
    if (this.#closed) return;
    this.#ended(ended);
    this.#socket.close(code, reason);
  }

  #send(payload: GatewayPayload): void {
    if (this.#closed || this.#socket.readyState !== this.#socket.OPEN) return;
    if (this.#socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.#socket.terminate();
      this.#ended(false);
      return;
    }
    // A change of the world is dispatched to a session synchronously, and a harness or a route
    // often makes many in one turn: corked, they leave in one write (one system call) rather than
    // one each. The frames and their order are the same; they leave when this turn's code is done.
    if (!this.#corked) {
      this.#corked = true;
      this.#tcp.cork();
      process.nextTick(this.#uncorkAfterTurn);
    }
    this.#socket.send(JSON.stringify(payload));
  }

  #ended(ended: boolean): void {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#deadline);
    this.#host.detach(this, this.#session, ended);
  }

  #armDeadline(): void {
    clearTimeout(this.#deadline);
    this.#deadline = setTimeout(() => this.close(GatewayCloseCodes.SessionTimedOut, 'Session timed out.', true), this.#host.heartbeatIntervalMs * HEARTBEAT_GRACE);
    this.#deadline.unref();
  }

  #refuse(close: GatewayClose): void {
    // Which closes leave the session resumable follows the docs' "Reconnect" column.
    const resumable = [GatewayCloseCodes.UnknownError, GatewayCloseCodes.UnknownOpcode, GatewayCloseCodes.DecodeError, GatewayCloseCodes.RateLimited].includes(close.code);
    this.close(close.code, close.reason, !resumable);
  }

  #receive(data: Buffer, isBinary: boolean): void {
    if (this.#closed) return;
    const payload = decodeFrame(data, isBinary);
    if (payload instanceof GatewayClose) return this.#refuse(payload);
    switch (payload.op) {
      case GatewayOpcodes.Heartbeat:
        this.#armDeadline();
        return this.#send({ op: GatewayOpcodes.HeartbeatAck, d: null, s: null, t: null });
      case GatewayOpcodes.Identify:
        return this.#identify(payload.d);
      case GatewayOpcodes.Resume:
        return this.#resume(payload.d);
      case GatewayOpcodes.RequestChannelInfo: {
        if (this.#session === null) return this.#refuse(new GatewayClose(GatewayCloseCodes.NotAuthenticated, 'Not authenticated.'));
        const request = checkRequestChannelInfo(payload.d);
        if (request instanceof GatewayClose) return this.#refuse(request);
        return this.#host.requestChannelInfo(this.#session, request.guildId, request.fields);
      }
      case GatewayOpcodes.PresenceUpdate:
      case GatewayOpcodes.VoiceStateUpdate:
      case GatewayOpcodes.RequestGuildMembers:
      case GatewayOpcodes.RequestSoundboardSounds:
        // Accepted once identified; what they do is not modelled (our choice: the bot's own presence and voice, member chunks, soundboard).
        if (this.#session === null) return this.#refuse(new GatewayClose(GatewayCloseCodes.NotAuthenticated, 'Not authenticated.'));
        return;
      default:
        return this.#refuse(new GatewayClose(GatewayCloseCodes.UnknownOpcode, 'Unknown opcode.'));
    }
  }

  #identify(d: unknown): void {
    if (this.#session !== null) return this.#refuse(new GatewayClose(GatewayCloseCodes.AlreadyAuthenticated, 'Already authenticated.'));
    const identify = checkIdentify(d);
    if (identify instanceof GatewayClose) return this.#refuse(identify);
    const session = this.#host.identify(identify, this);
    if (session instanceof GatewayClose) return this.#refuse(session);
    this.#session = session;
  }

  #resume(d: unknown): void {
    if (this.#session !== null) return this.#refuse(new GatewayClose(GatewayCloseCodes.AlreadyAuthenticated, 'Already authenticated.'));
    const resume = checkResume(d);
    if (resume instanceof GatewayClose) return this.#refuse(resume);
    const session = this.#host.resume(resume.token, resume.sessionId, resume.seq, this);
    if (session instanceof GatewayClose) return this.#refuse(session);
    // Op 9 with d false: the bot must identify anew on a new connection (events/gateway-events.mdx, "Invalid Session").
    if (session === 'invalid') return this.#send({ op: GatewayOpcodes.InvalidSession, d: false, s: null, t: null });
    this.#session = session;
  }
}
