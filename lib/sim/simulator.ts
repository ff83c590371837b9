import { inspect } from 'node:util';

import { Client, type ClientOptions } from '../client.js';
import { toSnowflake, type Snowflake, type SnowflakeInput } from '../ids.js';
import { getRuntime } from '../runtime.js';
import { NEWEST_SUPPORTED_SDK_VERSION, formatSdkVersion, parseSdkVersion } from '../support/version.js';
import { LOG_LEVEL_VALUES, type LogSeverity, type User } from '../types.js';
import type { NativeGrant, NativeWorld } from '../native.js';
import { bindNativeWorld } from './internal.js';

/** Options of a {@link Simulator}. */
export interface SimulatorOptions {
  /** The SDK version the simulated backend reports, `major.minor.build`. Default: the newest supported build. */
  sdkVersion?: string;
}

/** A simulated application (game). */
export interface Application {
  id: Snowflake;
  name: string;
}

/** Options of {@link Simulator.createUser}. */
export interface CreateUserOptions {
  /** A fixed ID; minted (time-ordered, like the service's) when absent. Must be unique and not 0. */
  id?: SnowflakeInput;
  username: string;
  globalName?: string;
  /** A provisional account (a game player without a linked chat account). */
  provisional?: boolean;
}

/** An access token the simulated service issued. `util.inspect` hides `accessToken`. */
export interface TokenGrant {
  accessToken: string;
  userId: Snowflake;
  applicationId: Snowflake;
  /** On the simulator's clock. */
  expiresAt: Date;
}

/** Options of {@link Simulator.issueToken}. */
export interface IssueTokenOptions {
  /** Lifetime on the simulator's clock. Default 7 days, as the service's access tokens. */
  expiresInMs?: number;
}

/** Options of {@link Simulator.connectClient}. */
export interface ConnectClientOptions extends Omit<ClientOptions, 'simulator' | 'applicationId'> {
  /** The application to sign in to; the simulator's default application when absent. */
  application?: Application;
}

const DEFAULT_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
const MAX_SAFE_MS = Number.MAX_SAFE_INTEGER;

let defaultSimulator: Simulator | undefined;

/**
 * An in-process simulation of the service: applications, users, access tokens and a virtual
 * clock, shared by every client connected to it. Clients on the `sim` backend connect to one.
 * Several clients (players) in one process share a simulator; each worker thread has its own.
 *
 * @example
 * const sim = new Simulator();
 * const alice = sim.createUser({ username: 'alice' });
 * const client = await sim.connectClient(alice);
 * console.log(client.status, client.currentUser?.username); // 'ready' 'alice'
 * await client.close();
 */
export class Simulator {
  readonly #world: NativeWorld;
  #defaultApplication: Application | undefined;

