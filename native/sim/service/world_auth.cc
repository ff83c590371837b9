// The world's sign-in: consent prompts in the local chat clients (ChatClients), the web browser's
// authorize pages (Browser) and the OAuth2 model's codes (OAuth2).
#include <set>
#include <stdexcept>
#include <string>
#include <utility>

#include "sim/service/world.h"

namespace sim {

uint64_t World::RequestAuthorization(Session* session, AuthorizeRequest request,
                                     std::function<void(const sdk::Result&, sdk::Authorization)> answer,
                                     sdk::Result* failure) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!IsAttachedLocked(session)) {
    *failure = sdk::Result::Failure(sdk::ErrorType::ClientDestroyed, "the client is closed");
    return 0;
  }
  if (applications_.count(request.applicationId) == 0) {
    *failure = sdk::Result::Failure(sdk::ErrorType::ValidationError,
                                    "unknown application " + std::to_string(request.applicationId));
    return 0;
  }
  if (sdk::Result refused = RefuseChildApplicationLocked(request.applicationId); !refused.ok()) {
    *failure = std::move(refused);
    return 0;
  }
  // People's chat clients: an application's bot user has none.
  std::set<sdk::Snowflake> bots;
  for (const auto& entry : applications_) bots.insert(entry.second.botUserId);
  std::vector<sdk::Snowflake> users;
  users.reserve(users_.size());
  for (const auto& entry : users_) {
    if (bots.count(entry.first) == 0) users.push_back(entry.first);
  }
  // No chat client to ask: the browser. discordpp.h 1.9.16441, Client::Authorize, "Overlay": "the
  // SDK will fall back to using a browser window"; the docs' order is "Overlay > Discord Client >
  // Browser fallback" (discord-api-docs, discord-social-sdk/core-concepts/communication-features.mdx).
  // "Redirects": for desktop `http://127.0.0.1/callback`, and "The SDK will then spin up a local
  // webserver to handle the OAuth2 redirects": the page's redirect comes back to the session.
  if (!chatClients_.AnyReachable(users)) {
    AuthorizePage page;
    page.applicationId = request.applicationId;
    page.scopes = request.scopes;
    page.state = request.state;
    page.codeChallenge = request.codeChallenge;
    page.integrationType = request.integrationType;
    page.redirectUri = OAuth2::kDesktopRedirectUri;
    page.owner = session;
    // Runs under mutex_ (AnswerAuthorizePage): the session is attached, since Detach forgets it.
    page.loopback = [session, answer](const AuthorizeRedirect& redirect) {
      session->Enqueue([answer, redirect] {
        if (!redirect.error.empty()) {
          return answer(sdk::Result::Failure(sdk::ErrorType::AuthorizationFailed,
                                             "the user denied the authorization request (" + redirect.error + ")"),
                        {});
        }
        answer(sdk::Result::Success(), sdk::Authorization{redirect.code, redirect.redirectUri});
      });
    };
    return browser_.Open(0, "", std::move(page));
  }
  ConsentPrompt prompt;
  prompt.owner = session;
  prompt.applicationId = request.applicationId;
  prompt.scopes = request.scopes;
  prompt.codeChallenge = request.codeChallenge;
  prompt.windowPid = request.windowPid;
  prompt.integrationType = request.integrationType;
  prompt.customSchemeParam = request.customSchemeParam;
  // Runs under mutex_ (AnswerConsent): the session is attached, since Detach forgets its prompts.
  prompt.answer = [this, session, request, answer = std::move(answer)](sdk::Snowflake approvedBy) {
    if (approvedBy == 0) {
      session->Enqueue([answer] {
        answer(sdk::Result::Failure(sdk::ErrorType::AuthorizationFailed, "the user denied the authorization request"), {});
      });
      return;
    }
    OAuth2::Code grant;
    grant.applicationId = request.applicationId;
    grant.userId = approvedBy;
    grant.scopes = request.scopes;
    grant.codeChallenge = request.codeChallenge;
    grant.redirectUri = OAuth2::kDesktopRedirectUri;
    sdk::Authorization authorization{oauth2_.IssueCode(std::move(grant), nowMs_), OAuth2::kDesktopRedirectUri};
    session->Enqueue([answer, authorization = std::move(authorization)] { answer(sdk::Result::Success(), authorization); });
  };
  return chatClients_.AddPrompt(std::move(prompt));
}

void World::CancelAuthorization(uint64_t promptId) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!chatClients_.RemovePrompt(promptId)) browser_.StopWaiting(promptId);
}

std::deque<BrowserPage> World::BrowserPagesOf(sdk::Snowflake user) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return browser_.PagesOf(user);
}

void World::OpenBrowserPage(sdk::Snowflake user, std::string url) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (users_.count(user) == 0) throw std::invalid_argument("unknown user " + std::to_string(user));
  browser_.Open(user, std::move(url), std::nullopt);
}

