#include "sim/service/browser.h"

#include <utility>

namespace sim {

namespace {
bool Shows(const BrowserPage& page, sdk::Snowflake user) { return page.user == 0 || page.user == user; }

void Detach(AuthorizePage& page) {
  page.owner = nullptr;
  page.loopback = nullptr;
}
}  // namespace

uint64_t Browser::Open(sdk::Snowflake user, std::string url, std::optional<AuthorizePage> authorize) {
  BrowserPage page;
  page.id = nextId_++;
  page.user = user;
  page.url = std::move(url);
  page.authorize = std::move(authorize);
  pages_.push_back(std::move(page));
  return pages_.back().id;
}

std::deque<BrowserPage> Browser::PagesOf(sdk::Snowflake user) const {
  std::deque<BrowserPage> shown;
  for (const BrowserPage& page : pages_) {
    if (!Shows(page, user)) continue;
    shown.push_back(page);
    if (shown.back().authorize) Detach(*shown.back().authorize);
  }
  return shown;
}

std::optional<AuthorizePage> Browser::TakeOldestAuthorizePage(sdk::Snowflake user) {
  for (auto it = pages_.begin(); it != pages_.end(); ++it) {
    if (!it->authorize || !Shows(*it, user)) continue;
    AuthorizePage page = std::move(*it->authorize);
    pages_.erase(it);
    return page;
  }
  return std::nullopt;
}

void Browser::StopWaiting(uint64_t id) {
  for (BrowserPage& page : pages_) {
    if (page.id == id && page.authorize) Detach(*page.authorize);
  }
}

void Browser::ForgetOwner(const void* owner) {
  for (BrowserPage& page : pages_) {
    if (page.authorize && page.authorize->owner == owner) Detach(*page.authorize);
  }
}

}  // namespace sim
