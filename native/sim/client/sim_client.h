// The simulated SDK client: the vendor status machine (Disconnected -> Connecting -> Connected ->
// Ready, Disconnecting, Reconnecting) driven by its own service queue (on the world's pool of workers)
// against a sim::World.
#pragma once

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "sdk/boxed.h"
#include "sdk/callback_queue.h"
#include "sdk/redact.h"
#include "sdk/client.h"
#include "sim/client/client_callbacks.h"
#include "sim/client/held_messages.h"
#include "sim/client/log_file.h"
#include "sim/client/pending_operations.h"
#include "sim/client/published_callback.h"
#include "sim/client/raw_audio_engine.h"
#include "sim/service/service_pool.h"
#include "sim/service/world.h"

namespace sim {

// One object implements the core client and every feature interface; each feature's code lives in
// its own file (sim_client_<feature>.cc).
class SimClient final : public sdk::Client,
                        public sdk::LobbiesApi,
                        public sdk::MessagesApi,
                        public sdk::VoiceApi,
                        public sdk::GuildsApi,
                        public sdk::PresenceApi,
                        public sdk::RelationshipsApi,
                        public sdk::AuthApi,
                        public sdk::InvitesApi,
                        public Session {
 public:
  SimClient(std::shared_ptr<World> world, sdk::CallbackQueue& queue, sdk::ClientOptions options);
  ~SimClient() override;  // Close()s

  // sdk::Client
  sdk::LobbiesApi& Lobbies() override { return *this; }
  sdk::MessagesApi& Messages() override { return *this; }
  sdk::VoiceApi& Voice() override { return *this; }
  sdk::GuildsApi& Guilds() override { return *this; }
  sdk::PresenceApi& Presence() override { return *this; }
  sdk::RelationshipsApi& Relationships() override { return *this; }
  sdk::AuthApi& Auth() override { return *this; }
  sdk::InvitesApi& Invites() override { return *this; }
  void UpdateToken(sdk::TokenType type, std::string token, ResultCallback done) override;
  void Connect() override;
  void Disconnect() override;
  sdk::Status GetStatus() const override { return status_.load(); }
  sdk::Snowflake GetApplicationId() const override { return options_.applicationId; }
  std::optional<sdk::User> GetCurrentUser() const override;
  void SetStatusChangedCallback(StatusCallback cb) override;
  void SetLogCallback(LogCallback cb, sdk::LogSeverity minSeverity) override;
  std::optional<uint64_t> GetCpuAffinityMask() const override { return options_.cpuAffinityMask; }
  bool SetLogDir(std::string path, sdk::LogSeverity minSeverity) override;
  void SetHttpRequestTimeout(int32_t timeoutMs) override;
  void Close() override;

  // The features: every method of the port's feature interfaces, declared from their lists and
  // defined in sim_client_<feature>.cc.
  SDK_LOBBIES_API_METHODS(SDK_OVERRIDE)
  SDK_MESSAGES_API_METHODS(SDK_OVERRIDE)
  SDK_VOICE_API_METHODS(SDK_OVERRIDE)
  SDK_GUILDS_API_METHODS(SDK_OVERRIDE)
  SDK_PRESENCE_API_METHODS(SDK_OVERRIDE)
  SDK_RELATIONSHIPS_API_METHODS(SDK_OVERRIDE)
  SDK_AUTH_API_METHODS(SDK_OVERRIDE)
  SDK_INVITES_API_METHODS(SDK_OVERRIDE)

  // Session (called by the world; only posts to the service thread, but Settings, which reads
  // under settingsMutex_ alone)
  sim::SdkSettings Settings() const override;
  sdk::Snowflake SessionUserId() const override { return sessionUserId_.load(); }
  void OnTokenRevoked(const std::string& token) override;
  void OnTokenReplaced(const std::string& token) override;
  void OnConnectionDropped() override;
  void OnLoadLogs(uint32_t count, sdk::LogSeverity severity, std::string message, bool voice) override;
  void OnLobbyEvent(sdk::LobbyEvent event, sdk::Snowflake lobbyId, sdk::Snowflake memberId) override;
  void OnMessageEvent(sdk::MessageEvent event, sdk::MessagePtr message) override;
  void OnUserUpdated(sdk::Snowflake userId) override;
  void Enqueue(Task task) override;
  void OnVoiceEvent(sdk::VoiceEvent event, sdk::Snowflake lobbyId, sdk::Snowflake userId) override;
  void OnLobbyVoiceParticipant(sdk::Snowflake lobbyId, sdk::Snowflake userId, bool added) override;
  void OnCallEnded(sdk::Snowflake lobbyId) override;
  void OnVoiceSettingsUpdated(const sdk::VoiceSettings& settings) override;
  void OnMachineAudioChanged(const Machine& machine, bool devicesChanged) override;
  void OnMessageDeleted(sdk::Snowflake messageId, sdk::Snowflake channelId) override;
  void OnRelationshipChanged(sdk::Snowflake other, bool isDiscord, bool created) override;
  void OnRelationshipGroupsUpdated(sdk::Snowflake userId) override;
  void OnActivityInvite(const sdk::ActivityInvite& invite, bool created) override;
  void OnActivityJoin(const sdk::ActivityJoin& join) override;

 private:
  // The gateway close code the service sends when identify fails.
  static constexpr int32_t kAuthenticationFailedClose = 4004;

  // Posts to the service thread, counted for the world's settle(). False once stopped.
  bool Post(Task task);
  // Queues a callback for the pump (JS thread). From the service thread it waits while the pump's
  // queue is full (backpressure), until this client stops; it must be called holding no lock.
  void Deliver(sdk::CallbackQueue::Callback callback);

  // Service-thread steps.
  void BeginConnect(bool reconnecting);
  void Identify(uint64_t attempt, const std::optional<sdk::Result>& failure);
  void FinishDisconnect(sdk::ConnectionError error, int32_t detail);
  void SetStatus(sdk::Status status, sdk::ConnectionError error = sdk::ConnectionError::None,
                 int32_t detail = 0);
  // Every line the client emits goes through here: dropped below Warning unless the world logs
  // like the debug build, and the bearer token filtered out. `voice`: a voice engine line.
  void Log(sdk::LogSeverity severity, std::string message, bool voice = false);
  // Whether lines of `severity` are made at all (the release build: Warning and Error only).
  bool BuildLogs(sdk::LogSeverity severity) const;
  // The callback a line of `severity` goes to (voice engine's or the client's), or none: not
  // registered, or below its level.
  std::shared_ptr<const LogCallback> LogCallbackFor(sdk::LogSeverity severity, bool voice) const;
  // `count` lines of one text (the harness's emitLogs), as many Log calls would, until Stop():
  // the callback and the filtered text are looked up again only when they may have changed (see
  // logSetup_, SecretFilter::Version), not per line. Per line, the two locks made the flood's
  // producer the slow end of the pump.
  // The lines go to the pump in runs of up to kLinesPerCallback per callback (a run keeps the
  // pump's turn, which counts callbacks, to a bounded size), and the runs hold the log callback by
  // pointer, kept alive by ReleaseAfterDelivery: a shared_ptr copy per line changed its count on
  // this thread and again on the JS thread, which bounced it between the cores (most of the
  // flood's cost on both).
  void LogLines(sdk::LogSeverity severity, const std::string& message, bool voice, uint32_t count);
  static constexpr uint32_t kLinesPerCallback = 16;
  // Hands `owned` (a smart pointer) to the pump in a callback that only holds it: it is released
  // on the JS thread, after every callback this thread queued before it has run (callbacks run in
  // order, and none is dropped unrun but at the pump's shutdown, which runs none). So callbacks
  // queued before may use what it owns by plain pointer. Service thread.
  template <typename Owner>
  void ReleaseAfterDelivery(Owner owned) {
    if (owned) Deliver([owned = std::move(owned)] {});
  }

  // Pending operations: completed exactly once, by the service thread or by Close().
  // `onFailure` reports a failure (ClientDestroyed when Close() comes first).
  uint64_t BeginOperation(PendingOperations::Callback onFailure);
  // BeginOperation for an operation that answers with a value: a failure comes with an empty one.
  template <typename ValueCallback>
  uint64_t BeginValueOperation(const ValueCallback& done) {
    return BeginOperation([done](const sdk::Result& failure) { done(failure, {}); });
  }
  void CompleteOperation(uint64_t id, sdk::Result result);
  // Completes with a value: `deliver` is queued instead of `onFailure`, unless Close() came first.
  void FinishOperation(uint64_t id, sdk::Task deliver);
  // The operation's failure callback, taken out (none once completed); released by the caller,
  // after the lock.
  std::optional<PendingOperations::Callback> TakeOperation(uint64_t id);

  // A service call: runs `body(app, user)` on the service thread after the world's latency, unless
  // a fault is planned or the client is not ready; then the operation fails with that. The body
  // (the request's arguments and callback) is allocated here, on the caller's thread, and handed
  // back to the pump to be freed on the JS thread after it ran: freed on a worker, every call's
  // block cost a contended round of glibc's arena lock on both threads.
  template <typename Body>
  void Call(CallKind kind, uint64_t op, Body body) {
    LogRequest(kind);
    auto state = std::make_unique<Body>(std::move(body));
    world_->Schedule(this, kind, sessionUserId_.load(), [this, op, state = std::move(state)](std::optional<sdk::Result> fault) mutable {
      sdk::Snowflake app = 0, user = 0;
      sdk::Result failure;
      if (fault) {
        CompleteOperation(op, std::move(*fault));
      } else if (!SignedIn(&app, &user, &failure)) {
        CompleteOperation(op, std::move(failure));
      } else if (tokenReplaced_.load(std::memory_order_relaxed)) {
        CompleteOperation(op, ReplacedTokenFailure());
      } else {
        (*state)(app, user);
      }
      ReleaseAfterDelivery(std::move(state));
    });
  }
  // The debug build's Verbose line for a service call (with its headers, the token filtered).
  void LogRequest(CallKind kind);
  // A relationship operation: a Call whose body answers with the world's Result.
  void RelationshipCall(CallKind kind, ResultCallback done, std::function<sdk::Result(sdk::Snowflake user)> body);
  // The signed-in (application, user), or a ClientNotReady failure.
  bool SignedIn(sdk::Snowflake* app, sdk::Snowflake* user, sdk::Result* failure) const;

  // The local direct-message cache (sim_client_messages.cc; service thread only).
  // Per conversation (keyed by the other user), the newest messages this client sent or received
  // while connected plus what fetches brought, oldest first, at most kCachedPerConversation; at
  // most kCachedConversations conversations. Forgotten when the client connects again (events
  // missed while away would leave gaps).
  static constexpr size_t kCachedPerConversation = 200;
  static constexpr size_t kCachedConversations = 100;
  std::map<sdk::Snowflake, std::vector<sdk::MessagePtr>>& UserMessageCache();
  void CacheUserMessage(sdk::MessageEvent event, const sdk::MessagePtr& message);
  void CacheFetchedUserMessages(sdk::Snowflake peer, const std::vector<sdk::MessagePtr>& newestFirst);
  sdk::Boxed<std::map<sdk::Snowflake, std::vector<sdk::MessagePtr>>> userMessageCache_;  // made at first use
  uint64_t userMessageCacheAttempt_ = 0;  // the connect attempt the cache belongs to

  // The messages GetMessageHandle reads (sim_client_messages.cc): the newest of each channel this
  // client was told of while running (held_messages.h; "Messages sent before the SDK was started
  // cannot be accessed with this"), and the channel each was sent in (GetChannelHandle).
  // Written by the service thread as the message events arrive, read by the JS thread: under
  // handlesMutex_. A message is found by a binary search in each channel held: no index by
  // message id, whose insert and erase (a map node each) were a tenth of a lobby delivery's cost.
  struct HeldChannel {
    sdk::Channel channel;
    HeldMessages messages;
  };
  void RememberMessage(sdk::MessageEvent event, const sdk::MessagePtr& message);
  void ForgetMessage(sdk::Snowflake messageId, sdk::Snowflake channelId);
  // Whether the game shows chat now (SetShowingChat), told to the user's chat client at each change
  // and when the client becomes ready (service thread).
  std::atomic<bool> showingChat_{false};
  void TellShowingChat();
  mutable std::mutex handlesMutex_;
  std::map<sdk::Snowflake, HeldChannel> heldChannels_;  // by channel id

  std::shared_ptr<World> world_;
  sdk::CallbackQueue& queue_;
  // The options the simulator uses: it has no URLs and signals its callbacks, so the API and web
  // bases and the polling interval are not kept (90 bytes of every client).
  struct Options {
    sdk::Snowflake applicationId;
    std::optional<uint64_t> cpuAffinityMask;
    sdk::AudioSystem experimentalAudioSystem;
    bool experimentalAndroidPreventCommsForBluetooth;
  };
  const Options options_;

  std::atomic<sdk::Status> status_{sdk::Status::Disconnected};
  std::atomic<sdk::Snowflake> sessionUserId_{0};
  std::atomic<sdk::Snowflake> sessionApplicationId_{0};
  // The session's token was invalidated by a refresh (OnTokenReplaced): its calls are refused
  // until UpdateToken gives it a usable one, or the next identify (service thread).
  std::atomic<bool> tokenReplaced_{false};
  // The 401 such a call fails with (sim_client_auth.cc).
  static sdk::Result ReplacedTokenFailure();
  uint64_t connectAttempt_ = 0;  // service thread only: a delayed identify of an old attempt is dropped

  sdk::SecretFilter secrets_;  // every token this client has held, filtered from its log lines
  // Bumped (under mutex_) whenever a log callback or its level is set or cleared.
  std::atomic<uint64_t> logSetup_{0};

  // The pending operations have a lock of their own: the JS thread starts one per call and a
  // worker finishes it, while the worker takes mutex_ for its callbacks on every delivery.
  std::mutex pendingMutex_;
  uint64_t nextOperationId_ = 1;  // under pendingMutex_
  PendingOperations pending_;     // under pendingMutex_

  // The callbacks of fan-outs (a lobby's member and message events, a user's presence): read
  // without the lock, handed to the pump by pointer (see published_callback.h). Set under mutex_.
  PublishedCallback<LobbyEventCallback> lobbyCallback_;
  PublishedCallback<MessageEventCallback> messageCallback_;
  PublishedCallback<UserUpdatedCallback> userCallback_;

  mutable std::mutex mutex_;  // guards everything below
  // The callbacks the game registered, but the fan-outs' (client_callbacks.h): shared, so each
  // queued delivery holds a reference rather than a copy of the function.
  CallbackSet callbacks_;
  std::string token_;         // service-thread copy lives in connectedToken_
  std::string connectedToken_;
  // The signed-in user (0: none). Only its id: GetCurrentUser reads the user live from the world,
  // and a copy of sdk::User (856 bytes, most of it the optional activity) per client was a tenth
  // of a connected client's memory.
  sdk::Snowflake currentUserId_ = 0;
  sdk::LogSeverity minLogSeverity_ = sdk::LogSeverity::None;
  bool closed_ = false;

  // This client's voice calls, by lobby (service thread and JS thread, under mutex_).
  struct LocalCall {
    sdk::CallStatus status = sdk::CallStatus::Joining;
    bool selfMute = false;
    bool selfDeaf = false;
    uint64_t attempt = 0;  // a join still on its way for an ended call is dropped
    // The voice controls of the call (sim_client_voice_controls.cc).
    sdk::AudioMode audioMode = sdk::AudioMode::VoiceActivity;
    bool vadAutomatic = true;
    float vadThreshold = sdk::kDefaultVadThreshold;
    bool pttActive = false;
    uint32_t pttReleaseDelayMs = sdk::kDefaultPttReleaseDelayMs;
    uint64_t pttReleasedAtMs = 0;  // world clock; 0: never released
    std::map<sdk::Snowflake, float> participantVolume;  // absent: 100
    std::map<sdk::Snowflake, bool> localMute;          // absent: false
    // A raw-audio call's ring (StartCallWithAudio; sim_client_raw_audio.cc), closed when the call
    // ends; when it connected on the world clock, and how many frames are due since.
    std::shared_ptr<sdk::RawAudioRing> ring;
    uint64_t audioSinceMs = 0;
    uint64_t audioFrames = 0;
  };
  // Service-thread voice steps.
  void JoinCall(sdk::Snowflake lobbyId, uint64_t attempt, const std::optional<sdk::Result>& fault);
  // Ends the local call: through Disconnecting when `graceful`, straight to Disconnected (with
  // the error) when it failed. `leaveWorld`: the world still counts this client as a participant.
  void EndLocalCall(sdk::Snowflake lobbyId, sdk::CallError error, int32_t detail, bool graceful, bool leaveWorld);
  void EndLocalCalls(sdk::CallError error);
  // StartCall and StartCallWithAudio (`ring` null for a plain call).
  sdk::Result BeginCall(sdk::Snowflake lobbyId, std::shared_ptr<sdk::RawAudioRing> ring);
  // Raw audio (sim_client_raw_audio.cc), on the service thread: the connected call's frames start
  // on the world clock; each tick submits the frames due to the engine thread; a call's end closes
  // its ring and, with the last ring, stops the thread.
  void StartRawAudio(sdk::Snowflake lobbyId);
  void RawAudioTick(sdk::Snowflake lobbyId, std::shared_ptr<sdk::RawAudioRing> ring);
  void EndRawAudio(std::shared_ptr<sdk::RawAudioRing> ring);
  void PushVoiceState(sdk::Snowflake lobbyId);
  void SetCallStatus(sdk::Snowflake lobbyId, sdk::CallStatus status, sdk::CallError error = sdk::CallError::None,
                     int32_t detail = 0);
  std::map<sdk::Snowflake, LocalCall> calls_;
  uint64_t nextCallAttempt_ = 1;
  bool selfMuteAll_ = false;
  bool selfDeafAll_ = false;
  sdk::LogSeverity minVoiceLogSeverity_ = sdk::LogSeverity::None;

  // The voice engine's controls (sim_client_voice_controls.cc; under mutex_). The machine is the
  // signed-in user's (World::MachineOf), so devices are read once the client is ready.
  struct VoiceEngine {
    float inputVolume = 100;
    float outputVolume = 100;
    bool automaticGainControl = true;
    bool echoCancellation = true;
    bool noiseSuppression = true;
    bool noiseCancellation = false;
    float noAudioInputThreshold = sdk::kMinDecibels;
    bool inputDetected = true;  // as last reported
    std::string chosenInput;    // the device SetInputDevice chose; empty: the machine's default
    std::string chosenOutput;
    // The microphone's level as of the last change this client heard of, for `levelUser` (0:
    // none yet; then it is read from the world).
    float inputLevel = sdk::kMinDecibels;
    sdk::Snowflake levelUser = 0;
  };
  // Made at the first change, engine_.Ensure() (most clients never touch the voice engine):
  // EngineLocked() reads the controls, the defaults until then.
  sdk::Boxed<VoiceEngine> engine_;
  const VoiceEngine& EngineLocked() const;
  // The settings the game gave for the voice engine's diagnostics and the SDK's threads
  // (sim_client_voice_controls.cc), which the simulator records: a leaf lock, taken by the
  // world's harness read under its own. `connectCalled_`: from the first Connect() on it is too
  // late for the settings the vendor takes only right after construction.
  // The settings are kept once one is set (under settingsMutex_; 150 bytes that most clients,
  // which set none, did without); settings_.Ensure() makes them. The constructor's options are
  // read from options_.
  mutable std::mutex settingsMutex_;
  sdk::Boxed<sim::SdkSettings> settings_;
  LogFile logFile_;  // SetLogDir's discord.log: the client's lines other than the voice engine's
  std::atomic<bool> connectCalled_{false};
  // Runs `body` on the service thread with the signed-in user, or fails the operation with
  // ClientNotReady (ClientDestroyed once stopped). For the voice engine's local reads: no service
  // round trip, so no latency and no planned fault.
  void LocalOperation(uint64_t op, std::function<void(sdk::Snowflake user)> body);
  void ReadDevices(bool input, AudioDevicesCallback done);
  void ReadCurrentDevice(bool input, AudioDeviceCallback done);
  void ChooseDevice(bool input, std::string deviceId, ResultCallback done);
  // The device in use of a kind: the chosen one while it is plugged in, else the default.
  sdk::AudioDevice CurrentDeviceLocked(const Machine& machine, bool input) const;
  // Service-thread steps: the machine changed; whether the user is sending voice in a call
  // (self mute/deaf, input volume, the call's mode, the microphone's level), told to the world,
  // which tells the participants when it changed; the no-audio-input detection.
  void MachineAudioChanged(const Machine& machine, bool devicesChanged);
  // The microphone's level for `user`: the last change heard of (the world's when none).
  float InputLevel(sdk::Snowflake user);
  void UpdateSpeaking(sdk::Snowflake lobbyId);
  void UpdateAllSpeaking();
  void UpdateNoAudioInput();

  // The pending Authorize (sim_client_auth.cc; under mutex_): its operation and, once the chat
  // client shows it, its consent prompt. 0: none.
  uint64_t authorizeOp_ = 0;
  uint64_t authorizePrompt_ = 0;
  // The process whose window the sign-in overlay is shown over (SetGameWindowPid; the vendor's
  // default is the current process).
  std::atomic<uint32_t> gameWindowPid_{CurrentProcessId()};
  static uint32_t CurrentProcessId();
  void AuthorizeRequested();  // service thread: the world's notification of an account-link request
  // Service thread only: the token expiry steps of a connect attempt (sim_client_auth.cc), and
  // the tokens already announced as expiring (once per token).
  static constexpr uint64_t kTokenExpiringNoticeMs = 5 * 60 * 1000;
  void WatchTokenExpiry(uint64_t attempt, const std::string& token);
  void ContinueSessionWith(const std::string& token);  // service thread
  void TokenExpiring(uint64_t attempt, const std::string& token);
  void TokenExpired(uint64_t attempt, const std::string& token);
  sdk::Boxed<std::set<std::string>> expiringAnnounced_;  // made at the first announcement

  // The pending device sign-in (sim_client_device_sign_in.cc; under mutex_): its operation and,
  // once the service answered, its device code (a secret). 0: none.
  uint64_t deviceOp_ = 0;
  std::string deviceCode_;
  void StartDeviceSignIn(CallKind kind, sdk::Snowflake clientId, std::string scopes,
                         std::optional<World::ExternalAuth> merge, TokenExchangeCallback done);
  void PollDevice(uint64_t op, sdk::Snowflake clientId, std::optional<World::ExternalAuth> merge,
                  uint64_t delayMs, TokenExchangeCallback done);  // service thread
  void ShowDeviceScreen(sdk::Snowflake clientId, std::string userCode);
  void DeviceScreenClosed();  // service thread: the world closed this client's screen

  // Activity invites (sim_client_invites.cc; under mutex_): the launch commands registered,
  // recorded on the chat client of the user once signed in (RecordLaunchCommands).
  sdk::Boxed<std::map<sdk::Snowflake, std::string>> launchCommands_;  // made at the first one
  void RecordLaunchCommands(sdk::Snowflake user);

  // The raw-audio calls' frames (raw_audio_engine.h): stopped in Close() after the service queue.
  RawAudioEngine rawAudio_{world_->Pool()};
  ServiceQueue service_{world_->Pool()};  // last member: stopped before the state above is destroyed
};

}  // namespace sim
