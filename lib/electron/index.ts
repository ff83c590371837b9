/// <reference types="node" preserve="true" />
/**
 * `social-sdk-node/electron`: the Electron kit. The main process owns the clients and exposes a
 * narrow API with {@link exposeClient}; the preload puts it on `window` with
 * {@link exposeInMainWorld} (also available alone as `social-sdk-node/electron/preload`, which is
 * what a preload should load). Neither loads the native addon: only the client you pass does.
 * @packageDocumentation
 */
export { exposeClient, closeOnQuit } from './main.js';
export type { ExposeClientOptions, ExposedClient, RendererApi, CloseOnQuitOptions } from './main.js';
export { exposeInMainWorld, createBridge, BRIDGE_EVENTS, BRIDGE_METHODS } from './preload.js';
export type { ExposeInMainWorldOptions } from './preload.js';
export type { BridgeClientState, BridgeError, BridgeEvent, BridgeEventArgs, BridgeEventPayload, BridgeMethod, ClientMethodOf, SocialBridge } from './protocol.js';
export type { AppLike, ContextBridgeLike, IpcMainEventLike, IpcMainLike, IpcRendererLike, WebContentsLike } from './electron-types.js';
