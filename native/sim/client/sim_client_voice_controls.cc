// The simulated client's voice engine controls: the audio devices of the signed-in user's machine
// (lists, the device in use, hot-plug with fallback to the default), volumes, the per-call input
// mode (voice activity or push-to-talk) and participant settings, speaking, no-audio-input
// detection and audio processing. Reads are local to the engine: no service round trip.
#include <algorithm>
#include <utility>

#include "sim/client/sim_client.h"

namespace sim {

namespace {
const char* Kind(bool input) { return input ? "input" : "output"; }
float Clamp(float value, float low, float high) { return std::max(low, std::min(high, value)); }
bool Plugged(const std::vector<sdk::AudioDevice>& devices, const std::string& id) {
  return std::any_of(devices.begin(), devices.end(), [&](const sdk::AudioDevice& d) { return d.id == id; });
}
}  // namespace

void SimClient::LocalOperation(uint64_t op, std::function<void(sdk::Snowflake user)> body) {
  const bool posted = Post([this, op, body = std::move(body)] {
    sdk::Snowflake app = 0, user = 0;
    sdk::Result failure;
    if (!SignedIn(&app, &user, &failure)) return CompleteOperation(op, std::move(failure));
    body(user);
  });
  if (!posted) CompleteOperation(op, sdk::Result::Failure(sdk::ErrorType::ClientDestroyed, "the client was closed"));
}

const SimClient::VoiceEngine& SimClient::EngineLocked() const {
  static const VoiceEngine kUnchanged;
  return engine_ ? *engine_ : kUnchanged;
}

sdk::AudioDevice SimClient::CurrentDeviceLocked(const Machine& machine, bool input) const {
  const auto& devices = input ? machine.inputDevices : machine.outputDevices;
  const std::string& chosen = input ? EngineLocked().chosenInput : EngineLocked().chosenOutput;
  for (const sdk::AudioDevice& device : devices) {
    if (!chosen.empty() && device.id == chosen) return device;
  }
  return MachineAudio::DefaultOf(devices);
}

// ---- devices ---------------------------------------------------------------------------------

void SimClient::ReadDevices(bool input, AudioDevicesCallback done) {
  const uint64_t op = BeginValueOperation(done);
  LocalOperation(op, [this, op, input, done](sdk::Snowflake user) {
    const Machine machine = world_->MachineOf(user);
    std::vector<sdk::AudioDevice> devices = input ? machine.inputDevices : machine.outputDevices;
    FinishOperation(op, [done, devices = std::move(devices)] { done(sdk::Result::Success(), devices); });
  });
}

void SimClient::ReadCurrentDevice(bool input, AudioDeviceCallback done) {
  const uint64_t op = BeginValueOperation(done);
  LocalOperation(op, [this, op, input, done](sdk::Snowflake user) {
    const Machine machine = world_->MachineOf(user);
    sdk::AudioDevice device;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      device = CurrentDeviceLocked(machine, input);
    }
    FinishOperation(op, [done, device = std::move(device)] { done(sdk::Result::Success(), device); });
  });
}

void SimClient::ChooseDevice(bool input, std::string deviceId, ResultCallback done) {
  const uint64_t op = BeginOperation(std::move(done));
  LocalOperation(op, [this, op, input, deviceId = std::move(deviceId)](sdk::Snowflake user) {
    const Machine machine = world_->MachineOf(user);
    if (!Plugged(input ? machine.inputDevices : machine.outputDevices, deviceId)) {
      // Not the id itself: an error never echoes what the caller passed (it could be a secret).
      return CompleteOperation(op, sdk::Result::Failure(sdk::ErrorType::ValidationError,
                                                        std::string("no ") + Kind(input) + " device with that id is plugged in"));
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      (input ? engine_.Ensure().chosenInput : engine_.Ensure().chosenOutput) = deviceId;
    }
    Log(sdk::LogSeverity::Info, std::string("Audio: ") + Kind(input) + " device set to '" + deviceId + "'", true);
    CompleteOperation(op, sdk::Result::Success());
  });
}

void SimClient::GetInputDevices(AudioDevicesCallback done) { ReadDevices(true, std::move(done)); }
void SimClient::GetOutputDevices(AudioDevicesCallback done) { ReadDevices(false, std::move(done)); }
void SimClient::GetCurrentInputDevice(AudioDeviceCallback done) { ReadCurrentDevice(true, std::move(done)); }
void SimClient::GetCurrentOutputDevice(AudioDeviceCallback done) { ReadCurrentDevice(false, std::move(done)); }
void SimClient::SetInputDevice(std::string deviceId, ResultCallback done) {
  ChooseDevice(true, std::move(deviceId), std::move(done));
}
void SimClient::SetOutputDevice(std::string deviceId, ResultCallback done) {
  ChooseDevice(false, std::move(deviceId), std::move(done));
}

