// Helpers of the fleet tests and bench: worker processes (test/fixtures/fleet-worker.mjs) of a
// fleet sending through RestClients, and the served simulator's own request log read through its
// inspector door (`GET /inspector/state` with the harness secret), so that counts are the
// service's, not the clients'.
import { spawn, type ChildProcess } from 'node:child_process';

import { afterAll, beforeAll } from 'vitest';

import { fixturePath } from './helpers.js';
import { RedisServer } from './redis-server.js';
import { root, sdk, type SimulatedService } from './sdk.js';

type Simulator = InstanceType<typeof sdk.Simulator>;

/**
 * A Redis server for the tests of a describe block, started before them; what they open (their
 * Redis clients' quits, their served simulators) is closed after them, then the server.
 */
export function redisForBlock(): { readonly server: () => RedisServer; readonly quits: (() => Promise<unknown>)[]; readonly services: SimulatedService[] } {
  let redis: RedisServer | undefined;
  const quits: (() => Promise<unknown>)[] = [];
  const services: SimulatedService[] = [];
  beforeAll(async () => {
    redis = await RedisServer.start();
  });
  afterAll(async () => {
    await Promise.all(quits.splice(0).map((quit) => quit()));
    await Promise.all(services.splice(0).map((service) => service.close()));
    await redis?.close();
  });
  return { server: () => redis!, quits, services };
}

/** The route the fleet tests spend a budget on (one lobby: the client's bucket is per lobby, the service's per application). */
export const FLEET_ROUTE = 'POST /lobbies/:lobby/messages';

/** An application of the world with a lobby, a member of it and the member's token, and the bot token. */
export function fleetApplication(sim: Simulator, service: SimulatedService, name: string): { applicationId: string; lobbyId: string; botToken: string; userToken: string } {
  const application = sim.createApplication({ name });
  const user = sim.createUser({ username: `${name.toLowerCase().replace(/\W/g, '-')}-player` });
  const lobbyId = sim.createLobby({ application });
  sim.bulkUpdateLobbyMembers(lobbyId, [{ user }]);
  return { applicationId: String(application.id), lobbyId: String(lobbyId), botToken: service.issueBotToken(application), userToken: sim.issueToken(user, application).accessToken };
}

/** The lobby's messages as the service keeps them (the simulator's snapshot): their contents. */
export function lobbyContents(sim: Simulator, lobbyId: string): string[] {
  const lobby = sim.snapshot().lobbies?.find((entry) => String(entry.id) === lobbyId);
  return (lobby?.messages ?? []).map((message) => message.content);
}

/** What a worker printed at the end. */
export interface WorkerResult {
  /** 429s the worker's client met. */
  tooMany: number;
  /** What its Redis store's onUnavailable was told (one per outage). */
  warnings: string[];
  /** Times its Redis store's onRecovered was called. */
  recovered: number;
  /** Whether its store was on local limits at the end. */
  degraded: boolean;
  /** From its start (or its `go` at PAUSE_AT 0) to its last answer. */
  elapsedMs: number;
}

export interface Worker {
  child: ChildProcess;
  /** Resolves with the next JSON line the worker prints. */
  nextLine(): Promise<Record<string, unknown>>;
  /** Tells a paused worker to go on (`ready`: once its Redis client has reconnected). */
  resume(command?: 'go' | 'ready'): void;
  /** The worker's last line, once it exits with 0 (rejects with its stderr otherwise). */
  done: Promise<WorkerResult>;
}

export interface WorkerSettings {
  apiBase: string;
  botToken: string;
  userToken: string;
  lobbyId: string;
  name: string;
  count: number;
  redisUrl?: string;
  keyPrefix?: string;
  /** Where the worker pauses (see test/fixtures/fleet-worker.mjs). */
  pauseAt?: number[];
}

/** Starts one worker process of a fleet. */
export function startWorker(settings: WorkerSettings): Worker {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    API_BASE: settings.apiBase,
    BOT_TOKEN: settings.botToken,
    USER_TOKEN: settings.userToken,
    LOBBY_ID: settings.lobbyId,
    NAME: settings.name,
    COUNT: String(settings.count),
  };
  if (settings.redisUrl !== undefined) env['REDIS_URL'] = settings.redisUrl;
  if (settings.keyPrefix !== undefined) env['KEY_PREFIX'] = settings.keyPrefix;
  if (settings.pauseAt !== undefined) env['PAUSE_AT'] = settings.pauseAt.join(',');
  const child = spawn(process.execPath, [fixturePath('fleet-worker.mjs')], { cwd: root, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let buffered = '';
  let stderr = '';
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      const waiter = waiting.shift();
      if (waiter) waiter(line);
      else lines.push(line);
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const nextLine = () =>
    new Promise<Record<string, unknown>>((resolve) => {
      const line = lines.shift();
      if (line !== undefined) resolve(JSON.parse(line) as Record<string, unknown>);
      else waiting.push((text) => resolve(JSON.parse(text) as Record<string, unknown>));
    });
  const done = new Promise<WorkerResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`worker ${settings.name} exited with ${code}: ${stderr}`));
      else resolve(JSON.parse((lines.at(-1) ?? buffered).trim()) as WorkerResult);
    });
  });
  return { child, nextLine, resume: (command = 'go') => child.stdin!.write(`${command}\n`), done };
}

/** One request of the service's log (docs/inspector.md). */
export interface LoggedRequest {
  seq: number;
  route: string | null;
  lobbyId: string | null;
  status: number;
}

/** The service's request log as it is now (its last 500 requests), oldest first. */
export async function readRequestLog(service: SimulatedService): Promise<LoggedRequest[]> {
  const secret = new URLSearchParams(new URL(service.inspectorUrl).hash.slice(1)).get('secret') ?? '';
  const response = await fetch(`${service.url}/inspector/state`, { headers: { authorization: `Harness ${secret}` } });
  if (response.status !== 200) throw new Error(`inspector state: ${response.status}`);
  return ((await response.json()) as { service: { requests: LoggedRequest[] } }).service.requests;
}

/**
 * Reads the service's request log every second (it keeps the last 500: two fleets on 50-per-second
 * budgets and their 429s fill that in some 4 s; a gap fails the read) and keeps every entry seen.
 */
export function watchRequests(service: SimulatedService): { stop(): Promise<LoggedRequest[]> } {
  const seen = new Map<number, LoggedRequest>();
  const poll = async () => {
    for (const entry of await readRequestLog(service)) seen.set(entry.seq, entry);
  };
  let failure: unknown;
  const timer = setInterval(() => void poll().catch((error: unknown) => (failure = error)), 1000);
  return {
    async stop() {
      clearInterval(timer);
      await poll();
      if (failure !== undefined) throw failure;
      const entries = [...seen.values()].sort((a, b) => a.seq - b.seq);
      // A gap would mean the log turned over between two reads: counts would be short.
      if (entries.length > 0 && entries.at(-1)!.seq - entries[0]!.seq + 1 !== entries.length) throw new Error('the request log turned over between two reads');
      return entries;
    },
  };
}

/** The service's answers to the lobby's message route: how many were created, how many refused with 429. */
export function countAnswers(requests: readonly LoggedRequest[], lobbyId: string): { created: number; tooMany: number; other: number } {
  const mine = requests.filter((entry) => entry.lobbyId === lobbyId && entry.route?.startsWith('POST /lobbies/'));
  return {
    created: mine.filter((entry) => entry.status === 201).length,
    tooMany: mine.filter((entry) => entry.status === 429).length,
    other: mine.filter((entry) => entry.status !== 201 && entry.status !== 429).length,
  };
}
