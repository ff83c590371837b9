import { describe, expect, it } from 'vitest';

import { sdk } from './sdk.js';

const { toSnowflake, Simulator } = sdk;

describe('snowflake IDs: decimal strings out, string | bigint in, exact for all 64 bits', () => {
  const exact: [string, string | bigint, string][] = [
    ['0', '0', '0'],
    ['0 as bigint', 0n, '0'],
    ['2^53 + 1 (beyond JS numbers)', '9007199254740993', '9007199254740993'],
    ['2^53 + 1 as bigint', 2n ** 53n + 1n, '9007199254740993'],
    ['2^64 - 1', '18446744073709551615', '18446744073709551615'],
    ['2^64 - 1 as bigint', 2n ** 64n - 1n, '18446744073709551615'],
    ['leading zeros are normalised', '00042', '42'],
    ['a leading zero alone before a digit', '07', '7'],
    ['19 digits, the longest that cannot exceed 2^64 - 1', '9999999999999999999', '9999999999999999999'],
    ['20 digits below 2^64', '10000000000000000000', '10000000000000000000'],
  ];
  it.each(exact)('accepts %s', (_name, input, canonical) => {
    expect(toSnowflake(input)).toBe(canonical);
  });

  const rejected: [string, string | bigint][] = [
    ['negative string', '-1'],
    ['negative bigint', -1n],
    ['fractional', '1.5'],
    ['2^64', '18446744073709551616'],
    ['2^64 as bigint', 2n ** 64n],
    ['non-numeric', 'alice'],
    ['empty', ''],
    ['whitespace', ' 1'],
    ['exponent', '1e3'],
    ['hex', '0x10'],
    ['21 digits', '100000000000000000000'],
  ];
  it.each(rejected)('rejects %s with a RangeError', (_name, input) => {
    expect(() => toSnowflake(input, 'userId')).toThrow(RangeError);
    expect(() => toSnowflake(input, 'userId')).toThrow(/userId/);
  });

  it('takes a parameter path as the name, and refuses anything else without echoing it, every time', () => {
    expect(toSnowflake('1', 'members[2].user')).toBe('1');
    expect(toSnowflake('2', 'members[2].user')).toBe('2');
    const token = 'mfa.s3cr3t-t0k3n';
    for (let i = 0; i < 2; i++) {
      expect(() => toSnowflake('1', token)).toThrow(RangeError);
      expect(() => toSnowflake('1', token)).toThrow(/name must be a parameter path/);
      expect(() => toSnowflake('1', token)).not.toThrow(/s3cr3t/);
    }
  });

  it('rejects a JS number with a TypeError that says why', () => {
    expect(() => toSnowflake(42 as unknown as string)).toThrow(TypeError);
    expect(() => toSnowflake(42 as unknown as string)).toThrow(/number cannot hold every 64-bit ID/);
  });

  it.each([
    ['2^53 + 1', 2n ** 53n + 1n, '9007199254740993'],
    ['2^64 - 1', 2n ** 64n - 1n, '18446744073709551615'],
    // The native layer writes digits two at a time: each count of digits, odd and even, and the
    // pairs' edges.
    ['1', 1n, '1'],
    ['9', 9n, '9'],
    ['10', 10n, '10'],
    ['99', 99n, '99'],
    ['100', 100n, '100'],
    ['1009', 1009n, '1009'],
    ['10^19', 10n ** 19n, '10000000000000000000'],
    ['10^19 - 1', 10n ** 19n - 1n, '9999999999999999999'],
  ])('round-trips %s through the native layer and the simulator exactly', async (_name, id, text) => {
    const sim = new Simulator();
    const app = sim.createApplication({ name: 'ids' });
    const user = sim.createUser({ id, username: 'edge' });
    expect(user.id).toBe(text);
    expect(sim.getUser(text)?.id).toBe(text);
    const client = await sim.connectClient(user, { application: app });
    try {
      expect(client.currentUser?.id).toBe(text);
    } finally {
      await client.close();
    }
  });

  it('keeps an application id of 0 and of 2^64 - 1 exact', async () => {
    const sim = new Simulator();
    for (const id of [0n, 2n ** 64n - 1n]) {
      const client = sim.createClient({ applicationId: id });
      expect(client.applicationId).toBe(id.toString());
      await client.close();
    }
  });

  it('refuses the reserved user id 0 and duplicates with a RangeError, creating nothing', () => {
    const sim = new Simulator();
    expect(() => sim.createUser({ id: 0n, username: 'zero' })).toThrow(RangeError);
    sim.createUser({ id: '5', username: 'five' });
    expect(() => sim.createUser({ id: 5n, username: 'again' })).toThrow(/already exists/);
    expect(sim.getUser('5')?.username).toBe('five');
    expect(sim.getUser('0')).toBeNull();
  });

  it('mints time-ordered snowflakes above 2^53 for new objects', () => {
    const sim = new Simulator();
    const a = BigInt(sim.createUser({ username: 'a' }).id);
    const b = BigInt(sim.createUser({ username: 'b' }).id);
    expect(a).toBeGreaterThan(2n ** 53n);
    expect(b).toBeGreaterThan(a);
    // The top 42 bits are milliseconds since the service epoch (2015-01-01).
    const ms = Number(a >> 22n) + 1420070400000;
    expect(Math.abs(ms - sim.now())).toBeLessThan(1000);
  });
});
