#include "vendor/vendor_backend.h"

#include <algorithm>
#include <mutex>
#include <stdexcept>

#include <discordpp.h>

#include "vendor/features.h"
#include "vendor/vendor_client.h"

namespace vendor {

namespace {
// The environment that owns the library's process-wide callback queue (null: none). Plain native
// state, no JS handle: it only names a VendorBackend, which clears it before it goes away.
std::mutex ownerMutex;
const VendorBackend* owner = nullptr;

constexpr uint32_t kMinIntervalMs = 1;
constexpr uint32_t kMaxIntervalMs = 1000;
}  // namespace

VendorBackend::~VendorBackend() {
  // Every client holds a reference to its backend, so none is open here; this only matters if a
  // client constructor threw half-way.
  StopPolling();
}

sdk::Version VendorBackend::LibraryVersion() {
  sdk::Version version;
  version.major = discordpp::Client::GetVersionMajor();
  version.minor = discordpp::Client::GetVersionMinor();
  version.build = discordpp::Client::GetVersionPatch();
  version.hash = std::string(discordpp::Client::GetVersionHash());
  return version;
}

bool VendorBackend::Compiled(sdk::Feature feature) {
  switch (feature) {
    case sdk::Feature::MessageAdditionalName:
      return SOCIAL_SDK_VENDOR_HAS_ADDITIONAL_NAME != 0;
    case sdk::Feature::VoiceSettings:
      return SOCIAL_SDK_VENDOR_HAS_VOICE_SETTINGS != 0;
    case sdk::Feature::CpuAffinityMask:
      return SOCIAL_SDK_VENDOR_HAS_CPU_AFFINITY_MASK != 0;
    case sdk::Feature::GuildChannelDetails:
      return SOCIAL_SDK_VENDOR_HAS_GUILD_CHANNEL_DETAILS != 0;
    case sdk::Feature::MessageModerationMetadata:
      return SOCIAL_SDK_VENDOR_HAS_MODERATION_METADATA != 0;
    case sdk::Feature::InviteCoverImage:
      return SOCIAL_SDK_VENDOR_HAS_INVITE_COVER_IMAGE != 0;
    case sdk::Feature::NoiseCancellation:
      return SOCIAL_SDK_VENDOR_HAS_NOISE_CANCELLATION != 0;
  }
  return false;
}

std::unique_ptr<sdk::Client> VendorBackend::CreateClient(const sdk::ClientOptions& options) {
  {
    std::lock_guard<std::mutex> lock(ownerMutex);
    if (owner != nullptr && owner != this) {
      throw std::runtime_error(
          "the vendor SDK is in use by another thread of this process: its callback queue is "
          "process-wide, so one environment (the main thread or one worker) at a time may have vendor "
          "clients open; close them there first, or use the simulator backend here");
    }
    owner = this;
  }
  std::unique_ptr<VendorClient> client;
  try {
    client = std::make_unique<VendorClient>(shared_from_this(), queue_, options);
  } catch (...) {
    if (clients_.empty()) StopPolling();
    throw;
  }
  const uint32_t ms = std::clamp(options.runCallbacksIntervalMs, kMinIntervalMs, kMaxIntervalMs);
  clients_.emplace(client.get(), std::chrono::milliseconds(ms));
  StartPolling();
  return client;
}

void VendorBackend::ClientClosed(const VendorClient& client) {
  clients_.erase(&client);
  if (clients_.empty()) {
    StopPolling();
  } else {
    ticker_->SetInterval(ShortestInterval());
  }
}

std::chrono::milliseconds VendorBackend::ShortestInterval() const {
  auto shortest = std::chrono::milliseconds(kMaxIntervalMs);
  for (const auto& [client, interval] : clients_) shortest = std::min(shortest, interval);
  return shortest;
}

void VendorBackend::StartPolling() {
  if (ticker_) {
    ticker_->SetInterval(ShortestInterval());
    return;
  }
  queue_.SetPoll([] { discordpp::RunCallbacks(); });
  sdk::CallbackQueue* queue = &queue_;
  ticker_ = std::make_unique<sdk::Ticker>([queue] { queue->Wake(); }, ShortestInterval());
}

void VendorBackend::StopPolling() {
  ticker_.reset();  // joins the ticker thread: no wake after this
  queue_.SetPoll(nullptr);
  std::lock_guard<std::mutex> lock(ownerMutex);
  if (owner != this) return;
  // Run what the library still queued for our (closed) clients: those callbacks find their link
  // closed and do nothing, and the library frees them now, while this environment owns it, rather
  // than leaving functions of this addon in its queue for a later owner.
  discordpp::RunCallbacks();
  owner = nullptr;
}

}  // namespace vendor
