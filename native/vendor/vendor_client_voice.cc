// Voice in lobbies and the chat client's voice settings (StartCall, EndCall(s), GetCall(s), self
// mute/deaf, GetVoiceSettings and SetVoiceSettingsUpdatedCallback (SDK 1.10), AddVoiceLogCallback).
#include <algorithm>
#include <utility>
#include <vector>

#include "vendor/translate.h"
#include "vendor/vendor_backend.h"
#include "vendor/vendor_client.h"

namespace vendor {

// The casts below rely on these.
static_assert(SameValue(discordpp::Call::Status::Disconnected, sdk::CallStatus::Disconnected) &&
              SameValue(discordpp::Call::Status::Joining, sdk::CallStatus::Joining) &&
              SameValue(discordpp::Call::Status::Connecting, sdk::CallStatus::Connecting) &&
              SameValue(discordpp::Call::Status::SignalingConnected, sdk::CallStatus::SignalingConnected) &&
              SameValue(discordpp::Call::Status::Connected, sdk::CallStatus::Connected) &&
              SameValue(discordpp::Call::Status::Reconnecting, sdk::CallStatus::Reconnecting) &&
              SameValue(discordpp::Call::Status::Disconnecting, sdk::CallStatus::Disconnecting));
static_assert(SameValue(discordpp::Call::Error::None, sdk::CallError::None) &&
              SameValue(discordpp::Call::Error::SignalingConnectionFailed, sdk::CallError::SignalingConnectionFailed) &&
              SameValue(discordpp::Call::Error::SignalingUnexpectedClose, sdk::CallError::SignalingUnexpectedClose) &&
              SameValue(discordpp::Call::Error::VoiceConnectionFailed, sdk::CallError::VoiceConnectionFailed) &&
              SameValue(discordpp::Call::Error::JoinTimeout, sdk::CallError::JoinTimeout) &&
              SameValue(discordpp::Call::Error::Forbidden, sdk::CallError::Forbidden));

namespace {
sdk::CallStatus ToCallStatus(discordpp::Call::Status status) {
  return static_cast<sdk::CallStatus>(static_cast<int32_t>(status));
}
sdk::CallError ToCallError(discordpp::Call::Error error) {
  return static_cast<sdk::CallError>(static_cast<int32_t>(error));
}
}  // namespace

sdk::Result VendorClient::StartCall(sdk::Snowflake lobbyId) {
  discordpp::Call call = client_->StartCall(lobbyId);
  // The library returns a null Call when this client is already in the lobby's call.
  if (!call) return sdk::Result::Failure(sdk::ErrorType::ValidationError, "already in this lobby's call");
  WatchCall(call, lobbyId);
  return sdk::Result::Success();
}

void VendorClient::WatchCall(discordpp::Call& call, sdk::Snowflake lobbyId) {
  call.SetStatusChangedCallback(WhileOpen([this, lobbyId](discordpp::Call::Status status, discordpp::Call::Error error,
                                                          int32_t detail) {
    Post([this, lobbyId, status = ToCallStatus(status), error = ToCallError(error), detail] {
      // The call is over: its raw audio too (vendor_client_raw_audio.cc).
      if (status == sdk::CallStatus::Disconnected) CloseRing(lobbyId);
      if (onCallStatus_) onCallStatus_(lobbyId, status, error, detail);
    });
  }));
  call.SetParticipantChangedCallback(WhileOpen([this, lobbyId](uint64_t userId, bool added) {
    ForwardVoiceEvent(added ? sdk::VoiceEvent::ParticipantAdded : sdk::VoiceEvent::ParticipantRemoved, lobbyId, userId);
  }));
  call.SetOnVoiceStateChangedCallback(WhileOpen(
      [this, lobbyId](uint64_t userId) { ForwardVoiceEvent(sdk::VoiceEvent::VoiceStateChanged, lobbyId, userId); }));
  call.SetSpeakingStatusChangedCallback(WhileOpen([this, lobbyId](uint64_t userId, bool isPlayingSound) {
    ForwardVoiceEvent(isPlayingSound ? sdk::VoiceEvent::SpeakingStarted : sdk::VoiceEvent::SpeakingStopped, lobbyId, userId);
  }));
}

void VendorClient::ForwardVoiceEvent(sdk::VoiceEvent event, sdk::Snowflake lobbyId, sdk::Snowflake userId) {
  Post([this, event, lobbyId, userId] {
    if (onVoiceEvent_) onVoiceEvent_(event, lobbyId, userId);
  });
}

void VendorClient::EndCall(sdk::Snowflake lobbyId, DoneCallback done) {
  auto settle = Pending<>(ResultCallback([done = std::move(done)](const sdk::Result&) { done(); }));
  client_->EndCall(lobbyId, [settle] { settle(sdk::Result::Success()); });
}

void VendorClient::EndCalls(DoneCallback done) {
  auto settle = Pending<>(ResultCallback([done = std::move(done)](const sdk::Result&) { done(); }));
  client_->EndCalls([settle] { settle(sdk::Result::Success()); });
}

namespace {
sdk::CallInfo CallInfoOf(discordpp::Call& call, sdk::Snowflake lobbyId) {
  sdk::CallInfo out;
  out.lobbyId = lobbyId;
  out.channelId = call.GetChannelId();
  out.guildId = call.GetGuildId();
  out.status = ToCallStatus(call.GetStatus());
  for (uint64_t userId : call.GetParticipants()) {
    sdk::VoiceState state{userId};
    if (auto handle = call.GetVoiceStateHandle(userId)) {
      state.selfMute = handle->SelfMute();
      state.selfDeaf = handle->SelfDeaf();
    }
    state.volume = call.GetParticipantVolume(userId);
    state.localMute = call.GetLocalMute(userId);
    out.participants.push_back(state);
  }
  out.selfMute = call.GetSelfMute();
  out.selfDeaf = call.GetSelfDeaf();
  const int32_t mode = static_cast<int32_t>(call.GetAudioMode());
  out.audioMode = sdk::IsAudioMode(mode) ? static_cast<sdk::AudioMode>(mode) : sdk::AudioMode::Uninit;
  const discordpp::VADThresholdSettings vad = call.GetVADThreshold();
  out.vadAutomatic = vad.Automatic();
  out.vadThreshold = vad.VadThreshold();
  out.pttActive = call.GetPTTActive();
  out.pttReleaseDelayMs = call.GetPTTReleaseDelay();
  return out;
}
}  // namespace

std::optional<sdk::CallInfo> VendorClient::GetCall(sdk::Snowflake lobbyId) const {
  if (!client_) return std::nullopt;
  discordpp::Call call = client_->GetCall(lobbyId);
  if (!call) return std::nullopt;
  return CallInfoOf(call, lobbyId);
}

std::vector<sdk::CallInfo> VendorClient::GetCalls() const {
  std::vector<sdk::CallInfo> out;
  if (!client_) return out;
  for (discordpp::Call& call : client_->GetCalls()) {
    if (call) out.push_back(CallInfoOf(call, call.GetChannelId()));
  }
  // The port promises lobby id order; the library does not say which order it keeps.
  std::sort(out.begin(), out.end(), [](const sdk::CallInfo& a, const sdk::CallInfo& b) { return a.lobbyId < b.lobbyId; });
  return out;
}

bool VendorClient::SetSelfMute(sdk::Snowflake lobbyId, bool mute) {
  discordpp::Call call = client_->GetCall(lobbyId);
  if (!call) return false;
  call.SetSelfMute(mute);
  return true;
}

bool VendorClient::SetSelfDeaf(sdk::Snowflake lobbyId, bool deaf) {
  discordpp::Call call = client_->GetCall(lobbyId);
  if (!call) return false;
  call.SetSelfDeaf(deaf);
  return true;
}

void VendorClient::SetSelfMuteAll(bool mute) { client_->SetSelfMuteAll(mute); }
void VendorClient::SetSelfDeafAll(bool deaf) { client_->SetSelfDeafAll(deaf); }
bool VendorClient::GetSelfMuteAll() const { return client_ && client_->GetSelfMuteAll(); }
bool VendorClient::GetSelfDeafAll() const { return client_ && client_->GetSelfDeafAll(); }

void VendorClient::SetCallStatusCallback(CallStatusCallback cb) { onCallStatus_ = std::move(cb); }
void VendorClient::SetVoiceEventCallback(VoiceEventCallback cb) { onVoiceEvent_ = std::move(cb); }

void VendorClient::SetVoiceParticipantChangedCallback(VoiceParticipantChangedCallback cb) {
  // Registered with the library once; a later call replaces the target only.
  const bool first = !onVoiceParticipantChanged_;
  onVoiceParticipantChanged_ = std::move(cb);
  if (!first || !client_ || !onVoiceParticipantChanged_) return;
  client_->SetVoiceParticipantChangedCallback(WhileOpen([this](uint64_t lobbyId, uint64_t memberId, bool added) {
    Post([this, lobbyId, memberId, added] {
      if (onVoiceParticipantChanged_) onVoiceParticipantChanged_(lobbyId, memberId, added);
    });
  }));
}

void VendorClient::GetVoiceSettings(VoiceSettingsCallback done) {
  auto settle = Pending<sdk::VoiceSettings>(std::move(done));
#if SOCIAL_SDK_VENDOR_HAS_VOICE_SETTINGS
  client_->GetVoiceSettings([settle](discordpp::ClientResult result, discordpp::VoiceSettings settings) {
    sdk::Result outcome = ToResult(result);
    // A failed read carries no settings: reading that object asserts in a debug build of the library.
    sdk::VoiceSettings read = outcome.ok() ? ToVoiceSettings(settings) : sdk::VoiceSettings{};
    settle(std::move(outcome), std::move(read));
  });
#else
  // Settled through the pump like any result, never inside this call.
  settle(sdk::Result::Failure(sdk::ErrorType::ValidationError, NotAvailableIn("getVoiceSettings", "1.10")), sdk::VoiceSettings{});
#endif
}

void VendorClient::SetVoiceSettingsUpdatedCallback(VoiceSettingsUpdatedCallback cb) {
  const bool first = !onVoiceSettings_;
  onVoiceSettings_ = std::move(cb);
#if SOCIAL_SDK_VENDOR_HAS_VOICE_SETTINGS
  if (!first || !client_) return;
  client_->SetVoiceSettingsUpdatedCallback(WhileOpen([this](discordpp::VoiceSettings settings) {
    Post([this, settings = ToVoiceSettings(settings)] {
      if (onVoiceSettings_) onVoiceSettings_(settings);
    });
  }));
#else
  (void)first;  // no such callback before SDK 1.10: nothing ever fires
#endif
}

void VendorClient::SetVoiceLogCallback(LogCallback cb, sdk::LogSeverity minSeverity) {
  // As SetLogCallback: registered with the library once, later calls replace the target only.
  const bool first = !onVoiceLog_;
  onVoiceLog_ = std::move(cb);
  minVoiceLogSeverity_ = minSeverity;
  if (!first || !client_ || minSeverity == sdk::LogSeverity::None) return;
  client_->AddVoiceLogCallback(WhileOpen([this](std::string message, discordpp::LoggingSeverity severity) {
                                 ForwardLog(std::move(message), severity, /*voice=*/true);
                               }),
                               FromSeverity(minSeverity));
}

}  // namespace vendor
