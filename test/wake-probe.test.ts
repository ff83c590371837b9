// The bench's bare ThreadSafeFunction wake (native/napi/wake_probe.cc): the baseline `npm run
// bench` states idle latency against. It must call back once per trigger, refuse bad input and
// use after close, and join its thread on close.
import { describe, expect, it } from 'vitest';

import { loadBinding } from '../dist/addon/native.js';

describe('the wake probe (bench baseline)', () => {
  it('calls the function once per trigger, from its own thread through a ThreadSafeFunction', async () => {
    let calls = 0;
    let arrived: (() => void) | undefined;
    const probe = new (loadBinding().WakeProbe)(() => {
      calls += 1;
      arrived?.();
    });
    for (let i = 1; i <= 3; i++) {
      const got = new Promise<void>((resolve) => (arrived = resolve));
      probe.trigger();
      await got;
      expect(calls).toBe(i);
    }
    probe.close();
    expect(() => probe.trigger()).toThrow(/closed/);
    probe.close(); // twice is harmless
  });

  it('refuses a callback that is not a function', () => {
    const WakeProbe = loadBinding().WakeProbe as unknown as new (callback: unknown) => unknown;
    expect(() => new WakeProbe(42)).toThrow(TypeError);
  });
});
