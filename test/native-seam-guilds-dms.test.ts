// The native seam of guilds and direct messages: whatever reaches it directly (bypassing the
// TypeScript checks) gets a JS error, never a crash.
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

describe('native seam guards: guilds and direct messages', () => {
  const world = new binding.NativeWorld({ major: 1, minor: 10, build: 18369, hash: 'seam' });
  const app = world.createApplication('seam');
  const user = world.createUser({ username: 'seam', provisional: false });

  it('refuses bad client arguments', () => {
    const client = new binding.NativeClient(world, 97, app.id, 3);
    const call = (method: keyof typeof client, ...args: unknown[]) => () => (client[method] as unknown as Loose).apply(client, args);
    expect(call('getUserGuilds')).toThrow(TypeError);
    expect(call('getGuildChannels', 1, 5)).toThrow(TypeError);
    expect(call('getGuildChannels', 1, '-1')).toThrow(RangeError);
    // Metadata is an object of strings, or undefined for none (the seam's 'metadata or none').
    expect(call('sendUserMessage', 1, user.id, 'hi', 'not an object')).toThrow(TypeError);
    expect(call('sendUserMessage', 1, user.id, 'hi', { a: 1 })).toThrow(TypeError);
    expect(call('sendUserMessage', 1, user.id, 7, {})).toThrow(TypeError);
    expect(call('editUserMessage', 1, user.id, 'x', 'hi')).toThrow(RangeError);
    expect(call('deleteUserMessage', 1, user.id)).toThrow(TypeError);
    expect(call('getUserMessages', 1, user.id, -1)).toThrow(RangeError);
    expect(call('getUserMessageSummaries', 'x')).toThrow(TypeError);
    client.close();
    expect(call('getUserGuilds', 1)).toThrow(/closed/);
  });

  it('refuses bad harness arguments', () => {
    const loose = (method: keyof typeof world, ...args: unknown[]) => () => (world[method] as unknown as Loose).apply(world, args);
    expect(loose('createGuild', 5, user.id)).toThrow(TypeError);
    expect(loose('createGuild', 'g', '1')).toThrow(/no user/);
    const guild = world.createGuild('g', user.id);
    expect(loose('addGuildMember', guild, user.id, -1)).toThrow(RangeError);
    expect(loose('addGuildMember', guild, user.id, 'all')).toThrow(TypeError);
    expect(loose('addGuildMember', '1', user.id, 0)).toThrow(/no guild/);
    expect(loose('removeGuildMember', guild, user.id)).toThrow(/owner/);
    expect(loose('createGuildChannel', guild, { name: 'x', type: 7, position: 0 })).toThrow(/not a channel type/);
    expect(loose('createGuildChannel', guild, { name: 'x', type: 0, position: 2 ** 31 })).toThrow(RangeError);
    expect(loose('createGuildChannel', guild, { name: 'x', type: 0, position: 0, overwrites: {} })).toThrow(TypeError);
    expect(loose('createGuildChannel', guild, { name: 'x', type: 0, position: 0, overwrites: [{ userId: 0, allow: 0, deny: 0 }] })).toThrow(TypeError);
    expect(loose('createGuildChannel', guild, { name: 'x', type: 0, position: 0, overwrites: [{ userId: '0', allow: 1.5, deny: 0 }] })).toThrow(RangeError);
    expect(loose('createGuildChannel', guild, { name: 3, type: 0, position: 0 })).toThrow(TypeError);
    const channel = world.createGuildChannel(guild, { name: 'x', type: 0, position: 0 });
    expect(loose('updateGuildChannel', channel, { name: 4 })).toThrow(TypeError);
    expect(loose('updateGuildChannel', channel, { parentId: 4 })).toThrow(TypeError);
    expect(loose('updateGuildChannel', channel, 'x')).toThrow(TypeError);
    expect(loose('setUserMessageModerationMetadata', '1', 'x')).toThrow(TypeError);
    expect(loose('setUserMessageModerationMetadata', '1', {})).toThrow(/no direct message/);
    expect(loose('failNext', 11, 1, { type: 1, code: 0, status: 0, message: '' }, '0')).not.toThrow();
    world.clearFailures();
  });
});
