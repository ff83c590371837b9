/**
 * Where a Simulator's world is: made in this process (a native world of the SDK version and build
 * asked for), or served by another process (`new Simulator({ url })`: its harness calls cross the
 * remote link; what the served world is, its default application, the build it logs like and its
 * clock's mode, is asked once, at attach).
 * @internal
 * @module
 */
import { getRuntime, WORLD_REQUESTS } from '../addon/runtime.js';
import type { NativeWorld } from '../addon/native.js';
import { checkOneOf, typeName } from '../common/validate.js';
import { NEWEST_SUPPORTED_SDK_VERSION, parseSdkVersion } from '../support/version.js';
import { parseSimulatorUrl } from '../remote/access.js';
import { Link } from '../remote/link.js';
import { remoteWorldOf } from '../remote/native-world.js';
import { CLOCK_MODES, type ClockMode } from './clock.js';
import type { Application } from './applications.js';

/** What the serving side says of its world (the door answers the `$served` harness question). */
export interface ServedWorld {
  defaultApplicationId: string;
  build: 'release' | 'debug';
  clockMode: ClockMode;
}

/** The harness question the door answers with the {@link ServedWorld}. */
export const SERVED_QUESTION = '$served';

export interface WorldSource {
  world: NativeWorld;
  build: 'release' | 'debug';
  /** The mode of this end's clock ('manual' for a served world: its clock moves there). */
  clockMode: ClockMode;
  /** Set for a world served by another process. */
  served?: ServedWorld;
  defaultApplication?: Application;
}

/** The range of `startTime`: snowflake IDs hold times from 2015-01-01; 2100 is our bound, well inside what they hold. */
const START_TIME_RANGE = { from: Date.UTC(2015, 0, 1), to: Date.UTC(2100, 0, 1) };

function checkStartTime(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const ms = value instanceof Date ? value.getTime() : value;
  if (typeof ms !== 'number') throw new TypeError(`startTime must be a Date or a number of ms since the Unix epoch, got ${typeName(value)}`);
  if (!Number.isInteger(ms) || ms < START_TIME_RANGE.from || ms > START_TIME_RANGE.to) {
    throw new RangeError('startTime must be a whole number of ms from 2015-01-01 to 2100-01-01');
  }
  return ms;
}

export function worldSource(options: { sdkVersion?: string; build?: unknown; clock?: unknown; startTime?: unknown; url?: unknown }): WorldSource {
  const { sdkVersion, build, clock, startTime, url } = options;
  if (url === undefined) {
    const version = parseSdkVersion(sdkVersion ?? NEWEST_SUPPORTED_SDK_VERSION);
    const checkedBuild = checkOneOf(build ?? 'release', ['release', 'debug'] as const, 'build');
    const startMs = checkStartTime(startTime);
    const world = new (getRuntime().binding.NativeWorld)({ ...version, hash: 'simulator', ...(startMs === undefined ? {} : { startMs }) });
    world.setDebugLogs(checkedBuild === 'debug');
    return { world, build: checkedBuild, clockMode: checkOneOf(clock ?? 'manual', CLOCK_MODES, 'clock') };
  }
  const others = Object.entries({ sdkVersion, build, clock, startTime }).filter(([, value]) => value !== undefined).map(([name]) => name);
  if (others.length > 0) throw new TypeError(`url attaches to a world served elsewhere: ${others.join(', ')} belong to that world, not to this option set`);
  const link = Link.to(parseSimulatorUrl(url, 'url'));
  const world = remoteWorldOf(link);
  // Opens the link: a refused secret or a protocol mismatch throws here.
  const served = link.call({ t: 'world', method: SERVED_QUESTION, args: [] }) as ServedWorld;
  const defaultApplication = world.getApplication(served.defaultApplicationId) ?? undefined;
  return { world, build: served.build, clockMode: 'manual', served, defaultApplication };
}

/**
 * Resolves once every result and event the world has queued reached this thread's JS (`settle()`
 * of Simulator). For a served world the Result crosses the link after the events it waited for.
 */
export async function settleWorld(world: NativeWorld): Promise<void> {
  const runtime = getRuntime();
  for (;;) {
    const outcome = await runtime.request(WORLD_REQUESTS, (requestId) => world.settle(requestId));
    if (!outcome.ok || outcome.value !== world.generation()) continue;
    // Let the promise chains of what was delivered run to their end (a turn of the event loop
    // drains every microtask); work they start meanwhile needs another round.
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (outcome.value === world.generation()) return;
  }
}
