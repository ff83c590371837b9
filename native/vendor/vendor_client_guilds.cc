// Guilds and channels, and direct messages (GetUserGuilds, GetGuildChannels,
// SendUserMessageWithMetadata, EditUserMessage, DeleteUserMessage, GetUserMessagesWithLimit (the
// library serves it from its own cache when it can), GetUserMessageSummaries).
#include <utility>

#include "vendor/translate.h"
#include "vendor/vendor_client.h"

namespace vendor {

void VendorClient::GetUserGuilds(GuildsCallback done) {
  auto settle = Pending<std::vector<sdk::GuildMinimal>>(std::move(done));
  client_->GetUserGuilds([settle](discordpp::ClientResult result, std::vector<discordpp::GuildMinimal> guilds) {
    std::vector<sdk::GuildMinimal> out;
    out.reserve(guilds.size());
    for (const auto& guild : guilds) out.push_back(sdk::GuildMinimal{guild.Id(), std::string(guild.Name())});
    settle(ToResult(result), std::move(out));
  });
}

void VendorClient::GetGuildChannels(sdk::Snowflake guildId, GuildChannelsCallback done) {
  auto settle = Pending<std::vector<sdk::GuildChannel>>(std::move(done));
  client_->GetGuildChannels(
      guildId, [settle](discordpp::ClientResult result, std::vector<discordpp::GuildChannel> channels) {
        // Already ordered as the chat client orders them (by position).
        std::vector<sdk::GuildChannel> out;
        out.reserve(channels.size());
        for (const auto& channel : channels) out.push_back(ToGuildChannel(channel, static_cast<int32_t>(out.size())));
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

void VendorClient::SetMessageDeletedCallback(MessageDeletedCallback cb) { onMessageDeleted_ = std::move(cb); }

}  // namespace vendor
