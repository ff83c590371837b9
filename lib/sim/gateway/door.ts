/**
 * The simulated gateway, a side door of the served simulator at `<url>/gateway/` (a `ws://` URL,
 * which GET /gateway and /gateway/bot answer): bots connect with `?v=10&encoding=json`, identify
 * with a bot token the HTTP service issued (checked as `Authorization: Bot` is), get READY and a
 * GUILD_CREATE per guild their bot user is in, then dispatches of what happens to those guilds as
 * the world's watchers are told (lib/sim/world-changes.ts). Sessions resume with their missed
 * dispatches. Like the API, it is not behind the harness secret: a bot token is its credential.
 * @internal
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';

import type { NativeWorld } from '../../addon/native.js';
import { syncClock } from '../clock.js';
import { originOf, type SideDoor } from '../http/server.js';
import type { ServiceState } from '../http/state.js';
import { getRuntime } from '../../addon/runtime.js';
import { watchWorld } from '../world-changes.js';
import { obfuscationSwitchOn, refusedPrivilegedIntents } from './bot-settings.js';
import { GatewayConnection, type GatewayHost } from './connection.js';
import { WorldDispatches } from './dispatch.js';
import { CHANNEL_OBFUSCATION_CAPABILITY } from './obfuscation.js';
import { checkQuery, DEFAULT_HEARTBEAT_INTERVAL_MS, GATEWAY_PATH, GatewayClose, GatewayCloseCodes, GatewayOpcodes, inShard, type ChannelInfoField, type Identify } from './protocol.js';
import { countSessionStart, GatewaySession, type SessionSink } from './session.js';

/** Sessions kept for a Resume after their connection went (our choice; the oldest is forgotten first). */
const DETACHED_SESSIONS = 100;

/** The gateway's URL for a served origin (`http://host:port`). */
export function gatewayUrl(origin: string): string {
  return `${origin.replace(/^http/, 'ws')}${GATEWAY_PATH}`;
}

export class GatewayDoor implements SideDoor, GatewayHost {
  readonly prefix = GATEWAY_PATH;
  readonly #world: NativeWorld;
  readonly #state: ServiceState;
  readonly #server = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  readonly #connections = new Set<GatewayConnection>();
  readonly #sessions = new Map<string, GatewaySession>();
  readonly #stopWatching: () => void;
  readonly #dispatches: WorldDispatches;
  /** Runs after each batch of the clients' events: presence changes made natively reach the bots then. */
  readonly #afterBatch: () => void;
  heartbeatIntervalMs = DEFAULT_HEARTBEAT_INTERVAL_MS;
  /** `http://host:port` the bots reached (from their upgrades): resume_gateway_url is made from it. */
  #origin = 'http://127.0.0.1';

  constructor(world: NativeWorld, state: ServiceState) {
    this.#world = world;
    this.#state = state;
    this.#dispatches = new WorldDispatches(world, () => this.#sessions.values());
    this.#stopWatching = watchWorld(world, (change) => {
      if (this.#sessions.size === 0) return;
      syncClock(this.#world);
      this.#dispatches.changed(change);
    });
    this.#afterBatch = afterBatchHook(new WeakRef(this));
    getRuntime().afterBatch.add(this.#afterBatch);
  }

  /** Takes the world's presence notice (the users whose presence changed) and dispatches it. */
  presencesChanged(): void {
    const changed = this.#world.takePresenceChanges();
    if (this.#sessions.size > 0 && changed.length > 0) this.#dispatches.presencesChanged(changed);
  }

  /** Request Channel Info (opcode 43) from a session: Channel Info follows. */
  requestChannelInfo(session: GatewaySession, guildId: string, fields: readonly ChannelInfoField[]): void {
    syncClock(this.#world);
    this.#dispatches.channelInfo(session, guildId, fields);
  }

  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? '/', 'http://gateway.invalid');
    if (url.pathname !== GATEWAY_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.#origin = originOf(request);
    this.#server.handleUpgrade(request, socket, head, (ws) => {
      const query = checkQuery(url.searchParams);
      if (query instanceof GatewayClose) return ws.close(query.code, query.reason);
      // The upgrade's socket is the one ws writes the frames to.
      this.#connections.add(new GatewayConnection(ws, socket, this));
    });
  }

  request(_request: IncomingMessage, response: ServerResponse): void {
    // A plain GET of the gateway's URL: it only speaks WebSocket.
    response.writeHead(400, { 'content-type': 'text/plain' }).end('the gateway speaks WebSocket: connect with ?v=10&encoding=json');
  }

