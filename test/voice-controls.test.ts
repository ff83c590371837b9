// Voice controls through the public API, on the simulator: audio devices and hot-plug fallback,
// volume bounds, input mode and push-to-talk, speaking events per participant, no-audio-input
// detection, audio processing and the noise cancellation gate of SDKs before 1.9.
import { describe, expect, it } from 'vitest';

import { sdk, type AudioDevicesChange, type Client, type SpeakingChange } from './sdk.js';
import { player, players, rejectionOf } from './lobby-helpers.js';

const { SocialSdkError, limits } = sdk;

const BUILTIN_MIC = { id: 'builtin-microphone', name: 'Built-in Microphone', isDefault: true };
const BUILTIN_SPEAKERS = { id: 'builtin-speakers', name: 'Built-in Speakers', isDefault: true };

function recorded<T>(client: Client, name: 'audioDevicesChanged' | 'speakingChanged' | 'noAudioInput'): T[] {
  const out: T[] = [];
  client.on(name, (payload: unknown) => out.push(payload as T));
  return out;
}

/** `count` players in one lobby's call, with their speaking events recorded. */
async function callOf(count: number) {
  const { sim, all } = await players(count);
  const lobbyId = await all[0]!.client.createOrJoinLobby('voice-controls');
  for (const p of all.slice(1)) await p.client.createOrJoinLobby('voice-controls');
  for (const p of all) await p.client.startCall(lobbyId);
  await sim.settle();
  return { sim, lobbyId, all: all.map((p) => ({ ...p, speaking: recorded<SpeakingChange>(p.client, 'speakingChanged') })) };
}

describe('audio devices', () => {
  it("lists the machine's devices and the ones in use: the defaults until one is chosen", async () => {
    const { all: [alice] } = await players(1);
    const client = alice!.client;
    expect(await client.getInputDevices()).toEqual([BUILTIN_MIC]);
    expect(await client.getOutputDevices()).toEqual([BUILTIN_SPEAKERS]);
    expect(await client.getCurrentInputDevice()).toEqual(BUILTIN_MIC);
    expect(await client.getCurrentOutputDevice()).toEqual(BUILTIN_SPEAKERS);
  });

  it('reports a plugged device to every ready client of the user, and a chosen device becomes current', async () => {
    const { sim, all: [alice] } = await players(1);
    const second = await sim.connectClient(alice!.user);
    const changes = [recorded<AudioDevicesChange>(alice!.client, 'audioDevicesChanged'), recorded<AudioDevicesChange>(second, 'audioDevicesChanged')];
    sim.machine(alice!.user).plug({ id: 'usb-headset-mic', name: 'USB Headset', kind: 'input' });
    await sim.settle();
    const headset = { id: 'usb-headset-mic', name: 'USB Headset', isDefault: false };
    for (const list of changes) {
      expect(list).toEqual([
        {
          inputDevices: [BUILTIN_MIC, headset],
          outputDevices: [BUILTIN_SPEAKERS],
          currentInputId: BUILTIN_MIC.id,
          currentOutputId: BUILTIN_SPEAKERS.id,
          inputFellBack: false,
          outputFellBack: false,
        },
      ]);
    }
    await alice!.client.setInputDevice('usb-headset-mic');
    expect(await alice!.client.getCurrentInputDevice()).toEqual(headset);
    // The choice is per client: the other one still uses the default.
    expect(await second.getCurrentInputDevice()).toEqual(BUILTIN_MIC);
    await second.close();
  });

  it('falls back to the default device when the device in use is unplugged, and says so', async () => {
    const { sim, all: [alice] } = await players(1);
    const machine = sim.machine(alice!.user);
    machine.plug({ id: 'usb-headset-mic', name: 'USB Headset', kind: 'input' });
    machine.plug({ id: 'usb-headset-out', name: 'USB Headset', kind: 'output' });
    await alice!.client.setInputDevice('usb-headset-mic');
    await alice!.client.setOutputDevice('usb-headset-out');
    await sim.settle();
    const changes = recorded<AudioDevicesChange>(alice!.client, 'audioDevicesChanged');
    machine.unplug('usb-headset-mic');
    await sim.settle();
    expect(changes).toEqual([
      {
        inputDevices: [BUILTIN_MIC],
        outputDevices: [BUILTIN_SPEAKERS, { id: 'usb-headset-out', name: 'USB Headset', isDefault: false }],
        currentInputId: BUILTIN_MIC.id,
        currentOutputId: 'usb-headset-out',
        inputFellBack: true,
        outputFellBack: false,
      },
    ]);
    expect(await alice!.client.getCurrentInputDevice()).toEqual(BUILTIN_MIC);
    expect(await alice!.client.getCurrentOutputDevice()).toEqual({ id: 'usb-headset-out', name: 'USB Headset', isDefault: false });
  });

  it('makes the first remaining device the default when the default one is unplugged', async () => {
    const { sim, all: [alice] } = await players(1);
    const machine = sim.machine(alice!.user);
    machine.plug({ id: 'dock-speakers', name: 'Dock', kind: 'output', isDefault: true });
    expect(machine.outputDevices).toEqual([{ ...BUILTIN_SPEAKERS, isDefault: false }, { id: 'dock-speakers', name: 'Dock', isDefault: true }]);
    machine.unplug('dock-speakers');
    expect(machine.outputDevices).toEqual([BUILTIN_SPEAKERS]);
    machine.unplug('builtin-speakers');
    await sim.settle();
    expect(await alice!.client.getCurrentOutputDevice()).toBeNull();
  });

  it('refuses a device the machine does not have, and bad device ids before anything is sent', async () => {
    const { sim, all: [alice] } = await players(1);
    const error = await rejectionOf(alice!.client.setInputDevice('no-such-mic'));
    expect(error).toBeInstanceOf(SocialSdkError);
    expect(error).toMatchObject({ type: 'ValidationError', message: expect.stringContaining('no input device with that id is plugged in') });
    expect(error.message).not.toContain('no-such-mic'); // what the caller passed is never echoed
    // An output device is not an input device.
    expect(await rejectionOf(alice!.client.setInputDevice('builtin-speakers'))).toMatchObject({ type: 'ValidationError' });
    await expect(alice!.client.setInputDevice('')).rejects.toThrow(RangeError);
    await expect(alice!.client.setOutputDevice(5 as unknown as string)).rejects.toThrow(TypeError);
    await expect(alice!.client.setInputDevice('x'.repeat(limits.audioDeviceIdLength + 1))).rejects.toThrow(RangeError);
    expect(await alice!.client.getCurrentInputDevice()).toEqual(BUILTIN_MIC);
    const machine = sim.machine(alice!.user);
    expect(() => machine.plug({ id: 'builtin-microphone', name: 'Again', kind: 'input' })).toThrow(RangeError);
    expect(() => machine.unplug('nothing')).toThrow(RangeError);
    expect(() => machine.plug({ id: 'x', name: 'X', kind: 'both' as 'input' })).toThrow(RangeError);
  });

  it('rejects with ClientNotReady before the client is signed in (the machine is the user\'s)', async () => {
    const sim = new sdk.Simulator();
    const client = sim.createClient();
    expect(await rejectionOf(client.getInputDevices())).toMatchObject({ type: 'ClientNotReady' });
    await client.close();
  });
});

