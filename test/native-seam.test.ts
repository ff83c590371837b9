// Whatever reaches the native layer directly (bypassing the TypeScript checks) gets a JS error,
// never a crash: the cheap C++ guards of the seam.
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import { describe, expect, it } from 'vitest';

import { root } from './sdk.js';
import type { NativeBinding } from '../lib/addon/native.js';

const { loadBinding } = createRequire(import.meta.url)(path.join(root, 'dist', 'addon', 'native.js')) as {
  loadBinding(): NativeBinding;
};
const binding = loadBinding();
const version = { major: 1, minor: 10, build: 18369, hash: 'seam' };

type Loose = (...args: unknown[]) => unknown;

describe('native seam guards', () => {
  const world = new binding.NativeWorld(version);
  const app = world.createApplication('seam');
  const user = world.createUser({ username: 'seam', provisional: false });

  it.each([
    ['no version', []],
    ['a number as version', [1]],
    ['a version with a string major', [{ ...version, major: '1' }]],
    ['a version without hash', [{ major: 1, minor: 2, build: 3 }]],
  ])('refuses to build a world from %s', (_name, args) => {
    expect(() => new (binding.NativeWorld as unknown as new (...a: unknown[]) => unknown)(...args)).toThrow(TypeError);
  });

  it.each([
    ['no arguments', []],
    ['a plain object as backend', [{}, 1, '0', 3]],
    ['a client-shaped object as backend', [{ now: () => 0 }, 1, '0', 3]],
    ['a negative client id', [world, -1, '0', 3]],
    ['a number as application id', [world, 1, 7, 3]],
    ['an application id above 2^64-1', [world, 1, '18446744073709551616', 3]],
    ['a non-numeric application id', [world, 1, '12a', 3]],
    ['log severity 0', [world, 1, '0', 0]],
    ['log severity 6', [world, 1, '0', 6]],
  ])('refuses to build a client from %s', (_name, args) => {
    const Ctor = binding.NativeClient as unknown as new (...a: unknown[]) => unknown;
    expect(() => new Ctor(...args)).toThrow(/must|needs|snowflake/);
  });

  it('refuses bad method arguments and foreign receivers', () => {
    const client = new binding.NativeClient(world, 99, app.id, 3);
    const call = (method: keyof typeof client, self: unknown, ...args: unknown[]) =>
      () => (client[method] as unknown as Loose).apply(self, args);
    expect(call('updateToken', client)).toThrow(TypeError);
    expect(call('updateToken', client, 1, 7, 'token')).toThrow(RangeError);
    expect(call('updateToken', client, 1.5, 1, 'token')).toThrow(RangeError);
    expect(call('updateToken', client, 1, 1, {})).toThrow(TypeError);
    expect(call('connect', world)).toThrow(TypeError);
    expect(call('connect', {})).toThrow();
    expect(() => (world.createUser as unknown as Loose).call(client, { username: 'x' })).toThrow(TypeError);
    expect(() => (world.issueToken as unknown as Loose)(user.id, app.id, -1)).toThrow();
    expect(() => world.issueToken(user.id, app.id, -1)).toThrow(RangeError);
    expect(() => world.issueToken('123', app.id, 1000)).toThrow(/no user/);
    expect(() => world.issueToken(user.id, '123', 1000)).toThrow(/no application/);
    expect(() => world.emitLogs(user.id, 1, 9, 'x')).toThrow(RangeError);
    expect(() => world.advance(Number.NaN)).toThrow(TypeError);
    expect(() => world.advance(-5)).toThrow(RangeError);
    expect(() => (world.createUser as unknown as Loose).call(world, { username: 5 })).toThrow(TypeError);
    expect(() => (binding.setDispatcher as Loose)(42, () => undefined)).toThrow(/dispatcher must be a function/);
    expect(() => (binding.setDispatcher as Loose)(() => undefined)).toThrow(/scheduleTurn must be a function/);
    expect(() => binding.setKeepAlive('yes' as unknown as boolean)).toThrow(TypeError);
    client.close();
    expect(() => client.connect()).toThrow(/closed/);
    expect(() => client.createOrJoinLobby(1, 's')).toThrow(/closed/);
    expect(client.status()).toBe(0);
    expect(client.currentUser()).toBeNull();
    client.close(); // idempotent
  });

  // The live statuses a reader passes on (connecting, ready, ...) are checked through client.status (client.test.ts).
  it("a status reader answers its own client's status on any receiver, and Disconnected once the client is closed", () => {
    const client = new binding.NativeClient(world, 97, app.id, 3);
    const read = client.statusReader();
    expect(read()).toBe(client.status());
    expect((read as Loose).call(world, 'ignored')).toBe(client.status());
    // Each reader is its own function: one client's reader never reads another client.
    expect(client.statusReader()).not.toBe(read);
    client.close();
    expect(read()).toBe(0);
    expect(client.statusReader()()).toBe(0);
    expect(() => (client.statusReader as Loose).call({})).toThrow(TypeError);
  });

  it('a status reader that outlives its collected client answers Disconnected (ASan checks the read of a freed client)', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const collected = new Set<string>();
    const registry = new FinalizationRegistry((name: string) => collected.add(name));
    const read = (() => {
      const client = new binding.NativeClient(world, 96, app.id, 3);
      registry.register(client, 'client');
      return client.statusReader();
    })();
    expect(read()).toBe(0);
    for (let round = 0; round < 100 && !collected.has('client'); round++) {
      gc();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(collected.has('client')).toBe(true);
    // Its finalizer (which clears the link) runs on a later turn than the registry's callback.
    for (let round = 0; round < 5; round++) await new Promise((resolve) => setImmediate(resolve));
    expect(read()).toBe(0);
  });

  it('refuses bad lobby and harness arguments', () => {
    const client = new binding.NativeClient(world, 98, app.id, 3);
    const call = (method: keyof typeof client, ...args: unknown[]) => () => (client[method] as unknown as Loose).apply(client, args);
    expect(call('createOrJoinLobby', 1)).toThrow(TypeError);
    expect(call('createOrJoinLobby', 1, 's', { a: 1 })).toThrow(/lobbyMetadata must be an object of strings/);
    expect(call('createOrJoinLobby', 1, 's', undefined, 'x')).toThrow(TypeError);
    expect(call('createOrJoinLobby', 1, 's', [])).toThrow(TypeError);
    expect(call('leaveLobby', 1, 5)).toThrow(TypeError);
    expect(call('getLobby', '-3')).toThrow(RangeError);
    expect(call('sendLobbyMessage', 1, '1', 'hi', null)).toThrow(TypeError);
    expect(call('sendLobbyMessage', 1, '1', 5, {})).toThrow(TypeError);
    expect(call('getLobbyMessages', 1, '1', -1)).toThrow(RangeError);
    expect(client.getLobby('1')).toBeNull(); // not ready: no lobbies, no crash
    expect(client.getLobbyIds()).toEqual([]);
    client.close();

    const loose = (method: keyof typeof world, ...args: unknown[]) => () => (world[method] as unknown as Loose).apply(world, args);
    expect(loose('createLobby', app.id, 5, {})).toThrow(TypeError);
    expect(loose('createLobby', '1', undefined, {})).toThrow(/no application/);
    expect(loose('bulkUpdateLobbyMembers', '1', {})).toThrow(/members must be an array/);
    expect(loose('bulkUpdateLobbyMembers', '1', [5])).toThrow(TypeError);
    expect(loose('bulkUpdateLobbyMembers', '1', [{ userId: user.id, additionalName: 7 }])).toThrow(TypeError);
    expect(loose('bulkUpdateLobbyMembers', '1', Array.from({ length: 26 }, () => ({ userId: user.id })))).toThrow(/at most 25/);
    expect(loose('setMessageModerationMetadata', '1', '2', 'x')).toThrow(TypeError);
    expect(loose('linkLobbyChannel', '1', { id: '1', name: 3, guildId: '2' })).toThrow(TypeError);
    expect(loose('failNext', 999, 1, { type: 1, code: 0, status: 0, message: '' }, '0')).toThrow(RangeError);
    expect(loose('failNext', 0, 1, { type: 0, code: 0, status: 0, message: '' }, '0')).toThrow(RangeError);
    expect(loose('failNext', 0, 1, { type: 1 }, '0')).toThrow(TypeError);
    expect(loose('setLatency', -1)).toThrow(RangeError);
    expect(loose('settle', 'x')).toThrow(TypeError);
    expect(world.getLobby('1')).toBeNull();
  });
});
