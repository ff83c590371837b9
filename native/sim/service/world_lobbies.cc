// The world's lobbies (sdk/lobbies_api.h and the server API's lobby routes): a signed-in client
// creates or joins, leaves, reads, links a channel and joins the linked channel's guild; the game
// backend creates, updates and deletes lobbies and their members. The rules are Lobbies' (with
// lobbies_lifecycle.cc); this file locks, mints ids, hands the notices to the members' sessions
// (DispatchLocked) and keeps each lobby's idle deadline current.
#include <stdexcept>

#include "sdk/lobbies_api.h"
#include "sim/service/http_failure.h"
#include "sim/service/world.h"

namespace sim {

Lobbies::Outcome World::CreateOrJoinLobby(sdk::Snowflake app, sdk::Snowflake user, const std::string& secret,
                                          const std::optional<sdk::Metadata>& lobbyMetadata,
                                          const std::optional<sdk::Metadata>& memberMetadata) {
  std::lock_guard<std::mutex> lock(mutex_);
  Lobbies::Outcome outcome =
      lobbies_.CreateOrJoin(app, user, secret, lobbyMetadata, memberMetadata, NewIdLocked(), nowMs_);
  DispatchLocked(outcome.notices);
  UpdateLobbyIdleLocked(outcome.id);
  return outcome;
}

Lobbies::Outcome World::LeaveLobby(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId) {
  std::lock_guard<std::mutex> lock(mutex_);
  Lobbies::Outcome outcome = lobbies_.Leave(app, user, lobbyId);
  DispatchLocked(outcome.notices);
  UpdateLobbyIdleLocked(lobbyId);
  return outcome;
}

std::optional<sdk::Lobby> World::ViewLobby(sdk::Snowflake app, sdk::Snowflake user,
                                           sdk::Snowflake lobbyId) const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::optional<sdk::Lobby> view =
      lobbies_.View(app, user, lobbyId, [this](sdk::Snowflake a, sdk::Snowflake u) { return IsConnectedLocked(a, u); });
  if (!view) return view;
  // LobbyMemberHandle::User: each member as this user sees it.
  for (sdk::LobbyMember& member : view->members) {
    auto found = users_.find(member.id);
    if (found != users_.end()) member.user = ViewUserLocked(app, user, found->second);
  }
  // LobbyHandle::GetCallInfoHandle: "if there is an active voice call in this lobby ... which lobby
  // members are in voice, even if the current user has not yet joined the voice call".
  std::vector<sdk::VoiceState> participants = calls_.Participants(lobbyId);
  if (!participants.empty()) {
    sdk::LobbyCallInfo& call = view->callInfo.emplace();
    call.channelId = lobbyId;  // CallInfoHandle::ChannelId: "the lobby ID of the call"
    for (const sdk::VoiceState& state : participants) call.participants.push_back({state.userId, state.selfMute, state.selfDeaf});
  }
  return view;
}

std::vector<sdk::Snowflake> World::LobbyIdsOf(sdk::Snowflake app, sdk::Snowflake user) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return lobbies_.LobbyIdsOf(app, user);
}

sdk::Snowflake World::CreateLobby(sdk::Snowflake app, std::optional<std::string> secret, sdk::Metadata metadata,
                                  const std::vector<MemberUpdate>& members, uint32_t idleTimeoutSeconds) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (applications_.count(app) == 0) throw std::invalid_argument("no application with id " + std::to_string(app));
  CheckUsersExistLocked(members);
  const sdk::Snowflake id = NewIdLocked();
  lobbies_.Create(app, id, std::move(secret), std::move(metadata), idleTimeoutSeconds, nowMs_);
  try {
    // Our choice: a user at the lobby cap fails the creation (the docs name the silent drop only
    // for the bulk update).
    if (!members.empty()) DispatchLocked(lobbies_.BulkUpdateMembers(id, members, Lobbies::AtLobbyCap::Refuse));
  } catch (...) {
    lobbies_.Delete(id);  // no member yet: nobody is told
    throw;
  }
  UpdateLobbyIdleLocked(id);
  return id;
}

void World::CheckUsersExistLocked(const std::vector<MemberUpdate>& updates) const {
  for (const MemberUpdate& update : updates) {
    if (!update.remove && users_.count(update.userId) == 0) {
      throw NotFound(kUnknownUser, "Unknown User: no user with id " + std::to_string(update.userId));
    }
  }
}

