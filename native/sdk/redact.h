// Removes a secret (an access token) from text that is about to leave a backend (log lines): both
// backends filter the token from every log line (spec, Authentication rule 10).
#pragma once

#include <string>

namespace sdk {

constexpr const char* kRedacted = "[REDACTED]";

// Every occurrence of `secret` in `text` replaced by kRedacted; `text` unchanged if `secret` is empty.
inline std::string Redact(std::string text, const std::string& secret) {
  if (secret.empty()) return text;
  for (size_t at = text.find(secret); at != std::string::npos; at = text.find(secret, at)) {
    text.replace(at, secret.size(), kRedacted);
    at += std::char_traits<char>::length(kRedacted);
  }
  return text;
}

}  // namespace sdk
