/**
 * The simulated HTTP service's routing: the route table's entries (lib/routes/table.ts) with their
 * handlers, matched against a request's path under `/api/v10`.
 * @internal
 * @module
 */
import type { NativeWorld } from '../../addon/native.js';
import { ROUTE_LIST, routeKey, type RouteName, type RouteSpec } from '../../routes/table.js';
import { ServiceRefusal } from './errors.js';
import type { ServiceState } from './state.js';

/** Who made a request: the bot of an application (`Bot` token) or a user (`Bearer` token). */
export type Caller =
  | { readonly kind: 'bot'; readonly applicationId: string }
  | { readonly kind: 'user'; readonly applicationId: string; readonly userId: string }
  /**
   * The caller of a route that authenticates it itself (`auth: 'client'`, the OAuth2 endpoints:
   * client credentials); no application is known before the route checks them.
   */
  | { readonly kind: 'client'; readonly applicationId: '' };

export interface ServiceRequest {
  readonly caller: Caller;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  /** The parsed JSON body (a `form` route: the URLSearchParams); undefined when there was none. */
  readonly body: unknown;
  /** The files of a multipart body, their text by field name (empty for other bodies). */
  readonly files: ReadonlyMap<string, string>;
  /** The same files' names, sizes in bytes and media types, by field name (`files[0]`). */
  readonly uploads: ReadonlyMap<string, UploadedFile>;
  /** The Authorization header, for the routes that authenticate their caller themselves. */
  readonly authorization: string | undefined;
  /** X-Audit-Log-Reason, decoded. */
  readonly auditLogReason: string | undefined;
  /** `http://host:port` as the connection reached the service (the gateway's URL is made from it). */
  readonly origin: string;
}

/** An uploaded file of a multipart body, as its part describes it. */
export interface UploadedFile {
  readonly filename: string;
  readonly size: number;
  /** Its part's Content-Type; null when it gave none. */
  readonly contentType: string | null;
}

export interface ServiceReply {
  status: number;
  body?: unknown;
  /** A text body's media type (`text/csv`): `body` is then sent as it is; JSON otherwise. */
  contentType?: string;
}

export interface ServiceContext {
  readonly world: NativeWorld;
  readonly state: ServiceState;
}

/**
 * What the simulated service does for one route of the table; asynchronous only where the route
 * waits for the outside (an events URL checked with a PING).
 */
export interface RouteHandler {
  handle(request: ServiceRequest, context: ServiceContext): ServiceReply | Promise<ServiceReply>;
}

/** Handlers by route name: each area's file serves some; the service serves them all. */
export type RouteHandlers = Partial<Record<RouteName, RouteHandler>>;

/** A served route: the table's entry and its handler. */
export interface Route extends RouteHandler {
  readonly spec: RouteSpec & { readonly name: RouteName };
  /**
   * Its key (`routeKey(spec)`), made once: the budgets, planned failures and windows are looked
   * up by it on every request, and one string object keeps its hash (a key built per request
   * was hashed again at each lookup).
   */
  readonly key: string;
}

export interface RouteMatch {
  readonly route: Route;
  readonly params: Record<string, string>;
}

/** The served routes: every entry of the table with its handler (the type makes a missing handler a compile error). */
export function servedRoutes(handlers: Record<RouteName, RouteHandler>): Route[] {
  return ROUTE_LIST.map((spec) => ({ spec, key: routeKey(spec), handle: (request, context) => handlers[spec.name].handle(request, context) }));
}

/** A path segment decoded, or undefined when its `%` escapes are malformed (`%zz`, a lone `%`, bad UTF-8). */
function decodedSegment(segment: string): string | undefined {
  // Without an escape there is nothing to decode (decodeURIComponent would return it as it is).
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** A route's path split once: each segment a literal, or a parameter's name (`{lobby_id}`). */
interface CompiledRoute {
  readonly route: Route;
  readonly literals: readonly (string | undefined)[];
  readonly params: readonly (string | undefined)[];
}

/** The routes by their number of path segments, each list in the table's order (the first match wins). */
type CompiledRoutes = ReadonlyMap<number, readonly CompiledRoute[]>;

/** The compiled form of each route list (the served routes are one list, compiled on first use). */
const compiledLists = new WeakMap<readonly Route[], CompiledRoutes>();

function compiled(routes: readonly Route[]): CompiledRoutes {
  let byLength = compiledLists.get(routes);
  if (byLength) return byLength;
  const built = new Map<number, CompiledRoute[]>();
  for (const route of routes) {
    const pattern = route.spec.path.split('/').filter((segment) => segment !== '');
    const params = pattern.map((part) => /^\{(.+)\}$/.exec(part)?.[1]);
    const literals = pattern.map((part, i) => (params[i] === undefined ? part : undefined));
    const list = built.get(pattern.length) ?? [];
    list.push({ route, literals, params });
    built.set(pattern.length, list);
  }
  compiledLists.set(routes, built);
  byLength = built;
  return byLength;
}

/** The route for a method and path, or the reason there is none (404, 405, or 400 for a malformed escape: the client's error). */
export function matchRoute(routes: readonly Route[], method: string, path: string): RouteMatch | 'not found' | 'method not allowed' | 'malformed' {
  const segments = path.split('/').filter((segment) => segment !== '');
  const decoded: string[] = [];
  for (const segment of segments) {
    const value = decodedSegment(segment);
    if (value === undefined) return 'malformed';
    decoded.push(value);
  }
  let pathMatched = false;
  for (const candidate of compiled(routes).get(segments.length) ?? []) {
    let matches = true;
    for (let i = 0; i < segments.length && matches; i++) {
      const literal = candidate.literals[i];
      // A literal such as @me is its own route, never a parameter's value.
      matches = literal === undefined ? !segments[i]!.startsWith('@') : literal === segments[i];
    }
    if (!matches) continue;
    pathMatched = true;
    if (candidate.route.spec.method !== method) continue;
    const params: Record<string, string> = {};
    candidate.params.forEach((name, i) => {
      if (name !== undefined) params[name] = decoded[i]!;
    });
    return { route: candidate.route, params };
  }
  return pathMatched ? 'method not allowed' : 'not found';
}

/** The caller of a route for users (its `auth: 'user'` was checked already; this narrows the type), or 403. */
export function userCaller(caller: Caller): Extract<Caller, { kind: 'user' }> {
  if (caller.kind !== 'user') throw new ServiceRefusal(403, 50001, "Missing Access: this route needs a user's access token");
  return caller;
}

