// Sign-in (CreateAuthorizationCodeVerifier, Authorize, AbortAuthorize, ...) and device sign-in
// (GetTokenFromDevice, the device authorization screen).
#include <utility>

#include "vendor/translate.h"
#include "vendor/vendor_client.h"

namespace vendor {

sdk::AuthorizationCodeVerifier VendorClient::CreateAuthorizationCodeVerifier() {
  discordpp::AuthorizationCodeVerifier pair = client_->CreateAuthorizationCodeVerifier();
  return sdk::AuthorizationCodeVerifier{pair.Verifier(), pair.Challenge().Challenge()};
}

void VendorClient::Authorize(std::string scopes, std::string codeChallenge, std::string state, std::string nonce,
                             int32_t integrationType, std::string customSchemeParam, AuthorizationCallback done) {
  auto settle = Pending<sdk::Authorization>(std::move(done));
  discordpp::AuthorizationCodeChallenge challenge;
  challenge.SetMethod(discordpp::AuthenticationCodeChallengeMethod::S256);
  challenge.SetChallenge(std::move(codeChallenge));
  discordpp::AuthorizationArgs args;
  args.SetClientId(applicationId_);
  args.SetScopes(std::move(scopes));
  args.SetCodeChallenge(challenge);
  if (!state.empty()) args.SetState(std::move(state));
  if (!nonce.empty()) args.SetNonce(std::move(nonce));
  if (integrationType >= 0) args.SetIntegrationType(static_cast<discordpp::IntegrationType>(integrationType));
  if (!customSchemeParam.empty()) args.SetCustomSchemeParam(std::move(customSchemeParam));
  client_->Authorize(args, [settle](discordpp::ClientResult result, std::string code, std::string redirectUri) {
    settle(ToResult(result), sdk::Authorization{std::move(code), std::move(redirectUri)});
  });
}

void VendorClient::SetGameWindowPid(uint32_t pid) {
  // TypeScript keeps pid within int32_t, the vendor's type.
  if (client_) client_->SetGameWindowPid(static_cast<int32_t>(pid));
}

void VendorClient::AbortAuthorize() { client_->AbortAuthorize(); }

namespace {
sdk::TokenExchange ToTokenExchange(std::string accessToken, std::string refreshToken,
                                   discordpp::AuthorizationTokenType tokenType, int32_t expiresIn, std::string scopes) {
  sdk::TokenExchange out;
  out.accessToken = std::move(accessToken);
  out.refreshToken = std::move(refreshToken);
  out.tokenType = static_cast<sdk::TokenType>(static_cast<int32_t>(tokenType));
  out.expiresIn = expiresIn;
  out.scopes = std::move(scopes);
  return out;
}
}  // namespace

void VendorClient::GetToken(sdk::Snowflake applicationId, std::string code, std::string codeVerifier,
                            std::string redirectUri, TokenExchangeCallback done) {
  auto settle = Pending<sdk::TokenExchange>(std::move(done));
  client_->GetToken(applicationId, code, codeVerifier, redirectUri,
                    [settle](discordpp::ClientResult result, std::string accessToken, std::string refreshToken,
                             discordpp::AuthorizationTokenType tokenType, int32_t expiresIn, std::string scopes) {
                      settle(ToResult(result), ToTokenExchange(std::move(accessToken), std::move(refreshToken),
                                                               tokenType, expiresIn, std::move(scopes)));
                    });
}

void VendorClient::RefreshToken(sdk::Snowflake applicationId, std::string refreshToken, TokenExchangeCallback done) {
  auto settle = Pending<sdk::TokenExchange>(std::move(done));
  client_->RefreshToken(applicationId, refreshToken,
                        [settle](discordpp::ClientResult result, std::string accessToken, std::string refresh,
                                 discordpp::AuthorizationTokenType tokenType, int32_t expiresIn, std::string scopes) {
                          settle(ToResult(result), ToTokenExchange(std::move(accessToken), std::move(refresh),
                                                                   tokenType, expiresIn, std::move(scopes)));
                        });
}

void VendorClient::SetTokenExpirationCallback(TokenExpirationCallback cb) {
  client_->SetTokenExpirationCallback(WhileOpen([this, cb = std::move(cb)] {
    if (cb) Post(cb);
  }));
}

void VendorClient::RevokeToken(sdk::Snowflake applicationId, std::string token, ResultCallback done) {
  auto settle = Pending<>(std::move(done));
  client_->RevokeToken(applicationId, token, [settle](discordpp::ClientResult result) { settle(ToResult(result)); });
}

bool VendorClient::IsAuthenticated() { return client_->IsAuthenticated(); }

void VendorClient::FetchCurrentUser(sdk::TokenType tokenType, std::string token, CurrentUserCallback done) {
  auto settle = Pending<sdk::CurrentUser>(std::move(done));
  client_->FetchCurrentUser(FromTokenType(tokenType), token,
                            [settle](discordpp::ClientResult result, uint64_t id, std::string name) {
                              settle(ToResult(result), sdk::CurrentUser{id, std::move(name)});
                            });
}

void VendorClient::GetProvisionalToken(sdk::Snowflake applicationId, sdk::ExternalAuthType externalAuthType,
                                       std::string externalAuthToken, TokenExchangeCallback done) {
  auto settle = Pending<sdk::TokenExchange>(std::move(done));
  client_->GetProvisionalToken(
      applicationId, static_cast<discordpp::AuthenticationExternalAuthType>(static_cast<int32_t>(externalAuthType)),
      externalAuthToken,
      [settle](discordpp::ClientResult result, std::string accessToken, std::string refreshToken,
               discordpp::AuthorizationTokenType tokenType, int32_t expiresIn, std::string scopes) {
        settle(ToResult(result), ToTokenExchange(std::move(accessToken), std::move(refreshToken), tokenType, expiresIn,
                                                 std::move(scopes)));
      });
}

void VendorClient::UpdateProvisionalAccountDisplayName(std::string name, ResultCallback done) {
  auto settle = Pending<>(std::move(done));
  client_->UpdateProvisionalAccountDisplayName(name, [settle](discordpp::ClientResult result) { settle(ToResult(result)); });
}

void VendorClient::GetTokenFromProvisionalMerge(sdk::Snowflake applicationId, std::string code,
                                                std::string codeVerifier, std::string redirectUri,
                                                sdk::ExternalAuthType externalAuthType, std::string externalAuthToken,
                                                TokenExchangeCallback done) {
  auto settle = Pending<sdk::TokenExchange>(std::move(done));
  client_->GetTokenFromProvisionalMerge(
      applicationId, code, codeVerifier, redirectUri,
      static_cast<discordpp::AuthenticationExternalAuthType>(static_cast<int32_t>(externalAuthType)), externalAuthToken,
      [settle](discordpp::ClientResult result, std::string accessToken, std::string refreshToken,
               discordpp::AuthorizationTokenType tokenType, int32_t expiresIn, std::string scopes) {
        settle(ToResult(result), ToTokenExchange(std::move(accessToken), std::move(refreshToken), tokenType, expiresIn,
                                                 std::move(scopes)));
      });
}

void VendorClient::ProvisionalUserMergeCompleted(bool success) { client_->ProvisionalUserMergeCompleted(success); }

void VendorClient::UnmergeIntoProvisionalAccount(sdk::Snowflake applicationId, sdk::ExternalAuthType externalAuthType,
                                                 std::string externalAuthToken, ResultCallback done) {
  auto settle = Pending<>(std::move(done));
  client_->UnmergeIntoProvisionalAccount(
      applicationId, static_cast<discordpp::AuthenticationExternalAuthType>(static_cast<int32_t>(externalAuthType)),
      externalAuthToken, [settle](discordpp::ClientResult result) { settle(ToResult(result)); });
}

// No refresh token comes back: the port's TokenExchange carries an empty one.
void VendorClient::ExchangeChildToken(std::string parentApplicationToken, sdk::Snowflake childApplicationId,
                                      TokenExchangeCallback done) {
  auto settle = Pending<sdk::TokenExchange>(std::move(done));
  client_->ExchangeChildToken(parentApplicationToken, childApplicationId,
                              [settle](discordpp::ClientResult result, std::string accessToken,
                                       discordpp::AuthorizationTokenType tokenType, int32_t expiresIn, std::string scopes) {
                                settle(ToResult(result), ToTokenExchange(std::move(accessToken), std::string(), tokenType,
                                                                         expiresIn, std::move(scopes)));
                              });
}

void VendorClient::RegisterAuthorizeRequestCallback(AuthorizeRequestCallback cb) {
  client_->RegisterAuthorizeRequestCallback(WhileOpen([this, cb = std::move(cb)] {
    if (cb) Post(cb);
  }));
}

void VendorClient::RemoveAuthorizeRequestCallback() { client_->RemoveAuthorizeRequestCallback(); }

// Device sign-in (limited-input devices). DeviceAuthorizationArgs::ClientId defaults to the
// client's application id; TypeScript always gives one (the client's when the caller gives none).
namespace {
discordpp::DeviceAuthorizationArgs DeviceArgs(sdk::Snowflake clientId, std::string scopes) {
  discordpp::DeviceAuthorizationArgs args;
  if (clientId != 0) args.SetClientId(clientId);
  args.SetScopes(std::move(scopes));
  return args;
}
}  // namespace

void VendorClient::GetTokenFromDevice(sdk::Snowflake clientId, std::string scopes, TokenExchangeCallback done) {
  auto settle = Pending<sdk::TokenExchange>(std::move(done));
  client_->GetTokenFromDevice(DeviceArgs(clientId, std::move(scopes)),
                              [settle](discordpp::ClientResult result, std::string accessToken, std::string refreshToken,
                                       discordpp::AuthorizationTokenType tokenType, int32_t expiresIn, std::string scopes) {
                                settle(ToResult(result), ToTokenExchange(std::move(accessToken), std::move(refreshToken),
                                                                         tokenType, expiresIn, std::move(scopes)));
                              });
}

void VendorClient::GetTokenFromDeviceProvisionalMerge(sdk::Snowflake clientId, std::string scopes,
                                                      sdk::ExternalAuthType externalAuthType,
                                                      std::string externalAuthToken, TokenExchangeCallback done) {
  auto settle = Pending<sdk::TokenExchange>(std::move(done));
  client_->GetTokenFromDeviceProvisionalMerge(
      DeviceArgs(clientId, std::move(scopes)),
      static_cast<discordpp::AuthenticationExternalAuthType>(static_cast<int32_t>(externalAuthType)), externalAuthToken,
      [settle](discordpp::ClientResult result, std::string accessToken, std::string refreshToken,
               discordpp::AuthorizationTokenType tokenType, int32_t expiresIn, std::string scopes) {
        settle(ToResult(result), ToTokenExchange(std::move(accessToken), std::move(refreshToken), tokenType, expiresIn,
                                                 std::move(scopes)));
      });
}

void VendorClient::AbortGetTokenFromDevice() { client_->AbortGetTokenFromDevice(); }

void VendorClient::OpenAuthorizeDeviceScreen(sdk::Snowflake clientId, std::string userCode) {
  client_->OpenAuthorizeDeviceScreen(clientId, userCode);
}

void VendorClient::CloseAuthorizeDeviceScreen() { client_->CloseAuthorizeDeviceScreen(); }

void VendorClient::SetAuthorizeDeviceScreenClosedCallback(AuthorizeDeviceScreenClosedCallback cb) {
  client_->SetAuthorizeDeviceScreenClosedCallback(WhileOpen([this, cb = std::move(cb)] {
    if (cb) Post(cb);
  }));
}

}  // namespace vendor
