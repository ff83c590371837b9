// The IPC framing of the simulated chat client's RPC server, byte by byte over a raw Unix socket:
// opcode and length as 32-bit little-endian integers, then JSON (public docs topics/rpc.mdx
// "Connecting to IPC", "Opcodes"); the close codes of opcodes-and-status-codes.mdx ("RPC Close
// Event Codes": 4000 Invalid client ID, 4004 Invalid version). Malformed input (OUR CHOICE, docs
// silent: close code 1003) never crashes the process and leaves the server serving others.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import { world } from './helpers.js';
import type { ChatClientRpc } from './sdk.js';

interface Message {
  op: number;
  payload: unknown;
}

/** A raw IPC client: writes bytes, collects decoded messages until the server ends the socket. */
class RawClient {
  readonly messages: Message[] = [];
  readonly ended: Promise<void>;
  readonly #socket: Socket;
  #buffer = Buffer.alloc(0);

  constructor(path: string) {
    this.#socket = connect(path);
    this.#socket.on('data', (chunk: Buffer) => {
      this.#buffer = Buffer.concat([this.#buffer, chunk]);
      while (this.#buffer.length >= 8 && this.#buffer.length >= 8 + this.#buffer.readUInt32LE(4)) {
        const length = this.#buffer.readUInt32LE(4);
        const body = this.#buffer.subarray(8, 8 + length).toString('utf8');
        this.messages.push({ op: this.#buffer.readUInt32LE(0), payload: body === '' ? null : JSON.parse(body) });
        this.#buffer = this.#buffer.subarray(8 + length);
      }
    });
    this.ended = new Promise((resolve) => this.#socket.on('close', () => resolve()));
    this.#socket.on('error', () => undefined);
  }

  static frame(op: number, payload: unknown): Buffer {
    const body = Buffer.from(JSON.stringify(payload));
    const header = Buffer.alloc(8);
    header.writeUInt32LE(op, 0);
    header.writeUInt32LE(body.length, 4);
    return Buffer.concat([header, body]);
  }

  write(bytes: Buffer): void {
    this.#socket.write(bytes);
  }

  async next(count: number): Promise<Message[]> {
    const deadline = Date.now() + 5000;
    while (this.messages.length < count) {
      if (Date.now() > deadline) throw new Error(`only ${this.messages.length} of ${count} messages came`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    return this.messages.slice(0, count);
  }

  destroy(): void {
    this.#socket.destroy();
  }
}

let directory = '';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  rmSync(directory, { recursive: true, force: true });
});

async function setup() {
  directory = mkdtempSync(join(tmpdir(), 'sim-rpc-raw-'));
  const w = world();
  const rpc: ChatClientRpc = await w.sim.chatClient(w.user).serveRpc({ ipcDirectory: directory });
  cleanups.push(() => rpc.close());
  const open = () => {
    const client = new RawClient(rpc.path!);
    cleanups.push(() => client.destroy());
    return client;
  };
  return { ...w, rpc, open };
}

async function setupSignedOut() {
  const base = await setup();
  base.sim.chatClient(base.user).signIn(null);
  return { ...base, alice: base.user };
}

/** Expects the client's last message to be CLOSE with `code`, then the socket to end. */
async function expectClosed(client: RawClient, code: number): Promise<void> {
  await client.ended;
  expect(client.messages.at(-1)).toMatchObject({ op: 2, payload: { code } });
}

describe('RPC over IPC framing', () => {
  it('handshake in one byte per write: READY comes as a FRAME (opcode 1); PING is answered with PONG and the same payload', async () => {
    const { app, user, open } = await setup();
    const client = open();
    for (const byte of RawClient.frame(0, { v: 1, client_id: app.id })) client.write(Buffer.from([byte]));
    const [ready] = await client.next(1);
    expect(ready).toEqual({ op: 1, payload: expect.objectContaining({ cmd: 'DISPATCH', evt: 'READY', data: expect.objectContaining({ v: 1, user: expect.objectContaining({ id: user.id }) }) }) });
    client.write(RawClient.frame(3, 'ping-1'));
    expect((await client.next(2))[1]).toEqual({ op: 4, payload: 'ping-1' });
  });

  it('a chat client signed out: READY carries no user (our choice: the docs show a signed-in client only)', async () => {
    const { app, sim, alice, open } = await setupSignedOut();
    expect(sim.chatClient(alice).signedInAs).toBeNull();
    const client = open();
    client.write(RawClient.frame(0, { v: 1, client_id: app.id }));
    const [ready] = await client.next(1);
    expect(ready?.payload).toMatchObject({ evt: 'READY', data: { v: 1 } });
    expect((ready?.payload as { data: Record<string, unknown> }).data).not.toHaveProperty('user');
  });

  it('a client id that is no application: CLOSE with code 4000 (Invalid client ID)', async () => {
    const { open } = await setup();
    const client = open();
    client.write(RawClient.frame(0, { v: 1, client_id: '123456789012345678' }));
    await expectClosed(client, 4000);
    const garbage = open();
    garbage.write(RawClient.frame(0, { v: 1, client_id: 'not an id' }));
    await expectClosed(garbage, 4000);
  });

  it('another RPC version: CLOSE with code 4004 (Invalid version)', async () => {
    const { app, open } = await setup();
    const client = open();
    client.write(RawClient.frame(0, { v: 2, client_id: app.id }));
    await expectClosed(client, 4004);
  });

  it('a FRAME whose payload is no command object is an ERROR 4000 (Invalid payload); the connection stays', async () => {
    const { app, open } = await setup();
    const client = open();
    client.write(RawClient.frame(0, { v: 1, client_id: app.id }));
    client.write(RawClient.frame(1, [1, 2, 3]));
    client.write(RawClient.frame(1, { cmd: 42, nonce: 'n1' }));
    const [, first, second] = await client.next(3);
    expect(first?.payload).toMatchObject({ evt: 'ERROR', data: { code: 4000 } });
    expect(second?.payload).toMatchObject({ evt: 'ERROR', nonce: 'n1', data: { code: 4000 } });
    client.write(RawClient.frame(3, 'still-there'));
    expect((await client.next(4))[3]).toEqual({ op: 4, payload: 'still-there' });
  });

  it('CLOSE from the client ends the connection', async () => {
    const { app, open, rpc } = await setup();
    const client = open();
    client.write(RawClient.frame(0, { v: 1, client_id: app.id }));
    await client.next(1);
    client.write(RawClient.frame(2, { code: 1000, message: 'bye' }));
    await client.ended;
    expect(rpc.connections).toEqual([]);
  });

  describe('malformed input is closed with code 1003 and the server keeps serving (our choice)', () => {
    const header = (op: number, length: number) => {
      const bytes = Buffer.alloc(8);
      bytes.writeUInt32LE(op, 0);
      bytes.writeUInt32LE(length, 4);
      return bytes;
    };
    // Deterministic pseudo-random garbage: the same bytes on every run.
    let seed = 38;
    const random = (n: number) => Buffer.from(Array.from({ length: n }, () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) & 0xff));
    const cases: [string, (appId: string) => Buffer][] = [
      ['an unknown opcode', (id) => Buffer.concat([RawClient.frame(0, { v: 1, client_id: id }), header(9, 2), Buffer.from('{}')])],
      ['a length over the limit (0xFFFFFFFF)', () => header(0, 0xffffffff)],
      ['a payload that is not JSON', () => Buffer.concat([header(0, 5), Buffer.from('{oops')])],
      ['invalid UTF-8', () => Buffer.concat([header(0, 4), Buffer.from([0x22, 0xff, 0xfe, 0x22])])],
      ['a FRAME before the handshake', () => RawClient.frame(1, { cmd: 'SUBSCRIBE', nonce: 'x' })],
      ['a second HANDSHAKE', (id) => Buffer.concat([RawClient.frame(0, { v: 1, client_id: id }), RawClient.frame(0, { v: 1, client_id: id })])],
      ['random bytes (1)', () => Buffer.concat([header(7, 3), random(61)])],
      ['random bytes (2)', () => Buffer.concat([Buffer.from([0x05, 0, 0, 0]), random(200)])],
    ];
    for (const [name, bytes] of cases) {
      it(name, async () => {
        const { app, user, open } = await setup();
        const bad = open();
        bad.write(bytes(app.id));
        await expectClosed(bad, 1003);
        const good = open();
        good.write(RawClient.frame(0, { v: 1, client_id: app.id }));
        expect((await good.next(1))[0]?.payload).toMatchObject({ evt: 'READY', data: { user: { id: user.id } } });
      });
    }
  });
});
