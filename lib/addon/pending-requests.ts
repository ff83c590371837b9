/**
 * The runtime's pending requests, by request id. Ids are handed out in sequence, so a request's
 * slot is its id modulo a power of two, and a set, a get and a delete each touch one slot: a Map
 * whose entries come and go rehashed itself every few hundred requests (with 100 sends in flight,
 * its set, rehash and delete were about 600 instructions of a round trip). A request still pending
 * when its slot comes round again (a slow operation among thousands of quick ones) goes to a Map
 * on the side.
 * @internal
 * @module
 */

const SLOTS = 1024; // a power of two
const MASK = SLOTS - 1;

export class PendingRequests<T extends { readonly client: number }> {
  /** The id in each slot; 0 when empty (ids start at 1). */
  readonly #ids = new Int32Array(SLOTS);
  readonly #values: (T | undefined)[] = new Array<T | undefined>(SLOTS).fill(undefined);
  /** When each slot's request was added, for {@link ofClient}'s order. */
  readonly #added = new Float64Array(SLOTS);
  readonly #overflow = new Map<number, { value: T; added: number }>();
  #adds = 0;

  /** Adds request `id` (a positive 32-bit integer not pending already). */
  set(id: number, value: T): void {
    const slot = id & MASK;
    const added = ++this.#adds;
    if (this.#ids[slot] === 0) {
      this.#ids[slot] = id;
      this.#values[slot] = value;
      this.#added[slot] = added;
    } else {
      this.#overflow.set(id, { value, added });
    }
  }

  get(id: number): T | undefined {
    const slot = id & MASK;
    return this.#ids[slot] === id ? this.#values[slot] : this.#overflow.get(id)?.value;
  }

  delete(id: number): void {
    const slot = id & MASK;
    if (this.#ids[slot] === id) {
      this.#ids[slot] = 0;
      this.#values[slot] = undefined;
    } else {
      this.#overflow.delete(id);
    }
  }

  /** The pending requests of `client`, [id, request], in the order they were added. */
  ofClient(client: number): [number, T][] {
    const found: { id: number; value: T; added: number }[] = [];
    for (let slot = 0; slot < SLOTS; slot++) {
      const value = this.#values[slot];
      if (value !== undefined && value.client === client) found.push({ id: this.#ids[slot]!, value, added: this.#added[slot]! });
    }
    for (const [id, { value, added }] of this.#overflow) if (value.client === client) found.push({ id, value, added });
    return found.sort((a, b) => a.added - b.added).map(({ id, value }) => [id, value]);
  }
}
