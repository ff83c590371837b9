// The service's OAuth2 model: authorization codes (single use, short-lived on the virtual clock,
// bound to the application, the user, the PKCE challenge and the redirect URI). Pure state; the
// world locks around it.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "sdk/types.h"

namespace sim {

class OAuth2 {
 public:
  // An authorization code lives 10 minutes (RFC 6749 §4.1.2 recommends at most that).
  static constexpr uint64_t kCodeTtlMs = 10 * 60 * 1000;
  // The redirect URI of the SDK's desktop flow.
  static constexpr const char* kDesktopRedirectUri = "http://127.0.0.1/callback";

  struct Code {
    sdk::Snowflake applicationId = 0;
    sdk::Snowflake userId = 0;
    std::string scopes;
    std::string codeChallenge;  // S256
    std::string redirectUri;
    uint64_t expiresAtMs = 0;
  };

  // Stores a fresh code for `grant` (the value is random) and returns it.
  std::string IssueCode(Code grant, uint64_t nowMs);
  // Redeems a code (single use: spent by any attempt). Returns "" and fills `out`, or why it is
  // refused (the description of an invalid_grant; never the code or the verifier).
  std::string RedeemCode(const std::string& code, sdk::Snowflake applicationId, const std::string& verifier,
                         const std::string& redirectUri, uint64_t nowMs, Code* out);

  // Refresh tokens, by value. Each belongs to one authorization (application, user), and was
  // issued with one access token, which a refresh invalidates with it (discordpp.h RefreshToken).
  struct Refresh {
    sdk::Snowflake applicationId = 0;
    sdk::Snowflake userId = 0;
    std::string scopes;
    std::string accessToken;
  };
  std::string IssueRefresh(Refresh grant);
  // Spends a refresh token (rotation). False when unknown (or spent, revoked) or of another app.
  bool TakeRefresh(const std::string& token, sdk::Snowflake applicationId, Refresh* out);
  const Refresh* FindRefresh(const std::string& token) const;
  // Deletes every refresh token and unredeemed code of (application, user); returns how many.
  size_t DeleteAuthorization(sdk::Snowflake applicationId, sdk::Snowflake userId);

 private:
  std::map<std::string, Code> codes_;
  std::map<std::string, Refresh> refresh_;
};

}  // namespace sim
