// Issue 16 item 8: events() iterators end at close even when a 'closed' listener throws, and
// events() refuses names that are not client events.
import { afterEach, describe, expect, it } from 'vitest';

import { runFixture } from './helpers.js';
import { sdk, type Client } from './sdk.js';

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

async function ready(): Promise<{ sim: InstanceType<typeof sdk.Simulator>; client: Client }> {
  const sim = new sdk.Simulator();
  const client = await sim.connectClient(sim.createUser({ username: 'iterating' }));
  open.push(client);
  return { sim, client };
}

/** Drains an iterator; 'hung' when it does not end within `ms`. */
async function drain<T>(iterator: AsyncIterable<T>, ms = 2000): Promise<T[] | 'hung'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), ms)));
  const values = (async () => {
    const out: T[] = [];
    for await (const value of iterator) out.push(value);
    return out;
  })();
  try {
    return await Promise.race([values, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe('events() at close', () => {
  it('a throwing closed listener does not stop the other listeners or the iterators; its throw is still reported', async () => {
    const result = await runFixture('events-close.cjs');
    expect(result.code, result.stderr).toBe(0);
    const seen = JSON.parse(result.stdout.trim()) as {
      results: Record<string, unknown>;
      calls: number;
      uncaught: string[];
      closedListeners: number;
    };
    expect(seen.results).toEqual({
      // Events buffered before the close are still handed out, then the iteration ends.
      'before:messageCreated': ['buffered before close'],
      'after:messageCreated': ['buffered before close'],
      'after:statusChanged': [],
      'after:log': [],
      'after:lobbyCreated': [expect.stringMatching(/^[0-9]+$/)],
      'after:closed': [null],
    });
    // The listener after the two throwing ones ran, exactly once.
    expect(seen.calls).toBe(1);
    // Both throws surfaced (as uncaught exceptions, like any listener throw in the pump), in order.
    expect(seen.uncaught).toEqual(['first closed listener failed', 'second closed listener failed']);
    // The once() listener was removed; the iterators took theirs away.
    expect(seen.closedListeners).toBe(2);
  });

  it('every iterator ends when close() resolves, whether created before or during the close', async () => {
    const { client } = await ready();
    const early = client.events('messageCreated');
    const closing = client.close();
    const during = client.events('lobbyUpdated');
    await closing;
    expect(await drain(early)).toEqual([]);
    expect(await drain(during)).toEqual([]);
  });

  it('on a closed client an iterator ends at once and leaves no listener behind', async () => {
    const { client } = await ready();
    await client.close();
    const before = client.listenerCount('messageCreated') + client.listenerCount('closed');
    const iterator = client.events('messageCreated');
    expect(client.listenerCount('messageCreated') + client.listenerCount('closed')).toBe(before);
    expect(await drain(iterator)).toEqual([]);
  });
});

describe('events() names and options', () => {
  it('accepts every client event name', async () => {
    const { client } = await ready();
    const names = [
      'statusChanged', 'log', 'lobbyCreated', 'lobbyDeleted', 'lobbyUpdated', 'lobbyMemberAdded', 'lobbyMemberRemoved',
      'lobbyMemberUpdated', 'messageCreated', 'messageUpdated', 'messageDeleted', 'userUpdated', 'closed',
      'callStatusChanged', 'voiceParticipantChanged', 'voiceStateChanged', 'voiceSettingsUpdated',
    ] as const;
    const iterators = names.map((name) => client.events(name));
    await client.close();
    for (const iterator of iterators) expect(await drain(iterator)).not.toBe('hung');
  });

  it('refuses an unknown name with a RangeError naming it and listing the events, and adds no listener', async () => {
    const { client } = await ready();
    const listeners = () => client.eventNames().reduce((n, name) => n + client.listenerCount(name), 0);
    const before = listeners();
    expect(() => client.events('statusChange' as 'statusChanged')).toThrow(
      new RangeError(
        "events(name): 'statusChange' is not a client event; the events are statusChanged, log, closed, lobbyCreated, lobbyDeleted, lobbyUpdated, lobbyMemberAdded, lobbyMemberRemoved, lobbyMemberUpdated, messageCreated, messageUpdated, messageDeleted, userUpdated, richPresenceFailed, callStatusChanged, voiceParticipantChanged, lobbyVoiceParticipantChanged, voiceStateChanged, voiceSettingsUpdated, audioDevicesChanged, speakingChanged, noAudioInput, relationshipCreated, relationshipDeleted, relationshipGroupsUpdated, tokenExpiring, authorizeRequest, authorizeDeviceScreenClosed, activityInviteCreated, activityInviteUpdated, activityJoin, activityJoinWithApplication, signedOut, tokenRefreshed, tokenSaveFailed",
      ),
    );
    // 'error' has a special meaning to EventEmitter iterators, and is not a client event.
    expect(() => client.events('error' as 'log')).toThrow(/^events\(name\): 'error' is not a client event/);
    expect(listeners()).toBe(before);
  });

  it('refuses a name that is not a string with a TypeError', async () => {
    const { client } = await ready();
    expect(() => client.events(Symbol('log') as unknown as 'log')).toThrow(TypeError);
    expect(() => client.events(Symbol('log') as unknown as 'log')).toThrow(/name must be a string naming a client event .*, got symbol$/);
    expect(() => client.events(undefined as unknown as 'log')).toThrow(/got undefined$/);
  });

  it('does not echo a name that may be a token', async () => {
    const { sim, client } = await ready();
    const token = sim.issueToken(sim.createUser({ username: 'victim' }), sim.defaultApplication).accessToken;
    let message = '';
    try {
      client.events(token as 'log');
    } catch (error) {
      expect(error).toBeInstanceOf(RangeError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/^events\(name\): a string of \d+ characters is not a client event/);
    expect(message).not.toContain(token);
  });

  it('refuses null or non-object options, and a signal that is not an AbortSignal', async () => {
    const { client } = await ready();
    expect(() => client.events('log', null as unknown as object)).toThrow(new TypeError('options must be an object or undefined, got null'));
    expect(() => client.events('log', 'signal' as unknown as object)).toThrow(new TypeError('options must be an object or undefined, got string'));
    expect(() => client.events('log', { signal: {} as AbortSignal })).toThrow(new TypeError('options.signal must be an AbortSignal, got object'));
  });

  it('still ends with an AbortError when its signal aborts', async () => {
    const { client } = await ready();
    const controller = new AbortController();
    const iterator = client.events('log', { signal: controller.signal });
    const next = iterator.next();
    controller.abort();
    await expect(next).rejects.toMatchObject({ name: 'AbortError' });
  });
});
