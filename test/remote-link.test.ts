// The remote link's own rules (issue 35): who may attach, what a lost link looks like to a client,
// and malformed or misdirected input refused with nothing changed.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { sdk, type Client, type StatusChange } from './sdk.js';
import { stoppedAfterEach, type ServedCli } from './remote-helpers.js';
import { fixturePath } from './helpers.js';
import { REMOTE_PROTOCOL } from '../lib/generated/remote.js';

const PROTOCOL_HEADER = 'x-social-sdk-remote-protocol';

const started = stoppedAfterEach();
const served = () => started.served();

/**
 * A TCP proxy in front of the served world, in a process of its own: `cut()` is a network drop of
 * every link through it.
 */
async function proxy(target: string): Promise<{ url: string; cut(): Promise<void> }> {
  const child = spawn(process.execPath, [fixturePath('tcp-proxy.cjs'), new URL(target).port], { stdio: ['pipe', 'pipe', 'inherit'] });
  started.track({ stop: async () => {
    child.stdin.end();
    if (child.exitCode === null) await once(child, 'exit');
  } });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const port = (await lines.next()).value as string;
  return {
    url: `http://127.0.0.1:${port}`,
    async cut() {
      child.stdin.write('cut\n');
      await lines.next();
    },
  };
}

function secretOf(harnessUrl: string): string {
  return new URLSearchParams(new URL(harnessUrl).hash.slice(1)).get('secret')!;
}

/** A raw WebSocket to the link door, with `headers`; resolves open, or the refusal's status and body. */
function rawLink(cli: ServedCli, headers: Record<string, string>): Promise<{ socket?: WebSocket; status?: number; body?: { message: string; protocol: string } }> {
  const socket = new WebSocket(`${cli.url.replace('http', 'ws')}/remote/`, { headers });
  return new Promise((resolve) => {
    socket.on('open', () => resolve({ socket }));
    socket.on('unexpected-response', (_request, response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode, body: JSON.parse(text) as never }));
    });
    socket.on('error', () => {});
  });
}

function nextFrame(socket: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) => socket.once('message', (data: Buffer) => resolve(JSON.parse(data.toString()) as Record<string, unknown>)));
}

