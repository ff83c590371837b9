/**
 * The framing of the local RPC protocol over IPC (public docs, topics/rpc.mdx "RPC over IPC"):
 * each message is an opcode and a payload length, both 32-bit little-endian unsigned integers,
 * then that many bytes of UTF-8 JSON. Opcodes: 0 HANDSHAKE, 1 FRAME, 2 CLOSE, 3 PING, 4 PONG.
 * The decoder never throws: bad input comes back as a {@link FrameFault} the server closes on.
 * @internal
 * @module
 */

/** The opcodes (topics/rpc.mdx, "Opcodes"). */
export const Opcode = { Handshake: 0, Frame: 1, Close: 2, Ping: 3, Pong: 4 } as const;
export type Opcode = (typeof Opcode)[keyof typeof Opcode];

/** The header: opcode and length, 4 bytes each. */
export const HEADER_BYTES = 8;

/**
 * The largest payload the simulated chat client reads. The docs state no limit: OUR CHOICE, 64 KiB,
 * far above any command a client sends (a SET_ACTIVITY with every field is under 4 KiB), so a
 * garbage length is refused at once instead of buffering up to 4 GiB.
 */
export const MAX_PAYLOAD_BYTES = 64 * 1024;

/** One decoded message: its opcode and its JSON payload (null for an empty payload). */
export interface Frame {
  op: Opcode;
  payload: unknown;
}

/** Why a byte stream is not a well-formed message stream. */
export interface FrameFault {
  fault: 'opcode' | 'length' | 'json';
  message: string;
}

/** Encodes one message: header and JSON payload. */
export function encodeFrame(op: Opcode, payload: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(payload) ?? 'null', 'utf8');
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt32LE(op, 0);
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}

function isOpcode(value: number): value is Opcode {
  return value >= Opcode.Handshake && value <= Opcode.Pong;
}

/**
 * Reassembles messages from socket chunks (a message may arrive split, or several in a chunk).
 * After a fault it keeps returning the fault: the stream cannot be resynchronised.
 */
export class FrameDecoder {
  #buffer: Buffer = Buffer.alloc(0);
  #fault: FrameFault | null = null;

  /** Adds a chunk; returns the complete messages it finished, or the fault. */
  push(chunk: Buffer): Frame[] | FrameFault {
    if (this.#fault) return this.#fault;
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    const frames: Frame[] = [];
    while (this.#buffer.length >= HEADER_BYTES) {
      const op = this.#buffer.readUInt32LE(0);
      const length = this.#buffer.readUInt32LE(4);
      if (!isOpcode(op)) return this.#fail('opcode', `unknown opcode ${op}`);
      if (length > MAX_PAYLOAD_BYTES) return this.#fail('length', `payload length ${length} is over the ${MAX_PAYLOAD_BYTES}-byte limit`);
      if (this.#buffer.length < HEADER_BYTES + length) break;
      const body = this.#buffer.subarray(HEADER_BYTES, HEADER_BYTES + length);
      this.#buffer = this.#buffer.subarray(HEADER_BYTES + length);
      if (length === 0) {
        frames.push({ op, payload: null });
        continue;
      }
      // fatal: true refuses invalid UTF-8 instead of replacing it.
      let payload: unknown;
      try {
        payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
      } catch {
        return this.#fail('json', 'the payload is not UTF-8 JSON');
      }
      frames.push({ op, payload });
    }
    return frames;
  }

  #fail(fault: FrameFault['fault'], message: string): FrameFault {
    this.#buffer = Buffer.alloc(0);
    this.#fault = { fault, message };
    return this.#fault;
  }
}

/** Whether a push result is a fault. */
export function isFault(result: Frame[] | FrameFault): result is FrameFault {
  return !Array.isArray(result);
}
