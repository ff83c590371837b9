/**
 * Methods a module adds to a class declared elsewhere (the Client's feature modules, the
 * RestClient's method modules): installed as class methods are.
 * @internal
 * @module
 */

/** Installs `methods` on `prototype` (writable, configurable, not enumerable); a name defined twice is an error. */
export function defineMethods(prototype: object, className: string, methods: object): void {
  for (const [name, value] of Object.entries(methods)) {
    if (Object.prototype.hasOwnProperty.call(prototype, name)) throw new Error(`internal: ${className}.prototype.${name} is defined twice`);
    Object.defineProperty(prototype, name, { value, writable: true, configurable: true, enumerable: false });
  }
}
