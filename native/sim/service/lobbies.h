// The simulated service's lobbies: membership, metadata, the linked channel and message history,
// with the rules of the spec and the vendor documentation. Pure state: no lock of its own (every
// member is called with World::mutex_ held), no threads, no clients. Every change reports the
// notices (events) it causes; the world delivers them to the connected clients of the users they
// name. Defined by responsibility: lobbies.cc (the SDK clients' operations), lobbies_server.cc
// (the game backend's), lobbies_linked_channel.cc, lobbies_lifecycle.cc (idle lobbies, secrets).
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
  // A message of the lobby was deleted (members get MessageDeleted with the lobby as channel).
  sdk::Snowflake deletedMessageId = 0;
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

// What Modify Lobby changes; absent fields stay as they are.
struct LobbyChanges {
  std::optional<sdk::Metadata> metadata;                 // replaces the lobby's
  std::optional<std::vector<MemberUpdate>> members;      // replaces the member list (at most 25)
  std::optional<uint32_t> idleTimeoutSeconds;
};

// The server's view of a lobby: the client view plus what only the game backend sees.
struct ServerLobby {
  sdk::Lobby lobby;
  sdk::Snowflake applicationId = 0;
  std::optional<std::string> secret;
  std::map<sdk::Snowflake, std::string> additionalNames;
  std::map<sdk::Snowflake, uint32_t> flags;  // members with flags set
  uint32_t idleTimeoutSeconds = 0;
};

