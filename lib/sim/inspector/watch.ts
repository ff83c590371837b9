/**
 * One world's inspector watch: the timeline, and the page streams open on it. While at least one
 * stream is open, it reads the world every 200 ms (less often for a world that takes long to read)
 * and sends the state to every stream when it changed (at most once a second when only the clock
 * moved); with none open, no timer runs. The timer is unref'd: an open inspector page never keeps
 * the process alive.
 * @internal
 * @module
 */
import type { NativeWorld } from '../../addon/native.js';
import type { ServiceState } from '../http/state.js';
import { Timeline } from './timeline.js';
import { inspectorState, type InspectorState } from './view.js';

/** How often an open stream's world is read. */
export const WATCH_INTERVAL_MS = 200;
/** A state that changed only in its clock is sent at most this often. */
const CLOCK_INTERVAL_MS = 1000;

/** A stream's end: receives each state as JSON text. */
export type StateListener = (json: string) => void;

export class InspectorWatch {
  readonly #world: NativeWorld;
  readonly #state: ServiceState;
  readonly #timeline = new Timeline();
  readonly #listeners = new Set<StateListener>();
  #timer: NodeJS.Timeout | undefined;
  /** The last state sent, without its clock; its clock; when it was sent (host time). */
  #lastBody = '';
  #lastClock = 0;
  #lastSent = 0;

  constructor(world: NativeWorld, state: ServiceState) {
    this.#world = world;
    this.#state = state;
  }

  /** The state now. */
  state(): InspectorState {
    return inspectorState(this.#world, this.#state, this.#timeline);
  }

  /** Sends `listener` the state now and every change until the returned function is called. */
  subscribe(listener: StateListener): () => void {
    this.#listeners.add(listener);
    listener(JSON.stringify(this.state()));
    if (this.#timer === undefined) this.#schedule(WATCH_INTERVAL_MS);
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0 && this.#timer !== undefined) {
        clearTimeout(this.#timer);
        this.#timer = undefined;
      }
    };
  }

  /**
   * The next read in `delay` ms. A read that took long (a large world: 25 ms for 5,000 users and
   * 1,000 lobbies) spaces the next ones to five times its duration, so the inspector never holds
   * the world's lock more than a fifth of the time.
   */
  #schedule(delay: number): void {
    this.#timer = setTimeout(() => {
      const started = performance.now();
      this.#tick();
      if (this.#listeners.size > 0) this.#schedule(Math.max(WATCH_INTERVAL_MS, 5 * (performance.now() - started)));
      else this.#timer = undefined;
    }, delay);
    this.#timer.unref();
  }

  /** How many streams are open. */
  get watchers(): number {
    return this.#listeners.size;
  }

  #tick(): void {
    let current: InspectorState;
    try {
      current = this.state();
    } catch {
      return; // a world read that fails (it should not) skips one tick; the next tries again
    }
    const body = JSON.stringify({ ...current, clock: { mode: current.clock.mode }, world: { ...current.world, now: 0 } });
    const now = performance.now();
    if (body === this.#lastBody && (current.clock.now === this.#lastClock || now - this.#lastSent < CLOCK_INTERVAL_MS)) return;
    this.#lastBody = body;
    this.#lastClock = current.clock.now;
    this.#lastSent = now;
    const json = JSON.stringify(current);
    for (const listener of [...this.#listeners]) listener(json);
  }
}
