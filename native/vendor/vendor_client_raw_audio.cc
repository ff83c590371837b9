// Raw audio (Client::StartCallWithAudioCallbacks, in every supported SDK: 1.6 on) and
// Client::GetDefaultAudioDeviceId. The audio callbacks run on the library's voice thread, not in
// RunCallbacks: they touch nothing but the call's ring (sdk/raw_audio.h), which is made for that
// thread, and never the client (no WhileOpen, whose owner-thread check they would fail).
#include <utility>

#include "vendor/vendor_client.h"

namespace vendor {

sdk::Result VendorClient::StartCallWithAudio(sdk::Snowflake lobbyId, std::shared_ptr<sdk::RawAudioRing> ring) {
  if (!ring) return sdk::Result::Failure(sdk::ErrorType::ValidationError, "no raw audio ring");
  // The header: "The audio samples in `data` can be modified in-place"; JS cannot answer on this
  // thread, so the samples go to JS as a copy and pass on unchanged. outShouldMute: the ring's
  // mute settings, which JS sets beforehand.
  discordpp::Call call = client_->StartCallWithAudioCallbacks(
      lobbyId,
      [ring](uint64_t userId, int16_t* data, uint64_t samplesPerChannel, int32_t sampleRate, uint64_t channels,
             bool& outShouldMute) {
        ring->Push(false, userId, data, samplesPerChannel, sampleRate, channels);
        outShouldMute = ring->PlaybackMuted(userId);
      },
      [ring](int16_t* data, uint64_t samplesPerChannel, int32_t sampleRate, uint64_t channels) {
        ring->Push(true, 0, data, samplesPerChannel, sampleRate, channels);
      });
  // A null Call: this client is already in the lobby's call (as StartCall).
  if (!call) return sdk::Result::Failure(sdk::ErrorType::ValidationError, "already in this lobby's call");
  WatchCall(call, lobbyId);
  auto& slot = rings_[lobbyId];
  if (slot) slot->Close();
  slot = std::move(ring);
  return sdk::Result::Success();
}

void VendorClient::CloseRing(sdk::Snowflake lobbyId) {
  auto it = rings_.find(lobbyId);
  if (it == rings_.end()) return;
  it->second->Close();
  rings_.erase(it);
}

std::string VendorClient::GetDefaultAudioDeviceId() const { return discordpp::Client::GetDefaultAudioDeviceId(); }

}  // namespace vendor
