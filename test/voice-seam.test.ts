// The voice methods of the native seam, called directly (bypassing the TypeScript checks): bad
// arguments get a JS error, never a crash; a client that is not ready or closed answers safely.
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

describe('voice seam guards', () => {
  const world = new binding.NativeWorld({ major: 1, minor: 10, build: 18369, hash: 'seam' });
  const app = world.createApplication('seam');
  const user = world.createUser({ username: 'seam', provisional: false });

  it('refuses bad call arguments; a client that is not ready has no call', () => {
    const client = new binding.NativeClient(world, 97, app.id, 3);
    const call = (method: keyof typeof client, ...args: unknown[]) => () => (client[method] as unknown as Loose).apply(client, args);
    expect(call('startCall', 5)).toThrow(TypeError);
    expect(call('startCall', '-1')).toThrow(RangeError);
    expect(call('endCall', 'x', '1')).toThrow(TypeError);
    expect(call('endCalls')).toThrow(TypeError);
    expect(call('setSelfMute', '1', 'yes')).toThrow(TypeError);
    expect(call('setSelfDeaf', '1')).toThrow(TypeError);
    expect(call('setSelfMuteAll', 1)).toThrow(TypeError);
    expect(call('getVoiceSettings', -1)).toThrow(RangeError);
    expect(client.startCall('1')).toMatchObject({ type: 3 }); // ClientNotReady
    expect(client.getCall('1')).toBeNull();
    expect(client.setSelfMute('1', true)).toBe(false);
    client.close();
    expect(client.startCall('1')).toMatchObject({ type: 5 }); // ClientDestroyed
    expect(client.getCall('1')).toBeNull();
    expect(client.getSelfMuteAll()).toBe(false);
    expect(() => client.getVoiceSettings(1)).toThrow(/closed/);
  });

  it('refuses bad chat client and log arguments', () => {
    const loose = (method: keyof typeof world, ...args: unknown[]) => () => (world[method] as unknown as Loose).apply(world, args);
    const good = world.getChatClient(user.id).voiceSettings;
    expect(loose('setDebugLogs', 'yes')).toThrow(TypeError);
    expect(loose('setChatClientRunning', user.id)).toThrow(TypeError);
    expect(loose('setChatClientVoiceSettings', user.id, { ...good, inputVolume: 101 })).toThrow(RangeError);
    expect(loose('setChatClientVoiceSettings', user.id, { ...good, inputMode: 2 })).toThrow(RangeError);
    expect(loose('setChatClientVoiceSettings', user.id, { ...good, pttKey: 5 })).toThrow(TypeError);
    expect(loose('setChatClientVoiceSettings', user.id, { ...good, selfMute: 1 })).toThrow(TypeError);
    expect(loose('setChatClientVoiceSettings', user.id, { ...good, outputVolume: Number.NaN })).toThrow(RangeError);
    expect(loose('emitLogs', user.id, 1, 3, 'x', 'voice')).toThrow(TypeError);
    world.setChatClientRunning(user.id, false);
    expect(loose('setChatClientRpcConnected', user.id, true)).toThrow(RangeError);
    expect(loose('setChatClientVoiceSettings', user.id, good)).toThrow(/not running/);
    expect(world.getChatClient(user.id)).toMatchObject({ running: false, rpcConnected: false, voiceSettings: good });
  });

  it('voice controls: refuses bad arguments, clamps what TypeScript would refuse, answers safely when closed', () => {
    const client = new binding.NativeClient(world, 98, app.id, 3);
    const call = (method: keyof typeof client, ...args: unknown[]) => () => (client[method] as unknown as Loose).apply(client, args);
    expect(call('setInputVolume', '50')).toThrow(TypeError);
    expect(call('setInputVolume', Number.NaN)).toThrow(TypeError);
    expect(call('setAudioMode', '1', 7)).toThrow(RangeError);
    expect(call('setPttReleaseDelay', '1', -1)).toThrow(RangeError);
    expect(call('setVadThreshold', '1', 'yes', -40)).toThrow(TypeError);
    expect(call('setInputDevice', 1, 5)).toThrow(TypeError);
    // Out of range gets clamped natively (the TypeScript layer refuses it with a RangeError first).
    client.setInputVolume(1e300);
    expect(client.getInputVolume()).toBe(100);
    client.setOutputVolume(-1e300);
    expect(client.getOutputVolume()).toBe(0);
    expect(client.setParticipantVolume('1', '2', 50)).toBe(false); // no call
    client.close();
    expect(client.getInputVolume()).toBe(0);
    expect(client.getNoiseCancellation()).toBe(false);
    expect(client.setPttActive('1', true)).toBe(false);
    expect(() => client.getInputDevices(1)).toThrow(/closed/);
    const loose = (method: keyof typeof world, ...args: unknown[]) => () => (world[method] as unknown as Loose).apply(world, args);
    expect(loose('plugAudioDevice', user.id, true, { id: 5, name: 'x' }, false)).toThrow(TypeError);
    expect(loose('plugAudioDevice', user.id, true, { id: '', name: 'x' }, false)).toThrow(RangeError);
    expect(loose('unplugAudioDevice', user.id, 'none')).toThrow(RangeError);
    expect(loose('setInputLevel', user.id, Number.POSITIVE_INFINITY)).toThrow(TypeError);
    expect(loose('setInputLevel', user.id, 1e300)).toThrow(RangeError);
    expect(loose('setInputLevel', '999999', -10)).toThrow(RangeError); // unknown user
    expect(world.getMachineAudio(user.id).inputLevel).toBe(-100);
  });
});
