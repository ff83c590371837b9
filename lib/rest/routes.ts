/**
 * Routes of the REST client: the URL path of a request, and the names a request is known by in
 * rate-limit bookkeeping and in errors. Paths are built from templates, never parsed back: a
 * parameter that is not a snowflake (the game's own player id) can then never leak into a route
 * name or be mistaken for one.
 * @internal
 * @module
 */

/** The HTTP methods the service's routes use. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request's route, as built by {@link route}. */
export interface Route {
  method: HttpMethod;
  /** The path under the base URL, every parameter URL-encoded (`/lobbies/123/members/456`). */
  path: string;
  /**
   * The route's shape: the template with each parameter shown by its placeholder
   * (`POST /lobbies/:id/members/bulk`). Safe to show: it holds no ID, no player id and no token.
   */
  shape: string;
  /**
   * The top-level resource the service limits separately (the id after `/channels/`), or
   * `'global'` for the routes without one. Lobby routes have none: every lobby shares one queue
   * per method and route shape, as the service's buckets ignore the lobby id.
   */
  majorParameter: string;
}

const PLACEHOLDER = /:[A-Za-z]+/g;
/** Resources whose id the service's rate limits are computed per (server-api.md §6.1). */
const MAJOR_RESOURCES = new Set(['channels', 'guilds', 'webhooks']);

/**
 * Builds a route from a template such as `/lobbies/:id/members/:id` and its parameter values, in
 * order. Values are URL-encoded (`/` in a player id becomes `%2F`).
 */
export function route(method: HttpMethod, template: string, ...values: readonly string[]): Route {
  const placeholders = template.match(PLACEHOLDER) ?? [];
  if (placeholders.length !== values.length) {
    throw new Error(`route ${template}: ${placeholders.length} parameters, ${values.length} values given`);
  }
  let index = 0;
  const path = template.replace(PLACEHOLDER, () => encodeURIComponent(values[index++]!));
  const segments = template.split('/');
  let majorParameter = 'global';
  const resource = segments[1];
  if (resource !== undefined && MAJOR_RESOURCES.has(resource) && segments[2]?.startsWith(':')) majorParameter = values[0]!;
  return { method, path, shape: `${method} ${template}`, majorParameter };
}
