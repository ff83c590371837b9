// Raw audio through the public API, on the simulator (Client::StartCallWithAudioCallbacks and
// GetDefaultAudioDeviceId): frames in order on the world clock, the bounded ring's drop counter,
// the end of reading when the call ends, playback muting (outShouldMute) and bad arguments.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

import { sdk, type AudioFrame, type AudioFrameBatch, type RawAudioCall, type Simulator, type User } from './sdk.js';
import { players, rejectionOf, type Player } from './lobby-helpers.js';

const { threadIdsNamed } = createRequire(import.meta.url)('./fixtures/lifecycle-common.cjs') as { threadIdsNamed(name: string): string[] | null };

/** Linux: how many of this process's threads are simulated voice engines' ('social-voice'); null without /proc. */
function voiceThreads(): number | null {
  return threadIdsNamed('social-voice')?.length ?? null;
}

/** Two players in one lobby's call: ada with raw audio (`options`), bo speaking at -20 dBFS. */
async function rawAudioCall(options?: Parameters<Player['client']['startCallWithAudio']>[1]) {
  const { sim, all } = await players(2);
  const [ada, bo] = all as [Player, Player];
  const lobbyId = await ada.client.createOrJoinLobby('raw-audio');
  await bo.client.createOrJoinLobby('raw-audio');
  await bo.client.startCall(lobbyId);
  sim.machine(bo.user).speak();
  const audio = await ada.client.startCallWithAudio(lobbyId, options);
  await sim.settle();
  return { sim, ada, bo, lobbyId, audio };
}

async function advance(sim: Simulator, ms: number): Promise<void> {
  sim.advance(ms);
  await sim.settle();
}

const peak = (frame: AudioFrame) => frame.samples.reduce((max, s) => Math.max(max, Math.abs(s)), 0);

describe('startCallWithAudio', () => {
  it('hands over one captured frame per 10 ms and one received frame per speaking participant, in order', async () => {
    const { sim, ada, bo, lobbyId, audio } = await rawAudioCall();
    expect(ada.client.getCall(lobbyId)?.status).toBe('connected');
    await advance(sim, 100);
    const batch = audio.read()!;
    expect(batch.dropped).toBe(0);
    // 10 ms frames: 10 of each, the microphone first in each 10 ms, indexes counting every frame.
    expect(batch.frames.map((f) => f.index)).toEqual([...Array(20).keys()]);
    expect(batch.frames.map((f) => f.source)).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 ? 'received' : 'captured')));
    const [captured, received] = batch.frames as [AudioFrame, AudioFrame];
    expect([captured.userId, captured.sampleRate, captured.channels, captured.samples.length]).toEqual([null, 48000, 1, 480]);
    expect([received.userId, received.sampleRate, received.channels, received.samples.length]).toEqual([bo.user.id, 48000, 2, 960]);
    expect(received.samples).toBeInstanceOf(Int16Array);
    // ada is silent; bo speaks at -20 dBFS: a tone of 32767 * 10^(-20/20) at its peak.
    expect(peak(captured)).toBe(0);
    expect(peak(received)).toBeGreaterThan(3000);
    expect(peak(received)).toBeLessThanOrEqual(3277);
    expect(audio.read()!.frames).toEqual([]); // nothing more until the clock moves
    sim.machine(ada.user).speak();
    await advance(sim, 10);
    const next = audio.read()!.frames;
    expect(next.map((f) => [f.index, f.source])).toEqual([[20, 'captured'], [21, 'received']]);
    expect(peak(next[0]!)).toBeGreaterThan(3000); // the microphone picks up ada now
  });

  it('delivers batches in order to a for-await reader, waking it as frames come', async () => {
    const { sim, ada, audio } = await rawAudioCall();
    const seen: number[] = [];
    const reading = (async () => {
      for await (const batch of audio) seen.push(...batch.frames.map((f) => f.index));
    })();
    for (let i = 0; i < 5; i++) await advance(sim, 20 + i * 10);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual([...Array(((20 + 30 + 40 + 50 + 60) / 10) * 2).keys()]);
    expect(audio.ended).toBe(false);
    await ada.client.close();
    await reading;
  });

  it('counts what a slow reader lost: the ring keeps the oldest frames and drops the rest', async () => {
    const { sim, audio } = await rawAudioCall({ bufferFrames: 8 });
    await advance(sim, 100); // 20 frames for a ring of 8
    const batch: AudioFrameBatch = audio.read()!;
    expect(batch.frames.map((f) => f.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(batch.dropped).toBe(12);
    await advance(sim, 10);
    const next = audio.read()!;
    // The gap in the indexes is where the dropped frames were.
    expect(next.frames.map((f) => f.index)).toEqual([20, 21]);
    expect(next.dropped).toBe(0);
    expect(audio.dropped).toBe(12);
  });

  it('mutes received audio for playback on the voice thread, for everyone or per user (outShouldMute)', async () => {
    const { sim, ada, bo, audio } = await rawAudioCall({ mutePlayback: true });
    const speakers = () => sim.machine(ada.user).sdkClients[0]!.speakers;
    await advance(sim, 50);
    expect(speakers()).toEqual({ framesPlayed: 0, framesMuted: 5 });
    expect(audio.mutePlayback(false, bo.user.id)).toBe(true);
    await advance(sim, 30);
    expect(speakers()).toEqual({ framesPlayed: 3, framesMuted: 5 });
    // Without a user: everyone, and per-user settings are forgotten.
    expect(audio.mutePlayback(true)).toBe(true);
    await advance(sim, 20);
    expect(speakers()).toEqual({ framesPlayed: 3, framesMuted: 7 });
  });
});

