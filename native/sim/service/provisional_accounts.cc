#include "sim/service/provisional_accounts.h"

#include <iterator>
#include <utility>

namespace sim {

void ProvisionalAccounts::AddExternalToken(std::string value, ExternalToken token) {
  externalTokens_[std::move(value)] = std::move(token);
}

std::optional<ExternalToken> ProvisionalAccounts::Check(const std::string& value, sdk::Snowflake applicationId,
                                                        sdk::ExternalAuthType type, uint64_t nowMs) const {
  auto it = externalTokens_.find(value);
  if (it == externalTokens_.end()) return std::nullopt;
  const ExternalToken& token = it->second;
  if (token.applicationId != applicationId || token.type != type || nowMs >= token.expiresAtMs) return std::nullopt;
  return token;
}

std::optional<sdk::Snowflake> ProvisionalAccounts::AccountOf(const ExternalToken& identity) const {
  auto it = accounts_.find(KeyOf(identity));
  if (it == accounts_.end()) return std::nullopt;
  return it->second;
}

void ProvisionalAccounts::Bind(const ExternalToken& identity, sdk::Snowflake user) { accounts_[KeyOf(identity)] = user; }

std::vector<ExternalToken> ProvisionalAccounts::IdentitiesOf(sdk::Snowflake user) const {
  std::vector<ExternalToken> out;
  for (const auto& entry : accounts_) {
    if (entry.second != user) continue;
    ExternalToken identity;
    identity.applicationId = std::get<0>(entry.first);
    identity.type = static_cast<sdk::ExternalAuthType>(std::get<1>(entry.first));
    identity.subject = std::get<2>(entry.first);
    out.push_back(std::move(identity));
  }
  return out;
}

std::vector<std::pair<ExternalToken, sdk::Snowflake>> ProvisionalAccounts::IdentitiesOfApplication(
    sdk::Snowflake applicationId) const {
  std::vector<std::pair<ExternalToken, sdk::Snowflake>> out;
  for (const auto& entry : accounts_) {
    if (std::get<0>(entry.first) != applicationId) continue;
    ExternalToken identity;
    identity.applicationId = applicationId;
    identity.type = static_cast<sdk::ExternalAuthType>(std::get<1>(entry.first));
    identity.subject = std::get<2>(entry.first);
    out.emplace_back(std::move(identity), entry.second);
  }
  return out;
}

void ProvisionalAccounts::LiftRestrictionsOf(sdk::Snowflake origin) {
  for (auto it = restricted_.begin(); it != restricted_.end();) {
    it = it->second == origin ? restricted_.erase(it) : std::next(it);
  }
}

std::optional<OidcConfiguration> ProvisionalAccounts::OidcOf(sdk::Snowflake applicationId) const {
  auto it = oidc_.find(applicationId);
  if (it == oidc_.end()) return DefaultOidcConfiguration(std::to_string(applicationId));
  return it->second;
}

ProvisionalAccounts::IdentityKey ProvisionalAccounts::KeyOf(const ExternalToken& identity) {
  return {identity.applicationId, static_cast<int32_t>(identity.type), identity.subject};
}

}  // namespace sim
