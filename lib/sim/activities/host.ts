/**
 * The simulated chat client hosting an Activity on loopback HTTP: the parent frame (`/`), its
 * script, the RPC endpoint the script forwards the activity's messages to (`POST /rpc`), and the
 * activity itself under `/activity/`, proxied to the developer's server (`activityUrl`), as the
 * platform serves an activity through its URL mapping proxy so that it shares an origin the
 * embedded app SDK accepts. Windows of the real client, overlays and consent modals are not drawn.
 * @module
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

import type { NativeWorld } from '../../addon/native.js';
import type { Snowflake } from '../../model/ids.js';
import { escapeAttribute, PARENT_SCRIPT, parentHtml } from './page.js';
import { ActivityParentRpc, type PendingCodes } from './parent-rpc.js';

/** The largest request body read (an RPC message, a proxied request): 1 MiB. */
const MAX_BODY_BYTES = 1024 * 1024;
const ACTIVITY_PREFIX = '/activity/';
/** How long tokens from {@link ActivityHost.exchangeCode} last: 7 days, as OAuth2 access tokens of the service. */
const TOKEN_TTL_MS = 7 * 24 * 3600 * 1000;

/** Options of {@link SimulatorActivityMethods.hostActivity}. */
export interface HostActivityOptions {
  /** The player whose chat client runs the activity. */
  user: { id: Snowflake } | Snowflake;
  /** The activity's application; by default the simulator's default application. */
  application?: { id: Snowflake } | Snowflake;
  /** The developer's server the activity is served from (http or https), proxied under `/activity/`. */
  activityUrl: string;
  /** The loopback port; 0 (default) picks a free one. */
  port?: number;
}

/** Only this module makes an ActivityHost. */
const CONSTRUCT = Symbol('ActivityHost');

/** A hosted Activity (`await sim.hostActivity({ user, activityUrl })`). */
export class ActivityHost {
  readonly #server: Server;
  readonly #world: NativeWorld;
  readonly #codes: PendingCodes = new Map();
  readonly #frameId = randomUUID();
  readonly #instanceId = `i-${randomUUID()}`;
  #parent: ActivityParentRpc;
  /** The parent frame's URL: open it in a browser. */
  readonly url: string;
  readonly applicationId: Snowflake;
  readonly userId: Snowflake;
  readonly #target: URL;

  /** @internal Use `sim.hostActivity`. */
  constructor(key: symbol, world: NativeWorld, server: Server, url: string, applicationId: Snowflake, userId: Snowflake, target: URL) {
    if (key !== CONSTRUCT) throw new TypeError('an ActivityHost is made by sim.hostActivity(), not constructed directly');
    this.#world = world;
    this.#server = server;
    this.url = url;
    this.applicationId = applicationId;
    this.userId = userId;
    this.#target = target;
    this.#parent = this.#newParent();
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      this.#serve(request, response).catch(() => {
        if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain' });
        response.end();
      });
    });
  }

  /** What the activity logged through the SDK (its console, sent as CAPTURE_LOG), oldest first. */
  get logs(): { level: string; message: string }[] {
    return ActivityHost.#of(this).#parent.logs.map((entry) => ({ ...entry }));
  }

  /**
   * Exchanges an authorization code `discordSdk.commands.authorize()` returned for an access token
   * with the scopes it was granted, as the activity's backend does at `/oauth2/token` (single use).
   * @throws RangeError for an unknown or used code.
   */
  exchangeCode(code: string): string {
    ActivityHost.#of(this);
    const pending = typeof code === 'string' ? this.#codes.get(code) : undefined;
    if (!pending) throw new RangeError('unknown or already used authorization code');
    this.#codes.delete(code);
    return this.#world.issueToken(this.userId, this.applicationId, TOKEN_TTL_MS, pending.scopes.join(' ')).accessToken;
  }

  /** Stops serving. */
  async close(): Promise<void> {
    ActivityHost.#of(this).#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** `self` as an ActivityHost, or a TypeError (a method called on another value). */
  static #of(self: unknown): ActivityHost {
    if (typeof self !== 'object' || self === null || !(#server in self)) throw new TypeError('not an ActivityHost: call the method on the object sim.hostActivity() resolved with');
    return self as ActivityHost;
  }

  #newParent(): ActivityParentRpc {
    return new ActivityParentRpc(this.#world, this.applicationId, this.userId, this.#frameId, this.#codes);
  }

  async #serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://host');
    const method = request.method ?? 'GET';
    const send = (status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...headers });
      response.end(method === 'HEAD' ? undefined : body);
    };
    if (url.pathname.startsWith(ACTIVITY_PREFIX)) return this.#proxy(request, response, url);
    if (url.pathname === '/rpc') {
      // JSON only: a form another site posts cannot reach it (no simple cross-origin request).
      if (method !== 'POST' || !String(request.headers['content-type']).startsWith('application/json')) return send(405, 'text/plain', 'POST JSON only');
      const body = await readBody(request);
      let message: unknown;
      try {
        message = JSON.parse(body.toString('utf8'));
      } catch {
        return send(400, 'text/plain', 'not JSON');
      }
      if (Array.isArray(message) && message[0] === 0) this.#parent = this.#newParent(); // a (re)loaded activity starts over
      return send(200, 'application/json', JSON.stringify(this.#parent.receive(message)));
    }
    if (method !== 'GET' && method !== 'HEAD') return send(405, 'text/plain', 'Method Not Allowed');
    if (url.pathname === '/parent.js') return send(200, 'text/javascript; charset=utf-8', PARENT_SCRIPT);
    if (url.pathname !== '/') return send(404, 'text/plain', 'Not Found');
    // The query the embedded app SDK requires (frame_id, instance_id, platform).
    const query = new URLSearchParams({ frame_id: this.#frameId, instance_id: this.#instanceId, platform: 'desktop' });
    return send(200, 'text/html; charset=utf-8', parentHtml(escapeAttribute(`${ACTIVITY_PREFIX}?${query}`)), {
      'Content-Security-Policy': "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; frame-src 'self'",
    });
  }

  /** Passes `/activity/<rest>` to `<activityUrl><rest>` (method, content type and body; no cookies). */
  async #proxy(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const target = new URL(url.pathname.slice(ACTIVITY_PREFIX.length) + url.search, this.#target);
    // Only below the mapped URL: '//other.host/' or '../' must not reach anything else.
    if (target.origin !== this.#target.origin || !target.pathname.startsWith(this.#target.pathname)) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found');
      return;
    }
    const method = request.method ?? 'GET';
    const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(request);
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'accept']) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = await fetch(target, { method, headers, body, redirect: 'manual' });
    const bytes = Buffer.from(await answer.arrayBuffer());
    const type = answer.headers.get('content-type');
    response.writeHead(answer.status, { ...(type ? { 'Content-Type': type } : {}), 'Cache-Control': 'no-store' });
    response.end(method === 'HEAD' ? undefined : bytes);
  }
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new RangeError('request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** @internal Starts a host on loopback. */
export async function startActivityHost(world: NativeWorld, applicationId: Snowflake, userId: Snowflake, activityUrl: string, port: number): Promise<ActivityHost> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  server.on('error', () => undefined);
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}/`;
  const target = new URL(activityUrl);
  if (!target.pathname.endsWith('/')) target.pathname += '/';
  return new ActivityHost(CONSTRUCT, world, server, url, applicationId, userId, target);
}
