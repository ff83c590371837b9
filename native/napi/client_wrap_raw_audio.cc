// Raw audio's glue (StartCallWithAudioCallbacks; the seam description marks it custom): the ring of
// each raw-audio call is made here, where the wake that posts its RawAudio event knows the pump,
// and JS takes its frames in batches, each frame's samples copied into an Int16Array of its own.
#include <cstring>

#include "napi/client_wrap.h"
#include "napi/convert.h"

Napi::Value ClientWrap::StartCallWithAudio(const Napi::CallbackInfo& info) {
  const sdk::Snowflake lobbyId = SnowflakeFromJs(ArgOrUndefined(info, 0), "lobbyId");
  const uint32_t capacity = Uint32Arg(info, 1, "capacity");
  const bool mutePlayback = BoolArg(info, 2, "mutePlayback");
  if (capacity == 0 || capacity > sdk::RawAudioRing::kMaxCapacity) {
    throw Napi::RangeError::New(info.Env(), "capacity must be 1 to " + std::to_string(sdk::RawAudioRing::kMaxCapacity));
  }
  if (!client_ || !addon_) return FailureToJs(info.Env(), sdk::Result::Failure(sdk::ErrorType::ClientDestroyed, "the client was closed"));
  Pump* pump = &addon_->pump;
  const uint32_t id = id_;
  // Called on the voice thread, at most once until JS takes from the ring: Post never waits.
  auto ring = std::make_shared<sdk::RawAudioRing>(capacity, mutePlayback, [pump, id, lobbyId] {
    pump->queue().Post([pump, id, lobbyId] { EmitRawAudioEvent(*pump, id, lobbyId); });
  });
  const sdk::Result result = client_->Voice().StartCallWithAudio(lobbyId, ring);
  if (!result.ok()) {
    ring->Close(false);
    return FailureToJs(info.Env(), result);
  }
  // A closed ring of an earlier call of the lobby that JS did not finish reading gives way.
  auto& slot = rings_[lobbyId];
  if (slot) slot->Close(false);
  slot = std::move(ring);
  return info.Env().Null();
}

Napi::Value ClientWrap::TakeAudioFrames(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake lobbyId = SnowflakeFromJs(ArgOrUndefined(info, 0), "lobbyId");
  const uint32_t max = Uint32Arg(info, 1, "max");
  auto it = rings_.find(lobbyId);
  if (it == rings_.end()) return env.Null();
  // Closed before the take: nothing is pushed after it, so a take short of `max` emptied it.
  const bool wasClosed = it->second->closed();
  const uint64_t dropped = it->second->Take(audioFrames_, max);
  const bool closed = wasClosed && audioFrames_.size() < max;
  if (closed) rings_.erase(it);
  Napi::Array frames = Napi::Array::New(env, audioFrames_.size());
  for (size_t i = 0; i < audioFrames_.size(); ++i) {
    const sdk::AudioFrame& frame = audioFrames_[i];
    Napi::ArrayBuffer bytes = Napi::ArrayBuffer::New(env, frame.samples.size() * sizeof(int16_t));
    if (!frame.samples.empty()) std::memcpy(bytes.Data(), frame.samples.data(), bytes.ByteLength());
    Napi::Object out = Napi::Object::New(env);
    out.Set("captured", Napi::Boolean::New(env, frame.captured));
    out.Set("userId", frame.captured ? env.Null() : SnowflakeToJs(env, frame.userId));
    out.Set("index", Napi::Number::New(env, static_cast<double>(frame.index)));
    out.Set("sampleRate", Napi::Number::New(env, frame.sampleRate));
    out.Set("channels", Napi::Number::New(env, frame.channels));
    out.Set("samples", Napi::TypedArrayOf<int16_t>::New(env, frame.samples.size(), bytes, 0, napi_int16_array));
    frames.Set(static_cast<uint32_t>(i), out);
  }
  Napi::Object taken = Napi::Object::New(env);
  taken.Set("frames", frames);
  taken.Set("dropped", Napi::Number::New(env, static_cast<double>(dropped)));
  taken.Set("closed", Napi::Boolean::New(env, closed));
  return taken;
}

Napi::Value ClientWrap::SetAudioPlaybackMuted(const Napi::CallbackInfo& info) {
  const sdk::Snowflake lobbyId = SnowflakeFromJs(ArgOrUndefined(info, 0), "lobbyId");
  const sdk::Snowflake userId = SnowflakeFromJs(ArgOrUndefined(info, 1), "userId");
  const bool muted = BoolArg(info, 2, "muted");
  auto it = rings_.find(lobbyId);
  if (it == rings_.end() || it->second->closed()) return Napi::Boolean::New(info.Env(), false);
  it->second->SetPlaybackMuted(userId, muted);
  return Napi::Boolean::New(info.Env(), true);
}

void ClientWrap::CloseRings(bool wake) {
  for (auto& entry : rings_) entry.second->Close(wake);
  // Kept: JS may still take what the rings hold, until the wrapper goes.
}
