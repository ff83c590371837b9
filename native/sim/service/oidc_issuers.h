// OIDC issuer configurations of the applications' identity providers (spec "Authentication" rule 7;
// server-api.md §4.5): the issuer URL, the discovery document the issuer serves at
// {issuer}/.well-known/openid-configuration, and whether that request answers with a redirect.
// An issuer on a public https host cannot be served from loopback, so the simulator takes the
// discovery answer as part of the configuration instead of fetching it. Pure functions; the
// world keeps the configurations (ProvisionalAccounts) under its mutex.
#pragma once

#include <string>
#include <vector>

namespace sim {

// What discovery answered (OpenID Connect Discovery 1.0 §3: the fields the service reads).
struct OidcDiscovery {
  std::string issuer;
  std::string jwksUri;
  std::vector<std::string> signingAlgs;  // id_token_signing_alg_values_supported
};

struct OidcConfiguration {
  std::string issuer;
  OidcDiscovery discovery;
  // The issuer answers the discovery request with an HTTP redirect (which the service refuses).
  bool discoveryRedirects = false;
  // Set before the stricter rules existed: it keeps working as it is, and is checked when edited.
  bool grandfathered = false;
};

// Why `issuer` is not an acceptable issuer URL ("" when it is): https, no credentials, query or
// fragment, a public multi-label ASCII hostname that is not an IP address and not under .local,
// .arpa, .internal or .localhost.
std::string IssuerUrlRefusal(const std::string& issuer);
// Why the configuration breaks the rules ("" when it follows them): the issuer URL, discovery
// without redirects, and a document naming the same issuer, an https jwks_uri and at least one
// supported signing algorithm (RS256/384/512, ES256/384/512).
std::string OidcConfigurationRefusal(const OidcConfiguration& config);
// The valid configuration an application's simulated identity provider starts with.
OidcConfiguration DefaultOidcConfiguration(const std::string& applicationId);

}  // namespace sim
