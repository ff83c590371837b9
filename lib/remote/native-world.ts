/**
 * The NativeWorld of a world served by another process: each harness method of the generated
 * table crosses the remote link (`settle`, the one asynchronous method, is answered by its Result
 * event on the same link, after the events it waited for). A Simulator made with a `url` holds one.
 * @internal
 * @module
 */
import { REMOTE_WORLD_METHODS } from '../generated/remote.js';
import type { NativeWorld } from '../addon/native.js';
import { Link } from './link.js';
import { parseSimulatorUrl } from './access.js';

const links = new WeakMap<NativeWorld, Link>();

function createRemoteNativeWorld(link: Link): NativeWorld {
  const world: Record<string, unknown> = {};
  for (const method of Object.keys(REMOTE_WORLD_METHODS) as (keyof NativeWorld)[]) {
    world[method] =
      REMOTE_WORLD_METHODS[method] === 'async'
        ? (...args: unknown[]) => link.send({ t: 'world', method, args })
        : (...args: unknown[]) => link.call({ t: 'world', method, args });
  }
  const remote = world as unknown as NativeWorld;
  links.set(remote, link);
  return remote;
}

/** The link a remote world crosses, or undefined for a world of this process. */
export function linkOfWorld(world: NativeWorld): Link | undefined {
  return links.get(world);
}


const worldsByLink = new WeakMap<Link, NativeWorld>();

/** The remote world a link reaches (one per link). */
export function remoteWorldOf(link: Link): NativeWorld {
  let world = worldsByLink.get(link);
  if (!world) {
    world = createRemoteNativeWorld(link);
    worldsByLink.set(link, world);
  }
  return world;
}

/** The environment variable that points a process's clients at a served world (its harness URL). */
export const SIMULATOR_ENV = 'SOCIAL_SDK_SIMULATOR';

/**
 * The served world a client of these options reaches: `simulator` given as a URL, or, with no
 * `simulator` and no `backend`, the URL in SOCIAL_SDK_SIMULATOR. Undefined otherwise.
 */
export function servedWorldFor(simulator: unknown, backend: unknown): NativeWorld | undefined {
  if (typeof simulator === 'string') return remoteWorldOf(Link.to(parseSimulatorUrl(simulator, 'simulator')));
  const env = process.env[SIMULATOR_ENV];
  if (simulator === undefined && backend === undefined && env !== undefined && env !== '') return remoteWorldOf(Link.to(parseSimulatorUrl(env, SIMULATOR_ENV)));
  return undefined;
}
