// The simulated client's sign-in calls. The PKCE pair is made locally, as the SDK makes it;
// Authorize asks the local chat client (an RPC round trip), or with none running opens the
// service's authorize page in the browser and waits for its redirect, then for the user's answer.
#ifdef _WIN32
#include <process.h>
#else
#include <unistd.h>
#endif

#include "sim/client/sim_client.h"
#include "sim/service/http_failure.h"
#include "sim/service/pkce.h"

namespace sim {

sdk::AuthorizationCodeVerifier SimClient::CreateAuthorizationCodeVerifier() {
  sdk::AuthorizationCodeVerifier pair;
  pair.verifier = NewCodeVerifier();
  pair.challenge = S256Challenge(pair.verifier);
  return pair;
}

void SimClient::Authorize(std::string scopes, std::string codeChallenge, std::string state, std::string nonce,
                          int32_t integrationType, std::string customSchemeParam, AuthorizationCallback done) {
  (void)nonce;  // goes into the ID token, which the simulator does not issue
  // discordpp.h AuthorizationArgs::State: "We recommend leaving this unset, and the SDK will
  // automatically generate a secure random value for you." The browser fallback carries it.
  if (state.empty()) state = RandomBase64Url(24);
  const uint64_t op = BeginValueOperation(done);
  bool busy = false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    busy = authorizeOp_ != 0;
    if (!busy) authorizeOp_ = op;
  }
  if (busy) {
    return CompleteOperation(op, sdk::Result::Failure(sdk::ErrorType::ValidationError,
                                                      "an authorization is already in progress (abortAuthorize() ends it)"));
  }
  Log(sdk::LogSeverity::Verbose, "RPC AUTHORIZE (scopes: " + scopes + ")");
  world_->Schedule(this, CallKind::Authorize, 0,
                   [this, op, scopes = std::move(scopes), codeChallenge = std::move(codeChallenge),
                    state = std::move(state), integrationType, customSchemeParam = std::move(customSchemeParam),
                    done](std::optional<sdk::Result> fault) {
                     auto finish = [this, op](const sdk::Result& failure) {
                       {
                         std::lock_guard<std::mutex> lock(mutex_);
                         if (authorizeOp_ == op) authorizeOp_ = authorizePrompt_ = 0;
                       }
                       CompleteOperation(op, failure);
                     };
                     if (fault) return finish(*fault);
                     {
                       std::lock_guard<std::mutex> lock(mutex_);
                       if (authorizeOp_ != op) return;  // aborted while on its way
                     }
                     World::AuthorizeRequest request{options_.applicationId, scopes, codeChallenge, state,
                                                     integrationType, customSchemeParam, gameWindowPid_.load()};
                     sdk::Result failure;
                     auto answer = [this, op, done](const sdk::Result& result, sdk::Authorization authorization) {
                       {
                         std::lock_guard<std::mutex> lock(mutex_);
                         if (authorizeOp_ != op) return;  // aborted: already settled
                         authorizeOp_ = authorizePrompt_ = 0;
                       }
                       if (!result.ok()) return CompleteOperation(op, result);
                       FinishOperation(op, [done, authorization = std::move(authorization)] {
                         done(sdk::Result::Success(), authorization);
                       });
                     };
                     const uint64_t prompt = world_->RequestAuthorization(this, request, std::move(answer), &failure);
                     if (prompt == 0) return finish(failure);
                     bool aborted = false;
                     {
                       std::lock_guard<std::mutex> lock(mutex_);
                       if (authorizeOp_ == op) authorizePrompt_ = prompt;
                       else aborted = true;
                     }
                     if (aborted) world_->CancelAuthorization(prompt);
                   });
}

void SimClient::SetGameWindowPid(uint32_t pid) { gameWindowPid_.store(pid); }

uint32_t SimClient::CurrentProcessId() {
#ifdef _WIN32
  return static_cast<uint32_t>(_getpid());
#else
  return static_cast<uint32_t>(getpid());
#endif
}

void SimClient::AbortAuthorize() {
  uint64_t op = 0, prompt = 0;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    op = authorizeOp_;
    prompt = authorizePrompt_;
    authorizeOp_ = authorizePrompt_ = 0;
  }
  if (op == 0) return;
  if (prompt != 0) world_->CancelAuthorization(prompt);
  // Settled from the service thread (the JS thread never waits for the pump's queue); when the
  // client is closing, Close() settles it instead.
  Post([this, op] {
    Log(sdk::LogSeverity::Info, "Authorize aborted");
    CompleteOperation(op, sdk::Result::Failure(sdk::ErrorType::Aborted, "the authorization was aborted"));
  });
}

