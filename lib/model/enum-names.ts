/**
 * The public names of the vendor enums, derived from the generated tables (lib/generated/seam.ts,
 * from seam/seam.json) so that no vendor value is written in TypeScript by hand. Public names
 * are the vendor's in lower camel case (`HttpWait` -> `httpWait`) or, where the API keeps the
 * vendor's spelling (channel and activity types), the vendor's names themselves.
 * @internal
 * @module
 */

type Table = Readonly<Record<string, number>>;

/** `Ready` -> `ready`, as the type system's Uncapitalize does. */
function lowerFirst<N extends string>(name: N): Uncapitalize<N> {
  return (name.charAt(0).toLowerCase() + name.slice(1)) as Uncapitalize<N>;
}

/** The lower-camel names, indexed by the vendor's value (values are small integers). */
export function namesByValue<T extends Table>(table: T): readonly Uncapitalize<keyof T & string>[] {
  const out: Uncapitalize<keyof T & string>[] = [];
  for (const [name, value] of Object.entries(table)) out[value] = lowerFirst(name as keyof T & string);
  return Object.freeze(out);
}

/** The vendor's value of each lower-camel name. */
export function valuesByLowerName<T extends Table>(table: T): Readonly<Record<Uncapitalize<keyof T & string>, number>> {
  return Object.freeze(Object.fromEntries(Object.entries(table).map(([name, value]) => [lowerFirst(name), value]))) as Readonly<
    Record<Uncapitalize<keyof T & string>, number>
  >;
}
