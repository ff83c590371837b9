import { describe, expect, it } from 'vitest';

import { sdk, type VoiceSettings } from './sdk.js';
import { player, rejectionOf } from './lobby-helpers.js';

const DEFAULTS: VoiceSettings = {
  selfMute: false,
  selfDeaf: false,
  inputMode: 'voiceActivity',
  pttKey: '',
  inputVolume: 100,
  outputVolume: 100,
  automaticGainControl: true,
  echoCancellation: true,
  noiseSuppression: true,
  noiseCancellation: false,
};

/** A ready player whose voiceSettingsUpdated events are recorded, and the user's chat client. */
async function setup() {
  const sim = new sdk.Simulator();
  const alice = await player(sim, 'alice');
  const updates: VoiceSettings[] = [];
  alice.client.on('voiceSettingsUpdated', (settings) => updates.push(settings));
  return { sim, alice, updates, chat: sim.chatClient(alice.user) };
}

describe('getVoiceSettings', () => {
  it('reads the chat client\'s settings over RPC, as the user set them there', async () => {
    const { alice, chat } = await setup();
    expect(chat.running).toBe(true);
    expect(chat.rpcConnected).toBe(true);
    expect(await alice.client.getVoiceSettings()).toEqual(DEFAULTS);
    const changed = chat.setVoiceSettings({ inputMode: 'pushToTalk', pttKey: 'SHIFT + F', outputVolume: 150, noiseCancellation: true });
    expect(changed).toEqual({ ...DEFAULTS, inputMode: 'pushToTalk', pttKey: 'SHIFT + F', outputVolume: 150, noiseCancellation: true });
    expect(await alice.client.getVoiceSettings()).toEqual(changed);
  });

  it('rejects with RPCError while the chat client is not running, or its RPC connection is down', async () => {
    const { alice, chat } = await setup();
    chat.stop();
    expect(chat.rpcConnected).toBe(false);
    const stopped = await rejectionOf(alice.client.getVoiceSettings());
    expect(stopped).toBeInstanceOf(sdk.SocialSdkError);
    expect(stopped).toMatchObject({ type: 'RPCError', message: expect.stringMatching(/not running/) });
    chat.start();
    expect(await alice.client.getVoiceSettings()).toEqual(DEFAULTS);

    chat.dropRpc();
    expect(chat.running).toBe(true);
    expect(await rejectionOf(alice.client.getVoiceSettings())).toMatchObject({ type: 'RPCError', message: expect.stringMatching(/RPC connection/) });
    chat.restoreRpc();
    expect(await alice.client.getVoiceSettings()).toEqual(DEFAULTS);
  });

  it('can be failed by fault injection, and needs a ready client', async () => {
    const { sim, alice } = await setup();
    sim.failNext('getVoiceSettings', { error: { type: 'RPCError', message: 'injected RPC failure' } });
    expect(await rejectionOf(alice.client.getVoiceSettings())).toMatchObject({ type: 'RPCError' });
    expect(await alice.client.getVoiceSettings()).toEqual(DEFAULTS);
    await alice.client.disconnect();
    expect(await rejectionOf(alice.client.getVoiceSettings())).toMatchObject({ type: 'ClientNotReady' });
  });
});

describe('voiceSettingsUpdated', () => {
  it('fires with the new settings for the user\'s clients only', async () => {
    const { sim, updates, chat } = await setup();
    const bob = await player(sim, 'bob');
    const bobUpdates: VoiceSettings[] = [];
    bob.client.on('voiceSettingsUpdated', (settings) => bobUpdates.push(settings));
    chat.setVoiceSettings({ selfMute: true });
    chat.setVoiceSettings({ inputVolume: 40 });
    await sim.settle();
    expect(updates).toEqual([
      { ...DEFAULTS, selfMute: true },
      { ...DEFAULTS, selfMute: true, inputVolume: 40 },
    ]);
    expect(bobUpdates).toEqual([]);
  });

  it('stops while the chat client is away and resumes after it restarts or reconnects', async () => {
    const { sim, alice, updates, chat } = await setup();

    // RPC dropped: the user still changes settings in the chat client, the game hears nothing.
    chat.dropRpc();
    chat.setVoiceSettings({ selfDeaf: true });
    await sim.settle();
    expect(updates).toEqual([]);
    chat.restoreRpc();
    await sim.settle();
    expect(updates).toEqual([]); // coming back is not a change
    chat.setVoiceSettings({ outputVolume: 180 });
    await sim.settle();
    expect(updates).toEqual([{ ...DEFAULTS, selfDeaf: true, outputVolume: 180 }]);

    // Chat client quit: its settings cannot change, and reads fail; after a restart changes arrive again.
    chat.stop();
    expect(() => chat.setVoiceSettings({ selfMute: true })).toThrow(/not running/);
    await sim.settle();
    expect(updates).toHaveLength(1);
    chat.start();
    chat.setVoiceSettings({ selfMute: true });
    await sim.settle();
    expect(updates).toEqual([
      { ...DEFAULTS, selfDeaf: true, outputVolume: 180 },
      { ...DEFAULTS, selfDeaf: true, outputVolume: 180, selfMute: true },
    ]);
    expect(await alice.client.getVoiceSettings()).toEqual(updates[1]);
  });

  it('works as an async iterator', async () => {
    const { chat, alice } = await setup();
    const next = alice.client.events('voiceSettingsUpdated').next();
    chat.setVoiceSettings({ echoCancellation: false });
    expect((await next).value).toEqual({ ...DEFAULTS, echoCancellation: false });
  });
});

describe('the simulated chat client', () => {
  it('refuses malformed settings and changes nothing', async () => {
    const { sim, chat, updates } = await setup();
    expect(() => chat.setVoiceSettings({ inputVolume: 101 })).toThrow(new RangeError('inputVolume must be a number from 0 to 100, got 101'));
    expect(() => chat.setVoiceSettings({ outputVolume: -1 })).toThrow(RangeError);
    expect(() => chat.setVoiceSettings({ selfMute: 'yes' as unknown as boolean })).toThrow(TypeError);
    expect(() => chat.setVoiceSettings({ inputMode: 'shout' as 'pushToTalk' })).toThrow(/inputMode must be one of voiceActivity, pushToTalk/);
    expect(() => chat.setVoiceSettings({ selfMute: true, volume: 3 } as unknown as VoiceSettings)).toThrow(/unknown voice setting 'volume'/);
    chat.stop();
    expect(() => chat.restoreRpc()).toThrow(/not running/);
    chat.start();
    await sim.settle();
    expect(chat.voiceSettings).toEqual(DEFAULTS);
    expect(updates).toEqual([]);
  });
});
