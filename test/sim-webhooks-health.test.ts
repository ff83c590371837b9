// The simulated service's health checks of a webhook events URL (spec "Webhook events"): routine
// invalid-signature probes, and a receiver that fails too often. The events themselves are in
// sim-webhooks.test.ts.
import { afterEach, describe, expect, it } from 'vitest';

import type { SimulatedService } from './sdk.js';
import { closeAll, delivered, linked, setup, type Simulator } from './webhook-helpers.js';

afterEach(closeAll);

// Routine checks after the URL is saved (webhook-events.mdx, "Validating Security Request
// Headers": "Discord will also perform automated, routine security checks against your endpoint,
// including purposefully sending you invalid signatures. If you fail the validation, we will
// remove your Webhook Events URL and alert you via email and System DM."). How often is not
// documented: our choice is one probe per hour of the simulator's clock, a PING body with a bad
// signature; "failing" it is answering 2xx (any other answer, or none, keeps the URL).
const PROBE_INTERVAL_MS = 60 * 60 * 1000;

describe('routine invalid-signature probes', () => {
  it('reach the URL every hour of the simulator clock and are refused by our verifier; the URL stays', async () => {
    const { sim, service, server } = await setup();
    expect(service.webhookEventsStatus()).toBe('ENABLED');
    sim.advance(PROBE_INTERVAL_MS - 1);
    await delivered(service);
    expect(server.answers).toEqual([204, 401]);
    sim.advance(1);
    await delivered(service);
    expect(server.answers).toEqual([204, 401, 401]);
    expect(server.refusals).toEqual(['invalid request signature', 'invalid request signature']);
    sim.advance(PROBE_INTERVAL_MS);
    await delivered(service);
    expect(server.answers).toEqual([204, 401, 401, 401]);
    expect(server.events).toEqual([]);
    expect(service.webhookEventsUrl()).toBe(server.url);
    expect(service.webhookEventsStatus()).toBe('ENABLED');
    expect(service.webhookAlerts()).toEqual([]);
    // Probes are not events: the delivery log has none.
    expect(service.webhookDeliveries()).toEqual([]);
    // Another application has no URL; bad input is refused with nothing changed.
    const other = sim.createApplication({ name: 'Other' });
    expect(service.webhookEventsStatus(other)).toBe('DISABLED');
    expect(service.webhookAlerts(other)).toEqual([]);
    expect(() => service.webhookEventsStatus('12345')).toThrow(new RangeError('no application with id 12345'));
    expect(() => service.webhookAlerts('x' as never)).toThrow(RangeError);
    const { webhookEventsStatus } = service;
    expect(() => webhookEventsStatus.call({})).toThrow(new TypeError('SimulatedService.prototype.webhookEventsStatus was called on an object that is not a SimulatedService'));
  });

  it('remove the URL of a receiver that accepts one: pending retries fail, later events are not kept, the owner is alerted; saving it again restores delivery', async () => {
    const { sim, service, server, rest } = await setup();
    // An event whose first attempt fails half a second before the probe: its retry is due after it.
    sim.advance(PROBE_INTERVAL_MS - 500);
    server.state.failNext = 1;
    const ada = sim.createUser({ username: 'ada' });
    await linked(sim, rest, ada);
    await delivered(service);
    expect(service.webhookDeliveries()[0]).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: sim.now() + 1000 });
    server.state.careless = true;
    const probedAt = sim.advance(500);
    await delivered(service);
    expect(server.answers).toEqual([204, 401, 503, 204]);
    sim.advance(500);
    await delivered(service);
    expect(service.webhookEventsUrl()).toBeNull();
    expect(service.webhookEventsStatus()).toBe('DISABLED_BY_DISCORD');
    expect(service.webhookAlerts()).toEqual([
      { applicationId: sim.defaultApplication.id, at: probedAt, url: server.url, reason: 'INVALID_SIGNATURE_ACCEPTED', via: ['email', 'system DM'] },
    ]);
    expect(service.webhookDeliveries()).toEqual([
      expect.objectContaining({ eventType: 'APPLICATION_AUTHORIZED', status: 'failed', attempts: 1, lastError: 'the events URL was removed: it accepted a request with an invalid signature' }),
    ]);
    // Nothing more is sent or kept: not the retry, not later events, not probes.
    sim.removeApplicationForUser(ada, sim.defaultApplication);
    sim.advance(PROBE_INTERVAL_MS);
    await delivered(service);
    expect(server.answers).toHaveLength(4);
    expect(service.webhookDeliveries()).toHaveLength(1);

    server.state.careless = false;
    await service.setWebhookEventsUrl(server.url);
    expect(service.webhookEventsStatus()).toBe('ENABLED');
    const bo = sim.createUser({ username: 'bo' });
    await linked(sim, rest, bo);
    await delivered(service);
    expect(server.events.map((event) => event.type)).toEqual(['APPLICATION_AUTHORIZED']);
  });
});

