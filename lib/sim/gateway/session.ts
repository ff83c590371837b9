/**
 * A gateway session: what an Identify started (the application, intents, shard), its dispatches
 * numbered by `s` and kept for a Resume, and the connection it is on now (none while the bot
 * reconnects). Also the session start limits per application (GET /gateway/bot's
 * `session_start_limit`), on the simulator's clock.
 * @internal
 * @module
 */
import { randomBytes } from 'node:crypto';

import type { NativeWorld } from '../../addon/native.js';
import type { GatewayPayload } from './protocol.js';

/** Dispatches a session keeps for a Resume (our choice; the docs name no number): older ones are gone, and a Resume that needs them is refused. */
export const RESUME_BUFFER = 1000;

/** Where a session's payloads go while it is connected. */
export interface SessionSink {
  send(payload: GatewayPayload): void;
}

export class GatewaySession {
  /** The docs' session_id: 32 hex characters. */
  readonly id = randomBytes(16).toString('hex');
  #seq = 0;
  #kept: GatewayPayload[] = [];
  sink: SessionSink | null = null;
  /** The channels this session was last sent obfuscated (a later CHANNEL_UPDATE tells it when that changes). */
  readonly hidden = new Set<string>();

  constructor(
    readonly applicationId: string,
    readonly botUserId: string,
    readonly token: string,
    readonly intents: number,
    readonly shard: readonly [number, number],
    readonly largeThreshold: number,
    /** Opted in to channel obfuscation (Identify's capability bit 1 << 15, or the application's switch). */
    readonly obfuscates: boolean = false,
  ) {}

  get seq(): number {
    return this.#seq;
  }

  /** Numbers a dispatch, keeps it for a Resume and sends it when connected. */
  dispatch(t: string, d: unknown): void {
    this.#seq += 1;
    const payload: GatewayPayload = { op: 0, t, s: this.#seq, d };
    this.#kept.push(payload);
    if (this.#kept.length > RESUME_BUFFER) this.#kept.shift();
    this.sink?.send(payload);
  }

  /** The dispatches after `seq`, or undefined when some of them are no longer kept. */
  after(seq: number): GatewayPayload[] | undefined {
    if (seq >= this.#seq) return [];
    const first = this.#kept[0]?.s ?? this.#seq + 1;
    if (seq + 1 < first) return undefined;
    return this.#kept.filter((payload) => payload.s! > seq);
  }
}

/** The docs' defaults for a bot (topics/gateway, "Session Start Limit Object"): 1000 per 24 hours, max_concurrency 1. */
const SESSION_STARTS = 1000;
const SESSION_START_WINDOW_MS = 24 * 60 * 60 * 1000;

interface Starts {
  used: number;
  resetAt: number;
}

const startsByWorld = new WeakMap<NativeWorld, Map<string, Starts>>();

function startsOf(world: NativeWorld, applicationId: string): Starts {
  let byApplication = startsByWorld.get(world);
  if (!byApplication) startsByWorld.set(world, (byApplication = new Map()));
  let starts = byApplication.get(applicationId);
  const now = world.now();
  if (!starts || now >= starts.resetAt) {
    starts = { used: 0, resetAt: now + SESSION_START_WINDOW_MS };
    byApplication.set(applicationId, starts);
  }
  return starts;
}

/** GET /gateway/bot's `session_start_limit` for an application, on the world's clock. */
export function sessionStartLimit(world: NativeWorld, applicationId: string): { total: number; remaining: number; reset_after: number; max_concurrency: number } {
  const starts = startsOf(world, applicationId);
  return { total: SESSION_STARTS, remaining: Math.max(0, SESSION_STARTS - starts.used), reset_after: starts.resetAt - world.now(), max_concurrency: 1 };
}

/** An Identify started a session (counted against the limit; what happens past it is not modelled yet). */
export function countSessionStart(world: NativeWorld, applicationId: string): void {
  startsOf(world, applicationId).used += 1;
}
