// The harness's voice controls of NativeWorld: each user's local chat client (running, RPC
// connection, the voice settings the user picks in it), each user's machine (audio devices, the
// microphone's level) and the log build the simulator imitates.
#include "napi/convert.h"
#include "napi/world_wrap.h"

#include <string>
#include <utility>

namespace sim {

namespace {
sdk::VoiceSettings VoiceSettingsFromJs(const Napi::Object& spec) {
  Napi::Env env = spec.Env();
  auto flag = [&](const char* key) {
    Napi::Value v = spec.Get(key);
    if (!v.IsBoolean()) throw Napi::TypeError::New(env, std::string("settings.") + key + " must be a boolean");
    return v.As<Napi::Boolean>().Value();
  };
  auto number = [&](const char* key, double max) {
    Napi::Value v = spec.Get(key);
    if (!v.IsNumber()) throw Napi::TypeError::New(env, std::string("settings.") + key + " must be a number");
    const double n = v.As<Napi::Number>().DoubleValue();
    if (!(n >= 0 && n <= max)) throw Napi::RangeError::New(env, std::string("settings.") + key + " is out of range");
    return static_cast<float>(n);
  };
  sdk::VoiceSettings settings;
  settings.selfMute = flag("selfMute");
  settings.selfDeaf = flag("selfDeaf");
  const float mode = number("inputMode", 1);
  settings.inputMode = mode == 1 ? sdk::VoiceInputMode::PushToTalk : sdk::VoiceInputMode::VoiceActivity;
  Napi::Value key = spec.Get("pttKey");
  if (!key.IsString()) throw Napi::TypeError::New(env, "settings.pttKey must be a string");
  settings.pttKey = key.As<Napi::String>().Utf8Value();
  settings.inputVolume = number("inputVolume", 100);
  settings.outputVolume = number("outputVolume", 200);
  settings.automaticGainControl = flag("automaticGainControl");
  settings.echoCancellation = flag("echoCancellation");
  settings.noiseSuppression = flag("noiseSuppression");
  settings.noiseCancellation = flag("noiseCancellation");
  return settings;
}
}  // namespace

Napi::Value WorldWrap::SetDebugLogs(const Napi::CallbackInfo& info) {
  world().SetDebugLogs(BoolArg(info, 0, "debug"));
  return info.Env().Undefined();
}

Napi::Value WorldWrap::GetChatClient(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  return ChatClientToJs(env, world().ChatClientOf(SnowflakeFromJs(ArgOrUndefined(info, 0), "userId")));
}

Napi::Value WorldWrap::SetChatClientRunning(const Napi::CallbackInfo& info) {
  const sdk::Snowflake user = SnowflakeFromJs(ArgOrUndefined(info, 0), "userId");
  world().SetChatClientRunning(user, BoolArg(info, 1, "running"));
  return info.Env().Undefined();
}

Napi::Value WorldWrap::SetChatClientRpcConnected(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake user = SnowflakeFromJs(ArgOrUndefined(info, 0), "userId");
  const bool connected = BoolArg(info, 1, "connected");
  Guarded(env, [&] { world().SetChatClientRpcConnected(user, connected); });
  return env.Undefined();
}

Napi::Value WorldWrap::GetSdkSettings(const Napi::CallbackInfo& info) {
  return SdkSettingsListToJs(info.Env(), world().SdkSettingsOf(SnowflakeFromJs(ArgOrUndefined(info, 0), "userId")));
}

Napi::Value WorldWrap::SetChatClientAccount(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake user = SnowflakeFromJs(ArgOrUndefined(info, 0), "userId");
  const sdk::Snowflake account = SnowflakeFromJs(ArgOrUndefined(info, 1), "accountId");
  Guarded(env, [&] { world().SetChatClientAccount(user, account); });
  return env.Undefined();
}

Napi::Value WorldWrap::SetChatClientVoiceSettings(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake user = SnowflakeFromJs(ArgOrUndefined(info, 0), "userId");
  const sdk::VoiceSettings settings = VoiceSettingsFromJs(ObjectArg(info, 1, "settings"));
  Guarded(env, [&] { world().SetChatClientVoiceSettings(user, settings); });
  return env.Undefined();
}

Napi::Value WorldWrap::GetMachineAudio(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  return MachineAudioToJs(env, world().MachineOf(SnowflakeFromJs(ArgOrUndefined(info, 0), "userId")));
}

Napi::Value WorldWrap::PlugAudioDevice(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake user = SnowflakeFromJs(ArgOrUndefined(info, 0), "userId");
  const bool input = BoolArg(info, 1, "input");
  const Napi::Object spec = ObjectArg(info, 2, "device");
  const bool makeDefault = BoolArg(info, 3, "makeDefault");
  auto text = [&](const char* key) {
    Napi::Value value = spec.Get(key);
    if (!value.IsString()) throw Napi::TypeError::New(env, std::string("device.") + key + " must be a string");
    return value.As<Napi::String>().Utf8Value();
  };
  sdk::AudioDevice device;
  device.id = text("id");
  device.name = text("name");
  Guarded(env, [&] { world().PlugAudioDevice(user, input, std::move(device), makeDefault); });
  return env.Undefined();
}

Napi::Value WorldWrap::UnplugAudioDevice(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake user = SnowflakeFromJs(ArgOrUndefined(info, 0), "userId");
  const std::string deviceId = StringArg(info, 1, "deviceId");
  Guarded(env, [&] { world().UnplugAudioDevice(user, deviceId); });
  return env.Undefined();
}

Napi::Value WorldWrap::SetInputLevel(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake user = SnowflakeFromJs(ArgOrUndefined(info, 0), "userId");
  const float level = FloatArg(info, 1, "level");
  Guarded(env, [&] { world().SetInputLevel(user, level); });
  return env.Undefined();
}

}  // namespace sim
