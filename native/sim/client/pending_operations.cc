#include "sim/client/pending_operations.h"

#include <algorithm>

namespace sim {

void PendingOperations::Add(uint64_t id, Callback onFailure) {
  entries_.push_back(Entry{id, true, std::move(onFailure)});
  ++pending_;
}

std::optional<PendingOperations::Callback> PendingOperations::Take(uint64_t id) {
  const auto found = std::lower_bound(entries_.begin(), entries_.end(), id,
                                      [](const Entry& entry, uint64_t key) { return entry.id < key; });
  if (found == entries_.end() || found->id != id || !found->pending) return std::nullopt;
  std::optional<Callback> out(std::move(found->onFailure));
  found->onFailure = nullptr;
  found->pending = false;
  --pending_;
  const size_t done = entries_.size() - pending_;
  if (pending_ == 0) {
    entries_.clear();  // keeps the capacity: operations one at a time, or all in order, allocate nothing
  } else if (done >= kDropAfter && done >= pending_) {
    entries_.erase(std::remove_if(entries_.begin(), entries_.end(), [](const Entry& entry) { return !entry.pending; }),
                   entries_.end());
  }
  return out;
}

std::vector<PendingOperations::Callback> PendingOperations::TakeAll() {
  std::vector<Callback> out;
  out.reserve(pending_);
  for (Entry& entry : entries_) {
    if (entry.pending) out.push_back(std::move(entry.onFailure));
  }
  entries_.clear();
  pending_ = 0;
  return out;
}

}  // namespace sim
