// The world's provisional accounts (ProvisionalAccounts): the identity providers' tokens (a
// harness control) and their exchange for a provisional account's access token.
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "sim/service/http_failure.h"
#include "sim/service/world.h"

namespace sim {

namespace {
// "Invalid external auth token" (server-api.md §4.6).
constexpr int32_t kInvalidExternalToken = 50025;
// Merge source not provisional; merge source banned (server-api.md §4.6-4.7).
constexpr int32_t kMergeSourceNotProvisional = 530014;
constexpr int32_t kMergeSourceBanned = 530017;
// "User account is non-provisional and should be authed through OAuth2".
constexpr int32_t kNotProvisional = 530010;
// "Invalid user type": unmerging an account that is already provisional.
constexpr int32_t kInvalidUserType = 50229;
// OIDC (server-api.md §4.7): issuer mismatch, ID token issued more than a week ago, no configuration.
constexpr int32_t kOidcIssuerMismatch = 530002;
constexpr int32_t kOidcTokenTooOld = 530004;
constexpr int32_t kOidcConfigurationNotFound = 530008;
constexpr uint64_t kOidcTokenMaxAgeMs = 7ULL * 24 * 60 * 60 * 1000;
// What a provisional account's token grants.
const char* const kProvisionalScopes = "sdk.social_layer";
}  // namespace

std::string World::IssueExternalToken(sdk::Snowflake app, sdk::ExternalAuthType type, const std::string& subject,
                                      uint64_t ttlMs, const std::optional<std::string>& issuer) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (applications_.count(app) == 0) throw std::invalid_argument("no application with id " + std::to_string(app));
  if (subject.empty()) throw std::invalid_argument("subject must not be empty");
  ExternalToken token{app, type, subject, nowMs_ + ttlMs, nowMs_, ""};
  // An OIDC ID token names its issuer: the provider's configured one unless the harness says.
  if (type == sdk::ExternalAuthType::OIDC) {
    const std::optional<OidcConfiguration> config = provisional_.OidcOf(app);
    token.issuer = issuer ? *issuer : (config ? config->issuer : "");
  }
  std::string value = "ext." + NewTokenValue().substr(4);
  provisional_.AddExternalToken(value, std::move(token));
  return value;
}

std::optional<ExternalToken> World::ExternalIdentityLocked(sdk::Snowflake app, sdk::ExternalAuthType type,
                                                           const std::string& externalToken) const {
  if (type != sdk::ExternalAuthType::DiscordBotIssuedAccessToken) return provisional_.Check(externalToken, app, type, nowMs_);
  // A bot-issued account is named by its own access token (server-api.md §4.6), not by the
  // external_user_id: a live token of the application whose user holds a bot-issued identity.
  auto it = tokens_.find(externalToken);
  if (it == tokens_.end()) return std::nullopt;
  const TokenGrant& grant = it->second.grant;
  if (it->second.revoked || grant.applicationId != app || nowMs_ >= grant.expiresAtMs) return std::nullopt;
  for (const ExternalToken& identity : provisional_.IdentitiesOf(grant.userId)) {
    if (identity.applicationId == app && identity.type == type) return identity;
  }
  return std::nullopt;
}

sdk::Result World::CheckOidcLocked(const ExternalToken& identity) const {
  if (identity.type != sdk::ExternalAuthType::OIDC) return sdk::Result::Success();
  const std::optional<OidcConfiguration> config = provisional_.OidcOf(identity.applicationId);
  if (!config) {
    return HttpFailure(400, kOidcConfigurationNotFound,
                       "OIDC configuration not found: the application has no OIDC issuer configured");
  }
  if (identity.issuer != config->issuer) {
    return HttpFailure(400, kOidcIssuerMismatch, "issuer mismatch: the ID token's issuer is not the application's configured OIDC issuer");
  }
  if (nowMs_ - identity.issuedAtMs > kOidcTokenMaxAgeMs) {
    return HttpFailure(400, kOidcTokenTooOld, "the ID token was issued more than 1 week ago");
  }
  return sdk::Result::Success();
}

