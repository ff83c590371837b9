#include "sdk/redact.h"

#include <algorithm>
#include <cctype>
#include <cstring>

namespace sdk {

std::string Redact(std::string text, const std::string& secret) {
  if (secret.empty()) return text;
  for (size_t at = text.find(secret); at != std::string::npos; at = text.find(secret, at)) {
    text.replace(at, secret.size(), kRedacted);
    at += std::strlen(kRedacted);
  }
  return text;
}

namespace {
bool IsCredentialChar(char c) {
  // RFC 6750 b64token characters, plus the '.' and '_' our own tokens use.
  return std::isalnum(static_cast<unsigned char>(c)) || std::strchr("-._~+/=", c) != nullptr;
}

bool StartsWithBearer(const std::string& text, size_t at) {
  static constexpr char kWord[] = "bearer";
  if (at + sizeof(kWord) - 1 > text.size()) return false;
  for (size_t i = 0; i + 1 < sizeof(kWord); ++i) {
    if (std::tolower(static_cast<unsigned char>(text[at + i])) != kWord[i]) return false;
  }
  return true;
}
}  // namespace

std::string RedactBearerCredentials(std::string text) {
  const size_t redactedLength = std::strlen(kRedacted);
  for (size_t at = 0; at < text.size(); ++at) {
    // Most lines have no "b" at all: a cheap test first (every log line of a flood comes here).
    if ((text[at] | 0x20) != 'b' || !StartsWithBearer(text, at)) continue;
    size_t start = at + 6;
    while (start < text.size() && (text[start] == ' ' || text[start] == '\t' || text[start] == ':')) ++start;
    if (start == at + 6) continue;  // "Bearer" not followed by a separator: part of a word
    size_t end = start;
    while (end < text.size() && IsCredentialChar(text[end])) ++end;
    if (end == start || text.compare(start, redactedLength, kRedacted) == 0) continue;
    text.replace(start, end - start, kRedacted);
    at = start + redactedLength - 1;
  }
  return text;
}

void SecretFilter::Add(const std::string& secret) {
  if (secret.empty()) return;
  std::lock_guard<std::mutex> lock(mutex_);
  if (std::find(secrets_.begin(), secrets_.end(), secret) != secrets_.end()) return;
  secrets_.push_back(secret);
  version_.fetch_add(1, std::memory_order_release);
}

std::string SecretFilter::Apply(std::string text) const {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const std::string& secret : secrets_) text = Redact(std::move(text), secret);
  }
  return RedactBearerCredentials(std::move(text));
}

}  // namespace sdk
