// Publisher-level account linking (server-api.md §4.6, spec "Authentication" rule 8): an approved
// publisher (the parent application) exchanges its user's access token for a token of one of its
// games (a child application), which the game gives the SDK. The child token has no refresh token,
// lives as long as the parent token has left, and ends when the parent token is revoked.
#include <string>

#include "sim/service/http_failure.h"
#include "sim/service/world.h"

namespace sim {

sdk::Result World::ExchangeChildToken(const std::string& parentToken, sdk::Snowflake childApp,
                                      sdk::TokenExchange* out) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto parent = tokens_.find(parentToken);
  if (parent == tokens_.end() || parent->second.revoked || nowMs_ >= parent->second.grant.expiresAtMs) {
    return HttpFailure(401, 0, "401: Unauthorized (the parent access token is unknown, revoked or expired)");
  }
  const TokenRecord& parentRecord = parent->second;
  const sdk::Snowflake parentApp = parentRecord.grant.applicationId;
  auto child = applications_.find(childApp);
  if (child == applications_.end()) return HttpFailure(404, kUnknownApplication, "Unknown Application");
  if (!applications_.at(parentApp).publisherLinking) {
    return HttpFailure(403, kMissingAccess,
                       "Missing Access: application " + std::to_string(parentApp) +
                           " is not approved for publisher-level account linking");
  }
  if (child->second.parentId != parentApp) {
    return HttpFailure(400, kInvalidFormBody,
                       "child_application_id " + std::to_string(childApp) + " is not a child application of " +
                           std::to_string(parentApp) + ", the parent token's application");
  }
  TokenRecord record;
  record.grant.accessToken = NewTokenValue();
  record.grant.userId = parentRecord.grant.userId;
  record.grant.applicationId = childApp;
  record.grant.expiresAtMs = parentRecord.grant.expiresAtMs;
  record.scopes = parentRecord.scopes;
  record.parent = parentToken;
  tokens_.emplace(record.grant.accessToken, record);
  out->accessToken = record.grant.accessToken;
  out->refreshToken.clear();
  out->tokenType = sdk::TokenType::Bearer;
  out->expiresIn = static_cast<int32_t>((record.grant.expiresAtMs - nowMs_) / 1000);
  out->scopes = record.scopes;
  return sdk::Result::Success();
}

void World::RevokeOrphanedChildTokensLocked() {
  for (auto& entry : tokens_) {
    TokenRecord& record = entry.second;
    if (record.revoked || record.parent.empty()) continue;
    auto parent = tokens_.find(record.parent);
    if (parent != tokens_.end() && !parent->second.revoked) continue;
    record.revoked = true;
    for (Session* session : sessions_) session->OnTokenRevoked(entry.first);
  }
}

sdk::Result World::RefuseChildApplicationLocked(sdk::Snowflake app) const {
  auto it = applications_.find(app);
  if (it == applications_.end() || it->second.parentId == 0) return sdk::Result::Success();
  return HttpFailure(400, kInvalidFormBody,
                     "application " + std::to_string(app) + " is a child application of publisher " +
                         std::to_string(it->second.parentId) +
                         ": sign in to the publisher's application and exchange its token (ExchangeChildToken)");
}

}  // namespace sim