// The token endpoints are HTTP round trips that need no signed-in client: each takes the world's
// latency and may be failed, then the world answers. No line carries a code, verifier or token.
void SimClient::GetToken(sdk::Snowflake applicationId, std::string code, std::string codeVerifier,
                         std::string redirectUri, TokenExchangeCallback done) {
  const uint64_t op = BeginValueOperation(done);
  Log(sdk::LogSeverity::Verbose, "HTTP POST /oauth2/token (grant_type=authorization_code)");
  world_->Schedule(this, CallKind::GetToken, 0,
                   [this, op, applicationId, code = std::move(code), codeVerifier = std::move(codeVerifier),
                    redirectUri = std::move(redirectUri), done](std::optional<sdk::Result> fault) {
                     if (fault) return CompleteOperation(op, std::move(*fault));
                     sdk::TokenExchange tokens;
                     sdk::Result result = world_->ExchangeCode(applicationId, code, codeVerifier, redirectUri, &tokens);
                     if (!result.ok()) return CompleteOperation(op, std::move(result));
                     FinishOperation(op, [done, tokens = std::move(tokens)] { done(sdk::Result::Success(), tokens); });
                   });
}

void SimClient::RefreshToken(sdk::Snowflake applicationId, std::string refreshToken, TokenExchangeCallback done) {
  const uint64_t op = BeginValueOperation(done);
  Log(sdk::LogSeverity::Verbose, "HTTP POST /oauth2/token (grant_type=refresh_token)");
  world_->Schedule(this, CallKind::RefreshToken, 0,
                   [this, op, applicationId, refreshToken = std::move(refreshToken),
                    done](std::optional<sdk::Result> fault) {
                     if (fault) return CompleteOperation(op, std::move(*fault));
                     sdk::TokenExchange tokens;
                     sdk::Result result = world_->RefreshGrant(applicationId, refreshToken, &tokens);
                     if (!result.ok()) return CompleteOperation(op, std::move(result));
                     FinishOperation(op, [done, tokens = std::move(tokens)] { done(sdk::Result::Success(), tokens); });
                   });
}

void SimClient::GetProvisionalToken(sdk::Snowflake applicationId, sdk::ExternalAuthType externalAuthType,
                                    std::string externalAuthToken, TokenExchangeCallback done) {
  const uint64_t op = BeginValueOperation(done);
  secrets_.Add(externalAuthToken);
  Log(sdk::LogSeverity::Verbose, "HTTP POST /partner-sdk/token");
  world_->Schedule(this, CallKind::GetProvisionalToken, 0,
                   [this, op, applicationId, externalAuthType, externalAuthToken = std::move(externalAuthToken),
                    done](std::optional<sdk::Result> fault) {
                     if (fault) return CompleteOperation(op, std::move(*fault));
                     sdk::TokenExchange tokens;
                     sdk::Result result =
                         world_->GetProvisionalToken(applicationId, externalAuthType, externalAuthToken, &tokens);
                     if (!result.ok()) return CompleteOperation(op, std::move(result));
                     FinishOperation(op, [done, tokens = std::move(tokens)] { done(sdk::Result::Success(), tokens); });
                   });
}

void SimClient::UpdateProvisionalAccountDisplayName(std::string name, ResultCallback done) {
  const uint64_t op = BeginOperation(std::move(done));
  Call(CallKind::UpdateProvisionalAccountDisplayName, op, [this, op, name = std::move(name)](sdk::Snowflake, sdk::Snowflake user) {
    CompleteOperation(op, world_->SetProvisionalDisplayName(user, name));
  });
}

void SimClient::GetTokenFromProvisionalMerge(sdk::Snowflake applicationId, std::string code, std::string codeVerifier,
                                             std::string redirectUri, sdk::ExternalAuthType externalAuthType,
                                             std::string externalAuthToken, TokenExchangeCallback done) {
  const uint64_t op = BeginValueOperation(done);
  secrets_.Add(externalAuthToken);
  Log(sdk::LogSeverity::Verbose, "HTTP POST /oauth2/token (grant_type=authorization_code, external_auth_type)");
  world_->Schedule(this, CallKind::GetTokenFromProvisionalMerge, 0,
                   [this, op, applicationId, code = std::move(code), codeVerifier = std::move(codeVerifier),
                    redirectUri = std::move(redirectUri), externalAuthType,
                    externalAuthToken = std::move(externalAuthToken), done](std::optional<sdk::Result> fault) {
                     if (fault) return CompleteOperation(op, std::move(*fault));
                     sdk::TokenExchange tokens;
                     sdk::Result result = world_->MergeProvisional(applicationId, code, codeVerifier, redirectUri,
                                                                   externalAuthType, externalAuthToken, &tokens);
                     if (!result.ok()) return CompleteOperation(op, std::move(result));
                     FinishOperation(op, [done, tokens = std::move(tokens)] { done(sdk::Result::Success(), tokens); });
                   });
}

