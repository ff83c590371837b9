/**
 * The simulated chat client's local RPC server over IPC: a Unix domain socket named
 * `discord-ipc-{n}` (n from 0 to 9, the first free one) in a directory the harness chooses
 * (the real client's is `$XDG_RUNTIME_DIR`, else `$TMPDIR`, `$TMP`, `$TEMP`, `/tmp`: public docs
 * topics/rpc.mdx "IPC Path"). Windows named pipes are not served.
 *
 * A connection sends HANDSHAKE `{ v: 1, client_id }` first; the server answers with a FRAME
 * carrying the READY dispatch (topics/rpc.mdx "Connecting to IPC"). A client id that is no
 * application of the world closes the connection with close code 4000 (Invalid client ID), another
 * version with 4004 (Invalid version) (opcodes-and-status-codes.mdx "RPC Close Event Codes").
 * PING is answered with PONG carrying the same payload; CLOSE ends the connection.
 *
 * OUR CHOICES (the docs are silent): a message with an unknown opcode, a payload length over
 * {@link MAX_PAYLOAD_BYTES}, a payload that is not UTF-8 JSON, a first message other than
 * HANDSHAKE or a second HANDSHAKE closes the connection with code 1003 (the WebSocket "unsupported
 * data" code, which `@xhayper/discord-rpc` names CLOSE_UNSUPPORTED); a CLOSE is sent as
 * `{ code, message }` before the socket ends. When the chat client quits, each connection gets an
 * ERROR dispatch (code 1000) and a CLOSE with code 1000, and the socket file goes away.
 * @internal
 * @module
 */
import { unlink } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';

import type { NativeWorld } from '../../addon/native.js';
import { answerCommand, guildStatusDispatches, isSnowflake, readyDispatch, RpcCloseCode, RpcErrorCode, type RpcSessionState } from './commands.js';
import { encodeFrame, FrameDecoder, isFault, MAX_PAYLOAD_BYTES, Opcode } from './framing.js';
import { watchWorld, type WorldChange } from '../world-changes.js';

/** The socket names the real client tries, in order (discord-ipc-0 to discord-ipc-9). */
const PIPE_COUNT = 10;

/** One client connection. */
class RpcConnection {
  readonly #socket: Socket;
  readonly #server: RpcIpcServer;
  readonly #decoder = new FrameDecoder();
  session: RpcSessionState | null = null;
  #closed = false;

