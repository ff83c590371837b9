/**
 * The main-process side of the Electron bridge: the main process owns the clients and exposes a
 * narrow, explicit part of each to renderers. No native code is loaded by this module itself (it
 * works on the client it is given).
 * @module
 */
import type { Client } from '../features/index.js';
import { reportListenerError } from '../common/listener-errors.js';
import type { AppLike, IpcMainEventLike, IpcMainLike, WebContentsLike } from './electron-types.js';
import {
  BRIDGE_EVENTS,
  BRIDGE_METHODS,
  bridgeChannels,
  toBridgeError,
  toBridgeEventArgs,
  type BridgeClientState,
  type BridgeEvent,
  type BridgeMethod,
  type CallOutcome,
  type SocialBridge,
} from './protocol.js';

/** Options of {@link exposeClient}. */
export interface ExposeClientOptions<M extends BridgeMethod, E extends BridgeEvent> {
  /** The methods renderers may call; nothing else is callable. */
  allow: readonly M[];
  /** The events renderers may subscribe to. Default: every client event. */
  events?: readonly E[];
  /** The bridge's name; the preload's `exposeInMainWorld` uses the same. Default `'social'`. */
  name?: string;
  /**
   * Which renderers may use the bridge (e.g. check `sender.getURL()`); others get every call
   * refused and no events. Default: every renderer whose preload exposes the bridge.
   */
  accept?: (sender: WebContentsLike) => boolean;
}

/** A client exposed to renderers; the type parameters give the renderer's API ({@link RendererApi}). */
export interface ExposedClient<M extends BridgeMethod = BridgeMethod, E extends BridgeEvent = BridgeEvent> {
  readonly name: string;
  readonly methods: readonly M[];
  readonly events: readonly E[];
  /** Renderers that currently receive events. */
  subscriberCount(): number;
  /** Stops the bridge: removes its IPC handlers and every listener it added to the client. Idempotent. */
  dispose(): void;
}

/**
 * The renderer's API for an {@link ExposedClient}.
 * @example
 * const exposed = exposeClient(ipcMain, client, { allow: ['getState', 'sendLobbyMessage'] });
 * export type SocialApi = RendererApi<typeof exposed>; // for window.social in the renderer
 */
export type RendererApi<T> = T extends ExposedClient<infer M, infer E> ? SocialBridge<M, E> : never;

/**
 * In the main process: lets renderers call the `allow`ed methods of `client` and subscribe to its
 * events, through `ipcMain`. A call's result or error crosses as data (a `SocialSdkError` keeps
 * type, code, status, retryable and retryAfter). Events go to each subscribed renderer until it is
 * destroyed or loads a new page (a reload subscribes afresh, so no listener is left behind).
 * @throws TypeError for an unknown method or event name, or a name already in use.
 */