void SimClient::SetAudioDevicesChangedCallback(AudioDevicesChangedCallback cb) {
  std::lock_guard<std::mutex> lock(mutex_);
  callbacks_.Set(&ClientCallbacks::audioDevices, std::move(cb));
}

void SimClient::OnMachineAudioChanged(const Machine& machine, bool devicesChanged) {
  Post([this, machine, devicesChanged] { MachineAudioChanged(machine, devicesChanged); });
}

float SimClient::InputLevel(sdk::Snowflake user) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (EngineLocked().levelUser == user) return EngineLocked().inputLevel;
  }
  const float level = world_->MachineOf(user).inputLevel;  // not under mutex_ (lock order)
  std::lock_guard<std::mutex> lock(mutex_);
  engine_.Ensure().inputLevel = level;
  engine_.Ensure().levelUser = user;
  return level;
}

void SimClient::MachineAudioChanged(const Machine& machine, bool devicesChanged) {
  const sdk::Snowflake user = sessionUserId_.load();
  if (status_.load() != sdk::Status::Ready || user == 0) return;
  {
    // Each change is evaluated with the level it brought, so none is skipped however fast they come.
    std::lock_guard<std::mutex> lock(mutex_);
    engine_.Ensure().inputLevel = machine.inputLevel;
    engine_.Ensure().levelUser = user;
  }
  if (devicesChanged) {
    sdk::AudioDevicesChange change{machine.inputDevices, machine.outputDevices, {}, {}};
    std::vector<std::string> fallbacks;
    std::shared_ptr<const AudioDevicesChangedCallback> cb;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      for (bool input : {true, false}) {
        const std::string& chosen = input ? EngineLocked().chosenInput : EngineLocked().chosenOutput;
        if (chosen.empty() || Plugged(input ? machine.inputDevices : machine.outputDevices, chosen)) continue;
        // The device in use went: the engine falls back to the default one.
        fallbacks.push_back(std::string("Audio: ") + Kind(input) + " device '" + chosen +
                            "' was unplugged; using the default device");
        (input ? engine_.Ensure().chosenInput : engine_.Ensure().chosenOutput).clear();
        (input ? change.inputFellBack : change.outputFellBack) = true;
      }
      change.currentInputId = CurrentDeviceLocked(machine, true).id;
      change.currentOutputId = CurrentDeviceLocked(machine, false).id;
      cb = callbacks_.Get(&ClientCallbacks::audioDevices);
    }
    for (std::string& line : fallbacks) Log(sdk::LogSeverity::Warning, std::move(line), true);
    if (cb) Deliver([cb = std::move(cb), change = std::move(change)] { (*cb)(change); });
    return;
  }
  UpdateNoAudioInput();
  UpdateAllSpeaking();
}

// ---- volumes and processing ------------------------------------------------------------------

void SimClient::SetInputVolume(float volume) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    engine_.Ensure().inputVolume = Clamp(volume, 0, sdk::kMaxInputVolume);
  }
  Post([this] { UpdateAllSpeaking(); });  // a microphone at 0 sends nothing
}

float SimClient::GetInputVolume() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return EngineLocked().inputVolume;
}

void SimClient::SetOutputVolume(float volume) {
  std::lock_guard<std::mutex> lock(mutex_);
  engine_.Ensure().outputVolume = Clamp(volume, 0, sdk::kMaxOutputVolume);
}

float SimClient::GetOutputVolume() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return EngineLocked().outputVolume;
}

void SimClient::SetAutomaticGainControl(bool on) {
  std::lock_guard<std::mutex> lock(mutex_);
  engine_.Ensure().automaticGainControl = on;
}

bool SimClient::GetAutomaticGainControl() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return EngineLocked().automaticGainControl;
}

void SimClient::SetEchoCancellation(bool on) {
  std::lock_guard<std::mutex> lock(mutex_);
  engine_.Ensure().echoCancellation = on;
}

bool SimClient::GetEchoCancellation() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return EngineLocked().echoCancellation;
}

// Krisp and the basic noise suppression exclude each other. discordpp.h 1.9.16441,
// Client::SetNoiseCancellation: "Defaults to off. When enabled, noise suppression is
// automatically disabled."; the managing-voice-chat guide (discord-api-docs): "Krisp and WebRTC
// noise suppression are mutually exclusive". Our choices where they are silent: turning
// suppression on turns Krisp off (the last switch turned on wins, so the two are never both on);
// turning Krisp off leaves suppression off (nothing says it comes back).
void SimClient::SetNoiseSuppression(bool on) {
  std::lock_guard<std::mutex> lock(mutex_);
  engine_.Ensure().noiseSuppression = on;
  if (on) engine_.Ensure().noiseCancellation = false;
}

