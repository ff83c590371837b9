import { inspect } from 'node:util';

import { afterEach, describe, expect, it } from 'vitest';

import { sdk, type Client, type LogEntry, type StatusChange } from './sdk.js';
import { until, world } from './helpers.js';

const { SocialSdkError } = sdk;

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

/** A client of `sim` with its status changes and logs recorded from the start. */
function recorded(sim: InstanceType<typeof sdk.Simulator>, options: Parameters<typeof sim.createClient>[0] = {}) {
  const client = sim.createClient(options);
  open.push(client);
  const statuses: StatusChange[] = [];
  const logs: LogEntry[] = [];
  client.on('statusChanged', (change) => statuses.push(change));
  client.on('log', (entry) => logs.push(entry));
  return { client, statuses, logs };
}

async function rejection(promise: Promise<unknown>): Promise<InstanceType<typeof SocialSdkError>> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SocialSdkError);
  return error as InstanceType<typeof SocialSdkError>;
}

describe('connect: the vendor status machine on the simulator', () => {
  it('goes connecting -> connected -> ready, resolves at ready, and knows the user', async () => {
    const { sim, user, grant } = world();
    const { client, statuses } = recorded(sim, { applicationId: grant.applicationId });
    expect(client.status).toBe('disconnected');
    expect(client.currentUser).toBeNull();
    await client.updateToken(grant.accessToken);
    await client.connect();
    expect(statuses.map((s) => s.status)).toEqual(['connecting', 'connected', 'ready']);
    expect(statuses.every((s) => s.error === 'none' && s.errorDetail === 0)).toBe(true);
    expect(client.status).toBe('ready');
    expect(client.currentUser).toEqual({
      id: user.id,
      username: 'alice',
      displayName: 'alice',
      globalName: null,
      avatar: null,
      isProvisional: false,
      status: 'online',
      gameActivity: null,
      applicationProfiles: [],
      // UserHandle::Relationship with oneself: none.
      relationship: { discordType: 'none', gameType: 'none', isSpamRequest: false },
    });
    expect(client.backend).toBe('sim');
  });

  it('emits statusChanged before any other event of the client', async () => {
    // The debug build logs the connect steps (the release build would log nothing here).
    const { sim, grant } = world({ build: 'debug' });
    const client = sim.createClient({ logLevel: 'verbose' });
    open.push(client);
    const order: string[] = [];
    client.on('statusChanged', () => order.push('statusChanged'));
    client.on('log', () => order.push('log'));
    await client.updateToken(grant.accessToken);
    await client.connect();
    expect(order[0]).toBe('statusChanged');
    expect(order).toContain('log');
  });

  it('reports the display name from the global name, and provisional accounts', async () => {
    const { sim, app } = world();
    const bob = sim.createUser({ username: 'bob_1', globalName: 'Bob', provisional: true });
    const client = await sim.connectClient(bob, { application: app });
    open.push(client);
    expect(client.currentUser).toMatchObject({ username: 'bob_1', displayName: 'Bob', globalName: 'Bob', isProvisional: true });
  });

  it('shares one attempt between concurrent connect() calls and resolves at once when ready', async () => {
    const { sim, grant } = world();
    const { client, statuses } = recorded(sim);
    await client.updateToken(grant.accessToken);
    const first = client.connect();
    const second = client.connect();
    expect(second).toBe(first);
    await Promise.all([first, second]);
    await client.connect();
    expect(statuses.filter((s) => s.status === 'connecting')).toHaveLength(1);
  });

  it('disconnect() goes disconnecting -> disconnected and forgets the user; connect() works again', async () => {
    const { sim, grant } = world();
    const { client, statuses } = recorded(sim);
    await client.updateToken(grant.accessToken);
    await client.connect();
    statuses.length = 0;
    await client.disconnect();
    expect(statuses.map((s) => s.status)).toEqual(['disconnecting', 'disconnected']);
    expect(client.status).toBe('disconnected');
    expect(client.currentUser).toBeNull();
    await client.disconnect(); // already disconnected: resolves, changes nothing
    expect(statuses).toHaveLength(2);
    await client.connect();
    expect(client.status).toBe('ready');
  });

  it('a connect() issued right after disconnect() starts a fresh attempt', async () => {
    const { sim, grant } = world();
    const { client } = recorded(sim);
    await client.updateToken(grant.accessToken);
    await client.connect();
    const disconnected = client.disconnect();
    await disconnected;
    await client.connect();
    expect(client.status).toBe('ready');
  });
});

