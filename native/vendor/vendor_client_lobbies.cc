// Lobbies (sdk/lobbies_api.h): create or join, leave, the linked channel and its guild, the
// lobby handles the library holds, and the lobby events it reports.
#include <utility>

#include "vendor/translate.h"
#include "vendor/vendor_client.h"

namespace vendor {

void VendorClient::CreateOrJoinLobby(std::string secret, std::optional<sdk::Metadata> lobbyMetadata,
                                     std::optional<sdk::Metadata> memberMetadata, LobbyIdCallback done) {
  auto settle = Pending<sdk::Snowflake>(std::move(done));
  auto callback = [settle](discordpp::ClientResult result, uint64_t lobbyId) {
    settle(ToResult(result), lobbyId);
  };
  if (!lobbyMetadata && !memberMetadata) {
    client_->CreateOrJoinLobby(secret, std::move(callback));
    return;
  }
  if (lobbyMetadata && memberMetadata) {
    client_->CreateOrJoinLobbyWithMetadata(secret, FromMetadata(*lobbyMetadata), FromMetadata(*memberMetadata),
                                           std::move(callback));
    return;
  }
  // One map: the library sends both and the service replaces both, so the one left out would be
  // wiped. Join without metadata, read the lobby's and the member's current maps from the handle,
  // then send them with the given one. A change another member makes in between is overwritten.
  // If the client closes in between, the operation has already failed with ClientDestroyed.
  client_->CreateOrJoinLobby(
      secret, WhileOpen([this, settle, callback, secret, lobbyMetadata = std::move(lobbyMetadata),
                         memberMetadata = std::move(memberMetadata)](discordpp::ClientResult result, uint64_t lobbyId) {
        sdk::Result joined = ToResult(result);
        if (!joined.ok()) return settle(joined, lobbyId);
        sdk::Metadata lobby = lobbyMetadata.value_or(sdk::Metadata{});
        sdk::Metadata member = memberMetadata.value_or(sdk::Metadata{});
        if (auto handle = client_->GetLobbyHandle(lobbyId)) {
          if (!lobbyMetadata) lobby = ToMetadata(handle->Metadata());
          auto self = client_->GetCurrentUserV2();
          if (!memberMetadata && self) {
            for (const discordpp::LobbyMemberHandle& entry : handle->LobbyMembers()) {
              if (entry.Id() == self->Id()) member = ToMetadata(entry.Metadata());
            }
          }
        }
        client_->CreateOrJoinLobbyWithMetadata(secret, FromMetadata(lobby), FromMetadata(member), callback);
      }));
}

void VendorClient::LeaveLobby(sdk::Snowflake lobbyId, ResultCallback done) {
  auto settle = Pending<>(std::move(done));
  client_->LeaveLobby(lobbyId, [settle](discordpp::ClientResult result) { settle(ToResult(result)); });
}

void VendorClient::LinkChannelToLobby(sdk::Snowflake lobbyId, sdk::Snowflake channelId, ResultCallback done) {
  auto settle = Pending<>(std::move(done));
  client_->LinkChannelToLobby(lobbyId, channelId, [settle](discordpp::ClientResult result) { settle(ToResult(result)); });
}

void VendorClient::JoinLinkedLobbyGuild(sdk::Snowflake lobbyId, InviteUrlCallback done) {
  auto settle = Pending<std::string>(std::move(done));
  // A provisional account gets the merge-required callback instead of a result: the promise then
  // rejects as the simulator's does. Whichever comes first settles it.
  client_->JoinLinkedLobbyGuild(
      lobbyId,
      [settle] {
        settle(sdk::Result::Failure(sdk::ErrorType::AuthorizationFailed, sdk::LobbiesApi::kMergeRequiredMessage), std::string());
      },
      [settle](discordpp::ClientResult result, std::string inviteUrl) { settle(ToResult(result), std::move(inviteUrl)); });
}

void VendorClient::UnlinkChannelFromLobby(sdk::Snowflake lobbyId, ResultCallback done) {
  auto settle = Pending<>(std::move(done));
  client_->UnlinkChannelFromLobby(lobbyId, [settle](discordpp::ClientResult result) { settle(ToResult(result)); });
}

std::optional<sdk::Lobby> VendorClient::GetLobby(sdk::Snowflake lobbyId) const {
  if (!client_) return std::nullopt;
  auto lobby = client_->GetLobbyHandle(lobbyId);
  if (!lobby) return std::nullopt;
  return ToLobby(*lobby);
}

std::vector<sdk::Snowflake> VendorClient::GetLobbyIds() const {
  if (!client_) return {};
  auto ids = client_->GetLobbyIds();
  return std::vector<sdk::Snowflake>(ids.begin(), ids.end());
}

void VendorClient::SetLobbyEventCallback(LobbyEventCallback cb) { onLobby_ = std::move(cb); }

void VendorClient::ForwardLobbyEvent(sdk::LobbyEvent event, uint64_t lobbyId, uint64_t memberId) {
  Post([this, event, lobbyId, memberId] {
    if (onLobby_) onLobby_(event, lobbyId, memberId);
  });
}

}  // namespace vendor
