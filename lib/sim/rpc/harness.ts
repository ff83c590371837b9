/**
 * The harness's handle on a chat client's RPC server over IPC (server.ts), kept per world and
 * user so the chat client's start and stop (chat-client.ts) bring the socket up and down.
 * @module
 */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';

import type { NativeWorld } from '../../addon/native.js';
import { checkText } from '../../common/validate.js';
import type { Snowflake } from '../../model/ids.js';
import { RpcIpcServer } from './server.js';

/** Options of {@link SimulatedChatClient.serveRpc}. */
export interface ServeRpcOptions {
  /**
   * The directory the socket `discord-ipc-{n}` is made in (created when missing). The real chat
   * client uses `$XDG_RUNTIME_DIR` (else `$TMPDIR`, `$TMP`, `$TEMP`, `/tmp`); tests give a
   * temporary directory and point the RPC client's environment (e.g. `XDG_RUNTIME_DIR`) at it.
   * One directory per chat client: a second server in the same one takes the next free `n`.
   */
  ipcDirectory: string;
}

/** A connection to the RPC server that completed the handshake. */
export interface RpcConnectionInfo {
  /** The application it handshook as (`client_id`). */
  applicationId: Snowflake;
  /** The guilds it subscribed to GUILD_STATUS of. */
  guildStatus: Snowflake[];
  /** The rich presence it set with SET_ACTIVITY, or null. */
  activity: Record<string, unknown> | null;
}

const registry = new WeakMap<NativeWorld, Map<Snowflake, ChatClientRpc>>();
/** Only this module makes a ChatClientRpc. */
const CONSTRUCT = Symbol('ChatClientRpc');

function entries(world: NativeWorld): Map<Snowflake, ChatClientRpc> {
  let map = registry.get(world);
  if (!map) registry.set(world, (map = new Map()));
  return map;
}

/**
 * A chat client's local RPC server (`sim.chatClient(user).serveRpc({ ipcDirectory })`). It listens
 * while the chat client runs: `chat.stop()` sends each connection an ERROR and closes it, and
 * removes the socket; `chat.start()` listens again, and clients connect anew and get READY.
 */
export class ChatClientRpc {
  readonly #server: RpcIpcServer;
  readonly #world: NativeWorld;
  #pending: Promise<unknown> = Promise.resolve();
  #closed = false;

  /** @internal Use {@link SimulatedChatClient.serveRpc}. */
  constructor(key: symbol, world: NativeWorld, server: RpcIpcServer) {
    if (key !== CONSTRUCT) throw new TypeError('a ChatClientRpc is made by chatClient.serveRpc(), not constructed directly');
    this.#world = world;
    this.#server = server;
  }

  /** `self` as a ChatClientRpc, or a TypeError (a method called on another value). */
  static #of(self: unknown): ChatClientRpc {
    if (typeof self !== 'object' || self === null || !(#server in self)) throw new TypeError('not a ChatClientRpc: call the method on the object serveRpc() resolved with');
    return self as ChatClientRpc;
  }

  /** The socket path while listening (`<ipcDirectory>/discord-ipc-<n>`), else null. */
  get path(): string | null {
    return ChatClientRpc.#of(this).#server.path;
  }

  /** The connections that completed the handshake. */
  get connections(): RpcConnectionInfo[] {
    return ChatClientRpc.#of(this).#server.sessions.map((s) => ({ applicationId: s.applicationId, guildStatus: [...s.guildStatus], activity: s.activity === null ? null : { ...s.activity } }));
  }

  /**
   * Resolves with the socket path once the last start or stop took effect.
   * @throws RangeError (rejects) when the chat client is not running or the server was closed.
   */
  async whenListening(): Promise<string> {
    ChatClientRpc.#of(this);
    await this.#pending.catch(() => undefined);
    const path = this.#server.path;
    if (path === null) throw new RangeError(this.#closed ? 'the RPC server was closed' : 'the chat client is not running: its RPC server does not listen');
    return path;
  }

  /**
   * Sends the GUILD_STATUS dispatches of the subscribed guilds again, as after a change the
   * server cannot see (members joining or leaving through the harness or the HTTP service are
   * sent on their own).
   */
  guildStatusChanged(): void {
    ChatClientRpc.#of(this).#server.refreshGuildStatus();
  }

  /** Stops serving for good (connections get ERROR and are closed, the socket is removed). */
  async close(): Promise<void> {
    ChatClientRpc.#of(this);
    if (this.#closed) return this.#pending.then(() => undefined, () => undefined);
    this.#closed = true;
    const map = registry.get(this.#world);
    if (map?.get(this.#server.userId) === this) map.delete(this.#server.userId);
    this.#pending = this.#pending.catch(() => undefined).then(() => this.#server.shutdown('The RPC server was closed'));
    await this.#pending;
  }

  /** @internal The chat client started or stopped. */
  runningChanged(running: boolean): void {
    ChatClientRpc.#of(this);
    if (this.#closed || typeof running !== 'boolean') return;
    const server = this.#server;
    this.#pending = this.#pending.catch(() => undefined).then(async (): Promise<unknown> => (running ? server.listen() : server.shutdown('The chat client quit')));
    // Failures show in whenListening(); never as an unhandled rejection.
    this.#pending.catch(() => undefined);
  }
}

/** @internal Starts (or returns) the RPC server of a user's chat client. */
export async function serveChatClientRpc(world: NativeWorld, userId: Snowflake, options: ServeRpcOptions): Promise<ChatClientRpc> {
  if (typeof options !== 'object' || options === null) throw new TypeError('options must be an object with ipcDirectory');
  const directory = resolve(checkText(options.ipcDirectory, 'ipcDirectory', 1, 4096));
  const map = entries(world);
  const existing = map.get(userId);
  if (existing) {
    if (existing.path !== null && !existing.path.startsWith(directory)) throw new RangeError('this chat client already serves RPC in another directory: close() it first');
    return existing;
  }
  if (world.getUser(userId) === null) throw new RangeError(`unknown user ${userId}`);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const server = new RpcIpcServer(world, userId, directory);
  const handle = new ChatClientRpc(CONSTRUCT, world, server);
  map.set(userId, handle);
  if (world.getChatClient(userId).running) {
    try {
      await server.listen();
    } catch (error) {
      map.delete(userId);
      throw error;
    }
  }
  return handle;
}

/** @internal The chat client of `userId` started or stopped (chat-client.ts). */
export function chatClientRunningChanged(world: NativeWorld, userId: Snowflake, running: boolean): void {
  registry.get(world)?.get(userId)?.runningChanged(running);
}
