// The port's sign-in (discordpp CreateAuthorizationCodeVerifier; Authorize, GetToken, RefreshToken,
// RevokeToken and the token expiration callback follow).
#pragma once

#include <functional>
#include <string>

#include "generated/port_methods.h"
#include "sdk/callbacks.h"

// CreateAuthorizationCodeVerifier: a fresh PKCE pair (RFC 7636): a random verifier of 43
// base64url characters and its S256 challenge, base64url(SHA-256(verifier)) without padding.
// Local: it needs no connection and never fails.
// Authorize: asks the user, through the local chat client, to let the application sign them in
// with `scopes`; `codeChallenge` is the S256 challenge of the verifier getToken will send, and
// `state`/`nonce` ("" for none) go with the request. Needs no token. Answers the authorization
// code and the redirect URI it is bound to once the user approves; AuthorizationFailed when they
// deny; RPCError when no chat client is running; Aborted after AbortAuthorize. One at a time: a
// second Authorize while one is pending fails with ValidationError.
// AbortAuthorize: ends the pending Authorize (if any) with Aborted; the prompt goes away.
// GetToken, RefreshToken (POST /oauth2/token): need no token or connection. A code that is
// unknown, used, expired, of another application, or whose challenge or redirect URI does not
// match, and a refresh token that was rotated, revoked or deleted (the user removed the app, or
// was banned), fail with HTTPError 400 whose message starts with "invalid_grant". A refresh
// rotates the refresh token: the old one is spent.
// SetTokenExpirationCallback: called once per access token, before it expires (the simulator:
// when 5 minutes of it are left on its clock, or at once when less is left at connect), while the
// client is connected with it. A token that expires while connected ends the session as the
// service does (gateway close 4004).
// RevokeToken (POST /oauth2/token/revoke): revokes every access and refresh token of the
// authorization the token belongs to (connected sessions using them end); an unknown token is
// not an error (RFC 7009).
// IsAuthenticated: true once the client holds a token (UpdateToken was given one); its validity
// is not checked. Local.
// FetchCurrentUser (GET /users/@me with `token`): the id and name of the token's user. Needs no
// connection and uses no token the client holds. An unknown, revoked or expired token fails with
// HTTPError 401; a token type other than Bearer with ValidationError.
// GetProvisionalToken (POST /partner-sdk/token): exchanges a token of the application's external
// identity provider (`externalAuthType`) for an access token of the provisional account bound to
// that identity, created on first use. The token lasts one hour and comes without a refresh
// token: get a fresh provider token and call it again. A provider token that is unknown, of
// another application or type, or expired fails with HTTPError 403 (code 50025); an identity
// merged into a full account fails with HTTPError 400 (code 530010: sign in with OAuth2). An OIDC
// token needs the application's OIDC issuer configuration: HTTPError 400 with 530008 when there is
// none, 530002 when the token names another issuer, 530004 when it was issued over a week ago.
// UpdateProvisionalAccountDisplayName: the signed-in provisional account's display name (its
// global name; 1-32 characters); the users who see it are told. ClientNotReady when not signed
// in; HTTPError 400 when the account is not provisional.
// GetTokenFromProvisionalMerge: GetToken's exchange that also merges the provisional account of
// the external identity into the full account that approved the code: the identity now signs in
// to the full account. HTTPError 403 (50025) for a bad provider token; 400 530017 while the
// identity's account is the restricted one a ban of its linked account left (until the unban);
// 400 530014 when the identity's account is not provisional; invalid_grant as GetToken.
// ProvisionalUserMergeCompleted: the game tells the SDK its merge flow ended (`success`). Local.
// UnmergeIntoProvisionalAccount (POST /partner-sdk/provisional-accounts/unmerge): the external
// identity leaves the full account it was merged into for a new provisional account; every token
// of the full account for the application ends (its sessions too). HTTPError 403 (50025) for a
// bad provider token, 404 when the identity has no account, 400 50229 when it is provisional.
// ExchangeChildToken (POST /partner-sdk/child-token): publisher-level linking. An access token
// of a publisher's application (the parent, approved for it) is exchanged for an access token of
// one of its games (a child application) for the same user, which the game then signs in with.
// No refresh token: it lasts as long as the parent token has left (exchange again to renew), and
// ends when the parent token is revoked. HTTPError 401 for an unknown, revoked or expired parent
// token; 404 (10002) for an unknown child; 403 (50001) when the parent is not approved; 400
// (50035) when the application is not the parent's child. A child application's id is refused
// by Authorize and GetProvisionalToken (400 50035): its users sign in through the publisher.
// RegisterAuthorizeRequestCallback: the chat client offers the user to link their account with
// the game, and calls `cb` when they ask to (the game then starts its Authorize flow). The
// subscription lasts until RemoveAuthorizeRequestCallback (or the client closes), across the
// chat client stopping or losing its RPC connection and coming back (the SDK subscribes again).
// Device sign-in (limited-input devices: consoles, TVs), discordpp.h 1.9.16441 and
// discord-api-docs' account-linking-on-consoles guide:
// GetTokenFromDevice (`clientId`: the application, never 0; `scopes`): POST
// /oauth2/device/authorize, then shows the device authorization screen with the user code and
// polls POST /oauth2/token (device_code grant) every `interval` until the user answers at the
// verification page. Needs no token or connection. Answers the token set once the user approves
// (and closes the screen); HTTPError 400 whose message starts with "access_denied" when they deny,
// "expired_token" when the code expires first (300 seconds on the simulator); Aborted after
// AbortGetTokenFromDevice. One at a time: a second flow while one is pending fails with
// ValidationError (our choice, as Authorize). The error codes are RFC 8628 §3.5's (the docs name
// none).
// GetTokenFromDeviceProvisionalMerge: the same flow, whose token exchange also merges the
// provisional account of the external identity into the full account that approved
// (GetTokenFromProvisionalMerge's merge and refusals).
// AbortGetTokenFromDevice: ends the pending flow (if any) with Aborted, and closes its screen.
// OpenAuthorizeDeviceScreen / CloseAuthorizeDeviceScreen: show the screen with a user code the
// game's backend got (its own device authorization request), and hide it. Local.
// SetAuthorizeDeviceScreenClosedCallback: called whenever the screen closes: the player
// dismissed it, CloseAuthorizeDeviceScreen, or the end of a GetTokenFromDevice flow (our choice:
// the header says only "when the device authorization screen is closed").
#define SDK_AUTH_API_METHODS(X) \
  SDK_AUTH_SEAM_METHODS(X) \
  SDK_DEVICE_SIGN_IN_SEAM_METHODS(X) \
  X(void, SetTokenExpirationCallback, (TokenExpirationCallback cb), ) \
  X(void, RegisterAuthorizeRequestCallback, (AuthorizeRequestCallback cb), ) \
  X(void, SetAuthorizeDeviceScreenClosedCallback, (AuthorizeDeviceScreenClosedCallback cb), )

