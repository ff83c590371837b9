// The simulated client's voice: lobby calls (a service round trip through latency and faults,
// then the vendor's status sequence), self mute/deaf, the local chat client's voice settings over
// RPC, and voice engine logs.
#include "sim/client/sim_client.h"

namespace sim {

namespace {
std::string CallName(sdk::Snowflake lobbyId) { return "Call " + std::to_string(lobbyId); }
const char* OnOff(bool value) { return value ? "on" : "off"; }
}  // namespace

sdk::Result SimClient::StartCall(sdk::Snowflake lobbyId) { return BeginCall(lobbyId, nullptr); }

sdk::Result SimClient::BeginCall(sdk::Snowflake lobbyId, std::shared_ptr<sdk::RawAudioRing> ring) {
  sdk::Snowflake app = 0, user = 0;
  sdk::Result failure;
  if (!SignedIn(&app, &user, &failure)) return failure;
  uint64_t attempt = 0;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_) return sdk::Result::Failure(sdk::ErrorType::ClientDestroyed, "the client was closed");
    if (calls_.count(lobbyId)) {
      return sdk::Result::Failure(sdk::ErrorType::ValidationError,
                                  "this client is already in the call of lobby " + std::to_string(lobbyId));
    }
    attempt = nextCallAttempt_++;
    LocalCall& call = calls_[lobbyId];
    call.status = sdk::CallStatus::Joining;
    call.selfMute = selfMuteAll_;
    call.selfDeaf = selfDeafAll_;
    call.attempt = attempt;
    call.ring = std::move(ring);
  }
  SetCallStatus(lobbyId, sdk::CallStatus::Joining);
  Log(sdk::LogSeverity::Info, CallName(lobbyId) + ": joining", true);
  world_->Schedule(this, CallKind::StartCall, user, [this, lobbyId, attempt](std::optional<sdk::Result> fault) {
    JoinCall(lobbyId, attempt, fault);
  });
  return sdk::Result::Success();
}

void SimClient::JoinCall(sdk::Snowflake lobbyId, uint64_t attempt, const std::optional<sdk::Result>& fault) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = calls_.find(lobbyId);
    if (it == calls_.end() || it->second.attempt != attempt) return;  // ended while on its way
  }
  if (fault) {
    Log(sdk::LogSeverity::Warning, CallName(lobbyId) + ": signaling connection failed: " + fault->message, true);
    return EndLocalCall(lobbyId, sdk::CallError::SignalingConnectionFailed, fault->code, false, false);
  }
  sdk::Snowflake app = 0, user = 0;
  sdk::Result failure;
  if (!SignedIn(&app, &user, &failure)) {
    return EndLocalCall(lobbyId, sdk::CallError::SignalingConnectionFailed, 0, false, false);
  }
  SetCallStatus(lobbyId, sdk::CallStatus::Connecting);
  SetCallStatus(lobbyId, sdk::CallStatus::SignalingConnected);
  LocalCall call;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    call = calls_[lobbyId];
  }
  const sdk::CallError refused = world_->JoinCall(app, user, lobbyId, this, call.selfMute, call.selfDeaf);
  if (refused != sdk::CallError::None) {
    Log(sdk::LogSeverity::Warning, CallName(lobbyId) + ": join refused (Forbidden): the user is not a member of the lobby", true);
    return EndLocalCall(lobbyId, refused, 0, false, false);
  }
  SetCallStatus(lobbyId, sdk::CallStatus::Connected);
  Log(sdk::LogSeverity::Info, CallName(lobbyId) + ": connected", true);
  StartRawAudio(lobbyId);
  UpdateSpeaking(lobbyId);  // the microphone may already pick up speech
  Log(sdk::LogSeverity::Verbose, CallName(lobbyId) + ": self mute " + OnOff(call.selfMute) + ", self deaf " + OnOff(call.selfDeaf), true);
}

void SimClient::EndLocalCall(sdk::Snowflake lobbyId, sdk::CallError error, int32_t detail, bool graceful,
                             bool leaveWorld) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!calls_.count(lobbyId)) return;
  }
  if (graceful) SetCallStatus(lobbyId, sdk::CallStatus::Disconnecting);
  if (leaveWorld) world_->LeaveCall(lobbyId, this);
  std::shared_ptr<sdk::RawAudioRing> ring;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = calls_.find(lobbyId);
    if (it != calls_.end()) ring = std::move(it->second.ring);
    calls_.erase(lobbyId);
  }
  EndRawAudio(std::move(ring));
  SetCallStatus(lobbyId, sdk::CallStatus::Disconnected, error, detail);
  Log(sdk::LogSeverity::Info, CallName(lobbyId) + ": disconnected", true);
}

void SimClient::EndLocalCalls(sdk::CallError error) {
  std::vector<sdk::Snowflake> lobbies;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto& entry : calls_) lobbies.push_back(entry.first);
  }
  // The world already forgot this session's participations (SessionGone).
  for (sdk::Snowflake lobbyId : lobbies) EndLocalCall(lobbyId, error, 0, true, false);
}

