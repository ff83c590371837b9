// The simulated client's sign-in calls. The PKCE pair is made locally, as the SDK makes it.
#include "sim/client/sim_client.h"
#include "sim/service/pkce.h"

namespace sim {

sdk::AuthorizationCodeVerifier SimClient::CreateAuthorizationCodeVerifier() {
  sdk::AuthorizationCodeVerifier pair;
  pair.verifier = NewCodeVerifier();
  pair.challenge = S256Challenge(pair.verifier);
  return pair;
}

}  // namespace sim
