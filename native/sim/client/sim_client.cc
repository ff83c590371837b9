#include "sim/client/sim_client.h"

#include <utility>
#include <vector>

#include "sdk/redact.h"

namespace sim {

namespace {
const char* StatusName(sdk::Status status) {
  switch (status) {
    case sdk::Status::Disconnected: return "disconnected";
    case sdk::Status::Connecting: return "connecting";
    case sdk::Status::Connected: return "connected";
    case sdk::Status::Ready: return "ready";
    case sdk::Status::Reconnecting: return "reconnecting";
    case sdk::Status::Disconnecting: return "disconnecting";
    case sdk::Status::HttpWait: return "httpWait";
  }
  return "unknown";
}
}  // namespace

SimClient::SimClient(std::shared_ptr<World> world, sdk::CallbackQueue& queue,
                     sdk::ClientOptions options)
    : world_(std::move(world)),
      queue_(queue),
      options_{options.applicationId, options.cpuAffinityMask, options.experimentalAudioSystem,
               options.experimentalAndroidPreventCommsForBluetooth} {
  world_->Attach(this);
}

SimClient::~SimClient() { Close(); }

void SimClient::UpdateToken(sdk::TokenType type, std::string token, ResultCallback done) {
  const uint64_t op = BeginOperation(std::move(done));
  secrets_.Add(token);  // before any line can carry it
  const bool posted = Post([this, op, type, token = std::move(token)]() mutable {
    if (type != sdk::TokenType::Bearer) {
      CompleteOperation(op, sdk::Result::Failure(sdk::ErrorType::ValidationError,
                                                 "only Bearer tokens are accepted"));
      return;
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      token_ = token;
    }
    ContinueSessionWith(token);
    CompleteOperation(op, sdk::Result::Success());
  });
  if (!posted) {
    CompleteOperation(op, sdk::Result::Failure(sdk::ErrorType::ClientDestroyed, "the client was closed"));
  }
}

void SimClient::Connect() {
  connectCalled_.store(true);
  Post([this] {
    if (status_.load() != sdk::Status::Disconnected) return;  // already on its way
    BeginConnect(false);
  });
}

void SimClient::Disconnect() {
  Post([this] {
    if (status_.load() == sdk::Status::Disconnected) return;
    SetStatus(sdk::Status::Disconnecting);
    FinishDisconnect(sdk::ConnectionError::None, 0);
  });
}

std::optional<sdk::User> SimClient::GetCurrentUser() const {
  sdk::Snowflake userId = 0;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    userId = currentUserId_;
  }
  if (userId == 0) return std::nullopt;
  // Handles read live data: the activity and application profiles as the service has them now.
  // The world keeps every user it made (and a user always sees itself), so this finds it.
  return world_->ViewUser(sessionApplicationId_.load(), userId, userId);
}

void SimClient::SetStatusChangedCallback(StatusCallback cb) {
  std::lock_guard<std::mutex> lock(mutex_);
  callbacks_.Set(&ClientCallbacks::status, std::move(cb));
}

void SimClient::SetLogCallback(LogCallback cb, sdk::LogSeverity minSeverity) {
  std::lock_guard<std::mutex> lock(mutex_);
  callbacks_.Set(&ClientCallbacks::log, std::move(cb));
  minLogSeverity_ = minSeverity;
  logSetup_.fetch_add(1, std::memory_order_release);
}

