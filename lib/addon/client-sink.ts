/**
 * What the runtime routes a client's events to (implemented by ClientState), and the waiters a
 * feature keeps on a client. The runtime's side of the contract, so it lives with the runtime:
 * lib/client/ implements it from above, and the runtime never imports lib/client/.
 * @internal
 * @module
 */
import type { EventEmitter } from 'node:events';

import type { ClientEvents } from '../model/types.js';

/** Sees every change a feature reports (or the close) until it returns true. */
export type Waiter<T> = (change: T | 'closed') => boolean;

/** Names one feature's set of waiters on a client (see {@link ClientSink.notifyWaiters}). */
export interface WaiterKey<T> {
  readonly description: string;
  /** Only carries the type of the changes. */
  readonly _change?: T;
}

/** The emitter a client is, as the runtime and the feature modules see it. */
export type ClientEmitter = EventEmitter<ClientEvents>;

/** A client as the runtime sees it. */
export interface ClientSink {
  /** Connected or connecting, or waiting for a status; pending requests are counted by the runtime. */
  isBusy(): boolean;
  /** False after `unref()`: busy or not, the client then never holds the event loop open. */
  isReferenced(): boolean;
  /** While busy, the client is kept from garbage collection (as Node keeps an open socket). */
  setPinned(pinned: boolean): void;
  onStatus(status: number, error: number, detail: number): void;
  /** `source`: the vendor's LogSource value. */
  onLog(severity: number, message: string, source: number): void;
  onClosed(): void;
  /** The client to emit feature events on: none once close() was called, or when it was collected. */
  readonly emitter: ClientEmitter | undefined;
  /** The batch of events this client's emitter was looked up in is over: let the client go. */
  endBatch(): void;
  /** Tells `key`'s waiters about a change; those that return true are done. */
  notifyWaiters<T>(key: WaiterKey<T>, change: T): void;
}