describe('volumes', () => {
  it('reads back the input and output volume; out-of-range values are a RangeError and change nothing', async () => {
    const { all: [alice] } = await players(1);
    const client = alice!.client;
    expect(client.getInputVolume()).toBe(100);
    expect(client.getOutputVolume()).toBe(100);
    client.setInputVolume(42.5);
    client.setOutputVolume(200);
    expect(client.getInputVolume()).toBe(42.5);
    expect(client.getOutputVolume()).toBe(200);
    for (const bad of [-1, 100.5, Number.NaN, Infinity]) {
      expect(() => client.setInputVolume(bad)).toThrow(new RangeError(`volume must be a number from 0 to 100, got ${String(bad)}`));
    }
    for (const bad of [-0.1, 201]) expect(() => client.setOutputVolume(bad)).toThrow(RangeError);
    expect(() => client.setInputVolume('50' as unknown as number)).toThrow(new TypeError('volume must be a number, got string'));
    expect(client.getInputVolume()).toBe(42.5);
    expect(client.getOutputVolume()).toBe(200);
  });

  it("sets a participant's volume and local mute on this client only, read back in getCall", async () => {
    const { lobbyId, all: [alice, bob] } = await callOf(2);
    const bobId = bob!.user.id;
    expect(alice!.client.setParticipantVolume(lobbyId, bobId, 150)).toBe(true);
    expect(alice!.client.setLocalMute(lobbyId, bobId, true)).toBe(true);
    expect(alice!.client.getCall(lobbyId)!.participants.find((p) => p.userId === bobId)).toEqual({
      userId: bobId,
      selfMute: false,
      selfDeaf: false,
      volume: 150,
      localMute: true,
    });
    // Bob's own view of himself is untouched.
    expect(bob!.client.getCall(lobbyId)!.participants.find((p) => p.userId === bobId)).toMatchObject({ volume: 100, localMute: false });
    expect(() => alice!.client.setParticipantVolume(lobbyId, bobId, 200.01)).toThrow(RangeError);
    expect(() => alice!.client.setParticipantVolume(lobbyId, bobId, -5)).toThrow(RangeError);
    expect(() => alice!.client.setLocalMute(lobbyId, bobId, 1 as unknown as boolean)).toThrow(TypeError);
    expect(alice!.client.getCall(lobbyId)!.participants.find((p) => p.userId === bobId)!.volume).toBe(150);
    // No call in that lobby.
    expect(alice!.client.setParticipantVolume('12345', bobId, 50)).toBe(false);
  });
});