sdk::Result World::ProvisionalIdentityLocked(sdk::Snowflake app, sdk::ExternalAuthType type,
                                             const std::string& externalToken, ExternalToken* identity) const {
  if (sdk::Result refused = RefuseChildApplicationLocked(app); !refused.ok()) return refused;
  const std::optional<ExternalToken> found = ExternalIdentityLocked(app, type, externalToken);
  if (!found) {
    return HttpFailure(403, kInvalidExternalToken,
                       "Invalid external auth token: not issued by this application's identity provider for this "
                       "type, or expired");
  }
  *identity = *found;
  return CheckOidcLocked(*found);
}

sdk::Result World::GetProvisionalToken(sdk::Snowflake app, sdk::ExternalAuthType type, const std::string& externalToken,
                                       sdk::TokenExchange* out) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (applications_.count(app) == 0) {
    return HttpFailure(400, kInvalidFormBody, "unknown application " + std::to_string(app));
  }
  ExternalToken identity;
  if (sdk::Result refused = ProvisionalIdentityLocked(app, type, externalToken, &identity); !refused.ok()) return refused;
  // The SDK's exchange: one hour, no refresh token (sdk-api.md §5.3).
  return GrantProvisionalLocked(identity, ProvisionalAccounts::kTokenTtlMs, false, std::nullopt, out);
}

sdk::Result World::GrantProvisionalLocked(const ExternalToken& identity, uint64_t ttlMs, bool withRefresh,
                                          const std::optional<std::string>& preferredName, sdk::TokenExchange* out) {
  const sdk::Snowflake app = identity.applicationId;
  std::optional<sdk::Snowflake> account = provisional_.AccountOf(identity);
  if (account && !users_.at(*account).isProvisional) {
    return HttpFailure(400, kNotProvisional, "User account is non-provisional and should be authed through OAuth2");
  }
  if (!account) {
    account = NewProvisionalAccountLocked();
    provisional_.Bind(identity, *account);
    if (preferredName) users_.at(*account).globalName = *preferredName;
  }
  TokenRecord record;
  record.grant.accessToken = NewTokenValue();
  record.grant.userId = *account;
  record.grant.applicationId = app;
  record.grant.expiresAtMs = nowMs_ + ttlMs;
  record.scopes = kProvisionalScopes;
  tokens_.emplace(record.grant.accessToken, record);
  out->accessToken = record.grant.accessToken;
  out->refreshToken = withRefresh ? oauth2_.IssueRefresh(OAuth2::Refresh{app, *account, kProvisionalScopes}) : "";
  out->tokenType = sdk::TokenType::Bearer;
  out->expiresIn = static_cast<int32_t>(ttlMs / 1000);
  out->scopes = kProvisionalScopes;
  return sdk::Result::Success();
}

sdk::Snowflake World::NewProvisionalAccountLocked() {
  sdk::User user;
  user.id = NewIdLocked();
  user.username = "provisional-" + std::to_string(user.id);
  user.isProvisional = true;
  users_.emplace(user.id, user);
  return user.id;
}

sdk::Result World::MergeProvisional(sdk::Snowflake app, const std::string& code, const std::string& verifier,
                                    const std::string& redirectUri, sdk::ExternalAuthType type,
                                    const std::string& externalToken, sdk::TokenExchange* out) {
  std::lock_guard<std::mutex> lock(mutex_);
  ExternalToken identity;
  std::optional<sdk::Snowflake> source;
  if (sdk::Result refused = MergeSourceLocked(app, type, externalToken, &identity, &source); !refused.ok()) return refused;
  OAuth2::Code grant;
  const std::string refusal = oauth2_.RedeemCode(code, app, verifier, redirectUri, nowMs_, &grant);
  if (!refusal.empty()) return HttpFailure(400, 0, refusal);
  if (users_.count(grant.userId) == 0) return HttpFailure(400, 0, "invalid_grant: the user no longer exists");
  *out = MergeIntoLocked(identity, source, grant.userId, grant.scopes);
  return sdk::Result::Success();
}

