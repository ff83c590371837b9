// The lobbies' rules for the SDK clients (lobbies.h): finding lobbies and members, create or
// join, leave, lobby messages (send, read), the client's view, and who shares a lobby. The game
// backend's operations are in lobbies_server.cc, the linked channel in lobbies_linked_channel.cc,
// idle deletion and secret expiry in lobbies_lifecycle.cc.
#include "sim/service/lobbies.h"

#include <algorithm>
#include <stdexcept>

#include "sim/service/http_failure.h"

namespace sim {


size_t CountCodePoints(const std::string& utf8) {
  size_t count = 0;
  for (unsigned char byte : utf8) {
    if ((byte & 0xC0) != 0x80) ++count;  // every byte but a continuation byte starts a character
  }
  return count;
}

Lobbies::Member* Lobbies::Lobby::Find(sdk::Snowflake user) {
  for (Member& member : members) {
    if (member.id == user) return &member;
  }
  return nullptr;
}

const Lobbies::Member* Lobbies::Lobby::Find(sdk::Snowflake user) const {
  return const_cast<Lobby*>(this)->Find(user);
}

std::vector<sdk::Snowflake> Lobbies::Lobby::MemberIds() const {
  std::vector<sdk::Snowflake> ids;
  ids.reserve(members.size());
  for (const Member& member : members) ids.push_back(member.id);
  return ids;
}

Lobbies::Lobby* Lobbies::FindLobby(sdk::Snowflake lobbyId) {
  auto it = lobbies_.find(lobbyId);
  return it == lobbies_.end() ? nullptr : &it->second;
}

const Lobbies::Lobby* Lobbies::FindLobby(sdk::Snowflake lobbyId) const {
  return const_cast<Lobbies*>(this)->FindLobby(lobbyId);
}

const Lobbies::Lobby* Lobbies::MemberLobby(sdk::Snowflake app, sdk::Snowflake user,
                                           sdk::Snowflake lobbyId, sdk::Result* failure) const {
  const Lobby* lobby = FindLobby(lobbyId);
  if (!lobby || lobby->applicationId != app) {
    *failure = HttpFailure(404, kUnknownLobby, "Unknown Lobby: there is no lobby " + IdText(lobbyId) + " in this application");
    return nullptr;
  }
  if (!lobby->Find(user)) {
    *failure = HttpFailure(403, kMissingAccess,
                           "Missing Access: the current user is not a member of lobby " + IdText(lobbyId));
    return nullptr;
  }
  return lobby;
}

Notice Lobbies::LobbyNotice(const Lobby& lobby, sdk::LobbyEvent event,
                            std::vector<sdk::Snowflake> recipients, sdk::Snowflake member) {
  Notice notice;
  notice.applicationId = lobby.applicationId;
  notice.recipients = std::move(recipients);
  notice.lobbyEvent = event;
  notice.lobbyId = lobby.id;
  notice.memberId = member;
  return notice;
}

void Lobbies::AddMember(Lobby& lobby, Member member, Notices& notices) {
  const sdk::Snowflake user = member.id;
  std::vector<sdk::Snowflake> others = lobby.MemberIds();
  lobby.members.push_back(std::move(member));
  lobbiesOfUser_[{lobby.applicationId, user}].insert(lobby.id);
  notices.push_back(LobbyNotice(lobby, sdk::LobbyEvent::Created, {user}));
  // The vendor never reports a user's own arrival as a member-added event.
  if (!others.empty()) {
    notices.push_back(LobbyNotice(lobby, sdk::LobbyEvent::MemberAdded, std::move(others), user));
  }
}

void Lobbies::RemoveMember(Lobby& lobby, sdk::Snowflake user, Notices& notices) {
  lobby.members.erase(std::remove_if(lobby.members.begin(), lobby.members.end(),
                                     [user](const Member& m) { return m.id == user; }),
                      lobby.members.end());
  auto mine = lobbiesOfUser_.find({lobby.applicationId, user});
  if (mine != lobbiesOfUser_.end()) {
    mine->second.erase(lobby.id);
    if (mine->second.empty()) lobbiesOfUser_.erase(mine);
  }
  notices.push_back(LobbyNotice(lobby, sdk::LobbyEvent::Deleted, {user}));
  if (!lobby.members.empty()) {
    notices.push_back(LobbyNotice(lobby, sdk::LobbyEvent::MemberRemoved, lobby.MemberIds(), user));
  }
}

// The service's answer to an SDK client that tries to join or leave a lobby the game backend made.
sdk::Result Lobbies::BackendLobbyRefusal(sdk::Snowflake lobbyId) {
  return HttpFailure(403, kMissingAccess,
                     "lobby " + IdText(lobbyId) +
                         " was created by the game's server: SDK clients cannot join or leave it, only the server "
                         "manages its members");
}

Lobbies::Outcome Lobbies::CreateOrJoin(sdk::Snowflake app, sdk::Snowflake user,
                                       const std::string& secret,
                                       const std::optional<sdk::Metadata>& givenLobbyMetadata,
                                       const std::optional<sdk::Metadata>& givenMemberMetadata,
                                       sdk::Snowflake newId, uint64_t nowMs) {
  // The service's rule (the SDK's CreateOrJoinLobbyWithMetadata): a request with metadata carries
  // both maps, and both replace what the lobby and the member had; a map the request does not
  // carry is empty. Only a request without metadata (CreateOrJoinLobby) changes neither. Clients
  // that promise "left out = unchanged" send the current map (SimClient::CreateOrJoinLobby).
  std::optional<sdk::Metadata> lobbyMetadata = givenLobbyMetadata;
  std::optional<sdk::Metadata> memberMetadata = givenMemberMetadata;
  if (lobbyMetadata || memberMetadata) {
    if (!lobbyMetadata) lobbyMetadata.emplace();
    if (!memberMetadata) memberMetadata.emplace();
  }
  Outcome out;
  if (secret.empty()) {
    out.result = sdk::Result::Failure(sdk::ErrorType::ValidationError, "the lobby secret must not be empty");
    return out;
  }
  Lobby* lobby = LobbyOfSecret(app, secret, nowMs);
  if (lobby && lobby->byBackend) {
    out.result = BackendLobbyRefusal(lobby->id);
    return out;
  }
  Member* member = lobby ? lobby->Find(user) : nullptr;
  if (!member) {
    if (AtCap(app, user)) {
      out.result = HttpFailure(400, 0, "the user is already a member of " + std::to_string(kMaxLobbiesPerUser) +
                                           " lobbies of this application, the most one user can join");
      return out;
    }
    if (lobby && lobby->members.size() >= kMaxMembers) {
      out.result = HttpFailure(400, 0, "lobby " + IdText(lobby->id) + " is full (" + std::to_string(kMaxMembers) +
                                           " members, the most a lobby can hold)");
      return out;
    }
  }
  if (!lobby) {
    Lobby created;
    created.id = newId;
    created.applicationId = app;
    created.secret = secret;
    created.secretExpiresAtMs = nowMs + kSecretLifetimeMs;
    created.metadata = lobbyMetadata.value_or(sdk::Metadata{});
    lobby = &lobbies_.emplace(newId, std::move(created)).first->second;
    bySecret_[{app, secret}] = newId;
    AddMember(*lobby, Member{user, memberMetadata.value_or(sdk::Metadata{}), std::nullopt}, out.notices);
    out.id = newId;
    return out;
  }
  out.id = lobby->id;
  if (!member) {
    AddMember(*lobby, Member{user, memberMetadata.value_or(sdk::Metadata{}), std::nullopt}, out.notices);
  } else if (memberMetadata && *memberMetadata != member->metadata) {
    member->metadata = *memberMetadata;
    out.notices.push_back(LobbyNotice(*lobby, sdk::LobbyEvent::MemberUpdated, lobby->MemberIds(), user));
  }
  if (lobbyMetadata && *lobbyMetadata != lobby->metadata) {
    lobby->metadata = *lobbyMetadata;
    out.notices.push_back(LobbyNotice(*lobby, sdk::LobbyEvent::Updated, lobby->MemberIds()));
  }
  return out;
}

Lobbies::Outcome Lobbies::Leave(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId) {
  Outcome out;
  const Lobby* found = MemberLobby(app, user, lobbyId, &out.result);
  if (!found) return out;
  if (found->byBackend || !found->secret) {
    out.result = BackendLobbyRefusal(lobbyId);
    return out;
  }
  RemoveMember(*FindLobby(lobbyId), user, out.notices);
  out.id = lobbyId;
  return out;
}

Lobbies::Outcome Lobbies::Send(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId,
                               std::string content, sdk::Metadata metadata, sdk::Snowflake newId,
                               uint64_t nowMs, size_t maxContentLength) {
  Outcome out;
  const size_t length = CountCodePoints(content);
  if (length == 0 || length > maxContentLength) {
    out.result = sdk::Result::Failure(
        sdk::ErrorType::ValidationError,
        "message content must be 1 to " + std::to_string(maxContentLength) + " characters, got " +
            std::to_string(length));
    return out;
  }
  if (!MemberLobby(app, user, lobbyId, &out.result)) return out;
  Lobby& lobby = *FindLobby(lobbyId);
  auto message = std::make_shared<sdk::Message>();
  message->sentFromGame = true;  // every message of the simulated service comes from an SDK client
  message->id = newId;
  message->content = std::move(content);
  // MessageHandle::RawContent: the content "without replacing any markup from emojis and
  // mentions". The simulator replaces no markup (our choice): both read what was sent.
  message->rawContent = message->content;
  message->applicationId = app;  // MessageHandle::ApplicationId: the game it was sent from
  message->authorId = user;
  message->channelId = lobbyId;
  message->lobbyId = lobbyId;
  message->sentAtMs = nowMs;
  message->metadata = std::move(metadata);
  message->additionalName = lobby.Find(user)->additionalName;
  lobby.history.push_back(message);
  if (lobby.history.size() > kMessagesReturned) lobby.history.pop_front();

  Notice notice;
  notice.applicationId = app;
  notice.recipients = lobby.MemberIds();  // the sender too
  notice.messageEvent = sdk::MessageEvent::Created;
  notice.lobbyId = lobbyId;
  notice.message = std::move(message);
  out.notices.push_back(std::move(notice));
  out.id = newId;
  return out;
}

sdk::Result Lobbies::Read(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId,
                          int32_t limit, uint64_t nowMs, std::vector<sdk::MessagePtr>* out) const {
  sdk::Result failure;
  const Lobby* lobby = MemberLobby(app, user, lobbyId, &failure);
  if (!lobby) return failure;
  // Larger limits are clamped, not refused; none (<= 0) means the most.
  const size_t wanted = limit <= 0 ? kMessagesReturned
                                   : std::min(static_cast<size_t>(limit), kMessagesReturned);
  const uint64_t oldest = nowMs > kMessageReadWindowMs ? nowMs - kMessageReadWindowMs : 0;
  out->clear();
  for (auto it = lobby->history.rbegin(); it != lobby->history.rend() && out->size() < wanted; ++it) {
    if ((*it)->sentAtMs < oldest) break;  // history is in time order
    out->push_back(*it);                  // newest first
  }
  return sdk::Result::Success();
}

Lobbies::Audience Lobbies::AudienceOf(sdk::Snowflake lobbyId) const {
  const Lobby* lobby = FindLobby(lobbyId);
  if (lobby == nullptr) return {};
  return Audience{lobby->applicationId, lobby->MemberIds()};
}

sdk::Lobby Lobbies::ToView(const Lobby& lobby, const IsConnected& connected) const {
  sdk::Lobby view;
  view.id = lobby.id;
  view.metadata = lobby.metadata;
  view.linkedChannel = lobby.linkedChannel;
  view.members.reserve(lobby.members.size());
  for (const Member& member : lobby.members) {
    view.members.push_back(
        sdk::LobbyMember{member.id, member.metadata, connected(lobby.applicationId, member.id),
                         (member.flags & kCanLinkLobby) != 0, std::nullopt});
  }
  return view;
}

std::optional<sdk::Lobby> Lobbies::View(sdk::Snowflake app, sdk::Snowflake user,
                                        sdk::Snowflake lobbyId, const IsConnected& connected) const {
  sdk::Result failure;
  const Lobby* lobby = MemberLobby(app, user, lobbyId, &failure);
  if (!lobby) return std::nullopt;
  return ToView(*lobby, connected);
}

std::vector<sdk::Snowflake> Lobbies::LobbyIdsOf(sdk::Snowflake app, sdk::Snowflake user) const {
  auto mine = lobbiesOfUser_.find({app, user});
  if (mine == lobbiesOfUser_.end()) return {};
  return {mine->second.begin(), mine->second.end()};
}

bool Lobbies::AtCap(sdk::Snowflake app, sdk::Snowflake user) const {
  auto mine = lobbiesOfUser_.find({app, user});
  return mine != lobbiesOfUser_.end() && mine->second.size() >= kMaxLobbiesPerUser;
}

Notices Lobbies::ConnectedChanged(sdk::Snowflake app, sdk::Snowflake user) const {
  Notices notices;
  auto mine = lobbiesOfUser_.find({app, user});
  if (mine == lobbiesOfUser_.end()) return notices;
  for (sdk::Snowflake lobbyId : mine->second) {
    const Lobby& lobby = *FindLobby(lobbyId);
    std::vector<sdk::Snowflake> others;
    for (const Member& member : lobby.members) {
      if (member.id != user) others.push_back(member.id);
    }
    if (!others.empty()) {
      notices.push_back(LobbyNotice(lobby, sdk::LobbyEvent::MemberUpdated, std::move(others), user));
    }
  }
  return notices;
}

bool Lobbies::ShareLobby(sdk::Snowflake app, sdk::Snowflake a, sdk::Snowflake b) const {
  auto mine = lobbiesOfUser_.find({app, a});
  auto theirs = lobbiesOfUser_.find({app, b});
  if (mine == lobbiesOfUser_.end() || theirs == lobbiesOfUser_.end()) return false;
  for (sdk::Snowflake lobbyId : mine->second) {
    if (theirs->second.count(lobbyId)) return true;
  }
  return false;
}

std::vector<sdk::Snowflake> Lobbies::CoMembers(sdk::Snowflake app, sdk::Snowflake user) const {
  std::vector<sdk::Snowflake> ids;
  auto mine = lobbiesOfUser_.find({app, user});
  if (mine == lobbiesOfUser_.end()) return ids;
  for (sdk::Snowflake lobbyId : mine->second) {
    for (const Member& member : FindLobby(lobbyId)->members) ids.push_back(member.id);
  }
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

}  // namespace sim
