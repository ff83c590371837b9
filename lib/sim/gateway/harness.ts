/**
 * The harness's handle on a served simulator's gateway (`service.gateway`): its URL's sessions,
 * the heartbeat interval it gives, and op 7 Reconnect on demand.
 * @module
 */
import { inspect } from 'node:util';

import { checkInteger } from '../../common/validate.js';
import type { NativeWorld } from '../../addon/native.js';
import type { SideDoor } from '../http/server.js';
import type { ServiceState } from '../http/state.js';
import { GatewayDoor } from './door.js';

/** Only SimulatedService makes one. */
const doors = new WeakMap<SimulatedGateway, GatewayDoor>();

function doorOf(self: unknown, method: string): GatewayDoor {
  const door = typeof self === 'object' && self !== null ? doors.get(self as SimulatedGateway) : undefined;
  if (!door) throw new TypeError(`SimulatedGateway.prototype.${method} was called on an object that is not a SimulatedGateway`);
  return door;
}

/** The gateway of a {@link SimulatedService}: bots connect to it as they would to the real one. */
export class SimulatedGateway {
  /** @internal */
  constructor(door: GatewayDoor) {
    doors.set(this, door);
    Object.defineProperty(this, inspect.custom, { value: () => `SimulatedGateway { sessions: ${door.sessionCount} }` });
  }

  /** Sessions identified and not ended: connected, or waiting for their bot to resume. */
  get sessionCount(): number {
    return doorOf(this, 'sessionCount').sessionCount;
  }

  /** The heartbeat interval (ms) the next connections' Hello gives; default 45,000 (the docs' example). */
  get heartbeatInterval(): number {
    return doorOf(this, 'heartbeatInterval').heartbeatIntervalMs;
  }

  /**
   * Sets the heartbeat interval the next connections' Hello gives (ms, 100 to 3,600,000). A
   * connection that sends no heartbeat within 1.5 intervals (host time) is closed with 4009.
   */
  setHeartbeatInterval(ms: number): void {
    doorOf(this, 'setHeartbeatInterval').heartbeatIntervalMs = checkInteger(ms, 'ms', 100, 3_600_000);
  }

  /** Sends op 7 Reconnect to every connected session, as the gateway does before it moves them; returns how many were told. */
  requestReconnect(): number {
    return doorOf(this, 'requestReconnect').requestReconnect();
  }
}

/** @internal The gateway's side door of a service being started. */
export function gatewayDoor(world: NativeWorld, state: ServiceState): SideDoor {
  return new GatewayDoor(world, state);
}

/** @internal The harness handle on the gateway among a service's doors. */
export function gatewayOf(doors: readonly SideDoor[]): SimulatedGateway {
  return new SimulatedGateway(doors.find((door): door is GatewayDoor => door instanceof GatewayDoor)!);
}