sdk::Result World::MergeSourceLocked(sdk::Snowflake app, sdk::ExternalAuthType type, const std::string& externalToken,
                                     ExternalToken* identity, std::optional<sdk::Snowflake>* source) const {
  const std::optional<ExternalToken> found = ExternalIdentityLocked(app, type, externalToken);
  if (!found) return HttpFailure(403, kInvalidExternalToken, "Invalid external auth token");
  *identity = *found;
  *source = provisional_.AccountOf(*found);
  if (*source && provisional_.IsRestricted(**source)) {
    return HttpFailure(400, kMergeSourceBanned, "the linked account is banned: no merge until the ban is lifted");
  }
  if (*source && !users_.at(**source).isProvisional) {
    return HttpFailure(400, kMergeSourceNotProvisional, "the external identity's account is not provisional");
  }
  return sdk::Result::Success();
}

sdk::TokenExchange World::MergeIntoLocked(const ExternalToken& identity, const std::optional<sdk::Snowflake>& source,
                                          sdk::Snowflake user, const std::string& scopes) {
  // The identity now signs in to the full account; the provisional account's tokens end.
  const sdk::Snowflake app = identity.applicationId;
  provisional_.Bind(identity, user);
  if (source) RevokeAuthorizationLocked(app, *source);
  return IssueTokenSetLocked(app, user, scopes);
}

sdk::Result World::UnmergeProvisional(sdk::Snowflake app, sdk::ExternalAuthType type, const std::string& externalToken) {
  std::lock_guard<std::mutex> lock(mutex_);
  const std::optional<ExternalToken> identity = ExternalIdentityLocked(app, type, externalToken);
  if (!identity) return HttpFailure(403, kInvalidExternalToken, "Invalid external auth token");
  return UnmergeIdentityLocked(*identity);
}

sdk::Result World::UnmergeIdentityLocked(const ExternalToken& identity) {
  const sdk::Snowflake app = identity.applicationId;
  const std::optional<sdk::Snowflake> account = provisional_.AccountOf(identity);
  if (!account) return HttpFailure(404, 0, "404: Not Found (the identity has no account)");
  if (users_.at(*account).isProvisional) return HttpFailure(400, kInvalidUserType, "Invalid user type: the account is provisional");
  // The full account's tokens for the application end (and its sessions); the identity gets a
  // new account. The application hears of it even when the account held no token of it.
  if (RevokeAuthorizationLocked(app, *account) == 0) NoteAuthorizationLocked(false, app, *account, "");
  provisional_.Bind(identity, NewProvisionalAccountLocked());
  return sdk::Result::Success();
}

size_t World::BanUser(sdk::Snowflake user) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (users_.count(user) == 0) throw std::invalid_argument("no user with id " + std::to_string(user));
  // Tokens deleted at once: every application's authorization, as when the user removes the app.
  for (const auto& entry : applications_) RevokeAuthorizationLocked(entry.first, user);
  const std::vector<ExternalToken> identities = provisional_.IdentitiesOf(user);
  for (const ExternalToken& identity : identities) {
    const sdk::Snowflake account = NewProvisionalAccountLocked();
    provisional_.Bind(identity, account);
    provisional_.Restrict(account, user);
  }
  return identities.size();
}

void World::UnbanUser(sdk::Snowflake user) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (users_.count(user) == 0) throw std::invalid_argument("no user with id " + std::to_string(user));
  provisional_.LiftRestrictionsOf(user);
}

sdk::Result World::SetProvisionalDisplayName(sdk::Snowflake user, const std::string& name) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = users_.find(user);
  if (it == users_.end()) return HttpFailure(404, kUnknownUser, "Unknown User");
  if (!it->second.isProvisional) {
    return HttpFailure(400, kInvalidFormBody, "only a provisional account's display name can be set this way");
  }
  // 1-32 characters, checked by the caller; bytes bound it here (at most 4 per character).
  if (name.empty() || name.size() > 32 * 4) return HttpFailure(400, kInvalidFormBody, "the display name must be 1-32 characters");
  it->second.globalName = name;
  UserUpdatedLocked(user);
  return sdk::Result::Success();
}

}  // namespace sim
