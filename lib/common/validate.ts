/**
 * Input checks shared by the client API, the simulator's harness and the support functions, so
 * all give the same errors: TypeError for a wrong type, RangeError for a wrong value, messages
 * naming the argument.
 *
 * Messages never echo a string the caller passed: any string may be a token or a secret handed
 * to the wrong parameter. They say its type and length instead ({@link describe}). Numbers are
 * shown (no token or secret of this package is a number).
 * @internal
 * @module
 */
import { limits } from './limits.js';

/** String key-value pairs (types.ts's Metadata; named here so validate.ts imports nothing of types.ts). */
type Metadata = Record<string, string>;

/**
 * A description of any value for an error message that is safe to show: never a string's text
 * (only its length), never a call into the value (no `toString`/`valueOf`, no Proxy trap that can
 * throw gets out). Numbers, booleans, bigints, null and undefined are shown as they are.
 * @example
 * describe('hunter2'); // 'a string of 7 characters'
 * describe(Object.create(null)); // 'a null-prototype object'
 */
export function describe(value: unknown): string {
  switch (typeof value) {
    case 'undefined':
      return 'undefined';
    case 'string':
      return value.length === 0 ? 'an empty string' : `a string of ${plural(characterCount(value), 'character')}`;
    case 'number':
    case 'boolean':
      return String(value);
    case 'bigint':
      return `${value}n`;
    case 'symbol':
      return 'a symbol';
    case 'function':
      return 'a function';
    default:
      break;
  }
  if (value === null) return 'null';
  try {
    if (Array.isArray(value)) return `an array of ${plural(value.length, 'element')}`;
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto === null) return 'a null-prototype object';
    if (proto === Object.prototype) return 'an object';
    if (value instanceof Date) return 'a Date';
    if (value instanceof Promise) return 'a Promise (did you forget an await?)';
  } catch {
    // A revoked Proxy or a throwing trap: nothing more can be said safely.
  }
  return 'an object';
}

/** The type of a value in a TypeError: `typeof` words, with `null` and arrays told apart. */
export function typeName(value: unknown): string {
  if (value === null) return 'null';
  try {
    if (Array.isArray(value)) return 'an array';
  } catch {
    // A revoked Proxy.
  }
  return typeof value;
}

/** Whether a string is well-formed UTF-16 (no lone surrogate). */
export function isWellFormed(text: string): boolean {
  return (text as string & { isWellFormed(): boolean }).isWellFormed();
}

/**
 * A string of `min` to `max` characters (Unicode code points, as the service counts them), and
 * well-formed: a lone surrogate would be replaced on its way to the native layer (so two different
 * strings could become the same one), and is refused.
 * @throws TypeError when not a string; RangeError when malformed or out of bounds.
 */
export function checkText(value: unknown, name: string, min: number, max: number): string {
  if (typeof value !== 'string') throw new TypeError(`${name} must be a string, got ${typeName(value)}`);
  checkWellFormed(value, name);
  // Code points never outnumber UTF-16 units, and never fall below half of them: count only when
  // the unit count alone cannot tell.
  const length = value.length > max || value.length < 2 * min ? characterCount(value) : value.length;
  if (length < min || length > max) {
    if (min === 1 && length === 0) throw new RangeError(`${name} must not be empty`);
    throw new RangeError(`${name} must be ${min} to ${max} characters, got ${length}`);
  }
  return value;
}

/** Refuses a string holding a lone surrogate (without showing the string). */
export function checkWellFormed(value: string, name: string): void {
  if (!isWellFormed(value)) {
    throw new RangeError(`${name} must be well-formed Unicode: it holds a lone surrogate (half of a UTF-16 surrogate pair)`);
  }
}

/** Checks that `value` is one of `allowed` (an enumeration of names); the value itself is not shown. */
export function checkOneOf<T extends string>(value: unknown, allowed: readonly T[], name: string): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  const list = allowed.join(', ');
  if (typeof value !== 'string') throw new TypeError(`${name} must be one of ${list}, got ${typeName(value)}`);
  const near = allowed.find((a) => a.toLowerCase() === value.toLowerCase());
  const hint = near === undefined ? '' : ` (names are case-sensitive: did you mean '${near}'?)`;
  throw new RangeError(`${name} must be one of ${list}, got ${describe(value)}${hint}`);
}

/**
 * A whole number from `min` to `max`. TypeError for anything but a number (a numeric string, a
 * boxed number, a null-prototype object or a Proxy included); RangeError for a fraction, NaN or a
 * value out of range.
 */
export function checkInteger(value: unknown, name: string, min: number, max: number, what = 'an integer'): number {
  if (typeof value !== 'number') throw new TypeError(`${name} must be a number, got ${typeName(value)}`);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be ${what} from ${min} to ${max}, got ${describe(value)}`);
  }
  return value;
}

/** A duration or clock step in ms: a non-negative safe integer. */
export function checkMs(value: unknown, name: string): number {
  if (typeof value !== 'number') throw new TypeError(`${name} must be a number of milliseconds, got ${typeName(value)}`);
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer number of milliseconds (at most 2^53 - 1), got ${describe(value)}`);
  }
  return value;
}

/** A boolean. */
export function checkBoolean(value: unknown, name: string): boolean {
  if (typeof value !== 'boolean') throw new TypeError(`${name} must be a boolean, got ${typeName(value)}`);
  return value;
}

