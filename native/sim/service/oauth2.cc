#include "sim/service/oauth2.h"

#include <iterator>
#include <utility>

#include "sim/service/pkce.h"

namespace sim {

std::string OAuth2::IssueCode(Code grant, uint64_t nowMs) {
  grant.expiresAtMs = nowMs + kCodeTtlMs;
  std::string value;
  do {
    value = RandomBase64Url(24);
  } while (codes_.count(value) > 0);
  codes_.emplace(value, std::move(grant));
  return value;
}

std::string OAuth2::RedeemCode(const std::string& code, sdk::Snowflake applicationId, const std::string& verifier,
                              const std::string& redirectUri, uint64_t nowMs, Code* out) {
  auto it = codes_.find(code);
  if (it == codes_.end()) return "invalid_grant: the authorization code is unknown or was already used";
  const Code grant = it->second;
  codes_.erase(it);
  if (grant.applicationId != applicationId) return "invalid_grant: the authorization code was issued to another application";
  if (nowMs >= grant.expiresAtMs) return "invalid_grant: the authorization code expired";
  if (grant.redirectUri != redirectUri) return "invalid_grant: redirect_uri does not match the authorization request";
  // RFC 7636 §4.6: the verifier is checked when the authorization request carried a challenge (a
  // game's web flow may have none; the SDK's GetToken flow needs one, discordpp.h AuthorizationArgs).
  if (grant.codeChallenge.empty()) {
    if (!verifier.empty()) return "invalid_grant: code_verifier given but the authorization request had no code_challenge";
  } else if (S256Challenge(verifier) != grant.codeChallenge) {
    return "invalid_grant: code_verifier does not match the code challenge";
  }
  *out = grant;
  return "";
}

std::string OAuth2::IssueRefresh(Refresh grant) {
  std::string value;
  do {
    value = "simr." + RandomBase64Url(24);
  } while (refresh_.count(value) > 0);
  refresh_.emplace(value, std::move(grant));
  return value;
}

bool OAuth2::TakeRefresh(const std::string& token, sdk::Snowflake applicationId, Refresh* out) {
  auto it = refresh_.find(token);
  if (it == refresh_.end() || it->second.applicationId != applicationId) return false;
  *out = it->second;
  refresh_.erase(it);
  return true;
}

const OAuth2::Refresh* OAuth2::FindRefresh(const std::string& token) const {
  auto it = refresh_.find(token);
  return it == refresh_.end() ? nullptr : &it->second;
}

size_t OAuth2::DeleteAuthorization(sdk::Snowflake applicationId, sdk::Snowflake userId) {
  size_t deleted = 0;
  for (auto it = refresh_.begin(); it != refresh_.end();) {
    const bool match = it->second.applicationId == applicationId && it->second.userId == userId;
    it = match ? refresh_.erase(it) : std::next(it);
    deleted += match ? 1 : 0;
  }
  for (auto it = codes_.begin(); it != codes_.end();) {
    const bool match = it->second.applicationId == applicationId && it->second.userId == userId;
    it = match ? codes_.erase(it) : std::next(it);
    deleted += match ? 1 : 0;
  }
  return deleted;
}

}  // namespace sim
