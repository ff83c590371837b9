// World's requests of a game to the Discord app on the user's machine (world_discord_app.h): the
// simulated chat client of the signed-in user is that machine's Discord app.
#include <stdexcept>
#include <string>

#include "sim/service/world.h"

namespace sim {

namespace {
sdk::Result Unreachable(const ChatClient& client) {
  return sdk::Result::Failure(sdk::ErrorType::RPCError, client.running
                                                            ? "the RPC connection to the chat client is down"
                                                            : "the chat client is not running on this machine (no RPC connection)");
}
}  // namespace

sdk::Snowflake World::ChatClientAccountLocked(sdk::Snowflake user, const ChatClient& client) const {
  if (client.account) return *client.account;
  auto found = users_.find(user);
  // A provisional account cannot sign into the Discord app: it runs signed out (our choice).
  return found == users_.end() || found->second.isProvisional ? 0 : user;
}

bool World::CanOpenMessageInDiscordLocked(sdk::Snowflake, sdk::Snowflake, const sdk::Message& message) const {
  // sending-direct-messages, "Messages viewable in Discord": "1 on 1 chat when at least one of the
  // users is a full Discord user"; "Lobby chat when the lobby is linked to a Discord channel".
  if (message.lobbyId) return lobbies_.LinkedChannelOf(*message.lobbyId).has_value();
  for (sdk::Snowflake id : {message.authorId, message.recipientId}) {
    auto found = users_.find(id);
    if (found != users_.end() && !found->second.isProvisional) return true;
  }
  return false;
}

bool World::CanOpenMessageInDiscord(sdk::Snowflake app, sdk::Snowflake user, const sdk::Message& message) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return CanOpenMessageInDiscordLocked(app, user, message);
}

sdk::Result World::OpenMessageInDiscord(sdk::Snowflake app, sdk::Snowflake user, const sdk::Message& message,
                                        bool* mergeRequired) {
  std::lock_guard<std::mutex> lock(mutex_);
  *mergeRequired = false;
  if (!CanOpenMessageInDiscordLocked(app, user, message)) {
    return sdk::Result::Failure(sdk::ErrorType::ValidationError,
                                "message " + std::to_string(message.id) + " cannot be viewed in Discord (CanOpenMessageInDiscord)");
  }
  auto found = users_.find(user);
  if (found != users_.end() && found->second.isProvisional) {
    // The SDK's provisionalUserMergeRequiredCallback: the player needs a Discord account first.
    *mergeRequired = true;
    return sdk::Result::Success();
  }
  ChatClient& client = chatClients_.Mutable(user);
  if (!client.reachable()) return Unreachable(client);
  client.openedMessages.push_back(message.id);
  return sdk::Result::Success();
}

sdk::Result World::OpenConnectedGamesSettingsInDiscord(sdk::Snowflake user) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto found = users_.find(user);
  if (found != users_.end() && found->second.isProvisional) {
    // The header: "If the client isn't connected or the user is a provisional account, this
    // function does nothing." What the callback then gets is not said: a failure (our choice).
    return sdk::Result::Failure(sdk::ErrorType::ValidationError,
                                "a provisional account has no Connected Games settings in Discord");
  }
  ChatClient& client = chatClients_.Mutable(user);
  if (!client.reachable()) return Unreachable(client);
  ++client.connectedGamesSettingsOpened;
  return sdk::Result::Success();
}

void World::SetShowingChat(const Session* session, sdk::Snowflake user, bool showing) {
  std::lock_guard<std::mutex> lock(mutex_);
  chatClients_.SetShowingChat(user, session, showing);
}

sdk::Result World::DiscordClientConnectedUser(sdk::Snowflake app, sdk::Snowflake user,
                                              std::optional<sdk::User>* out) const {
  std::lock_guard<std::mutex> lock(mutex_);
  out->reset();
  const ChatClient client = chatClients_.Of(user);
  if (!client.reachable()) return Unreachable(client);
  const sdk::Snowflake account = ChatClientAccountLocked(user, client);
  auto found = users_.find(account);
  if (account != 0 && found != users_.end()) *out = ViewUserLocked(app, user, found->second);
  return sdk::Result::Success();
}

void World::SetChatClientAccount(sdk::Snowflake user, sdk::Snowflake account) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (users_.count(user) == 0) throw std::invalid_argument("unknown user " + std::to_string(user));
  if (account != 0) {
    auto found = users_.find(account);
    if (found == users_.end()) throw std::invalid_argument("unknown user " + std::to_string(account));
    if (found->second.isProvisional) {
      throw std::invalid_argument("user " + std::to_string(account) + " is a provisional account: it cannot sign into the Discord app");
    }
  }
  chatClients_.Mutable(user).account = account;
}

}  // namespace sim
