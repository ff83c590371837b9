// The replies of synchronous calls over the remote link (issue 35; lib/remote/reply-slot.ts): one
// that fits the shared reply slot (64 KiB) and one larger, which goes through the link thread's
// port, arrive whole and in the order of the calls. The served world is the CLI's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sdk, type Simulator } from './sdk.js';
import { serveCli, type ServedCli } from './remote-helpers.js';
import { REPLY_SLOT_BYTES } from '../dist/remote/reply-slot.js';

let cli: ServedCli | undefined;
let sim: Simulator;
beforeAll(async () => {
  cli = await serveCli(['--clock', 'manual', '--rate-limits', 'off']);
  sim = new sdk.Simulator({ url: cli.harnessUrl });
});
afterAll(async () => {
  await cli?.stop();
});

describe('synchronous replies over the remote link', () => {
  it('carries a reply larger than the reply slot whole, and small ones before and after it', () => {
    const first = sim.createUser({ username: 'first' });
    expect(sim.getUser(first.id)?.username).toBe('first');
    // Enough users that the world's snapshot is several times the slot.
    const names: string[] = [];
    for (let i = 0; names.length * 40 < 3 * REPLY_SLOT_BYTES; i++) names.push(sim.createUser({ username: `u${i}`, globalName: `player ${i} ${'x'.repeat(16)}` }).username);
    const snapshot = sim.snapshot();
    expect(JSON.stringify(snapshot).length).toBeGreaterThan(2 * REPLY_SLOT_BYTES);
    const seen = new Set(snapshot.users?.map((user) => user.username));
    for (const name of names) expect(seen.has(name)).toBe(true);
    // A small reply after the large one is its own, not a late copy of another.
    const last = sim.createUser({ username: 'last' });
    expect(sim.getUser(last.id)?.username).toBe('last');
    expect(sim.getUser(first.id)?.username).toBe('first');
  });
});