describe('connect: refused tokens', () => {
  async function expectRefused(setup: (w: ReturnType<typeof world>) => string, applicationOf?: (w: ReturnType<typeof world>) => string) {
    const w = world();
    const token = setup(w);
    const { client, statuses } = recorded(w.sim, applicationOf ? { applicationId: applicationOf(w) } : {});
    await client.updateToken(token);
    const error = await rejection(client.connect());
    expect(error.type).toBe('AuthorizationFailed');
    expect(error.code).toBe(4004);
    expect(error.message).not.toContain(token);
    expect(statuses.map((s) => s.status)).toEqual(['connecting', 'disconnected']);
    expect(statuses[1]).toEqual({ status: 'disconnected', error: 'connectionFailed', errorDetail: 4004 });
    expect(client.status).toBe('disconnected');
    expect(client.currentUser).toBeNull();
  }

  it('refuses an unknown token', () => expectRefused(() => 'sim.not-a-real-token'));
  it('refuses a revoked token', () =>
    expectRefused(({ sim, grant }) => {
      expect(sim.revokeToken(grant.accessToken)).toBe(true);
      expect(sim.revokeToken(grant.accessToken)).toBe(false);
      return grant.accessToken;
    }));
  it('refuses an expired token (virtual clock)', () =>
    expectRefused(({ sim, user, app }) => {
      const grant = sim.issueToken(user, app, { expiresInMs: 60_000 });
      sim.advance(60_000);
      return grant.accessToken;
    }));
  it('accepts a token one millisecond before it expires', async () => {
    const { sim, user, app } = world();
    const grant = sim.issueToken(user, app, { expiresInMs: 60_000 });
    sim.advance(59_999);
    const { client } = recorded(sim);
    await client.updateToken(grant.accessToken);
    await client.connect();
    expect(client.status).toBe('ready');
  });
  it('refuses a token issued for another application', () =>
    expectRefused(
      ({ grant }) => grant.accessToken,
      ({ sim }) => sim.createApplication({ name: 'Another Game' }).id,
    ));

  it('closes the connection with 4004 when the token is revoked while connected', async () => {
    const { sim, grant } = world();
    const { client, statuses, logs } = recorded(sim);
    await client.updateToken(grant.accessToken);
    await client.connect();
    statuses.length = 0;
    sim.revokeToken(grant.accessToken);
    await until(() => client.status === 'disconnected' && statuses.length > 0, 'the disconnect');
    await until(() => statuses.length === 1, 'the status event');
    expect(statuses).toEqual([{ status: 'disconnected', error: 'unexpectedClose', errorDetail: 4004 }]);
    expect(logs.some((l) => l.severity === 'warning' && /revoked/.test(l.message))).toBe(true);
  });
});

describe('reconnecting', () => {
  it('goes reconnecting -> connecting -> connected -> ready when the service drops the connection', async () => {
    const { sim, user, grant } = world();
    const { client, statuses } = recorded(sim);
    await client.updateToken(grant.accessToken);
    await client.connect();
    statuses.length = 0;
    expect(sim.dropConnections(user)).toBe(1);
    await until(() => statuses.length === 4, 'the reconnect');
    expect(statuses).toEqual([
      { status: 'reconnecting', error: 'unexpectedClose', errorDetail: 0 },
      { status: 'connecting', error: 'none', errorDetail: 0 },
      { status: 'connected', error: 'none', errorDetail: 0 },
      { status: 'ready', error: 'none', errorDetail: 0 },
    ]);
    expect(client.currentUser?.id).toBe(user.id);
  });

  it('does not touch disconnected clients or other users', async () => {
    const { sim, user, app, grant } = world();
    const bob = sim.createUser({ username: 'bob' });
    const bobClient = await sim.connectClient(bob, { application: app });
    open.push(bobClient);
    const { client } = recorded(sim);
    await client.updateToken(grant.accessToken);
    expect(sim.dropConnections(user)).toBe(0);
    const bobStatuses: string[] = [];
    bobClient.on('statusChanged', (c) => bobStatuses.push(c.status));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bobStatuses).toEqual([]);
    expect(client.status).toBe('disconnected');
  });
});