void SimClient::Close() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_) return;
    closed_ = true;
  }
  // Detach first: once Detach returns the world can no longer call into this client.
  world_->Detach(this);
  // A round with this client's tasks may be waiting for room in the pump's queue, which the JS
  // thread (the one closing) cannot make now: it looks at the stop flag again at once, instead of
  // at its next 2 ms poll.
  service_.RequestStop();
  queue_.WakeProducers();
  service_.Stop();
  std::vector<PendingOperations::Callback> unfinished;
  {
    std::lock_guard<std::mutex> lock(pendingMutex_);
    unfinished = pending_.TakeAll();
  }
  PublishedCallback<LobbyEventCallback>::Kept lobbyCallbacks;
  PublishedCallback<MessageEventCallback>::Kept messageCallbacks;
  PublishedCallback<UserUpdatedCallback>::Kept userCallbacks;
  // Let go outside the lock (a delivery still queued may keep it).
  std::shared_ptr<const ClientCallbacks> callbacks;
  std::string deviceCode;
  std::vector<std::shared_ptr<sdk::RawAudioRing>> rings;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    lobbyCallbacks = lobbyCallback_.TakeAll();
    messageCallbacks = messageCallback_.TakeAll();
    userCallbacks = userCallback_.TakeAll();
    callbacks = callbacks_.TakeAll();
    logSetup_.fetch_add(1, std::memory_order_release);
    for (auto& entry : calls_) {
      if (entry.second.ring) rings.push_back(std::move(entry.second.ring));
    }
    calls_.clear();
    currentUserId_ = 0;
    deviceOp_ = 0;
    deviceCode.swap(deviceCode_);
  }
  // The raw-audio calls end with the client: their rings close and the engine's thread is joined.
  for (auto& ring : rings) ring->Close();
  rawAudio_.Stop();
  // A device sign-in in progress ends with the client: its request no longer waits for the player.
  if (!deviceCode.empty()) world_->CancelDeviceAuthorization(deviceCode);
  status_.store(sdk::Status::Disconnected);
  // The fan-out callbacks go after what their pointers were queued with has run (the service is
  // stopped: nothing more is queued with them).
  ReleaseAfterDelivery(std::move(lobbyCallbacks));
  ReleaseAfterDelivery(std::move(messageCallbacks));
  ReleaseAfterDelivery(std::move(userCallbacks));
  for (auto& onFailure : unfinished) {
    Deliver([done = std::move(onFailure)] {
      done(sdk::Result::Failure(sdk::ErrorType::ClientDestroyed, "the client was closed"));
    });
  }
}

void SimClient::OnTokenRevoked(const std::string& token) {
  Post([this, token] {
    const sdk::Status status = status_.load();
    if (status == sdk::Status::Disconnected || status == sdk::Status::Disconnecting) return;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (connectedToken_ != token) return;
    }
    Log(sdk::LogSeverity::Warning, "Gateway closed the connection: the access token was revoked");
    FinishDisconnect(sdk::ConnectionError::UnexpectedClose, kAuthenticationFailedClose);
  });
}

void SimClient::OnConnectionDropped() {
  Post([this] {
    if (status_.load() != sdk::Status::Ready && status_.load() != sdk::Status::Connected) return;
    Log(sdk::LogSeverity::Warning, "Gateway connection lost; reconnecting");
    world_->SessionGone(this);
    EndLocalCalls(sdk::CallError::SignalingUnexpectedClose);
    SetStatus(sdk::Status::Reconnecting, sdk::ConnectionError::UnexpectedClose, 0);
    BeginConnect(true);
  });
}

void SimClient::OnLoadLogs(uint32_t count, sdk::LogSeverity severity, std::string message, bool voice) {
  Post([this, count, severity, message = std::move(message), voice] {
    // A long flood: what the tasks before it in this round posted for JS goes now, not after it.
    // A short one stages with them (a burst of one-line floods is then handed over by rounds).
    if (count > sdk::CallbackQueue::kBlockSize) sdk::CallbackQueue::Staging::Flush();
    LogLines(severity, message, voice, count);
  });
}

void SimClient::OnLobbyEvent(sdk::LobbyEvent event, sdk::Snowflake lobbyId, sdk::Snowflake memberId) {
  Post([this, event, lobbyId, memberId] {
    if (status_.load() != sdk::Status::Ready) return;
    if (const LobbyEventCallback* cb = lobbyCallback_.Get()) {
      Deliver([cb, event, lobbyId, memberId] { (*cb)(event, lobbyId, memberId); });
    }
  });
}

void SimClient::OnMessageEvent(sdk::MessageEvent event, sdk::MessagePtr message) {
  // The message moves from this post to the callback: the world's copy per recipient is the only
  // change to its reference count until JS is done with it.
  Post([this, event, message = std::move(message)]() mutable {
    if (status_.load() != sdk::Status::Ready) return;
    if (message->recipientId != 0) CacheUserMessage(event, message);
    RememberMessage(event, message);
    if (const MessageEventCallback* cb = messageCallback_.Get()) {
      Deliver([cb, event, message = std::move(message)]() mutable { (*cb)(event, std::move(message)); });
    }
  });
}

bool SimClient::SignedIn(sdk::Snowflake* app, sdk::Snowflake* user, sdk::Result* failure) const {
  const sdk::Status status = status_.load();
  *user = sessionUserId_.load();
  *app = sessionApplicationId_.load();
  if (status == sdk::Status::Ready && *user != 0) return true;
  *failure = sdk::Result::Failure(sdk::ErrorType::ClientNotReady,
                                  std::string("the client is not ready (status: ") + StatusName(status) + ")");
  return false;
}

