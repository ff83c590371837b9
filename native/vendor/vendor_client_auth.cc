// Sign-in (CreateAuthorizationCodeVerifier).
#include "vendor/vendor_client.h"

namespace vendor {

sdk::AuthorizationCodeVerifier VendorClient::CreateAuthorizationCodeVerifier() {
  discordpp::AuthorizationCodeVerifier pair = client_->CreateAuthorizationCodeVerifier();
  return sdk::AuthorizationCodeVerifier{pair.Verifier(), pair.Challenge().Challenge()};
}

}  // namespace vendor
