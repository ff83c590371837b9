// The whole world as the inspector shows it (World::Describe, world_describe.cc): what the
// harness's describeWorld answers (NativeWorldView, seam/payloads.json). Never a token, a refresh
// token, a client secret, a join secret or a lobby secret: a view holds none of them (a lobby's
// secret is only `hasSecret`, an activity's secrets are removed), unless a snapshot asks for the
// lobbies' secrets (LobbyView::secret).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sdk/lobby.h"
#include "sdk/relationships.h"
#include "sdk/types.h"
#include "sdk/voice.h"
#include "sim/service/guilds.h"
#include "sim/service/lobbies.h"

namespace sim {

struct Application;  // world.h

// One relationship of a user: how it sees `userId`.
struct RelationshipView {
  sdk::Snowflake userId = 0;
  sdk::RelationshipType discordType = sdk::RelationshipType::None;
  sdk::RelationshipType gameType = sdk::RelationshipType::None;
};

// A user: its status as it chose it (Offline without a signed-in client; Invisible stays
// Invisible), the activity it publishes (without its secrets), the applications it has a
// signed-in client in (decimal ids) and its relationships.
struct UserView {
  sdk::User user;
  std::vector<std::string> signedInTo;
  std::vector<RelationshipView> relationships;
  uint32_t profilePrivacy = 0;  // sim::ProfilePrivacy (presence.h)
};

// A lobby as the game backend sees it, with its last messages (oldest first) and how many it keeps.
struct LobbyView {
  ServerLobby lobby;
  std::vector<sdk::Message> messages;
  uint32_t messagesKept = 0;
  // Its secret, only when Describe was asked for the lobbies' secrets.
  std::optional<std::string> secret;
};

// A lobby's call: who is in it, muted or deafened.
struct CallView {
  sdk::Snowflake lobbyId = 0;
  sdk::Snowflake applicationId = 0;
  std::vector<sdk::VoiceState> participants;
};

struct WorldView {
  uint64_t nowMs = 0;
  std::vector<Application> applications;
  std::vector<UserView> users;
  std::vector<LobbyView> lobbies;
  std::vector<CallView> calls;
  std::vector<GuildView> guilds;
};

}  // namespace sim
