/**
 * The link from a public Simulator to its native world, kept out of the public surface; and the
 * default simulator, which Client reaches through here: lib/client/ sits below lib/sim/ (the
 * Simulator creates clients), so client.ts cannot import simulator.ts.
 * @internal
 * @module
 */
import type { NativeWorld } from './native.js';

const worlds = new WeakMap<object, NativeWorld>();

export function bindNativeWorld(simulator: object, world: NativeWorld): void {
  worlds.set(simulator, world);
}

export function nativeWorldOf(simulator: object): NativeWorld {
  const world = worlds.get(simulator);
  if (!world) throw new TypeError('simulator must be a Simulator');
  return world;
}

let defaultSimulator: (() => object) | undefined;

/** Installed by simulator.ts when it loads: `Simulator.default`. */
export function setDefaultSimulator(get: () => object): void {
  defaultSimulator = get;
}

/** The native world of the default simulator (the one clients use when none is given). */
export function defaultNativeWorld(): NativeWorld {
  if (!defaultSimulator) throw new Error('social-sdk-node: the simulator module is not loaded; import the package entry point');
  return nativeWorldOf(defaultSimulator());
}
