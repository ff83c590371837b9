import { describe, expect, it } from 'vitest';

import { sdk, type Client, type LogEntry } from './sdk.js';
import { world } from './helpers.js';

type Simulator = InstanceType<typeof sdk.Simulator>;
const SEVERITIES = ['verbose', 'info', 'warning', 'error'] as const;

/** A ready client of `sim` for the helper's user, logging at every level, its log recorded from the start. */
async function logging(sim: Simulator, grant: { accessToken: string }, applicationId: string) {
  const client = sim.createClient({ logLevel: 'verbose', applicationId });
  const logs: LogEntry[] = [];
  client.on('log', (entry) => logs.push(entry));
  await client.updateToken(grant.accessToken);
  await client.connect();
  return { client, logs };
}

/** Some work that logs: a lobby, a message, a call, and harness lines at every severity and source. */
async function work(sim: Simulator, client: Client, userId: string, text: string) {
  const lobbyId = await client.createOrJoinLobby('log-room');
  await client.sendLobbyMessage(lobbyId, text);
  await client.startCall(lobbyId);
  client.setSelfMute(lobbyId, true);
  await client.endCall(lobbyId);
  for (const severity of SEVERITIES) {
    sim.emitLogs(userId, 1, { severity, message: `sdk ${severity}: ${text}` });
    sim.emitLogs(userId, 1, { severity, message: `voice ${severity}: ${text}`, source: 'voice' });
  }
  sim.failNext('getLobbyMessages', { error: { type: 'NetworkError' } });
  await client.getLobbyMessages(lobbyId).catch(() => undefined);
  await sim.settle();
}

describe('log builds', () => {
  it('the release build (default) logs only error and warning lines', async () => {
    const { sim, user, grant, app } = world();
    expect(sim.build).toBe('release');
    const { client, logs } = await logging(sim, grant, app.id);
    await work(sim, client, user.id, 'hello');
    expect(new Set(logs.map((l) => l.severity))).toEqual(new Set(['warning', 'error']));
    expect(logs.filter((l) => l.message.endsWith(': hello')).map((l) => `${l.source} ${l.severity}`).sort()).toEqual(
      ['sdk error', 'sdk warning', 'voice error', 'voice warning'],
    );
    await client.close();
  });

  it('the debug build adds info and verbose lines for connect steps, requests and voice', async () => {
    const { sim, user, grant, app } = world({ build: 'debug' });
    expect(sim.build).toBe('debug');
    const { client, logs } = await logging(sim, grant, app.id);
    await work(sim, client, user.id, 'hello');
    expect(new Set(logs.map((l) => l.severity))).toEqual(new Set(SEVERITIES));
    const sdkLines = logs.filter((l) => l.source === 'sdk').map((l) => l.message);
    const voiceLines = logs.filter((l) => l.source === 'voice').map((l) => l.message);
    expect(sdkLines).toContainEqual(expect.stringMatching(/^Gateway: sending IDENTIFY/));
    expect(sdkLines).toContainEqual(`Ready as user ${user.id}`);
    expect(sdkLines).toContainEqual(expect.stringMatching(/^HTTP PUT \/lobbies/));
    expect(sdkLines).toContainEqual(expect.stringMatching(/^SendLobbyMessage lobby=\d+ content="hello"$/));
    expect(voiceLines).toContainEqual(expect.stringMatching(/^Call \d+: connected$/));
    expect(voiceLines).toContainEqual(expect.stringMatching(/^Call \d+: self mute on, self deaf off$/));
    expect(logs.find((l) => /^Call \d+: joining$/.test(l.message))).toMatchObject({ severity: 'info', source: 'voice' });
    await client.close();
  });

  it('logLevel is the minimum severity for voice logs as for SDK logs', async () => {
    const { sim, user, grant, app } = world({ build: 'debug' });
    const client = sim.createClient({ logLevel: 'error', applicationId: app.id });
    const logs: LogEntry[] = [];
    client.on('log', (entry) => logs.push(entry));
    await client.updateToken(grant.accessToken);
    await client.connect();
    await work(sim, client, user.id, 'hello');
    expect(logs.map((l) => `${l.source} ${l.severity} ${l.message}`).sort()).toEqual([
      'sdk error sdk error: hello',
      'voice error voice error: hello',
    ]);
    await client.close();
  });

  it('rejects an unknown build or log source', () => {
    expect(() => new sdk.Simulator({ build: 'fast' as 'debug' })).toThrow(new RangeError('build must be one of release, debug, got a string of 4 characters'));
    const { sim, user } = world();
    expect(() => sim.emitLogs(user, 1, { source: 'gpu' as 'sdk' })).toThrow(RangeError);
  });
});

describe('the bearer token in logs', () => {
  it('is filtered out of every line at every level and source; the rest of the line survives', async () => {
    const { sim, user, grant, app } = world({ build: 'debug' });
    const { client, logs } = await logging(sim, grant, app.id);
    const token = grant.accessToken;
    // Lines that echo input: the IDENTIFY and request lines (the Authorization header), the lobby
    // message the game sends, and harness lines at every severity from both sources.
    await work(sim, client, user.id, `my token is ${token}!`);
    // A filter of log lines, not of data: the message itself keeps its content.
    const [stored] = await client.getLobbyMessages(client.getLobbyIds()[0]!);
    expect(stored!.content).toBe(`my token is ${token}!`);
    await client.close();

    expect(logs.length).toBeGreaterThan(10);
    for (const entry of logs) expect(entry.message).not.toContain(token);
    const marked = logs.filter((l) => l.message.includes('[REDACTED]'));
    for (const source of ['sdk', 'voice'] as const) {
      for (const severity of SEVERITIES) {
        expect(logs).toContainEqual({ severity, source, message: `${source} ${severity}: my token is [REDACTED]!` });
      }
    }
    expect(marked.map((l) => l.message)).toContainEqual('Gateway: sending IDENTIFY with Authorization: Bearer [REDACTED]');
    expect(marked.map((l) => l.message)).toContainEqual(expect.stringMatching(/^SendLobbyMessage lobby=\d+ content="my token is \[REDACTED\]!"$/));
    expect(marked.map((l) => l.message)).toContainEqual(expect.stringMatching(/^HTTP GET \/lobbies\/messages \(Authorization: Bearer \[REDACTED\]\)$/));
  });

  it('is filtered before a client signs in too, when the token is only given', async () => {
    const { sim, grant, app } = world({ build: 'debug' });
    const revoked = sim.issueToken(grant.userId, app);
    sim.revokeToken(revoked.accessToken);
    const client = sim.createClient({ logLevel: 'verbose', applicationId: app.id });
    const logs: LogEntry[] = [];
    client.on('log', (entry) => logs.push(entry));
    await client.updateToken(revoked.accessToken);
    await client.connect().catch(() => undefined);
    await sim.settle();
    expect(logs.map((l) => l.message)).toContainEqual('Gateway: sending IDENTIFY with Authorization: Bearer [REDACTED]');
    expect(logs.some((l) => l.severity === 'warning' && /rejected identify/.test(l.message))).toBe(true);
    for (const entry of logs) expect(entry.message).not.toContain(revoked.accessToken);
    await client.close();
  });
});
