/**
 * Objects that carry a secret but never show it: their inspect and JSON output is a stand-in
 * without the secret (authorization codes, PKCE verifiers, join secrets).
 * @internal
 * @module
 */
import { inspect } from 'node:util';

/** `value`, frozen, with `shown` as its inspect and JSON output (secrets left out). */
export function hidden<T extends object>(value: T, shown: object): T {
  Object.defineProperties(value, {
    [inspect.custom]: { value: (_depth: number, options: object) => inspect(shown, options) },
    toJSON: { value: () => shown },
  });
  return Object.freeze(value);
}
