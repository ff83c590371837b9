// Messages (sdk/messages_api.h): lobby messages, and direct messages (SendUserMessageWithMetadata,
// EditUserMessage, DeleteUserMessage, GetUserMessagesWithLimit (the library serves it from its own
// cache when it can), GetUserMessageSummaries), the library's cache (GetMessageHandle,
// GetChannelHandle), opening messages and the Connected Games settings in Discord, SetShowingChat,
// and the message events the library reports.
#include <utility>

#include "vendor/translate.h"
#include "vendor/vendor_client.h"

namespace vendor {

void VendorClient::SendLobbyMessage(sdk::Snowflake lobbyId, std::string content, sdk::Metadata metadata,
                                    MessageIdCallback done) {
  auto settle = Pending<sdk::Snowflake>(std::move(done));
  client_->SendLobbyMessageWithMetadata(
      lobbyId, content, FromMetadata(metadata),
      [settle](discordpp::ClientResult result, uint64_t messageId) { settle(ToResult(result), messageId); });
}

void VendorClient::GetLobbyMessages(sdk::Snowflake lobbyId, int32_t limit, MessagesCallback done) {
  auto settle = Pending<std::vector<sdk::MessagePtr>>(std::move(done));
  client_->GetLobbyMessagesWithLimit(
      lobbyId, limit, [settle](discordpp::ClientResult result, std::vector<discordpp::MessageHandle> messages) {
        std::vector<sdk::MessagePtr> out;
        out.reserve(messages.size());
        for (const auto& message : messages) out.push_back(ToMessage(message));
        settle(ToResult(result), std::move(out));
      });
}

void VendorClient::SendUserMessage(sdk::Snowflake recipientId, std::string content, sdk::Metadata metadata,
                                   MessageIdCallback done) {
  auto settle = Pending<sdk::Snowflake>(std::move(done));
  client_->SendUserMessageWithMetadata(
      recipientId, content, FromMetadata(metadata),
      [settle](discordpp::ClientResult result, uint64_t messageId) { settle(ToResult(result), messageId); });
}

void VendorClient::EditUserMessage(sdk::Snowflake recipientId, sdk::Snowflake messageId, std::string content,
                                   ResultCallback done) {
  auto settle = Pending<>(std::move(done));
  client_->EditUserMessage(recipientId, messageId, content,
                           [settle](discordpp::ClientResult result) { settle(ToResult(result)); });
}

void VendorClient::DeleteUserMessage(sdk::Snowflake recipientId, sdk::Snowflake messageId, ResultCallback done) {
  auto settle = Pending<>(std::move(done));
  client_->DeleteUserMessage(recipientId, messageId,
                             [settle](discordpp::ClientResult result) { settle(ToResult(result)); });
}

void VendorClient::GetUserMessages(sdk::Snowflake recipientId, int32_t limit, MessagesCallback done) {
  auto settle = Pending<std::vector<sdk::MessagePtr>>(std::move(done));
  client_->GetUserMessagesWithLimit(
      recipientId, limit, [settle](discordpp::ClientResult result, std::vector<discordpp::MessageHandle> messages) {
        std::vector<sdk::MessagePtr> out;
        out.reserve(messages.size());
        for (const auto& message : messages) out.push_back(ToMessage(message));
        settle(ToResult(result), std::move(out));
      });
}

void VendorClient::GetUserMessageSummaries(UserMessageSummariesCallback done) {
  auto settle = Pending<std::vector<sdk::UserMessageSummary>>(std::move(done));
  client_->GetUserMessageSummaries(
      [settle](discordpp::ClientResult result, std::vector<discordpp::UserMessageSummary> summaries) {
        std::vector<sdk::UserMessageSummary> out;
        out.reserve(summaries.size());
        for (const auto& summary : summaries) out.push_back(sdk::UserMessageSummary{summary.UserId(), summary.LastMessageId()});
        settle(ToResult(result), std::move(out));
      });
}

sdk::MessagePtr VendorClient::GetMessageHandle(sdk::Snowflake messageId) const {
  if (!client_) return nullptr;
  auto handle = client_->GetMessageHandle(messageId);
  return handle ? ToMessage(*handle) : nullptr;
}

std::optional<sdk::Channel> VendorClient::GetChannelHandle(sdk::Snowflake channelId) const {
  if (!client_) return std::nullopt;
  auto handle = client_->GetChannelHandle(channelId);
  if (!handle) return std::nullopt;
  return ToChannel(*handle);
}

bool VendorClient::CanOpenMessageInDiscord(sdk::Snowflake messageId) {
  return client_ && client_->CanOpenMessageInDiscord(messageId);
}

void VendorClient::OpenMessageInDiscord(sdk::Snowflake messageId, sdk::ValueCallback<std::string> done) {
  // Settled once: by the merge callback (nothing opens: the player needs a Discord account) or by
  // the completion callback, whichever the library calls first.
  auto settle = Pending<std::string>(std::move(done));
  client_->OpenMessageInDiscord(
      messageId, [settle] { settle(sdk::Result::Success(), "provisionalUserMergeRequired"); },
      [settle](discordpp::ClientResult result) { settle(ToResult(result), "opened"); });
}

void VendorClient::OpenConnectedGamesSettingsInDiscord(ResultCallback done) {
  auto settle = Pending<>(std::move(done));
  client_->OpenConnectedGamesSettingsInDiscord([settle](discordpp::ClientResult result) { settle(ToResult(result)); });
}

void VendorClient::SetShowingChat(bool showingChat) {
  if (client_) client_->SetShowingChat(showingChat);
}

void VendorClient::SetMessageDeletedCallback(MessageDeletedCallback cb) { onMessageDeleted_ = std::move(cb); }

void VendorClient::SetMessageEventCallback(MessageEventCallback cb) { onMessage_ = std::move(cb); }

void VendorClient::ForwardMessageEvent(sdk::MessageEvent event, uint64_t messageId) {
  // Read now: the handle is current while the library runs this callback.
  auto handle = client_->GetMessageHandle(messageId);
  if (!handle) return;  // the library no longer holds it (it keeps the last 25 per channel)
  Post([this, event, message = ToMessage(*handle)]() mutable {
    if (onMessage_) onMessage_(event, std::move(message));
  });
}

}  // namespace vendor
