/**
 * Snowflake IDs are unsigned 64-bit integers. Everything this package returns carries them as
 * canonical decimal strings; inputs accept a decimal string or a bigint. JS numbers are refused:
 * above 2^53 they silently lose bits.
 */
export type Snowflake = string;
/** What ID parameters accept. */
export type SnowflakeInput = string | bigint;

import { describe, typeName } from '../common/validate.js';

const MAX_SNOWFLAKE = (1n << 64n) - 1n;
const PARAMETER_NAME = /^(?=.{1,100}$)[A-Za-z_$]+(?:\.[A-Za-z_$]+|\[\d{0,6}\])*$/;
/** Names that passed PARAMETER_NAME: parameter paths, so few distinct ones; a bounded few kept. */
const checkedNames = new Set<string>();
const MAX_CHECKED_NAMES = 1024;

/**
 * Checks an ID and returns its canonical decimal form. A malformed string is not shown in the
 * error (it may be a token or secret passed in the wrong place): only its length is.
 * @throws TypeError when `value` is not a string or bigint.
 * @throws RangeError when it is negative, fractional, not a number, or above 2^64 - 1.
 */
export function toSnowflake(value: SnowflakeInput, name = 'id'): Snowflake {
  if (typeof name !== 'string') throw new TypeError(`toSnowflake: name must be a string, got ${typeName(name)}`);
  // The name is shown in errors, so it must look like a parameter path ('members[2].user'):
  // digits only as an index, so a token handed in the wrong place is never echoed.
  if (!checkedNames.has(name)) {
    if (!PARAMETER_NAME.test(name)) throw new RangeError(`toSnowflake: name must be a parameter path such as 'members[2].user', got ${describe(name)}`);
    if (checkedNames.size < MAX_CHECKED_NAMES) checkedNames.add(name);
  }
  // The common case, every ID this package hands out: canonical already, and below 2^64 by its
  // length alone. Returned as it is, without a BigInt parse and print per call.
  if (typeof value === 'string' && isShortCanonicalDecimal(value)) return value;
  let id: bigint;
  if (typeof value === 'bigint') {
    id = value;
  } else if (typeof value === 'string') {
    if (!/^[0-9]{1,20}$/.test(value)) {
      throw new RangeError(`${name} must be an unsigned 64-bit integer in decimal (1 to 20 digits), got ${describe(value)}`);
    }
    id = BigInt(value);
  } else {
    throw new TypeError(
      `${name} must be a decimal string or a bigint, got ${typeName(value)}` +
        (typeof value === 'number' ? ' (a number cannot hold every 64-bit ID exactly)' : ''),
    );
  }
  if (id < 0n || id > MAX_SNOWFLAKE) {
    throw new RangeError(`${name} must be between 0 and 2^64 - 1, got ${typeof value === 'bigint' ? `${id}n` : `a ${value.length}-digit number above it`}`);
  }
  return id.toString();
}

/** 1 to 19 decimal digits, no leading zero (but "0"): canonical, and at most 10^19 - 1 < 2^64 - 1. */
function isShortCanonicalDecimal(value: string): boolean {
  const length = value.length;
  if (length === 0 || length > 19 || (length > 1 && value.charCodeAt(0) === 48)) return false;
  for (let i = 0; i < length; i++) {
    const code = value.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}
