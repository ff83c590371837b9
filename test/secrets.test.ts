// Tokens never leave the package: not in a log line (every token a client has held, and any bearer
// credential), not in an error, not in inspect or JSON output. Driven as an adversarial user would:
// token refreshes while connected, dropped connections and requests in flight, at debug level.
// The vendor backend's side is in test/vendor-e2e.test.ts (it needs the fake vendor library).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';

import { describe, expect, it } from 'vitest';

import { sdk, type ActivityInvite, type LogEntry, type SignedOut } from './sdk.js';
import { until, world } from './helpers.js';

/** Every place in `lines` where one of `secrets` shows, or a bearer credential that was not redacted. */
function leaks(lines: readonly string[], secrets: readonly string[]): string[] {
  const found: string[] = [];
  for (const line of lines) {
    if (secrets.some((secret) => line.includes(secret))) found.push(line);
    else if (/bearer[\s:]+(?!\[REDACTED\])[\w.~+/=-]+/i.test(line)) found.push(line);
  }
  return found;
}

describe('tokens in log lines', () => {
  it('filters a token the client held before a refresh, not only the current one', async () => {
    const { sim, app, user, grant } = world({ build: 'debug' });
    const client = sim.createClient({ logLevel: 'verbose', applicationId: app.id });
    const logs: LogEntry[] = [];
    client.on('log', (entry) => logs.push(entry));
    await client.updateToken(grant.accessToken);
    await client.connect();
    const next = sim.issueToken(user, app);
    await client.updateToken(next.accessToken);
    // Reconnects with the new token: the old one is neither current nor the connected one now.
    sim.dropConnections(user);
    await sim.settle();
    expect(client.status).toBe('ready');
    // A line built with the old token and delivered after the refresh (as a request log line of an
    // in-flight request is), without the word "Bearer" before it.
    sim.emitLogs(user, 1, { severity: 'warning', message: `retired ${grant.accessToken}, current ${next.accessToken}` });
    sim.emitLogs(user, 1, { severity: 'warning', message: `voice: ${grant.accessToken}`, source: 'voice' });
    await sim.settle();
    expect(logs).toContainEqual({ severity: 'warning', message: 'retired [REDACTED], current [REDACTED]', source: 'sdk' });
    expect(logs).toContainEqual({ severity: 'warning', message: 'voice: [REDACTED]', source: 'voice' });
    await client.close();
  });

  it('filters a token from every line of a flood produced after the token was set, mid-flood', async () => {
    const { sim, app, user, grant } = world();
    const client = sim.createClient({ applicationId: app.id });
    await client.updateToken(grant.accessToken);
    await client.connect();
    const next = sim.issueToken(user, app);
    // More than the pump's queue holds ahead of JS (16,384 callbacks of up to 16 lines), so the
    // flood is still being produced when updateToken() lands.
    const total = 1_000_000;
    const redacted: boolean[] = [];
    client.on('log', (entry) => redacted.push(entry.message === 'line [REDACTED]'));
    // A text with a token the client does not hold yet: shown as it is until updateToken() adds it.
    sim.emitLogs(user, total, { severity: 'warning', message: `line ${next.accessToken}` });
    await until(() => redacted.length > 0, 'the first lines');
    expect(redacted[0]).toBe(false);
    await client.updateToken(next.accessToken); // the client holds it from this call on
    await sim.settle();
    await until(() => redacted.length === total, 'every line');
    // Lines produced before the call show it; every line produced after is filtered: so a run of
    // unfiltered lines, then only filtered ones (the flood does not filter its text once for all).
    const firstFiltered = redacted.indexOf(true);
    expect(firstFiltered).toBeGreaterThan(0);
    expect(redacted.slice(firstFiltered).every(Boolean)).toBe(true);
    await client.close();
  });

  it('filters any bearer credential, even one the client never held', async () => {
    const { sim, app, user, grant } = world();
    const client = sim.createClient({ applicationId: app.id });
    const logs: string[] = [];
    client.on('log', (entry) => logs.push(entry.message));
    await client.updateToken(grant.accessToken);
    await client.connect();
    sim.emitLogs(user, 1, { severity: 'error', message: 'GET /x (Authorization: Bearer someone-elses.token_42) failed' });
    sim.emitLogs(user, 1, { severity: 'error', message: 'authorization: bearer:abc/DEF+ghi= and a bearer-less line' });
    await sim.settle();
    expect(logs).toEqual([
      'GET /x (Authorization: Bearer [REDACTED]) failed',
      'authorization: bearer:[REDACTED] and a bearer-less line',
    ]);
    await client.close();
  });

  it('no token shows in any output while tokens are refreshed under drops and requests in flight', async () => {
    const { sim, app, user, grant } = world({ build: 'debug' });
    const other = sim.createUser({ username: 'bob' });
    const client = sim.createClient({ logLevel: 'verbose', applicationId: app.id });
    const lines: string[] = [];
    client.on('log', (entry) => lines.push(entry.message));
    const tokens = [grant.accessToken];
    const outputs: string[] = [];
    const record = (value: unknown) => {
      outputs.push(inspect(value, { depth: 5, showHidden: true }));
      if (value instanceof Error) outputs.push(String(value.message), String(value.stack));
    };
    // Moves the clock (latency is on) until every promise has settled; bounded.
    const drive = async (promises: Promise<unknown>[]) => {
      let settled = false;
      const all = Promise.all(promises).then(() => (settled = true));
      for (let step = 0; step < 200 && !settled; ++step) {
        sim.advance(3);
        await sim.settle();
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(settled).toBe(true);
      await all;
    };
    await client.updateToken(grant.accessToken);
    await client.connect();
    const lobbyId = await client.createOrJoinLobby('secrets-room');
    for (let round = 0; round < 100; ++round) {
      sim.setLatency(round % 3);
      const inFlight = [
        client.sendLobbyMessage(lobbyId, `m${round}`),
        client.getLobbyMessages(lobbyId),
        client.getUserGuilds(),
        client.sendUserMessage(other.id, `dm${round}`),
      ].map((p) => p.then(record, record));
      const fresh = sim.issueToken(user, app);
      tokens.push(fresh.accessToken);
      const refreshed = client.updateToken(fresh.accessToken).then(record, record);
      if (round % 4 === 0) sim.dropConnections(user);
      if (round % 10 === 5) sim.revokeToken(tokens[tokens.length - 2]!);
      if (round % 7 === 0) sim.failNext('sendLobbyMessage', { error: { type: 'NetworkError' } });
      await drive([...inFlight, refreshed]);
      if (client.status === 'disconnected') await drive([client.connect().catch(record)]);
    }
    record(client);
    record(sim);
    outputs.push(JSON.stringify(client), JSON.stringify(client.currentUser));
    await client.close();
    expect(lines.length).toBeGreaterThan(300);
    expect(lines.some((line) => line.includes('Bearer [REDACTED]'))).toBe(true);
    expect(leaks(lines, tokens)).toEqual([]);
    expect(leaks(outputs, tokens)).toEqual([]);
  });
});

describe('the leak check itself', () => {
  it('sees a token and an unredacted bearer credential', () => {
    expect(leaks(['a sim.123 b', 'Bearer xyz', 'Bearer [REDACTED]', 'plain'], ['sim.123'])).toEqual([
      'a sim.123 b',
      'Bearer xyz',
    ]);
  });
});

describe('sign-in secrets', () => {
  it('a PKCE verifier shows in no log line (debug build, verbose) and no inspect or JSON output', async () => {
    const { sim, app, grant } = world({ build: 'debug' });
    const client = sim.createClient({ logLevel: 'verbose', applicationId: app.id });
    const lines: string[] = [];
    client.on('log', (entry) => lines.push(entry.message));
    const verifiers: string[] = [];
    const outputs: string[] = [];
    for (let i = 0; i < 5; i++) {
      const pair = client.createAuthorizationCodeVerifier();
      verifiers.push(pair.verifier);
      outputs.push(inspect(pair, { depth: 10, showHidden: true }), JSON.stringify(pair), inspect([pair]));
    }
    await client.updateToken(grant.accessToken);
    await client.connect();
    outputs.push(inspect(client, { depth: 10 }));
    await client.close();
    expect(lines.length).toBeGreaterThan(0);
    expect(leaks(lines, verifiers)).toEqual([]);
    expect(leaks(outputs, verifiers)).toEqual([]);
  });

  it('codes, verifiers and tokens of a whole sign-in show in no log line, error or inspect output', async () => {
    const { sim, app, user } = world({ build: 'debug' });
    const client = sim.createClient({ logLevel: 'verbose', applicationId: app.id });
    const lines: string[] = [];
    client.on('log', (entry) => lines.push(entry.message));
    const secrets: string[] = [];
    const outputs: string[] = [];
    const record = (value: unknown) => outputs.push(inspect(value, { depth: 10, showHidden: true }), String(value), JSON.stringify(value) ?? '');
    const pkce = client.createAuthorizationCodeVerifier();
    const pending = client.authorize({ scopes: 'openid sdk.social_layer', codeChallenge: pkce.challenge });
    await sim.settle();
    sim.chatClient(user).approveConsent();
    const authorization = await pending;
    secrets.push(pkce.verifier, authorization.code);
    // Refused attempts carry the secrets they were given in nothing they show.
    await client.getToken({ applicationId: app.id, ...authorization, codeVerifier: 'w'.repeat(43) }).catch(record);
    await client.getToken({ applicationId: app.id, ...authorization, codeVerifier: pkce.verifier }).catch(record);
    const prompted = await (async () => {
      const verifier = client.createAuthorizationCodeVerifier();
      const p = client.authorize({ scopes: 'openid', codeChallenge: verifier.challenge });
      await sim.settle();
      sim.chatClient(user).approveConsent();
      const a = await p;
      secrets.push(verifier.verifier, a.code);
      return client.getToken({ applicationId: app.id, ...a, codeVerifier: verifier.verifier });
    })();
    secrets.push(prompted.accessToken, prompted.refreshToken);
    record(prompted);
    await client.updateToken(prompted.accessToken);
    await client.connect();
    const next = await client.refreshToken({ applicationId: app.id, refreshToken: prompted.refreshToken });
    secrets.push(next.accessToken, next.refreshToken);
    record(next);
    await client.refreshToken({ applicationId: app.id, refreshToken: prompted.refreshToken }).catch(record);
    await client.revokeToken({ applicationId: app.id, token: next.accessToken });
    await client.refreshToken({ applicationId: app.id, refreshToken: next.refreshToken }).catch(record);
    record(client);
    await client.close();
    expect(lines.some((line) => line.includes('/oauth2/token'))).toBe(true);
    expect(leaks(lines, secrets)).toEqual([]);
    expect(leaks(outputs, secrets)).toEqual([]);
  });

  it('keepSignedIn and its stores: no token, passphrase or key in a log line, event, error, inspect output or the file', async () => {
    const { sim, app, user } = world({ build: 'debug' });
    const folder = mkdtempSync(join(tmpdir(), 'secrets-'));
    try {
      const passphrase = 'the players passphrase';
      const store = new sdk.EncryptedFileTokenStore({ path: join(folder, 'tokens.bin'), passphrase });
      const client = sim.createClient({ logLevel: 'verbose', applicationId: app.id });
      const lines: string[] = [];
      client.on('log', (entry) => lines.push(entry.message));
      const events: SignedOut[] = [];
      client.on('signedOut', (event) => events.push(event));
      const pkce = client.createAuthorizationCodeVerifier();
      const pending = client.authorize({ scopes: 'openid sdk.social_layer', codeChallenge: pkce.challenge });
      await sim.settle();
      sim.chatClient(user).approveConsent();
      const authorization = await pending;
      const tokens = await client.getToken({ applicationId: app.id, ...authorization, codeVerifier: pkce.verifier });
      const secrets = [passphrase, tokens.accessToken, tokens.refreshToken];
      const kept = await client.keepSignedIn({ store, applicationId: app.id, tokens });
      await client.connect();
      let refreshed = 0;
      client.on('tokenRefreshed', () => refreshed++);
      sim.advance(7 * 24 * 60 * 60 * 1000 - 5 * 60 * 1000);
      while (refreshed === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      const saved = await store.get({ applicationId: app.id, account: 'default' });
      secrets.push(saved?.accessToken ?? 'missing', saved?.refreshToken ?? 'missing');
      sim.removeApplicationForUser(user, app);
      while (events.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      const outputs = [store, saved, kept, events, client].flatMap((value) => [inspect(value, { depth: 10, showHidden: true }), JSON.stringify(value) ?? '']);
      await client.close();
      expect(events[0]!.reason).toBe('deauthorized');
      expect(leaks(lines, secrets)).toEqual([]);
      expect(leaks(outputs, secrets)).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('join secrets', () => {
  it('a join secret shows in no log line (debug build, verbose), error, or inspect and JSON output of the invite loop', async () => {
    const sim = new sdk.Simulator({ build: 'debug' });
    const app = sim.defaultApplication;
    const [ada, bo] = [sim.createUser({ username: 'ada' }), sim.createUser({ username: 'bo' })];
    sim.setFriends(ada, bo, { discord: true, game: true });
    const lines: string[] = [];
    const connect = async (user: typeof ada) => {
      const client = sim.createClient({ logLevel: 'verbose', applicationId: app.id });
      client.on('log', (entry) => lines.push(entry.message));
      await client.updateToken(sim.issueToken(user, app).accessToken);
      await client.connect();
      return client;
    };
    const [adaClient, boClient] = [await connect(ada), await connect(bo)];
    const secret = 'join-secret-of-the-party-7d1f';
    const outputs: string[] = [];
    const record = (value: unknown) => outputs.push(inspect(value, { depth: 10, showHidden: true }), String(value), JSON.stringify(value) ?? '');
    const invites: ActivityInvite[] = [];
    boClient.on('activityInviteCreated', (invite) => invites.push(invite));
    boClient.on('activityInviteUpdated', record);
    boClient.on('activityJoin', record);
    boClient.on('activityJoinWithApplication', record);
    await adaClient.updateRichPresence({ state: 'In a group', party: { id: 'p1', currentSize: 1, maxSize: 2 }, secrets: { join: secret } });
    await adaClient.sendActivityInvite(bo.id, 'join us');
    await sim.settle();
    await until(() => invites.length === 1, 'the invite');
    record(invites[0]);
    record(await boClient.acceptActivityInvite(invites[0]!));
    sim.chatClient(bo).acceptActivityInvite(invites[0]!);
    record(sim.chatClient(bo).activityInvites);
    await sim.settle();
    // Refused: the party filled up.
    await adaClient.updateRichPresence({ state: 'Full', party: { id: 'p1', currentSize: 2, maxSize: 2 }, secrets: { join: secret } });
    await sim.settle();
    await boClient.acceptActivityInvite(invites[0]!).catch(record);
    try {
      sim.chatClient(bo).acceptActivityInvite(invites[0]!);
    } catch (error) {
      record(error);
    }
    record(adaClient);
    record(boClient);
    record(boClient.getUser(ada.id));
    await adaClient.close();
    await boClient.close();
    expect(lines.length).toBeGreaterThan(0);
    expect(outputs.filter((output) => output.includes('REDACTED')).length).toBeGreaterThan(0);
    expect(leaks(lines, [secret])).toEqual([]);
    expect(leaks(outputs, [secret])).toEqual([]);
  });
});

describe('server-side provisional accounts', () => {
  it('external tokens, the client secret and the answered tokens show in no error, inspect or JSON output of the RestClient', async () => {
    const { createRequire } = await import('node:module');
    const { root } = await import('./sdk.js');
    const { RestClient } = createRequire(import.meta.url)(join(root, 'dist', 'rest', 'index.js')) as typeof import('../lib/rest/index.js');
    const sim = new sdk.Simulator();
    const service = await sim.listen({ rateLimits: 'off' });
    try {
      const app = sim.defaultApplication;
      const clientSecret = service.clientSecret();
      const botToken = service.issueBotToken();
      const rest = new RestClient({ token: botToken, clientId: app.id, clientSecret, baseUrl: service.apiBase, retries: 0 });
      const wrong = new RestClient({ token: botToken, clientId: app.id, clientSecret: 'wrong-secret-7f3a9c', baseUrl: service.apiBase, retries: 0 });
      const provider = sim.identityProvider(app);
      const outputs: string[] = [];
      const record = (value: unknown) => outputs.push(inspect(value, { depth: 10, showHidden: true }), String(value), JSON.stringify(value) ?? '');
      const idToken = provider.issueToken({ subject: 'player' });
      const secrets = [clientSecret, botToken, idToken, 'wrong-secret-7f3a9c', 'unissued-provider-token-91ab'];
      const oidc = await rest.getProvisionalToken({ externalAuthType: 'OIDC', externalAuthToken: idToken });
      const bot = await rest.getBotProvisionalToken({ externalUserId: 'player-1' });
      secrets.push(oidc.accessToken, oidc.refreshToken!, bot.accessToken);
      record(oidc);
      record(bot);
      // Refusals of every kind, with the secrets they carried.
      await wrong.getProvisionalToken({ externalAuthType: 'OIDC', externalAuthToken: idToken }).catch(record);
      await rest.getProvisionalToken({ externalAuthType: 'OIDC', externalAuthToken: 'unissued-provider-token-91ab' }).catch(record);
      await rest.unmergeProvisionalAccount({ externalAuthType: 'OIDC', externalAuthToken: idToken }).catch(record);
      await wrong.unmergeProvisionalAccount({ externalAuthType: 'OIDC', externalAuthToken: idToken }).catch(record);
      provider.configureOidc(null);
      await rest.getProvisionalToken({ externalAuthType: 'OIDC', externalAuthToken: provider.issueToken({ subject: 'player' }) }).catch(record);
      await rest.getProvisionalToken({ externalAuthType: 'DiscordBotIssuedAccessToken', externalAuthToken: 'x'.repeat(10241) }).catch(record);
      await rest.unmergeBotProvisionalAccount('player-1').catch(record);
      record(rest);
      expect(outputs.filter((output) => output.includes('HTTPError') || output.includes('RangeError')).length).toBeGreaterThanOrEqual(7);
      expect(leaks(outputs, secrets)).toEqual([]);
    } finally {
      await service.close();
    }
  });
});
