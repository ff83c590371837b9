#include "sim/service/snowflake.h"

#include <atomic>

namespace sim {

namespace {
uint64_t NextWorker() {
  static std::atomic<uint64_t> made{0};
  return 1 + made.fetch_add(1, std::memory_order_relaxed) % 31;
}
}  // namespace

SnowflakeMinter::SnowflakeMinter() : worker_(NextWorker()) {}

uint64_t SnowflakeMinter::Mint(uint64_t nowMs) {
  std::lock_guard<std::mutex> lock(mutex_);
  // Never go backwards, and never repeat: past 4096 IDs in one millisecond, borrow the next one.
  // A clock before the epoch would encode as 0 every time: mint as if at the epoch.
  if (nowMs < kServiceEpochMs) nowMs = kServiceEpochMs;
  if (nowMs < lastMs_) nowMs = lastMs_;
  if (nowMs == lastMs_) {
    if (++increment_ > 0xFFF) {
      ++nowMs;
      increment_ = 0;
    }
  } else {
    increment_ = 0;
  }
  lastMs_ = nowMs;
  const uint64_t sinceEpoch = nowMs - kServiceEpochMs;
  constexpr uint64_t kProcess = 0;
  return (sinceEpoch << 22) | (worker_ << 17) | (kProcess << 12) | increment_;
}

}  // namespace sim