export function exposeClient<M extends BridgeMethod, E extends BridgeEvent = BridgeEvent>(
  ipcMain: IpcMainLike,
  client: Client,
  options: ExposeClientOptions<M, E>,
): ExposedClient<M, E> {
  if (typeof options !== 'object' || options === null || !Array.isArray(options.allow)) {
    throw new TypeError('options.allow must be an array of method names');
  }
  const name = options.name ?? 'social';
  if (typeof name !== 'string' || name === '') throw new TypeError('options.name must be a non-empty string');
  for (const method of options.allow) {
    if (!(BRIDGE_METHODS as readonly string[]).includes(method)) {
      throw new TypeError(`'${String(method)}' cannot be exposed; exposable methods: ${BRIDGE_METHODS.join(', ')}`);
    }
  }
  const events = options.events ?? (BRIDGE_EVENTS as readonly BridgeEvent[] as readonly E[]);
  for (const event of events) {
    if (!(BRIDGE_EVENTS as readonly string[]).includes(event)) throw new TypeError(`unknown event '${String(event)}'`);
  }
  const allowed = new Set<string>(options.allow);
  const allowedEvents = new Set<string>(events);
  const acceptOption = options.accept ?? (() => true);
  // An `accept` that throws refuses the renderer; its error is reported as a listener's is (on the
  // next tick), not thrown into Electron's IPC dispatch, where it escaped as an uncaught exception
  // in the middle of the bridge's bookkeeping.
  const accept = (sender: WebContentsLike): boolean => {
    try {
      return Boolean(acceptOption(sender));
    } catch (error) {
      reportListenerError(error);
      return false;
    }
  };
  const channels = bridgeChannels(name);

  /** Per renderer (WebContents id): its client listeners by event, and its `destroyed` hook. */
  const renderers = new Map<number, { sender: WebContentsLike; listeners: Map<string, (...args: unknown[]) => void>; onDestroyed: () => void }>();

  const drop = (id: number): void => {
    const renderer = renderers.get(id);
    if (!renderer) return;
    renderers.delete(id);
    for (const [event, listener] of renderer.listeners) client.removeListener(event as BridgeEvent, listener as never);
    if (!renderer.sender.isDestroyed()) renderer.sender.removeListener('destroyed', renderer.onDestroyed);
  };

  const onCall = async (event: IpcMainEventLike, method: unknown, args: unknown): Promise<CallOutcome> => {
    try {
      if (!accept(event.sender)) return refused(`this renderer may not use the '${name}' bridge`);
      if (typeof method !== 'string' || !allowed.has(method)) {
        return refused(`${String(method).slice(0, 60)}() is not allowed by this bridge (allowed: ${[...allowed].join(', ') || 'nothing'})`);
      }
      if (!Array.isArray(args)) return refused('the arguments must be an array');
      if (method === 'getState') return { ok: true, value: stateOf(client) };
      const value: unknown = await (client[method as Exclude<BridgeMethod, 'getState'>] as (...a: unknown[]) => unknown).apply(client, args);
      return { ok: true, value };
    } catch (error) {
      return { ok: false, error: toBridgeError(error) };
    }
  };

  const onHello = (event: IpcMainEventLike): void => drop(event.sender.id);

  const onSubscribe = (event: IpcMainEventLike, name: unknown): void => {
    const { sender } = event;
    if (typeof name !== 'string' || !allowedEvents.has(name) || !accept(sender) || sender.isDestroyed()) return;
    let renderer = renderers.get(sender.id);
    if (!renderer) {
      const id = sender.id;
      const created = { sender, listeners: new Map<string, (...args: unknown[]) => void>(), onDestroyed: () => drop(id) };
      sender.once('destroyed', created.onDestroyed);
      renderers.set(id, created);
      renderer = created;
    }
    if (renderer.listeners.has(name)) return;
    const listener = (...args: unknown[]): void => {
      if (sender.isDestroyed()) return drop(sender.id);
      sender.send(channels.event, name, toBridgeEventArgs(args));
    };
    renderer.listeners.set(name, listener);
    client.on(name as BridgeEvent, listener as never);
  };

  const onUnsubscribe = (event: IpcMainEventLike, name: unknown): void => {
    const renderer = renderers.get(event.sender.id);
    const listener = typeof name === 'string' ? renderer?.listeners.get(name) : undefined;
    if (!renderer || !listener) return;
    renderer.listeners.delete(name as string);
    client.removeListener(name as BridgeEvent, listener as never);
    if (renderer.listeners.size === 0) drop(event.sender.id);
  };

  ipcMain.handle(channels.call, onCall);
  ipcMain.on(channels.hello, onHello);
  ipcMain.on(channels.subscribe, onSubscribe);
  ipcMain.on(channels.unsubscribe, onUnsubscribe);

  let disposed = false;
  return Object.freeze({
    name,
    methods: Object.freeze([...options.allow]),
    events: Object.freeze([...events]),
    subscriberCount: () => renderers.size,
    dispose: () => {
      if (disposed) return;
      disposed = true;
      ipcMain.removeHandler(channels.call);
      ipcMain.removeListener(channels.hello, onHello);
      ipcMain.removeListener(channels.subscribe, onSubscribe);
      ipcMain.removeListener(channels.unsubscribe, onUnsubscribe);
      for (const id of [...renderers.keys()]) drop(id);
    },
  });
}

function refused(message: string): CallOutcome {
  return { ok: false, error: { name: 'Error', message: `social-sdk-node/electron: ${message}` } };
}

function stateOf(client: Client): BridgeClientState {
  return {
    status: client.status,
    applicationId: client.applicationId,
    currentUser: client.currentUser,
    backend: client.backend,
    sdkVersion: client.sdkVersion,
    closed: client.closed,
  };
}

/** Options of {@link closeOnQuit}. */
export interface CloseOnQuitOptions {
  /** Quit anyway after this many ms if closing hangs. Default 5000. */
  timeoutMs?: number;
}

/**
 * Closes the clients when the app quits: the first `before-quit` is held (`preventDefault`) until
 * every client has closed (its threads joined), then `app.quit()` runs again and goes through.
 * Returns the function that removes the hook.
 * @example
 * closeOnQuit(app, [client]);
 */
export function closeOnQuit(app: AppLike, clients: readonly Pick<Client, 'close'>[], options: CloseOnQuitOptions = {}): () => void {
  const timeoutMs = options.timeoutMs ?? 5000;
  let state: 'open' | 'closing' | 'closed' = 'open';
  const onBeforeQuit = (event: { preventDefault(): void }): void => {
    if (state === 'closed') return;
    event.preventDefault();
    if (state === 'closing') return;
    state = 'closing';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    void Promise.race([Promise.allSettled(clients.map((client) => client.close())), timeout]).then(() => {
      clearTimeout(timer);
      state = 'closed';
      app.quit();
    });
  };
  app.on('before-quit', onBeforeQuit);
  return () => app.removeListener('before-quit', onBeforeQuit);
}