void SimClient::EndCall(sdk::Snowflake lobbyId, DoneCallback done) {
  const bool posted = Post([this, lobbyId, done] {
    EndLocalCall(lobbyId, sdk::CallError::None, 0, true, true);
    Deliver(done);
  });
  if (!posted) Deliver(std::move(done));
}

void SimClient::EndCalls(DoneCallback done) {
  const bool posted = Post([this, done] {
    std::vector<sdk::Snowflake> lobbies;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      for (const auto& entry : calls_) lobbies.push_back(entry.first);
    }
    for (sdk::Snowflake lobbyId : lobbies) EndLocalCall(lobbyId, sdk::CallError::None, 0, true, true);
    Deliver(done);
  });
  if (!posted) Deliver(std::move(done));
}

std::optional<sdk::CallInfo> SimClient::GetCall(sdk::Snowflake lobbyId) const {
  sdk::CallInfo info;
  bool connected = false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = calls_.find(lobbyId);
    if (it == calls_.end()) return std::nullopt;
    connected = it->second.status == sdk::CallStatus::Connected;
  }
  // Not under mutex_: the world may call into this client while holding its own lock.
  if (connected) info.participants = world_->CallParticipants(lobbyId);
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = calls_.find(lobbyId);
  if (it == calls_.end()) return std::nullopt;  // ended meanwhile
  const LocalCall& call = it->second;
  info.lobbyId = lobbyId;
  info.channelId = lobbyId;  // Call::GetChannelId: "the ID of the lobby with which this call is associated"
  info.status = call.status;
  info.selfMute = call.selfMute;
  info.selfDeaf = call.selfDeaf;
  info.audioMode = call.audioMode;
  info.vadAutomatic = call.vadAutomatic;
  info.vadThreshold = call.vadThreshold;
  info.pttActive = call.pttActive;
  info.pttReleaseDelayMs = call.pttReleaseDelayMs;
  for (sdk::VoiceState& participant : info.participants) {
    auto volume = call.participantVolume.find(participant.userId);
    if (volume != call.participantVolume.end()) participant.volume = volume->second;
    auto mute = call.localMute.find(participant.userId);
    participant.localMute = mute != call.localMute.end() && mute->second;
  }
  return info;
}

std::vector<sdk::CallInfo> SimClient::GetCalls() const {
  std::vector<sdk::Snowflake> lobbies;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto& entry : calls_) lobbies.push_back(entry.first);
  }
  // Each read takes the lock again (GetCall reads the world's participants outside it); a call
  // that ended in between is left out.
  std::vector<sdk::CallInfo> calls;
  for (sdk::Snowflake lobbyId : lobbies) {
    if (std::optional<sdk::CallInfo> call = GetCall(lobbyId)) calls.push_back(std::move(*call));
  }
  return calls;
}

bool SimClient::SetSelfMute(sdk::Snowflake lobbyId, bool mute) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = calls_.find(lobbyId);
    if (it == calls_.end()) return false;
    it->second.selfMute = mute;
  }
  Post([this, lobbyId] { PushVoiceState(lobbyId); });
  return true;
}

bool SimClient::SetSelfDeaf(sdk::Snowflake lobbyId, bool deaf) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = calls_.find(lobbyId);
    if (it == calls_.end()) return false;
    it->second.selfDeaf = deaf;
  }
  Post([this, lobbyId] { PushVoiceState(lobbyId); });
  return true;
}

void SimClient::SetSelfMuteAll(bool mute) {
  std::vector<sdk::Snowflake> lobbies;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    selfMuteAll_ = mute;
    for (auto& [lobbyId, call] : calls_) {
      call.selfMute = mute;
      lobbies.push_back(lobbyId);
    }
  }
  for (sdk::Snowflake lobbyId : lobbies) Post([this, lobbyId] { PushVoiceState(lobbyId); });
}

void SimClient::SetSelfDeafAll(bool deaf) {
  std::vector<sdk::Snowflake> lobbies;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    selfDeafAll_ = deaf;
    for (auto& [lobbyId, call] : calls_) {
      call.selfDeaf = deaf;
      lobbies.push_back(lobbyId);
    }
  }
  for (sdk::Snowflake lobbyId : lobbies) Post([this, lobbyId] { PushVoiceState(lobbyId); });
}

bool SimClient::GetSelfMuteAll() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return selfMuteAll_;
}

bool SimClient::GetSelfDeafAll() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return selfDeafAll_;
}

void SimClient::PushVoiceState(sdk::Snowflake lobbyId) {
  LocalCall call;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = calls_.find(lobbyId);
    // Still joining: the join carries the state it finds then.
    if (it == calls_.end() || it->second.status != sdk::CallStatus::Connected) return;
    call = it->second;
  }
  Log(sdk::LogSeverity::Verbose,
      CallName(lobbyId) + ": self mute " + OnOff(call.selfMute) + ", self deaf " + OnOff(call.selfDeaf), true);
  world_->SetVoiceState(lobbyId, this, call.selfMute, call.selfDeaf);
  UpdateSpeaking(lobbyId);  // a muted or deafened user sends no voice
}