describe('input mode and push-to-talk', () => {
  it('starts in voice activity with the automatic threshold, and reads back each change', async () => {
    const { lobbyId, all: [alice] } = await callOf(1);
    const client = alice!.client;
    expect(client.getCall(lobbyId)).toMatchObject({ inputMode: { mode: 'voiceActivity', threshold: 'automatic' }, pushToTalkActive: false });
    expect(client.setInputMode(lobbyId, { mode: 'voiceActivity', threshold: -45 })).toBe(true);
    expect(client.getCall(lobbyId)!.inputMode).toEqual({ mode: 'voiceActivity', threshold: -45 });
    expect(client.setInputMode(lobbyId, { mode: 'pushToTalk', releaseDelayMs: 300 })).toBe(true);
    expect(client.getCall(lobbyId)!.inputMode).toEqual({ mode: 'pushToTalk', releaseDelayMs: 300 });
    expect(client.setPushToTalkActive(lobbyId, true)).toBe(true);
    expect(client.getCall(lobbyId)!.pushToTalkActive).toBe(true);
    expect(client.setPushToTalkActive(lobbyId, false)).toBe(true);
    expect(client.getCall(lobbyId)!.pushToTalkActive).toBe(false);
    // Back to voice activity: the threshold set before is kept.
    client.setInputMode(lobbyId, { mode: 'voiceActivity' });
    expect(client.getCall(lobbyId)!.inputMode).toEqual({ mode: 'voiceActivity', threshold: -45 });
    expect(client.setInputMode('999', { mode: 'pushToTalk' })).toBe(false);
  });

  it('refuses a bad threshold, release delay or mode before anything changes', async () => {
    const { lobbyId, all: [alice] } = await callOf(1);
    const client = alice!.client;
    expect(() => client.setInputMode(lobbyId, { mode: 'voiceActivity', threshold: -101 })).toThrow(
      new RangeError('options.threshold must be a number from -100 to 0, got -101'),
    );
    expect(() => client.setInputMode(lobbyId, { mode: 'voiceActivity', threshold: 1 })).toThrow(RangeError);
    expect(() => client.setInputMode(lobbyId, { mode: 'voiceActivity', threshold: 'auto' as 'automatic' })).toThrow(
      new RangeError("options.threshold must be a number of dB or 'automatic', got a string of 4 characters"),
    );
    expect(() => client.setInputMode(lobbyId, { mode: 'pushToTalk', releaseDelayMs: limits.pttReleaseDelayMaxMs + 1 })).toThrow(
      new RangeError('options.releaseDelayMs must be an integer from 0 to 2000, got 2001'),
    );
    expect(() => client.setInputMode(lobbyId, { mode: 'pushToTalk', releaseDelayMs: 1.5 })).toThrow(RangeError);
    expect(() => client.setInputMode(lobbyId, { mode: 'shout' } as never)).toThrow(RangeError);
    expect(() => client.setInputMode(lobbyId, null as never)).toThrow(TypeError);
    expect(() => client.setPushToTalkActive(lobbyId, 'yes' as unknown as boolean)).toThrow(TypeError);
    // Nothing changed: the mode is still the first one.
    expect(client.getCall(lobbyId)!.inputMode).toEqual({ mode: 'voiceActivity', threshold: 'automatic' });
    expect(client.getCall(lobbyId)!.pushToTalkActive).toBe(false);
  });

  it('in push-to-talk, voice goes out only while the key is held and for the release delay after (virtual clock)', async () => {
    const { sim, lobbyId, all: [alice, bob] } = await callOf(2);
    alice!.client.setInputMode(lobbyId, { mode: 'pushToTalk', releaseDelayMs: 500 });
    const aliceId = alice!.user.id;
    sim.machine(alice!.user).speak();
    await sim.settle();
    expect(bob!.speaking).toEqual([]); // talking without the key: nothing goes out
    alice!.client.setPushToTalkActive(lobbyId, true);
    await sim.settle();
    expect(bob!.speaking).toEqual([{ lobbyId, userId: aliceId, speaking: true }]);
    alice!.client.setPushToTalkActive(lobbyId, false);
    await sim.settle();
    sim.advance(499);
    await sim.settle();
    expect(bob!.speaking).toHaveLength(1); // still within the release delay
    sim.advance(1);
    await sim.settle();
    expect(bob!.speaking).toEqual([
      { lobbyId, userId: aliceId, speaking: true },
      { lobbyId, userId: aliceId, speaking: false },
    ]);
  });
});

