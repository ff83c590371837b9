// The JS face of one sdk::Client. Knows only the port (sdk/), never a backend. Backend callbacks
// become JsEvents on the pump; results of operations carry the request id JS gave.
#pragma once

#include <array>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <napi.h>

#include "generated/js_events.h"
#include "napi/addon.h"
#include "sdk/boxed.h"
#include "sdk/backend.h"
#include "sdk/client.h"

class ClientWrap final : public Napi::ObjectWrap<ClientWrap>, public Closable {
 public:
  static void Init(Napi::Env env, Napi::Object exports);

  // new NativeClient(backendSource, clientId, applicationId, minLogSeverity, options?)
  // backendSource: a NativeWorld (simulator) or "vendor"; options: { apiBase?, webBase?,
  // runCallbacksIntervalMs?, cpuAffinityMask? } (see sdk::ClientOptions).
  explicit ClientWrap(const Napi::CallbackInfo& info);
  ~ClientWrap();

  void CloseNative() override;
  void DetachFromAddon() override { addon_ = nullptr; }

 private:
  // The JS methods: declarations and table generated from seam/seam.json. Most bodies are
  // generated too (generated/client_wrap_methods.cc); those the description marks custom are in
  // client_wrap.cc and client_wrap_voice.cc.
#include "generated/client_wrap_methods.inc"

  static void ReadBackendOptions(Napi::Object from, sdk::ClientOptions& options);
  // Turns each port callback into its event (client_wrap_events.cc).
  void SetEventCallbacks(sdk::LogSeverity minSeverity);

  // The backend callback that settles request `requestId`: a Result event carrying the failure, or
  // the callback's value (if any) on success. Captures only the pump and ids, so it stays valid
  // after this wrapper is collected.
  template <typename... Value>
  auto SettleRequest(uint32_t requestId) {
    Pump* pump = &addon_->pump;
    const uint32_t id = id_;
    return [pump, id, requestId](const sdk::Result& result, Value... value) {
      EmitResultEvent(*pump, id, requestId, result, JsPayload(std::move(value)...));
    };
  }

  // The raw-audio calls' rings by lobby (client_wrap_raw_audio.cc; JS thread only): kept until JS
  // has taken the last frame of a closed one. `frames`: the frames of the last take, whose sample
  // buffers go back to the ring at the next. Made with the first raw-audio call: few clients make
  // one (a map and a vector are 72 bytes of every wrapper).
  struct RawAudio {
    std::map<sdk::Snowflake, std::shared_ptr<sdk::RawAudioRing>> rings;
    std::vector<sdk::AudioFrame> frames;
  };
  sdk::Boxed<RawAudio> rawAudio_;
  void CloseRings(bool wake);

  // The wrapped client, or a JS Error when it is closed.
  sdk::Client& Live(const Napi::CallbackInfo& info);

  // The backend's live status; Disconnected once closed.
  sdk::Status LiveStatus() const { return client_ ? client_->GetStatus() : sdk::Status::Disconnected; }
  // What a status reader (StatusReader) reads through: this wrapper while it exists. Each reader
  // function owns a share of it, as the wrapper and its readers are finalized in any order.
  struct StatusLink {
    const ClientWrap* wrap;
  };
  // A reader's body: the client through the function's data, so no napi_unwrap per read.
  static napi_value ReadStatus(napi_env env, napi_callback_info info);

  Addon* addon_;
  uint32_t id_ = 0;
  std::shared_ptr<sdk::Backend> backend_;
  std::unique_ptr<sdk::Client> client_;
  sdk::Snowflake applicationId_ = 0;
  const char* backendName_ = "";  // sdk::Backend::Name(), a literal
  // The backend's SDK version, read from the backend while it is held (it does not change), and
  // kept here when the wrapper lets the backend go (CloseNative): a copy per wrapper, with its
  // hash on the heap, was about 100 bytes of every client.
  sdk::Boxed<sdk::Version> closedSdkVersion_;
  // Supports(feature), by the feature's value (sdk::Feature counts from 0).
  static constexpr int32_t kFeatureCount = static_cast<int32_t>(sdk::Feature::NoiseCancellation) + 1;
  static_assert(!sdk::IsFeature(kFeatureCount), "a feature was added to the seam after NoiseCancellation: count it");
  std::array<bool, kFeatureCount> features_{};
  std::shared_ptr<StatusLink> statusLink_ = std::make_shared<StatusLink>(StatusLink{this});
};
