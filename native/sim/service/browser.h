// The web browser on the players' machines: the pages the SDK's sign-in fallback opens
// (Client::Authorize when no chat client can ask the user), the pages a chat client's
// account-linking prompt opens (the application's Connection Entrypoint URL), and the pages a
// game's web site sends the player to (the service's OAuth2 authorize page). Pure state; the
// world locks around it.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>

#include "sdk/types.h"

namespace sim {

// Where the service's authorize page sends the browser once the user answered: the redirect URI
// with `code` and `state`, or with `error` (`access_denied`) and `state` (RFC 6749 §4.1.2).
struct AuthorizeRedirect {
  std::string redirectUri;
  std::string code;
  std::string state;
  std::string error;
};

// The service's OAuth2 authorize page (`/oauth2/authorize`), waiting for the user's answer.
struct AuthorizePage {
  sdk::Snowflake applicationId = 0;
  std::string scopes;
  std::string state;
  std::string codeChallenge;  // S256; empty for a web flow without PKCE
  std::string redirectUri;
  // The authorize URL's integration_type (an sdk::IntegrationType value; -1: none).
  int32_t integrationType = -1;
  // The SDK session whose local web server (http://127.0.0.1/callback) waits for the redirect;
  // null for a game's web flow. Called with the world's lock held; the callee enqueues.
  const void* owner = nullptr;
  std::function<void(const AuthorizeRedirect&)> loopback;
};

struct BrowserPage {
  uint64_t id = 0;
  // The browser of `user`'s machine; 0: every user's (the SDK's fallback: a game not signed in
  // does not say whose machine it runs on, as with the chat client's consent prompts).
  sdk::Snowflake user = 0;
  std::string url;                         // a page other than the authorize page
  std::optional<AuthorizePage> authorize;  // the authorize page (its URL is made from it)
};

class Browser {
 public:
  uint64_t Open(sdk::Snowflake user, std::string url, std::optional<AuthorizePage> authorize);
  // The pages `user`'s browser shows, oldest first.
  std::deque<BrowserPage> PagesOf(sdk::Snowflake user) const;
  // The oldest authorize page `user`'s browser shows, closed (the browser follows its redirect).
  std::optional<AuthorizePage> TakeOldestAuthorizePage(sdk::Snowflake user);
  // The SDK stopped waiting (AbortAuthorize, or its client went): discordpp.h AbortAuthorize "will
  // not close authorization windows presented to the user", so the page stays; its redirect then
  // reaches no one.
  void StopWaiting(uint64_t id);
  void ForgetOwner(const void* owner);

 private:
  std::deque<BrowserPage> pages_;
  // Apart from the chat clients' consent prompt ids, so that one handle names either.
  uint64_t nextId_ = uint64_t{1} << 62;
};

}  // namespace sim