/** The bounds of one kind of metadata. */
export interface MetadataBounds {
  entries: number;
  keyLength: number;
  valueLength: number;
  /** Characters of every key and value together. */
  totalLength: number;
}

/** Lobby, member and message metadata (see {@link limits}). */
export const METADATA_BOUNDS: MetadataBounds = {
  entries: limits.metadataEntries,
  keyLength: limits.metadataKeyLength,
  valueLength: limits.metadataValueLength,
  totalLength: limits.metadataTotalLength,
};

/** Moderation metadata the game backend sets on messages (see {@link limits}). */
export const MODERATION_METADATA_BOUNDS: MetadataBounds = {
  entries: limits.moderationMetadataEntries,
  keyLength: limits.moderationMetadataKeyLength,
  valueLength: limits.moderationMetadataValueLength,
  totalLength: limits.moderationMetadataEntries * (limits.moderationMetadataKeyLength + limits.moderationMetadataValueLength),
};

/**
 * A plain object whose own enumerable properties are all strings, within `bounds` (number of
 * entries, key and value length, total length), every key and value well-formed. Returns a copy.
 */
export function checkMetadata(value: unknown, name: string, bounds: MetadataBounds = METADATA_BOUNDS): Metadata {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`${name} must be an object of string values, got ${typeName(value)}`);
  }
  // Count first: a map of 100,000 keys is refused without walking it.
  const keys = Object.keys(value);
  if (keys.length > bounds.entries) {
    throw new RangeError(`${name} holds at most ${plural(bounds.entries, 'entry', 'entries')}, got ${keys.length}`);
  }
  const copy: Metadata = {};
  let total = 0;
  for (const key of keys) {
    const entry: unknown = (value as Record<string, unknown>)[key];
    const at = `${name}[${quoteKey(key)}]`;
    if (typeof entry !== 'string') throw new TypeError(`${at} must be a string, got ${typeName(entry)}`);
    checkWellFormed(key, `${at}: the key`);
    checkWellFormed(entry, at);
    const keyLength = characterCount(key);
    if (keyLength > bounds.keyLength) {
      throw new RangeError(`${name}: a key must be at most ${bounds.keyLength} characters, got ${keyLength}`);
    }
    const valueLength = characterCount(entry);
    if (valueLength > bounds.valueLength) {
      throw new RangeError(`${at} must be at most ${bounds.valueLength} characters, got ${valueLength}`);
    }
    total += keyLength + valueLength;
    Object.defineProperty(copy, key, { value: entry, enumerable: true, writable: true, configurable: true });
  }
  if (total > bounds.totalLength) {
    throw new RangeError(`${name} must be at most ${bounds.totalLength} characters in all (keys and values), got ${total}`);
  }
  return copy;
}

/** Metadata that may be left out: undefined stays undefined, anything else is checked. */
export function checkOptionalMetadata(value: unknown, name: string, bounds: MetadataBounds = METADATA_BOUNDS): Metadata | undefined {
  return value === undefined ? undefined : checkMetadata(value, name, bounds);
}

/** Message content: 1 to `max` characters (Unicode code points; the SDK's 2,000 unless given), well-formed. */
export function checkContent(content: unknown, max: number = limits.messageContentLength): string {
  if (typeof content !== 'string') throw new TypeError(`content must be a string, got ${typeName(content)}`);
  if (content.length === 0) throw new RangeError('content must not be empty');
  const length = content.length <= max ? content.length : characterCount(content);
  if (length > max) throw new RangeError(`content must be at most ${max} characters, got ${length}`);
  checkWellFormed(content, 'content');
  return content;
}

/** A lobby secret: 1 to 250 characters, well-formed. Never shown in a message. */
export function checkSecret(secret: unknown, name = 'secret'): string {
  return checkText(secret, name, 1, limits.lobbySecretLength);
}

/** How many messages to read: a positive integer; more than the service returns is clamped to it. */
export function checkMessageLimit(limit: unknown): number {
  if (typeof limit !== 'number') throw new TypeError(`limit must be a number, got ${typeName(limit)}`);
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, got ${describe(limit)}`);
  return Math.min(limit, limits.lobbyMessagesReturned);
}

/**
 * How many direct messages to read: an integer; 0 or less means the most (as the vendor's
 * GetUserMessagesWithLimit), more than the most is clamped. Returns 0 for "the most".
 */
export function checkUserMessageLimit(limit: unknown): number {
  if (typeof limit !== 'number') throw new TypeError(`limit must be a number, got ${typeName(limit)}`);
  if (!Number.isInteger(limit)) throw new RangeError(`limit must be an integer, got ${describe(limit)}`);
  return limit <= 0 ? 0 : Math.min(limit, limits.lobbyMessagesReturned);
}

/**
 * An options argument: undefined (none) or an object (not null, not an array, not a function).
 * Anything else is a TypeError, so misplaced arguments are not silently ignored.
 */
export function checkOptions<T extends object>(options: T | undefined, name = 'options'): Partial<T> {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TypeError(`${name} must be an object or undefined, got ${typeName(options)}`);
  }
  return options;
}

/** Characters as the service counts them for length limits: Unicode code points. */
export function characterCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is a single character.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/** A metadata key for a message: short, well-formed keys are shown; others by their length. */
function quoteKey(key: string): string {
  if (key.length <= 40 && isWellFormed(key)) return `'${key.replace(/[\\']/g, '\\$&').replace(/[\u0000-\u001f\u007f]/g, '?')}'`;
  return `<a key of ${plural(characterCount(key), 'character')}>`;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
