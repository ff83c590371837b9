// Raw audio for a game's own audio pipeline: join a lobby call with its PCM, play the others'
// voices through your mixer (Discord's own playback muted), meter the microphone, and notice
// when a slow reader lost frames. The simulator plays the machines: bo speaks, ada answers.
const { Simulator } = require('social-sdk-node');

async function main() {
  const sim = new Simulator();
  const adaUser = sim.createUser({ username: 'ada' });
  const boUser = sim.createUser({ username: 'bo' });
  const ada = await sim.connectClient(adaUser);
  const bo = await sim.connectClient(boUser);
  try {
    const lobbyId = await ada.createOrJoinLobby('squad-voice');
    await bo.createOrJoinLobby('squad-voice');
    await bo.startCall(lobbyId);
    console.log(`ada's default microphone: ${ada.getDefaultAudioDeviceId()}`);

    // Discord plays nothing itself: the game mixes the frames (outShouldMute for everyone).
    const audio = await ada.startCallWithAudio(lobbyId, { mutePlayback: true, bufferFrames: 64 });
    const peak = (samples) => samples.reduce((max, s) => Math.max(max, Math.abs(s)), 0);
    const reading = (async () => {
      const heard = new Map();
      let lost = 0;
      for await (const { frames, dropped } of audio) {
        lost += dropped;
        for (const frame of frames) {
          const who = frame.source === 'captured' ? 'ada (microphone)' : frame.userId === boUser.id ? 'bo' : frame.userId;
          const seen = heard.get(who) ?? { frames: 0, peak: 0, format: `${frame.sampleRate} Hz x${frame.channels}` };
          heard.set(who, { ...seen, frames: seen.frames + 1, peak: Math.max(seen.peak, peak(frame.samples)) });
        }
      }
      return { heard, lost };
    })();

    sim.machine(boUser).speak(); // bo talks for 200 ms
    await sim.settle();
    sim.advance(200);
    await sim.settle();
    sim.machine(boUser).speak(false);
    sim.machine(adaUser).speak(); // then ada answers for 100 ms
    await sim.settle();
    sim.advance(100);
    await sim.settle();

    await ada.endCall(lobbyId); // reading ends with the call
    const { heard, lost } = await reading;
    for (const [who, { frames, peak: loudest, format }] of heard) console.log(`${who}: ${frames} frames of ${format}, peak ${loudest}`);
    console.log(`frames lost to a slow reader: ${lost}`);
    console.log('speakers:', JSON.stringify(sim.machine(adaUser).sdkClients[0].speakers));
  } finally {
    await Promise.all([ada.close(), bo.close()]);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
