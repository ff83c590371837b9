#include "sim/client/backend.h"

#include "sim/client/sim_client.h"

namespace sim {

std::unique_ptr<sdk::Client> WorldBackend::CreateClient(const sdk::ClientOptions& options) {
  return std::make_unique<SimClient>(world_, queue_, options);
}

}  // namespace sim
