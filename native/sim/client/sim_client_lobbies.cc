// The simulated client's lobby calls (sdk/lobbies_api.h): each is a round trip to the world, run on
// the client's service thread after the injected latency, unless a planned fault answers first.
#include "sim/client/sim_client.h"

namespace sim {

namespace {
sdk::Metadata CurrentMemberMetadata(const std::optional<sdk::Lobby>& lobby, sdk::Snowflake user) {
  if (lobby) {
    for (const sdk::LobbyMember& member : lobby->members) {
      if (member.id == user) return member.metadata;
    }
  }
  return {};
}
}  // namespace

void SimClient::CreateOrJoinLobby(std::string secret, std::optional<sdk::Metadata> lobbyMetadata,
                                  std::optional<sdk::Metadata> memberMetadata, LobbyIdCallback done) {
  const uint64_t op = BeginValueOperation(done);
  Call(CallKind::CreateOrJoinLobby, op,
       [this, op, done, secret = std::move(secret), lobbyMetadata = std::move(lobbyMetadata),
        memberMetadata = std::move(memberMetadata)](sdk::Snowflake app, sdk::Snowflake user) mutable {
         if (lobbyMetadata.has_value() != memberMetadata.has_value()) {
           // The service replaces both maps on a request with metadata (Lobbies::CreateOrJoin), and the
           // port promises that a map left out is unchanged: join without metadata, read what the
           // lobby and the member have now, and send that with the given map, as the vendor adapter
           // does. A change another member makes between the read and the send is overwritten.
           Lobbies::Outcome joined = world_->CreateOrJoinLobby(app, user, secret, std::nullopt, std::nullopt);
           if (!joined.result.ok()) return CompleteOperation(op, std::move(joined.result));
           std::optional<sdk::Lobby> lobby = world_->ViewLobby(app, user, joined.id);
           if (!lobbyMetadata) lobbyMetadata = lobby ? lobby->metadata : sdk::Metadata{};
           if (!memberMetadata) memberMetadata = CurrentMemberMetadata(lobby, user);
         }
         Lobbies::Outcome outcome = world_->CreateOrJoinLobby(app, user, secret, lobbyMetadata, memberMetadata);
         if (!outcome.result.ok()) return CompleteOperation(op, std::move(outcome.result));
         FinishOperation(op, [done, id = outcome.id] { done(sdk::Result::Success(), id); });
       });
}

void SimClient::LeaveLobby(sdk::Snowflake lobbyId, ResultCallback done) {
  const uint64_t op = BeginOperation(std::move(done));
  Call(CallKind::LeaveLobby, op, [this, op, lobbyId](sdk::Snowflake app, sdk::Snowflake user) {
    CompleteOperation(op, world_->LeaveLobby(app, user, lobbyId).result);
  });
}

void SimClient::LinkChannelToLobby(sdk::Snowflake lobbyId, sdk::Snowflake channelId, ResultCallback done) {
  const uint64_t op = BeginOperation(std::move(done));
  Call(CallKind::LinkChannelToLobby, op, [this, op, lobbyId, channelId](sdk::Snowflake app, sdk::Snowflake user) {
    CompleteOperation(op, world_->LinkChannelToLobby(app, user, lobbyId, channelId));
  });
}

void SimClient::UnlinkChannelFromLobby(sdk::Snowflake lobbyId, ResultCallback done) {
  const uint64_t op = BeginOperation(std::move(done));
  Call(CallKind::UnlinkChannelFromLobby, op, [this, op, lobbyId](sdk::Snowflake app, sdk::Snowflake user) {
    CompleteOperation(op, world_->UnlinkChannelFromLobby(app, user, lobbyId));
  });
}

void SimClient::JoinLinkedLobbyGuild(sdk::Snowflake lobbyId, InviteUrlCallback done) {
  auto slot = std::make_shared<InviteUrlCallback>(std::move(done));
  const uint64_t op = BeginOperation([slot](const sdk::Result& failure) { (*slot)(failure, std::string()); });
  Call(CallKind::JoinLinkedLobbyGuild, op, [this, op, lobbyId, slot](sdk::Snowflake app, sdk::Snowflake user) {
    std::string url;
    sdk::Result result = world_->JoinLinkedLobbyGuild(app, user, lobbyId, &url);
    if (!result.ok()) return CompleteOperation(op, result);
    FinishOperation(op, [slot, url = std::move(url)] { (*slot)(sdk::Result::Success(), url); });
  });
}

std::optional<sdk::Lobby> SimClient::GetLobby(sdk::Snowflake lobbyId) const {
  sdk::Snowflake app = 0, user = 0;
  sdk::Result failure;
  if (!SignedIn(&app, &user, &failure)) return std::nullopt;
  return world_->ViewLobby(app, user, lobbyId);
}

std::vector<sdk::Snowflake> SimClient::GetLobbyIds() const {
  sdk::Snowflake app = 0, user = 0;
  sdk::Result failure;
  if (!SignedIn(&app, &user, &failure)) return {};
  return world_->LobbyIdsOf(app, user);
}

void SimClient::SetLobbyEventCallback(LobbyEventCallback cb) {
  std::lock_guard<std::mutex> lock(mutex_);
  lobbyCallback_.Set(std::move(cb));
}

}  // namespace sim
