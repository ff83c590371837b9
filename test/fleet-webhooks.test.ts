// Issue 39, "Done when": a webhook event delivered twice to two receiver instances sharing a Redis
// store is handled once. Two receivers (createWebhookEventHandler, each with its own Redis client
// and a RedisWebhookDedupStore on one prefix) behind a round-robin front; the front loses the
// first answer to an event (the service sees a 503), so the simulated service retries it —
// "Discord will retry sending it several times using exponential backoff for up to 10 minutes"
// (discord-api-docs, developers/events/webhook-events.mdx) — and the retry, signed anew, reaches
// the other receiver. The same run without the store shows the event handled twice.
import * as http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';

import { createClient } from 'redis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { until } from './helpers.js';
import { haveRedisServer, RedisServer } from './redis-server.js';
import { root, sdk } from './sdk.js';
import { closeAll, linked, RestClient, services, type WebhookEvent } from './webhook-helpers.js';

const webhooks = createRequire(import.meta.url)(path.join(root, 'dist', 'webhooks', 'index.js')) as typeof import('../lib/webhooks/index.js');
type RedisClient = { quit(): Promise<unknown> };

const redisClients: RedisClient[] = [];
const servers: http.Server[] = [];
afterEach(async () => {
  await closeAll();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  await Promise.all(redisClients.splice(0).map((client) => client.quit()));
});

async function listen(listener: http.RequestListener): Promise<string> {
  const server = http.createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;
}

describe.skipIf(!haveRedisServer)('webhook events once across a fleet of receivers (skipped: no redis-server; .ci/run installs it)', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await RedisServer.start();
  });
  afterAll(async () => {
    await redis?.close();
  });

  /** Two receivers behind a front that loses its next answer when told; what each handled and what the store said. */
  async function fleet(sim: InstanceType<typeof sdk.Simulator>, publicKey: string, shared: boolean, keyPrefix: string) {
    const handled: { receiver: number; event: WebhookEvent }[] = [];
    const claims: { receiver: number; claimed: boolean }[] = [];
    const receivers: string[] = [];
    for (let receiver = 0; receiver < 2; receiver++) {
      let dedupStore: import('../lib/webhooks/index.js').WebhookDedupStore | null = null;
      if (shared) {
        const client = await createClient({ url: redis.url }).on('error', () => {}).connect();
        redisClients.push(client);
        const store = new webhooks.RedisWebhookDedupStore({ client, keyPrefix });
        // Records the store's answers, so the test knows when a repeat was turned away. They are
        // recorded in the order Redis answers, which need not be the order of the deliveries.
        dedupStore = {
          claim: async (key, ttlMs) => {
            const claimed = await store.claim(key, ttlMs);
            claims.push({ receiver, claimed });
            return claimed;
          },
        };
      }
      const handler = webhooks.createWebhookEventHandler({ publicKey, now: () => sim.now(), dedupStore, onEvent: (event) => void handled.push({ receiver, event }) });
      receivers.push(await listen((request, response) => void handler(request, response)));
    }
    const front = { next: 0, loseNextAnswer: false };
    const url = await listen(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const target = receivers[front.next++ % receivers.length]!;
      const answer = await fetch(target, { method: 'POST', headers: request.headers as Record<string, string>, body: Buffer.concat(chunks) });
      await answer.arrayBuffer();
      const lost = front.loseNextAnswer;
      front.loseNextAnswer = false;
      response.writeHead(lost ? 503 : answer.status).end();
    });
    return { url, handled, claims, front };
  }

  for (const shared of [true, false]) {
    it(shared ? 'a retry reaching the other receiver is acknowledged and not handled again (shared Redis store)' : 'without a shared store the same retry is handled twice (what the store prevents)', async () => {
      const sim = new sdk.Simulator();
      const service = await sim.listen({ rateLimits: 'off' });
      services.push(service);
      const { url, handled, claims, front } = await fleet(sim, service.webhookPublicKey(), shared, `{webhooks-${shared}}:`);
      await service.setWebhookEventsUrl(url); // its PING goes to one receiver
      const rest = new RestClient({ token: service.issueBotToken(), clientId: sim.defaultApplication.id, clientSecret: service.clientSecret(), baseUrl: service.apiBase, retries: 0 });
      front.loseNextAnswer = true;
      await linked(sim, rest, sim.createUser({ username: 'ada' })); // APPLICATION_AUTHORIZED
      await service.webhooksIdle();
      expect(service.webhookDeliveries().at(-1)).toMatchObject({ eventType: 'APPLICATION_AUTHORIZED', status: 'pending', attempts: 1, lastStatus: 503 });
      sim.advance(1000); // the first retry
      await service.webhooksIdle();
      expect(service.webhookDeliveries().at(-1)).toMatchObject({ status: 'delivered', attempts: 2, lastStatus: 204 });

      if (shared) {
        await until(() => claims.length === 2, 'both receivers to ask the store');
        // One receiver won the claim and the other was turned away; each asked once.
        expect(claims.map(({ claimed }) => claimed).sort()).toEqual([false, true]);
        expect(claims.map(({ receiver }) => receiver).sort()).toEqual([0, 1]);
        await new Promise((resolve) => setImmediate(resolve));
        // Handled once, by the receiver whose claim won.
        const winner = claims.find(({ claimed }) => claimed)!.receiver;
        expect(handled.map(({ receiver, event }) => [receiver, event.type])).toEqual([[winner, 'APPLICATION_AUTHORIZED']]);
      } else {
        await until(() => handled.length === 2, 'both receivers to handle it');
        // Once by each receiver.
        expect(handled.map(({ receiver }) => receiver).sort()).toEqual([0, 1]);
        expect(handled.map(({ event }) => event.type)).toEqual(['APPLICATION_AUTHORIZED', 'APPLICATION_AUTHORIZED']);
      }
    });
  }
});
