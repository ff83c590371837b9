/**
 * The link from a public Simulator to its native world, kept out of the public surface.
 * @internal
 * @module
 */
import type { NativeWorld } from '../native.js';

const worlds = new WeakMap<object, NativeWorld>();

export function bindNativeWorld(simulator: object, world: NativeWorld): void {
  worlds.set(simulator, world);
}

export function nativeWorldOf(simulator: object): NativeWorld {
  const world = worlds.get(simulator);
  if (!world) throw new TypeError('simulator must be a Simulator');
  return world;
}