  identify(identify: Identify, sink: SessionSink): GatewaySession | GatewayClose {
    const applicationId = this.#state.applicationOfBotToken(identify.token);
    if (applicationId === undefined) return new GatewayClose(GatewayCloseCodes.AuthenticationFailed, 'Authentication failed.');
    syncClock(this.#world);
    const application = this.#world.getApplication(applicationId);
    if (application === null) return new GatewayClose(GatewayCloseCodes.AuthenticationFailed, 'Authentication failed.');
    // "a privileged intent that hasn't been configured or approved for your app (4014 close code)" (events/gateway.mdx, Gateway Intents).
    if (refusedPrivilegedIntents(this.#world, applicationId, identify.intents) !== 0) return new GatewayClose(GatewayCloseCodes.DisallowedIntents, 'Disallowed intent(s).');
    this.presencesChanged();
    countSessionStart(this.#world, applicationId);
    const obfuscates = (identify.capabilities & CHANNEL_OBFUSCATION_CAPABILITY) !== 0 || obfuscationSwitchOn(this.#world, applicationId);
    const session = new GatewaySession(applicationId, application.botUserId, identify.token, identify.intents, identify.shard, identify.largeThreshold, obfuscates);
    session.sink = sink;
    this.#sessions.set(session.id, session);
    const snapshot = this.#dispatches.snapshot();
    const guilds = snapshot.guildsOf(session.botUserId).filter((guild) => inShard(guild.id, session.shard));
    session.dispatch('READY', {
      v: 10,
      user: { ...snapshot.user(session.botUserId), bot: true, verified: true, mfa_enabled: false, flags: 0 },
      guilds: guilds.map((guild) => ({ id: guild.id, unavailable: true })),
      session_id: session.id,
      resume_gateway_url: gatewayUrl(this.#origin),
      shard: [...session.shard],
      application: { id: applicationId, flags: 0 },
      private_channels: [],
      relationships: [],
      presences: [],
      guild_join_requests: [],
      user_settings: {},
    });
    for (const guild of guilds) this.#dispatches.guildCreate(session, snapshot, guild);
    return session;
  }

  resume(token: string, sessionId: string, seq: number, sink: SessionSink): GatewaySession | 'invalid' | GatewayClose {
    const session = this.#sessions.get(sessionId);
    if (!session || session.token !== token || this.#state.applicationOfBotToken(token) === undefined) return 'invalid';
    if (seq > session.seq) return new GatewayClose(GatewayCloseCodes.InvalidSeq, 'Invalid seq.');
    const missed = session.after(seq);
    if (missed === undefined) {
      this.#sessions.delete(sessionId);
      return 'invalid';
    }
    // A connection that still holds the session loses it (the bot resumed elsewhere).
    for (const connection of this.#connections) if (connection.session === session) connection.close(GatewayCloseCodes.UnknownError, 'Session resumed elsewhere.', false);
    session.sink = sink;
    for (const payload of missed) sink.send(payload);
    session.dispatch('RESUMED', null);
    return session;
  }

  detach(connection: GatewayConnection, session: GatewaySession | null, ended: boolean): void {
    this.#connections.delete(connection);
    if (!session) return;
    if (session.sink === connection) session.sink = null;
    if (ended) {
      this.#sessions.delete(session.id);
      return;
    }
    // Keep at most DETACHED_SESSIONS waiting for a Resume (a Map keeps insertion order: oldest first).
    const detached = [...this.#sessions.values()].filter((candidate) => candidate.sink === null);
    for (const old of detached.slice(0, Math.max(0, detached.length - DETACHED_SESSIONS))) this.#sessions.delete(old.id);
  }

  /** Op 7 Reconnect to every connected session (the bot closes and resumes); returns how many were told. */
  requestReconnect(): number {
    let told = 0;
    for (const connection of this.#connections) {
      if (connection.session === null) continue;
      connection.send({ op: GatewayOpcodes.Reconnect, d: null, s: null, t: null });
      told += 1;
    }
    return told;
  }

  /** Sessions identified, connected or waiting for a Resume. */
  /**
   * INTERACTION_CREATE to the application's session that holds the guild's shard (a DM's: shard 0),
   * once (our choice: the first such session); false when none is identified.
   */
  dispatchInteraction(applicationId: string, guildId: string | null, interaction: unknown): boolean {
    for (const session of this.#sessions.values()) {
      if (session.applicationId !== applicationId || !(guildId === null ? session.shard[0] === 0 : inShard(guildId, session.shard))) continue;
      session.dispatch('INTERACTION_CREATE', interaction);
      return true;
    }
    return false;
  }

  get sessionCount(): number {
    return this.#sessions.size;
  }

  close(): void {
    this.#stopWatching();
    getRuntime().afterBatch.delete(this.#afterBatch);
    for (const connection of [...this.#connections]) connection.close(1001, 'The service is closing.', false);
    this.#server.close();
  }
}

/** The hook holds the door weakly: a door dropped without close() lets go of it at the next batch. */
function afterBatchHook(door: WeakRef<GatewayDoor>): () => void {
  const hook = (): void => {
    const alive = door.deref();
    if (alive) alive.presencesChanged();
    else getRuntime().afterBatch.delete(hook);
  };
  return hook;
}
