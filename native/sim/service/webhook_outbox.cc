#include "sim/service/webhook_outbox.h"

#include <iterator>
#include <utility>

namespace sim {

void WebhookOutbox::Subscribe(sdk::Snowflake app, bool subscribed) {
  if (subscribed) {
    subscribed_.insert(app);
  } else {
    subscribed_.erase(app);
  }
}

void WebhookOutbox::Add(WebhookNotice notice) {
  if (!Subscribed(notice.applicationId)) return;
  if (notices_.size() >= kCapacity) {
    notices_.pop_front();
    ++dropped_;
  }
  notices_.push_back(std::move(notice));
}

WebhookOutbox::Taken WebhookOutbox::Take() {
  Taken taken;
  taken.notices.assign(std::make_move_iterator(notices_.begin()), std::make_move_iterator(notices_.end()));
  notices_.clear();
  taken.dropped = dropped_;
  dropped_ = 0;
  return taken;
}

}  // namespace sim