bool SimClient::GetNoiseSuppression() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return EngineLocked().noiseSuppression;
}

void SimClient::SetNoiseCancellation(bool on) {
  // Krisp came in SDK 1.9: an older SDK has no such switch.
  const sdk::Version& version = world_->version();
  if (version.major == 1 && version.minor < 9) return;
  std::lock_guard<std::mutex> lock(mutex_);
  engine_.Ensure().noiseCancellation = on;
  if (on) engine_.Ensure().noiseSuppression = false;
}

bool SimClient::GetNoiseCancellation() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return EngineLocked().noiseCancellation;
}

// ---- no audio input --------------------------------------------------------------------------

void SimClient::SetNoAudioInputThreshold(float dBFS) {
  // discordpp.h 1.9.16441, Client::SetNoAudioInputThreshold: "the range is [-100.0, 100.0]". A
  // microphone's level is at most 0 dBFS, so a threshold above 0 never detects input.
  constexpr float kMaxNoAudioInputThreshold = 100;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    engine_.Ensure().noAudioInputThreshold = Clamp(dBFS, sdk::kMinDecibels, kMaxNoAudioInputThreshold);
  }
  Post([this] { UpdateNoAudioInput(); });
}

void SimClient::SetNoAudioInputCallback(NoAudioInputCallback cb) {
  std::lock_guard<std::mutex> lock(mutex_);
  callbacks_.Set(&ClientCallbacks::noAudioInput, std::move(cb));
}

void SimClient::UpdateNoAudioInput() {
  const sdk::Snowflake user = sessionUserId_.load();
  if (status_.load() != sdk::Status::Ready || user == 0) return;
  const float level = InputLevel(user);
  std::shared_ptr<const NoAudioInputCallback> cb;
  bool detected = false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    detected = level >= EngineLocked().noAudioInputThreshold;
    if (detected == EngineLocked().inputDetected) return;
    engine_.Ensure().inputDetected = detected;
    cb = callbacks_.Get(&ClientCallbacks::noAudioInput);
  }
  if (!detected) Log(sdk::LogSeverity::Warning, "Audio: no audio input detected from the microphone", true);
  if (cb) Deliver([cb = std::move(cb), detected] { (*cb)(detected); });
}

// ---- per-call controls and speaking ----------------------------------------------------------

bool SimClient::SetParticipantVolume(sdk::Snowflake lobbyId, sdk::Snowflake userId, float volume) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = calls_.find(lobbyId);
  if (it == calls_.end()) return false;
  it->second.participantVolume[userId] = Clamp(volume, 0, sdk::kMaxParticipantVolume);
  return true;
}

bool SimClient::SetLocalMute(sdk::Snowflake lobbyId, sdk::Snowflake userId, bool mute) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = calls_.find(lobbyId);
  if (it == calls_.end()) return false;
  it->second.localMute[userId] = mute;
  return true;
}

bool SimClient::SetAudioMode(sdk::Snowflake lobbyId, sdk::AudioMode mode) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = calls_.find(lobbyId);
    if (it == calls_.end()) return false;
    // Uninit is the engine's state before a mode is chosen, not one to choose: voice activity.
    it->second.audioMode = mode == sdk::AudioMode::PushToTalk ? mode : sdk::AudioMode::VoiceActivity;
  }
  Post([this, lobbyId] { UpdateSpeaking(lobbyId); });
  return true;
}

bool SimClient::SetVADThreshold(sdk::Snowflake lobbyId, bool automatic, float threshold) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = calls_.find(lobbyId);
    if (it == calls_.end()) return false;
    it->second.vadAutomatic = automatic;
    it->second.vadThreshold = Clamp(threshold, sdk::kMinDecibels, 0);
  }
  Post([this, lobbyId] { UpdateSpeaking(lobbyId); });
  return true;
}

bool SimClient::SetPTTReleaseDelay(sdk::Snowflake lobbyId, uint32_t delayMs) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = calls_.find(lobbyId);
  if (it == calls_.end()) return false;
  it->second.pttReleaseDelayMs = std::min(delayMs, sdk::kMaxPttReleaseDelayMs);
  return true;
}

bool SimClient::SetPTTActive(sdk::Snowflake lobbyId, bool active) {
  const uint64_t now = world_->Now();  // before mutex_: the world's lock is never taken under it
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = calls_.find(lobbyId);
    if (it == calls_.end()) return false;
    if (it->second.pttActive && !active) it->second.pttReleasedAtMs = now;
    it->second.pttActive = active;
  }
  Post([this, lobbyId] { UpdateSpeaking(lobbyId); });
  return true;
}

void SimClient::UpdateAllSpeaking() {
  std::vector<sdk::Snowflake> lobbies;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto& entry : calls_) lobbies.push_back(entry.first);
  }
  for (sdk::Snowflake lobbyId : lobbies) UpdateSpeaking(lobbyId);
}

