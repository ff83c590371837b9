// Activity invites and the join loop (SendActivityInvite, SendActivityJoinRequest,
// SendActivityJoinRequestReply, AcceptActivityInvite, RegisterLaunchCommand and
// RegisterLaunchSteamApplication, and the invite and join callbacks). Join secrets are only
// handed on, never logged.
#include "vendor/translate.h"
#include "vendor/vendor_client.h"

namespace vendor {

void VendorClient::SendActivityInvite(sdk::Snowflake userId, std::string content, ResultCallback done) {
  auto settle = Pending<>(std::move(done));
  client_->SendActivityInvite(userId, content, [settle](discordpp::ClientResult result) { settle(ToResult(result)); });
}

void VendorClient::SendActivityJoinRequest(sdk::Snowflake userId, ResultCallback done) {
  auto settle = Pending<>(std::move(done));
  client_->SendActivityJoinRequest(userId, [settle](discordpp::ClientResult result) { settle(ToResult(result)); });
}

void VendorClient::SendActivityJoinRequestReply(sdk::ActivityInvite invite, ResultCallback done) {
  auto settle = Pending<>(std::move(done));
  client_->SendActivityJoinRequestReply(FromActivityInvite(invite),
                                        [settle](discordpp::ClientResult result) { settle(ToResult(result)); });
}

void VendorClient::AcceptActivityInvite(sdk::ActivityInvite invite, JoinSecretCallback done) {
  auto settle = Pending<std::string>(std::move(done));
  client_->AcceptActivityInvite(FromActivityInvite(invite), [settle](discordpp::ClientResult result, std::string joinSecret) {
    settle(ToResult(result), std::move(joinSecret));
  });
}

bool VendorClient::RegisterLaunchCommand(sdk::Snowflake applicationId, std::string command) {
  return client_ && client_->RegisterLaunchCommand(applicationId, std::move(command));
}

bool VendorClient::RegisterLaunchSteamApplication(sdk::Snowflake applicationId, uint32_t steamAppId) {
  return client_ && client_->RegisterLaunchSteamApplication(applicationId, steamAppId);
}

void VendorClient::SetActivityInviteCreatedCallback(ActivityInviteCallback cb) { onInviteCreated_ = std::move(cb); }
void VendorClient::SetActivityInviteUpdatedCallback(ActivityInviteCallback cb) { onInviteUpdated_ = std::move(cb); }
void VendorClient::SetActivityJoinCallback(ActivityJoinCallback cb) { onJoin_ = std::move(cb); }
void VendorClient::SetActivityJoinWithApplicationCallback(ActivityJoinWithApplicationCallback cb) {
  onJoinWithApplication_ = std::move(cb);
}

void VendorClient::RegisterInviteCallbacks() {
  client_->SetActivityInviteCreatedCallback(WhileOpen([this](discordpp::ActivityInvite invite) {
    Post([this, invite = ToActivityInvite(invite)] {
      if (onInviteCreated_) onInviteCreated_(invite);
    });
  }));
  client_->SetActivityInviteUpdatedCallback(WhileOpen([this](discordpp::ActivityInvite invite) {
    Post([this, invite = ToActivityInvite(invite)] {
      if (onInviteUpdated_) onInviteUpdated_(invite);
    });
  }));
  client_->SetActivityJoinCallback(WhileOpen([this](std::string joinSecret) {
    Post([this, joinSecret = std::move(joinSecret)] {
      if (onJoin_) onJoin_(joinSecret);
    });
  }));
  client_->SetActivityJoinWithApplicationCallback(WhileOpen([this](uint64_t applicationId, std::string joinSecret) {
    Post([this, join = sdk::ActivityJoin{applicationId, std::move(joinSecret)}] {
      if (onJoinWithApplication_) onJoinWithApplication_(join);
    });
  }));
}

}  // namespace vendor
