// The game server's side of provisional accounts (server-api.md §4.5-4.6): the token endpoints
// (POST /partner-sdk/token with client credentials, /partner-sdk/token/bot with the bot token),
// the bot's unmerge, and the harness's OIDC issuer configuration (spec "Authentication" rule 7).
// The rules are the SDK path's (world_provisional.cc); tokens here last 7 days.
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "sim/service/http_failure.h"
#include "sim/service/world.h"

namespace sim {

sdk::Result World::ExchangeExternalToken(sdk::Snowflake app, sdk::ExternalAuthType type, const std::string& externalToken,
                                         sdk::TokenExchange* out) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (applications_.count(app) == 0) return HttpFailure(404, kUnknownApplication, "Unknown Application");
  ExternalToken identity;
  if (sdk::Result refused = ProvisionalIdentityLocked(app, type, externalToken, &identity); !refused.ok()) return refused;
  // OIDC adds a refresh token, whose use with the refresh_token grant is deprecated (spec
  // "Authentication" rule 6): the simulator still honours it, as the service does.
  const bool withRefresh = type == sdk::ExternalAuthType::OIDC;
  return GrantProvisionalLocked(identity, kServerProvisionalTokenTtlMs, withRefresh, std::nullopt, out);
}

sdk::Result World::BotProvisionalToken(sdk::Snowflake app, const std::string& externalUserId,
                                       const std::optional<std::string>& preferredName, sdk::TokenExchange* out) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (applications_.count(app) == 0) return HttpFailure(404, kUnknownApplication, "Unknown Application");
  if (sdk::Result refused = RefuseChildApplicationLocked(app); !refused.ok()) return refused;
  // Checked by the caller (1-1024 characters, a name of 1-32); bytes bound them here.
  if (externalUserId.empty() || externalUserId.size() > 1024 * 4) {
    return HttpFailure(400, kInvalidFormBody, "external_user_id must be 1-1024 characters");
  }
  if (preferredName && (preferredName->empty() || preferredName->size() > 32 * 4)) {
    return HttpFailure(400, kInvalidFormBody, "preferred_global_name must be 1-32 characters");
  }
  return GrantProvisionalLocked(BotIdentity(app, externalUserId), kServerProvisionalTokenTtlMs, false, preferredName, out);
}

sdk::Result World::UnmergeBotIdentity(sdk::Snowflake app, const std::string& externalUserId) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (applications_.count(app) == 0) return HttpFailure(404, kUnknownApplication, "Unknown Application");
  if (externalUserId.empty() || externalUserId.size() > 1024 * 4) {
    return HttpFailure(400, kInvalidFormBody, "external_user_id must be 1-1024 characters");
  }
  return UnmergeIdentityLocked(BotIdentity(app, externalUserId));
}

std::vector<std::pair<ExternalToken, sdk::Snowflake>> World::ApplicationIdentities(sdk::Snowflake app) const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (applications_.count(app) == 0) throw std::invalid_argument("no application with id " + std::to_string(app));
  return provisional_.IdentitiesOfApplication(app);
}

bool World::DeleteApplicationIdentity(sdk::Snowflake app, sdk::Snowflake user, sdk::ExternalAuthType type,
                                      const std::string& subject) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (applications_.count(app) == 0) throw std::invalid_argument("no application with id " + std::to_string(app));
  ExternalToken identity;
  identity.applicationId = app;
  identity.type = type;
  identity.subject = subject;
  if (provisional_.AccountOf(identity) != user) return false;
  return provisional_.Unbind(identity);
}

ExternalToken World::BotIdentity(sdk::Snowflake app, const std::string& externalUserId) {
  ExternalToken identity;
  identity.applicationId = app;
  identity.type = sdk::ExternalAuthType::DiscordBotIssuedAccessToken;
  identity.subject = externalUserId;
  return identity;
}

void World::ConfigureOidc(sdk::Snowflake app, std::optional<OidcConfiguration> config) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (applications_.count(app) == 0) throw std::invalid_argument("no application with id " + std::to_string(app));
  if (config && config->grandfathered) {
    // It models a configuration saved before the stricter rules: the application's first one.
    if (provisional_.OidcEdited(app)) {
      throw std::invalid_argument(
          "a grandfathered OIDC configuration stands for one saved before the stricter issuer rules: it can only be "
          "the application's first configuration, not an edit");
    }
  } else if (config) {
    const std::string refusal = OidcConfigurationRefusal(*config);
    if (!refusal.empty()) throw std::invalid_argument("OIDC configuration refused: " + refusal);
  }
  provisional_.SetOidc(app, std::move(config));
}

std::optional<OidcConfiguration> World::OidcConfigurationOf(sdk::Snowflake app) const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (applications_.count(app) == 0) throw std::invalid_argument("no application with id " + std::to_string(app));
  return provisional_.OidcOf(app);
}

}  // namespace sim
