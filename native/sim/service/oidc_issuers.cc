#include "sim/service/oidc_issuers.h"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <iterator>
#include <string>

namespace sim {

namespace {

// The signing algorithms the service verifies ID tokens with (server-api.md §4.5).
const char* const kSupportedAlgs[] = {"RS256", "RS384", "RS512", "ES256", "ES384", "ES512"};
// Names that never resolve on the public internet (special-use domains).
const char* const kPrivateSuffixes[] = {"local", "arpa", "internal", "localhost"};
constexpr size_t kMaxUrlLength = 2048;
constexpr size_t kMaxHostLength = 253;
constexpr size_t kMaxLabelLength = 63;

std::string Lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

bool AllOf(const std::string& text, bool (*accept)(unsigned char)) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [accept](char c) { return accept(static_cast<unsigned char>(c)); });
}

bool IsDigit(unsigned char c) { return std::isdigit(c) != 0; }
bool IsHexDigit(unsigned char c) { return std::isxdigit(c) != 0; }
bool IsLabelChar(unsigned char c) { return std::isalnum(c) != 0 || c == '-'; }

// A label a URL parser reads as a number (decimal, or 0x hex): a host whose last label is one is
// an IPv4 address in WHATWG URL terms (127.1, 0x7f.1, 10.0.0.1).
bool IsNumericLabel(const std::string& label) {
  if (label.size() >= 2 && label[0] == '0' && (label[1] == 'x' || label[1] == 'X')) {
    return label.size() == 2 || AllOf(label.substr(2), IsHexDigit);
  }
  return AllOf(label, IsDigit);
}

std::string HostnameRefusal(std::string host, const std::string& what) {
  host = Lower(std::move(host));
  if (!host.empty() && host.back() == '.') host.pop_back();  // the root label of a fully qualified name
  if (host.empty()) return what + " has no hostname";
  if (host.size() > kMaxHostLength) return what + "'s hostname is longer than 253 characters";
  std::vector<std::string> labels;
  size_t start = 0;
  for (;;) {
    const size_t dot = host.find('.', start);
    labels.push_back(host.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  if (IsNumericLabel(labels.back())) return what + " must name a host, not an IP address";
  for (const std::string& label : labels) {
    if (label.empty() || label.size() > kMaxLabelLength || !AllOf(label, IsLabelChar) || label.front() == '-' ||
        label.back() == '-') {
      return what + "'s hostname '" + host + "' is not a valid DNS name (labels of 1-63 letters, digits and inner hyphens)";
    }
  }
  for (const char* suffix : kPrivateSuffixes) {
    if (labels.back() == suffix) return what + "'s hostname must be public, not under ." + suffix;
  }
  if (labels.size() < 2) return what + "'s hostname must have several labels (like login.example.com), not '" + host + "'";
  return "";
}

// Why `url` is not an https URL with a public host: `allowQuery` for jwks_uri (a document
// location), never for the issuer (server-api.md §4.5: no query, fragment or credentials).
std::string HttpsUrlRefusal(const std::string& url, const std::string& what, bool allowQuery) {
  if (url.empty()) return what + " must not be empty";
  if (url.size() > kMaxUrlLength) return what + " is longer than 2048 characters";
  for (char c : url) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte <= 0x20 || byte >= 0x7f) return what + " must be printable ASCII without spaces (an IDN host in its xn-- form)";
  }
  const size_t schemeEnd = url.find("://");
  if (schemeEnd == std::string::npos || Lower(url.substr(0, schemeEnd)) != "https") return what + " must be an https:// URL";
  const std::string rest = url.substr(schemeEnd + 3);
  if (rest.find('#') != std::string::npos) return what + " must not have a fragment";
  if (!allowQuery && rest.find('?') != std::string::npos) return what + " must not have a query";
  const std::string authority = rest.substr(0, rest.find_first_of("/?"));
  if (authority.find('@') != std::string::npos) return what + " must not carry credentials";
  if (!authority.empty() && authority.front() == '[') return what + " must name a host, not an IP address";
  const size_t colon = authority.rfind(':');
  std::string host = authority;
  if (colon != std::string::npos) {
    const std::string port = authority.substr(colon + 1);
    if (!AllOf(port, IsDigit) || port.size() > 5 || std::stoul(port) == 0 || std::stoul(port) > 65535) {
      return what + " has an invalid port";
    }
    host = authority.substr(0, colon);
  }
  return HostnameRefusal(host, what);
}

}  // namespace

std::string IssuerUrlRefusal(const std::string& issuer) { return HttpsUrlRefusal(issuer, "the issuer", false); }

std::string OidcConfigurationRefusal(const OidcConfiguration& config) {
  std::string refusal = IssuerUrlRefusal(config.issuer);
  if (!refusal.empty()) return refusal;
  if (config.discoveryRedirects) {
    return "discovery at the issuer's /.well-known/openid-configuration answered with a redirect: redirects are not "
           "followed, serve the document at that exact URL";
  }
  const OidcDiscovery& document = config.discovery;
  if (document.issuer != config.issuer) {
    return "the discovery document's issuer ('" + document.issuer + "') is not the configured issuer ('" + config.issuer +
           "'): they must match exactly";
  }
  if (document.jwksUri.empty()) return "the discovery document has no jwks_uri";
  refusal = HttpsUrlRefusal(document.jwksUri, "the discovery document's jwks_uri", true);
  if (!refusal.empty()) return refusal;
  if (document.signingAlgs.empty()) return "the discovery document has no id_token_signing_alg_values_supported";
  const bool supported = std::any_of(document.signingAlgs.begin(), document.signingAlgs.end(), [](const std::string& alg) {
    return std::any_of(std::begin(kSupportedAlgs), std::end(kSupportedAlgs), [&](const char* known) { return alg == known; });
  });
  if (!supported) {
    return "id_token_signing_alg_values_supported lists no supported algorithm (RS256, RS384, RS512, ES256, ES384, "
           "ES512)";
  }
  return "";
}

OidcConfiguration DefaultOidcConfiguration(const std::string& applicationId) {
  OidcConfiguration config;
  config.issuer = "https://login.example.com/apps/" + applicationId;
  config.discovery.issuer = config.issuer;
  config.discovery.jwksUri = config.issuer + "/jwks.json";
  config.discovery.signingAlgs = {"RS256"};
  return config;
}

}  // namespace sim
