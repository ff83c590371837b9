/**
 * What a feature module uses to add its methods to Client: the brand check and the client's
 * state, and the installer of its methods on `Client.prototype`.
 * @internal
 * @module
 */
import { Client, clientState } from './client.js';
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
 * Installs a feature's methods on `Client.prototype`, as class methods are (writable,
 * configurable, not enumerable). Each must be declared on the `Client` interface by the feature
 * module (`declare module '../client/client.js'`), which is where its documentation lives.
 */
export function defineClientMethods<K extends keyof Client>(methods: { [P in K]: Client[P] } & ThisType<Client>): void {
  for (const [name, value] of Object.entries(methods)) {
    if (Object.prototype.hasOwnProperty.call(Client.prototype, name)) throw new Error(`internal: Client.prototype.${name} is defined twice`);
    Object.defineProperty(Client.prototype, name, { value, writable: true, configurable: true, enumerable: false });
  }
}
