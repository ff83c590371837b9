/**
 * The parts of Electron's API the bridge uses, described structurally so that the package does not
 * depend on Electron: pass Electron's own `ipcMain`, `ipcRenderer`, `contextBridge`, `app`.
 * @module
 */

/** Electron's `WebContents` (the `sender` of an IPC event). */
export interface WebContentsLike {
  readonly id: number;
  send(channel: string, ...args: any[]): void;
  isDestroyed(): boolean;
  once(event: 'destroyed', listener: () => void): unknown;
  removeListener(event: 'destroyed', listener: () => void): unknown;
}

/** Electron's `IpcMainEvent` / `IpcMainInvokeEvent`: only `sender` is used. */
export interface IpcMainEventLike {
  readonly sender: WebContentsLike;
}

/** Electron's `ipcMain`. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcMainEventLike, ...args: any[]) => unknown): void;
  removeHandler(channel: string): void;
  on(channel: string, listener: (event: IpcMainEventLike, ...args: any[]) => void): unknown;
  removeListener(channel: string, listener: (...args: any[]) => void): unknown;
}

/** Electron's `ipcRenderer` (in the preload). */
export interface IpcRendererLike {
  invoke(channel: string, ...args: any[]): Promise<any>;
  send(channel: string, ...args: any[]): void;
  on(channel: string, listener: (event: unknown, ...args: any[]) => void): unknown;
}

/** Electron's `contextBridge` (in the preload). */
export interface ContextBridgeLike {
  exposeInMainWorld(apiKey: string, api: any): void;
}

/** Electron's `app` (main process): `before-quit` and `quit()`. */
export interface AppLike {
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  removeListener(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  quit(): void;
}