void World::BulkUpdateLobbyMembers(sdk::Snowflake lobbyId, const std::vector<MemberUpdate>& updates) {
  std::lock_guard<std::mutex> lock(mutex_);
  CheckUsersExistLocked(updates);
  DispatchLocked(lobbies_.BulkUpdateMembers(lobbyId, updates, Lobbies::AtLobbyCap::Drop));
  UpdateLobbyIdleLocked(lobbyId);
}

void World::ModifyLobby(sdk::Snowflake lobbyId, const LobbyChanges& changes) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (changes.members) CheckUsersExistLocked(*changes.members);
  DispatchLocked(lobbies_.Modify(lobbyId, changes));
  UpdateLobbyIdleLocked(lobbyId);
}

void World::LinkLobbyChannel(sdk::Snowflake lobbyId, std::optional<sdk::LinkedChannel> channel) {
  std::lock_guard<std::mutex> lock(mutex_);
  DispatchLocked(lobbies_.LinkChannel(lobbyId, std::move(channel)));
  UpdateLobbyIdleLocked(lobbyId);
}

void World::UpdateLobbyIdleLocked(sdk::Snowflake lobbyId) {
  lobbies_.UpdateIdle(lobbyId, nowMs_, [this](sdk::Snowflake a, sdk::Snowflake u) { return IsConnectedLocked(a, u); });
}

void World::UpdateLobbiesIdleLocked(sdk::Snowflake app, sdk::Snowflake user) {
  for (sdk::Snowflake lobbyId : lobbies_.LobbyIdsOf(app, user)) UpdateLobbyIdleLocked(lobbyId);
}

void World::DeleteLobby(sdk::Snowflake lobbyId) {
  std::lock_guard<std::mutex> lock(mutex_);
  DispatchLocked(lobbies_.Delete(lobbyId));
}

std::optional<ServerLobby> World::GetServerLobby(sdk::Snowflake lobbyId) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return lobbies_.ServerView(lobbyId,
                             [this](sdk::Snowflake a, sdk::Snowflake u) { return IsConnectedLocked(a, u); });
}

sdk::Result World::LinkChannelToLobby(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId,
                                      sdk::Snowflake channelId) {
  std::lock_guard<std::mutex> lock(mutex_);
  sdk::Result result = lobbies_.MayLinkChannel(app, user, lobbyId);
  if (!result.ok()) return result;
  sdk::LinkedChannel channel;
  result = guilds_.LinkableChannel(user, channelId, lobbyId, LinkedLobbiesLocked(), &channel);
  if (!result.ok()) return result;
  if (lobbies_.LinkedChannelOf(lobbyId) != channelId) DispatchLocked(lobbies_.LinkChannel(lobbyId, std::move(channel)));
  UpdateLobbyIdleLocked(lobbyId);
  return result;
}

sdk::Result World::UnlinkChannelFromLobby(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId) {
  std::lock_guard<std::mutex> lock(mutex_);
  sdk::Result result = lobbies_.MayLinkChannel(app, user, lobbyId);
  // Unlinking a lobby without a channel succeeds and changes nothing (the service answers 200).
  if (result.ok() && lobbies_.LinkedChannelOf(lobbyId)) DispatchLocked(lobbies_.LinkChannel(lobbyId, std::nullopt));
  UpdateLobbyIdleLocked(lobbyId);
  return result;
}

sdk::Result World::JoinLinkedLobbyGuild(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId,
                                        std::string* inviteUrl) {
  const std::optional<sdk::User> found = FindUser(user);
  if (found && found->isProvisional) {
    return sdk::Result::Failure(sdk::ErrorType::AuthorizationFailed, sdk::LobbiesApi::kMergeRequiredMessage);
  }
  // A member can see the lobby; anyone else gets what lobby messages answer (unknown lobby).
  if (!ViewLobby(app, user, lobbyId)) {
    return HttpFailure(404, kUnknownLobby, "Unknown Lobby: the user is not a member of lobby " + IdText(lobbyId));
  }
  try {
    const ChannelInvite invite = CreateLobbyChannelInvite(app, lobbyId, user);
    *inviteUrl = "https://discord.gg/" + invite.code;
    return sdk::Result::Success();
  } catch (const ServiceError& refused) {
    return HttpFailure(refused.status(), refused.code(), refused.what());
  }
}

}  // namespace sim
