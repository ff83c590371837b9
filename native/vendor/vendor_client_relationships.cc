// Relationships (GetRelationships, GetRelationshipsByGroup, GetRelationshipHandle,
// SearchFriendsByUsername, the friend-request operations, and the relationship callbacks).
#include "vendor/translate.h"
#include "vendor/vendor_client.h"

namespace vendor {

std::vector<sdk::Relationship> VendorClient::GetRelationships() const {
  std::vector<sdk::Relationship> out;
  if (!client_) return out;
  for (const auto& relationship : client_->GetRelationships()) out.push_back(ToRelationship(relationship));
  return out;
}

std::vector<sdk::Relationship> VendorClient::GetRelationshipsByGroup(sdk::RelationshipGroupType group) const {
  std::vector<sdk::Relationship> out;
  if (!client_) return out;
  for (const auto& relationship :
       client_->GetRelationshipsByGroup(static_cast<discordpp::RelationshipGroupType>(static_cast<int32_t>(group)))) {
    out.push_back(ToRelationship(relationship));
  }
  return out;
}

sdk::Relationship VendorClient::GetRelationshipHandle(sdk::Snowflake userId) const {
  if (!client_) {
    sdk::Relationship none;
    none.id = userId;
    return none;
  }
  return ToRelationship(client_->GetRelationshipHandle(userId));
}

std::vector<sdk::User> VendorClient::SearchFriendsByUsername(std::string search) const {
  std::vector<sdk::User> out;
  if (!client_) return out;
  for (const auto& user : client_->SearchFriendsByUsername(std::move(search))) out.push_back(ToUser(user));
  return out;
}

void VendorClient::SendDiscordFriendRequest(std::string username, ResultCallback done) {
  auto settle = Pending<>(std::move(done));
  client_->SendDiscordFriendRequest(username, [settle](discordpp::ClientResult result) { settle(ToResult(result)); });
}

void VendorClient::SendGameFriendRequest(std::string username, ResultCallback done) {
  auto settle = Pending<>(std::move(done));
  client_->SendGameFriendRequest(username, [settle](discordpp::ClientResult result) { settle(ToResult(result)); });
}

// The operations on one user: the same vendor shape, settled from its ClientResult.
#define VENDOR_RELATIONSHIP_OP(Method)                                                              \
  void VendorClient::Method(sdk::Snowflake userId, ResultCallback done) {                           \
    auto settle = Pending<>(std::move(done));                                                       \
    client_->Method(userId, [settle](discordpp::ClientResult result) { settle(ToResult(result)); }); \
  }

VENDOR_RELATIONSHIP_OP(SendDiscordFriendRequestById)
VENDOR_RELATIONSHIP_OP(SendGameFriendRequestById)
VENDOR_RELATIONSHIP_OP(AcceptDiscordFriendRequest)
VENDOR_RELATIONSHIP_OP(AcceptGameFriendRequest)
VENDOR_RELATIONSHIP_OP(RejectDiscordFriendRequest)
VENDOR_RELATIONSHIP_OP(RejectGameFriendRequest)
VENDOR_RELATIONSHIP_OP(CancelDiscordFriendRequest)
VENDOR_RELATIONSHIP_OP(CancelGameFriendRequest)
VENDOR_RELATIONSHIP_OP(RemoveGameFriend)
VENDOR_RELATIONSHIP_OP(RemoveDiscordAndGameFriend)
VENDOR_RELATIONSHIP_OP(BlockUser)
VENDOR_RELATIONSHIP_OP(UnblockUser)
#undef VENDOR_RELATIONSHIP_OP

void VendorClient::SetRelationshipCreatedCallback(RelationshipCallback cb) { onRelationshipCreated_ = std::move(cb); }
void VendorClient::SetRelationshipDeletedCallback(RelationshipCallback cb) { onRelationshipDeleted_ = std::move(cb); }
void VendorClient::SetRelationshipGroupsUpdatedCallback(RelationshipGroupsCallback cb) {
  onRelationshipGroups_ = std::move(cb);
}

void VendorClient::RegisterRelationshipCallbacks() {
  client_->SetRelationshipCreatedCallback(WhileOpen([this](uint64_t userId, bool isDiscord) {
    Post([this, userId, isDiscord] {
      if (onRelationshipCreated_) onRelationshipCreated_(userId, isDiscord);
    });
  }));
  client_->SetRelationshipDeletedCallback(WhileOpen([this](uint64_t userId, bool isDiscord) {
    Post([this, userId, isDiscord] {
      if (onRelationshipDeleted_) onRelationshipDeleted_(userId, isDiscord);
    });
  }));
  client_->SetRelationshipGroupsUpdatedCallback(WhileOpen([this](uint64_t userId) {
    Post([this, userId] {
      if (onRelationshipGroups_) onRelationshipGroups_(userId);
    });
  }));
}

}  // namespace vendor
