/**
 * The JS thread's end of a remote link: one per served world this thread reaches, carrying its
 * harness calls and its SDK clients' sessions over one WebSocket (held by the link thread,
 * link-worker.ts). A synchronous call waits for its reply with `Atomics.wait`; events arrive in the
 * world's order and are dispatched as the pump dispatches a batch.
 * @internal
 * @module
 */
import * as path from 'node:path';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';

import { SocialSdkError } from '../common/errors.js';
import { EVENT_INTS, EventKind } from '../generated/seam.js';
import { getRuntime } from '../addon/runtime.js';
import type { NativePayload } from '../addon/native.js';
import { checkNotServedHere, harnessHeader, type SimulatorAddress } from './access.js';
import {
  decodeFrame,
  encodeFrame,
  fromRemoteError,
  MAX_FRAME_BYTES,
  PROTOCOL_HEADER,
  REMOTE_PATH,
  REMOTE_PROTOCOL,
  type LinkFrame,
  type WorldFrame,
} from './protocol.js';
import { ReplySlot } from './reply-slot.js';

/** A reply frame's value, or its error thrown. */
function replyValue(text: string): unknown {
  const reply = decodeFrame<WorldFrame>(text, ['reply']) as WorldFrame & { t: 'reply' };
  if (reply.error) throw fromRemoteError(reply.error);
  return reply.value;
}

/** How long a synchronous call waits for the served world before it throws. */
const CALL_TIMEOUT_MS = 30_000;

/** What a link tells the sessions it carries. */
export interface LinkSession {
  /** The events of a frame that concern this session (in place: revive the payloads). */
  onEvent(kind: number, ints: number[], at: number, payloads: unknown[], index: number): void;
  /** The link is lost; calls fail until it is up again. */
  onLinkDown(reason: string): void;
  /** The link is up again (a new connection): attach again. */
  onLinkUp(): void;
}

interface Answer {
  link: number;
  seq: number;
  text?: string;
  failure?: string;
}

/** The thread's link worker, started with the first link. */
interface LinkThread {
  worker: Worker;
  syncPort: MessagePort;
  flag: Int32Array;
  /** Where a reply that fits arrives (the port carries the rest, and failures). */
  replies: ReplySlot;
  links: Map<number, Link>;
}

let thread: LinkThread | undefined;
let nextLinkId = 1;
const linksByAddress = new Map<string, Link>();

function linkThread(): LinkThread {
  if (thread) return thread;
  const signal = new SharedArrayBuffer(4);
  const replies = ReplySlot.allocate();
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(path.join(__dirname, 'link-worker.js'), { workerData: { signal, replies, syncPort: port2 }, transferList: [port2] });
  const started: LinkThread = { worker, syncPort: port1, flag: new Int32Array(signal), replies: new ReplySlot(replies), links: new Map() };
  worker.on('message', (message: { op: string; link: number; text?: string; reason?: string }) => {
    const link = started.links.get(message.link);
    if (!link) return;
    if (message.op === 'frame') link.onFrame(message.text!);
    else if (message.op === 'up') link.onUp();
    else if (message.op === 'down') link.onDown(message.reason!);
  });
  worker.on('error', () => {
    // A link thread that died: every link is down; the next call starts a new thread.
    thread = undefined;
    for (const link of started.links.values()) link.onDown('the link thread stopped');
  });
  // The worker never holds the process open: a busy client holds it through the runtime. (After
  // the listeners: adding a 'message' listener refs the worker's port again.) Nor does the sync
  // port, which is only ever read with receiveMessageOnPort.
  worker.unref();
  port1.unref();
  thread = started;
  return started;
}

/** A failure of the link itself (not of the call): the SDK's network error. */
function linkFailure(reason: string): SocialSdkError {
  return new SocialSdkError(`remote simulator: ${reason}`, { type: 'NetworkError' });
}

