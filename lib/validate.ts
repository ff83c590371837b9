/**
 * Input checks shared by the client API and the simulator's harness, so both give the same
 * errors: TypeError for a wrong type, RangeError for a wrong value, messages naming the argument.
 * @internal
 * @module
 */
import { limits } from './limits.js';
import type { Metadata } from './types.js';

/** A plain object whose own enumerable properties are all strings. Returns a copy. */
export function checkMetadata(value: unknown, name: string): Metadata {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`${name} must be an object of string values, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`);
  }
  const copy: Metadata = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== 'string') throw new TypeError(`${name}['${key}'] must be a string, got ${typeof entry}`);
    Object.defineProperty(copy, key, { value: entry, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/** Metadata that may be left out: undefined stays undefined, anything else is checked. */
export function checkOptionalMetadata(value: unknown, name: string): Metadata | undefined {
  return value === undefined ? undefined : checkMetadata(value, name);
}

/** Message content: 1 to 2,000 characters (Unicode code points). */
export function checkContent(content: unknown): string {
  if (typeof content !== 'string') throw new TypeError(`content must be a string, got ${typeof content}`);
  const max = limits.messageContentLength;
  // Code points never outnumber UTF-16 units, so only long strings need counting.
  const length = content.length <= max ? content.length : countCodePoints(content);
  if (length === 0) throw new RangeError('content must not be empty');
  if (length > max) throw new RangeError(`content must be at most ${max} characters, got ${length}`);
  return content;
}

/** A lobby secret: a non-empty string. */
export function checkSecret(secret: unknown): string {
  if (typeof secret !== 'string') throw new TypeError(`secret must be a string, got ${typeof secret}`);
  if (secret.length === 0) throw new RangeError('secret must not be empty');
  return secret;
}

/** How many messages to read: a positive integer; more than the service returns is clamped to it. */
export function checkMessageLimit(limit: unknown): number {
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) {
    throw new RangeError(`limit must be a positive integer, got ${String(limit)}`);
  }
  return Math.min(limit, limits.lobbyMessagesReturned);
}

/**
 * How many direct messages to read: an integer; 0 or less means the most (as the vendor's
 * GetUserMessagesWithLimit), more than the most is clamped. Returns 0 for "the most".
 */
export function checkUserMessageLimit(limit: unknown): number {
  if (typeof limit !== 'number' || !Number.isInteger(limit)) {
    throw new RangeError(`limit must be an integer, got ${String(limit)}`);
  }
  return limit <= 0 ? 0 : Math.min(limit, limits.lobbyMessagesReturned);
}

/** An options argument: undefined (none) or an object. */
export function checkOptions<T extends object>(options: T | undefined, name = 'options'): Partial<T> {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null) throw new TypeError(`${name} must be an object`);
  return options;
}

function countCodePoints(text: string): number {
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

/** Characters as the service counts them for length limits: Unicode code points. */
export { countCodePoints as characterCount };
