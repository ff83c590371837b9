// The vendor client's core (sdk/client.h): construction (every library callback registered once),
// the token, connection and status, logs, and Close. The features are in vendor_client_<feature>.cc.
#include "vendor/vendor_client.h"

#include <stdexcept>
#include <utility>

#include "sdk/redact.h"
#include "vendor/translate.h"
#include "vendor/vendor_backend.h"

namespace vendor {

namespace {
discordpp::ClientCreateOptions CreateOptions(const sdk::ClientOptions& options) {
  discordpp::ClientCreateOptions out;
  if (options.apiBase) out.SetApiBase(*options.apiBase);
  if (options.webBase) out.SetWebBase(*options.webBase);
  out.SetExperimentalAudioSystem(static_cast<discordpp::AudioSystem>(static_cast<int32_t>(options.experimentalAudioSystem)));
  out.SetExperimentalAndroidPreventCommsForBluetooth(options.experimentalAndroidPreventCommsForBluetooth);
#if SOCIAL_SDK_VENDOR_HAS_CPU_AFFINITY_MASK
  if (options.cpuAffinityMask) out.SetCpuAffinityMask(options.cpuAffinityMask);
#else
  // A hint the caller asked for that this SDK cannot pass on: refused, not dropped.
  if (options.cpuAffinityMask) throw std::runtime_error(NotAvailableIn("cpuAffinityMask", "1.7"));
#endif
  return out;
}
}  // namespace

VendorClient::VendorClient(std::shared_ptr<VendorBackend> backend, sdk::CallbackQueue& queue,
                           const sdk::ClientOptions& options)
    : backend_(std::move(backend)),
      link_(std::make_shared<Link>(queue)),
      client_(std::make_unique<discordpp::Client>(CreateOptions(options))),
      applicationId_(options.applicationId),
      cpuAffinityMask_(options.cpuAffinityMask) {
  // Needed for calls that go through the local chat client, and harmless otherwise.
  if (applicationId_ != 0) client_->SetApplicationId(applicationId_);

  client_->SetStatusChangedCallback(WhileOpen(
      [this](discordpp::Client::Status status, discordpp::Client::Error error, int32_t detail) {
        Post([this, status = ToStatus(status), error = ToConnectionError(error), detail] {
          if (onStatus_) onStatus_(status, error, detail);
        });
      }));
  client_->SetLobbyCreatedCallback(
      WhileOpen([this](uint64_t lobbyId) { ForwardLobbyEvent(sdk::LobbyEvent::Created, lobbyId, 0); }));
  client_->SetLobbyDeletedCallback(
      WhileOpen([this](uint64_t lobbyId) { ForwardLobbyEvent(sdk::LobbyEvent::Deleted, lobbyId, 0); }));
  client_->SetLobbyUpdatedCallback(
      WhileOpen([this](uint64_t lobbyId) { ForwardLobbyEvent(sdk::LobbyEvent::Updated, lobbyId, 0); }));
  client_->SetLobbyMemberAddedCallback(WhileOpen([this](uint64_t lobbyId, uint64_t memberId) {
    ForwardLobbyEvent(sdk::LobbyEvent::MemberAdded, lobbyId, memberId);
  }));
  client_->SetLobbyMemberRemovedCallback(WhileOpen([this](uint64_t lobbyId, uint64_t memberId) {
    ForwardLobbyEvent(sdk::LobbyEvent::MemberRemoved, lobbyId, memberId);
  }));
  client_->SetLobbyMemberUpdatedCallback(WhileOpen([this](uint64_t lobbyId, uint64_t memberId) {
    ForwardLobbyEvent(sdk::LobbyEvent::MemberUpdated, lobbyId, memberId);
  }));
  client_->SetMessageCreatedCallback(
      WhileOpen([this](uint64_t messageId) { ForwardMessageEvent(sdk::MessageEvent::Created, messageId); }));
  client_->SetMessageUpdatedCallback(
      WhileOpen([this](uint64_t messageId) { ForwardMessageEvent(sdk::MessageEvent::Updated, messageId); }));
  client_->SetMessageDeletedCallback(WhileOpen([this](uint64_t messageId, uint64_t channelId) {
    Post([this, messageId, channelId] {
      if (onMessageDeleted_) onMessageDeleted_(messageId, channelId);
    });
  }));
  client_->SetUserUpdatedCallback(WhileOpen([this](uint64_t userId) {
    Post([this, userId] {
      if (onUserUpdated_) onUserUpdated_(userId);
    });
  }));
  RegisterRelationshipCallbacks();
  RegisterInviteCallbacks();
}

VendorClient::~VendorClient() { Close(); }

void VendorClient::UpdateToken(sdk::TokenType type, std::string token, ResultCallback done) {
  auto settle = Pending<>(std::move(done));
  secrets_.Add(token);
  client_->UpdateToken(FromTokenType(type), std::move(token),
                       [settle](discordpp::ClientResult result) { settle(ToResult(result)); });
}

void VendorClient::Connect() { client_->Connect(); }

void VendorClient::Disconnect() { client_->Disconnect(); }

sdk::Status VendorClient::GetStatus() const {
  return client_ ? ToStatus(client_->GetStatus()) : sdk::Status::Disconnected;
}

sdk::Snowflake VendorClient::GetApplicationId() const { return applicationId_; }

std::optional<sdk::User> VendorClient::GetCurrentUser() const {
  if (!client_) return std::nullopt;
  auto user = client_->GetCurrentUserV2();
  if (!user) return std::nullopt;
  return ToUser(*user);
}

void VendorClient::SetStatusChangedCallback(StatusCallback cb) { onStatus_ = std::move(cb); }

void VendorClient::SetLogCallback(LogCallback cb, sdk::LogSeverity minSeverity) {
  // The library adds log callbacks rather than replacing them: register ours once, and let a
  // later call replace only what it forwards to.
  const bool first = !onLog_;
  onLog_ = std::move(cb);
  minLogSeverity_ = minSeverity;
  if (!first || !client_ || minSeverity == sdk::LogSeverity::None) return;
  client_->AddLogCallback(WhileOpen([this](std::string message, discordpp::LoggingSeverity severity) {
                            ForwardLog(std::move(message), severity, /*voice=*/false);
                          }),
                          FromSeverity(minSeverity));
}

void VendorClient::ForwardLog(std::string message, discordpp::LoggingSeverity severity, bool voice) {
  const sdk::LogSeverity level = ToSeverity(severity);
  if (level < (voice ? minVoiceLogSeverity_ : minLogSeverity_)) return;
  Post([this, message = secrets_.Apply(std::move(message)), level, voice] {
    const LogCallback& target = voice ? onVoiceLog_ : onLog_;
    if (target) target(message, level);
  });
}

void VendorClient::Close() {
  if (!link_->open.exchange(false)) return;
  // Pending operations fail now, in the order they were started; results the library still
  // delivers for them find the link closed.
  auto pending = std::move(link_->failOnClose);
  for (auto& [operation, fail] : pending) fail();
  client_.reset();  // drops the native client; its queued callbacks see the link closed
  // The library's voice thread is gone with it: the raw-audio rings close.
  for (auto& entry : rings_) entry.second->Close();
  rings_.clear();
  backend_->ClientClosed(*this);
}

// The library's own log file and HTTP timeout: handed over as given (a closed client has no file).
bool VendorClient::SetLogDir(std::string path, sdk::LogSeverity minSeverity) {
  return client_ ? client_->SetLogDir(path, FromSeverity(minSeverity)) : false;
}

void VendorClient::SetHttpRequestTimeout(int32_t timeoutMs) {
  if (client_) client_->SetHttpRequestTimeout(timeoutMs);
}

}  // namespace vendor
