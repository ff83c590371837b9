// PKCE (RFC 7636) for the simulated service and client: S256 challenges and fresh verifiers.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace sim {

// SHA-256 (FIPS 180-4) of `data`.
std::array<uint8_t, 32> Sha256(const std::string& data);
// Base64url without padding (RFC 4648 §5), as PKCE writes verifiers and challenges.
std::string Base64Url(const uint8_t* data, size_t size);
// The S256 challenge of a verifier: base64url(SHA-256(verifier)).
std::string S256Challenge(const std::string& verifier);
// A fresh verifier: 32 random bytes as 43 base64url characters.
std::string NewCodeVerifier();
// `size` random bytes as base64url (codes and tokens).
std::string RandomBase64Url(size_t size);

}  // namespace sim