  /** @throws RangeError for a malformed `sdkVersion`. */
  constructor(options: SimulatorOptions = {}) {
    const version = parseSdkVersion(options.sdkVersion ?? NEWEST_SUPPORTED_SDK_VERSION);
    this.#world = new (getRuntime().binding.NativeWorld)({ ...version, hash: 'simulator' });
    bindNativeWorld(this, this.#world);
  }

  /** The simulator clients use when none is given (one per thread). */
  static default(): Simulator {
    defaultSimulator ??= new Simulator();
    return defaultSimulator;
  }

  /** The SDK version the simulated backend reports. */
  get sdkVersion(): string {
    return formatSdkVersion(this.#world.version());
  }

  /** The simulator's clock (ms since the Unix epoch). It starts at the host's time and moves only by {@link Simulator.advance}. */
  now(): number {
    return this.#world.now();
  }

  /** Moves the clock forward; returns the new time. Tokens past their expiry are then refused. */
  advance(ms: number): number {
    return this.#world.advance(checkMs(ms, 'ms'));
  }

  createApplication(options: { name: string }): Application {
    return this.#world.createApplication(checkName(options?.name, 'name'));
  }

  /** @throws RangeError for a duplicate or zero `id`. */
  createUser(options: CreateUserOptions): User {
    if (typeof options !== 'object' || options === null) throw new TypeError('options must be an object');
    const spec: { id?: string; username: string; globalName?: string; provisional: boolean } = {
      username: checkName(options.username, 'username'),
      provisional: options.provisional ?? false,
    };
    if (options.id !== undefined) spec.id = toSnowflake(options.id, 'id');
    if (options.globalName !== undefined) spec.globalName = checkName(options.globalName, 'globalName');
    return this.#world.createUser(spec);
  }

  getUser(id: SnowflakeInput): User | null {
    return this.#world.getUser(toSnowflake(id, 'id'));
  }

  /** Issues an access token for `user` in `application`. @throws RangeError for an unknown user or application. */
  issueToken(user: User | SnowflakeInput, application: Application | SnowflakeInput, options: IssueTokenOptions = {}): TokenGrant {
    const ttl = checkMs(options.expiresInMs ?? DEFAULT_TOKEN_LIFETIME_MS, 'expiresInMs');
    return toGrant(this.#world.issueToken(idOf(user, 'user'), idOf(application, 'application'), ttl));
  }

  /** Revokes a token; clients connected with it are disconnected. Returns false for an unknown or already revoked token. */
  revokeToken(token: string): boolean {
    if (typeof token !== 'string') throw new TypeError(`token must be a string, got ${typeof token}`);
    return this.#world.revokeToken(token);
  }

  /** Fault injection: the service drops every connection of `user`; its clients go `reconnecting`, then `ready` again. Returns how many clients were affected. */
  dropConnections(user: User | SnowflakeInput): number {
    return this.#world.dropConnections(idOf(user, 'user'));
  }

  /**
   * Load generation: every connected client of `user` logs `count` lines from its service thread
   * (delivered as `log` events if at or above the client's `logLevel`). Returns how many clients.
   */
  emitLogs(user: User | SnowflakeInput, count: number, options: { severity?: LogSeverity; message?: string } = {}): number {
    if (!Number.isInteger(count) || count < 0 || count > 0xffffffff) {
      throw new RangeError(`count must be an integer from 0 to 4294967295, got ${String(count)}`);
    }
    const severity = options.severity ?? 'warning';
    if (severity === ('none' as LogSeverity) || !Object.hasOwn(LOG_LEVEL_VALUES, severity)) {
      throw new RangeError(`severity must be verbose, info, warning or error, got '${String(severity)}'`);
    }
    const message = options.message ?? 'simulated log line';
    if (typeof message !== 'string') throw new TypeError('message must be a string');
    return this.#world.emitLogs(idOf(user, 'user'), count, LOG_LEVEL_VALUES[severity], message);
  }

  /** The application `connectClient` signs in to when none is given. */
  get defaultApplication(): Application {
    this.#defaultApplication ??= this.createApplication({ name: 'Simulated Game' });
    return this.#defaultApplication;
  }

  /** A new client of this simulator (not connected). */
  createClient(options: Omit<ClientOptions, 'simulator'> = {}): Client {
    return new Client({ ...options, simulator: this });
  }

  /**
   * A ready client signed in as `user`, in one call: issues a token, creates the client, gives it
   * the token and connects.
   */
  async connectClient(user: User | SnowflakeInput, options: ConnectClientOptions = {}): Promise<Client> {
    const { application = this.defaultApplication, ...clientOptions } = options;
    const grant = this.issueToken(user, application);
    const client = this.createClient({ ...clientOptions, applicationId: grant.applicationId });
    try {
      await client.updateToken(grant.accessToken);
      await client.connect();
    } catch (error) {
      await client.close();
      throw error;
    }
    return client;
  }

  [inspect.custom](): string {
    return `Simulator { sdkVersion: '${this.sdkVersion}', now: ${new Date(this.now()).toISOString()} }`;
  }
}

function idOf(value: { id: Snowflake } | SnowflakeInput, name: string): Snowflake {
  if (typeof value === 'object' && value !== null) return toSnowflake(value.id, `${name}.id`);
  return toSnowflake(value, name);
}

function checkName(value: unknown, name: string): string {
  if (typeof value !== 'string') throw new TypeError(`${name} must be a string, got ${typeof value}`);
  if (value.length === 0) throw new RangeError(`${name} must not be empty`);
  return value;
}

function checkMs(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_SAFE_MS) {
    throw new RangeError(`${name} must be a non-negative integer number of milliseconds, got ${String(value)}`);
  }
  return value;
}

function toGrant(grant: NativeGrant): TokenGrant {
  const out: TokenGrant = {
    accessToken: grant.accessToken,
    userId: grant.userId,
    applicationId: grant.applicationId,
    expiresAt: new Date(grant.expiresAt),
  };
  Object.defineProperty(out, inspect.custom, {
    enumerable: false,
    value: () => `TokenGrant { accessToken: [hidden], userId: '${out.userId}', applicationId: '${out.applicationId}', expiresAt: ${out.expiresAt.toISOString()} }`,
  });
  return out;
}
