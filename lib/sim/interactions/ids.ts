/**
 * Snowflakes for what the interactions room makes (commands, interactions, the messages they
 * produce): the service's layout (docs reference.mdx, "Snowflakes": milliseconds since the Discord
 * epoch in the top 42 bits, then a counter) on the simulator's clock.
 * @internal
 * @module
 */
import type { NativeWorld } from '../../addon/native.js';

/** 2015-01-01T00:00:00Z, the Discord epoch (reference.mdx, "Snowflakes"). */
const DISCORD_EPOCH = 1_420_070_400_000n;
const counters = new WeakMap<NativeWorld, { n: bigint }>();

/** A new snowflake of the world's clock (increasing within a world). */
export function newSnowflake(world: NativeWorld): string {
  let counter = counters.get(world);
  if (!counter) counters.set(world, (counter = { n: 0n }));
  counter.n = (counter.n + 1n) & 0x3fffffn;
  const ms = BigInt(Math.max(0, Math.floor(world.now()))) - DISCORD_EPOCH;
  return String(((ms < 0n ? 0n : ms) << 22n) | counter.n);
}
