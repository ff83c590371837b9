/**
 * A count of events over a sliding window in O(1) per event and bounded memory: a ring of
 * one-second buckets of the window's length. An event leaves the count once its second is more
 * than the window behind the current one (so up to a second later than an exact timestamp log
 * would drop it: our choice, invisible at the service's 10-minute scale).
 * @internal
 * @module
 */
const BUCKET_MS = 1000;

export class WindowCount {
  readonly #seconds: Float64Array;
  readonly #counts: Float64Array;

  constructor(windowMs: number) {
    const buckets = Math.ceil(windowMs / BUCKET_MS);
    this.#seconds = new Float64Array(buckets).fill(-Infinity);
    this.#counts = new Float64Array(buckets);
  }

  /** Counts one event at `now` (ms; a clock that never goes back). */
  add(now: number): void {
    const second = Math.floor(now / BUCKET_MS);
    const length = this.#seconds.length;
    const slot = ((second % length) + length) % length;
    if (this.#seconds[slot] !== second) {
      // The slot held a second a whole window ago (or none): it starts over.
      this.#seconds[slot] = second;
      this.#counts[slot] = 0;
    }
    this.#counts[slot]! += 1;
  }

  /** Events of the window ending at `now`. */
  count(now: number): number {
    const oldest = Math.floor(now / BUCKET_MS) - this.#seconds.length;
    let total = 0;
    for (let slot = 0; slot < this.#seconds.length; slot++) if (this.#seconds[slot]! > oldest) total += this.#counts[slot]!;
    return total;
  }
}
