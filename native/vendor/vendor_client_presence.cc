// Rich presence, online status and users (UpdateRichPresence, ClearRichPresence, SetOnlineStatus,
// GetUser, SetUserUpdatedCallback, GetDiscordClientConnectedUser).
#include "vendor/translate.h"
#include "vendor/vendor_client.h"

namespace vendor {

void VendorClient::UpdateRichPresence(sdk::Activity activity, ResultCallback done) {
  auto settle = Pending<>(std::move(done));
#if !SOCIAL_SDK_VENDOR_HAS_INVITE_COVER_IMAGE
  if (activity.assets && activity.assets->inviteCoverImage) {
    // Settled through the pump like any result, never inside this call.
    settle(sdk::Result::Failure(sdk::ErrorType::ValidationError, NotAvailableIn("assets.inviteCoverImage", "1.6.12170")));
    return;
  }
#endif
  client_->UpdateRichPresence(FromActivity(activity),
                              [settle](discordpp::ClientResult result) { settle(ToResult(result)); });
}

void VendorClient::ClearRichPresence() { client_->ClearRichPresence(); }

void VendorClient::SetOnlineStatus(sdk::StatusType status, ResultCallback done) {
  auto settle = Pending<>(std::move(done));
  client_->SetOnlineStatus(static_cast<discordpp::StatusType>(status),
                           [settle](discordpp::ClientResult result) { settle(ToResult(result)); });
}

std::optional<sdk::User> VendorClient::GetUser(sdk::Snowflake userId) const {
  if (!client_) return std::nullopt;
  auto user = client_->GetUser(userId);
  if (!user) return std::nullopt;
  return ToUser(*user);
}

std::optional<uint64_t> VendorClient::GetCpuAffinityMask() const { return cpuAffinityMask_; }

void VendorClient::SetUserUpdatedCallback(UserUpdatedCallback cb) { onUserUpdated_ = std::move(cb); }

void VendorClient::GetDiscordClientConnectedUser(sdk::Snowflake applicationId,
                                                 sdk::ValueCallback<std::vector<sdk::User>> done) {
  auto settle = Pending<std::vector<sdk::User>>(std::move(done));
  client_->GetDiscordClientConnectedUser(
      applicationId, [settle](discordpp::ClientResult result, std::optional<discordpp::UserHandle> user) {
        std::vector<sdk::User> users;
        if (user) users.push_back(ToUser(*user));
        settle(ToResult(result), std::move(users));
      });
}

}  // namespace vendor
