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
import { watchWorld, type WorldChange } from '../world-changes.js';
import { GatewayConnection, type GatewayHost } from './connection.js';
import { channelJson, guildCreateJson, memberJson, WorldSnapshot } from './objects.js';
import { checkQuery, DEFAULT_HEARTBEAT_INTERVAL_MS, GATEWAY_PATH, GatewayClose, GatewayCloseCodes, GatewayIntentBits, GatewayOpcodes, inShard, type Identify } from './protocol.js';
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
  /** guild id -> its members, as last seen (to tell a removal from a no-op). */
  #members = new Map<string, Set<string>>();
  heartbeatIntervalMs = DEFAULT_HEARTBEAT_INTERVAL_MS;
  /** `http://host:port` the bots reached (from their upgrades): resume_gateway_url is made from it. */
  #origin = 'http://127.0.0.1';

  constructor(world: NativeWorld, state: ServiceState) {
    this.#world = world;
    this.#state = state;
    this.#stopWatching = watchWorld(world, (change) => this.#changed(change));
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
      this.#connections.add(new GatewayConnection(ws, this));
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
    countSessionStart(this.#world, applicationId);
    const session = new GatewaySession(applicationId, application.botUserId, identify.token, identify.intents, identify.shard, identify.largeThreshold);
    session.sink = sink;
    this.#sessions.set(session.id, session);
    const snapshot = this.#snapshot();
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
    for (const guild of guilds) session.dispatch('GUILD_CREATE', guildCreateJson(this.#world, snapshot, guild, session.botUserId, session.intents, session.largeThreshold));
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
  get sessionCount(): number {
    return this.#sessions.size;
  }

  close(): void {
    this.#stopWatching();
    for (const connection of [...this.#connections]) connection.close(1001, 'The service is closing.', false);
    this.#server.close();
  }


  #snapshot(): WorldSnapshot {
    const snapshot = new WorldSnapshot(this.#world);
    this.#members = new Map(snapshot.view.guilds.map((guild) => [guild.id, new Set(guild.members.map((member) => member.userId))]));
    return snapshot;
  }

  /** Sessions of bots in a guild (as the snapshot shows it) whose shard holds it. */
  #sessionsIn(guildId: string, members: ReadonlySet<string>): GatewaySession[] {
    return [...this.#sessions.values()].filter((session) => members.has(session.botUserId) && inShard(guildId, session.shard));
  }

  #changed(change: WorldChange): void {
    if (this.#sessions.size === 0) return;
    const before = this.#members;
    syncClock(this.#world);
    const snapshot = this.#snapshot();
    switch (change.kind) {
      case 'guildCreated':
      case 'memberAdded': {
        const guild = snapshot.guild(change.guildId);
        if (!guild) return;
        const members = new Set(guild.members.map((member) => member.userId));
        for (const session of this.#sessionsIn(guild.id, members)) {
          const wasMember = before.get(guild.id)?.has(session.botUserId) ?? false;
          if (!wasMember) session.dispatch('GUILD_CREATE', guildCreateJson(this.#world, snapshot, guild, session.botUserId, session.intents, session.largeThreshold));
          else if (change.kind === 'memberAdded' && !before.get(guild.id)!.has(change.userId) && session.intents & GatewayIntentBits.GuildMembers) {
            session.dispatch('GUILD_MEMBER_ADD', { ...memberJson(snapshot, change.userId), guild_id: guild.id });
          }
        }
        return;
      }
      case 'memberRemoved': {
        const was = before.get(change.guildId);
        if (!was?.has(change.userId)) return;
        for (const session of this.#sessionsIn(change.guildId, was)) {
          if (session.botUserId === change.userId) session.dispatch('GUILD_DELETE', { id: change.guildId });
          else if (session.intents & GatewayIntentBits.GuildMembers) session.dispatch('GUILD_MEMBER_REMOVE', { guild_id: change.guildId, user: snapshot.user(change.userId) });
        }
        return;
      }
      case 'channelCreated':
      case 'channelUpdated':
      case 'voiceChannelStatus': {
        const found = snapshot.channel(change.channelId);
        if (!found) return;
        const members = new Set(found.guild.members.map((member) => member.userId));
        for (const session of this.#sessionsIn(found.guild.id, members)) {
          if (!(session.intents & GatewayIntentBits.Guilds)) continue;
          if (change.kind === 'voiceChannelStatus') session.dispatch('VOICE_CHANNEL_STATUS_UPDATE', { id: change.channelId, guild_id: found.guild.id, status: change.status });
          else session.dispatch(change.kind === 'channelCreated' ? 'CHANNEL_CREATE' : 'CHANNEL_UPDATE', channelJson(this.#world, found.guild.id, found.channel));
        }
        return;
      }
    }
  }
}
