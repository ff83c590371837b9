// Raw WebSocket clients of the simulated gateway for tests (the `ws` library): a connection whose
// payloads are queued for next(), and the Identify payload.
import { once } from 'node:events';
import { afterEach } from 'vitest';
import WebSocket from 'ws';

export interface Payload {
  op: number;
  d: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON of many shapes
  s: number | null;
  t: string | null;
}

const sockets: WebSocket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.terminate();
});

/** A connection whose payloads are queued for `next()`; `nextOf(t)` skips to the next dispatch named `t`. */
export async function connect(url: string) {
  const socket = new WebSocket(url);
  sockets.push(socket);
  const queue: Payload[] = [];
  const waiting: ((payload: Payload) => void)[] = [];
  socket.on('message', (data: Buffer) => {
    const payload = JSON.parse(data.toString('utf8')) as Payload;
    const waiter = waiting.shift();
    if (waiter) waiter(payload);
    else queue.push(payload);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code: number, reason: Buffer) => resolve({ code, reason: reason.toString() })));
  await Promise.race([once(socket, 'open'), closed]);
  const next = () => (queue.length > 0 ? Promise.resolve(queue.shift()!) : new Promise<Payload>((resolve) => waiting.push(resolve)));
  const nextOf = async (t: string): Promise<Payload> => {
    for (;;) {
      const payload = await next();
      if (payload.t === t) return payload;
    }
  };
  /** The payloads received and not yet read. */
  const pending = () => [...queue];
  const send = (payload: unknown) => socket.send(typeof payload === 'string' ? payload : JSON.stringify(payload));
  return { socket, next, nextOf, pending, send, closed };
}

/** GatewayIntentBits.Guilds, .GuildMembers, .GuildVoiceStates and .GuildPresences. */
export const [GUILDS, GUILD_MEMBERS, GUILD_VOICE_STATES, GUILD_PRESENCES] = [1 << 0, 1 << 1, 1 << 7, 1 << 8];

export const IDENTIFY = (token: string, intents = GUILDS | GUILD_MEMBERS, extra: Record<string, unknown> = {}) => ({
  op: 2,
  d: { token, intents, properties: { os: 'linux', browser: 'test', device: 'test' }, ...extra },
});

/**
 * A connection identified with `intents` (and `extra` Identify fields), its READY and GUILD_CREATEs
 * read; `ready` is null when the gateway closed the connection instead (see `closed`).
 */
export async function identified(url: string, token: string, intents: number, extra: Record<string, unknown> = {}) {
  const connection = await connect(url);
  await connection.next(); // Hello
  connection.send(IDENTIFY(token, intents, extra));
  const ready = await Promise.race([connection.next(), connection.closed.then(() => null)]);
  const guilds: Payload[] = [];
  for (let i = 0; i < (ready?.d?.guilds?.length ?? 0); i++) guilds.push(await connection.next());
  return { ...connection, ready, guilds };
}

/** Sends a heartbeat and returns what the connection receives before its ack: how a test shows that nothing else was sent. */
export async function sentBeforeAck(connection: { next(): Promise<Payload>; send(payload: unknown): void }): Promise<Payload[]> {
  connection.send({ op: 1, d: null });
  const seen: Payload[] = [];
  for (;;) {
    const payload = await connection.next();
    if (payload.op === 11) return seen;
    seen.push(payload);
  }
}