void SimClient::SetCallStatus(sdk::Snowflake lobbyId, sdk::CallStatus status, sdk::CallError error,
                              int32_t detail) {
  std::shared_ptr<const CallStatusCallback> cb;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = calls_.find(lobbyId);
    if (it != calls_.end()) it->second.status = status;
    cb = callbacks_.Get(&ClientCallbacks::callStatus);
  }
  if (cb) Deliver([cb = std::move(cb), lobbyId, status, error, detail] { (*cb)(lobbyId, status, error, detail); });
}

void SimClient::SetCallStatusCallback(CallStatusCallback cb) {
  std::lock_guard<std::mutex> lock(mutex_);
  callbacks_.Set(&ClientCallbacks::callStatus, std::move(cb));
}

void SimClient::SetVoiceEventCallback(VoiceEventCallback cb) {
  std::lock_guard<std::mutex> lock(mutex_);
  callbacks_.Set(&ClientCallbacks::voiceEvent, std::move(cb));
}

void SimClient::SetVoiceSettingsUpdatedCallback(VoiceSettingsUpdatedCallback cb) {
  std::lock_guard<std::mutex> lock(mutex_);
  callbacks_.Set(&ClientCallbacks::voiceSettings, std::move(cb));
}

void SimClient::SetVoiceLogCallback(LogCallback cb, sdk::LogSeverity minSeverity) {
  std::lock_guard<std::mutex> lock(mutex_);
  callbacks_.Set(&ClientCallbacks::voiceLog, std::move(cb));
  minVoiceLogSeverity_ = minSeverity;
}

void SimClient::OnVoiceEvent(sdk::VoiceEvent event, sdk::Snowflake lobbyId, sdk::Snowflake userId) {
  Post([this, event, lobbyId, userId] {
    if (status_.load() != sdk::Status::Ready) return;
    std::shared_ptr<const VoiceEventCallback> cb;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!calls_.count(lobbyId)) return;  // news of a call this client has left since
      cb = callbacks_.Get(&ClientCallbacks::voiceEvent);
    }
    if (event == sdk::VoiceEvent::ParticipantAdded || event == sdk::VoiceEvent::ParticipantRemoved) {
      Log(sdk::LogSeverity::Verbose,
          CallName(lobbyId) + ": participant " + std::to_string(userId) +
              (event == sdk::VoiceEvent::ParticipantAdded ? " joined" : " left"), true);
    }
    if (cb) Deliver([cb = std::move(cb), event, lobbyId, userId] { (*cb)(event, lobbyId, userId); });
  });
}

void SimClient::SetVoiceParticipantChangedCallback(VoiceParticipantChangedCallback cb) {
  std::lock_guard<std::mutex> lock(mutex_);
  callbacks_.Set(&ClientCallbacks::voiceParticipantChanged, std::move(cb));
}

void SimClient::OnLobbyVoiceParticipant(sdk::Snowflake lobbyId, sdk::Snowflake userId, bool added) {
  Post([this, lobbyId, userId, added] {
    if (status_.load() != sdk::Status::Ready) return;
    std::shared_ptr<const VoiceParticipantChangedCallback> cb;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      cb = callbacks_.Get(&ClientCallbacks::voiceParticipantChanged);
    }
    if (cb) Deliver([cb = std::move(cb), lobbyId, userId, added] { (*cb)(lobbyId, userId, added); });
  });
}

void SimClient::OnCallEnded(sdk::Snowflake lobbyId) {
  Post([this, lobbyId] { EndLocalCall(lobbyId, sdk::CallError::None, 0, true, false); });
}

void SimClient::OnVoiceSettingsUpdated(const sdk::VoiceSettings& settings) {
  Post([this, settings] {
    if (status_.load() != sdk::Status::Ready) return;
    std::shared_ptr<const VoiceSettingsUpdatedCallback> cb;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      cb = callbacks_.Get(&ClientCallbacks::voiceSettings);
    }
    Log(sdk::LogSeverity::Verbose, "RPC: VOICE_SETTINGS_UPDATE received from the chat client");
    if (cb) Deliver([cb = std::move(cb), settings] { (*cb)(settings); });
  });
}

void SimClient::GetVoiceSettings(VoiceSettingsCallback done) {
  const uint64_t op = BeginValueOperation(done);
  Call(CallKind::GetVoiceSettings, op, [this, op, done](sdk::Snowflake, sdk::Snowflake user) {
    sdk::VoiceSettings settings;
    sdk::Result result = world_->ReadVoiceSettings(user, &settings);
    if (!result.ok()) {
      Log(sdk::LogSeverity::Warning, "RPC: GET_VOICE_SETTINGS failed: " + result.message);
      return CompleteOperation(op, std::move(result));
    }
    FinishOperation(op, [done, settings] { done(sdk::Result::Success(), settings); });
  });
}

}  // namespace sim
