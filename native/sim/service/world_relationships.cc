// The world's relationships: friend requests (Discord and game), accept, reject, cancel, remove,
// block and unblock for signed-in clients; the relationships a client reads (with the other user
// as it sees it, grouped by presence for the friends list); and the notices: relationship
// created/deleted to the sessions of both users, groups updated when a friend goes online, starts
// this game or goes offline.
#include <algorithm>
#include <cctype>
#include <tuple>
#include <stdexcept>

#include "sim/service/http_failure.h"
#include "sim/service/world.h"

namespace sim {

namespace {

std::string Lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

sdk::Result UnknownUser(const std::string& what) {
  sdk::Result failure = sdk::Result::Failure(sdk::ErrorType::HTTPError, "Unknown User: " + what, kUnknownUser);
  failure.status = 404;
  return failure;
}

}  // namespace

sdk::Result World::SendFriendRequest(sdk::Snowflake user, sdk::Snowflake target, bool discord) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto from = users_.find(user);
  auto to = users_.find(target);
  if (from == users_.end() || to == users_.end()) return UnknownUser("there is no user " + std::to_string(target));
  auto outcome = relationships_.SendRequest({user, from->second.isProvisional}, {target, to->second.isProvisional}, discord);
  DispatchRelationshipsLocked(outcome.notices);
  return outcome.result;
}

sdk::Result World::SendFriendRequestByName(sdk::Snowflake user, const std::string& username, bool discord) {
  sdk::Snowflake target = 0;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    const std::string wanted = Lower(username);
    for (const auto& [id, known] : users_) {
      if (Lower(known.username) == wanted) target = id;
    }
  }
  if (target == 0) {
    constexpr int32_t kNoSuchUsername = 80004;
    sdk::Result failure = sdk::Result::Failure(sdk::ErrorType::HTTPError, "No users with that username exist", kNoSuchUsername);
    failure.status = 400;
    return failure;
  }
  return SendFriendRequest(user, target, discord);
}

sdk::Result World::UpdateRelationship(sdk::Snowflake user, sdk::Snowflake other, RelationshipOp op) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (users_.count(other) == 0) return UnknownUser("there is no user " + std::to_string(other));
  Relationships::Outcome outcome;
  switch (op) {
    case RelationshipOp::AcceptDiscord: outcome = relationships_.Accept(user, other, true); break;
    case RelationshipOp::AcceptGame: outcome = relationships_.Accept(user, other, false); break;
    case RelationshipOp::RejectDiscord: outcome = relationships_.Reject(user, other, true); break;
    case RelationshipOp::RejectGame: outcome = relationships_.Reject(user, other, false); break;
    case RelationshipOp::CancelDiscord: outcome = relationships_.Cancel(user, other, true); break;
    case RelationshipOp::CancelGame: outcome = relationships_.Cancel(user, other, false); break;
    case RelationshipOp::RemoveGame: outcome = relationships_.RemoveGameFriend(user, other); break;
    case RelationshipOp::RemoveDiscordAndGame: outcome = relationships_.RemoveDiscordAndGameFriend(user, other); break;
    case RelationshipOp::Block: outcome = relationships_.Block(user, other); break;
    case RelationshipOp::Unblock: outcome = relationships_.Unblock(user, other); break;
  }
  DispatchRelationshipsLocked(outcome.notices);
  return outcome.result;
}

void World::SetFriends(sdk::Snowflake a, sdk::Snowflake b, bool discord, bool game) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto first = users_.find(a);
  auto second = users_.find(b);
  if (first == users_.end()) throw std::invalid_argument("no user with id " + std::to_string(a));
  if (second == users_.end()) throw std::invalid_argument("no user with id " + std::to_string(b));
  DispatchRelationshipsLocked(
      relationships_.SetFriends({a, first->second.isProvisional}, {b, second->second.isProvisional}, discord, game));
}

void World::DispatchRelationshipsLocked(const RelationshipNotices& notices) {
  ServicePool::DeferPosts defer;  // one lock of the pool for every recipient's task
  for (const RelationshipNotice& notice : notices) {
    for (const auto& [session, key] : readyKey_) {
      if (key.second == notice.recipient) session->OnRelationshipChanged(notice.other, notice.isDiscord, notice.created);
    }
  }
}

sdk::Relationship World::RelationshipLocked(sdk::Snowflake app, sdk::Snowflake viewer, sdk::Snowflake other) const {
  sdk::Relationship out;
  out.id = other;
  const Relationships::Types types = relationships_.Of(viewer, other);
  out.discordType = types.discord;
  out.gameType = types.game;
  auto user = users_.find(other);
  if (user != users_.end() && !types.none()) out.user = ViewUserLocked(app, viewer, user->second);
  return out;
}

