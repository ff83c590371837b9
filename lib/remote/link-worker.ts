/**
 * The remote link's thread: holds the WebSocket of each link this process opened, so that a
 * synchronous call (a NativeClient or NativeWorld method that answers at once in process) can
 * wait for its reply with `Atomics.wait` on the JS thread while this thread reads the socket.
 * Frames are passed through as text: the JS thread encodes and decodes them.
 *
 * Messages from the JS thread: `open` (connect, or reconnect, a link), `send` (a frame; with
 * `wait`, the reply of that `seq` goes to the sync port and wakes the waiter), `close`.
 * To the JS thread (the worker's own port): `frame` (any other frame), `up`, `down`.
 * @internal
 * @module
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import WebSocket from 'ws';

import { ReplySlot } from './reply-slot.js';

interface WorkerData {
  /** One Int32: the reply counter the JS thread waits on. */
  signal: SharedArrayBuffer;
  /** The reply slot's memory (reply-slot.ts): where a reply that fits goes instead of the port. */
  replies: SharedArrayBuffer;
  syncPort: MessagePort;
}

type Command =
  | { op: 'open'; link: number; url: string; headers: Record<string, string>; maxPayload: number }
  | { op: 'send'; link: number; text: string; wait?: number }
  | { op: 'close'; link: number };

interface LinkSocket {
  socket: WebSocket | undefined;
  /** Sent once the socket opens, in order. */
  queued: { text: string; wait?: number }[];
  /** The sync call the JS thread waits for on this link, if any. */
  waiting: number | undefined;
  open: Command & { op: 'open' };
}

const { signal, replies, syncPort } = workerData as WorkerData;
const flag = new Int32Array(signal);
const replySlot = new ReplySlot(replies);
const links = new Map<number, LinkSocket>();

/** Wakes the JS thread waiting for a reply. */
function wake(): void {
  Atomics.add(flag, 0, 1);
  Atomics.notify(flag, 0);
}

/** Hands the waiting JS thread its answer through the port: a reply frame's text, or why there is none. */
function answer(link: number, seq: number, result: { text: string } | { failure: string }): void {
  syncPort.postMessage({ link, seq, ...result });
  wake();
}

/** Whether a frame's bytes are the reply of call `seq`: it starts `{"t":"reply","seq":N,` (not parsed whole). */
function isReplyTo(data: Buffer, seq: number): boolean {
  const prefix = `{"t":"reply","seq":${seq},`;
  return data.length > prefix.length && data.toString('latin1', 0, prefix.length) === prefix;
}

function fail(link: LinkSocket, reason: string): void {
  if (link.waiting !== undefined) answer(link.open.link, link.waiting, { failure: reason });
  link.waiting = undefined;
  for (const item of link.queued) if (item.wait !== undefined) answer(link.open.link, item.wait, { failure: reason });
  link.queued = [];
}

function send(link: LinkSocket, text: string, wait: number | undefined): void {
  if (wait !== undefined) link.waiting = wait;
  link.socket!.send(text);
}

/** The refusal of an upgrade (401, a protocol mismatch) as its JSON body says it. */
function refusalOf(response: import('node:http').IncomingMessage, done: (reason: string) => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => {
    if (chunks.reduce((n, c) => n + c.length, 0) < 65_536) chunks.push(chunk);
  });
  response.on('end', () => {
    let message = `the served simulator refused the link (HTTP ${response.statusCode})`;
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { message?: unknown };
      if (typeof body.message === 'string') message = body.message;
    } catch {
      // Not JSON: the status says it.
    }
    done(message);
  });
  response.on('error', () => done(`the served simulator refused the link (HTTP ${response.statusCode})`));
}

function open(command: Command & { op: 'open' }): void {
  const existing = links.get(command.link);
  const link: LinkSocket = existing ?? { socket: undefined, queued: [], waiting: undefined, open: command };
  links.set(command.link, link);
  if (link.socket && link.socket.readyState <= WebSocket.OPEN) return;
  if (link.socket) {
    // The socket is closing: the link dropped, whether its close event came yet or not. Say so
    // before the new socket's 'up' (its close event will find it replaced and say nothing).
    link.socket = undefined;
    fail(link, 'the link to the served simulator was lost');
    parentPort!.postMessage({ op: 'down', link: command.link, reason: 'the link to the served simulator was lost' });
  }
  const socket = new WebSocket(command.url, { headers: command.headers, maxPayload: command.maxPayload, perMessageDeflate: false });
  link.socket = socket;
  // The first of error/close/refusal reports the link down; the others find it replaced.
  const down = (reason: string) => {
    if (link.socket !== socket) return;
    link.socket = undefined;
    fail(link, reason);
    parentPort!.postMessage({ op: 'down', link: command.link, reason });
  };
  // A refused upgrade: its body says why; the socket's own error or close on the way is not the reason.
  let refused = false;
  socket.on('unexpected-response', (_request, response) => {
    refused = true;
    refusalOf(response, (reason) => {
      socket.terminate();
      refused = false;
      down(reason);
    });
  });
  socket.on('open', () => {
    // Nagle's algorithm would hold a small frame back for the previous one's ack.
    (socket as unknown as { _socket?: { setNoDelay?(on: boolean): void } })._socket?.setNoDelay?.(true);
    parentPort!.postMessage({ op: 'up', link: command.link });
    const queued = link.queued;
    link.queued = [];
    for (const item of queued) send(link, item.text, item.wait);
  });
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    const waiting = link.waiting;
    if (waiting !== undefined && !isBinary && isReplyTo(data, waiting)) {
      link.waiting = undefined;
      if (replySlot.offer(command.link, waiting, data)) wake();
      else answer(command.link, waiting, { text: data.toString('utf8') });
      return;
    }
    parentPort!.postMessage({ op: 'frame', link: command.link, text: isBinary ? '' : data.toString('utf8') });
  });
  socket.on('error', (error: Error) => {
    if (!refused) down(`the link to the served simulator failed (${(error as NodeJS.ErrnoException).code ?? error.message})`);
  });
  socket.on('close', (code: number) => {
    if (!refused) down(`the served simulator closed the link (WebSocket close ${code})`);
  });
}

parentPort!.on('message', (command: Command) => {
  if (command.op === 'open') return open(command);
  const link = links.get(command.link);
  if (!link) {
    if (command.op === 'send' && command.wait !== undefined) answer(command.link, command.wait, { failure: 'the link is not open' });
    return;
  }
  if (command.op === 'close') {
    links.delete(command.link);
    const socket = link.socket;
    link.socket = undefined;
    fail(link, 'the link was closed');
    socket?.close(1000);
    return;
  }
  // A frame for a link whose socket is gone (its 'down' is still on its way to the JS thread,
  // which sent this believing it up): connect again and send it on the new socket.
  if (!link.socket || link.socket.readyState > WebSocket.OPEN) open(link.open);
  if (link.socket?.readyState === WebSocket.OPEN) send(link, command.text, command.wait);
  else link.queued.push({ text: command.text, wait: command.wait });
});
