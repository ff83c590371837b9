/**
 * Routes of the REST client: the URL path of a request, and the names a request is known by in
 * rate-limit bookkeeping and in errors. Paths are built from the route table's templates
 * (lib/routes/table.ts), never parsed back: a parameter that is not a snowflake (the game's own
 * player id) can then never leak into a route name or be mistaken for one.
 * @internal
 * @module
 */
import type { HttpMethod, RouteSpec } from '../routes/table.js';

export type { HttpMethod };

/** A request's route, as built by {@link route}. */
export interface Route {
  method: HttpMethod;
  /** The path under the base URL, every parameter URL-encoded (`/lobbies/123/members/456`). */
  path: string;
  /**
   * The route's shape: the template with each ID shown as `:id` and any other parameter by its
   * name (`POST /lobbies/:id/members/bulk`). Safe to show: it holds no ID, no player id and no token.
   */
  shape: string;
  /**
   * The top-level resource the service limits separately (the id after `/channels/`), or
   * `'global'` for the routes without one. Lobby routes have none: every lobby shares one queue
   * per method and route shape, as the service's buckets ignore the lobby id.
   */
  majorParameter: string;
}

const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g;
/** Resources whose id the service's rate limits are computed per (server-api.md §6.1). */
const MAJOR_RESOURCES = new Set(['channels', 'guilds', 'webhooks']);

/** A template taken apart once: its literal pieces between the parameters, its shape, where its major parameter is. */
interface Compiled {
  /** `pieces[i]` comes before the i-th value; the last piece after the last value. */
  pieces: readonly string[];
  shape: string;
  /** How many parameters the template has. */
  count: number;
  /** Whether the first value is the major parameter. */
  major: boolean;
}

/** The compiled templates, per table entry (the table is fixed, so this stays small). */
const compiled = new WeakMap<RouteSpec, Compiled>();

function compile(spec: RouteSpec): Compiled {
  const template = spec.path;
  const pieces = template.split(PLACEHOLDER).filter((_, index) => index % 2 === 0);
  const shown = template.replace(PLACEHOLDER, (_, name: string) => (/_id(_\d+)?$/.test(name) ? ':id' : `:${name}`));
  const segments = template.split('/');
  const resource = segments[1];
  const major = resource !== undefined && MAJOR_RESOURCES.has(resource) && segments[2]?.startsWith('{') === true;
  const result = { pieces, shape: `${spec.method} ${shown}`, count: pieces.length - 1, major };
  compiled.set(spec, result);
  return result;
}

/**
 * Builds the route of a table entry and its parameter values, in order. Values are URL-encoded
 * (`/` in a player id becomes `%2F`).
 */
export function route(spec: RouteSpec, ...values: readonly string[]): Route {
  const { pieces, shape, count, major } = compiled.get(spec) ?? compile(spec);
  if (count !== values.length) {
    throw new Error(`route ${spec.path}: ${count} parameters, ${values.length} values given`);
  }
  let path = pieces[0]!;
  for (let index = 0; index < count; index++) path += encodeURIComponent(values[index]!) + pieces[index + 1]!;
  return { method: spec.method, path, shape, majorParameter: major ? values[0]! : 'global' };
}
