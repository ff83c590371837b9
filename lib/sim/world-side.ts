/**
 * What the simulator keeps of a world on the JS side (bot settings, accounts, subscriptions,
 * channel messages: the native world has none of it) lives in the process that serves the world.
 * A harness attached to a served world by URL (`new Simulator({ url })`) holds a remote NativeWorld;
 * its setting must reach the serving process, or the served gateway and HTTP service would never
 * see it. Each operation on such state is declared here once, by name: in the serving process (or
 * a world of this process) it runs at once; for a remote world it crosses the link as a `world`
 * frame `js.<name>` (lib/sim/remote/door.ts runs it there). Arguments and results must cross as
 * JSON (the link's encoding keeps bigints and undefined): times as ms, never Dates.
 * @internal
 * @module
 */
import type { NativeWorld } from '../addon/native.js';
import { linkOfWorld } from '../remote/native-world.js';

/** The prefix of a world frame's method that names an operation declared here. */
export const WORLD_SIDE_PREFIX = 'js.';

type Operation = (world: NativeWorld, ...args: unknown[]) => unknown;

const operations = new Map<string, Operation>();

/**
 * Declares an operation on the world's JS-side state; returns the function to call it with (here,
 * or across the link for a remote world). `name` is unique in the process.
 */
export function worldSide<A extends unknown[], R>(name: string, operation: (world: NativeWorld, ...args: A) => R): (world: NativeWorld, ...args: A) => R {
  if (operations.has(name)) throw new Error(`world-side operation ${name} is declared twice`);
  operations.set(name, operation as unknown as Operation);
  return (world, ...args) => {
    const link = linkOfWorld(world);
    return link === undefined ? operation(world, ...args) : (link.call({ t: 'world', method: WORLD_SIDE_PREFIX + name, args }) as R);
  };
}

/** Runs a declared operation named by a remote harness's frame (the serving side). TypeError for an unknown name. */
export function runWorldSide(world: NativeWorld, method: string, args: readonly unknown[]): unknown {
  const operation = operations.get(method.slice(WORLD_SIDE_PREFIX.length));
  if (!method.startsWith(WORLD_SIDE_PREFIX) || operation === undefined) throw new TypeError(`malformed frame: no harness method ${JSON.stringify(method.slice(0, 64))}`);
  return operation(world, ...args);
}