void SimClient::LogRequest(CallKind kind) {
  // The debug build echoes each request with its headers; the log filter keeps the token out. The
  // release build makes no Verbose line: it is not built there (a copy of the token and a few
  // allocations per call).
  if (!BuildLogs(sdk::LogSeverity::Verbose)) return;
  std::string token;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    token = connectedToken_;
  }
  Log(sdk::LogSeverity::Verbose, std::string("HTTP ") + CallKindName(kind) + " (Authorization: Bearer " + token + ")");
}

void SimClient::Enqueue(Task task) { Post(std::move(task)); }

bool SimClient::Post(Task task) {
  // The world's pool counts the task as in flight for settle() until it has run or is dropped.
  return service_.Post(std::move(task));
}

void SimClient::Deliver(sdk::CallbackQueue::Callback callback) {
  queue_.PostWaiting(std::move(callback), service_.StopFlag());
}

void SimClient::BeginConnect(bool reconnecting) {
  if (!reconnecting) SetStatus(sdk::Status::Connecting);
  std::string token;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    token = token_;
  }
  if (reconnecting) SetStatus(sdk::Status::Connecting);
  const uint64_t attempt = ++connectAttempt_;
  Log(sdk::LogSeverity::Verbose, "Gateway: opening the connection (attempt " + std::to_string(attempt) + ")");
  // Identify is a round trip to the service: it takes the injected latency, and may be failed.
  world_->Schedule(this, CallKind::Connect, 0, [this, attempt](std::optional<sdk::Result> failure) {
    Identify(attempt, failure);
  });
}

void SimClient::Identify(uint64_t attempt, const std::optional<sdk::Result>& failure) {
  // Disconnect(), or a newer attempt, overtook this one while it was on its way.
  if (attempt != connectAttempt_ || status_.load() != sdk::Status::Connecting) return;
  if (failure) {
    Log(sdk::LogSeverity::Warning, "Gateway connection failed: " + failure->message);
    FinishDisconnect(sdk::ConnectionError::ConnectionFailed, failure->code);
    return;
  }
  std::string token;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    token = token_;
  }
  // The debug build echoes the request; the log filter keeps the token out of the line.
  Log(sdk::LogSeverity::Verbose, "Gateway: sending IDENTIFY with Authorization: Bearer " + token);
  sdk::User user;
  sdk::Snowflake app = 0;
  const AuthFailure refused = world_->Authenticate(token, options_.applicationId, &user, &app);
  if (refused != AuthFailure::None) {
    Log(sdk::LogSeverity::Warning,
        std::string("Gateway rejected identify: ") + AuthFailureText(refused));
    FinishDisconnect(sdk::ConnectionError::ConnectionFailed, kAuthenticationFailedClose);
    return;
  }
  SetStatus(sdk::Status::Connected);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    connectedToken_ = token;
    currentUserId_ = user.id;
  }
  tokenReplaced_.store(false, std::memory_order_relaxed);
  sessionApplicationId_.store(app);
  sessionUserId_.store(user.id);
  Log(sdk::LogSeverity::Info, "Ready as user " + std::to_string(user.id));
  // The world counts the session before 'ready' is reported, so everything sent to the user once
  // connect() has resolved reaches it. Events the world posts now run on this thread after this
  // step, when the status is already Ready, so none is dropped as "not ready".
  status_.store(sdk::Status::Ready);
  world_->SessionReady(this, app, user.id);
  RecordLaunchCommands(user.id);
  TellShowingChat();
  SetStatus(sdk::Status::Ready);
  WatchTokenExpiry(attempt, token);
}

void SimClient::FinishDisconnect(sdk::ConnectionError error, int32_t detail) {
  world_->SessionGone(this);
  EndLocalCalls(error == sdk::ConnectionError::None ? sdk::CallError::None
                                                    : sdk::CallError::SignalingUnexpectedClose);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    connectedToken_.clear();
    currentUserId_ = 0;
  }
  sessionUserId_.store(0);
  sessionApplicationId_.store(0);
  SetStatus(sdk::Status::Disconnected, error, detail);
}

void SimClient::SetStatus(sdk::Status status, sdk::ConnectionError error, int32_t detail) {
  status_.store(status);
  std::shared_ptr<const StatusCallback> cb;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    cb = callbacks_.Get(&ClientCallbacks::status);
  }
  if (!cb) return;
  Deliver([cb = std::move(cb), status, error, detail] { (*cb)(status, error, detail); });
}

bool SimClient::BuildLogs(sdk::LogSeverity severity) const {
  // The release build logs only Error and Warning (spec: Authentication rule 10).
  return severity >= sdk::LogSeverity::Warning || world_->DebugLogs();
}