describe('the remote link', () => {
  it('refuses a link without the harness secret, or with a wrong one, and creates nothing', async () => {
    const cli = await served();
    const harness = new sdk.Simulator({ url: cli.harnessUrl });
    const before = harness.createUser({ username: 'before' });
    const wrong = `${cli.url}/#secret=${'A'.repeat(43)}`;
    expect(() => new sdk.Simulator({ url: wrong })).toThrow(/refused the link: it must present the harness secret/);
    expect(() => new sdk.Simulator({ url: `${cli.url}/` })).toThrow(/refused the link: it must present the harness secret/);
    expect(() => new sdk.Client({ simulator: wrong })).toThrow(/must present the harness secret/);
    const raw = await rawLink(cli, { [PROTOCOL_HEADER]: 'x' });
    expect(raw.status).toBe(401);
    // The refusals made nothing: the next user is the only one after `before`.
    expect(harness.getUser(before.id)?.username).toBe('before');
  });

  it('refuses a different protocol version with an error naming both', async () => {
    const cli = await served();
    const raw = await rawLink(cli, { [PROTOCOL_HEADER]: '0.000000000000', authorization: `Harness ${secretOf(cli.harnessUrl)}` });
    expect(raw.status).toBe(400);
    expect(raw.body!.message).toMatch(new RegExp(`served simulator speaks ${raw.body!.protocol.replace('.', '\\.')}, this process speaks 0\\.000000000000`));
  });

  it('answers a malformed frame and a frame for another session with a clear error, and goes on serving the link', async () => {
    const cli = await served();
    const { socket } = await rawLink(cli, { [PROTOCOL_HEADER]: REMOTE_PROTOCOL, authorization: `Harness ${secretOf(cli.harnessUrl)}` });
    const link = socket!;
    link.send('{not json');
    expect(await nextFrame(link)).toEqual({ t: 'refused', error: { name: 'TypeError', message: 'malformed frame: not JSON (9 characters)' } });
    link.send(JSON.stringify({ t: 'launch', seq: 1 }));
    expect(await nextFrame(link)).toMatchObject({ t: 'refused', error: { message: expect.stringMatching(/"t" must be one of attach, call, world/) } });
    link.send(JSON.stringify({ t: 'call', seq: 2, session: 7, method: 'connect', args: [] }));
    expect(await nextFrame(link)).toEqual({ t: 'reply', seq: 2, error: { name: 'RangeError', message: 'session 7 is not attached on this link' } });
    link.send(JSON.stringify({ t: 'world', seq: 3, method: 'eval', args: [] }));
    expect(await nextFrame(link)).toMatchObject({ t: 'reply', seq: 3, error: { name: 'TypeError', message: 'malformed frame: no harness method "eval"' } });
    // Still serving: a harness call answers.
    link.send(JSON.stringify({ t: 'world', seq: 4, method: 'now', args: [] }));
    expect(await nextFrame(link)).toMatchObject({ t: 'reply', seq: 4, value: expect.any(Number) });
    link.close();
  });

  it('a lost link is a network drop: pending calls fail, the client goes reconnecting, then ready on a new connection', async () => {
    const cli = await served();
    const front = await proxy(cli.url);
    const url = `${front.url}/#secret=${secretOf(cli.harnessUrl)}`;
    const harness = new sdk.Simulator({ url });
    const user = harness.createUser({ username: 'dropped' });
    const client: Client = await harness.connectClient(user);
    const lobbyId = await client.createOrJoinLobby('drop-test');
    const statuses: StatusChange[] = [];
    client.on('statusChanged', (change) => statuses.push(change));
    const ready = new Promise<void>((resolve) => client.on('statusChanged', (change) => change.status === 'ready' && resolve()));
    // A call on its way when the link goes (held by latency on the world's real-time clock).
    harness.setLatency(60_000);
    const failed = expect(client.sendLobbyMessage(lobbyId, 'lost in transit')).rejects.toMatchObject({ name: 'SocialSdkError', type: 'NetworkError' });
    await front.cut();
    await failed;
    harness.setLatency(0);
    await ready;
    expect(statuses.map((s) => [s.status, s.error])).toEqual([
      ['reconnecting', 'unexpectedClose'],
      ['connecting', 'none'],
      ['connected', 'none'],
      ['ready', 'none'],
    ]);
    // A new connection of the same client: the same user, still a member, and its calls work.
    expect(client.currentUser?.id).toBe(user.id);
    await expect(client.sendLobbyMessage(lobbyId, 'back again')).resolves.toEqual(expect.any(String));
    await client.close();
  });

  it('drops a link that does not read once too much waits for it; the world goes on', async () => {
    const cli = await served();
    const harness = new sdk.Simulator({ url: cli.harnessUrl });
    const user = harness.createUser({ username: 'never-reads' });
    const token = harness.issueToken(user, harness.defaultApplication).accessToken;
    const { socket } = await rawLink(cli, { [PROTOCOL_HEADER]: REMOTE_PROTOCOL, authorization: `Harness ${secretOf(cli.harnessUrl)}` });
    const link = socket!;
    const send = (frame: Record<string, unknown>) => link.send(JSON.stringify(frame));
    send({ t: 'attach', seq: 1, session: 1, applicationId: harness.defaultApplication.id, minLogSeverity: 3, options: {} });
    expect(await nextFrame(link)).toEqual({ t: 'reply', seq: 1, value: null });
    send({ t: 'call', session: 1, method: 'updateToken', args: [1, 1, token] });
    // Ready: the session's StatusChanged event (kind 1) with status 3 arrives on the link.
    const ready = new Promise<void>((resolve) =>
      link.on('message', (data: Buffer) => {
        const frame = JSON.parse(String(data)) as { t: string; ints?: number[] };
        for (let at = 0; frame.ints && at < frame.ints.length; at += 5) if (frame.ints[at] === 1 && frame.ints[at + 2] === 3) resolve();
      }),
    );
    send({ t: 'call', seq: 2, session: 1, method: 'connect', args: [] });
    await ready;
    const closed = once(link, 'close');
    (link as unknown as { _socket: import('node:net').Socket })._socket.pause();
    // 3 million log lines of 40 characters: far more than the 64 MiB a link may have waiting.
    expect(harness.emitLogs(user, 3_000_000, { severity: 'warning', message: 'x'.repeat(40) })).toBe(1);
    // The world answers at once, the flood notwithstanding.
    expect(harness.createUser({ username: 'still-served' }).username).toBe('still-served');
    await harness.settle();
    (link as unknown as { _socket: import('node:net').Socket })._socket.resume();
    await closed;
    // The link's session ended with it: the user has no connected client left.
    await harness.settle();
    expect(harness.emitLogs(user, 1)).toBe(0);
  }, 60_000);

  it('survives every client and harness method called over a raw link with arguments of the wrong shape', async () => {
    const cli = await served();
    const { socket } = await rawLink(cli, { [PROTOCOL_HEADER]: REMOTE_PROTOCOL, authorization: `Harness ${secretOf(cli.harnessUrl)}` });
    const link = socket!;
    let seq = 0;
    const replies = new Map<number, (frame: Record<string, unknown>) => void>();
    link.on('message', (data: Buffer) => {
      const frame = JSON.parse(String(data)) as { t: string; seq?: number };
      if (frame.t === 'reply') replies.get(frame.seq!)?.(frame);
    });
    const call = (frame: Record<string, unknown>) =>
      new Promise<Record<string, unknown>>((resolve) => {
        replies.set(++seq, resolve);
        link.send(JSON.stringify({ ...frame, seq }));
      });
    expect(await call({ t: 'attach', session: 1, applicationId: cli.applications[0]!.id, minLogSeverity: 3, options: {} })).toMatchObject({ value: null });
    const junk = [null, -1, 1e300, '18446744073709551616', {}, [1], 'a'.repeat(10_000)];
    const { REMOTE_CLIENT_METHODS, REMOTE_WORLD_METHODS } = await import('../lib/generated/remote.js');
    let answered = 0;
    for (const [method, mode] of Object.entries(REMOTE_CLIENT_METHODS)) {
      if (method === 'close') continue;
      for (const value of junk) {
        const args = mode === 'async' ? [answered + 1000, value, value, value] : [value, value, value];
        await call({ t: 'call', session: 1, method, args });
        answered++;
      }
    }
    for (const method of Object.keys(REMOTE_WORLD_METHODS)) {
      if (method === 'settle' || method === 'emitLogs') continue;
      for (const value of junk) {
        await call({ t: 'world', method, args: [value, value, value, value] });
        answered++;
      }
    }
    // Every call was answered (a value or an error), and the world still serves the harness.
    expect(answered).toBeGreaterThan(800);
    const harness = new sdk.Simulator({ url: cli.harnessUrl });
    expect(harness.createUser({ username: 'after-the-storm' }).username).toBe('after-the-storm');
    link.close();
  }, 60_000);

  it('a link that cannot come back: after its attempts the client is disconnected with connectionFailed', async () => {
    const cli = await served();
    const harness = new sdk.Simulator({ url: cli.harnessUrl });
    const client = await harness.connectClient(harness.createUser({ username: 'stranded' }));
    const statuses: [string, string][] = [];
    const disconnected = new Promise<void>((resolve) =>
      client.on('statusChanged', (change) => {
        statuses.push([change.status, change.error]);
        if (change.status === 'disconnected') resolve();
      }),
    );
    await cli.stop();
    await disconnected;
    expect(statuses).toEqual([
      ['reconnecting', 'unexpectedClose'],
      ['disconnected', 'connectionFailed'],
    ]);
    expect(client.status).toBe('disconnected');
    await client.close();
  }, 30_000);
});
