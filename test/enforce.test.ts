// Creating a client checks the SDK version of its backend against the support policy.
import { afterEach, describe, expect, it } from 'vitest';

import { runFixture, world } from './helpers.js';
import { sdk, type Client } from './sdk.js';

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

describe('a client on an end-of-life SDK', () => {
  it('is refused with a SocialSdkError that says what to upgrade to', () => {
    const sim = new sdk.Simulator({ sdkVersion: '1.5.11353' });
    let error: unknown;
    try {
      open.push(sim.createClient());
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(sdk.SocialSdkError);
    expect(error).toMatchObject({
      type: 'UnsupportedSdk',
      message:
        'SDK 1.5.11353 is end-of-life: 1.5 and earlier get no patches. Upgrade to a supported release (1.6 through 1.10), preferably 1.10.18369 or later. To run on it anyway, pass allowUnsupportedSdk: true.',
    });
  });

  it('makes connectClient reject, not throw', async () => {
    const { sim, user } = world({ sdkVersion: '1.4.9000' });
    const pending = sim.connectClient(user);
    await expect(pending).rejects.toMatchObject({ name: 'SocialSdkError', type: 'UnsupportedSdk' });
  });

  it('runs when the caller opts in', async () => {
    const { sim, user } = world({ sdkVersion: '1.5.11353' });
    const client = await sim.connectClient(user, { allowUnsupportedSdk: true });
    open.push(client);
    expect(client.status).toBe('ready');
    expect(client.sdkVersion).toBe('1.5.11353');
  });

  it.each([['yes'], [1], [{}]])('refuses allowUnsupportedSdk: %j with a TypeError', (value) => {
    const sim = new sdk.Simulator();
    expect(() => sim.createClient({ allowUnsupportedSdk: value as unknown as boolean })).toThrow(
      new TypeError(`allowUnsupportedSdk must be a boolean, got ${typeof value}`),
    );
  });
});

describe('support warnings', () => {
  it('are emitted once per process per finding, with stable codes, and never for the default SDK', async () => {
    const result = await runFixture('support-warnings.cjs');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as {
      warnings: { code: string; message: string }[];
      refused: { version: string; name: string; type: string }[];
      clients: number;
    };
    expect(report.warnings.map((w) => w.code)).toEqual([
      'SDK_BOOL_MARSHALING_FIX_MISSING',
      'SDK_BOOL_MARSHALING_FIX_MISSING',
      'SDK_NEWER_THAN_TABLE',
      'SDK_END_OF_LIFE',
    ]);
    expect(report.warnings.map((w) => w.message)).toEqual([
      expect.stringContaining('SDK 1.10.18247 predates hotfix 1.10.18369'),
      expect.stringContaining('SDK 1.9.18336 predates hotfix 1.9.18337'),
      expect.stringContaining('SDK 1.11.0 is newer than'),
      expect.stringContaining('SDK 1.5.11353 is end-of-life'),
    ]);
    expect(report.refused).toEqual([{ version: '1.5.11353', name: 'SocialSdkError', type: 'UnsupportedSdk' }]);
    expect(report.clients).toBe(10);
    // Node prints each warning once, with its code.
    expect(result.stderr.match(/\[SDK_END_OF_LIFE\] SocialSdkWarning: /g)).toHaveLength(1);
    expect(result.stderr.match(/SocialSdkWarning/g)).toHaveLength(4);
  });
});
