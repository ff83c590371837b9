/**
 * The simulated HTTP service's routing: a table of routes (method, path pattern with `:name`
 * parameters, who may call it), matched against a request's path under `/api/v10`.
 * @internal
 * @module
 */
import type { NativeWorld } from '../../native.js';
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
  /** The Authorization header, for the routes that authenticate their caller themselves. */
  readonly authorization: string | undefined;
  /** X-Audit-Log-Reason, decoded. */
  readonly auditLogReason: string | undefined;
}

export interface ServiceReply {
  status: number;
  body?: unknown;
}

export interface ServiceContext {
  readonly world: NativeWorld;
  readonly state: ServiceState;
}

export interface Route {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to the API base, e.g. `/lobbies/:lobby/members/:user`; also the rate-limit key. */
  readonly path: string;
  /**
   * `bot`: a bot token; `user`: a user's access token; `any`: either; `client`: the route checks
   * the application's client credentials itself (OAuth2 endpoints).
   */
  readonly auth: 'bot' | 'user' | 'any' | 'client';
  /** `form`: the body is `application/x-www-form-urlencoded` (OAuth2 endpoints); default JSON. */
  readonly body?: 'form';
  handle(request: ServiceRequest, context: ServiceContext): ServiceReply;
}

export interface RouteMatch {
  readonly route: Route;
  readonly params: Record<string, string>;
}

/** The route for a method and path, or the reason there is none (404 or 405). */
export function matchRoute(routes: readonly Route[], method: string, path: string): RouteMatch | 'not found' | 'method not allowed' {
  const segments = path.split('/').filter((segment) => segment !== '');
  let pathMatched = false;
  for (const route of routes) {
    const pattern = route.path.split('/').filter((segment) => segment !== '');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, i) => {
      const segment = segments[i]!;
      if (part.startsWith(':')) {
        // A literal such as @me is its own route, never a parameter's value.
        if (segment.startsWith('@')) return false;
        params[part.slice(1)] = decodeURIComponent(segment);
        return true;
      }
      return part === segment;
    });
    if (!matches) continue;
    pathMatched = true;
    if (route.method === method) return { route, params };
  }
  return pathMatched ? 'method not allowed' : 'not found';
}

/** The caller of a route for users (its `auth: 'user'` was checked already; this narrows the type), or 403. */
export function userCaller(caller: Caller): Extract<Caller, { kind: 'user' }> {
  if (caller.kind !== 'user') throw new ServiceRefusal(403, 50001, "Missing Access: this route needs a user's access token");
  return caller;
}

/** `METHOD /path` of a route: the key of its rate limits and faults. */
export function routeKey(route: Route): string {
  return `${route.method} ${route.path}`;
}