std::vector<sdk::Relationship> World::RelationshipsOf(sdk::Snowflake app, sdk::Snowflake viewer) const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<sdk::Relationship> out;
  for (const auto& [other, types] : relationships_.All(viewer)) out.push_back(RelationshipLocked(app, viewer, other));
  return out;
}

sdk::Relationship World::RelationshipOf(sdk::Snowflake app, sdk::Snowflake viewer, sdk::Snowflake other) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return RelationshipLocked(app, viewer, other);
}

ShownPresence World::ShownPresenceLocked(sdk::Snowflake userId) const {
  ShownPresence out;
  auto user = users_.find(userId);
  if (user == users_.end()) return out;
  const sdk::User shown = ShownUserLocked(user->second, false);
  out.online = shown.status != sdk::StatusType::Offline;
  if (out.online && shown.gameActivity && shown.gameActivity->applicationId) out.activityApp = *shown.gameActivity->applicationId;
  return out;
}

std::vector<sdk::Relationship> World::RelationshipsByGroup(sdk::Snowflake app, sdk::Snowflake viewer,
                                                           sdk::RelationshipGroupType group) const {
  std::lock_guard<std::mutex> lock(mutex_);
  // discordpp.h 1.9.16441, GetRelationshipsByGroup: "OnlineElsewhere: Users who are online but not
  // playing the game (users who have played the game before are sorted to the top)". Then, in
  // every group, by display name (case-insensitive) and id: our choice.
  struct Entry {
    bool notPlayed;
    std::string name;
    sdk::Relationship relationship;
  };
  std::vector<Entry> found;
  for (sdk::Snowflake other : relationships_.FriendsOf(viewer)) {
    if (GroupOf(ShownPresenceLocked(other), app, relationships_.AreDiscordFriends(viewer, other)) != group) continue;
    sdk::Relationship relationship = RelationshipLocked(app, viewer, other);
    std::string name = relationship.user ? Lower(relationship.user->displayName()) : std::string();
    const bool notPlayed = group == sdk::RelationshipGroupType::OnlineElsewhere && !playHistory_.HasPlayed(app, other);
    found.push_back({notPlayed, std::move(name), std::move(relationship)});
  }
  std::sort(found.begin(), found.end(), [](const Entry& a, const Entry& b) {
    return std::tie(a.notPlayed, a.name, a.relationship.id) < std::tie(b.notPlayed, b.name, b.relationship.id);
  });
  std::vector<sdk::Relationship> out;
  for (Entry& entry : found) out.push_back(std::move(entry.relationship));
  return out;
}

std::vector<sdk::User> World::SearchFriends(sdk::Snowflake app, sdk::Snowflake viewer, const std::string& text) const {
  std::lock_guard<std::mutex> lock(mutex_);
  // Relationships::SearchDistance has the rule. The closest first, then by display name
  // (case-insensitive) and id: our choice.
  struct Entry {
    size_t distance;
    std::string name;
    sdk::Snowflake id;
  };
  const size_t allowed = Relationships::SearchEditsAllowed(text);
  std::vector<Entry> found;
  for (sdk::Snowflake other : relationships_.FriendsOf(viewer)) {
    auto user = users_.find(other);
    if (user == users_.end()) continue;
    const std::string displayName = user->second.displayName();
    const size_t distance = std::min(Relationships::SearchDistance(text, user->second.username),
                                     Relationships::SearchDistance(text, displayName));
    if (distance <= allowed) found.push_back({distance, Lower(displayName), other});
  }
  std::sort(found.begin(), found.end(), [](const Entry& a, const Entry& b) {
    return std::tie(a.distance, a.name, a.id) < std::tie(b.distance, b.name, b.id);
  });
  std::vector<sdk::User> out;
  for (const Entry& entry : found) out.push_back(ViewUserLocked(app, viewer, users_.at(entry.id)));
  return out;
}

void World::RelationshipGroupsChangedLocked(sdk::Snowflake userId) {
  const ShownPresence now = ShownPresenceLocked(userId);
  const ShownPresence before = relationships_.ReplaceShownPresence(userId, now);
  if (before == now) return;
  for (const auto& [key, sessions] : ready_) {
    const auto& [app, viewer] = key;
    if (!relationships_.AreFriends(viewer, userId)) continue;
    const bool discordFriend = relationships_.AreDiscordFriends(viewer, userId);
    if (GroupOf(before, app, discordFriend) == GroupOf(now, app, discordFriend)) continue;
    for (Session* session : sessions) session->OnRelationshipGroupsUpdated(userId);
  }
}

}  // namespace sim
