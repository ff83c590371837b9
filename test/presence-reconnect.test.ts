// The rich presence across lost connections (issue 36, "Presence across reconnects"). Source: the
// official docs, discord-social-sdk/core-concepts/communication-features.mdx (the review
// checklist): "Network connectivity issues: Queue presence updates and retry when connection
// restored". The client keeps the last presence asked for and applies it each time it is ready
// again; how the callers and a refusal are told (waiting promises, `richPresenceFailed`) is our
// choice (docs/conformance.md).
import { describe, expect, it } from 'vitest';
import { sdk, type Client, type RichPresenceFailedEvent } from './sdk.js';
import { players, rejectionOf, type Player } from './lobby-helpers.js';

/** Ada and Bo in one lobby (so Bo sees Ada's presence). */
async function duo() {
  const sim = new sdk.Simulator();
  const { all } = await players(2, sim);
  const [ada, bo] = all as [Player, Player];
  await ada.client.createOrJoinLobby('duo');
  await bo.client.createOrJoinLobby('duo');
  await sim.settle();
  const stateSeenBy = (viewer: Player) => viewer.client.getUser(ada.user.id)?.gameActivity?.state ?? null;
  return { sim, ada, bo, stateSeenBy };
}

/** Whether `promise` has settled (after the microtasks and a macrotask turn). */
async function settledYet(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

function failures(client: Client): RichPresenceFailedEvent[] {
  const seen: RichPresenceFailedEvent[] = [];
  client.on('richPresenceFailed', (event) => seen.push(event));
  return seen;
}

describe('rich presence across lost connections', () => {
  it('an update made while disconnected waits, and is applied once the client is ready again', async () => {
    const { sim, ada, bo, stateSeenBy } = await duo();
    await ada.client.disconnect();
    const first = ada.client.updateRichPresence({ state: 'first' });
    const second = ada.client.updateRichPresence({ state: 'queued' });
    await sim.settle();
    expect(await settledYet(second)).toBe(false);
    expect(stateSeenBy(bo)).toBeNull();
    await ada.client.connect();
    // Both callers learn the outcome of applying the last presence asked for.
    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
    await sim.settle();
    expect(stateSeenBy(bo)).toBe('queued');
  });

  it('a connection dropped while the update is on its way: applied after the reconnect', async () => {
    const { sim, ada, bo, stateSeenBy } = await duo();
    sim.setLatency(50);
    const update = ada.client.updateRichPresence({ state: 'mid-update' });
    await sim.settle();
    expect(sim.dropConnections(ada.user)).toBe(1);
    await sim.settle();
    sim.setLatency(0);
    sim.advance(50);
    await update;
    await sim.settle();
    expect(ada.client.status).toBe('ready');
    expect(stateSeenBy(bo)).toBe('mid-update');
  });

  it('each reconnect applies the kept presence again; a refusal then is a richPresenceFailed event', async () => {
    const { sim, ada, bo, stateSeenBy } = await duo();
    const seen = failures(ada.client);
    await ada.client.updateRichPresence({ state: 'kept' });
    sim.dropConnections(ada.user);
    await sim.settle();
    expect(stateSeenBy(bo)).toBe('kept');
    expect(seen).toEqual([]);

    sim.failNext('updateRichPresence', { error: { type: 'HTTPError', status: 503, retryable: true } });
    sim.dropConnections(ada.user);
    await sim.settle();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.error).toBeInstanceOf(sdk.SocialSdkError);
    expect(seen[0]!.error).toMatchObject({ type: 'HTTPError', status: 503 });
    expect(stateSeenBy(bo)).toBeNull();
  });

  it('callers waiting for the reconnect reject with the refusal, and with ClientDestroyed on close', async () => {
    const { sim, ada } = await duo();
    const seen = failures(ada.client);
    await ada.client.disconnect();
    const refused = ada.client.updateRichPresence({ state: 'refused' });
    sim.failNext('updateRichPresence', { error: { type: 'HTTPError', status: 503, retryable: true } });
    await ada.client.connect();
    expect(await rejectionOf(refused)).toMatchObject({ type: 'HTTPError', status: 503 });
    await sim.settle();
    expect(seen).toHaveLength(1);

    await ada.client.disconnect();
    const abandoned = ada.client.updateRichPresence({ state: 'never' });
    await ada.client.close();
    expect(await rejectionOf(abandoned)).toMatchObject({ type: 'ClientDestroyed' });
  });

  it('clearing while disconnected: nothing is published again after the reconnect', async () => {
    const { sim, ada, bo, stateSeenBy } = await duo();
    await ada.client.updateRichPresence({ state: 'soon gone' });
    await ada.client.disconnect();
    ada.client.clearRichPresence();
    await ada.client.connect();
    await sim.settle();
    expect(stateSeenBy(bo)).toBeNull();
    expect(sim.getUser(ada.user.id)!.gameActivity).toBeNull();
  });

  it('before the client was first ready an update is still refused (ClientNotReady): nothing is kept', async () => {
    const sim = new sdk.Simulator();
    const user = sim.createUser({ username: 'early' });
    const client = sim.createClient();
    try {
      expect((await rejectionOf(client.updateRichPresence({ state: 'early' }))).type).toBe('ClientNotReady');
      await client.updateToken(sim.issueToken(user, sim.defaultApplication).accessToken);
      await client.connect();
      await sim.settle();
      expect(sim.getUser(user.id)!.gameActivity).toBeNull();
    } finally {
      await client.close();
    }
  });
});
