#include "sim/service/relationships.h"

#include <algorithm>
#include <stdexcept>

#include "sim/service/http_failure.h"

namespace sim {

namespace {

using Type = sdk::RelationshipType;

constexpr int32_t kIncomingRequestsDisabled = 80000;
constexpr int32_t kFriendRequestBlocked = 80001;
constexpr int32_t kRequestToSelf = 80003;
constexpr int32_t kAlreadyFriends = 80007;

Type TypeOf(const Relationships::Types& types, bool discord) { return discord ? types.discord : types.game; }

const char* Kind(bool discord) { return discord ? "Discord" : "game"; }

// The characters of `text` for comparison: each UTF-8 sequence packed into one number (only
// equality matters; a malformed one still makes some number), ASCII letters lowercased.
std::vector<uint32_t> Characters(const std::string& text) {
  std::vector<uint32_t> out;
  for (unsigned char c : text) {
    const bool continuation = (c & 0xC0) == 0x80;
    if (continuation && !out.empty() && out.back() <= 0xFFFFFF) {
      out.back() = (out.back() << 8) | c;
    } else {
      out.push_back(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
  }
  return out;
}

}  // namespace

size_t Relationships::SearchDistance(const std::string& query, const std::string& name) {
  const std::vector<uint32_t> q = Characters(query);
  const std::vector<uint32_t> t = Characters(name);
  // Levenshtein's table, one row at a time, with a first row of zeros: the part of `name` may
  // start anywhere (and end anywhere: the smallest entry of the last row).
  std::vector<size_t> row(t.size() + 1, 0);
  for (size_t i = 1; i <= q.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= t.size(); ++j) {
      const size_t above = row[j];
      row[j] = std::min({above + 1, row[j - 1] + 1, diagonal + (q[i - 1] == t[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return *std::min_element(row.begin(), row.end());
}

size_t Relationships::SearchEditsAllowed(const std::string& query) { return Characters(query).size() / 4; }

Relationships::Types Relationships::Of(sdk::Snowflake viewer, sdk::Snowflake other) const {
  auto row = edges_.find(viewer);
  if (row == edges_.end()) return {};
  auto found = row->second.find(other);
  return found == row->second.end() ? Types{} : found->second;
}

std::vector<std::pair<sdk::Snowflake, Relationships::Types>> Relationships::All(sdk::Snowflake viewer) const {
  std::vector<std::pair<sdk::Snowflake, Types>> out;
  auto row = edges_.find(viewer);
  if (row == edges_.end()) return out;
  for (const auto& [other, types] : row->second) out.emplace_back(other, types);
  return out;
}

bool Relationships::AreFriends(sdk::Snowflake a, sdk::Snowflake b) const {
  const Types types = Of(a, b);
  return types.discord == Type::Friend || types.game == Type::Friend;
}

bool Relationships::AreDiscordFriends(sdk::Snowflake a, sdk::Snowflake b) const {
  return Of(a, b).discord == Type::Friend;
}

bool Relationships::BlockedEitherWay(sdk::Snowflake a, sdk::Snowflake b) const {
  return Of(a, b).discord == Type::Blocked || Of(b, a).discord == Type::Blocked;
}

std::vector<sdk::Snowflake> Relationships::FriendsOf(sdk::Snowflake user) const {
  std::vector<sdk::Snowflake> out;
  for (const auto& [other, types] : All(user)) {
    if (types.discord == Type::Friend || types.game == Type::Friend) out.push_back(other);
  }
  return out;
}

Relationships::Types& Relationships::Edge(sdk::Snowflake viewer, sdk::Snowflake other) {
  return edges_[viewer][other];
}

void Relationships::Prune(sdk::Snowflake viewer, sdk::Snowflake other) {
  auto row = edges_.find(viewer);
  if (row == edges_.end()) return;
  auto found = row->second.find(other);
  if (found != row->second.end() && found->second.none()) row->second.erase(found);
  if (row->second.empty()) edges_.erase(row);
}

void Relationships::Set(sdk::Snowflake viewer, sdk::Snowflake other, bool discord, Type type,
                        RelationshipNotices* notices) {
  Types& edge = Edge(viewer, other);
  Type& slot = discord ? edge.discord : edge.game;
  const Type before = slot;
  slot = type;
  Prune(viewer, other);
  if (before == type) return;
  notices->push_back(RelationshipNotice{viewer, other, discord, type != Type::None});
}

Relationships::Outcome Relationships::SendRequest(const Party& from, const Party& to, bool discord) {
  Outcome out;
  if (from.id == to.id) {
    out.result = HttpFailure(400, kRequestToSelf, "Cannot send friend request to self");
    return out;
  }
  if (discord && (from.provisional || to.provisional)) {
    out.result = HttpFailure(400, kIncomingRequestsDisabled,
                             "provisional accounts cannot have Discord friends (only game friends): " +
                                 std::string(from.provisional ? "the sender" : "the recipient") + " is provisional");
    return out;
  }
  if (BlockedEitherWay(from.id, to.id)) {
    out.result = HttpFailure(400, kFriendRequestBlocked, "Friend request blocked");
    return out;
  }
  const Type mine = TypeOf(Of(from.id, to.id), discord);
  if (mine == Type::Friend) {
    out.result = HttpFailure(400, kAlreadyFriends, std::string("You are already ") + Kind(discord) + " friends with that user");
    return out;
  }
  if (mine == Type::PendingOutgoing) return out;
  if (mine == Type::PendingIncoming) return Accept(from.id, to.id, discord);
  Set(from.id, to.id, discord, Type::PendingOutgoing, &out.notices);
  Set(to.id, from.id, discord, Type::PendingIncoming, &out.notices);
  return out;
}

Relationships::Outcome Relationships::Accept(sdk::Snowflake user, sdk::Snowflake other, bool discord) {
  Outcome out;
  if (TypeOf(Of(user, other), discord) != Type::PendingIncoming) {
    out.result = HttpFailure(404, kUnknownUser, std::string("no pending ") + Kind(discord) + " friend request from that user");
    return out;
  }
  Set(user, other, discord, Type::Friend, &out.notices);
  Set(other, user, discord, Type::Friend, &out.notices);
  return out;
}

Relationships::Outcome Relationships::Reject(sdk::Snowflake user, sdk::Snowflake other, bool discord) {
  Outcome out;
  if (TypeOf(Of(user, other), discord) != Type::PendingIncoming) {
    out.result = HttpFailure(404, kUnknownUser, std::string("no pending ") + Kind(discord) + " friend request from that user");
    return out;
  }
  Set(user, other, discord, Type::None, &out.notices);
  Set(other, user, discord, Type::None, &out.notices);
  return out;
}

Relationships::Outcome Relationships::Cancel(sdk::Snowflake user, sdk::Snowflake other, bool discord) {
  Outcome out;
  if (TypeOf(Of(user, other), discord) != Type::PendingOutgoing) {
    out.result = HttpFailure(404, kUnknownUser, std::string("no pending ") + Kind(discord) + " friend request to that user");
    return out;
  }
  Set(user, other, discord, Type::None, &out.notices);
  Set(other, user, discord, Type::None, &out.notices);
  return out;
}

Relationships::Outcome Relationships::RemoveGameFriend(sdk::Snowflake user, sdk::Snowflake other) {
  Outcome out;
  if (Of(user, other).game == Type::None) {
    out.result = HttpFailure(404, kUnknownUser, "no game relationship with that user");
    return out;
  }
  Set(user, other, false, Type::None, &out.notices);
  Set(other, user, false, Type::None, &out.notices);
  return out;
}

Relationships::Outcome Relationships::RemoveDiscordAndGameFriend(sdk::Snowflake user, sdk::Snowflake other) {
  Outcome out;
  const Types mine = Of(user, other);
  const bool discordRemovable = mine.discord != Type::None && mine.discord != Type::Blocked;
  if (!discordRemovable && mine.game == Type::None) {
    out.result = HttpFailure(404, kUnknownUser, "no friendship or friend request with that user");
    return out;
  }
  if (discordRemovable) {
    Set(user, other, true, Type::None, &out.notices);
    Set(other, user, true, Type::None, &out.notices);
  }
  Set(user, other, false, Type::None, &out.notices);
  Set(other, user, false, Type::None, &out.notices);
  return out;
}

Relationships::Outcome Relationships::Block(sdk::Snowflake user, sdk::Snowflake other) {
  Outcome out;
  if (user == other) {
    out.result = HttpFailure(400, kInvalidFormBody, "cannot block oneself");
    return out;
  }
  Set(user, other, false, Type::None, &out.notices);
  Set(other, user, false, Type::None, &out.notices);
  // The blocked user's view goes (unless it blocked the blocker too).
  if (Of(other, user).discord != Type::Blocked) Set(other, user, true, Type::None, &out.notices);
  Set(user, other, true, Type::Blocked, &out.notices);
  return out;
}

Relationships::Outcome Relationships::Unblock(sdk::Snowflake user, sdk::Snowflake other) {
  Outcome out;
  if (Of(user, other).discord != Type::Blocked) {
    out.result = HttpFailure(404, kUnknownUser, "that user is not blocked");
    return out;
  }
  Set(user, other, true, Type::None, &out.notices);
  return out;
}

RelationshipNotices Relationships::SetFriends(const Party& a, const Party& b, bool discord, bool game) {
  if (a.id == b.id) throw std::invalid_argument("a user cannot be its own friend");
  if (discord && (a.provisional || b.provisional)) {
    throw std::invalid_argument("provisional accounts cannot have Discord friends (only game friends)");
  }
  if (BlockedEitherWay(a.id, b.id)) throw std::invalid_argument("one of the users blocked the other");
  RelationshipNotices notices;
  if (discord) {
    Set(a.id, b.id, true, Type::Friend, &notices);
    Set(b.id, a.id, true, Type::Friend, &notices);
  }
  if (game) {
    Set(a.id, b.id, false, Type::Friend, &notices);
    Set(b.id, a.id, false, Type::Friend, &notices);
  }
  return notices;
}

sdk::RelationshipGroupType GroupOf(const ShownPresence& presence, sdk::Snowflake app, bool discordFriend) {
  if (!presence.online) return sdk::RelationshipGroupType::Offline;
  if (presence.activityApp == app) return sdk::RelationshipGroupType::OnlinePlayingGame;
  // Game friends' presence shows only in game: online elsewhere, they are in the offline group.
  return discordFriend ? sdk::RelationshipGroupType::OnlineElsewhere : sdk::RelationshipGroupType::Offline;
}

ShownPresence Relationships::ReplaceShownPresence(sdk::Snowflake user, const ShownPresence& now) {
  auto cached = shownPresence_.find(user);
  const ShownPresence before = cached == shownPresence_.end() ? ShownPresence{} : cached->second;
  if (before == now) return before;
  if (!now.online) shownPresence_.erase(user); else shownPresence_[user] = now;
  return before;
}

}  // namespace sim
