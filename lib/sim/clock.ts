/**
 * How a simulator's clock moves. The world keeps one clock (native, in ms since the Unix epoch):
 * every expiry (tokens, codes, invites), delayed call (latency), webhook retry and rate-limit
 * window reads it. In `manual` mode only {@link Simulator.advance} moves it. In `real-time` mode
 * this driver moves it along with the host's monotonic clock: before each HTTP request the
 * service handles, before each harness call that reads time, and on an unref'd timer between
 * them (so delayed calls and retries fire on time without holding the process open);
 * `advance()` still jumps ahead.
 * @internal
 * @module
 */
import { performance } from 'node:perf_hooks';

import type { NativeWorld } from '../addon/native.js';
import { clockAdvanced } from './http/state.js';

/**
 * How a simulator's clock moves: `manual` only by {@link Simulator.advance} (tests that jump);
 * `real-time` with the host's clock, `advance()` adding jumps (a served world that people and
 * servers use as they would the real service).
 */
export type ClockMode = 'manual' | 'real-time';

export const CLOCK_MODES: readonly ClockMode[] = ['manual', 'real-time'];

/**
 * How often a real-time clock catches up between requests (ms): the lateness at most of a
 * delayed call or a webhook retry. Our choice: small against the service's own timings (its
 * shortest documented window is a second), cheap for the world (one lock per tick).
 */
const TICK_MS = 10;

const clocks = new WeakMap<NativeWorld, SimulatorClock>();

/** The clock of a world (one per simulator). */
export class SimulatorClock {
  readonly #world: NativeWorld;
  #mode: ClockMode = 'manual';
  /** Real time: the world's time at `#since` (performance.now()), plus every advance() since. */
  #base = 0;
  #since = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(world: NativeWorld, mode: ClockMode) {
    this.#world = world;
    clocks.set(world, this);
    this.setMode(mode);
  }

  get mode(): ClockMode {
    return this.#mode;
  }

  /** Switches the mode; the world's time goes on from where it is. */
  setMode(mode: ClockMode): void {
    if (mode === this.#mode) return;
    this.sync();
    this.#mode = mode;
    if (mode === 'manual') {
      clearInterval(this.#timer);
      this.#timer = undefined;
      return;
    }
    this.#base = this.#world.now();
    this.#since = performance.now();
    // The timer holds the clock weakly: a simulator dropped without notice is still collected,
    // and its timer stops at the next tick.
    const clock = new WeakRef(this);
    const timer: NodeJS.Timeout = setInterval(() => {
      const alive = clock.deref();
      if (alive) alive.sync();
      else clearInterval(timer);
    }, TICK_MS);
    timer.unref();
    this.#timer = timer;
  }

  /** Real time: moves the world's clock up to the host's (never back). Manual: nothing. */
  sync(): void {
    if (this.#mode !== 'real-time') return;
    // Rounded up: a world a fraction of a millisecond ahead ends a window no later than the
    // client that waited it out expects (rounded down, a client's exact wait met a 429).
    const target = this.#base + Math.ceil(performance.now() - this.#since);
    const now = this.#world.now();
    if (target <= now) return;
    try {
      this.#world.advance(target - now);
    } catch (error) {
      // The clock's end (the last instant a snowflake can hold, less a day, reached only by
      // advancing near it): it stays where it is, as advance() would leave it.
      if (!(error instanceof RangeError)) throw error;
      return;
    }
    clockAdvanced(this.#world);
  }

  /** The world's time, caught up first. */
  now(): number {
    this.sync();
    return this.#world.now();
  }

  /** Jumps ahead `ms` (checked by the caller); in real time the jump stays. Returns the new time. */
  advance(ms: number): number {
    this.sync();
    const now = this.#world.advance(ms);
    this.#base += ms;
    clockAdvanced(this.#world);
    return now;
  }
}

/** Catches a world's clock up with real time (a no-op in manual mode). */
export function syncClock(world: NativeWorld): void {
  clocks.get(world)?.sync();
}

/** The clock of a world a Simulator made. */
export function clockOf(world: NativeWorld): SimulatorClock {
  const clock = clocks.get(world);
  if (!clock) throw new TypeError('the world has no clock: it was not made by a Simulator');
  return clock;
}