describe('speaking', () => {
  it('tells every participant, its own client too, in the order each participant spoke', async () => {
    const { sim, lobbyId, all: [alice, bob, carol] } = await callOf(3);
    const [a, b] = [sim.machine(alice!.user), sim.machine(bob!.user)];
    a.speak();
    b.speak();
    a.speak(false);
    a.speak();
    b.speak(false);
    a.speak(false);
    await sim.settle();
    const of = (list: SpeakingChange[], userId: string) => list.filter((e) => e.userId === userId).map((e) => e.speaking);
    for (const p of [alice!, bob!, carol!]) {
      expect(of(p.speaking, alice!.user.id)).toEqual([true, false, true, false]);
      expect(of(p.speaking, bob!.user.id)).toEqual([true, false]);
      expect(p.speaking.every((e) => e.lobbyId === lobbyId)).toBe(true);
    }
    expect(of(carol!.speaking, carol!.user.id)).toEqual([]);
  });

  it('a muted, deafened or silent-volume user does not speak; unmuting while talking does', async () => {
    const { sim, lobbyId, all: [alice, bob] } = await callOf(2);
    alice!.client.setSelfMute(lobbyId, true);
    await sim.settle();
    sim.machine(alice!.user).speak();
    await sim.settle();
    expect(bob!.speaking).toEqual([]);
    alice!.client.setSelfMute(lobbyId, false);
    await sim.settle();
    expect(bob!.speaking).toEqual([{ lobbyId, userId: alice!.user.id, speaking: true }]);
    alice!.client.setInputVolume(0);
    await sim.settle();
    expect(bob!.speaking.at(-1)).toEqual({ lobbyId, userId: alice!.user.id, speaking: false });
  });

  it('uses the voice activity threshold: a quiet voice under a strict threshold does not go out', async () => {
    const { sim, lobbyId, all: [alice, bob] } = await callOf(2);
    alice!.client.setInputMode(lobbyId, { mode: 'voiceActivity', threshold: -30 });
    sim.machine(alice!.user).setInputLevel(-40);
    await sim.settle();
    expect(bob!.speaking).toEqual([]);
    alice!.client.setInputMode(lobbyId, { mode: 'voiceActivity', threshold: -50 });
    await sim.settle();
    expect(bob!.speaking).toEqual([{ lobbyId, userId: alice!.user.id, speaking: true }]);
  });
});

