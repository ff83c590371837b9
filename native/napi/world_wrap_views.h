// The harness's views that no World struct holds as one, made here from the World's answer so
// that their converters, too, are generated from seam/payloads.json (generated/harness_converters.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sdk/lobby.h"
#include "sim/service/lobbies.h"

namespace sim {

// A lobby member as the game backend sees it (NativeServerLobbyMember): the client's view of the
// member and what ServerLobby keeps of it by id.
struct ServerLobbyMember {
  sdk::LobbyMember member;
  std::optional<std::string> additionalName;
  uint32_t flags = 0;
};

// The lobby's members in its order, each with its additional name and flags (0 when none set).
std::vector<ServerLobbyMember> ServerLobbyMembersOf(const ServerLobby& lobby);

}  // namespace sim
