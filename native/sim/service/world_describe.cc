// World::Describe: the whole world for the inspector, read under the world's one lock so that
// what the page shows is one instant of it. It copies (the view outlives the lock) and leaves out
// every token and secret: tokens_ is never read, a lobby's secret becomes hasSecret in the
// converter (its value is copied only with `lobbySecrets`, which a snapshot asked for secrets
// sets; the inspector never does), and a published activity is shown as other users see it
// (without its secrets).
#include <map>
#include <string>

#include "sim/service/world.h"

namespace sim {

WorldView World::Describe(size_t messagesPerLobby, bool lobbySecrets) const {
  std::lock_guard<std::mutex> lock(mutex_);
  WorldView view;
  view.nowMs = nowMs_;

  view.applications.reserve(applications_.size());
  for (const auto& [id, application] : applications_) view.applications.push_back(application);

  std::map<sdk::Snowflake, std::vector<std::string>> signedInTo;
  for (const auto& [key, sessions] : ready_) {
    if (!sessions.empty()) signedInTo[key.second].push_back(std::to_string(key.first));
  }
  view.users.reserve(users_.size());
  for (const auto& [id, user] : users_) {
    UserView shown;
    // As others see it (no secrets), but with the status the user chose: the inspector is no
    // other user, and shows an Invisible user as Invisible.
    shown.user = ShownUserLocked(user, false);
    shown.user.status = UserConnectedLocked(id) ? presences_.ChosenStatus(id) : sdk::StatusType::Offline;
    if (auto apps = signedInTo.find(id); apps != signedInTo.end()) shown.signedInTo = std::move(apps->second);
    for (const auto& [other, types] : relationships_.All(id)) shown.relationships.push_back({other, types.discord, types.game});
    shown.profilePrivacy = static_cast<uint32_t>(presences_.PrivacyOf(id));
    view.users.push_back(std::move(shown));
  }

  const auto connected = [this](sdk::Snowflake a, sdk::Snowflake u) { return IsConnectedLocked(a, u); };
  for (sdk::Snowflake lobbyId : lobbies_.Ids()) {
    std::optional<ServerLobby> lobby = lobbies_.ServerView(lobbyId, connected);
    if (!lobby) continue;
    // The converter shows only whether it has one (hasSecret); the view does not carry its text
    // unless a snapshot asked for the secrets.
    LobbyView shown;
    if (lobby->secret && lobbySecrets) shown.secret = *lobby->secret;
    if (lobby->secret) lobby->secret = std::string();
    const std::vector<sdk::MessagePtr> kept = lobbies_.LastMessages(lobbyId, Lobbies::kMessagesReturned);
    shown.messagesKept = static_cast<uint32_t>(kept.size());
    const size_t skip = kept.size() > messagesPerLobby ? kept.size() - messagesPerLobby : 0;
    for (size_t i = skip; i < kept.size(); ++i) shown.messages.push_back(*kept[i]);
    std::vector<sdk::VoiceState> participants = calls_.Participants(lobbyId);
    if (!participants.empty()) view.calls.push_back({lobbyId, lobby->applicationId, std::move(participants)});
    shown.lobby = std::move(*lobby);
    view.lobbies.push_back(std::move(shown));
  }

  view.guilds = guilds_.Describe();
  std::map<sdk::Snowflake, sdk::Snowflake> lobbyOfChannel;
  for (const auto& [channel, app, lobby] : lobbies_.LinkedChannels()) lobbyOfChannel[channel] = lobby;
  for (GuildView& guild : view.guilds) {
    for (GuildChannelView& channel : guild.channels) {
      if (auto linked = lobbyOfChannel.find(channel.id); linked != lobbyOfChannel.end()) channel.linkedLobbyId = linked->second;
    }
  }
  return view;
}

}  // namespace sim