describe('the end of a raw-audio call', () => {
  async function endsReading(end: (ctx: Awaited<ReturnType<typeof rawAudioCall>>) => Promise<unknown>) {
    const ctx = await rawAudioCall();
    const { sim, audio } = ctx;
    let frames = 0;
    const reading = (async () => {
      for await (const batch of audio) frames += batch.frames.length;
    })();
    await advance(sim, 30);
    if (voiceThreads() !== null) expect(voiceThreads()).toBeGreaterThanOrEqual(1);
    await end(ctx);
    await sim.settle();
    await reading; // the reader's loop ends
    expect(audio.ended).toBe(true);
    expect(frames).toBe(6);
    await advance(sim, 100);
    expect(audio.read()).toBeNull(); // no frame after the end
    // The simulated engine's audio thread was joined with the last raw-audio call.
    if (voiceThreads() !== null) expect(voiceThreads()).toBe(0);
    return ctx;
  }

  it('ends with endCall()', async () => {
    await endsReading(({ ada, lobbyId }) => ada.client.endCall(lobbyId));
  });

  it('ends when the user leaves the lobby', async () => {
    await endsReading(({ ada, lobbyId }) => ada.client.leaveLobby(lobbyId));
  });

  it('ends with client.close()', async () => {
    const { ada } = await endsReading(({ ada }) => ada.client.close());
    expect(ada.client.getDefaultAudioDeviceId()).toBeNull();
  });

  it('a later raw-audio call of the lobby starts again from frame 0', async () => {
    const { sim, ada, lobbyId, audio } = await rawAudioCall();
    await ada.client.endCall(lobbyId);
    expect(audio.read()).toBeNull();
    const again: RawAudioCall = await ada.client.startCallWithAudio(lobbyId);
    await advance(sim, 10);
    expect(again.read()!.frames.map((f) => f.index)).toEqual([0, 1]);
  });
});

describe('bad arguments', () => {
  it('are refused with clear errors, and no call starts', async () => {
    const { all } = await players(1);
    const client = all[0]!.client;
    const lobbyId = await client.createOrJoinLobby('raw-audio');
    const cases: [unknown, unknown, RegExp][] = [
      [lobbyId, { bufferFrames: 0 }, /options\.bufferFrames must be an integer from 1 to 4096, got 0/],
      [lobbyId, { bufferFrames: 4097 }, /options\.bufferFrames must be an integer from 1 to 4096/],
      [lobbyId, { bufferFrames: 1.5 }, /options\.bufferFrames must be an integer/],
      [lobbyId, { bufferFrames: '8' }, /options\.bufferFrames must be a number, got string/],
      [lobbyId, { mutePlayback: 1 }, /options\.mutePlayback must be a boolean, got number/],
      [lobbyId, 'loud', /options must be an object or undefined, got string/],
      ['not-an-id', undefined, /lobbyId/],
    ];
    for (const [id, options, message] of cases) {
      const error = await rejectionOf(client.startCallWithAudio(id as string, options as object));
      expect(error.message).toMatch(message);
      expect(error).toBeInstanceOf(Error);
    }
    expect(client.getCalls()).toEqual([]);
  });

  it("refuses a second call of the same lobby and a lobby the user is not in, as startCall() does", async () => {
    const { ada, bo, lobbyId, audio } = await rawAudioCall();
    expect(await rejectionOf(ada.client.startCallWithAudio(lobbyId))).toMatchObject({ type: 'ValidationError' });
    expect(audio.ended).toBe(false);
    const outsider = await bo.client.createOrJoinLobby('bo-only');
    expect(await rejectionOf(ada.client.startCallWithAudio(outsider))).toMatchObject({ type: 'AuthorizationFailed' });
  });

  it('checks read() and mutePlayback() arguments', async () => {
    const { audio } = await rawAudioCall();
    expect(() => audio.read(0)).toThrow(RangeError);
    expect(() => audio.read(Number.NaN)).toThrow(RangeError);
    expect(() => audio.mutePlayback('yes' as unknown as boolean)).toThrow(/muted must be a boolean, got string/);
    expect(() => audio.mutePlayback(true, 'bo')).toThrow(RangeError);
  });
});

describe('getDefaultAudioDeviceId', () => {
  it("answers the machine's default microphone, the one isDefault marks", async () => {
    const { sim, all } = await players(1);
    const { client, user } = all[0]! as { client: Player['client']; user: User };
    const defaults = (await client.getInputDevices()).filter((d) => d.isDefault);
    expect(client.getDefaultAudioDeviceId()).toBe(defaults[0]!.id);
    sim.machine(user).plug({ id: 'usb-headset', name: 'USB Headset', kind: 'input', isDefault: true });
    await sim.settle();
    expect(client.getDefaultAudioDeviceId()).toBe('usb-headset');
    expect((await client.getInputDevices()).find((d) => d.isDefault)?.id).toBe('usb-headset');
  });

  it('is null before sign-in', () => {
    const sim = new sdk.Simulator();
    const client = sim.createClient({ applicationId: sim.defaultApplication.id });
    expect(client.getDefaultAudioDeviceId()).toBeNull();
    return client.close();
  });
});