void SimClient::UpdateSpeaking(sdk::Snowflake lobbyId) {
  const sdk::Snowflake user = sessionUserId_.load();
  if (user == 0) return;
  const float level = InputLevel(user);
  const uint64_t now = world_->Now();
  bool speaking = false;
  uint64_t releaseEndsAt = 0;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = calls_.find(lobbyId);
    if (it == calls_.end() || it->second.status != sdk::CallStatus::Connected) return;
    const LocalCall& call = it->second;
    const bool open = !call.selfMute && !call.selfDeaf && EngineLocked().inputVolume > 0;
    if (call.audioMode == sdk::AudioMode::PushToTalk) {
      // Voice goes out while the key is held, and for the release delay after it is let go.
      const uint64_t holdUntil = call.pttReleasedAtMs + call.pttReleaseDelayMs;
      const bool held = call.pttActive || (call.pttReleasedAtMs != 0 && now < holdUntil);
      if (!call.pttActive && held) releaseEndsAt = holdUntil;
      speaking = open && held && level > sdk::kMinDecibels;
    } else {
      // Automatic sensitivity: the simulated engine settles on the default threshold.
      const float threshold = call.vadAutomatic ? sdk::kDefaultVadThreshold : call.vadThreshold;
      speaking = open && level >= threshold;
    }
  }
  if (releaseEndsAt != 0) world_->ScheduleAt(this, releaseEndsAt, [this, lobbyId] { UpdateSpeaking(lobbyId); });
  // The world ignores a repeat (no change for the participant), so telling it again is harmless.
  world_->SetSpeaking(lobbyId, this, speaking);
}

// The voice engine's diagnostics and the SDK's threads: the simulator has no audio engine, no
// files and no threads of these names, so it records what the game set (the harness reads it
// through sim.machine(user).sdkClients) and writes no file.

void SimClient::SetAecDump(bool on) {
  std::lock_guard<std::mutex> lock(settingsMutex_);
  settings_.Ensure().aecDump = on;
}

void SimClient::SetOpusHardwareCoding(bool encode, bool decode) {
  // discordpp.h: "This must be called immediately after constructing the Client. If called too
  // late an error will be logged and the setting will not take effect." Too late: once connect()
  // was called (our choice).
  if (connectCalled_.load()) {
    // Logged from the service thread: the JS thread never waits for the pump's queue.
    Post([this] { Log(sdk::LogSeverity::Error, "SetOpusHardwareCoding was called too late (after Connect): not applied", true); });
    return;
  }
  std::lock_guard<std::mutex> lock(settingsMutex_);
  sim::SdkSettings& settings = settings_.Ensure();
  settings.opusHardwareEncode = encode;
  settings.opusHardwareDecode = decode;
}

void SimClient::SetVoiceLogDir(std::string path, sdk::LogSeverity minSeverity) {
  // discordpp.h: "This function MUST be invoked immediately after constructing the Client object!
  // It will print out a warning if invoked too late." Not applied then either (our choice).
  if (connectCalled_.load()) {
    Post([this] { Log(sdk::LogSeverity::Warning, "SetVoiceLogDir was called too late (after Connect): not applied", true); });
    return;
  }
  std::lock_guard<std::mutex> lock(settingsMutex_);
  sim::SdkSettings& settings = settings_.Ensure();
  settings.voiceLogDir = std::move(path);
  settings.voiceLogMinSeverity = minSeverity;
}

void SimClient::SetThreadPriority(sdk::Thread thread, int32_t priority) {
  std::lock_guard<std::mutex> lock(settingsMutex_);
  sim::SdkSettings& settings = settings_.Ensure();
  switch (thread) {
    case sdk::Thread::Client:
      settings.clientThreadPriority = priority;
      break;
    case sdk::Thread::Voice:
      settings.voiceThreadPriority = priority;
      break;
    case sdk::Thread::Network:
      settings.networkThreadPriority = priority;
      break;
  }
}

sim::SdkSettings SimClient::Settings() const {
  sim::SdkSettings out;
  {
    std::lock_guard<std::mutex> lock(settingsMutex_);
    if (settings_) out = *settings_;
  }
  // Recorded for the harness's view of the SDK client (sim.machine(user).sdkClients): they change
  // the voice engine's streams on mobile platforms only, which the simulated machine is not.
  out.experimentalAudioSystem = options_.experimentalAudioSystem;
  out.experimentalAndroidPreventCommsForBluetooth = options_.experimentalAndroidPreventCommsForBluetooth;
  // Counted by the raw-audio engine's thread (atomics: no lock of this client on that thread).
  out.speakerFramesPlayed = rawAudio_.FramesPlayed();
  out.speakerFramesMuted = rawAudio_.FramesMuted();
  return out;
}

}  // namespace sim
