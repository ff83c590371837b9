/**
 * How the package reports an error thrown by code its user gave it to call (an event listener, the
 * Electron bridge's `accept`): as Node reports an EventEmitter listener's error, an uncaught
 * exception, but on the next tick, after the package's own work went on without it. No native
 * code: the Electron kit and the runtime share it.
 * @internal
 * @module
 */
export function reportListenerError(error: unknown): void {
  process.nextTick(rethrowListenerError, error);
}

/** The report itself, named so that it can be told from the rest of the tick's work. */
function rethrowListenerError(error: unknown): never {
  throw error;
}
