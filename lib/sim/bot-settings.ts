/**
 * What the harness says of an application's bot beyond the native world: whether it uses large bot
 * sharding, and so its gateway `max_concurrency` (public docs, events/gateway.mdx, "Sharding for
 * Large Bots": such bots get a max_concurrency above 1, and the platform document: Get Current
 * User Guilds then requires `shard`, 0 to max_concurrency − 1). One record per world, held weakly.
 * @internal
 * @module
 */
import type { NativeWorld } from '../addon/native.js';
import { worldSide } from './world-side.js';

const largeSharding = new WeakMap<NativeWorld, Map<string, number>>();

/** The application uses large bot sharding with `maxConcurrency`, or (null) does not. */
export const setLargeBotSharding = worldSide('setLargeBotSharding', (world: NativeWorld, applicationId: string, maxConcurrency: number | null): void => {
  let apps = largeSharding.get(world);
  if (!apps) largeSharding.set(world, (apps = new Map()));
  if (maxConcurrency === null) apps.delete(applicationId);
  else apps.set(applicationId, maxConcurrency);
});

/** The application's max_concurrency when it uses large bot sharding, else undefined. */
export function largeBotSharding(world: NativeWorld, applicationId: string): number | undefined {
  return largeSharding.get(world)?.get(applicationId);
}
