// The port's sign-in (discordpp CreateAuthorizationCodeVerifier; Authorize, GetToken, RefreshToken,
// RevokeToken and the token expiration callback follow).
#pragma once

#include <functional>
#include <string>

#include "sdk/callbacks.h"

// CreateAuthorizationCodeVerifier: a fresh PKCE pair (RFC 7636): a random verifier of 43
// base64url characters and its S256 challenge, base64url(SHA-256(verifier)) without padding.
// Local: it needs no connection and never fails.
#define SDK_AUTH_API_METHODS(X) \
  X(sdk::AuthorizationCodeVerifier, CreateAuthorizationCodeVerifier, (), )

namespace sdk {

// discordpp::AuthorizationCodeVerifier; its challenge's method is always S256 (the only value of
// AuthenticationCodeChallengeMethod). Both strings are secrets: never logged.
struct AuthorizationCodeVerifier {
  std::string verifier;
  std::string challenge;
};

class AuthApi : public CallbackTypes {
 public:
  SDK_AUTH_API_METHODS(SDK_PURE_VIRTUAL)

 protected:
  ~AuthApi() = default;
};

}  // namespace sdk
