/**
 * Argument checks the harness classes (Simulator, SimulatedService) share.
 * @internal
 * @module
 */
import type { NativeWorld } from '../addon/native.js';
import { toSnowflake, type Snowflake, type SnowflakeInput } from '../model/ids.js';
import { limits } from '../common/limits.js';
import { checkText, typeName } from '../common/validate.js';

/** The ID of a thing given as itself (`{ id }`) or as its ID. */
export function idOf(value: { id: SnowflakeInput } | SnowflakeInput, name: string): Snowflake {
  if (typeof value === 'object' && value !== null) return toSnowflake(value.id, `${name}.id`);
  return toSnowflake(value, name);
}

/** The id of a user of the world, or a RangeError naming it. */
export function knownUser(world: NativeWorld, user: { id: SnowflakeInput } | SnowflakeInput): Snowflake {
  const id = idOf(user, 'user');
  if (world.getUser(id) === null) throw new RangeError(`no user with id ${id}`);
  return id;
}

/** The id of an application of the world, or a RangeError naming it. */
export function knownApplication(world: NativeWorld, application: { id: SnowflakeInput } | SnowflakeInput): Snowflake {
  const id = idOf(application, 'application');
  if (world.getApplication(id) === null) throw new RangeError(`no application with id ${id}`);
  return id;
}

/** An options argument that must be given: an object (not null, not an array). */
export function checkRequiredOptions<T extends object>(options: T, name = 'options'): T {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TypeError(`${name} must be an object, got ${typeName(options)}`);
  }
  return options;
}

/** A developer portal image: an asset key or URL of 1 to 300 characters. */
export function checkImage(value: unknown): string {
  if (value === '') throw new RangeError(`inviteCoverImage must be 1 to ${limits.activityImageLength} characters, got 0`);
  return checkText(value, 'inviteCoverImage', 1, limits.activityImageLength);
}