/** Messages are frozen objects in process (the message factory's); so they are here. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}

export { deepFreeze as freezeMessage };

export class Link {
  readonly id = nextLinkId++;
  readonly address: SimulatorAddress;
  readonly sessions = new Map<number, LinkSession>();
  #up = false;
  #opening = false;
  #nextSeq = 1;

  private constructor(address: SimulatorAddress) {
    this.address = address;
  }

  /** The link of this thread to `address`'s world (one per origin and secret). */
  static to(address: SimulatorAddress): Link {
    checkNotServedHere(address.origin);
    const key = `${address.origin}#${address.secret ?? ''}`;
    let link = linksByAddress.get(key);
    if (!link) {
      link = new Link(address);
      linksByAddress.set(key, link);
    }
    return link;
  }

  get isUp(): boolean {
    return this.#up;
  }

  /** Opens the link when it is neither up nor opening; frames sent meanwhile wait for it. */
  open(): void {
    if (this.#up || this.#opening) return;
    const t = linkThread();
    t.links.set(this.id, this);
    this.#opening = true;
    const url = `${this.address.origin.replace(/^http/, 'ws')}${REMOTE_PATH}`;
    const headers: Record<string, string> = { [PROTOCOL_HEADER]: REMOTE_PROTOCOL };
    if (this.address.secret !== undefined) Object.assign(headers, harnessHeader(this.address.secret));
    t.worker.postMessage({ op: 'open', link: this.id, url, headers, maxPayload: MAX_FRAME_BYTES });
  }

  /** Sends a frame no one waits for (an asynchronous call: its Result event answers). */
  send(frame: LinkFrame): void {
    this.open();
    thread!.worker.postMessage({ op: 'send', link: this.id, text: encodeFrame(frame) });
  }

  /** Sends a frame and waits for its reply; returns the reply's value or throws its error. */
  call(frame: LinkFrame): unknown {
    this.open();
    const t = thread!;
    const seq = this.#nextSeq++;
    let seen = Atomics.load(t.flag, 0);
    t.worker.postMessage({ op: 'send', link: this.id, text: encodeFrame({ ...frame, seq }), wait: seq });
    const deadline = Date.now() + CALL_TIMEOUT_MS;
    for (;;) {
      const slotted = t.replies.take(this.id, seq);
      if (slotted !== undefined) return replyValue(slotted);
      for (let received = receiveMessageOnPort(t.syncPort); received; received = receiveMessageOnPort(t.syncPort)) {
        const answer = received.message as Answer;
        // An answer to an earlier call that timed out is left behind.
        if (answer.link !== this.id || answer.seq !== seq) continue;
        if (answer.failure !== undefined) {
          // The link thread has no socket for this link any more (its 'down' is still queued
          // for this thread): the next call opens a new one.
          this.#up = false;
          this.#opening = false;
          throw linkFailure(answer.failure);
        }
        return replyValue(answer.text!);
      }
      const left = deadline - Date.now();
      if (left <= 0) throw linkFailure(`no answer within ${CALL_TIMEOUT_MS / 1000} s`);
      Atomics.wait(t.flag, 0, seen, left);
      seen = Atomics.load(t.flag, 0);
    }
  }

  /** A frame that is no awaited reply: events (dispatched as a batch), a refusal, a late reply. */
  onFrame(text: string): void {
    let frame: WorldFrame;
    try {
      frame = decodeFrame<WorldFrame>(text, ['events', 'refused', 'reply']);
    } catch {
      return;
    }
    if (frame.t !== 'events') return;
    const { ints, payloads } = frame;
    for (let at = 0, index = 0; at < ints.length; at += EVENT_INTS, index++) {
      const kind = ints[at]!;
      this.sessions.get(ints[at + 1]!)?.onEvent(kind, ints, at, payloads, index);
      if (kind === EventKind.Closed) this.sessions.delete(ints[at + 1]!);
    }
    getRuntime().dispatchForeign(Int32Array.from(ints), payloads as NativePayload[]);
  }

  onUp(): void {
    this.#opening = false;
    this.#up = true;
    for (const session of this.sessions.values()) session.onLinkUp();
  }

  onDown(reason: string): void {
    const wasUp = this.#up;
    this.#opening = false;
    this.#up = false;
    if (!wasUp && this.sessions.size === 0) return;
    for (const session of [...this.sessions.values()]) session.onLinkDown(reason);
  }

  /** Closes the socket (the last session went); a later call opens a new one. */
  close(): void {
    if (!thread) return;
    this.#up = false;
    this.#opening = false;
    thread.worker.postMessage({ op: 'close', link: this.id });
  }
}
