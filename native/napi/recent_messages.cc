#include "napi/recent_messages.h"

#include <utility>

#include "napi/convert.h"

Napi::Value RecentMessages::Get(Napi::Env env, const sdk::MessagePtr& message) {
  if (auto found = index_.find(message.get()); found != index_.end()) return kept_[found->second].object.Value();
  Napi::Object object = MessageToJs(env, *message);
  Kept kept{message, Napi::Persistent(object)};
  if (kept_.size() < kCapacity) {
    kept_.push_back(std::move(kept));
  } else {
    index_.erase(kept_[next_].message.get());
    kept_[next_] = std::move(kept);
  }
  index_[message.get()] = next_;
  next_ = (next_ + 1) % kCapacity;
  return object;
}

void RecentMessages::Clear() {
  index_.clear();
  kept_.clear();
  next_ = 0;
}
