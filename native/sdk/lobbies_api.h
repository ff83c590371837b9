// The port's lobbies (discordpp CreateOrJoinLobbyWithMetadata ... GetLobbyIds, the lobby callbacks).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "sdk/callbacks.h"
#include "sdk/lobby.h"

namespace sdk {

class LobbiesApi : public CallbackTypes {
 public:
  using LobbyIdCallback = std::function<void(const Result&, Snowflake lobbyId)>;
  // memberId is 0 for the events about the lobby itself.
  using LobbyEventCallback = std::function<void(LobbyEvent, Snowflake lobbyId, Snowflake memberId)>;

  // Metadata left out (nullopt) is not changed when joining an existing lobby.
  virtual void CreateOrJoinLobby(std::string secret, std::optional<Metadata> lobbyMetadata,
                                 std::optional<Metadata> memberMetadata, LobbyIdCallback done) = 0;
  virtual void LeaveLobby(Snowflake lobbyId, ResultCallback done) = 0;
  // The lobby as this client sees it; nullopt unless ready and a member.
  virtual std::optional<Lobby> GetLobby(Snowflake lobbyId) const = 0;
  virtual std::vector<Snowflake> GetLobbyIds() const = 0;
  // Registering again replaces the previous callback (vendor behaviour).
  virtual void SetLobbyEventCallback(LobbyEventCallback cb) = 0;

 protected:
  ~LobbiesApi() = default;
};

}  // namespace sdk
