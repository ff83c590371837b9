// The vendor sdk::Backend of one environment (main thread or worker).
//
// The library's callback queue is process-wide: discordpp::RunCallbacks() runs the callbacks of
// every client in the process, on the calling thread. JS may only run on its own environment's
// thread, so one environment at a time owns the library: the first to create a vendor client,
// for as long as it has one open. Another environment's attempt fails with a clear error (and the
// simulator stays available to it). While it owns the library, the owner's pump polls it: a
// ticker wakes the pump every runCallbacksIntervalMs (the shortest any open client asked for), and
// the pump calls RunCallbacks() on the JS thread.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>

#include "sdk/backend.h"
#include "sdk/callback_queue.h"
#include "sdk/ticker.h"

namespace vendor {

class VendorClient;

class VendorBackend final : public sdk::Backend, public std::enable_shared_from_this<VendorBackend> {
 public:
  explicit VendorBackend(sdk::CallbackQueue& queue) : queue_(queue) {}
  ~VendorBackend() override;

  const char* Name() const override { return "vendor"; }
  sdk::Version SdkVersion() const override { return LibraryVersion(); }
  bool Supports(sdk::Feature feature) const override { return Compiled(feature); }
  // Whether the header this addon was built against has `feature`.
  static bool Compiled(sdk::Feature feature);
  // Throws std::runtime_error when another environment owns the library.
  std::unique_ptr<sdk::Client> CreateClient(const sdk::ClientOptions& options) override;

  // The version of the library this process loaded.
  static sdk::Version LibraryVersion();

  // Called by a closing client (JS thread). The last one stops the polling and gives up ownership.
  void ClientClosed(const VendorClient& client);

 private:
  void StartPolling();
  void StopPolling();
  std::chrono::milliseconds ShortestInterval() const;

  sdk::CallbackQueue& queue_;
  std::map<const VendorClient*, std::chrono::milliseconds> clients_;  // open clients, their intervals
  std::unique_ptr<sdk::Ticker> ticker_;
};

}  // namespace vendor
