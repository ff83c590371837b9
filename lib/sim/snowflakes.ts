/**
 * Snowflake ids for what the JS side of the simulator keeps (subscriptions, SKUs, emojis, ...): the
 * docs' format (reference.mdx, "Snowflakes": milliseconds since the Discord epoch from bit 22,
 * then worker, process and an increment), stamped with the world's clock so an id sorts by when
 * it was made, as the native world's ids do.
 * @internal
 * @module
 */
import type { NativeWorld } from '../addon/native.js';

/** The first second of 2015 (reference.mdx, "Snowflakes"). */
const DISCORD_EPOCH_MS = 1_420_070_400_000n;
/** The JS side's worker id (bits 17 to 21): our choice, so its ids never meet the native world's. */
const JS_WORKER = 31n << 17n;

/** The last id made in each world. */
const lastIds = new WeakMap<NativeWorld, bigint>();

/** A new id, unique in the world and greater than the last (on a clock that stands still, the last + 1). */
export function nextSnowflake(world: NativeWorld): string {
  const ms = BigInt(Math.max(0, Math.floor(world.now()))) - DISCORD_EPOCH_MS;
  const stamped = ((ms > 0n ? ms : 0n) << 22n) | JS_WORKER;
  const last = lastIds.get(world) ?? 0n;
  const id = stamped > last ? stamped : last + 1n;
  lastIds.set(world, id);
  return id.toString();
}
