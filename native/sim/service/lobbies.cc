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

sdk::Lobby Lobbies::ToView(const Lobby& lobby, const IsConnected& connected) const {
  sdk::Lobby view;
  view.id = lobby.id;
  view.metadata = lobby.metadata;
  view.linkedChannel = lobby.linkedChannel;
  view.members.reserve(lobby.members.size());
  for (const Member& member : lobby.members) {
    view.members.push_back(
        sdk::LobbyMember{member.id, member.metadata, connected(lobby.applicationId, member.id)});
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

bool Lobbies::AtCap(sdk::Snowflake app, sdk::Snowflake user) const {
  auto mine = lobbiesOfUser_.find({app, user});
  return mine != lobbiesOfUser_.end() && mine->second.size() >= kMaxLobbiesPerUser;
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

namespace {
// The author's message of the lobby's linked channel, or the harness's error.
std::deque<sdk::MessagePtr>::iterator AuthoredInLinkedChannel(std::deque<sdk::MessagePtr>& history,
                                                              bool linked, sdk::Snowflake lobbyId,
                                                              sdk::Snowflake messageId, sdk::Snowflake author) {
  if (!linked) {
    throw std::invalid_argument("lobby " + std::to_string(lobbyId) +
                                " has no linked channel: its messages can be edited or deleted only there");
  }
  auto it = std::find_if(history.begin(), history.end(), [messageId](const sdk::MessagePtr& m) { return m->id == messageId; });
  if (it == history.end()) {
    throw std::invalid_argument("no message " + std::to_string(messageId) + " in lobby " + std::to_string(lobbyId));
  }
  if ((*it)->authorId != author) {
    throw std::invalid_argument("user " + std::to_string(author) + " is not the author of message " +
                                std::to_string(messageId));
  }
  return it;
}
}  // namespace

Notices Lobbies::EditMessageInLinkedChannel(sdk::Snowflake lobbyId, sdk::Snowflake messageId, sdk::Snowflake author,
                                            std::string content, uint64_t nowMs) {
  Lobby* lobby = FindLobby(lobbyId);
  if (!lobby) throw std::invalid_argument("no lobby with id " + std::to_string(lobbyId));
  auto it = AuthoredInLinkedChannel(lobby->history, lobby->linkedChannel.has_value(), lobbyId, messageId, author);
  auto updated = std::make_shared<sdk::Message>(**it);
  updated->content = std::move(content);
  updated->editedAtMs = nowMs;
  updated->moderationMetadata.clear();
  *it = updated;
  return {MessageUpdated(*lobby, std::move(updated))};
}

Notices Lobbies::DeleteMessageInLinkedChannel(sdk::Snowflake lobbyId, sdk::Snowflake messageId, sdk::Snowflake author) {
  Lobby* lobby = FindLobby(lobbyId);
  if (!lobby) throw std::invalid_argument("no lobby with id " + std::to_string(lobbyId));
  auto it = AuthoredInLinkedChannel(lobby->history, lobby->linkedChannel.has_value(), lobbyId, messageId, author);
  lobby->history.erase(it);
  Notice notice;
  notice.applicationId = lobby->applicationId;
  notice.recipients = lobby->MemberIds();
  notice.lobbyId = lobbyId;
  notice.deletedMessageId = messageId;
  return {std::move(notice)};
}

Notices Lobbies::LinkChannel(sdk::Snowflake lobbyId, std::optional<sdk::LinkedChannel> channel) {
  Lobby* lobby = &ServerLobbyOf(lobbyId);
  lobby->linkedChannel = std::move(channel);
  return {LobbyNotice(*lobby, sdk::LobbyEvent::Updated, lobby->MemberIds())};
}

sdk::Result Lobbies::MayLinkChannel(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId) const {
  sdk::Result failure;
  const Lobby* lobby = MemberLobby(app, user, lobbyId, &failure);
  if (!lobby) return failure;
  if (!(lobby->Find(user)->flags & kCanLinkLobby)) {
    return HttpFailure(403, kMissingPermissions,
                       "Missing Permissions: linking a channel to lobby " + IdText(lobbyId) +
                           " needs the member flag CanLinkLobby, which the game backend sets");
  }
  return sdk::Result::Success();
}

std::optional<sdk::Snowflake> Lobbies::LinkedChannelOf(sdk::Snowflake lobbyId) const {
  const Lobby* lobby = FindLobby(lobbyId);
  if (!lobby || !lobby->linkedChannel) return std::nullopt;
  return lobby->linkedChannel->id;
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

std::vector<std::tuple<sdk::Snowflake, sdk::Snowflake, sdk::Snowflake>> Lobbies::LinkedChannels() const {
  std::vector<std::tuple<sdk::Snowflake, sdk::Snowflake, sdk::Snowflake>> out;
  for (const auto& [id, lobby] : lobbies_) {
    if (lobby.linkedChannel) out.emplace_back(lobby.linkedChannel->id, lobby.applicationId, id);
  }
  return out;
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
