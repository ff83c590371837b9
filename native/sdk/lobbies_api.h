// The port's lobbies (discordpp CreateOrJoinLobbyWithMetadata ... GetLobbyIds, the lobby callbacks).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "generated/port_methods.h"
#include "sdk/callbacks.h"
#include "sdk/lobby.h"

// CreateOrJoinLobby: metadata left out (nullopt) is not changed when joining an existing lobby.
// The service replaces both maps on a request with metadata, so with one map given both backends
// join without metadata, read the other map and send both; a concurrent change to it is lost.
// GetLobby: the lobby as this client sees it; nullopt unless ready and a member.
// LinkChannelToLobby, UnlinkChannelFromLobby: the user must be a member with the CanLinkLobby flag
// (set by the game backend) and the channel a guild text channel it can view, write to and manage,
// not linked to another lobby; the members get lobbyUpdated. Unlinking a lobby without a channel
// succeeds.
// JoinLinkedLobbyGuild: an invite URL to the guild of the lobby's linked channel for this member
// (the service's Create Lobby Channel Invite for self: single use, valid one hour). Refused: not a
// member (404/403 as for lobby messages), no linked channel (HTTPError 400, 50035), and a
// provisional account, which must first be merged into a full account (the vendor's
// provisionalUserMergeRequired callback): AuthorizationFailed, kMergeRequiredMessage.
// SetLobbyEventCallback: registering again replaces the previous callback (vendor behaviour).
#define SDK_LOBBIES_API_METHODS(X) \
  SDK_LOBBIES_SEAM_METHODS(X) \
  X(void, SetLobbyEventCallback, (LobbyEventCallback cb), )

namespace sdk {

class LobbiesApi : public CallbackTypes {
 public:
  using LobbyIdCallback = std::function<void(const Result&, Snowflake lobbyId)>;
  using InviteUrlCallback = std::function<void(const Result&, std::string inviteUrl)>;
  // How both backends report that a provisional account must be merged first.
  static constexpr const char* kMergeRequiredMessage =
      "a provisional account cannot join a linked lobby's guild: merge it into a full account first";
  // memberId is 0 for the events about the lobby itself.
  using LobbyEventCallback = std::function<void(LobbyEvent, Snowflake lobbyId, Snowflake memberId)>;

  SDK_LOBBIES_API_METHODS(SDK_PURE_VIRTUAL)

 protected:
  ~LobbiesApi() = default;
};

}  // namespace sdk
