import { afterEach } from 'vitest';

import { sdk, type Client, type ClientEvents, type User } from './sdk.js';

type Simulator = InstanceType<typeof sdk.Simulator>;
type LobbyEventName = Exclude<keyof ClientEvents, 'statusChanged' | 'log' | 'closed'>;

/** Everything a client received, in order, as [event name, payload]. */
export type Received = [LobbyEventName, unknown][];

export interface Player {
  user: User;
  client: Client;
  received: Received;
  /** The payloads of one event, in order. */
  of<K extends LobbyEventName>(name: K): ClientEvents[K][0][];
}

const LOBBY_EVENTS: LobbyEventName[] = [
  'lobbyCreated',
  'lobbyDeleted',
  'lobbyUpdated',
  'lobbyMemberAdded',
  'lobbyMemberRemoved',
  'lobbyMemberUpdated',
  'messageCreated',
  'messageUpdated',
];

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

/** A ready client for a new user of `sim`, recording every lobby and message event from the start. */
export async function player(sim: Simulator, username: string, options: { provisional?: boolean } = {}): Promise<Player> {
  const user = sim.createUser({ username, provisional: options.provisional ?? false });
  const client = await sim.connectClient(user);
  open.push(client);
  const received: Received = [];
  for (const name of LOBBY_EVENTS) client.on(name, (payload: unknown) => received.push([name, payload]));
  return {
    user,
    client,
    received,
    of: <K extends LobbyEventName>(name: K) =>
      received.filter(([event]) => event === name).map(([, payload]) => payload as ClientEvents[K][0]),
  };
}

/** `count` players of a fresh simulator. */
export async function players(count: number, sim: Simulator = new sdk.Simulator()): Promise<{ sim: Simulator; all: Player[] }> {
  const all: Player[] = [];
  for (let i = 0; i < count; i++) all.push(await player(sim, `player${i}`));
  return { sim, all };
}

/** The rejection of `promise`, which must reject. */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: Error & Record<string, unknown>) => error,
  );
}
