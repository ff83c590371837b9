// Snowflake IDs as the service makes them: milliseconds since the service epoch in the top 42 bits,
// then worker, process and a per-millisecond increment. The simulator mints them from its clock so
// IDs sort by creation time and exceed 2^53, as real ones do.
#pragma once

#include <cstdint>
#include <mutex>

namespace sim {

class SnowflakeMinter {
 public:
  static constexpr uint64_t kServiceEpochMs = 1420070400000ULL;  // 2015-01-01T00:00:00Z
  // The last millisecond the 42 timestamp bits can hold; the world's clock stops short of it.
  static constexpr uint64_t kLastMs = kServiceEpochMs + ((1ULL << 42) - 1);

  // Each minter (one per world) takes a worker number of its own, 1 to 31 in the order they are
  // made: two simulators in one process then mint different IDs in the same millisecond, as the
  // service's workers do. A world file loaded into another simulator keeps its IDs, which the new
  // world's own (its default application's) must not repeat.
  SnowflakeMinter();
  uint64_t Mint(uint64_t nowMs);

 private:
  const uint64_t worker_;
  std::mutex mutex_;
  uint64_t lastMs_ = 0;
  uint64_t increment_ = 0;
};

}  // namespace sim