void World::OpenAuthorizePage(sdk::Snowflake user, AuthorizePage page) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (users_.count(user) == 0) throw std::invalid_argument("unknown user " + std::to_string(user));
  if (applications_.count(page.applicationId) == 0) {
    throw std::invalid_argument("client_id: unknown application " + std::to_string(page.applicationId));
  }
  if (sdk::Result refused = RefuseChildApplicationLocked(page.applicationId); !refused.ok()) {
    throw std::invalid_argument(refused.message);
  }
  page.owner = nullptr;
  page.loopback = nullptr;
  browser_.Open(user, "", std::move(page));
}

AuthorizeRedirect World::AnswerAuthorizePage(sdk::Snowflake user, bool approve) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (users_.count(user) == 0) throw std::invalid_argument("unknown user " + std::to_string(user));
  std::optional<AuthorizePage> page = browser_.TakeOldestAuthorizePage(user);
  if (!page) throw std::invalid_argument("the browser of user " + std::to_string(user) + " shows no authorization page");
  AuthorizeRedirect redirect{page->redirectUri, "", page->state, ""};
  if (approve) {
    OAuth2::Code grant;
    grant.applicationId = page->applicationId;
    grant.userId = user;
    grant.scopes = page->scopes;
    grant.codeChallenge = page->codeChallenge;
    grant.redirectUri = page->redirectUri;
    redirect.code = oauth2_.IssueCode(std::move(grant), nowMs_);
  } else {
    redirect.error = "access_denied";  // RFC 6749 §4.1.2.1
  }
  if (page->loopback) page->loopback(redirect);
  return redirect;
}

void World::SetConnectionEntrypointUrl(sdk::Snowflake app, std::string url) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = applications_.find(app);
  if (it == applications_.end()) throw std::invalid_argument("unknown application " + std::to_string(app));
  it->second.connectionEntrypointUrl = std::move(url);
}

std::vector<ConsentPrompt> World::ConsentPromptsOf(sdk::Snowflake user) const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<ConsentPrompt> out;
  if (users_.count(user) == 0 || !chatClients_.Of(user).reachable()) return out;
  for (const ConsentPrompt& prompt : chatClients_.Prompts()) {
    ConsentPrompt shown = prompt;
    shown.answer = nullptr;
    shown.owner = nullptr;
    out.push_back(std::move(shown));
  }
  return out;
}

void World::AnswerConsent(sdk::Snowflake user, bool approve) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (users_.count(user) == 0) throw std::invalid_argument("unknown user " + std::to_string(user));
  if (!chatClients_.Of(user).reachable()) {
    throw std::invalid_argument("the chat client of user " + std::to_string(user) + " is not running");
  }
  std::optional<ConsentPrompt> prompt = chatClients_.TakeOldestPrompt();
  if (!prompt) throw std::invalid_argument("the chat client of user " + std::to_string(user) + " shows no consent prompt");
  prompt->answer(approve ? user : 0);
}

void World::SubscribeAuthorizeRequests(Session* session, sdk::Snowflake applicationId, std::function<void()> notify) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!IsAttachedLocked(session)) return;
  // Runs under mutex_ (RequestAccountLink): the session is attached, since Detach forgets it.
  chatClients_.Subscribe(session, {applicationId, [session, notify = std::move(notify)] { session->Enqueue(notify); }});
}

void World::UnsubscribeAuthorizeRequests(Session* session) {
  std::lock_guard<std::mutex> lock(mutex_);
  chatClients_.Unsubscribe(session);
}

size_t World::RequestAccountLink(sdk::Snowflake user, sdk::Snowflake applicationId) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (users_.count(user) == 0) throw std::invalid_argument("unknown user " + std::to_string(user));
  if (applications_.count(applicationId) == 0) {
    throw std::invalid_argument("unknown application " + std::to_string(applicationId));
  }
  if (!chatClients_.Of(user).reachable()) {
    throw std::invalid_argument("the chat client of user " + std::to_string(user) + " is not running");
  }
  // discord-api-docs, discord-social-sdk/development-guides/account-linking-from-discord.mdx,
  // "Account Linking Flows": "flows are chosen in the following priority order: Connected game
  // flow, Web flow". The web flow opens the Connection Entrypoint URL as set (the docs name no
  // parameters the chat client adds: our choice is none).
  const size_t notified = chatClients_.RequestAccountLink(applicationId);
  const std::string& entrypoint = applications_.at(applicationId).connectionEntrypointUrl;
  if (notified == 0 && !entrypoint.empty()) browser_.Open(user, entrypoint, std::nullopt);
  return notified;
}

namespace {
sdk::Result InvalidGrant(std::string description) {
  sdk::Result result = sdk::Result::Failure(sdk::ErrorType::HTTPError, std::move(description));
  result.status = 400;
  return result;
}
}  // namespace