describe('updateToken and bad input', () => {
  it('refuses a User token with a ValidationError from the backend', async () => {
    const { sim, grant } = world();
    const { client } = recorded(sim);
    const error = await rejection(client.updateToken(grant.accessToken, { tokenType: 'User' }));
    expect(error.type).toBe('ValidationError');
    expect(error.message).toMatch(/Bearer/);
  });

  it('rejects (never throws) malformed tokens and options', async () => {
    const { sim } = world();
    const { client } = recorded(sim);
    await expect(client.updateToken(42 as unknown as string)).rejects.toThrow(TypeError);
    await expect(client.updateToken('')).rejects.toThrow(RangeError);
    await expect(client.updateToken('x', { tokenType: 'Basic' as 'Bearer' })).rejects.toThrow(RangeError);
  });

  it('connect() before any token is a ValidationError and changes nothing', async () => {
    const { sim } = world();
    const { client, statuses } = recorded(sim);
    const error = await rejection(client.connect());
    expect(error.type).toBe('ValidationError');
    expect(error.message).toMatch(/updateToken/);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(statuses).toEqual([]);
    expect(client.status).toBe('disconnected');
  });

  it('throws clear errors for malformed client options', () => {
    const { sim } = world();
    expect(() => sim.createClient({ applicationId: 1 as unknown as string })).toThrow(TypeError);
    expect(() => sim.createClient({ applicationId: '-1' })).toThrow(RangeError);
    expect(() => sim.createClient({ logLevel: 'loud' as 'info' })).toThrow(/logLevel must be one of/);
    expect(() => new sdk.Client({ simulator: {} as InstanceType<typeof sdk.Simulator> })).toThrow(/Simulator/);
  });

  it('names the missing vendor backend when SOCIAL_SDK_BACKEND=vendor', () => {
    const saved = process.env.SOCIAL_SDK_BACKEND;
    try {
      process.env.SOCIAL_SDK_BACKEND = 'vendor';
      expect(() => new sdk.Client()).toThrow(/no vendor backend.*SOCIAL_SDK_DIR/);
      process.env.SOCIAL_SDK_BACKEND = 'sim';
      const client = new sdk.Client();
      expect(client.backend).toBe('sim');
      void client.close();
      process.env.SOCIAL_SDK_BACKEND = 'other';
      expect(() => new sdk.Client()).toThrow(RangeError);
    } finally {
      if (saved === undefined) delete process.env.SOCIAL_SDK_BACKEND;
      else process.env.SOCIAL_SDK_BACKEND = saved;
    }
  });
});

describe('events as async iterators', () => {
  it('yields every statusChanged in order and ends when the client closes', async () => {
    const { sim, grant } = world();
    const { client } = recorded(sim);
    const seen: string[] = [];
    const consumer = (async () => {
      for await (const change of client.events('statusChanged')) seen.push(change.status);
    })();
    await client.updateToken(grant.accessToken);
    await client.connect();
    await client.disconnect();
    await client.close();
    await consumer;
    expect(seen).toEqual(['connecting', 'connected', 'ready', 'disconnecting', 'disconnected']);
  });

  it('stops with an AbortError when the signal aborts', async () => {
    const { sim, grant } = world();
    const { client } = recorded(sim);
    const controller = new AbortController();
    const seen: string[] = [];
    const consumer = (async () => {
      for await (const change of client.events('statusChanged', { signal: controller.signal })) {
        seen.push(change.status);
        if (change.status === 'connected') controller.abort();
      }
    })();
    // Observed from the start: the iteration may end before connect() resolves.
    const outcome = consumer.then(
      () => 'ended without an error',
      (error: unknown) => error,
    );
    await client.updateToken(grant.accessToken);
    await client.connect();
    expect(await outcome).toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual(['connecting', 'connected']);
  });

  it('ends at once for a closed client', async () => {
    const { sim } = world();
    const { client } = recorded(sim);
    await client.close();
    const seen: unknown[] = [];
    for await (const change of client.events('statusChanged')) seen.push(change);
    expect(seen).toEqual([]);
  });

  it('keeps each client\'s events in order when clients interleave', async () => {
    const { sim, app } = world({ build: 'debug' });
    const users = [0, 1, 2].map((i) => sim.createUser({ username: `p${i}` }));
    const clients = users.map(() => recorded(sim, { applicationId: app.id, logLevel: 'verbose' }));
    await Promise.all(clients.map((c, i) => c.client.updateToken(sim.issueToken(users[i]!, app).accessToken)));
    await Promise.all(clients.map((c) => c.client.connect()));
    users.forEach((user, i) => sim.emitLogs(user, 500, { message: `line from ${i}`, severity: 'info' }));
    const lines = (c: (typeof clients)[number]) => c.logs.filter((l) => l.message.startsWith('line from'));
    await until(() => clients.every((c) => lines(c).length >= 500), 'the logs');
    clients.forEach((c, i) => {
      expect(c.statuses.map((s) => s.status)).toEqual(['connecting', 'connected', 'ready']);
      expect(lines(c)).toHaveLength(500);
      expect(lines(c).every((l) => l.message === `line from ${i}`)).toBe(true);
    });
  });
});