// "If your app fails to respond too often, Discord will stop sending you webhook events and notify
// you via email." (webhook-events.mdx, "Responding to Events"). The docs give no number: our choice
// is 10 events in a row that failed for good (each unanswered through its whole 10-minute retry
// window) with none acknowledged between; the URL is kept, its status is DISABLED_BY_DISCORD
// (application.mdx, "Application Event Webhook Status": 3, "disabled by Discord"), and saving it
// again enables it.
const FAILED_EVENTS_BEFORE_DISABLING = 10;

describe('a receiver that fails too often', () => {
  /** APPLICATION_DEAUTHORIZED events, one per new user. */
  function deauthorize(sim: Simulator, count: number): void {
    for (let i = 0; i < count; i++) {
      const user = sim.createUser({ username: `player${i}` });
      sim.issueToken(user, sim.defaultApplication);
      sim.removeApplicationForUser(user, sim.defaultApplication);
    }
  }

  /** Advances the clock to each next retry until no delivery is pending. */
  async function exhaustRetries(sim: Simulator, service: SimulatedService): Promise<void> {
    await delivered(service);
    for (let guard = 0; guard < 100; guard++) {
      const due = service.webhookDeliveries().flatMap((entry) => (entry.nextAttemptAt === null ? [] : [entry.nextAttemptAt]));
      if (due.length === 0) return;
      sim.advance(Math.max(0, Math.min(...due) - sim.now()));
      await delivered(service);
    }
    throw new Error('deliveries still pending');
  }

  it('stops getting events after 10 events in a row failed for good; an acknowledged one starts the count again; saving the URL again resumes', async () => {
    const { sim, service, server } = await setup();
    server.state.failNext = Number.MAX_SAFE_INTEGER;
    deauthorize(sim, FAILED_EVENTS_BEFORE_DISABLING - 1);
    await exhaustRetries(sim, service);
    expect(service.webhookDeliveries().map((entry) => entry.status)).toEqual(Array(9).fill('failed'));
    expect(service.webhookEventsStatus()).toBe('ENABLED');
    // One acknowledged event: the next 9 failures are not "in a row" with the first 9.
    server.state.failNext = 0;
    deauthorize(sim, 1);
    await delivered(service);
    server.state.failNext = Number.MAX_SAFE_INTEGER;
    deauthorize(sim, FAILED_EVENTS_BEFORE_DISABLING - 1);
    await exhaustRetries(sim, service);
    expect(service.webhookEventsStatus()).toBe('ENABLED');
    expect(service.webhookAlerts()).toEqual([]);

    deauthorize(sim, 1);
    await exhaustRetries(sim, service);
    const log = service.webhookDeliveries();
    expect(log.map((entry) => entry.status)).toEqual([...Array(9).fill('failed'), 'delivered', ...Array(10).fill('failed')]);
    expect(service.webhookEventsStatus()).toBe('DISABLED_BY_DISCORD');
    expect(service.webhookEventsUrl()).toBe(server.url);
    expect(service.webhookAlerts()).toEqual([
      { applicationId: sim.defaultApplication.id, at: sim.now(), url: server.url, reason: 'TOO_MANY_FAILURES', via: ['email'] },
    ]);
    // Stopped: later events are not kept, and no probe is sent.
    const answered = server.answers.length;
    deauthorize(sim, 1);
    sim.advance(PROBE_INTERVAL_MS);
    await delivered(service);
    expect(service.webhookDeliveries()).toHaveLength(log.length);
    expect(server.answers).toHaveLength(answered);

    server.state.failNext = 0;
    await service.setWebhookEventsUrl(server.url);
    expect(service.webhookEventsStatus()).toBe('ENABLED');
    deauthorize(sim, 1);
    await delivered(service);
    expect(service.webhookDeliveries().at(-1)).toMatchObject({ eventType: 'APPLICATION_DEAUTHORIZED', status: 'delivered' });
  });

  it('a disabled URL keeps its pending retries from going on: they end failed', async () => {
    const { sim, service, server } = await setup();
    server.state.failNext = Number.MAX_SAFE_INTEGER;
    deauthorize(sim, FAILED_EVENTS_BEFORE_DISABLING);
    await delivered(service);
    // An eleventh event, queued a second later, is still retrying when the tenth fails for good.
    sim.advance(1000);
    deauthorize(sim, 1);
    await exhaustRetries(sim, service);
    const log = service.webhookDeliveries();
    expect(log).toHaveLength(11);
    expect(log.at(-1)).toMatchObject({ status: 'failed', nextAttemptAt: null, lastError: 'webhook events were disabled: too many failed deliveries' });
    expect(log.at(-1)!.attempts).toBeLessThan(log[0]!.attempts);
    expect(service.webhookEventsStatus()).toBe('DISABLED_BY_DISCORD');
  });
});
