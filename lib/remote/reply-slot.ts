/**
 * Where the link thread leaves a synchronous call's reply for the JS thread that waits for it: a
 * SharedArrayBuffer both threads see, the reply's bytes copied in as they came off the socket.
 * Through the sync MessagePort a reply was made a string on the link thread, serialized, queued
 * under the port's lock with a wake of the JS thread's event loop, and deserialized; in the
 * slot it is one copy of its bytes and one decode. A reply larger than the slot, or one that
 * finds the slot taken, still goes through the port.
 *
 * One slot per link thread: its JS thread waits for one call at a time. The slot is taken with a
 * compare-and-exchange, so a late reply (of a call that timed out) can never be written over one
 * the JS thread is reading; the JS thread empties the slot whatever it held.
 * @internal
 * @module
 */

/** The largest reply the slot carries: most replies are a few hundred bytes, a lobby with 1,000 members under 64 KiB. */
export const REPLY_SLOT_BYTES = 64 * 1024;

// The header: four Int32s (the state, the reply's link and seq, its length in bytes), then the bytes.
const STATE = 0;
const LINK = 1;
const SEQ = 2;
const LENGTH = 3;
const HEADER_BYTES = 16;

const EMPTY = 0;
const WRITING = 1;
const FULL = 2;

export class ReplySlot {
  readonly #header: Int32Array;
  readonly #bytes: Buffer;

  /** A new slot's memory, for both threads' ReplySlot. */
  static allocate(): SharedArrayBuffer {
    return new SharedArrayBuffer(HEADER_BYTES + REPLY_SLOT_BYTES);
  }

  constructor(memory: SharedArrayBuffer) {
    this.#header = new Int32Array(memory, 0, HEADER_BYTES / 4);
    this.#bytes = Buffer.from(memory, HEADER_BYTES, REPLY_SLOT_BYTES);
  }

  /** The link thread: leaves `reply` (its UTF-8 bytes) for call `seq` of `link`; false when it must take the port. */
  offer(link: number, seq: number, reply: Uint8Array): boolean {
    if (reply.byteLength > REPLY_SLOT_BYTES) return false;
    if (Atomics.compareExchange(this.#header, STATE, EMPTY, WRITING) !== EMPTY) return false;
    this.#bytes.set(reply);
    this.#header[LINK] = link;
    this.#header[SEQ] = seq;
    this.#header[LENGTH] = reply.byteLength;
    Atomics.store(this.#header, STATE, FULL);
    return true;
  }

  /** The JS thread: the reply of call `seq` of `link` as text, if the slot holds it. Empties the slot either way. */
  take(link: number, seq: number): string | undefined {
    if (Atomics.load(this.#header, STATE) !== FULL) return undefined;
    const mine = this.#header[LINK] === link && this.#header[SEQ] === seq;
    const text = mine ? this.#bytes.toString('utf8', 0, this.#header[LENGTH]) : undefined;
    Atomics.store(this.#header, STATE, EMPTY);
    return text;
  }
}
