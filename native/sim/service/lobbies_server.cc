// The lobbies' rules for the game backend (the server API, lobbies.h): create, bulk member
// updates with the lobby cap, modify, moderation metadata of messages, delete, and the server's
// view of a lobby.
#include "sim/service/lobbies.h"

#include <algorithm>
#include <cstddef>
#include <stdexcept>

#include "sim/service/http_failure.h"

namespace sim {

void Lobbies::Create(sdk::Snowflake app, sdk::Snowflake id, std::optional<std::string> secret,
                     sdk::Metadata metadata, uint32_t idleTimeoutSeconds, uint64_t nowMs) {
  if (secret) {
    if (secret->empty()) throw InvalidForm("secret must not be empty");
    if (LobbyOfSecret(app, *secret, nowMs)) throw InvalidForm("the application already has a lobby with this secret");
  }
  CheckIdleTimeout(idleTimeoutSeconds);
  if (secret) bySecret_[{app, *secret}] = id;
  Lobby lobby;
  lobby.id = id;
  lobby.applicationId = app;
  lobby.secret = std::move(secret);
  lobby.metadata = std::move(metadata);
  lobby.idleTimeoutSeconds = idleTimeoutSeconds;
  lobby.byBackend = true;
  lobbies_.emplace(id, std::move(lobby));
}

void Lobbies::CheckIdleTimeout(uint32_t seconds) {
  if (seconds < kMinIdleTimeoutSeconds || seconds > kMaxIdleTimeoutSeconds) {
    throw InvalidForm("idle_timeout_seconds must be from " + std::to_string(kMinIdleTimeoutSeconds) + " to " +
                      std::to_string(kMaxIdleTimeoutSeconds) + ", got " + std::to_string(seconds));
  }
}

Lobbies::Lobby& Lobbies::ServerLobbyOf(sdk::Snowflake lobbyId) {
  Lobby* lobby = FindLobby(lobbyId);
  if (!lobby) throw NotFound(kUnknownLobby, "Unknown Lobby: no lobby with id " + IdText(lobbyId));
  return *lobby;
}

std::vector<MemberUpdate> Lobbies::WithoutUsersAtCap(const Lobby& lobby, const std::vector<MemberUpdate>& updates) const {
  std::vector<MemberUpdate> kept;
  for (const MemberUpdate& update : updates) {
    if (update.remove || lobby.Find(update.userId) || !AtCap(lobby.applicationId, update.userId)) kept.push_back(update);
  }
  return kept;
}

void Lobbies::CheckMemberUpdates(const Lobby& lobby, const std::vector<MemberUpdate>& updates,
                                 size_t removedOthers, AtLobbyCap atCap) const {
  std::set<sdk::Snowflake> seen;
  size_t added = 0;
  size_t removed = removedOthers;
  for (const MemberUpdate& update : updates) {
    if (!seen.insert(update.userId).second) {
      throw InvalidForm("user " + IdText(update.userId) + " appears twice in one request");
    }
    if (update.flags && (*update.flags & ~kCanLinkLobby) != 0) {
      throw InvalidForm("member flags must be 0 or 1 (CanLinkLobby), got " + std::to_string(*update.flags));
    }
    if (update.remove) {
      removed += lobby.Find(update.userId) != nullptr;
      continue;
    }
    if (lobby.Find(update.userId)) continue;
    if (AtCap(lobby.applicationId, update.userId)) {
      if (atCap == AtLobbyCap::Drop) continue;  // not added: it does not count toward the lobby's size
      throw InvalidForm("user " + IdText(update.userId) + " is already a member of " +
                        std::to_string(kMaxLobbiesPerUser) + " lobbies of this application");
    }
    ++added;
  }
  if (lobby.members.size() - removed + added > kMaxMembers) {
    throw InvalidForm("lobby " + IdText(lobby.id) + " would have more than " + std::to_string(kMaxMembers) + " members");
  }
}

void Lobbies::ApplyMemberUpdates(Lobby& lobby, const std::vector<MemberUpdate>& updates, Notices& notices) {
  for (const MemberUpdate& update : updates) {
    Member* member = lobby.Find(update.userId);
    if (update.remove) {
      if (member) RemoveMember(lobby, update.userId, notices);
      continue;
    }
    if (!member) {
      AddMember(lobby,
                Member{update.userId, update.metadata.value_or(sdk::Metadata{}),
                       update.additionalName.value_or(std::nullopt), update.flags.value_or(0)},
                notices);
      continue;
    }
    bool changed = false;
    if (update.metadata && *update.metadata != member->metadata) {
      member->metadata = *update.metadata;
      changed = true;
    }
    if (update.additionalName && *update.additionalName != member->additionalName) {
      member->additionalName = *update.additionalName;
      changed = true;
    }
    // Clients do not see flags: a change of flags alone is not an update they hear of.
    if (update.flags) member->flags = *update.flags;
    if (changed) {
      notices.push_back(LobbyNotice(lobby, sdk::LobbyEvent::MemberUpdated, lobby.MemberIds(), update.userId));
    }
  }
}

Notices Lobbies::BulkUpdateMembers(sdk::Snowflake lobbyId, const std::vector<MemberUpdate>& updates,
                                   AtLobbyCap atCap) {
  if (updates.size() > kMaxMembersPerBulkUpdate) {
    throw InvalidForm("a bulk update changes at most " + std::to_string(kMaxMembersPerBulkUpdate) +
                      " members per request, got " + std::to_string(updates.size()));
  }
  Lobby& lobby = ServerLobbyOf(lobbyId);
  // Check everything first: a refused request changes nothing.
  CheckMemberUpdates(lobby, updates, 0, atCap);
  Notices notices;
  ApplyMemberUpdates(lobby, atCap == AtLobbyCap::Drop ? WithoutUsersAtCap(lobby, updates) : updates, notices);
  return notices;
}

Notices Lobbies::Modify(sdk::Snowflake lobbyId, const LobbyChanges& changes) {
  Lobby& lobby = ServerLobbyOf(lobbyId);
  if (changes.idleTimeoutSeconds) CheckIdleTimeout(*changes.idleTimeoutSeconds);
  std::vector<MemberUpdate> updates;
  size_t removedOthers = 0;
  if (changes.members) {
    if (changes.members->size() > kMaxMembersPerBulkUpdate) {
      throw InvalidForm("members holds at most " + std::to_string(kMaxMembersPerBulkUpdate) + " entries, got " +
                        std::to_string(changes.members->size()));
    }
    updates = *changes.members;
    // The list replaces the members: whoever it leaves out goes (first, in join order).
    std::set<sdk::Snowflake> listed;
    for (const MemberUpdate& update : updates) listed.insert(update.userId);
    std::vector<MemberUpdate> removals;
    for (const Member& member : lobby.members) {
      if (listed.count(member.id)) continue;
      MemberUpdate removal;
      removal.userId = member.id;
      removal.remove = true;
      removals.push_back(removal);
    }
    removedOthers = removals.size();
    CheckMemberUpdates(lobby, updates, removedOthers, AtLobbyCap::Refuse);
    updates.insert(updates.begin(), removals.begin(), removals.end());
  }
  Notices notices;
  if (changes.idleTimeoutSeconds) {
    // An idle lobby's deadline moves with its timeout; the idle time counts from the same instant.
    const std::optional<uint64_t> idleSince = lobby.idleSinceMs;
    SetIdleSince(lobby, std::nullopt);
    lobby.idleTimeoutSeconds = *changes.idleTimeoutSeconds;
    SetIdleSince(lobby, idleSince);
  }
  if (changes.metadata && *changes.metadata != lobby.metadata) {
    lobby.metadata = *changes.metadata;
    notices.push_back(LobbyNotice(lobby, sdk::LobbyEvent::Updated, lobby.MemberIds()));
  }
  ApplyMemberUpdates(lobby, updates, notices);
  return notices;
}

Notices Lobbies::SetModerationMetadata(sdk::Snowflake lobbyId, sdk::Snowflake messageId,
                                       sdk::Metadata metadata) {
  Lobby* lobby = &ServerLobbyOf(lobbyId);
  auto it = std::find_if(lobby->history.begin(), lobby->history.end(),
                         [messageId](const sdk::MessagePtr& m) { return m->id == messageId; });
  if (it == lobby->history.end()) {
    throw NotFound(kUnknownMessage, "Unknown Message: no message " + IdText(messageId) + " in lobby " +
                                        IdText(lobbyId) + " (the simulator keeps the " +
                                        std::to_string(kMessagesReturned) + " most recent messages of a lobby)");
  }
  auto updated = std::make_shared<sdk::Message>(**it);
  updated->moderationMetadata = std::move(metadata);
  *it = updated;
  return {MessageUpdated(*lobby, std::move(updated))};
}

Notice Lobbies::MessageUpdated(const Lobby& lobby, sdk::MessagePtr message) {
  Notice notice;
  notice.applicationId = lobby.applicationId;
  notice.recipients = lobby.MemberIds();
  notice.messageEvent = sdk::MessageEvent::Updated;
  notice.lobbyId = lobby.id;
  notice.message = std::move(message);
  return notice;
}

Notices Lobbies::Delete(sdk::Snowflake lobbyId) {
  Lobby* lobby = &ServerLobbyOf(lobbyId);
  Notices notices{LobbyNotice(*lobby, sdk::LobbyEvent::Deleted, lobby->MemberIds())};
  for (const Member& member : lobby->members) {
    auto mine = lobbiesOfUser_.find({lobby->applicationId, member.id});
    if (mine == lobbiesOfUser_.end()) continue;
    mine->second.erase(lobbyId);
    if (mine->second.empty()) lobbiesOfUser_.erase(mine);
  }
  // Its secret may name a newer lobby by now (once it expired).
  auto named = lobby->secret ? bySecret_.find({lobby->applicationId, *lobby->secret}) : bySecret_.end();
  if (named != bySecret_.end() && named->second == lobbyId) bySecret_.erase(named);
  SetIdleSince(*lobby, std::nullopt);
  lobbies_.erase(lobbyId);
  return notices;
}

std::optional<ServerLobby> Lobbies::ServerView(sdk::Snowflake lobbyId, const IsConnected& connected) const {
  const Lobby* lobby = FindLobby(lobbyId);
  if (!lobby) return std::nullopt;
  ServerLobby out;
  out.lobby = ToView(*lobby, connected);
  out.applicationId = lobby->applicationId;
  out.secret = lobby->secret;
  out.idleTimeoutSeconds = lobby->idleTimeoutSeconds;
  for (const Member& member : lobby->members) {
    if (member.additionalName) out.additionalNames[member.id] = *member.additionalName;
    if (member.flags) out.flags[member.id] = member.flags;
  }
  return out;
}

std::vector<sdk::Snowflake> Lobbies::Ids() const {
  std::vector<sdk::Snowflake> ids;
  ids.reserve(lobbies_.size());
  for (const auto& [id, lobby] : lobbies_) ids.push_back(id);
  return ids;
}

std::vector<sdk::MessagePtr> Lobbies::LastMessages(sdk::Snowflake lobbyId, size_t count) const {
  const Lobby* lobby = FindLobby(lobbyId);
  if (!lobby) return {};
  const size_t skip = lobby->history.size() > count ? lobby->history.size() - count : 0;
  return std::vector<sdk::MessagePtr>(lobby->history.begin() + static_cast<std::ptrdiff_t>(skip), lobby->history.end());
}

}  // namespace sim
