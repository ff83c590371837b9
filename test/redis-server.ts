// The fleet tests' Redis: a real redis-server on a free loopback port, started and stopped by the
// test (test/fixtures/redis-server.cjs, shared with bench/fleet.cjs). No mock of Redis.
import { createRequire } from 'node:module';

import { fixturePath } from './helpers.js';

/** One redis-server; `stop()` then `start()` again keeps its port (an outage and a return). */
export interface RedisServer {
  readonly port: number;
  /** `redis://127.0.0.1:<port>`. */
  readonly url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  close(): Promise<void>;
}

const fixture = createRequire(import.meta.url)(fixturePath('redis-server.cjs')) as {
  RedisServer: { start(): Promise<RedisServer> };
  REDIS_SERVER: string;
  haveRedisServer: boolean;
};

export const RedisServer = fixture.RedisServer;
export const REDIS_SERVER = fixture.REDIS_SERVER;
/** Whether redis-server is installed (the fleet tests are skipped, saying so, when not). */
export const haveRedisServer = fixture.haveRedisServer;
