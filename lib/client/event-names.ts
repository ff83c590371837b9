/**
 * The name of every client event, at run time (for `client.events(name)`): the core's, and those
 * each feature module registers for the events it adds to `ClientEvents`.
 * @internal
 * @module
 */
import type { ClientEvents } from '../model/types.js';

const names: string[] = [];

/**
 * Adds a module's event names. Typed by the caller against its own events interface
 * (`satisfies Record<keyof LobbyClientEvents, true>`), so a name left out fails to compile.
 */
export function registerClientEvents(events: Partial<Record<keyof ClientEvents, true>>): void {
  for (const name of Object.keys(events)) {
    if (names.includes(name)) throw new Error(`internal: client event ${name} is registered twice`);
    names.push(name);
  }
}

/** Every client event name, core first, then by feature in the order the modules loaded. */
export function clientEventNames(): readonly string[] {
  return names;
}

registerClientEvents({ statusChanged: true, log: true, closed: true } satisfies Record<'statusChanged' | 'log' | 'closed', true>);
