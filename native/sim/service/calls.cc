#include "sim/service/calls.h"

namespace sim {

void Calls::Tell(sdk::Snowflake lobbyId, const Call& call, sdk::VoiceEvent event, sdk::Snowflake user,
                 Change& change) {
  for (const Participant& p : call) change.notices.push_back(VoiceNotice{p.session, event, lobbyId, user});
}

void Calls::Remove(sdk::Snowflake lobbyId, Call& call, size_t at, Change& change) {
  const sdk::Snowflake user = call[at].state.userId;
  call.erase(call.begin() + static_cast<std::ptrdiff_t>(at));
  Tell(lobbyId, call, sdk::VoiceEvent::ParticipantRemoved, user, change);
  change.roster.push_back(Change::RosterChange{lobbyId, user, false});
}

Calls::Change Calls::Join(sdk::Snowflake lobbyId, Session* session, sdk::Snowflake user, bool selfMute,
                          bool selfDeaf) {
  Change change;
  Call& call = calls_[lobbyId];
  for (size_t i = 0; i < call.size(); ++i) {
    if (call[i].session != session && call[i].state.userId != user) continue;
    if (call[i].session != session) change.ended.emplace_back(call[i].session, lobbyId);
    Remove(lobbyId, call, i, change);
    break;
  }
  call.push_back(Participant{session, sdk::VoiceState{user, selfMute, selfDeaf}});
  Tell(lobbyId, call, sdk::VoiceEvent::ParticipantAdded, user, change);
  change.roster.push_back(Change::RosterChange{lobbyId, user, true});
  return change;
}

Calls::Change Calls::Leave(sdk::Snowflake lobbyId, Session* session) {
  Change change;
  auto it = calls_.find(lobbyId);
  if (it == calls_.end()) return change;
  for (size_t i = 0; i < it->second.size(); ++i) {
    if (it->second[i].session != session) continue;
    Remove(lobbyId, it->second, i, change);
    break;
  }
  if (it->second.empty()) calls_.erase(it);
  return change;
}

Calls::Change Calls::LeaveAll(Session* session) {
  Change change;
  std::vector<sdk::Snowflake> lobbies;
  for (const auto& [lobbyId, call] : calls_) {
    for (const Participant& p : call) {
      if (p.session == session) lobbies.push_back(lobbyId);
    }
  }
  for (sdk::Snowflake lobbyId : lobbies) {
    Change left = Leave(lobbyId, session);
    change.notices.insert(change.notices.end(), left.notices.begin(), left.notices.end());
  }
  return change;
}

Calls::Change Calls::RemoveUser(sdk::Snowflake lobbyId, sdk::Snowflake user) {
  Change change;
  auto it = calls_.find(lobbyId);
  if (it == calls_.end()) return change;
  for (size_t i = 0; i < it->second.size(); ++i) {
    if (it->second[i].state.userId != user) continue;
    change.ended.emplace_back(it->second[i].session, lobbyId);
    Remove(lobbyId, it->second, i, change);
    break;
  }
  if (it->second.empty()) calls_.erase(it);
  return change;
}

Calls::Change Calls::SetVoiceState(sdk::Snowflake lobbyId, Session* session, bool selfMute, bool selfDeaf) {
  Change change;
  auto it = calls_.find(lobbyId);
  if (it == calls_.end()) return change;
  for (Participant& p : it->second) {
    if (p.session != session) continue;
    if (p.state.selfMute == selfMute && p.state.selfDeaf == selfDeaf) return change;
    p.state.selfMute = selfMute;
    p.state.selfDeaf = selfDeaf;
    Tell(lobbyId, it->second, sdk::VoiceEvent::VoiceStateChanged, p.state.userId, change);
    break;
  }
  return change;
}

Calls::Change Calls::SetSpeaking(sdk::Snowflake lobbyId, Session* session, bool speaking) {
  Change change;
  auto it = calls_.find(lobbyId);
  if (it == calls_.end()) return change;
  for (Participant& p : it->second) {
    if (p.session != session) continue;
    if (p.speaking == speaking) return change;
    p.speaking = speaking;
    Tell(lobbyId, it->second, speaking ? sdk::VoiceEvent::SpeakingStarted : sdk::VoiceEvent::SpeakingStopped,
         p.state.userId, change);
    break;
  }
  return change;
}

std::vector<sdk::VoiceState> Calls::Participants(sdk::Snowflake lobbyId) const {
  std::vector<sdk::VoiceState> out;
  auto it = calls_.find(lobbyId);
  if (it == calls_.end()) return out;
  for (const Participant& p : it->second) out.push_back(p.state);
  return out;
}

std::vector<sdk::Snowflake> Calls::Speakers(sdk::Snowflake lobbyId, const Session* listener) const {
  std::vector<sdk::Snowflake> out;
  auto it = calls_.find(lobbyId);
  if (it == calls_.end()) return out;
  for (const Participant& p : it->second) {
    if (p.speaking && p.session != listener) out.push_back(p.state.userId);
  }
  return out;
}

}  // namespace sim
