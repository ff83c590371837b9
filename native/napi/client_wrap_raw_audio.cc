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
  auto& slot = rawAudio_.Ensure().rings[lobbyId];
  if (slot) slot->Close(false);
  slot = std::move(ring);
  return info.Env().Null();
}

Napi::Value ClientWrap::TakeAudioFrames(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake lobbyId = SnowflakeFromJs(ArgOrUndefined(info, 0), "lobbyId");
  const uint32_t max = Uint32Arg(info, 1, "max");
  if (!rawAudio_) return env.Null();
  auto& rings = rawAudio_->rings;
  auto& audioFrames = rawAudio_->frames;
  auto it = rings.find(lobbyId);
  if (it == rings.end()) return env.Null();
  // Closed before the take: nothing is pushed after it, so a take short of `max` emptied it.
  const bool wasClosed = it->second->closed();
  const uint64_t dropped = it->second->Take(audioFrames, max);
  const bool closed = wasClosed && audioFrames.size() < max;
  if (closed) rings.erase(it);
  Napi::Array frames = Napi::Array::New(env, audioFrames.size());
  for (size_t i = 0; i < audioFrames.size(); ++i) {
    const sdk::AudioFrame& frame = audioFrames[i];
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
  if (!rawAudio_) return Napi::Boolean::New(info.Env(), false);
  auto it = rawAudio_->rings.find(lobbyId);
  if (it == rawAudio_->rings.end() || it->second->closed()) return Napi::Boolean::New(info.Env(), false);
  it->second->SetPlaybackMuted(userId, muted);
  return Napi::Boolean::New(info.Env(), true);
}

void ClientWrap::CloseRings(bool wake) {
  if (!rawAudio_) return;
  for (auto& entry : rawAudio_->rings) entry.second->Close(wake);
  // Kept: JS may still take what the rings hold, until the wrapper goes.
}
