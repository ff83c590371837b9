#include "sim/service/interference.h"

namespace sim {

void Interference::FailNext(CallKind kind, uint32_t count, sdk::Result failure, sdk::Snowflake userId) {
  if (count == 0) return;
  failures_[kind].push_back(Rule{count, std::move(failure), userId});
  Changed();
}

std::optional<sdk::Result> Interference::TakeFailure(CallKind kind, sdk::Snowflake userId) {
  auto rules = failures_.find(kind);
  if (rules == failures_.end()) return std::nullopt;
  for (auto it = rules->second.begin(); it != rules->second.end(); ++it) {
    if (it->userId != 0 && it->userId != userId) continue;
    sdk::Result failure = it->failure;
    if (--it->left == 0) {
      rules->second.erase(it);
      if (rules->second.empty()) failures_.erase(rules);
      Changed();
    }
    return failure;
  }
  return std::nullopt;
}

void Interference::ClearFailures() {
  failures_.clear();
  Changed();
}

void Interference::Delay(uint64_t dueMs, Session* session, Task task) {
  delayed_.emplace(std::make_pair(dueMs, nextSequence_++), std::make_pair(session, std::move(task)));
}

std::vector<std::pair<Session*, Interference::Task>> Interference::TakeDue(uint64_t nowMs) {
  std::vector<std::pair<Session*, Task>> due;
  while (!delayed_.empty() && delayed_.begin()->first.first <= nowMs) {
    due.push_back(std::move(delayed_.begin()->second));
    delayed_.erase(delayed_.begin());
  }
  return due;
}

void Interference::Forget(Session* session) {
  for (auto it = delayed_.begin(); it != delayed_.end();) {
    it = it->second.first == session ? delayed_.erase(it) : std::next(it);
  }
}

}  // namespace sim
