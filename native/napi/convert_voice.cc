// JS shapes of the voice values. Enums cross the seam as the vendor's integers; lib/voice.ts
// names them.
#include "napi/convert.h"

Napi::Object CallToJs(Napi::Env env, const sdk::CallInfo& call) {
  Napi::Object out = Napi::Object::New(env);
  out.Set("lobbyId", SnowflakeToJs(env, call.lobbyId));
  out.Set("status", static_cast<int32_t>(call.status));
  Napi::Array participants = Napi::Array::New(env, call.participants.size());
  for (size_t i = 0; i < call.participants.size(); ++i) {
    const sdk::VoiceState& state = call.participants[i];
    Napi::Object entry = Napi::Object::New(env);
    entry.Set("userId", SnowflakeToJs(env, state.userId));
    entry.Set("selfMute", state.selfMute);
    entry.Set("selfDeaf", state.selfDeaf);
    entry.Set("volume", static_cast<double>(state.volume));
    entry.Set("localMute", state.localMute);
    participants.Set(static_cast<uint32_t>(i), entry);
  }
  out.Set("participants", participants);
  out.Set("selfMute", call.selfMute);
  out.Set("selfDeaf", call.selfDeaf);
  out.Set("audioMode", static_cast<int32_t>(call.audioMode));
  out.Set("vadAutomatic", call.vadAutomatic);
  out.Set("vadThreshold", static_cast<double>(call.vadThreshold));
  out.Set("pttActive", call.pttActive);
  out.Set("pttReleaseDelayMs", call.pttReleaseDelayMs);
  return out;
}

Napi::Object VoiceSettingsToJs(Napi::Env env, const sdk::VoiceSettings& settings) {
  Napi::Object out = Napi::Object::New(env);
  out.Set("selfMute", settings.selfMute);
  out.Set("selfDeaf", settings.selfDeaf);
  out.Set("inputMode", static_cast<int32_t>(settings.inputMode));
  out.Set("pttKey", settings.pttKey);
  out.Set("inputVolume", static_cast<double>(settings.inputVolume));
  out.Set("outputVolume", static_cast<double>(settings.outputVolume));
  out.Set("automaticGainControl", settings.automaticGainControl);
  out.Set("echoCancellation", settings.echoCancellation);
  out.Set("noiseSuppression", settings.noiseSuppression);
  out.Set("noiseCancellation", settings.noiseCancellation);
  return out;
}

Napi::Value AudioDeviceToJs(Napi::Env env, const sdk::AudioDevice& device) {
  if (device.id.empty()) return env.Null();
  Napi::Object out = Napi::Object::New(env);
  out.Set("id", device.id);
  out.Set("name", device.name);
  out.Set("isDefault", device.isDefault);
  return out;
}

Napi::Array AudioDevicesToJs(Napi::Env env, const std::vector<sdk::AudioDevice>& devices) {
  Napi::Array out = Napi::Array::New(env);
  uint32_t next = 0;
  for (const sdk::AudioDevice& device : devices) {
    if (!device.id.empty()) out.Set(next++, AudioDeviceToJs(env, device));
  }
  return out;
}

Napi::Object AudioDevicesChangeToJs(Napi::Env env, const sdk::AudioDevicesChange& change) {
  Napi::Object out = Napi::Object::New(env);
  out.Set("inputDevices", AudioDevicesToJs(env, change.inputDevices));
  out.Set("outputDevices", AudioDevicesToJs(env, change.outputDevices));
  out.Set("currentInputId", change.currentInputId);
  out.Set("currentOutputId", change.currentOutputId);
  out.Set("inputFellBack", change.inputFellBack);
  out.Set("outputFellBack", change.outputFellBack);
  return out;
}
