/**
 * Snowflake ids minted on the JS side of a world (its channel messages, attachments), on the
 * world's clock, the service's layout: ms since the service epoch (2015-01-01) in the top 42 bits,
 * then worker, process and a per-millisecond increment. The native minter
 * (native/sim/service/snowflake.cc) writes process 0 (and a worker number per world); these write
 * worker 1, process 1, so the two never mint the same id. One minter per world, held weakly.
 * @internal
 * @module
 */
import type { NativeWorld } from '../addon/native.js';

const SERVICE_EPOCH_MS = 1_420_070_400_000n;
const WORKER = 1n;
const PROCESS = 1n;

interface Minter {
  lastMs: bigint;
  increment: bigint;
}

const minters = new WeakMap<NativeWorld, Minter>();

/** A new id of the world, sorting after every id this minter gave before (past 4096 in one ms: the next ms's). */
export function mintSnowflake(world: NativeWorld): string {
  let minter = minters.get(world);
  if (!minter) minters.set(world, (minter = { lastMs: 0n, increment: 0n }));
  let ms = BigInt(Math.max(0, Math.floor(world.now())));
  if (ms < SERVICE_EPOCH_MS) ms = SERVICE_EPOCH_MS;
  if (ms < minter.lastMs) ms = minter.lastMs;
  if (ms === minter.lastMs) {
    if (++minter.increment > 0xfffn) {
      ms++;
      minter.increment = 0n;
    }
  } else minter.increment = 0n;
  minter.lastMs = ms;
  return String(((ms - SERVICE_EPOCH_MS) << 22n) | (WORKER << 17n) | (PROCESS << 12n) | minter.increment);
}

/** The first snowflake of each ms asked about (decimal), for mintedAtOrAfter. */
const firstIdOfMs = new Map<number, string>();

/**
 * Whether a snowflake (canonical decimal, as every id here is) was minted at or after `ms` (Unix
 * epoch): compared with the first id of that ms as decimal strings, a longer one being larger, so
 * no BigInt is made per call (a guild channel's JSON asks this at every gateway dispatch).
 */
export function mintedAtOrAfter(id: string, ms: number): boolean {
  let first = firstIdOfMs.get(ms);
  if (first === undefined) {
    first = String((BigInt(Math.max(0, Math.floor(ms) - Number(SERVICE_EPOCH_MS))) << 22n));
    firstIdOfMs.set(ms, first);
  }
  return id.length === first.length ? id >= first : id.length > first.length;
}
