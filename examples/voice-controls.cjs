// Voice controls for a launcher's voice settings screen and an in-game overlay: devices and
// hot-plug, volumes, push-to-talk driven by the game, speaking indicators, audio processing.
// The simulator plays the machine (plugging a headset in and out) and the players' voices.
const { Simulator } = require('social-sdk-node');

async function main() {
  const sim = new Simulator();
  const adaUser = sim.createUser({ username: 'ada' });
  const ada = await sim.connectClient(adaUser);
  const bo = await sim.connectClient(sim.createUser({ username: 'bo' }));
  try {
    // The settings screen: pick the headset once it is plugged in.
    ada.on('audioDevicesChanged', ({ inputDevices, currentInputId, inputFellBack }) => {
      console.log(`microphones: ${inputDevices.map((d) => d.id).join(', ')}; using ${currentInputId}${inputFellBack ? ' (fell back to the default)' : ''}`);
    });
    sim.machine(adaUser).plug({ id: 'usb-headset', name: 'USB Headset', kind: 'input' });
    await sim.settle();
    await ada.setInputDevice('usb-headset');
    console.log(`current microphone: ${(await ada.getCurrentInputDevice()).name}`);
    ada.setInputVolume(80); // 0-100; 101 would be a RangeError, with nothing changed
    ada.setOutputVolume(150); // 0-200
    console.log('processing:', JSON.stringify(ada.setAudioProcessing({ echoCancellation: false })));

    // In game: a lobby call, push-to-talk on the game's key, speaking indicators on the overlay.
    const lobbyId = await ada.createOrJoinLobby('squad-voice');
    await bo.createOrJoinLobby('squad-voice');
    await ada.startCall(lobbyId);
    await bo.startCall(lobbyId);
    bo.on('speakingChanged', ({ userId, speaking }) => console.log(`bo's overlay: ${userId === adaUser.id ? 'ada' : userId} ${speaking ? 'speaks' : 'is silent'}`));
    ada.setInputMode(lobbyId, { mode: 'pushToTalk', releaseDelayMs: 200 });
    sim.machine(adaUser).speak(); // ada talks, but her key is up: nothing goes out
    await sim.settle();
    ada.setPushToTalkActive(lobbyId, true); // key down
    await sim.settle();
    ada.setPushToTalkActive(lobbyId, false); // key up: voice still goes out for 200 ms
    sim.advance(200);
    await sim.settle();
    bo.setParticipantVolume(lobbyId, adaUser.id, 120); // only bo hears ada louder
    console.log('bo hears ada at', bo.getCall(lobbyId).participants.find((p) => p.userId === adaUser.id).volume);

    // The headset is pulled out: ada's client falls back to the built-in microphone.
    sim.machine(adaUser).unplug('usb-headset');
    await sim.settle();
  } finally {
    await Promise.all([ada.close(), bo.close()]);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
