// The messages a simulated client holds of one channel: the newest kCount, sorted by id ("The SDK
// keeps the 25 most recent messages in each channel in memory", the vendor header on
// Client::GetMessageHandle). Not thread-safe: the client's handlesMutex_ guards it.
//
// The oldest leaves by moving the window's start, not by shifting the others down: the slots
// before the start hold nothing (the message is let go at once), and they are removed together
// once kSlack of them have gathered. An erase at the front, a shift of 24 shared_ptrs for every
// message, was the costliest function of a 1,000-member lobby's delivery (309 instructions of
// 2,380, counted with callgrind).
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include "sdk/lobby.h"

namespace sim {

// Messages sorted by id: whether `message` comes before `id` (for std::lower_bound).
inline bool MessageIdBelow(const sdk::MessagePtr& message, sdk::Snowflake id) { return message->id < id; }

class HeldMessages {
 public:
  static constexpr size_t kCount = 25;

  // The message `id`, or null.
  sdk::MessagePtr Find(sdk::Snowflake id) const {
    const size_t at = Place(id);
    return Holds(at, id) ? messages_[at] : nullptr;
  }

  // A message created (held, the oldest let go past kCount) or updated (replaced where held: reads
  // already made see the new content; one no longer held, or never seen, is not brought back).
  void Note(bool created, const sdk::MessagePtr& message) {
    // A new message is most often the newest: it goes at the end without a search.
    const bool newest = first_ == messages_.size() || messages_.back()->id < message->id;
    const size_t place = newest ? messages_.size() : Place(message->id);
    if (Holds(place, message->id)) {
      messages_[place] = message;
      return;
    }
    if (!created) return;
    messages_.insert(messages_.begin() + static_cast<std::ptrdiff_t>(place), message);
    if (messages_.size() - first_ > kCount) messages_[first_++].reset();
    if (first_ == kSlack) {
      messages_.erase(messages_.begin(), messages_.begin() + static_cast<std::ptrdiff_t>(first_));
      first_ = 0;
    }
  }

  void Forget(sdk::Snowflake id) {
    const size_t at = Place(id);
    if (Holds(at, id)) messages_.erase(messages_.begin() + static_cast<std::ptrdiff_t>(at));
  }

 private:
  // Slots let go before they are removed: a shift of the held ones every kSlack messages.
  static constexpr size_t kSlack = 8;

  // Where `id` is or would go among the held messages (an index of messages_).
  size_t Place(sdk::Snowflake id) const {
    const auto begin = messages_.begin() + static_cast<std::ptrdiff_t>(first_);
    return first_ + static_cast<size_t>(std::lower_bound(begin, messages_.end(), id, MessageIdBelow) - begin);
  }
  // Whether the message at `at` (a Place) is `id`.
  bool Holds(size_t at, sdk::Snowflake id) const { return at < messages_.size() && messages_[at]->id == id; }

  std::vector<sdk::MessagePtr> messages_;  // [first_, end): held, oldest first; before first_: let go
  size_t first_ = 0;
};

}  // namespace sim