namespace sdk {

// discordpp::AuthorizationCodeVerifier; its challenge's method is always S256 (the only value of
// AuthenticationCodeChallengeMethod). Both strings are secrets: never logged.
struct AuthorizationCodeVerifier {
  std::string verifier;
  std::string challenge;
};

// What Authorize answers: a single-use authorization code and the redirect URI it is bound to.
// The code is a secret.
struct Authorization {
  std::string code;
  std::string redirectUri;
};

// What a token exchange answers (discordpp TokenExchangeCallback). Tokens are secrets.
struct TokenExchange {
  std::string accessToken;
  std::string refreshToken;
  TokenType tokenType = TokenType::Bearer;
  int32_t expiresIn = 0;  // seconds
  std::string scopes;
};

// What FetchCurrentUser answers (discordpp FetchCurrentUserCallback).
struct CurrentUser {
  Snowflake id = 0;
  std::string name;
};

class AuthApi : public CallbackTypes {
 public:
  using AuthorizationCallback = std::function<void(const Result&, Authorization)>;
  using TokenExchangeCallback = std::function<void(const Result&, TokenExchange)>;
  using TokenExpirationCallback = std::function<void()>;
  using CurrentUserCallback = std::function<void(const Result&, CurrentUser)>;
  using AuthorizeRequestCallback = std::function<void()>;
  using AuthorizeDeviceScreenClosedCallback = std::function<void()>;

  SDK_AUTH_API_METHODS(SDK_PURE_VIRTUAL)

 protected:
  ~AuthApi() = default;
};

}  // namespace sdk
