// The simulated service's lobbies: membership, metadata, the linked channel and message history,
// with the rules of the spec and the vendor documentation. Pure state: no locking, no threads, no
// clients. Every change reports the notices (events) it causes; the world delivers them to the
// connected clients of the users they name.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "sdk/lobby.h"
#include "sdk/types.h"

namespace sim {

// An event for some users of one application.
struct Notice {
  sdk::Snowflake applicationId = 0;
  std::vector<sdk::Snowflake> recipients;  // user ids
  std::optional<sdk::LobbyEvent> lobbyEvent;
  std::optional<sdk::MessageEvent> messageEvent;
  sdk::Snowflake lobbyId = 0;
  sdk::Snowflake memberId = 0;
  sdk::MessagePtr message;
};
using Notices = std::vector<Notice>;

// One entry of a bulk member update (the server API's Bulk Update Lobby Members).
struct MemberUpdate {
  sdk::Snowflake userId = 0;
  bool remove = false;
  std::optional<sdk::Metadata> metadata;               // nullopt: unchanged (empty when added)
  std::optional<std::optional<std::string>> additionalName;  // outer nullopt: unchanged
  std::optional<uint32_t> flags;                             // LobbyMemberFlags; nullopt: unchanged (0 when added)
};

// The server's view of a lobby: the client view plus what only the game backend sees.
struct ServerLobby {
  sdk::Lobby lobby;
  sdk::Snowflake applicationId = 0;
  std::optional<std::string> secret;
  std::map<sdk::Snowflake, std::string> additionalNames;
  std::map<sdk::Snowflake, uint32_t> flags;  // members with flags set
};

class Lobbies {
 public:
  // Lobby messages a read returns at most, and what the simulator retains per lobby.
  static constexpr size_t kMessagesReturned = 200;
  // Lobby messages older than this are not returned (vendor documentation: 72 hours).
  static constexpr uint64_t kMessageReadWindowMs = 72ull * 60 * 60 * 1000;
  static constexpr size_t kMaxMembers = 1000;
  static constexpr size_t kMaxLobbiesPerUser = 200;
  static constexpr size_t kMaxMembersPerBulkUpdate = 25;
  static constexpr size_t kMaxContentLength = 2000;  // characters (code points)
  // LobbyMemberFlags (server API): the only flag. A member with it may link a channel to the lobby.
  static constexpr uint32_t kCanLinkLobby = 1u << 0;

  using IsConnected = std::function<bool(sdk::Snowflake applicationId, sdk::Snowflake userId)>;

  struct Outcome {
    sdk::Result result;
    sdk::Snowflake id = 0;  // the lobby or message id, on success
    Notices notices;
  };

  // Client operations: failures are service errors (HTTPError with status), nothing changes.
  // `newId` is used when a lobby is created.
  Outcome CreateOrJoin(sdk::Snowflake app, sdk::Snowflake user, const std::string& secret,
                       const std::optional<sdk::Metadata>& lobbyMetadata,
                       const std::optional<sdk::Metadata>& memberMetadata, sdk::Snowflake newId);
  Outcome Leave(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId);
  Outcome Send(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId, std::string content,
               sdk::Metadata metadata, sdk::Snowflake newId, uint64_t nowMs);
  sdk::Result Read(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId, int32_t limit,
                   uint64_t nowMs, std::vector<sdk::MessagePtr>* out) const;
  std::optional<sdk::Lobby> View(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId,
                                 const IsConnected& connected) const;
  std::vector<sdk::Snowflake> LobbyIdsOf(sdk::Snowflake app, sdk::Snowflake user) const;

  // Server (game backend) operations: bad input throws std::invalid_argument, nothing changes.
  void Create(sdk::Snowflake app, sdk::Snowflake id, std::optional<std::string> secret,
              sdk::Metadata metadata);
  Notices BulkUpdateMembers(sdk::Snowflake lobbyId, const std::vector<MemberUpdate>& updates);
  Notices SetModerationMetadata(sdk::Snowflake lobbyId, sdk::Snowflake messageId,
                                sdk::Metadata metadata);
  Notices LinkChannel(sdk::Snowflake lobbyId, std::optional<sdk::LinkedChannel> channel);
  // Whether `user` may link a channel to the lobby or unlink it (a member with CanLinkLobby); the
  // service error otherwise: 404/403 as MemberLobby, 403 Missing Permissions (50013) without the flag.
  sdk::Result MayLinkChannel(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId) const;
  // The lobby's linked channel id, if any.
  std::optional<sdk::Snowflake> LinkedChannelOf(sdk::Snowflake lobbyId) const;
  Notices Delete(sdk::Snowflake lobbyId);
  std::optional<ServerLobby> ServerView(sdk::Snowflake lobbyId, const IsConnected& connected) const;

  // A user's clients of `app` went from none connected to some, or back: members see it.
  Notices ConnectedChanged(sdk::Snowflake app, sdk::Snowflake user) const;

  // Every linked channel with its lobby: (channel id, application id, lobby id).
  std::vector<std::tuple<sdk::Snowflake, sdk::Snowflake, sdk::Snowflake>> LinkedChannels() const;
  // Whether `a` and `b` are members of a common lobby of `app` (clients know their co-members).
  bool ShareLobby(sdk::Snowflake app, sdk::Snowflake a, sdk::Snowflake b) const;

 private:
  struct Member {
    sdk::Snowflake id = 0;
    sdk::Metadata metadata;
    std::optional<std::string> additionalName;
    uint32_t flags = 0;  // LobbyMemberFlags, set by the game backend only
  };
  struct Lobby {
    sdk::Snowflake id = 0;
    sdk::Snowflake applicationId = 0;
    std::optional<std::string> secret;
    sdk::Metadata metadata;
    std::vector<Member> members;  // join order
    std::optional<sdk::LinkedChannel> linkedChannel;
    std::deque<sdk::MessagePtr> history;  // oldest first, at most kMessagesReturned

    Member* Find(sdk::Snowflake user);
    const Member* Find(sdk::Snowflake user) const;
    std::vector<sdk::Snowflake> MemberIds() const;
  };
  using Key = std::pair<sdk::Snowflake, sdk::Snowflake>;  // (application, user or secret owner)

  Lobby* FindLobby(sdk::Snowflake lobbyId);
  const Lobby* FindLobby(sdk::Snowflake lobbyId) const;
  // The lobby `user` may act in, or the service error why not.
  const Lobby* MemberLobby(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId,
                           sdk::Result* failure) const;
  sdk::Lobby ToView(const Lobby& lobby, const IsConnected& connected) const;
  void AddMember(Lobby& lobby, Member member, Notices& notices);
  void RemoveMember(Lobby& lobby, sdk::Snowflake user, Notices& notices);
  static Notice LobbyNotice(const Lobby& lobby, sdk::LobbyEvent event,
                            std::vector<sdk::Snowflake> recipients, sdk::Snowflake member = 0);

  std::map<sdk::Snowflake, Lobby> lobbies_;
  std::map<std::pair<sdk::Snowflake, std::string>, sdk::Snowflake> bySecret_;
  std::map<Key, std::set<sdk::Snowflake>> lobbiesOfUser_;
};

// Characters as the service counts them for content limits: Unicode code points of UTF-8 text.
size_t CountCodePoints(const std::string& utf8);

}  // namespace sim
