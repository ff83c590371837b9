/**
 * The preload side of the Electron bridge (`social-sdk-node/electron/preload`). It loads no native
 * code and nothing but ./protocol.js, so it runs in a sandboxed preload once bundled (a sandboxed
 * preload can `require` only `electron` and a few built-ins; see docs/electron.md).
 * @module
 */
import type { ContextBridgeLike, IpcRendererLike } from './electron-types.js';
import { BRIDGE_EVENTS, BRIDGE_METHODS, bridgeChannels, type BridgeError, type BridgeEvent, type CallOutcome, type SocialBridge } from './protocol.js';

export { BRIDGE_EVENTS, BRIDGE_METHODS } from './protocol.js';
export type { BridgeClientState, BridgeError, BridgeEvent, BridgeMethod, SocialBridge } from './protocol.js';
export type { ContextBridgeLike, IpcRendererLike } from './electron-types.js';

/** Options of {@link exposeInMainWorld}. */
export interface ExposeInMainWorldOptions {
  /** The bridge's name, as given to `exposeClient` in the main process. Default: the `key`. */
  name?: string;
}

/**
 * In the preload: puts the API of the client that the main process exposed with `exposeClient`
 * on `window[key]` of the renderer, through `contextBridge` (`contextIsolation: true`).
 * @example
 * const { contextBridge, ipcRenderer } = require('electron');
 * exposeInMainWorld(contextBridge, ipcRenderer, 'social');
 */
export function exposeInMainWorld(contextBridge: ContextBridgeLike, ipcRenderer: IpcRendererLike, key = 'social', options: ExposeInMainWorldOptions = {}): void {
  contextBridge.exposeInMainWorld(key, createBridge(ipcRenderer, options.name ?? key));
}

/**
 * The renderer API itself, without `contextBridge` (what {@link exposeInMainWorld} exposes). Every
 * page load must create it once: it tells the main process to drop the subscriptions of the page
 * before (a reload), then subscribes as listeners are added.
 */
export function createBridge(ipcRenderer: IpcRendererLike, name = 'social'): SocialBridge {
  if (typeof name !== 'string' || name === '') throw new TypeError('the bridge name must be a non-empty string');
  const channels = bridgeChannels(name);
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  ipcRenderer.on(channels.event, (_event: unknown, event: unknown, args: unknown) => {
    const set = typeof event === 'string' ? listeners.get(event) : undefined;
    if (!set || !Array.isArray(args)) return;
    for (const listener of [...set]) {
      try {
        listener(...(args as unknown[]));
      } catch (error) {
        // One failing listener must not starve the others; report it like an uncaught error.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  });
  ipcRenderer.send(channels.hello);

  const api: Record<string, unknown> = {};
  for (const method of BRIDGE_METHODS) {
    api[method] = (...args: unknown[]): Promise<unknown> =>
      ipcRenderer.invoke(channels.call, method, args).then(
        (outcome: CallOutcome) => {
          if (outcome.ok) return outcome.value;
          throw outcome.error;
        },
        (error: unknown) => {
          // IPC itself failed (e.g. an argument that cannot be cloned): only a message.
          const failure: BridgeError = { name: 'Error', message: error instanceof Error ? error.message : String(error) };
          throw failure;
        },
      );
  }
  api.on = (event: BridgeEvent, listener: (...args: unknown[]) => void): (() => void) => {
    if (!(BRIDGE_EVENTS as readonly string[]).includes(event)) {
      throw new TypeError(`unknown event '${String(event)}'; one of ${BRIDGE_EVENTS.join(', ')}`);
    }
    if (typeof listener !== 'function') throw new TypeError('listener must be a function');
    let set = listeners.get(event);
    if (!set) {
      set = new Set();
      listeners.set(event, set);
      ipcRenderer.send(channels.subscribe, event);
    }
    const own = set;
    // A wrapper per call, so that the same function added twice is removed once per unsubscribe.
    const entry = (...args: unknown[]) => listener(...args);
    own.add(entry);
    return () => {
      if (!own.delete(entry) || own.size > 0 || listeners.get(event) !== own) return;
      listeners.delete(event);
      ipcRenderer.send(channels.unsubscribe, event);
    };
  };
  return Object.freeze(api) as SocialBridge;
}
