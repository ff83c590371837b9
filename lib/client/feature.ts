/**
 * What a feature module uses to add its methods to Client: the brand check and the client's
 * state, and the installer of its methods on `Client.prototype`.
 * @internal
 * @module
 */
import type { NativeResults } from '../generated/seam.js';
import type { NativeClient } from '../addon/native.js';
import { getRuntime } from '../addon/runtime.js';
import { defineMethods } from '../common/define-methods.js';
import { Client, clientState } from './client.js';
import type { ClientEmitter } from '../addon/client-sink.js';
import { notAClient, notAClientError, type ClientState } from './state.js';

export { clientState, notAClient };
export type { ClientState };

/** The state of `value`, a Client; a TypeError for anything else (the sync methods' brand check). */
export function requireClient(value: unknown, method: string): ClientState {
  const state = clientState(value);
  if (!state) throw notAClientError(method);
  return state;
}

/**
 * A feature's asynchronous operation, the usual shape of a method: the brand check (a non-Client
 * `self` rejects with a TypeError), then `prepare` validates the arguments (throwing TypeError or
 * RangeError, which reject: nothing is sent) and returns the native call, which gets the request
 * id its Result event will carry. Resolves with the result's value, typed by the seam description
 * (`result` of the method `name`); rejects with a SocialSdkError carrying the caller's stack, or
 * ClientDestroyed once `close()` was called. Never throws.
 */
export function operation<K extends keyof NativeResults>(
  self: unknown,
  name: K,
  prepare: (native: NativeClient) => (requestId: number) => void,
): Promise<NativeResults[K]> {
  const state = clientState(self);
  if (!state) return notAClient(name);
  // The backend settles request `name` with the value its description names (seam/seam.json).
  return state.start(name, () => prepare(state.native)) as Promise<NativeResults[K]>;
}

/**
 * Installs a feature's methods on `Client.prototype`, as class methods are (writable,
 * configurable, not enumerable). Each must be declared on the `Client` interface by the feature
 * module (`declare module '../client/client.js'`), which is where its documentation lives.
 */
export function defineClientMethods<K extends keyof Client>(methods: { [P in K]: Client[P] } & ThisType<Client>): void {
  defineMethods(Client.prototype, 'Client', methods);
}

/**
 * The client to emit a feature's event on, from a pump handler's client id: none once close() was
 * called, when the client is closed, or when it was collected.
 */
export function emitterOf(client: number): ClientEmitter | undefined {
  return getRuntime().stateOf(client)?.emitter;
}