  constructor(socket: Socket, server: RpcIpcServer) {
    this.#socket = socket;
    this.#server = server;
    socket.on('data', (chunk: Buffer) => this.#receive(chunk));
    // A peer that vanishes is just gone: errors never reach the process.
    socket.on('error', () => this.#forget());
    socket.on('close', () => this.#forget());
  }

  send(op: Opcode, payload: unknown): void {
    if (!this.#closed && this.#socket.writable) this.#socket.write(encodeFrame(op, payload));
  }

  /** Sends CLOSE `{ code, message }` and ends the socket. */
  close(code: number, message: string): void {
    if (this.#closed) return;
    this.send(Opcode.Close, { code, message });
    this.#closed = true;
    this.#server.forget(this);
    this.#socket.end();
    // A peer that does not read must not keep the socket: it goes a little later regardless.
    setTimeout(() => this.#socket.destroy(), 1000).unref();
  }

  #forget(): void {
    this.#closed = true;
    this.#server.forget(this);
  }

  #receive(chunk: Buffer): void {
    if (this.#closed) return;
    const result = this.#decoder.push(chunk);
    if (isFault(result)) return this.close(RpcCloseCode.Unsupported, result.message);
    for (const frame of result) {
      if (this.#closed) return;
      try {
        this.#handle(frame.op, frame.payload);
      } catch {
        // A bug of ours must not crash the harness: the client gets an error instead.
        this.send(Opcode.Frame, { cmd: null, evt: 'ERROR', nonce: null, data: { code: RpcErrorCode.UnknownError, message: 'Unknown error' } });
      }
    }
  }

  #handle(op: Opcode, payload: unknown): void {
    if (this.session === null) {
      if (op !== Opcode.Handshake) return this.close(RpcCloseCode.Unsupported, 'the first message must be a HANDSHAKE');
      return this.#handshake(payload);
    }
    switch (op) {
      case Opcode.Ping:
        return this.send(Opcode.Pong, payload);
      case Opcode.Pong:
        return;
      case Opcode.Close:
        return this.close(RpcCloseCode.Normal, 'closed by the client');
      case Opcode.Handshake:
        return this.close(RpcCloseCode.Unsupported, 'already handshaken');
      case Opcode.Frame:
        for (const reply of answerCommand(this.#server.world, this.session, payload)) this.send(Opcode.Frame, reply);
    }
  }

  #handshake(payload: unknown): void {
    const fields = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
    if (fields.v !== 1) return this.close(RpcCloseCode.InvalidVersion, 'Invalid Version');
    const clientId = fields.client_id;
    if (typeof clientId !== 'string' || !isSnowflake(clientId) || this.#server.world.getApplication(clientId) === null) {
      return this.close(RpcCloseCode.InvalidClientId, 'Invalid Client ID');
    }
    const chat = this.#server.world.getChatClient(this.#server.userId);
    if (!chat.running) return this.close(RpcCloseCode.Normal, 'the chat client is not running');
    this.session = { userId: chat.signedInAs ?? '0', applicationId: clientId, guildStatus: new Set(), activity: null };
    this.send(Opcode.Frame, readyDispatch(this.#server.world, this.session.userId));
  }
}

/** The RPC server of one user's chat client. */
export class RpcIpcServer {
  readonly world: NativeWorld;
  readonly userId: string;
  readonly directory: string;
  readonly #connections = new Set<RpcConnection>();
  #server: Server | null = null;
  #path: string | null = null;
  #unwatch: (() => void) | null = null;

  constructor(world: NativeWorld, userId: string, directory: string) {
    this.world = world;
    this.userId = userId;
    this.directory = directory;
  }

  /** The socket path while listening, else null. */
  get path(): string | null {
    return this.#server ? this.#path : null;
  }

  /** The connections that completed the handshake. */
  get sessions(): RpcSessionState[] {
    return [...this.#connections].flatMap((c) => (c.session ? [c.session] : []));
  }

  /** Listens on the first free `discord-ipc-{n}` of the directory (a no-op when listening). */
  async listen(): Promise<string> {
    if (this.#server && this.#path) return this.#path;
    for (let n = 0; n < PIPE_COUNT; n++) {
      const path = join(this.directory, `discord-ipc-${n}`);
      const server = createServer((socket) => this.#connections.add(new RpcConnection(socket, this)));
      const bound = await new Promise<boolean>((resolve, reject) => {
        server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? resolve(false) : reject(error)));
        server.listen(path, () => resolve(true));
      });
      if (!bound) continue;
      server.on('error', () => undefined);
      server.unref();
      this.#server = server;
      this.#path = path;
      // A subscribed guild's members changing is a change of its state (GUILD_STATUS).
      this.#unwatch = watchWorld(this.world, (change: WorldChange) => {
        if ('guildId' in change && (change.kind === 'memberAdded' || change.kind === 'memberRemoved')) this.refreshGuildStatus(change.guildId);
      });
      return path;
    }
    throw new RangeError(`no free socket name in ${this.directory}: discord-ipc-0 to discord-ipc-${PIPE_COUNT - 1} are taken`);
  }

  /** The chat client quits: every connection gets ERROR then CLOSE, and the socket goes. */
  async shutdown(message: string): Promise<void> {
    const server = this.#server;
    this.#server = null;
    this.#unwatch?.();
    this.#unwatch = null;
    for (const connection of [...this.#connections]) {
      if (connection.session) {
        connection.send(Opcode.Frame, { cmd: 'DISPATCH', evt: 'ERROR', nonce: null, data: { code: RpcErrorCode.UnknownError, message } });
      }
      connection.close(RpcCloseCode.Normal, message);
    }
    this.#connections.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    // net.Server removes its socket file on close; a leftover (e.g. after a crash) is removed too.
    if (this.#path) await unlink(this.#path).catch(() => undefined);
  }

  /** Sends the GUILD_STATUS dispatches due after a change of `guildId` (all subscribed guilds when left out). */
  refreshGuildStatus(guildId?: string): void {
    for (const connection of this.#connections) {
      if (connection.session) for (const dispatch of guildStatusDispatches(this.world, connection.session, guildId)) connection.send(Opcode.Frame, dispatch);
    }
  }

  /** @internal A connection ended. */
  forget(connection: RpcConnection): void {
    this.#connections.delete(connection);
  }
}

export { MAX_PAYLOAD_BYTES };
