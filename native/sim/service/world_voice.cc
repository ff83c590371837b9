// The world's voice calls and local chat clients: the rules live in Calls and ChatClients; here
// they are locked and their notices handed to the sessions.
#include "sim/service/world.h"

#include <stdexcept>
#include <string>
#include <utility>

namespace sim {

void World::DispatchVoiceLocked(const Calls::Change& change) {
  ServicePool::DeferPosts defer;  // one lock of the pool for every participant's task
  for (const VoiceNotice& notice : change.notices) {
    if (sessions_.count(notice.recipient)) notice.recipient->OnVoiceEvent(notice.event, notice.lobbyId, notice.userId);
  }
  for (const auto& [session, lobbyId] : change.ended) {
    if (sessions_.count(session)) session->OnCallEnded(lobbyId);
  }
  // discordpp.h, Client::SetVoiceParticipantChangedCallback: "Callback invoked whenever a user in
  // a lobby joins or leaves a voice call", so that a game can show who is in voice "even if the
  // current user is not in voice yet": every member's ready sessions hear it.
  for (const Calls::Change::RosterChange& entry : change.roster) {
    const Lobbies::Audience audience = lobbies_.AudienceOf(entry.lobbyId);
    TellReadySessionsLocked(audience.applicationId, audience.members, [&entry](Session* session) {
      session->OnLobbyVoiceParticipant(entry.lobbyId, entry.userId, entry.added);
    });
  }
}

sdk::CallError World::JoinCall(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId,
                               Session* session, bool selfMute, bool selfDeaf) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!IsAttachedLocked(session)) return sdk::CallError::None;  // closing: its call ends with it
  // Only members may join; the view is what the member sees, so its absence means "not a member".
  if (!lobbies_.View(app, user, lobbyId, [](sdk::Snowflake, sdk::Snowflake) { return false; })) {
    return sdk::CallError::Forbidden;
  }
  DispatchVoiceLocked(calls_.Join(lobbyId, session, user, selfMute, selfDeaf));
  return sdk::CallError::None;
}

void World::LeaveCall(sdk::Snowflake lobbyId, Session* session) {
  std::lock_guard<std::mutex> lock(mutex_);
  DispatchVoiceLocked(calls_.Leave(lobbyId, session));
}

void World::SetVoiceState(sdk::Snowflake lobbyId, Session* session, bool selfMute, bool selfDeaf) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!IsAttachedLocked(session)) return;
  DispatchVoiceLocked(calls_.SetVoiceState(lobbyId, session, selfMute, selfDeaf));
}

std::vector<sdk::VoiceState> World::CallParticipants(sdk::Snowflake lobbyId) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return calls_.Participants(lobbyId);
}

std::vector<std::pair<sdk::Snowflake, float>> World::VoicesHeard(sdk::Snowflake lobbyId, const Session* listener) const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::pair<sdk::Snowflake, float>> out;
  for (sdk::Snowflake user : calls_.Speakers(lobbyId, listener)) out.emplace_back(user, machineAudio_.Of(user).inputLevel);
  return out;
}

std::vector<SdkSettings> World::SdkSettingsOf(sdk::Snowflake user) const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<SdkSettings> out;
  for (const auto& [key, sessions] : ready_) {
    if (key.second != user) continue;
    for (const Session* session : sessions) {
      out.push_back(session->Settings());
      out.back().applicationId = key.first;
    }
  }
  return out;
}

ChatClient World::ChatClientOf(sdk::Snowflake user) const {
  std::lock_guard<std::mutex> lock(mutex_);
  ChatClient client = chatClients_.Of(user);
  client.signedInAs = ChatClientAccountLocked(user, client);
  return client;
}

void World::SetChatClientRunning(sdk::Snowflake user, bool running) {
  std::lock_guard<std::mutex> lock(mutex_);
  chatClients_.SetRunning(user, running);
}

void World::SetChatClientRpcConnected(sdk::Snowflake user, bool connected) {
  std::lock_guard<std::mutex> lock(mutex_);
  chatClients_.SetRpcConnected(user, connected);
}

void World::SetChatClientVoiceSettings(sdk::Snowflake user, const sdk::VoiceSettings& settings) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!chatClients_.SetVoiceSettings(user, settings)) return;  // nobody can hear it over RPC now
  for (Session* session : sessions_) {
    if (session->SessionUserId() == user) session->OnVoiceSettingsUpdated(settings);
  }
}

sdk::Result World::ReadVoiceSettings(sdk::Snowflake user, sdk::VoiceSettings* out) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return chatClients_.Read(user, out);
}

Machine World::MachineOf(sdk::Snowflake user) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return machineAudio_.Of(user);
}

void World::MachineAudioChangedLocked(sdk::Snowflake user, bool devicesChanged) {
  const Machine machine = machineAudio_.Of(user);
  for (Session* session : sessions_) {
    if (session->SessionUserId() == user) session->OnMachineAudioChanged(machine, devicesChanged);
  }
}

void World::PlugAudioDevice(sdk::Snowflake user, bool input, sdk::AudioDevice device, bool makeDefault) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!users_.count(user)) throw std::invalid_argument("unknown user " + std::to_string(user));
  machineAudio_.Plug(user, input, std::move(device), makeDefault);
  MachineAudioChangedLocked(user, true);
}

void World::UnplugAudioDevice(sdk::Snowflake user, const std::string& deviceId) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!users_.count(user)) throw std::invalid_argument("unknown user " + std::to_string(user));
  machineAudio_.Unplug(user, deviceId);
  MachineAudioChangedLocked(user, true);
}

void World::SetInputLevel(sdk::Snowflake user, float level) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!users_.count(user)) throw std::invalid_argument("unknown user " + std::to_string(user));
  machineAudio_.SetInputLevel(user, level);
  MachineAudioChangedLocked(user, false);
}

void World::SetSpeaking(sdk::Snowflake lobbyId, Session* session, bool speaking) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!IsAttachedLocked(session)) return;
  DispatchVoiceLocked(calls_.SetSpeaking(lobbyId, session, speaking));
}

}  // namespace sim
