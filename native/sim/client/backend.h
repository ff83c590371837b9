// The simulator's sdk::Backend: makes simulated clients attached to one world, whose callbacks go
// to the environment's callback queue.
#pragma once

#include <memory>

#include "sdk/backend.h"
#include "sdk/callback_queue.h"
#include "sim/service/world.h"

namespace sim {

class WorldBackend final : public sdk::Backend {
 public:
  WorldBackend(std::shared_ptr<World> world, sdk::CallbackQueue& queue)
      : world_(std::move(world)), queue_(queue) {}

  const char* Name() const override { return "sim"; }
  sdk::Version SdkVersion() const override { return world_->version(); }
  // Everything, as the SDK version it imitates has it: noise cancellation (Krisp) came in 1.9.
  bool Supports(sdk::Feature feature) const override {
    if (feature == sdk::Feature::NoiseCancellation) return world_->version().major > 1 || world_->version().minor >= 9;
    return true;
  }
  std::unique_ptr<sdk::Client> CreateClient(const sdk::ClientOptions& options) override;

  const std::shared_ptr<World>& world() const { return world_; }

 private:
  std::shared_ptr<World> world_;
  sdk::CallbackQueue& queue_;
};

}  // namespace sim
