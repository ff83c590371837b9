/**
 * Which services each world is served by, so that `sim.inspect()` can give the inspector URL of
 * the one it listens with (the most recent still open).
 * @internal
 * @module
 */
import type { NativeWorld } from '../../addon/native.js';

/** What the registry needs of a service. */
export interface Inspectable {
  readonly inspectorUrl: string;
}

const served = new WeakMap<NativeWorld, Inspectable[]>();

/** `service` serves `world` from now on. */
export function noteServed(world: NativeWorld, service: Inspectable): void {
  const list = served.get(world) ?? [];
  list.push(service);
  served.set(world, list);
}

/** `service` no longer serves `world` (it closed). */
export function forgetServed(world: NativeWorld, service: Inspectable): void {
  const list = served.get(world);
  const at = list?.indexOf(service) ?? -1;
  if (at >= 0) list!.splice(at, 1);
}

/** The inspector URL of the service the world was most recently served with, still open. */
export function inspectorUrlOf(world: NativeWorld): string {
  const service = served.get(world)?.at(-1);
  if (!service) {
    throw new TypeError('sim.inspect(): this simulator is not listening; call `await sim.listen()` first (the inspector is served with its HTTP service)');
  }
  return service.inspectorUrl;
}
