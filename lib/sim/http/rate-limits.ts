/**
 * The simulated service's rate limits, on the world's clock: per application and route, fixed
 * windows with the documented development budgets by default (server API reference §1.5: 100
 * per 2 h for the lobby routes, 20 per 2 h for channel linking), and an optional global budget per
 * application. Every limited response carries the `X-RateLimit-*` headers the service sends; a
 * request over budget is a 429 as the public docs show one (see {@link RateLimitRefusal}). App
 * Testers' requests skip the route budgets (see `take`).
 * @internal
 * @module
 */
import { createHash } from 'node:crypto';

import { DEVELOPMENT_BUDGETS } from '../../routes/table.js';
import { RateLimitRefusal, type RateLimitScope } from './errors.js';

/** At most `limit` requests per `windowMs` (world clock). */
export interface RateLimitBudget {
  limit: number;
  windowMs: number;
}

/** The development limits per application (docs resources/lobby.mdx, "Development Rate Limits"), by route key: read from the route table. */
export const DEVELOPMENT_RATE_LIMITS: Readonly<Record<string, RateLimitBudget>> = Object.fromEntries(DEVELOPMENT_BUDGETS);

/** What {@link ServiceRateLimits.describe} shows. */
export interface RateLimitsView {
  global: RateLimitBudget | null;
  budgets: (RateLimitBudget & { route: string })[];
  windows: { route: string; scope: string; used: number; limit: number; resetAt: number }[];
}

interface Window {
  used: number;
  resetAt: number;
}

/** The key of the global budget's windows among the routes'. */
const GLOBAL = 'global';

/** `X-RateLimit-Bucket` of each route key: a digest of the key, made once per route. */
const bucketIds = new Map<string, string>();

function bucketId(route: string): string {
  let id = bucketIds.get(route);
  if (id === undefined) {
    id = createHash('sha256').update(route).digest('hex').slice(0, 16);
    bucketIds.set(route, id);
  }
  return id;
}

/** ms as seconds with three decimals, as the service writes them (`1470173023.123`). */
function seconds(ms: number): string {
  // The world's clock counts whole milliseconds: written out without toFixed, which took about
  // 0.3 µs a call here (two per limited answer); anything else still goes through toFixed.
  if (!Number.isSafeInteger(ms) || ms < 0) return (ms / 1000).toFixed(3);
  const fraction = ms % 1000;
  return `${(ms - fraction) / 1000}.${fraction < 10 ? '00' : fraction < 100 ? '0' : ''}${fraction}`;
}

/** What a planned 429 (the harness's `failNext`) says. */
export interface PlannedRateLimit {
  /** Seconds. */
  retryAfter: number;
  scope: RateLimitScope;
  /** Undefined: the docs' message for the scope. */
  message: string | undefined;
  code: number;
}

export class ServiceRateLimits {
  readonly #now: () => number;
  readonly #budgets = new Map<string, RateLimitBudget>();
  #global: RateLimitBudget | null = null;
  /**
   * The open windows by route key (or `global`), then by scope: two lookups by strings the caller
   * already holds, where a key joined per request was hashed anew at each one.
   */
  readonly #windows = new Map<string, Map<string, Window>>();

  constructor(now: () => number, budgets: 'development' | 'off') {
    this.#now = now;
    if (budgets === 'development') {
      for (const [route, budget] of Object.entries(DEVELOPMENT_RATE_LIMITS)) this.#budgets.set(route, budget);
    }
  }

  /** Sets (or with null lifts) a route's budget; its current window starts over. */
  setBudget(route: string, budget: RateLimitBudget | null): void {
    if (budget === null) this.#budgets.delete(route);
    else this.#budgets.set(route, budget);
    this.#windows.delete(route);
  }

  /** Sets (or with null lifts) the global budget of each application. */
  setGlobal(budget: RateLimitBudget | null): void {
    this.#global = budget;
    this.#windows.delete(GLOBAL);
  }

