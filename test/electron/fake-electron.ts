// An in-memory Electron, as far as the bridge sees it, with Electron's observable behaviour:
// - every IPC argument and result is a structured clone (functions cannot be sent, class instances
//   arrive as plain objects), delivered on a later turn;
// - ipcMain and each page's ipcRenderer have separate listener maps; a reload gives a new page with
//   a new ipcRenderer and a new main world, and runs the preload again; the old page is gone;
// - an error thrown by an `ipcMain.handle` handler reaches the renderer as a new Error whose message
//   is "Error invoking remote method '<channel>': <error>" (the rest is lost);
// - contextBridge copies values between the preload world and the main world: functions are proxied,
//   an Error keeps only its message, other values are cloned.
import { EventEmitter } from 'node:events';

type Listener = (...args: any[]) => void;

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export class FakeIpcMain {
  readonly #handlers = new Map<string, (event: { sender: FakeWebContents }, ...args: any[]) => unknown>();
  readonly #listeners = new Map<string, Set<Listener>>();

  handle(channel: string, handler: (event: { sender: FakeWebContents }, ...args: any[]) => unknown): void {
    if (this.#handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.#handlers.set(channel, handler);
  }

  removeHandler(channel: string): void {
    this.#handlers.delete(channel);
  }

  on(channel: string, listener: Listener): this {
    let set = this.#listeners.get(channel);
    if (!set) this.#listeners.set(channel, (set = new Set()));
    set.add(listener);
    return this;
  }

  removeListener(channel: string, listener: Listener): this {
    this.#listeners.get(channel)?.delete(listener);
    return this;
  }

  listenerCount(channel: string): number {
    return this.#listeners.get(channel)?.size ?? 0;
  }

  handlerCount(): number {
    return this.#handlers.size;
  }

  /** @internal what a renderer's send() does. */
  async deliver(sender: FakeWebContents, channel: string, args: unknown[]): Promise<void> {
    const cloned = structuredClone(args);
    await turn();
    for (const listener of [...(this.#listeners.get(channel) ?? [])]) listener({ sender }, ...cloned);
  }

  /** @internal what a renderer's invoke() does. */
  async invoke(sender: FakeWebContents, channel: string, args: unknown[]): Promise<unknown> {
    const cloned = structuredClone(args);
    await turn();
    const handler = this.#handlers.get(channel);
    if (!handler) throw new Error(`Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`);
    let result: unknown;
    try {
      result = await handler({ sender }, ...cloned);
    } catch (error) {
      throw new Error(`Error invoking remote method '${channel}': ${String(error)}`);
    }
    return structuredClone(result);
  }
}

export class FakeIpcRenderer {
  readonly #listeners = new Map<string, Set<Listener>>();
  constructor(
    readonly ipcMain: FakeIpcMain,
    readonly webContents: FakeWebContents,
  ) {}

  #alive(): boolean {
    return this.webContents.page?.ipcRenderer === this && !this.webContents.isDestroyed();
  }

  invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    if (!this.#alive()) return new Promise(() => {}); // a page that is gone never hears back
    return this.ipcMain.invoke(this.webContents, channel, args);
  }

  send(channel: string, ...args: unknown[]): void {
    if (this.#alive()) void this.ipcMain.deliver(this.webContents, channel, args);
  }

  on(channel: string, listener: Listener): this {
    let set = this.#listeners.get(channel);
    if (!set) this.#listeners.set(channel, (set = new Set()));
    set.add(listener);
    return this;
  }

  removeListener(channel: string, listener: Listener): this {
    this.#listeners.get(channel)?.delete(listener);
    return this;
  }

  /** @internal what webContents.send() does. */
  receive(channel: string, args: unknown[]): void {
    if (!this.#alive()) return;
    for (const listener of [...(this.#listeners.get(channel) ?? [])]) listener({ sender: this }, ...args);
  }
}

/** Copies a value from one world to the other, as contextBridge does. */
function acrossWorlds(value: unknown): unknown {
  if (typeof value === 'function') {
    const fn = value as (...args: unknown[]) => unknown;
    return (...args: unknown[]) => {
      let result: unknown;
      try {
        result = fn(...args.map(acrossWorlds));
      } catch (error) {
        throw acrossWorlds(error);
      }
      return acrossWorlds(result);
    };
  }
  if (value instanceof Promise) return value.then(acrossWorlds, (error: unknown) => Promise.reject(acrossWorlds(error)));
  if (value instanceof Error) return new Error(value.message);
  if (Array.isArray(value)) return value.map(acrossWorlds);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, acrossWorlds(v)]));
  }
  return value;
}

export class FakeContextBridge {
  constructor(readonly mainWorld: Record<string, unknown>) {}

  exposeInMainWorld(apiKey: string, api: unknown): void {
    if (apiKey in this.mainWorld) throw new Error(`Cannot bind an API on top of an existing property on the window object`);
    this.mainWorld[apiKey] = acrossWorlds(api);
  }
}

export interface FakePage {
  ipcRenderer: FakeIpcRenderer;
  contextBridge: FakeContextBridge;
  /** The renderer's `window`. */
  window: Record<string, unknown>;
}

let nextId = 1;

export class FakeWebContents extends EventEmitter {
  readonly id = nextId++;
  page: FakePage | undefined;
  #destroyed = false;

  constructor(
    readonly ipcMain: FakeIpcMain,
    readonly preload: (page: FakePage) => void,
  ) {
    super();
    this.#load();
  }

  #load(): void {
    const window: Record<string, unknown> = {};
    this.page = { ipcRenderer: new FakeIpcRenderer(this.ipcMain, this), contextBridge: new FakeContextBridge(window), window };
    this.preload(this.page);
  }

  send(channel: string, ...args: unknown[]): void {
    if (this.#destroyed) throw new Error('Object has been destroyed');
    const page = this.page;
    const cloned = structuredClone(args);
    setImmediate(() => page?.ipcRenderer.receive(channel, cloned));
  }

  isDestroyed(): boolean {
    return this.#destroyed;
  }

  /** A reload: the page and everything in it is replaced; the preload runs again. */
  reload(): void {
    this.#load();
  }

  /** The window closes. */
  destroy(): void {
    this.#destroyed = true;
    this.page = undefined;
    this.emit('destroyed');
  }
}

export class FakeApp extends EventEmitter {
  quitted = false;
  quitCalls = 0;

  quit(): void {
    this.quitCalls++;
    let prevented = false;
    this.emit('before-quit', { preventDefault: () => (prevented = true) });
    if (!prevented) this.quitted = true;
  }
}

export { turn };
