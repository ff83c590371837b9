/**
 * The simulated service's rate limits, on the world's clock: per application and route, fixed
 * windows with the documented development budgets by default (server API reference §1.5: 100
 * per 2 h for the lobby routes, 20 per 2 h for channel linking), and an optional global budget per
 * application. Every limited response carries the `X-RateLimit-*` headers the service sends; a
 * request over budget is a 429 with `Retry-After` and the service's 429 body.
 * @internal
 * @module
 */
import { createHash } from 'node:crypto';

import { DEVELOPMENT_BUDGETS } from '../../routes/table.js';
import { ServiceRefusal } from './errors.js';

/** At most `limit` requests per `windowMs` (world clock). */
export interface RateLimitBudget {
  limit: number;
  windowMs: number;
}

/** The development limits per application (docs resources/lobby.mdx, "Development Rate Limits"), by route key: read from the route table. */
export const DEVELOPMENT_RATE_LIMITS: Readonly<Record<string, RateLimitBudget>> = Object.fromEntries(DEVELOPMENT_BUDGETS);

interface Window {
  used: number;
  resetAt: number;
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

export class ServiceRateLimits {
  readonly #now: () => number;
  readonly #budgets = new Map<string, RateLimitBudget>();
  #global: RateLimitBudget | null = null;
  readonly #windows = new Map<string, Window>();

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
    for (const key of [...this.#windows.keys()]) if (key.startsWith(`${route}|`)) this.#windows.delete(key);
  }

  /** Sets (or with null lifts) the global budget of each application. */
  setGlobal(budget: RateLimitBudget | null): void {
    this.#global = budget;
    for (const key of [...this.#windows.keys()]) if (key.startsWith('global|')) this.#windows.delete(key);
  }

  /**
   * Counts one request of `scope` (an application) on `route`. Returns the headers to send, or
   * throws the 429 refusal when a budget is spent (the request is not counted then).
   */
  take(route: string, scope: string): Record<string, string> {
    const now = this.#now();
    if (this.#global) {
      const window = this.#window(`global|${scope}`, this.#global, now);
      if (window.used >= this.#global.limit) throw this.#limited(window, now, true, {});
    }
    const budget = this.#budgets.get(route);
    let headers: Record<string, string> = {};
    if (budget) {
      const window = this.#window(`${route}|${scope}`, budget, now);
      headers = {
        'X-RateLimit-Limit': String(budget.limit),
        'X-RateLimit-Remaining': String(Math.max(0, budget.limit - window.used - 1)),
        'X-RateLimit-Reset': seconds(window.resetAt),
        'X-RateLimit-Reset-After': seconds(window.resetAt - now),
        'X-RateLimit-Bucket': createHash('sha256').update(route).digest('hex').slice(0, 16),
      };
      if (window.used >= budget.limit) throw this.#limited(window, now, false, { ...headers, 'X-RateLimit-Remaining': '0' });
      window.used += 1;
    }
    if (this.#global) this.#window(`global|${scope}`, this.#global, now).used += 1;
    return headers;
  }

  #window(key: string, budget: RateLimitBudget, now: number): Window {
    let window = this.#windows.get(key);
    if (!window || now >= window.resetAt) {
      window = { used: 0, resetAt: now + budget.windowMs };
      this.#windows.set(key, window);
    }
    return window;
  }

  #limited(window: Window, now: number, global: boolean, headers: Record<string, string>): ServiceRefusal {
    const retryAfter = (window.resetAt - now) / 1000;
    return new ServiceRefusal(
      429,
      0,
      global ? 'You are being rate limited (global).' : 'You are being rate limited.',
      undefined,
      {
        ...headers,
        'Retry-After': String(Math.ceil(retryAfter)),
        'X-RateLimit-Scope': global ? 'global' : 'user',
        ...(global ? { 'X-RateLimit-Global': 'true' } : {}),
      },
      { retry_after: Number(retryAfter.toFixed(3)), global },
    );
  }
}
