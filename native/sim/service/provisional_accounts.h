// Provisional accounts (server-api.md §4.5): each application's external identity provider (the
// harness plays it) issues tokens for its players; the service exchanges one for an access token
// of the provisional account bound to that identity, creating the account on first use. Pure
// state; the world locks around it.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "sdk/types.h"
#include "sim/service/oidc_issuers.h"

namespace sim {

// A token the application's identity provider issued for one of its players.
struct ExternalToken {
  sdk::Snowflake applicationId = 0;
  sdk::ExternalAuthType type = sdk::ExternalAuthType::OIDC;
  std::string subject;  // the provider's id of the player
  uint64_t expiresAtMs = 0;
  uint64_t issuedAtMs = 0;
  // OIDC: the issuer (`iss`) the ID token names.
  std::string issuer;
};

class ProvisionalAccounts {
 public:
  // Provisional access tokens last one hour and come without a refresh token (sdk-api.md §5.3).
  static constexpr uint64_t kTokenTtlMs = 60 * 60 * 1000;

  void AddExternalToken(std::string value, ExternalToken token);
  // The provider token `value` when it is one the provider of `applicationId` issued with `type`
  // and it has not expired at `nowMs`; nullopt otherwise.
  std::optional<ExternalToken> Check(const std::string& value, sdk::Snowflake applicationId,
                                     sdk::ExternalAuthType type, uint64_t nowMs) const;
  // The account bound to an identity, if any.
  std::optional<sdk::Snowflake> AccountOf(const ExternalToken& identity) const;
  void Bind(const ExternalToken& identity, sdk::Snowflake user);
  // The identities bound to `user`.
  std::vector<ExternalToken> IdentitiesOf(sdk::Snowflake user) const;
  // Every identity of `applicationId` with the account bound to it (the HTTP service's
  // application-identity routes).
  std::vector<std::pair<ExternalToken, sdk::Snowflake>> IdentitiesOfApplication(sdk::Snowflake applicationId) const;
  // Forgets the identity's binding (its next token exchange makes a new account); false when
  // it was bound to no account.
  bool Unbind(const ExternalToken& identity) { return accounts_.erase(KeyOf(identity)) > 0; }

  // Bans (spec: the one SDK state transition). A ban of a linked account leaves its identities on
  // new provisional accounts, restricted while the ban lasts: `origin` is the banned user.
  void Restrict(sdk::Snowflake account, sdk::Snowflake origin) { restricted_[account] = origin; }
  void LiftRestrictionsOf(sdk::Snowflake origin);
  bool IsRestricted(sdk::Snowflake account) const { return restricted_.count(account) > 0; }

  // OIDC issuer configurations (oidc_issuers.h). An application starts with its simulated
  // provider's valid one (DefaultOidcConfiguration); nullopt: removed (none configured).
  std::optional<OidcConfiguration> OidcOf(sdk::Snowflake applicationId) const;
  void SetOidc(sdk::Snowflake applicationId, std::optional<OidcConfiguration> config) {
    oidc_[applicationId] = std::move(config);
  }
  // Whether the application's configuration was ever set (or removed) since it started.
  bool OidcEdited(sdk::Snowflake applicationId) const { return oidc_.count(applicationId) > 0; }

 private:
  using IdentityKey = std::tuple<sdk::Snowflake, int32_t, std::string>;
  static IdentityKey KeyOf(const ExternalToken& identity);
  std::map<std::string, ExternalToken> externalTokens_;
  std::map<IdentityKey, sdk::Snowflake> accounts_;
  std::map<sdk::Snowflake, sdk::Snowflake> restricted_;  // account -> the banned user it came from
  std::map<sdk::Snowflake, std::optional<OidcConfiguration>> oidc_;  // absent: the default
};

}  // namespace sim
