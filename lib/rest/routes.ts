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

/**
 * Builds the route of a table entry and its parameter values, in order. Values are URL-encoded
 * (`/` in a player id becomes `%2F`).
 */
export function route(spec: RouteSpec, ...values: readonly string[]): Route {
  const template = spec.path;
  const placeholders = template.match(PLACEHOLDER) ?? [];
  if (placeholders.length !== values.length) {
    throw new Error(`route ${template}: ${placeholders.length} parameters, ${values.length} values given`);
  }
  let index = 0;
  const path = template.replace(PLACEHOLDER, () => encodeURIComponent(values[index++]!));
  const shown = template.replace(PLACEHOLDER, (_, name: string) => (/_id(_\d+)?$/.test(name) ? ':id' : `:${name}`));
  const segments = template.split('/');
  let majorParameter = 'global';
  const resource = segments[1];
  if (resource !== undefined && MAJOR_RESOURCES.has(resource) && segments[2]?.startsWith('{')) majorParameter = values[0]!;
  return { method: spec.method, path, shape: `${spec.method} ${shown}`, majorParameter };
}
