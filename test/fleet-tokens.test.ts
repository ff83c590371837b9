// Issue 39, "Done when": four processes refreshing the same player's token at once — one refresh
// reaches the service, all four end with the new token, nothing is lost. PlayerTokenStore on a real
// redis-server against the served simulator (its refresh tokens rotate: a second refresh with the
// spent one would be refused). Also: the record is sealed (AES-256-GCM), `invalid_grant` on refresh
// is the player's deauthorization (spec "Authentication" rule 4: "if the access token was deleted
// (user removed the app, or the account was banned) the refresh at /oauth2/token fails with
// invalid_grant. Treat it as equivalent to receiving the APPLICATION_DEAUTHORIZED webhook"), and
// unlinking revokes at the service before forgetting (rule 5).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import * as path from 'node:path';

import { createClient } from 'redis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { readRequestLog } from './fleet-helpers.js';
import { fixturePath } from './helpers.js';
import { haveRedisServer, RedisServer } from './redis-server.js';
import { root, sdk } from './sdk.js';
import { closeAll, linked, services } from './webhook-helpers.js';

const rest = createRequire(import.meta.url)(path.join(root, 'dist', 'rest', 'index.js')) as typeof import('../lib/rest/index.js');
const TOKEN_KEY = randomBytes(32).toString('hex');
const PROCESSES = 4;

const quits: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await closeAll();
  await Promise.all(quits.splice(0).map((quit) => quit()));
});

/** Spawns a token worker; resolves once it is ready, with a function that lets it go and reads its answer. */
async function tokenWorker(env: Record<string, string>): Promise<() => Promise<string | null>> {
  const child = spawn(process.execPath, [fixturePath('fleet-token-worker.mjs')], { cwd: root, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lineCount = () => stdout.split('\n').length - 1;
  const exited = new Promise<void>((resolve, reject) => child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`token worker exited ${code}: ${stderr}`)))));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (lineCount() >= 1) resolve();
    });
    exited.catch(reject);
  });
  return async () => {
    child.stdin.write('go\n');
    await exited;
    return (JSON.parse(stdout.split('\n')[1]!) as { accessToken: string | null }).accessToken;
  };
}

describe.skipIf(!haveRedisServer)('players\' tokens kept by a fleet (skipped: no redis-server; .ci/run installs it)', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await RedisServer.start();
  });
  afterAll(async () => {
    await redis?.close();
  });

  async function setup(keyPrefix: string) {
    const sim = new sdk.Simulator();
    const service = await sim.listen({ rateLimits: 'off' });
    services.push(service);
    const credentials = { clientId: String(sim.defaultApplication.id), clientSecret: service.clientSecret() };
    const client = new rest.RestClient({ token: service.issueBotToken(), ...credentials, baseUrl: service.apiBase, retries: 0 });
    const redisClient = await createClient({ url: redis.url }).on('error', () => {}).connect();
    quits.push(() => redisClient.quit());
    const deauthorized: string[] = [];
    const store = new rest.PlayerTokenStore({ rest: client, client: redisClient, encryptionKey: TOKEN_KEY, keyPrefix, onDeauthorized: (id) => void deauthorized.push(id) });
    const user = sim.createUser({ username: 'ada' });
    const tokens = await linked(sim, client, user);
    return { sim, service, credentials, client, redisClient, store, user, tokens, deauthorized };
  }

  it('four processes asking for an expired token at once: one refresh reaches the service, all four get the new token', async () => {
    const keyPrefix = '{tokens-race}:';
    const { service, credentials, store, user, tokens, client } = await setup(keyPrefix);
    const playerId = String(user.id);
    // Kept as expired, so that each process refreshes before acting.
    await store.save(playerId, { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresIn: 0 });
    const env = { API_BASE: service.apiBase, BOT_TOKEN: service.issueBotToken(), CLIENT_ID: credentials.clientId, CLIENT_SECRET: credentials.clientSecret, REDIS_URL: redis.url, KEY_PREFIX: keyPrefix, TOKEN_KEY, PLAYER_ID: playerId };
    const workers = await Promise.all(Array.from({ length: PROCESSES }, () => tokenWorker(env)));
    const before = await readRequestLog(service);
    const answers = await Promise.all(workers.map((go) => go()));
    const after = await readRequestLog(service);

    const refreshes = after.filter((entry) => entry.seq > (before.at(-1)?.seq ?? 0) && entry.route === 'POST /oauth2/token');
    expect(refreshes.map((entry) => entry.status)).toEqual([200]);
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).not.toBe(tokens.accessToken);
    expect(await store.accessToken(playerId)).toBe(answers[0]);
    // Nothing lost: the stored refresh token is the live one (the service takes it).
    const again = await store.refresh(playerId);
    expect(again).not.toBeNull();
    expect(again).not.toBe(answers[0]);
    await client.unlinkUser({ accessToken: again });
  }, 30_000);

  it('keeps the record sealed: no token in Redis, and another key opens nothing (its error names no token)', async () => {
    const { redisClient, client, user, tokens } = await setup('{tokens-sealed}:');
    const store = new rest.PlayerTokenStore({ rest: client, client: redisClient, encryptionKey: TOKEN_KEY, keyPrefix: '{tokens-sealed}:' });
    await store.save(String(user.id), tokens);
    const raw = JSON.stringify(await redisClient.hGetAll(`{tokens-sealed}:player:${user.id}`));
    expect(raw).not.toContain(tokens.accessToken);
    expect(raw).not.toContain(tokens.refreshToken!);
    const other = new rest.PlayerTokenStore({ rest: client, client: redisClient, encryptionKey: randomBytes(32), keyPrefix: '{tokens-sealed}:' });
    const error = await other.accessToken(String(user.id)).catch((caught: unknown) => caught as Error);
    expect(error).toBeInstanceOf(rest.SocialSdkError);
    expect((error as Error).message).toMatch(/do not open with this encryptionKey/);
    expect((error as Error).message).not.toContain(tokens.accessToken);
    expect(await store.accessToken(String(user.id))).toBe(tokens.accessToken);
  });

  it('invalid_grant on refresh is the player\'s deauthorization: the record is dropped and onDeauthorized told', async () => {
    const { store, user, tokens, client, deauthorized } = await setup('{tokens-deauthorized}:');
    const playerId = String(user.id);
    await store.save(playerId, tokens);
    await client.revokeToken(tokens.accessToken); // the player's authorization ends at the service
    expect(await store.refresh(playerId)).toBeNull();
    expect(deauthorized).toEqual([playerId]);
    expect(await store.accessToken(playerId)).toBeNull();
  });

  it('unlink revokes the tokens at the service, then forgets them', async () => {
    const { store, user, tokens, client } = await setup('{tokens-unlink}:');
    const playerId = String(user.id);
    await store.save(playerId, tokens);
    await store.unlink(playerId);
    expect(await store.accessToken(playerId)).toBeNull();
    const refused = await client.refreshToken(tokens.refreshToken!).catch((caught: unknown) => caught as { oauthError?: string });
    expect(refused).toMatchObject({ oauthError: 'invalid_grant' });
  });
});
