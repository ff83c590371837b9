// A lobby's linked channel (lobbies.h): linking and unlinking (CanLinkLobby), the channels linked,
// and the author's edits and deletions of lobby messages in the linked channel.
#include "sim/service/lobbies.h"

#include <algorithm>
#include <stdexcept>

#include "sim/service/http_failure.h"

namespace sim {

namespace {
// The author's message of the lobby's linked channel, or the harness's error.
std::deque<sdk::MessagePtr>::iterator AuthoredInLinkedChannel(std::deque<sdk::MessagePtr>& history,
                                                              bool linked, sdk::Snowflake lobbyId,
                                                              sdk::Snowflake messageId, sdk::Snowflake author) {
  if (!linked) {
    throw std::invalid_argument("lobby " + std::to_string(lobbyId) +
                                " has no linked channel: its messages can be edited or deleted only there");
  }
  auto it = std::find_if(history.begin(), history.end(), [messageId](const sdk::MessagePtr& m) { return m->id == messageId; });
  if (it == history.end()) {
    throw std::invalid_argument("no message " + std::to_string(messageId) + " in lobby " + std::to_string(lobbyId));
  }
  if ((*it)->authorId != author) {
    throw std::invalid_argument("user " + std::to_string(author) + " is not the author of message " +
                                std::to_string(messageId));
  }
  return it;
}
}  // namespace

Notices Lobbies::EditMessageInLinkedChannel(sdk::Snowflake lobbyId, sdk::Snowflake messageId, sdk::Snowflake author,
                                            std::string content, uint64_t nowMs) {
  Lobby* lobby = FindLobby(lobbyId);
  if (!lobby) throw std::invalid_argument("no lobby with id " + std::to_string(lobbyId));
  auto it = AuthoredInLinkedChannel(lobby->history, lobby->linkedChannel.has_value(), lobbyId, messageId, author);
  auto updated = std::make_shared<sdk::Message>(**it);
  updated->content = std::move(content);
  updated->rawContent = updated->content;
  updated->editedAtMs = nowMs;
  updated->moderationMetadata.clear();
  *it = updated;
  return {MessageUpdated(*lobby, std::move(updated))};
}

Notices Lobbies::DeleteMessageInLinkedChannel(sdk::Snowflake lobbyId, sdk::Snowflake messageId, sdk::Snowflake author) {
  Lobby* lobby = FindLobby(lobbyId);
  if (!lobby) throw std::invalid_argument("no lobby with id " + std::to_string(lobbyId));
  auto it = AuthoredInLinkedChannel(lobby->history, lobby->linkedChannel.has_value(), lobbyId, messageId, author);
  lobby->history.erase(it);
  Notice notice;
  notice.applicationId = lobby->applicationId;
  notice.recipients = lobby->MemberIds();
  notice.lobbyId = lobbyId;
  notice.deletedMessageId = messageId;
  return {std::move(notice)};
}

Notices Lobbies::LinkChannel(sdk::Snowflake lobbyId, std::optional<sdk::LinkedChannel> channel) {
  Lobby* lobby = &ServerLobbyOf(lobbyId);
  lobby->linkedChannel = std::move(channel);
  return {LobbyNotice(*lobby, sdk::LobbyEvent::Updated, lobby->MemberIds())};
}

sdk::Result Lobbies::MayLinkChannel(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId) const {
  sdk::Result failure;
  const Lobby* lobby = MemberLobby(app, user, lobbyId, &failure);
  if (!lobby) return failure;
  if (!(lobby->Find(user)->flags & kCanLinkLobby)) {
    return HttpFailure(403, kMissingPermissions,
                       "Missing Permissions: linking a channel to lobby " + IdText(lobbyId) +
                           " needs the member flag CanLinkLobby, which the game backend sets");
  }
  return sdk::Result::Success();
}

std::optional<sdk::Snowflake> Lobbies::LinkedChannelOf(sdk::Snowflake lobbyId) const {
  const Lobby* lobby = FindLobby(lobbyId);
  if (!lobby || !lobby->linkedChannel) return std::nullopt;
  return lobby->linkedChannel->id;
}

std::vector<std::tuple<sdk::Snowflake, sdk::Snowflake, sdk::Snowflake>> Lobbies::LinkedChannels() const {
  std::vector<std::tuple<sdk::Snowflake, sdk::Snowflake, sdk::Snowflake>> out;
  for (const auto& [id, lobby] : lobbies_) {
    if (lobby.linkedChannel) out.emplace_back(lobby.linkedChannel->id, lobby.applicationId, id);
  }
  return out;
}

}  // namespace sim
