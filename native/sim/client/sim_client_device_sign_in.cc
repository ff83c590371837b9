// The simulated client's device sign-in (sdk/auth_api.h): GetTokenFromDevice asks the service
// for a device authorization (an HTTP round trip: latency and planned faults apply), shows the
// screen with the user code, then polls the token endpoint every `interval` on the world's clock
// until the user answers at the verification page, the code expires, or the flow is aborted.
// No line carries the device code, the user code or a token.
#include <utility>

#include "sim/client/sim_client.h"

namespace sim {

void SimClient::GetTokenFromDevice(sdk::Snowflake clientId, std::string scopes, TokenExchangeCallback done) {
  StartDeviceSignIn(CallKind::GetTokenFromDevice, clientId, std::move(scopes), std::nullopt, std::move(done));
}

void SimClient::GetTokenFromDeviceProvisionalMerge(sdk::Snowflake clientId, std::string scopes,
                                                   sdk::ExternalAuthType externalAuthType,
                                                   std::string externalAuthToken, TokenExchangeCallback done) {
  secrets_.Add(externalAuthToken);
  StartDeviceSignIn(CallKind::GetTokenFromDeviceProvisionalMerge, clientId, std::move(scopes),
                    World::ExternalAuth{externalAuthType, std::move(externalAuthToken)}, std::move(done));
}

void SimClient::StartDeviceSignIn(CallKind kind, sdk::Snowflake clientId, std::string scopes,
                                  std::optional<World::ExternalAuth> merge, TokenExchangeCallback done) {
  const uint64_t op = BeginValueOperation(done);
  bool busy = false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    busy = deviceOp_ != 0;
    if (!busy) {
      deviceOp_ = op;
      deviceCode_.clear();
    }
  }
  // Our choice, as Authorize: one flow at a time (the header is silent).
  if (busy) {
    return CompleteOperation(op, sdk::Result::Failure(sdk::ErrorType::ValidationError,
                                                      "a device authorization is already in progress "
                                                      "(abortGetTokenFromDevice() ends it)"));
  }
  Log(sdk::LogSeverity::Verbose, "HTTP POST /oauth2/device/authorize (scopes: " + scopes + ")");
  world_->Schedule(this, kind, 0,
                   [this, op, clientId, scopes = std::move(scopes), merge = std::move(merge),
                    done = std::move(done)](std::optional<sdk::Result> fault) {
                     auto fail = [this, op](sdk::Result failure) {
                       {
                         std::lock_guard<std::mutex> lock(mutex_);
                         if (deviceOp_ != op) return;  // aborted: already settled
                         deviceOp_ = 0;
                       }
                       CompleteOperation(op, std::move(failure));
                     };
                     if (fault) return fail(std::move(*fault));
                     {
                       std::lock_guard<std::mutex> lock(mutex_);
                       if (deviceOp_ != op) return;  // aborted while on its way
                     }
                     DeviceAuthorization request;
                     sdk::Result result = world_->RequestDeviceAuthorization(clientId, scopes, &request);
                     if (!result.ok()) return fail(std::move(result));
                     secrets_.Add(request.deviceCode);
                     bool aborted = false;
                     {
                       std::lock_guard<std::mutex> lock(mutex_);
                       if (deviceOp_ == op) deviceCode_ = request.deviceCode;
                       else aborted = true;
                     }
                     if (aborted) return world_->CancelDeviceAuthorization(request.deviceCode);
                     ShowDeviceScreen(clientId, request.userCode);
                     PollDevice(op, clientId, merge, request.intervalMs, done);
                   });
}

// One poll of the token endpoint, `delayMs` from now on the world's clock: again after the
// interval while the user has not answered (slow_down lengthens it), else the flow ends and the
// SDK closes its screen (the docs' manual flow has the game close it; the SDK's own flow does).
void SimClient::PollDevice(uint64_t op, sdk::Snowflake clientId, std::optional<World::ExternalAuth> merge,
                           uint64_t delayMs, TokenExchangeCallback done) {
  world_->ScheduleAt(this, world_->Now() + delayMs, [this, op, clientId, merge, done] {
    std::string code;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (deviceOp_ != op) return;
      code = deviceCode_;
    }
    Log(sdk::LogSeverity::Verbose, "HTTP POST /oauth2/token (grant_type=urn:ietf:params:oauth:grant-type:device_code)");
    sdk::TokenExchange tokens;
    uint64_t retryInMs = 0;
    sdk::Result result = world_->PollDeviceAuthorization(clientId, code, merge, &tokens, &retryInMs);
    if (retryInMs != 0) return PollDevice(op, clientId, merge, retryInMs, done);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (deviceOp_ != op) return;  // aborted meanwhile: already settled
      deviceOp_ = 0;
      deviceCode_.clear();
    }
    world_->CloseDeviceScreen(this);
    // Settled by a task queued after the screen's closing (which the world queues on this
    // client's service queue): the screen-closed callback so comes before the operation's, in
    // whatever pump turns they reach JS. Settled here, the result could reach JS a turn before it.
    Post([this, op, result = std::move(result), tokens = std::move(tokens), done]() mutable {
      if (!result.ok()) {
        Log(sdk::LogSeverity::Info, "Device authorization ended: " + result.message);
        return CompleteOperation(op, std::move(result));
      }
      Log(sdk::LogSeverity::Info, "Device authorization approved");
      FinishOperation(op, [done, tokens = std::move(tokens)] { done(sdk::Result::Success(), tokens); });
    });
  });
}

void SimClient::AbortGetTokenFromDevice() {
  uint64_t op = 0;
  std::string code;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    op = deviceOp_;
    code = std::move(deviceCode_);
    deviceOp_ = 0;
    deviceCode_.clear();
  }
  if (op == 0) return;
  // discordpp.h: "abort/cleanup the device authorization flow": the request and its screen go.
  if (!code.empty()) world_->CancelDeviceAuthorization(code);
  world_->CloseDeviceScreen(this);
  // Settled from the service thread (the JS thread never waits for the pump's queue); when the
  // client is closing, Close() settles it instead.
  Post([this, op] {
    Log(sdk::LogSeverity::Info, "GetTokenFromDevice aborted");
    CompleteOperation(op, sdk::Result::Failure(sdk::ErrorType::Aborted, "the device authorization was aborted"));
  });
}

void SimClient::ShowDeviceScreen(sdk::Snowflake clientId, std::string userCode) {
  Log(sdk::LogSeverity::Info, "Showing the device authorization screen");
  world_->OpenDeviceScreen(this, clientId, std::move(userCode), gameWindowPid_.load(), [this] { DeviceScreenClosed(); });
}

void SimClient::OpenAuthorizeDeviceScreen(sdk::Snowflake clientId, std::string userCode) {
  ShowDeviceScreen(clientId, std::move(userCode));
}

void SimClient::CloseAuthorizeDeviceScreen() { world_->CloseDeviceScreen(this); }

void SimClient::SetAuthorizeDeviceScreenClosedCallback(AuthorizeDeviceScreenClosedCallback cb) {
  std::lock_guard<std::mutex> lock(mutex_);
  callbacks_.Set(&ClientCallbacks::deviceScreenClosed, std::move(cb));
}

void SimClient::DeviceScreenClosed() {
  std::shared_ptr<const AuthorizeDeviceScreenClosedCallback> cb;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    cb = callbacks_.Get(&ClientCallbacks::deviceScreenClosed);
  }
  Log(sdk::LogSeverity::Info, "The device authorization screen closed");
  if (cb) Deliver([cb] { (*cb)(); });
}

}  // namespace sim
