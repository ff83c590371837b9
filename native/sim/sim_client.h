// The simulated SDK client: the vendor status machine (Disconnected -> Connecting -> Connected ->
// Ready, Disconnecting, Reconnecting) driven by its own service thread against a sim::World.
#pragma once

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "sdk/callback_queue.h"
#include "sdk/client.h"
#include "sim/service_thread.h"
#include "sim/world.h"

namespace sim {

class SimClient final : public sdk::Client, public Session {
 public:
  SimClient(std::shared_ptr<World> world, sdk::CallbackQueue& queue, sdk::ClientOptions options);
  ~SimClient() override;  // Close()s

  // sdk::Client
  void UpdateToken(sdk::TokenType type, std::string token, ResultCallback done) override;
  void Connect() override;
  void Disconnect() override;
  sdk::Status GetStatus() const override { return status_.load(); }
  sdk::Snowflake GetApplicationId() const override { return options_.applicationId; }
  std::optional<sdk::User> GetCurrentUser() const override;
  void SetStatusChangedCallback(StatusCallback cb) override;
  void SetLogCallback(LogCallback cb, sdk::LogSeverity minSeverity) override;
  void Close() override;

  // Session (called by the world; only posts to the service thread)
  sdk::Snowflake SessionUserId() const override { return sessionUserId_.load(); }
  void OnTokenRevoked(const std::string& token) override;
  void OnConnectionDropped() override;
  void OnLoadLogs(uint32_t count, sdk::LogSeverity severity, std::string message) override;

 private:
  // The gateway close code the service sends when identify fails.
  static constexpr int32_t kAuthenticationFailedClose = 4004;

  // Service-thread steps.
  void BeginConnect(bool reconnecting);
  void FinishDisconnect(sdk::ConnectionError error, int32_t detail);
  void SetStatus(sdk::Status status, sdk::ConnectionError error = sdk::ConnectionError::None,
                 int32_t detail = 0);
  void Log(sdk::LogSeverity severity, std::string message);

  // Pending operations: completed exactly once, by the service thread or by Close().
  uint64_t BeginOperation(ResultCallback done);
  void CompleteOperation(uint64_t id, sdk::Result result);

  std::shared_ptr<World> world_;
  sdk::CallbackQueue& queue_;
  const sdk::ClientOptions options_;

  std::atomic<sdk::Status> status_{sdk::Status::Disconnected};
  std::atomic<sdk::Snowflake> sessionUserId_{0};

  mutable std::mutex mutex_;  // guards everything below
  std::string token_;         // service-thread copy lives in connectedToken_
  std::string connectedToken_;
  std::optional<sdk::User> currentUser_;
  // Shared, so each queued callback holds a reference rather than a copy of the function.
  std::shared_ptr<const StatusCallback> statusCallback_;
  std::shared_ptr<const LogCallback> logCallback_;
  sdk::LogSeverity minLogSeverity_ = sdk::LogSeverity::None;
  uint64_t nextOperationId_ = 1;
  std::map<uint64_t, ResultCallback> pending_;
  bool closed_ = false;

  ServiceThread service_;  // last member: its thread stops before the state above is destroyed
};

}  // namespace sim