class Lobbies {
 public:
  // Lobby messages a read returns at most, and what the simulator retains per lobby.
  static constexpr size_t kMessagesReturned = 200;
  // Lobby messages older than this are not returned (vendor documentation: 72 hours).
  static constexpr uint64_t kMessageReadWindowMs = 72ull * 60 * 60 * 1000;
  static constexpr size_t kMaxMembers = 1000;
  // Lobbies of one application a user can be a member of. The vendor header (SDK 1.5 to 1.9,
  // LobbyHandle "Membership Limits") says 200; the guide (managing-lobbies.mdx "Lobby Members")
  // still says 100, as the header did before. We follow the header (lib/limits.ts says the same).
  static constexpr size_t kMaxLobbiesPerUser = 200;
  static constexpr size_t kMaxMembersPerBulkUpdate = 25;
  static constexpr size_t kMaxContentLength = 2000;  // characters (code points)
  // LobbyMemberFlags (server API): the only flag. A member with it may link a channel to the lobby.
  static constexpr uint32_t kCanLinkLobby = 1u << 0;
  // idle_timeout_seconds (server API): 5 s to 7 days; 5 minutes when not given.
  static constexpr uint32_t kMinIdleTimeoutSeconds = 5;
  static constexpr uint32_t kMaxIdleTimeoutSeconds = 604800;
  static constexpr uint32_t kDefaultIdleTimeoutSeconds = 300;
  // A create-or-join secret names its lobby this long after the lobby was created; then it names no
  // lobby and a join with it creates a new one (managing-lobbies.mdx "Lobby Lifecycle": 30 days; the
  // header's CreateOrJoinLobby: "~30 days ... a new one would be created instead"). Exactly 30 days
  // is our choice.
  static constexpr uint64_t kSecretLifetimeMs = 30ull * 24 * 60 * 60 * 1000;

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
                       const std::optional<sdk::Metadata>& memberMetadata, sdk::Snowflake newId, uint64_t nowMs);
  Outcome Leave(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId);
  // `maxContentLength`: the SDK's limit (kMaxContentLength) for SDK clients; the HTTP route's own
  // (the route table's, lib/routes/table.ts) for Send Lobby Message over HTTP.
  Outcome Send(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId, std::string content,
               sdk::Metadata metadata, sdk::Snowflake newId, uint64_t nowMs,
               size_t maxContentLength = kMaxContentLength);
  sdk::Result Read(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId, int32_t limit,
                   uint64_t nowMs, std::vector<sdk::MessagePtr>* out) const;
  std::optional<sdk::Lobby> View(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId,
                                 const IsConnected& connected) const;
  std::vector<sdk::Snowflake> LobbyIdsOf(sdk::Snowflake app, sdk::Snowflake user) const;

  // Server (game backend) operations: a refused request throws ServiceError (http_failure.h) with
  // the service's status and code (404 10031 for an unknown lobby), and nothing changes.
  void Create(sdk::Snowflake app, sdk::Snowflake id, std::optional<std::string> secret,
              sdk::Metadata metadata, uint32_t idleTimeoutSeconds, uint64_t nowMs);
  // What a server add does with a user already in kMaxLobbiesPerUser lobbies of the application
  // (and not a member of this one): Bulk Update Lobby Members drops it silently from the upsert set
  // (lobby.mdx, Bulk Update Lobby Members); the other ways refuse the request (our choice: the docs
  // are silent there).
  enum class AtLobbyCap { Refuse, Drop };
  Notices BulkUpdateMembers(sdk::Snowflake lobbyId, const std::vector<MemberUpdate>& updates, AtLobbyCap atCap);
  // Modify Lobby: metadata overwritten, members replaced (left out = removed), idle timeout.
  Notices Modify(sdk::Snowflake lobbyId, const LobbyChanges& changes);
  Notices SetModerationMetadata(sdk::Snowflake lobbyId, sdk::Snowflake messageId,
                                sdk::Metadata metadata);
  Notices LinkChannel(sdk::Snowflake lobbyId, std::optional<sdk::LinkedChannel> channel);
  // The author edits or deletes a lobby message in the lobby's linked channel (from the chat
  // client: the SDK edits and deletes only direct messages). An edit clears the moderation
  // metadata (server-api.md §1.4). std::invalid_argument: unknown lobby or message, no linked
  // channel, not the author.
  Notices EditMessageInLinkedChannel(sdk::Snowflake lobbyId, sdk::Snowflake messageId, sdk::Snowflake author,
                                     std::string content, uint64_t nowMs);
  Notices DeleteMessageInLinkedChannel(sdk::Snowflake lobbyId, sdk::Snowflake messageId, sdk::Snowflake author);
  // Whether `user` may link a channel to the lobby or unlink it (a member with CanLinkLobby); the
  // service error otherwise: 404/403 as MemberLobby, 403 Missing Permissions (50013) without the flag.
  sdk::Result MayLinkChannel(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId) const;
  // The lobby's linked channel id, if any.
  std::optional<sdk::Snowflake> LinkedChannelOf(sdk::Snowflake lobbyId) const;
  Notices Delete(sdk::Snowflake lobbyId);
  std::optional<ServerLobby> ServerView(sdk::Snowflake lobbyId, const IsConnected& connected) const;
  // The inspector's reads (World::Describe): every lobby's id, oldest first, and the last `count`
  // messages of a lobby (oldest first; none for an unknown lobby).
  std::vector<sdk::Snowflake> Ids() const;
  std::vector<sdk::MessagePtr> LastMessages(sdk::Snowflake lobbyId, size_t count) const;

  // A user's clients of `app` went from none connected to some, or back: members see it.
  Notices ConnectedChanged(sdk::Snowflake app, sdk::Snowflake user) const;

  // Idle lobbies (managing-lobbies.mdx "Lobby Lifecycle"; the header's LobbyHandle "Lobby
  // Auto-Deletion"): a lobby is idle while none of its members is connected (an SDK client Ready)
  // and no channel is linked to it, and is deleted once it has been idle for more than its idle
  // timeout. UpdateIdle notes whether the lobby is idle now (the world calls it after anything that
  // may change that: membership, connections, the linked channel, the timeout); an idle lobby stays
  // idle since the first time it was noted so, and a lobby that is not idle restarts the timer.
  // Unknown lobby: nothing happens.
  void UpdateIdle(sdk::Snowflake lobbyId, uint64_t nowMs, const IsConnected& connected);
  // Deletes the lobbies idle for more than their timeout at `nowMs` (the world's clock moved);
  // their members are told as by Delete.
  Notices DeleteIdle(uint64_t nowMs);

  // Every linked channel with its lobby: (channel id, application id, lobby id).
  std::vector<std::tuple<sdk::Snowflake, sdk::Snowflake, sdk::Snowflake>> LinkedChannels() const;
  // Whether `a` and `b` are members of a common lobby of `app` (clients know their co-members).
  bool ShareLobby(sdk::Snowflake app, sdk::Snowflake a, sdk::Snowflake b) const;
  // Everyone `user` shares a lobby of `app` with (itself included when in any), sorted: for
  // asking ShareLobby about one user and many others.
  std::vector<sdk::Snowflake> CoMembers(sdk::Snowflake app, sdk::Snowflake user) const;
  // Who hears about a lobby's call: its application and its members (none for an unknown lobby).
  struct Audience {
    sdk::Snowflake applicationId = 0;
    std::vector<sdk::Snowflake> members;
  };
  Audience AudienceOf(sdk::Snowflake lobbyId) const;

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
    uint32_t idleTimeoutSeconds = kDefaultIdleTimeoutSeconds;
    // Since when nobody is connected and no channel linked (see UpdateIdle); nullopt: not idle.
    std::optional<uint64_t> idleSinceMs;
    // When the secret stops naming the lobby (kSecretLifetimeMs after an SDK client created it);
    // nullopt: never (the game backend's secret, which clients cannot join with anyway).
    std::optional<uint64_t> secretExpiresAtMs;
    // Created by the game backend (Create Lobby; on the simulator also sim.createLobby, even with a
    // secret): SDK clients cannot join it with CreateOrJoinLobby nor leave it (the backend manages
    // its members), only lobbies created by secret from a client.
    bool byBackend = false;

    Member* Find(sdk::Snowflake user);
    const Member* Find(sdk::Snowflake user) const;
    std::vector<sdk::Snowflake> MemberIds() const;
  };
  using Key = std::pair<sdk::Snowflake, sdk::Snowflake>;  // (application, user or secret owner)

  Lobby* FindLobby(sdk::Snowflake lobbyId);
  // The lobby `secret` names in `app`, or nullptr; an expired secret is forgotten here.
  Lobby* LobbyOfSecret(sdk::Snowflake app, const std::string& secret, uint64_t nowMs);
  // Sets when the lobby became idle, keeping idleDeadlines_ in step.
  void SetIdleSince(Lobby& lobby, std::optional<uint64_t> sinceMs);
  static sdk::Result BackendLobbyRefusal(sdk::Snowflake lobbyId);
  // The lobby a server operation names, or ServiceError 404 Unknown Lobby.
  Lobby& ServerLobbyOf(sdk::Snowflake lobbyId);
  // The members' notice of an updated message.
  static Notice MessageUpdated(const Lobby& lobby, sdk::MessagePtr message);
  static void CheckIdleTimeout(uint32_t seconds);
  // Whether `user` is already in kMaxLobbiesPerUser lobbies of `app`.
  bool AtCap(sdk::Snowflake app, sdk::Snowflake user) const;
  // `updates` without the additions of users at the lobby cap.
  std::vector<MemberUpdate> WithoutUsersAtCap(const Lobby& lobby, const std::vector<MemberUpdate>& updates) const;
  // Throws what the service would refuse in `updates` (a user twice, bad flags, a user at the
  // lobby cap, a full lobby once `removedOthers` members not listed have gone).
  // `atCap`: Drop skips a user at the cap instead.
  void CheckMemberUpdates(const Lobby& lobby, const std::vector<MemberUpdate>& updates, size_t removedOthers,
                          AtLobbyCap atCap) const;
  void ApplyMemberUpdates(Lobby& lobby, const std::vector<MemberUpdate>& updates, Notices& notices);
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
  // Idle lobbies by deadline: (idle since + timeout, lobby id). Deleted once the clock passes it.
  std::set<std::pair<uint64_t, sdk::Snowflake>> idleDeadlines_;
};

// Characters as the service counts them for content limits: Unicode code points of UTF-8 text.
size_t CountCodePoints(const std::string& utf8);

}  // namespace sim
