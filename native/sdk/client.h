// The port: the abstract client both backends implement. Its shape follows discordpp::Client so the
// vendor adapter is a thin translation, and so the simulator behaves like the real SDK.
//
// Callback contract (the vendor SDK's RunCallbacks semantics): a backend never invokes a callback
// inside the call that caused it, and never on its own threads. It queues the callback and invokes
// it later on the thread that pumps callbacks (the JS thread). Callbacks may therefore call back
// into the client.
#pragma once

#include <functional>
#include <optional>
#include <string>


#include "sdk/auth_api.h"
#include "sdk/callbacks.h"
#include "sdk/guilds_api.h"
#include "sdk/invites_api.h"
#include "sdk/lobbies_api.h"
#include "sdk/messages_api.h"
#include "sdk/presence_api.h"
#include "sdk/relationships_api.h"
#include "sdk/types.h"
#include "sdk/voice_api.h"

namespace sdk {

struct ClientOptions {
  Snowflake applicationId = 0;
  // Base URLs of the service's API and web app (discordpp::ClientCreateOptions ApiBase/WebBase);
  // unset: the library's defaults. The simulator has no URLs and ignores them.
  std::optional<std::string> apiBase;
  std::optional<std::string> webBase;
  // How often a polled backend (the vendor library) is asked for its queued callbacks, in ms.
  // The simulator signals its callbacks and ignores it.
  uint32_t runCallbacksIntervalMs = 10;
  // discordpp::ClientCreateOptions::SetCpuAffinityMask: an affinity hint for the SDK's threads,
  // honoured on one console family only (spec); elsewhere the platform may ignore it.
  std::optional<uint64_t> cpuAffinityMask;
  // The experimental audio options of discordpp::ClientCreateOptions ("an experimental API which
  // may be removed or changed in a future release"): the audio system (Standard by default; Game
  // uses media-type streams on mobile) and, on Android, staying out of communications mode while
  // Bluetooth is connected.
  AudioSystem experimentalAudioSystem = AudioSystem::Standard;
  bool experimentalAndroidPreventCommsForBluetooth = false;
};

// The core client: token, connection, status and logs. Each feature has an interface of its own
// (sdk/*_api.h), reached from here.
class Client : public CallbackTypes {
 public:
  using StatusCallback = std::function<void(Status, ConnectionError, int32_t errorDetail)>;

  virtual ~Client() = default;

  // Stores the token used by the next Connect(). Validation of the token itself happens when
  // connecting, as with the vendor SDK.
  virtual void UpdateToken(TokenType type, std::string token, ResultCallback done) = 0;
  // Asynchronous: progress is reported through the status callback only.
  virtual void Connect() = 0;
  virtual void Disconnect() = 0;

  virtual Status GetStatus() const = 0;
  virtual Snowflake GetApplicationId() const = 0;
  // Present once the client is Ready (discordpp::Client::GetCurrentUserV2).
  virtual std::optional<User> GetCurrentUser() const = 0;
  // The affinity mask the client was created with (the vendor adapter returns what it passed to
  // ClientCreateOptions::SetCpuAffinityMask; the SDK has no getter).
  virtual std::optional<uint64_t> GetCpuAffinityMask() const = 0;

  // discordpp::Client::SetLogDir: the client's own log lines (not the voice engine's) are also
  // written to `discord.log` in `path` (empty: beside the library), from minSeverity up; None stops
  // it (the default). Opening overwrites an existing discord.log. True when the file was opened.
  virtual bool SetLogDir(std::string path, LogSeverity minSeverity) = 0;
  // discordpp::Client::SetHttpRequestTimeout: the websocket client's HTTP timeout, in ms.
  virtual void SetHttpRequestTimeout(int32_t timeoutMs) = 0;

  // Registering again replaces the previous callback (vendor behaviour).
  virtual void SetStatusChangedCallback(StatusCallback cb) = 0;
  virtual void SetLogCallback(LogCallback cb, LogSeverity minSeverity) = 0;

  // The features.
  virtual LobbiesApi& Lobbies() = 0;
  virtual MessagesApi& Messages() = 0;
  virtual VoiceApi& Voice() = 0;
  virtual GuildsApi& Guilds() = 0;
  virtual PresenceApi& Presence() = 0;
  virtual RelationshipsApi& Relationships() = 0;
  virtual AuthApi& Auth() = 0;
  virtual InvitesApi& Invites() = 0;

  // Tears the client down: stops and joins every thread it owns, then queues a ClientDestroyed
  // result for every operation still pending. Idempotent. After Close() no callback of this client
  // is queued any more, except those pending results.
  virtual void Close() = 0;
};

}  // namespace sdk