void SimClient::ProvisionalUserMergeCompleted(bool success) {
  Log(sdk::LogSeverity::Info, success ? "Provisional account merge completed" : "Provisional account merge failed");
}

void SimClient::UnmergeIntoProvisionalAccount(sdk::Snowflake applicationId, sdk::ExternalAuthType externalAuthType,
                                              std::string externalAuthToken, ResultCallback done) {
  const uint64_t op = BeginOperation(std::move(done));
  secrets_.Add(externalAuthToken);
  Log(sdk::LogSeverity::Verbose, "HTTP POST /partner-sdk/provisional-accounts/unmerge");
  world_->Schedule(this, CallKind::UnmergeIntoProvisionalAccount, 0,
                   [this, op, applicationId, externalAuthType,
                    externalAuthToken = std::move(externalAuthToken)](std::optional<sdk::Result> fault) {
                     if (fault) return CompleteOperation(op, std::move(*fault));
                     CompleteOperation(op, world_->UnmergeProvisional(applicationId, externalAuthType, externalAuthToken));
                   });
}

void SimClient::ExchangeChildToken(std::string parentApplicationToken, sdk::Snowflake childApplicationId,
                                   TokenExchangeCallback done) {
  const uint64_t op = BeginValueOperation(done);
  secrets_.Add(parentApplicationToken);
  Log(sdk::LogSeverity::Verbose, "HTTP POST /partner-sdk/child-token");
  world_->Schedule(this, CallKind::ExchangeChildToken, 0,
                   [this, op, childApplicationId, parentToken = std::move(parentApplicationToken),
                    done](std::optional<sdk::Result> fault) {
                     if (fault) return CompleteOperation(op, std::move(*fault));
                     sdk::TokenExchange tokens;
                     sdk::Result result = world_->ExchangeChildToken(parentToken, childApplicationId, &tokens);
                     if (!result.ok()) return CompleteOperation(op, std::move(result));
                     FinishOperation(op, [done, tokens = std::move(tokens)] { done(sdk::Result::Success(), tokens); });
                   });
}

void SimClient::RevokeToken(sdk::Snowflake applicationId, std::string token, ResultCallback done) {
  const uint64_t op = BeginOperation(std::move(done));
  Log(sdk::LogSeverity::Verbose, "HTTP POST /oauth2/token/revoke");
  world_->Schedule(this, CallKind::RevokeToken, 0,
                   [this, op, applicationId, token = std::move(token)](std::optional<sdk::Result> fault) {
                     if (fault) return CompleteOperation(op, std::move(*fault));
                     CompleteOperation(op, world_->RevokeGrant(applicationId, token));
                   });
}

bool SimClient::IsAuthenticated() {
  std::lock_guard<std::mutex> lock(mutex_);
  return !token_.empty();
}

// GET /users/@me with the given token: the service checks it as the gateway does (any
// application's token), and answers the user's id and username. No line carries the token.
void SimClient::FetchCurrentUser(sdk::TokenType tokenType, std::string token, CurrentUserCallback done) {
  const uint64_t op = BeginValueOperation(done);
  secrets_.Add(token);
  Log(sdk::LogSeverity::Verbose, "HTTP GET /users/@me");
  if (tokenType != sdk::TokenType::Bearer) {
    return CompleteOperation(op, sdk::Result::Failure(sdk::ErrorType::ValidationError, "only Bearer tokens are accepted"));
  }
  world_->Schedule(this, CallKind::FetchCurrentUser, 0,
                   [this, op, token = std::move(token), done](std::optional<sdk::Result> fault) {
                     if (fault) return CompleteOperation(op, std::move(*fault));
                     sdk::User user;
                     sdk::Snowflake app = 0;
                     const AuthFailure refused = world_->Authenticate(token, 0, &user, &app);
                     if (refused != AuthFailure::None) {
                       return CompleteOperation(op, HttpFailure(401, 0, std::string("401: Unauthorized (") +
                                                                            AuthFailureText(refused) + ")"));
                     }
                     sdk::CurrentUser current{user.id, user.username};
                     FinishOperation(op, [done, current = std::move(current)] { done(sdk::Result::Success(), current); });
                   });
}