sdk::TokenExchange World::IssueTokenSetLocked(sdk::Snowflake app, sdk::Snowflake user, const std::string& scopes) {
  TokenRecord record;
  record.grant.accessToken = NewTokenValue();
  record.grant.userId = user;
  record.grant.applicationId = app;
  record.grant.expiresAtMs = nowMs_ + kAccessTokenTtlMs;
  record.scopes = scopes;
  tokens_.emplace(record.grant.accessToken, record);
  sdk::TokenExchange out;
  out.accessToken = record.grant.accessToken;
  out.refreshToken = oauth2_.IssueRefresh(OAuth2::Refresh{app, user, scopes, record.grant.accessToken});
  out.tokenType = sdk::TokenType::Bearer;
  out.expiresIn = static_cast<int32_t>(kAccessTokenTtlMs / 1000);
  out.scopes = scopes;
  return out;
}

size_t World::RevokeAuthorizationLocked(sdk::Snowflake app, sdk::Snowflake user) {
  size_t revoked = oauth2_.DeleteAuthorization(app, user);
  for (auto& entry : tokens_) {
    TokenRecord& record = entry.second;
    if (record.revoked || record.grant.applicationId != app || record.grant.userId != user) continue;
    record.revoked = true;
    ++revoked;
    for (Session* session : sessions_) session->OnTokenRevoked(entry.first);
  }
  RevokeOrphanedChildTokensLocked();
  if (revoked > 0) NoteAuthorizationLocked(false, app, user, "");
  return revoked;
}

sdk::Result World::ExchangeCode(sdk::Snowflake app, const std::string& code, const std::string& verifier,
                                const std::string& redirectUri, sdk::TokenExchange* out) {
  std::lock_guard<std::mutex> lock(mutex_);
  OAuth2::Code grant;
  std::string refusal = oauth2_.RedeemCode(code, app, verifier, redirectUri, nowMs_, &grant);
  if (!refusal.empty()) return InvalidGrant(std::move(refusal));
  if (users_.count(grant.userId) == 0) return InvalidGrant("invalid_grant: the user no longer exists");
  *out = IssueTokenSetLocked(app, grant.userId, grant.scopes);
  NoteAuthorizationLocked(true, app, grant.userId, grant.scopes);
  return sdk::Result::Success();
}

sdk::Result World::RefreshGrant(sdk::Snowflake app, const std::string& refreshToken, sdk::TokenExchange* out) {
  std::lock_guard<std::mutex> lock(mutex_);
  OAuth2::Refresh grant;
  if (!oauth2_.TakeRefresh(refreshToken, app, &grant)) {
    return InvalidGrant("invalid_grant: Invalid \"refresh_token\" in request");
  }
  InvalidateReplacedTokenLocked(grant.accessToken);
  *out = IssueTokenSetLocked(app, grant.userId, grant.scopes);
  return sdk::Result::Success();
}

// discordpp.h 1.9.16441, Client::RefreshToken: "Once this is called, the old access and refresh
// tokens are both invalidated and cannot be used again." Both the SDK's RefreshToken and the HTTP
// refresh grant come here. The header says nothing of a session signed in with the old token. Our
// choice: it keeps its connection (refresh, then UpdateToken, is the header's own way to renew a
// connected client: SetTokenExpirationCallback), but its calls are refused (the token "cannot be
// used again") until UpdateToken. A child token exchanged from it ends with it, as with a revoked
// parent (world_publisher.cc).
void World::InvalidateReplacedTokenLocked(const std::string& accessToken) {
  auto it = tokens_.find(accessToken);
  if (it == tokens_.end() || it->second.revoked) return;
  it->second.revoked = true;
  for (Session* session : sessions_) session->OnTokenReplaced(accessToken);
  RevokeOrphanedChildTokensLocked();
}

sdk::Result World::RevokeGrant(sdk::Snowflake app, const std::string& token) {
  std::lock_guard<std::mutex> lock(mutex_);
  sdk::Snowflake user = 0;
  if (const OAuth2::Refresh* refresh = oauth2_.FindRefresh(token)) {
    if (refresh->applicationId == app) user = refresh->userId;
  } else {
    auto it = tokens_.find(token);
    if (it != tokens_.end() && it->second.grant.applicationId == app) user = it->second.grant.userId;
  }
  if (user != 0) RevokeAuthorizationLocked(app, user);
  return sdk::Result::Success();
}

uint64_t World::TokenExpiresAt(const std::string& token) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = tokens_.find(token);
  return it == tokens_.end() ? 0 : it->second.grant.expiresAtMs;
}

void World::ScheduleAt(Session* session, uint64_t dueMs, std::function<void()> task) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!IsAttachedLocked(session)) return;
  if (dueMs <= nowMs_) {
    session->Enqueue(std::move(task));
  } else {
    interference_.Delay(dueMs, session, std::move(task));
  }
}

size_t World::RemoveAuthorization(sdk::Snowflake user, sdk::Snowflake app) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (users_.count(user) == 0) throw std::invalid_argument("no user with id " + std::to_string(user));
  if (applications_.count(app) == 0) throw std::invalid_argument("no application with id " + std::to_string(app));
  return RevokeAuthorizationLocked(app, user);
}

}  // namespace sim
