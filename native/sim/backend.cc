#include "sim/backend.h"

#include "sim/sim_client.h"

namespace sim {

std::unique_ptr<sdk::Client> WorldBackend::CreateClient(const sdk::ClientOptions& options) {
  return std::make_unique<SimClient>(world_, queue_, options);
}

}  // namespace sim
