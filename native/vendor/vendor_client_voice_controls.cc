// The voice engine's controls over discordpp: audio devices (GetInputDevices ... SetDeviceChangeCallback),
// volumes, the per-call controls (Call::SetParticipantVolume, SetLocalMute, SetAudioMode,
// SetVADThreshold, SetPTTActive, SetPTTReleaseDelay), no-audio-input detection and audio processing
// (SetNoiseCancellation only with SDK 1.9+, SOCIAL_SDK_VENDOR_HAS_NOISE_CANCELLATION).
#include <utility>

#include "vendor/translate.h"
#include "vendor/vendor_backend.h"
#include "vendor/vendor_client.h"

namespace vendor {

// The casts below rely on these.
static_assert(SameValue(discordpp::AudioModeType::MODE_UNINIT, sdk::AudioMode::Uninit) &&
              SameValue(discordpp::AudioModeType::MODE_VAD, sdk::AudioMode::VoiceActivity) &&
              SameValue(discordpp::AudioModeType::MODE_PTT, sdk::AudioMode::PushToTalk));

namespace {
// Through `auto`: newer SDK generations return their own string type (see sdk-api.md, section 9).
sdk::AudioDevice ToAudioDevice(const discordpp::AudioDevice& device) {
  const auto id = device.Id();
  const auto name = device.Name();
  return sdk::AudioDevice{std::string(id), std::string(name), device.IsDefault()};
}

std::vector<sdk::AudioDevice> ToAudioDevices(const std::vector<discordpp::AudioDevice>& devices) {
  std::vector<sdk::AudioDevice> out;
  out.reserve(devices.size());
  for (const discordpp::AudioDevice& device : devices) out.push_back(ToAudioDevice(device));
  return out;
}
}  // namespace

// ---- devices ---------------------------------------------------------------------------------

void VendorClient::GetInputDevices(AudioDevicesCallback done) {
  auto settle = Pending<std::vector<sdk::AudioDevice>>(std::move(done));
  client_->GetInputDevices([settle](std::vector<discordpp::AudioDevice> devices) {
    settle(sdk::Result::Success(), ToAudioDevices(devices));
  });
}

void VendorClient::GetOutputDevices(AudioDevicesCallback done) {
  auto settle = Pending<std::vector<sdk::AudioDevice>>(std::move(done));
  client_->GetOutputDevices([settle](std::vector<discordpp::AudioDevice> devices) {
    settle(sdk::Result::Success(), ToAudioDevices(devices));
  });
}

void VendorClient::GetCurrentInputDevice(AudioDeviceCallback done) {
  auto settle = Pending<sdk::AudioDevice>(std::move(done));
  client_->GetCurrentInputDevice([settle](discordpp::AudioDevice device) { settle(sdk::Result::Success(), ToAudioDevice(device)); });
}

void VendorClient::GetCurrentOutputDevice(AudioDeviceCallback done) {
  auto settle = Pending<sdk::AudioDevice>(std::move(done));
  client_->GetCurrentOutputDevice([settle](discordpp::AudioDevice device) { settle(sdk::Result::Success(), ToAudioDevice(device)); });
}

void VendorClient::SetInputDevice(std::string deviceId, ResultCallback done) {
  auto settle = Pending<>(std::move(done));
  client_->SetInputDevice(deviceId, WhileOpen([this, settle, deviceId](discordpp::ClientResult result) {
    sdk::Result outcome = ToResult(result);
    if (outcome.ok()) chosenInput_ = deviceId;
    settle(std::move(outcome));
  }));
}

void VendorClient::SetOutputDevice(std::string deviceId, ResultCallback done) {
  auto settle = Pending<>(std::move(done));
  client_->SetOutputDevice(deviceId, WhileOpen([this, settle, deviceId](discordpp::ClientResult result) {
    sdk::Result outcome = ToResult(result);
    if (outcome.ok()) chosenOutput_ = deviceId;
    settle(std::move(outcome));
  }));
}

std::string VendorClient::CurrentAfterChange(const std::vector<sdk::AudioDevice>& devices, std::string& chosen,
                                             bool* fellBack) {
  std::string fallback;
  for (const sdk::AudioDevice& device : devices) {
    if (!chosen.empty() && device.id == chosen) return chosen;
    if (device.isDefault && fallback.empty()) fallback = device.id;
  }
  *fellBack = !chosen.empty();
  chosen.clear();
  return fallback;
}

void VendorClient::SetAudioDevicesChangedCallback(AudioDevicesChangedCallback cb) {
  // As SetVoiceSettingsUpdatedCallback: registered with the library once, later calls replace the target.
  const bool first = !onAudioDevicesChanged_;
  onAudioDevicesChanged_ = std::move(cb);
  if (!first || !client_) return;
  client_->SetDeviceChangeCallback(WhileOpen([this](std::vector<discordpp::AudioDevice> inputDevices,
                                                    std::vector<discordpp::AudioDevice> outputDevices) {
    sdk::AudioDevicesChange change{ToAudioDevices(inputDevices), ToAudioDevices(outputDevices), {}, {}};
    change.currentInputId = CurrentAfterChange(change.inputDevices, chosenInput_, &change.inputFellBack);
    change.currentOutputId = CurrentAfterChange(change.outputDevices, chosenOutput_, &change.outputFellBack);
    Post([this, change = std::move(change)] {
      if (onAudioDevicesChanged_) onAudioDevicesChanged_(change);
    });
  }));
}

// ---- volumes, no audio input, processing -----------------------------------------------------

void VendorClient::SetInputVolume(float volume) { client_->SetInputVolume(volume); }
float VendorClient::GetInputVolume() const { return client_ ? client_->GetInputVolume() : 0; }
void VendorClient::SetOutputVolume(float volume) { client_->SetOutputVolume(volume); }
float VendorClient::GetOutputVolume() const { return client_ ? client_->GetOutputVolume() : 0; }

void VendorClient::SetNoAudioInputThreshold(float dBFS) { client_->SetNoAudioInputThreshold(dBFS); }

void VendorClient::SetNoAudioInputCallback(NoAudioInputCallback cb) {
  const bool first = !onNoAudioInput_;
  onNoAudioInput_ = std::move(cb);
  if (!first || !client_) return;
  client_->SetNoAudioInputCallback(WhileOpen([this](bool inputDetected) {
    Post([this, inputDetected] {
      if (onNoAudioInput_) onNoAudioInput_(inputDetected);
    });
  }));
}

void VendorClient::SetAutomaticGainControl(bool on) {
  client_->SetAutomaticGainControl(on);
  automaticGainControl_ = on;
}
bool VendorClient::GetAutomaticGainControl() const { return automaticGainControl_; }

void VendorClient::SetEchoCancellation(bool on) {
  client_->SetEchoCancellation(on);
  echoCancellation_ = on;
}
bool VendorClient::GetEchoCancellation() const { return echoCancellation_; }

void VendorClient::SetNoiseSuppression(bool on) {
  client_->SetNoiseSuppression(on);
  noiseSuppression_ = on;
}
bool VendorClient::GetNoiseSuppression() const { return noiseSuppression_; }

void VendorClient::SetNoiseCancellation(bool on) {
#if SOCIAL_SDK_VENDOR_HAS_NOISE_CANCELLATION
  client_->SetNoiseCancellation(on);
  noiseCancellation_ = on;
#else
  (void)on;  // no Krisp before SDK 1.9: the switch stays off (features.noiseCancellation is false)
#endif
}
bool VendorClient::GetNoiseCancellation() const { return noiseCancellation_; }

// ---- per-call controls -----------------------------------------------------------------------

bool VendorClient::SetParticipantVolume(sdk::Snowflake lobbyId, sdk::Snowflake userId, float volume) {
  discordpp::Call call = client_->GetCall(lobbyId);
  if (!call) return false;
  call.SetParticipantVolume(userId, volume);
  return true;
}

bool VendorClient::SetLocalMute(sdk::Snowflake lobbyId, sdk::Snowflake userId, bool mute) {
  discordpp::Call call = client_->GetCall(lobbyId);
  if (!call) return false;
  call.SetLocalMute(userId, mute);
  return true;
}

bool VendorClient::SetAudioMode(sdk::Snowflake lobbyId, sdk::AudioMode mode) {
  discordpp::Call call = client_->GetCall(lobbyId);
  if (!call) return false;
  call.SetAudioMode(static_cast<discordpp::AudioModeType>(static_cast<int32_t>(mode)));
  return true;
}

bool VendorClient::SetVADThreshold(sdk::Snowflake lobbyId, bool automatic, float threshold) {
  discordpp::Call call = client_->GetCall(lobbyId);
  if (!call) return false;
  call.SetVADThreshold(automatic, threshold);
  return true;
}

bool VendorClient::SetPTTReleaseDelay(sdk::Snowflake lobbyId, uint32_t delayMs) {
  discordpp::Call call = client_->GetCall(lobbyId);
  if (!call) return false;
  call.SetPTTReleaseDelay(delayMs);
  return true;
}

bool VendorClient::SetPTTActive(sdk::Snowflake lobbyId, bool active) {
  discordpp::Call call = client_->GetCall(lobbyId);
  if (!call) return false;
  call.SetPTTActive(active);
  return true;
}

// The voice engine's diagnostics and the SDK's threads: handed to the library as given (it takes
// SetOpusHardwareCoding and SetVoiceLogDir only right after construction, and says so in its log).
void VendorClient::SetAecDump(bool on) {
  if (client_) client_->SetAecDump(on);
}

void VendorClient::SetOpusHardwareCoding(bool encode, bool decode) {
  if (client_) client_->SetOpusHardwareCoding(encode, decode);
}

void VendorClient::SetVoiceLogDir(std::string path, sdk::LogSeverity minSeverity) {
  if (client_) client_->SetVoiceLogDir(path, FromSeverity(minSeverity));
}

void VendorClient::SetThreadPriority(sdk::Thread thread, int32_t priority) {
  if (client_) client_->SetThreadPriority(static_cast<discordpp::Client::Thread>(static_cast<int32_t>(thread)), priority);
}

}  // namespace vendor
