// How long a lobby and its create-or-join secret live: idle lobbies are deleted once their idle
// timeout has passed, and a secret names its lobby for 30 days (see lobbies.h for the sources).
#include "sim/service/lobbies.h"

namespace sim {

Lobbies::Lobby* Lobbies::LobbyOfSecret(sdk::Snowflake app, const std::string& secret, uint64_t nowMs) {
  auto known = bySecret_.find({app, secret});
  if (known == bySecret_.end()) return nullptr;
  Lobby* lobby = FindLobby(known->second);
  if (lobby && lobby->secretExpiresAtMs && nowMs >= *lobby->secretExpiresAtMs) {
    // The lobby lives on; its secret no longer names it (nor anything else).
    bySecret_.erase(known);
    return nullptr;
  }
  return lobby;
}

void Lobbies::SetIdleSince(Lobby& lobby, std::optional<uint64_t> sinceMs) {
  const uint64_t timeoutMs = uint64_t{lobby.idleTimeoutSeconds} * 1000;
  if (lobby.idleSinceMs) idleDeadlines_.erase({*lobby.idleSinceMs + timeoutMs, lobby.id});
  lobby.idleSinceMs = sinceMs;
  if (sinceMs) idleDeadlines_.insert({*sinceMs + timeoutMs, lobby.id});
}

void Lobbies::UpdateIdle(sdk::Snowflake lobbyId, uint64_t nowMs, const IsConnected& connected) {
  Lobby* lobby = FindLobby(lobbyId);
  if (!lobby) return;
  bool idle = !lobby->linkedChannel;
  for (const Member& member : lobby->members) {
    if (!idle) break;
    idle = !connected(lobby->applicationId, member.id);
  }
  if (!idle) {
    SetIdleSince(*lobby, std::nullopt);
  } else if (!lobby->idleSinceMs) {
    SetIdleSince(*lobby, nowMs);
  }
}

Notices Lobbies::DeleteIdle(uint64_t nowMs) {
  Notices notices;
  // "Idle ... for more than that time": at the deadline itself the lobby is still there.
  while (!idleDeadlines_.empty() && idleDeadlines_.begin()->first < nowMs) {
    const sdk::Snowflake lobbyId = idleDeadlines_.begin()->second;
    idleDeadlines_.erase(idleDeadlines_.begin());
    Lobby* lobby = FindLobby(lobbyId);
    if (!lobby) continue;
    lobby->idleSinceMs.reset();  // its deadline is erased above
    for (Notice& notice : Delete(lobbyId)) notices.push_back(std::move(notice));
  }
  return notices;
}

}  // namespace sim
