// The harness's side of sign-in: the consent prompts the local chat clients show; the web
// browser's pages (the SDK's sign-in fallback, account-linking web flows); and the token
// endpoints of the simulated HTTP service (a game server's confidential client), which reach the
// same World rules as the SDK clients' GetToken / RefreshToken / RevokeToken.
#include <deque>
#include <optional>
#include <string>

#include "napi/convert.h"
#include "napi/world_wrap.h"

namespace sim {

Napi::Value WorldWrap::GetConsentPrompts(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake user = SnowflakeFromJs(ArgOrUndefined(info, 0), "userId");
  return ConsentPromptsToJs(env, world().ConsentPromptsOf(user));
}

Napi::Value WorldWrap::AnswerConsent(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake user = SnowflakeFromJs(ArgOrUndefined(info, 0), "userId");
  const bool approve = BoolArg(info, 1, "approve");
  Guarded(env, [&] { world().AnswerConsent(user, approve); });
  return env.Undefined();
}

Napi::Value WorldWrap::RemoveAuthorization(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake user = SnowflakeFromJs(ArgOrUndefined(info, 0), "userId");
  const sdk::Snowflake app = SnowflakeFromJs(ArgOrUndefined(info, 1), "applicationId");
  size_t removed = 0;
  Guarded(env, [&] { removed = world().RemoveAuthorization(user, app); });
  return Napi::Number::New(env, static_cast<double>(removed));
}

void ThrowIfRefused(Napi::Env env, const sdk::Result& result) {
  if (result.ok()) return;
  throw ServiceFailureToJs(env, result.status != 0 ? result.status : 400, result.code, result.message);
}

Napi::Value WorldWrap::ExchangeCode(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake app = SnowflakeFromJs(ArgOrUndefined(info, 0), "applicationId");
  const std::string code = StringArg(info, 1, "code");
  const std::string verifier = StringArg(info, 2, "codeVerifier");
  const std::string redirectUri = StringArg(info, 3, "redirectUri");
  sdk::TokenExchange tokens;
  ThrowIfRefused(env, world().ExchangeCode(app, code, verifier, redirectUri, &tokens));
  return TokenExchangeToJs(env, tokens);
}

Napi::Value WorldWrap::RefreshGrant(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake app = SnowflakeFromJs(ArgOrUndefined(info, 0), "applicationId");
  const std::string refreshToken = StringArg(info, 1, "refreshToken");
  sdk::TokenExchange tokens;
  ThrowIfRefused(env, world().RefreshGrant(app, refreshToken, &tokens));
  return TokenExchangeToJs(env, tokens);
}

Napi::Value WorldWrap::RevokeGrant(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake app = SnowflakeFromJs(ArgOrUndefined(info, 0), "applicationId");
  const std::string token = StringArg(info, 1, "token");
  ThrowIfRefused(env, world().RevokeGrant(app, token));
  return env.Undefined();
}

// POST /partner-sdk/child-token (the route has checked the parent's client secret).
Napi::Value WorldWrap::ExchangeChildToken(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const std::string parentToken = StringArg(info, 0, "parentToken");
  const sdk::Snowflake child = SnowflakeFromJs(ArgOrUndefined(info, 1), "childApplicationId");
  sdk::TokenExchange tokens;
  ThrowIfRefused(env, world().ExchangeChildToken(parentToken, child, &tokens));
  return TokenExchangeToJs(env, tokens);
}

Napi::Value WorldWrap::RequestAccountLink(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake user = SnowflakeFromJs(ArgOrUndefined(info, 0), "userId");
  const sdk::Snowflake app = SnowflakeFromJs(ArgOrUndefined(info, 1), "applicationId");
  size_t notified = 0;
  Guarded(env, [&] { notified = world().RequestAccountLink(user, app); });
  return Napi::Number::New(env, static_cast<double>(notified));
}

// The web browser (sim/service/browser.h). An authorize page crosses as its fields; the harness
// makes its URL. The strings were checked in TypeScript (lib/sim/browser.ts). A page is one of two
// shapes ({ url } or { authorize }), not a struct's fields, so it is built here.
Napi::Value WorldWrap::GetBrowserPages(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake user = SnowflakeFromJs(ArgOrUndefined(info, 0), "userId");
  const std::deque<BrowserPage> pages = world().BrowserPagesOf(user);
  Napi::Array out = Napi::Array::New(env, pages.size());
  for (size_t i = 0; i < pages.size(); ++i) {
    Napi::Object page = Napi::Object::New(env);
    if (const std::optional<AuthorizePage>& authorize = pages[i].authorize) {
      page.Set("authorize", AuthorizePageToJs(env, *authorize));
    } else {
      page.Set("url", pages[i].url);
    }
    out.Set(static_cast<uint32_t>(i), page);
  }
  return out;
}

Napi::Value WorldWrap::OpenBrowserPage(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake user = SnowflakeFromJs(ArgOrUndefined(info, 0), "userId");
  std::string url = StringArg(info, 1, "url");
  Guarded(env, [&] { world().OpenBrowserPage(user, std::move(url)); });
  return env.Undefined();
}

Napi::Value WorldWrap::OpenAuthorizePage(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake user = SnowflakeFromJs(ArgOrUndefined(info, 0), "userId");
  AuthorizePage page;
  page.applicationId = SnowflakeFromJs(ArgOrUndefined(info, 1), "applicationId");
  page.scopes = StringArg(info, 2, "scopes");
  page.state = StringArg(info, 3, "state");
  page.codeChallenge = StringArg(info, 4, "codeChallenge");
  page.redirectUri = StringArg(info, 5, "redirectUri");
  Guarded(env, [&] { world().OpenAuthorizePage(user, std::move(page)); });
  return env.Undefined();
}

Napi::Value WorldWrap::AnswerAuthorizePage(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake user = SnowflakeFromJs(ArgOrUndefined(info, 0), "userId");
  const bool approve = BoolArg(info, 1, "approve");
  AuthorizeRedirect redirect;
  Guarded(env, [&] { redirect = world().AnswerAuthorizePage(user, approve); });
  return AuthorizeRedirectToJs(env, redirect);
}

Napi::Value WorldWrap::SetConnectionEntrypointUrl(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake app = SnowflakeFromJs(ArgOrUndefined(info, 0), "applicationId");
  std::string url = StringArg(info, 1, "url");
  Guarded(env, [&] { world().SetConnectionEntrypointUrl(app, std::move(url)); });
  return env.Undefined();
}

Napi::Value WorldWrap::IssueExternalToken(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake app = SnowflakeFromJs(ArgOrUndefined(info, 0), "applicationId");
  const sdk::ExternalAuthType type = EnumArg<sdk::ExternalAuthType>(info, 1, "type", sdk::IsExternalAuthType);
  const std::string subject = StringArg(info, 2, "subject");
  const double ttl = NumberArg(info, 3, "ttlMs");
  if (!(ttl >= 0 && ttl <= 9007199254740991.0)) throw Napi::RangeError::New(env, "ttlMs must be >= 0");
  std::optional<std::string> issuer;
  if (!ArgOrUndefined(info, 4).IsUndefined()) issuer = StringArg(info, 4, "issuer");
  std::string token;
  Guarded(env, [&] { token = world().IssueExternalToken(app, type, subject, static_cast<uint64_t>(ttl), issuer); });
  return Napi::String::New(env, token);
}

Napi::Value WorldWrap::BanUser(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const sdk::Snowflake user = SnowflakeFromJs(ArgOrUndefined(info, 0), "userId");
  const bool banned = BoolArg(info, 1, "banned");
  size_t moved = 0;
  Guarded(env, [&] {
    if (banned) {
      moved = world().BanUser(user);
    } else {
      world().UnbanUser(user);
    }
  });
  return Napi::Number::New(env, static_cast<double>(moved));
}

}  // namespace sim