describe('logs', () => {
  it('forwards only the levels at or above logLevel (default warning)', async () => {
    // A debug build, so every severity is logged and only logLevel filters.
    const { sim, user, app } = world({ build: 'debug' });
    const levels = ['verbose', 'info', 'warning', 'error'] as const;
    const byLevel = new Map<string, LogEntry[]>();
    for (const logLevel of [undefined, 'verbose', 'error', 'none'] as const) {
      const client = await sim.connectClient(user, { application: app, ...(logLevel ? { logLevel } : {}) });
      open.push(client);
      const logs: LogEntry[] = [];
      client.on('log', (entry) => entry.message.endsWith(' line') && logs.push(entry));
      byLevel.set(logLevel ?? 'default', logs);
    }
    for (const severity of levels) sim.emitLogs(user, 1, { severity, message: `a ${severity} line` });
    await until(() => (byLevel.get('verbose') ?? []).length === 4, 'the verbose client logs');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(byLevel.get('verbose')!.map((l) => l.severity)).toEqual(['verbose', 'info', 'warning', 'error']);
    expect(byLevel.get('default')!.map((l) => l.severity)).toEqual(['warning', 'error']);
    expect(byLevel.get('error')!.map((l) => l.severity)).toEqual(['error']);
    expect(byLevel.get('none')).toEqual([]);
  });
});

describe('secrets', () => {
  it('never shows the token in inspect output, errors or log lines', async () => {
    const { sim, user, grant } = world();
    const { client, logs } = recorded(sim, { logLevel: 'verbose' });
    await client.updateToken(grant.accessToken);
    await client.connect();
    sim.emitLogs(user, 3, { severity: 'error', message: `request failed for Bearer ${grant.accessToken} (retrying)` });
    await until(() => logs.filter((l) => l.severity === 'error').length === 3, 'the log lines');
    for (const entry of logs) expect(entry.message).not.toContain(grant.accessToken);
    expect(logs.filter((l) => l.severity === 'error')[0]!.message).toBe('request failed for Bearer [REDACTED] (retrying)');

    const shown = inspect(client, { showHidden: true, depth: Infinity, getters: true });
    expect(shown).toContain("status: 'ready'");
    expect(shown).not.toContain(grant.accessToken);
    expect(inspect(grant)).not.toContain(grant.accessToken);
    expect(JSON.stringify(Object.getOwnPropertyNames(client))).not.toContain(grant.accessToken);

    sim.revokeToken(grant.accessToken);
    await until(() => client.status === 'disconnected', 'the disconnect');
    const error = await rejection(client.connect());
    expect(inspect(error)).not.toContain(grant.accessToken);
  });
});

describe('SDK version', () => {
  it('reports the simulator\'s version, the newest supported build by default', async () => {
    const { sim } = world();
    const client = sim.createClient();
    open.push(client);
    expect(client.sdkVersion).toBe(sdk.NEWEST_SUPPORTED_SDK_VERSION);
    // Client::GetVersionHash: "Returns the git commit hash this version was built from"; the
    // simulator's build is its own.
    expect(client.sdkVersionHash).toBe('simulator');
    const old = new sdk.Simulator({ sdkVersion: '1.6.12170' });
    const oldClient = old.createClient();
    open.push(oldClient);
    expect(oldClient.sdkVersion).toBe('1.6.12170');
    expect(old.sdkVersion).toBe('1.6.12170');
  });

  it.each(['1.10', '1.10.x', '01.10.5', '1.10.5.1', '', 'v1.10.5'])('refuses the malformed version %j', (version) => {
    expect(() => new sdk.Simulator({ sdkVersion: version })).toThrow(RangeError);
  });
});
