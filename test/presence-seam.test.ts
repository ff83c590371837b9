// The cheap C++ guards of the presence seam: whatever reaches the native layer directly (bypassing
// the TypeScript checks) gets a JS error, never a crash or a misread value.
import * as path from 'node:path';
import { createRequire } from 'node:module';

import { describe, expect, it } from 'vitest';

import { root } from './sdk.js';
import type { NativeBinding } from '../lib/addon/native.js';

const { loadBinding } = createRequire(import.meta.url)(path.join(root, 'dist', 'addon', 'native.js')) as {
  loadBinding(): NativeBinding;
};
const binding = loadBinding();
type Loose = (...args: unknown[]) => unknown;

describe('presence seam guards', () => {
  const world = new binding.NativeWorld({ major: 1, minor: 10, build: 18369, hash: 'seam' });
  const app = world.createApplication('seam');
  const user = world.createUser({ username: 'seam', provisional: false });
  const Ctor = binding.NativeClient as unknown as new (...a: unknown[]) => { close(): void; cpuAffinityMask(): bigint | null };

  it.each([
    ['a number', 3, TypeError],
    ['a negative bigint', -1n, RangeError],
    ['a bigint above 2^64 - 1', 1n << 64n, RangeError],
  ])('refuses a cpuAffinityMask that is %s', (_name, mask, error) => {
    expect(() => new Ctor(world, 1, app.id, 3, { cpuAffinityMask: mask })).toThrow(error);
  });

  it('refuses options that are not an object', () => {
    expect(() => new Ctor(world, 1, app.id, 3, 5n)).toThrow(TypeError);
  });

  it('reads the mask back from the backend, and null once closed', () => {
    const client = new Ctor(world, 1, app.id, 3, { cpuAffinityMask: (1n << 64n) - 1n });
    expect(client.cpuAffinityMask()).toBe((1n << 64n) - 1n);
    client.close();
    expect(client.cpuAffinityMask()).toBeNull();
  });

  it('refuses a status that is not a StatusType value (setOnlineStatus), with nothing sent', () => {
    const client = new binding.NativeClient(world, 96, app.id, 3);
    const call = (...args: unknown[]) => () => (client.setOnlineStatus as unknown as Loose).apply(client, args);
    expect(call(1, 'idle')).toThrow(TypeError);
    expect(call(1, 8)).toThrow(RangeError);
    expect(call(1, -1)).toThrow(RangeError);
    expect(call(1, 2.5)).toThrow(RangeError);
    client.close();
  });

  it('refuses malformed activities and profiles', () => {
    const client = new binding.NativeClient(world, 97, app.id, 3);
    const call = (...args: unknown[]) => () => (client.updateRichPresence as unknown as Loose).apply(client, args);
    const ok = { type: 0, name: '' };
    expect(call(1)).toThrow(TypeError);
    expect(call(1, 'x')).toThrow(TypeError);
    expect(call(1, { ...ok, type: 6 })).toThrow(RangeError);
    expect(call(1, { ...ok, type: -1 })).toThrow(RangeError);
    expect(call(1, { ...ok, name: 5 })).toThrow(TypeError);
    expect(call(1, { ...ok, details: 5 })).toThrow(TypeError);
    expect(call(1, { ...ok, assets: 'x' })).toThrow(TypeError);
    expect(call(1, { ...ok, timestamps: { start: -1, end: 0 } })).toThrow(RangeError);
    expect(call(1, { ...ok, party: { id: 'p', currentSize: 1, maxSize: 0, privacy: 2 } })).toThrow(RangeError);
    expect(call(1, { ...ok, party: { id: 'p', currentSize: 2 ** 31, maxSize: 0, privacy: 0 } })).toThrow(RangeError);
    expect(call(1, { ...ok, buttons: [{ label: 'a', url: 'b' }, { label: 'a', url: 'b' }, { label: 'a', url: 'b' }] })).toThrow(RangeError);
    expect(call(1, { ...ok, buttons: [5] })).toThrow(TypeError);
    expect(call(1, { ...ok, secrets: { join: 5 } })).toThrow(TypeError);
    expect(() => (client.getUser as unknown as Loose).call(client, 5)).toThrow(TypeError);
    expect(client.getUser(user.id)).toBeNull(); // not ready: knows nobody
    client.close();
    expect(() => client.clearRichPresence()).toThrow(/closed/);

    const loose = (method: keyof typeof world, ...args: unknown[]) => () => (world[method] as unknown as Loose).apply(world, args);
    const profile = { applicationId: app.id, providerType: 2, providerId: null, providerIssuedUserId: '1', username: 'u', avatarHash: '', metadata: '' };
    expect(loose('setApplicationProfiles', user.id, {})).toThrow(TypeError);
    expect(loose('setApplicationProfiles', user.id, [{ ...profile, providerType: 7 }])).toThrow(RangeError);
    expect(loose('setApplicationProfiles', user.id, [{ ...profile, username: 1 }])).toThrow(TypeError);
    expect(loose('setApplicationProfiles', user.id, [profile, profile])).toThrow(/at most one application profile per application/);
    expect(loose('setApplicationProfiles', '1', [profile])).toThrow(/no user/);
    expect(loose('setApplicationInviteCoverImage', '1', 'x')).toThrow(/no application/);
    expect(loose('setApplicationInviteCoverImage', app.id, 5)).toThrow(TypeError);
    expect(world.getUser(user.id)!.applicationProfiles).toEqual([]);
  });
});