describe('no audio input', () => {
  it('reports when the microphone level stays below the threshold, and when it comes back', async () => {
    const { sim, all: [alice] } = await players(1);
    const events = recorded<{ inputDetected: boolean }>(alice!.client, 'noAudioInput');
    const machine = sim.machine(alice!.user);
    machine.setInputLevel(-70);
    await sim.settle();
    expect(events).toEqual([]); // the default threshold (-100) never reports
    alice!.client.setNoAudioInputThreshold(-60);
    await sim.settle();
    expect(events).toEqual([{ inputDetected: false }]);
    machine.setInputLevel(-65); // still below: no repeat
    await sim.settle();
    expect(events).toHaveLength(1);
    machine.speak();
    await sim.settle();
    expect(events).toEqual([{ inputDetected: false }, { inputDetected: true }]);
    expect(() => alice!.client.setNoAudioInputThreshold(-100.5)).toThrow(RangeError);
    expect(() => machine.setInputLevel(3)).toThrow(RangeError);
  });

  // discordpp.h 1.9.16441, Client::SetNoAudioInputThreshold: "the threshold is specified in DBFS
  // [...] and the range is [-100.0, 100.0]".
  it('takes thresholds up to 100 dBFS (limits.noAudioInputThresholdMax); above 0 no level counts as input', async () => {
    const { sim, all: [alice] } = await players(1);
    const events = recorded<{ inputDetected: boolean }>(alice!.client, 'noAudioInput');
    const machine = sim.machine(alice!.user);
    machine.speak();
    alice!.client.setNoAudioInputThreshold(-100);
    await sim.settle();
    expect(events).toEqual([]);
    expect(sdk.limits.noAudioInputThresholdMax).toBe(100);
    alice!.client.setNoAudioInputThreshold(100);
    await sim.settle();
    expect(events).toEqual([{ inputDetected: false }]);
    alice!.client.setNoAudioInputThreshold(0.5);
    machine.setInputLevel(0);
    await sim.settle();
    expect(events).toHaveLength(1); // 0 dBFS, the loudest a microphone gets, is still below 0.5
    expect(() => alice!.client.setNoAudioInputThreshold(100.5)).toThrow(
      new RangeError('dBFS must be a number from -100 to 100, got 100.5'),
    );
    expect(() => alice!.client.setNoAudioInputThreshold(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    alice!.client.setNoAudioInputThreshold(-100);
    await sim.settle();
    expect(events).toEqual([{ inputDetected: false }, { inputDetected: true }]);
  });
});

describe('audio processing', () => {
  it('starts with all on but noise cancellation, and reads back each switch', async () => {
    const { all: [alice] } = await players(1);
    const client = alice!.client;
    expect(client.getAudioProcessing()).toEqual({ automaticGainControl: true, echoCancellation: true, noiseSuppression: true, noiseCancellation: false });
    expect(client.setAudioProcessing({ echoCancellation: false, automaticGainControl: false })).toEqual({
      automaticGainControl: false,
      echoCancellation: false,
      noiseSuppression: true,
      noiseCancellation: false,
    });
    expect(() => client.setAudioProcessing({ noiseSuppression: 'off' as unknown as boolean })).toThrow(TypeError);
    expect(() => client.setAudioProcessing({ krisp: true } as never)).toThrow(RangeError);
    expect(client.getAudioProcessing().noiseSuppression).toBe(true);
  });

  // discordpp.h 1.9.16441, Client::SetNoiseCancellation: "Defaults to off. When enabled, noise
  // suppression is automatically disabled." The managing-voice-chat guide (discord-api-docs):
  // "Krisp and WebRTC noise suppression are mutually exclusive". That suppression turned back on
  // turns Krisp off, and that Krisp turned off leaves suppression off, are our choices.
  it('turning Krisp noise cancellation on turns noise suppression off; the two are never both on', async () => {
    const { all: [alice] } = await players(1);
    const client = alice!.client;
    expect(client.setAudioProcessing({ noiseCancellation: true })).toMatchObject({ noiseSuppression: false, noiseCancellation: true });
    expect(client.setAudioProcessing({ noiseCancellation: false })).toMatchObject({ noiseSuppression: false, noiseCancellation: false });
    expect(client.setAudioProcessing({ noiseSuppression: true })).toMatchObject({ noiseSuppression: true, noiseCancellation: false });
    client.setAudioProcessing({ noiseCancellation: true });
    expect(client.setAudioProcessing({ noiseSuppression: true })).toMatchObject({ noiseSuppression: true, noiseCancellation: false });
    // Both asked for at once: applied in order, Krisp last, so suppression ends off.
    expect(client.setAudioProcessing({ noiseCancellation: true, noiseSuppression: true })).toEqual({
      automaticGainControl: true,
      echoCancellation: true,
      noiseSuppression: false,
      noiseCancellation: true,
    });
  });

  it('reports noise cancellation as unavailable on an SDK before 1.9, and refuses to turn it on', async () => {
    const sim = new sdk.Simulator({ sdkVersion: '1.8.18335' });
    const alice = await player(sim, 'alice');
    expect(alice.client.features.noiseCancellation).toBe(false);
    const error = (() => {
      try {
        alice.client.setAudioProcessing({ automaticGainControl: false, noiseCancellation: true });
      } catch (thrown) {
        return thrown;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(SocialSdkError);
    expect(error).toMatchObject({ type: 'UnsupportedSdk', message: 'noiseCancellation is not available in SDK 1.8.18335 (it needs 1.9)' });
    // Nothing changed, not even the other switch.
    expect(alice.client.getAudioProcessing()).toEqual({ automaticGainControl: true, echoCancellation: true, noiseSuppression: true, noiseCancellation: false });
    // Turning it off is what it already is: accepted.
    expect(alice.client.setAudioProcessing({ noiseCancellation: false }).noiseCancellation).toBe(false);
    const newer = new sdk.Simulator({ sdkVersion: '1.9.18337' });
    const bob = await player(newer, 'bob');
    expect(bob.client.features.noiseCancellation).toBe(true);
  });
});