std::shared_ptr<const SimClient::LogCallback> SimClient::LogCallbackFor(sdk::LogSeverity severity, bool voice) const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (severity < (voice ? minVoiceLogSeverity_ : minLogSeverity_)) return nullptr;
  return callbacks_.Get(voice ? &ClientCallbacks::voiceLog : &ClientCallbacks::log);
}

bool SimClient::SetLogDir(std::string path, sdk::LogSeverity minSeverity) {
  // discordpp.h recommends calling it right after construction but, unlike SetVoiceLogDir, does
  // not require it: it takes effect whenever it is called, from the next line on.
  const bool opened = logFile_.Open(path, minSeverity);
  std::lock_guard<std::mutex> lock(settingsMutex_);
  sim::SdkSettings& settings = settings_.Ensure();
  settings.logDir = std::move(path);
  settings.logMinSeverity = opened ? minSeverity : sdk::LogSeverity::None;
  return opened;
}

void SimClient::SetHttpRequestTimeout(int32_t timeoutMs) {
  // Recorded for the harness: the simulated connection makes no HTTP requests that could time out.
  std::lock_guard<std::mutex> lock(settingsMutex_);
  settings_.Ensure().httpRequestTimeoutMs = timeoutMs;
}

void SimClient::Log(sdk::LogSeverity severity, std::string message, bool voice) {
  if (!BuildLogs(severity)) return;
  // SetLogDir's file "explicitly excludes most logs for voice and webrtc activity" (discordpp.h).
  const bool toFile = !voice && logFile_.Accepts(severity);
  std::shared_ptr<const LogCallback> cb = LogCallbackFor(severity, voice);
  if (!cb && !toFile) return;
  // The SDK filters the bearer token out of every log line, at every level (spec, Authentication
  // 10): every token this client has held, since a line may have been built before a refresh.
  message = secrets_.Apply(std::move(message));
  if (toFile) logFile_.Write(severity, message, world_->NowWithoutLock());
  if (cb) Deliver([cb = std::move(cb), severity, message = std::move(message)] { (*cb)(message, severity); });
}

void SimClient::LogLines(sdk::LogSeverity severity, const std::string& message, bool voice, uint32_t count) {
  std::shared_ptr<const LogCallback> cb;
  std::optional<uint64_t> setup;     // the logSetup_ that `cb` was looked up at
  std::string line;
  std::optional<uint64_t> filtered;  // the secrets' version `line` was filtered at
  for (uint32_t i = 0; i < count && !service_.StopRequested();) {
    // A run of lines is made at one instant: one build, callback and filter for all of them.
    const uint32_t lines = std::min(kLinesPerCallback, count - i);
    i += lines;
    if (!BuildLogs(severity)) continue;
    const uint64_t now = logSetup_.load(std::memory_order_acquire);
    if (setup != now) {
      std::shared_ptr<const LogCallback> next = LogCallbackFor(severity, voice);
      if (next != cb) ReleaseAfterDelivery(std::exchange(cb, std::move(next)));
      setup = now;
    }
    const bool toFile = !voice && logFile_.Accepts(severity);
    if (!cb && !toFile) continue;
    const uint64_t secrets = secrets_.Version();
    if (filtered != secrets) {
      line = secrets_.Apply(message);
      filtered = secrets;
    }
    if (toFile) logFile_.Write(severity, line, world_->NowWithoutLock(), lines);
    if (!cb) continue;
    Deliver([cb = cb.get(), severity, line, lines] {
      for (uint32_t k = 0; k < lines; ++k) (*cb)(line, severity);
    });
  }
  ReleaseAfterDelivery(std::move(cb));
}

uint64_t SimClient::BeginOperation(PendingOperations::Callback onFailure) {
  std::lock_guard<std::mutex> lock(pendingMutex_);
  const uint64_t id = nextOperationId_++;
  pending_.Add(id, std::move(onFailure));
  return id;
}

std::optional<PendingOperations::Callback> SimClient::TakeOperation(uint64_t id) {
  std::lock_guard<std::mutex> lock(pendingMutex_);
  return pending_.Take(id);
}

void SimClient::FinishOperation(uint64_t id, sdk::Task deliver) {
  if (TakeOperation(id)) Deliver(std::move(deliver));
}

void SimClient::CompleteOperation(uint64_t id, sdk::Result result) {
  std::optional<PendingOperations::Callback> done = TakeOperation(id);
  if (done) Deliver([done = std::move(*done), result = std::move(result)] { done(result); });
}

}  // namespace sim
