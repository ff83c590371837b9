// Removes secrets (access tokens) from text that is about to leave a backend (log lines): both
// backends filter tokens from every log line (spec, Authentication rule 10).
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace sdk {

constexpr const char* kRedacted = "[REDACTED]";

// Every occurrence of `secret` in `text` replaced by kRedacted; `text` unchanged if `secret` is empty.
std::string Redact(std::string text, const std::string& secret);

// Every credential that follows the word "Bearer" (any case) replaced by kRedacted: a token the
// filter was never told about (one from before a refresh, or another client's) still goes.
std::string RedactBearerCredentials(std::string text);

// The secrets one client has held. A line built before a token refresh, and delivered after it,
// carries the old token: so every token the client has held is filtered, not only the current
// one. Thread-safe: tokens are added on the JS thread, lines filtered on backend threads.
class SecretFilter {
 public:
  void Add(const std::string& secret);
  // `text` with every remembered secret and every bearer credential replaced by kRedacted.
  std::string Apply(std::string text) const;
  // Changes whenever a secret is added: a text filtered at one version stays filtered until then.
  uint64_t Version() const { return version_.load(std::memory_order_acquire); }

 private:
  std::atomic<uint64_t> version_{0};
  mutable std::mutex mutex_;
  std::vector<std::string> secrets_;
};

}  // namespace sdk
