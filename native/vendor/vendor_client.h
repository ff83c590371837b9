// sdk::Client over discordpp::Client. Everything runs on the JS thread: port calls come from
// client_wrap, and the vendor library runs its callbacks inside discordpp::RunCallbacks(), which
// the pump calls (see VendorBackend). Each vendor callback is re-posted to the pump's queue, so the
// port's contract holds even for a callback the library might run inside the call that caused it.
#pragma once

#include <atomic>
#include <cassert>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <discordpp.h>

#include "sdk/callback_queue.h"
#include "sdk/redact.h"
#include "sdk/client.h"

namespace vendor {

class VendorBackend;

// What a client shares with every callback it hands the library. The library may run a callback
// after the client is gone (a result for a destroyed client, or from a later owner's
// RunCallbacks): `open` is false then, and the callback touches nothing else.
struct Link {
  explicit Link(sdk::CallbackQueue& q) : queue(q) {}
  std::atomic<bool> open{true};
  sdk::CallbackQueue& queue;
  // The adapter's threading assumption: while the client is open, the library runs every callback
  // it was given (logs included) inside RunCallbacks() on the thread that owns the client, so the
  // state below needs no lock. Checked in debug builds, where a breach stops at once.
  const std::thread::id owner = std::this_thread::get_id();
  void AssertOwnerThread() const {
    assert(std::this_thread::get_id() == owner && "a vendor callback ran outside RunCallbacks() on the owning thread");
  }
  // Operations waiting for the library's result, each with how to fail it when the client closes.
  uint64_t nextOperation = 1;
  std::map<uint64_t, std::function<void()>> failOnClose;
};

// One object implements the core client and every feature interface; each feature's translation
// lives in its own file (vendor_client_<feature>.cc).
class VendorClient final : public sdk::Client,
                           public sdk::LobbiesApi,
                           public sdk::MessagesApi,
                           public sdk::VoiceApi,
                           public sdk::GuildsApi,
                           public sdk::PresenceApi,
                           public sdk::RelationshipsApi,
                           public sdk::AuthApi,
                           public sdk::InvitesApi {
 public:
  VendorClient(std::shared_ptr<VendorBackend> backend, sdk::CallbackQueue& queue,
               const sdk::ClientOptions& options);
  ~VendorClient() override;

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
  sdk::Status GetStatus() const override;
  sdk::Snowflake GetApplicationId() const override;
  std::optional<sdk::User> GetCurrentUser() const override;

  void SetStatusChangedCallback(StatusCallback cb) override;
  void SetLogCallback(LogCallback cb, sdk::LogSeverity minSeverity) override;

  std::optional<uint64_t> GetCpuAffinityMask() const override;
  bool SetLogDir(std::string path, sdk::LogSeverity minSeverity) override;
  void SetHttpRequestTimeout(int32_t timeoutMs) override;

  // The features: every method of the port's feature interfaces, declared from their lists and
  // defined in the interface's room, vendor_client_<feature>.cc (lobbies, messages: lobby and
  // direct, voice and voice_controls, guilds, presence, relationships, auth, invites).
  // GetVoiceSettings needs SDK 1.10 (SOCIAL_SDK_VENDOR_HAS_VOICE_SETTINGS); otherwise "not
  // available in SDK x.y".
  SDK_LOBBIES_API_METHODS(SDK_OVERRIDE)
  SDK_MESSAGES_API_METHODS(SDK_OVERRIDE)
  SDK_VOICE_API_METHODS(SDK_OVERRIDE)
  SDK_GUILDS_API_METHODS(SDK_OVERRIDE)
  SDK_PRESENCE_API_METHODS(SDK_OVERRIDE)
  SDK_RELATIONSHIPS_API_METHODS(SDK_OVERRIDE)
  SDK_AUTH_API_METHODS(SDK_OVERRIDE)
  SDK_INVITES_API_METHODS(SDK_OVERRIDE)

  void Close() override;

 private:
  // Registers `done` as pending and returns the function that settles it (from a vendor callback):
  // the result is posted to the pump once; if the client closes first, `done` gets ClientDestroyed.
  template <typename... Values>
  std::function<void(const sdk::Result&, Values...)> Pending(
      std::function<void(const sdk::Result&, Values...)> done);
  // Wraps a vendor event callback so that it runs only while the client is open.
  template <typename Fn>
  auto WhileOpen(Fn fn) {
    return [link = link_, fn = std::move(fn)](auto&&... args) {
      if (!link->open.load()) return;
      link->AssertOwnerThread();
      fn(std::forward<decltype(args)>(args)...);
    };
  }
  // Queues `callback` for the pump; it is dropped if the client closes before it runs (it may
  // use `this`, which is gone by then).
  void Post(std::function<void()> callback) {
    link_->queue.Post([link = link_, callback = std::move(callback)] {
      if (link->open.load()) callback();
    });
  }
  // Forwards a log line with every token the client has held, and any bearer credential,
  // replaced (older SDK builds did not filter it themselves; newer ones know only the current one).
  void ForwardLog(std::string message, discordpp::LoggingSeverity severity, bool voice);
  void ForwardVoiceEvent(sdk::VoiceEvent event, sdk::Snowflake lobbyId, sdk::Snowflake userId);
  // Forwards a call's status, participants, voice states and speaking (vendor_client_voice.cc).
  void WatchCall(discordpp::Call& call, sdk::Snowflake lobbyId);
  // Closes the lobby's raw-audio ring, if any (vendor_client_raw_audio.cc). JS thread.
  void CloseRing(sdk::Snowflake lobbyId);
  // The device in use of a kind after a device change: the chosen one while it is plugged in,
  // else (the library fell back to it) the default, and the choice is forgotten.
  std::string CurrentAfterChange(const std::vector<sdk::AudioDevice>& devices, std::string& chosen, bool* fellBack);
  void ForwardLobbyEvent(sdk::LobbyEvent event, uint64_t lobbyId, uint64_t memberId);
  void ForwardMessageEvent(sdk::MessageEvent event, uint64_t messageId);
  // Registers the relationship callbacks with the library (vendor_client_relationships.cc).
  void RegisterRelationshipCallbacks();
  // Registers the activity invite and join callbacks with the library (vendor_client_invites.cc).
  void RegisterInviteCallbacks();

  std::shared_ptr<VendorBackend> backend_;
  std::shared_ptr<Link> link_;
  std::unique_ptr<discordpp::Client> client_;
  sdk::Snowflake applicationId_ = 0;
  sdk::SecretFilter secrets_;  // every token the client has held, filtered from log lines
  StatusCallback onStatus_;
  LogCallback onLog_;
  LobbyEventCallback onLobby_;
  MessageEventCallback onMessage_;
  LogCallback onVoiceLog_;
  UserUpdatedCallback onUserUpdated_;
  MessageDeletedCallback onMessageDeleted_;
  RelationshipCallback onRelationshipCreated_;
  RelationshipCallback onRelationshipDeleted_;
  RelationshipGroupsCallback onRelationshipGroups_;
  ActivityInviteCallback onInviteCreated_;
  ActivityInviteCallback onInviteUpdated_;
  ActivityJoinCallback onJoin_;
  ActivityJoinWithApplicationCallback onJoinWithApplication_;
  std::optional<uint64_t> cpuAffinityMask_;
  CallStatusCallback onCallStatus_;
  VoiceEventCallback onVoiceEvent_;
  VoiceParticipantChangedCallback onVoiceParticipantChanged_;
  VoiceSettingsUpdatedCallback onVoiceSettings_;
  // Voice controls (vendor_client_voice_controls.cc). The library has no getters for the audio
  // processing switches, so the adapter reads back what it set (the library's defaults: all on
  // but noise cancellation); and the devices SetInputDevice/SetOutputDevice chose, to say which
  // device is current when the devices change.
  AudioDevicesChangedCallback onAudioDevicesChanged_;
  NoAudioInputCallback onNoAudioInput_;
  bool automaticGainControl_ = true;
  bool echoCancellation_ = true;
  bool noiseSuppression_ = true;
  bool noiseCancellation_ = false;
  std::string chosenInput_;
  std::string chosenOutput_;
  sdk::LogSeverity minLogSeverity_ = sdk::LogSeverity::Warning;
  sdk::LogSeverity minVoiceLogSeverity_ = sdk::LogSeverity::Warning;
  // The raw-audio calls' rings by lobby (vendor_client_raw_audio.cc): the map on the JS thread
  // only; each ring is also held by the library's audio callbacks, which run on its voice thread.
  std::map<sdk::Snowflake, std::shared_ptr<sdk::RawAudioRing>> rings_;
};

// Defined here so that every file of the adapter can instantiate it.
template <typename... Values>
std::function<void(const sdk::Result&, Values...)> VendorClient::Pending(
    std::function<void(const sdk::Result&, Values...)> done) {
  // Shared by the close path and the result path; whichever comes first takes `done`.
  auto slot = std::make_shared<std::function<void(const sdk::Result&, Values...)>>(std::move(done));
  const uint64_t operation = link_->nextOperation++;
  sdk::CallbackQueue* queue = &link_->queue;
  link_->failOnClose.emplace(operation, [queue, slot] {
    queue->Post([slot] {
      if (auto done = std::exchange(*slot, nullptr)) done(sdk::Result::Failure(sdk::ErrorType::ClientDestroyed, "the client was closed"), Values{}...);
    });
  });
  return [link = link_, slot, operation](const sdk::Result& result, Values... values) {
    if (!link->open.load()) return;
    link->AssertOwnerThread();
    link->failOnClose.erase(operation);
    link->queue.Post([slot, result, values...]() mutable {
      if (auto done = std::exchange(*slot, nullptr)) done(result, std::move(values)...);
    });
  };
}

}  // namespace vendor
