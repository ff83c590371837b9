// A game server's view of the simulated HTTP service in tests: a plain fetch-based caller (any
// HTTP client would do), with the service and the simulator it serves.
import { afterEach } from 'vitest';

import { sdk, type SimulatedService } from './sdk.js';

type Simulator = InstanceType<typeof sdk.Simulator>;

const services: SimulatedService[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.close()));
});

export interface Answer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or undefined when there was none. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- test convenience: JSON of many shapes
}

export interface Caller {
  (method: string, path: string, options?: { body?: unknown; token?: string; bearer?: string; raw?: string; headers?: Record<string, string> }): Promise<Answer>;
}

/** Listens with `sim` and returns a caller that authenticates as the default application's bot unless told otherwise. */
export async function serve(sim: Simulator, options: Parameters<Simulator['listen']>[0] = {}): Promise<{ service: SimulatedService; botToken: string; call: Caller }> {
  const service = await sim.listen(options);
  services.push(service);
  const botToken = service.issueBotToken();
  const call: Caller = async (method, path, { body, token, bearer, raw, headers = {} } = {}) => {
    const authorization = bearer !== undefined ? `Bearer ${bearer}` : `Bot ${token ?? botToken}`;
    const init: RequestInit = { method, headers: { authorization, ...headers } };
    if (raw !== undefined) init.body = raw;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] = 'application/json';
    }
    const response = await fetch(`${service.apiBase}${path}`, init);
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text) };
  };
  return { service, botToken, call };
}