  /**
   * Counts one request of `scope` (an application) on `route`. Returns the headers to send, or
   * throws the 429 refusal when a budget is spent (the request is not counted then). An
   * `exempt` request (an App Tester's) skips the route's budget, not the global one.
   */
  take(route: string, scope: string, exempt = false): Record<string, string> {
    const budget = exempt ? undefined : this.#budgets.get(route);
    // A route without a budget and no global one: nothing to count, no clock to read (a crossing into the world).
    if (!budget && !this.#global) return {};
    const now = this.#now();
    if (this.#global) {
      const window = this.#window(GLOBAL, scope, this.#global, now);
      if (window.used >= this.#global.limit) throw new RateLimitRefusal((window.resetAt - now) / 1000, 'global', {});
    }
    let headers: Record<string, string> = {};
    if (budget) {
      const window = this.#window(route, scope, budget, now);
      headers = this.#bucketHeaders(route, budget.limit, budget.limit - window.used - 1, window.resetAt, now);
      if (window.used >= budget.limit) throw new RateLimitRefusal((window.resetAt - now) / 1000, 'user', headers);
      window.used += 1;
    }
    if (this.#global) this.#window(GLOBAL, scope, this.#global, now).used += 1;
    return headers;
  }

  /**
   * The 429 the harness planned for a request of `scope` on `route`, with the headers a real one
   * has: a `user` limit's bucket headers say the bucket is spent until the retry; a `shared`
   * limit's say what is left of the caller's own bucket (the docs' shared example); a `global`
   * limit has none. The route's budget is not counted.
   */
  planned(route: string, scope: string, planned: PlannedRateLimit): RateLimitRefusal {
    const now = this.#now();
    const budget = this.#budgets.get(route);
    let headers: Record<string, string> = {};
    if (planned.scope === 'user') {
      headers = this.#bucketHeaders(route, budget?.limit, 0, now + planned.retryAfter * 1000, now);
    } else if (planned.scope === 'shared' && budget) {
      const window = this.#windows.get(route)?.get(scope);
      const current = window && now < window.resetAt ? window : { used: 0, resetAt: now + budget.windowMs };
      headers = this.#bucketHeaders(route, budget.limit, budget.limit - current.used, current.resetAt, now);
    } else if (planned.scope === 'shared') {
      headers = this.#bucketHeaders(route, undefined, undefined, undefined, now);
    }
    return new RateLimitRefusal(planned.retryAfter, planned.scope, headers, planned.message, planned.code);
  }

  /** The `X-RateLimit-*` headers of a route's bucket; what is unknown (a route without a budget) is left out. */
  #bucketHeaders(route: string, limit: number | undefined, remaining: number | undefined, resetAt: number | undefined, now: number): Record<string, string> {
    const headers: Record<string, string> = {};
    if (limit !== undefined) headers['X-RateLimit-Limit'] = String(limit);
    if (remaining !== undefined) headers['X-RateLimit-Remaining'] = String(Math.max(0, remaining));
    if (resetAt !== undefined) {
      headers['X-RateLimit-Reset'] = seconds(resetAt);
      headers['X-RateLimit-Reset-After'] = seconds(resetAt - now);
    }
    headers['X-RateLimit-Bucket'] = bucketId(route);
    return headers;
  }

  /**
   * The budgets, and each window still open on the world's clock with what it has used (what the
   * inspector shows): `route` is a route key, or `global`; `scope` the application (or `oauth2 client`).
   */
  describe(): RateLimitsView {
    const now = this.#now();
    const windows: RateLimitsView['windows'] = [];
    for (const [route, scopes] of this.#windows) {
      const budget = route === GLOBAL ? this.#global : this.#budgets.get(route);
      if (!budget) continue;
      for (const [scope, window] of scopes) {
        if (now < window.resetAt) windows.push({ route, scope, used: window.used, limit: budget.limit, resetAt: window.resetAt });
      }
    }
    return { global: this.#global && { ...this.#global }, budgets: [...this.#budgets].map(([route, budget]) => ({ route, ...budget })), windows };
  }

  #window(route: string, scope: string, budget: RateLimitBudget, now: number): Window {
    let scopes = this.#windows.get(route);
    if (!scopes) this.#windows.set(route, (scopes = new Map()));
    let window = scopes.get(scope);
    if (!window || now >= window.resetAt) {
      window = { used: 0, resetAt: now + budget.windowMs };
      scopes.set(scope, window);
    }
    return window;
  }
}