// The subscription lives in the world's model of the chat client; the SDK side keeps the callback.
// While the chat client is stopped or its RPC connection is down no request can be made, and the
// subscription is there again when it is back (the SDK subscribes again on reconnecting).
void SimClient::RegisterAuthorizeRequestCallback(AuthorizeRequestCallback cb) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_) return;
    callbacks_.Set(&ClientCallbacks::authorizeRequest, std::move(cb));
  }
  world_->SubscribeAuthorizeRequests(this, options_.applicationId, [this] { AuthorizeRequested(); });
}

void SimClient::RemoveAuthorizeRequestCallback() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    callbacks_.Set(&ClientCallbacks::authorizeRequest, nullptr);
  }
  world_->UnsubscribeAuthorizeRequests(this);
}

void SimClient::AuthorizeRequested() {
  std::shared_ptr<const AuthorizeRequestCallback> cb;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    cb = callbacks_.Get(&ClientCallbacks::authorizeRequest);
  }
  Log(sdk::LogSeverity::Info, "The chat client asks to link the account");
  if (cb) Deliver([cb] { (*cb)(); });
}

void SimClient::SetTokenExpirationCallback(TokenExpirationCallback cb) {
  std::lock_guard<std::mutex> lock(mutex_);
  callbacks_.Set(&ClientCallbacks::tokenExpiration, std::move(cb));
}

void SimClient::WatchTokenExpiry(uint64_t attempt, const std::string& token) {
  const uint64_t expiresAt = world_->TokenExpiresAt(token);
  if (expiresAt == 0) return;
  const uint64_t noticeAt = expiresAt > kTokenExpiringNoticeMs ? expiresAt - kTokenExpiringNoticeMs : 0;
  // One timer at a time: the expiry's is set when the notice's is due (each waiting timer is a
  // world entry, a closure and a copy of the token: about 240 bytes per connected client).
  world_->ScheduleAt(this, noticeAt, [this, attempt, expiresAt, token] {
    TokenExpiring(attempt, token);
    // A newer attempt has its own timers; this one's expiry would change nothing.
    if (attempt != connectAttempt_) return;
    world_->ScheduleAt(this, expiresAt, [this, attempt, token] { TokenExpired(attempt, token); });
  });
}

void SimClient::TokenExpiring(uint64_t attempt, const std::string& token) {
  if (attempt != connectAttempt_ || status_.load() != sdk::Status::Ready) return;
  std::shared_ptr<const TokenExpirationCallback> cb;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (connectedToken_ != token) return;
    cb = callbacks_.Get(&ClientCallbacks::tokenExpiration);
  }
  if (!expiringAnnounced_.Ensure().insert(token).second) return;  // once per token
  Log(sdk::LogSeverity::Info, "The access token expires soon");
  if (cb) Deliver([cb] { (*cb)(); });
}

// UpdateToken while connected (the refresh before expiry): the session carries on with the new
// token, so the old token's expiry no longer ends it and the new one is watched. A token the
// gateway would refuse, or one of another user or application, leaves the session as it is; the
// next Connect signs in with it.
void SimClient::ContinueSessionWith(const std::string& token) {
  if (status_.load() != sdk::Status::Ready) return;
  sdk::User user;
  sdk::Snowflake app = 0;
  if (world_->Authenticate(token, options_.applicationId, &user, &app) != AuthFailure::None) return;
  if (user.id != sessionUserId_.load() || app != sessionApplicationId_.load()) return;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (connectedToken_ == token) return;
    connectedToken_ = token;
  }
  tokenReplaced_.store(false, std::memory_order_relaxed);
  Log(sdk::LogSeverity::Verbose, "Gateway: the session continues with the new access token");
  WatchTokenExpiry(connectAttempt_, token);
}

// A refresh invalidated the session's token (World::InvalidateReplacedTokenLocked): the
// connection stays, the calls made with the token are refused until UpdateToken.
void SimClient::OnTokenReplaced(const std::string& token) {
  Post([this, token] {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (connectedToken_ != token) return;
    }
    tokenReplaced_.store(true, std::memory_order_relaxed);
    Log(sdk::LogSeverity::Warning, "The access token was replaced by a refresh: give the new one to UpdateToken");
  });
}

sdk::Result SimClient::ReplacedTokenFailure() {
  return HttpFailure(401, 0, "401: Unauthorized (the access token was invalidated by a refresh: pass the new one to UpdateToken)");
}

void SimClient::TokenExpired(uint64_t attempt, const std::string& token) {
  if (attempt != connectAttempt_) return;
  const sdk::Status status = status_.load();
  if (status != sdk::Status::Ready && status != sdk::Status::Connected) return;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (connectedToken_ != token) return;
  }
  Log(sdk::LogSeverity::Warning, "Gateway closed the connection: the access token expired");
  FinishDisconnect(sdk::ConnectionError::UnexpectedClose, kAuthenticationFailedClose);
}

}  // namespace sim
