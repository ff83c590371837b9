// The JS face of one sdk::Client. Knows only the port (sdk/), never a backend. Backend callbacks
// become JsEvents on the pump; results of operations carry the request id JS gave.
#pragma once

#include <memory>
#include <string>

#include <napi.h>

#include "napi/addon.h"
#include "sdk/backend.h"
#include "sdk/client.h"

class ClientWrap final : public Napi::ObjectWrap<ClientWrap>, public Closable {
 public:
  static void Init(Napi::Env env, Napi::Object exports);

  // new NativeClient(backendSource, clientId, applicationId, minLogSeverity, options?)
  // backendSource: a NativeWorld (simulator) or "vendor"; options: { apiBase?, webBase?,
  // runCallbacksIntervalMs?, cpuAffinityMask? } (see sdk::ClientOptions).
  explicit ClientWrap(const Napi::CallbackInfo& info);
  ~ClientWrap();

  void CloseNative() override;
  void DetachFromAddon() override { addon_ = nullptr; }

 private:
  Napi::Value UpdateToken(const Napi::CallbackInfo& info);  // (requestId, tokenType, token)
  Napi::Value Connect(const Napi::CallbackInfo& info);
  Napi::Value Disconnect(const Napi::CallbackInfo& info);
  Napi::Value Close(const Napi::CallbackInfo& info);
  Napi::Value GetStatus(const Napi::CallbackInfo& info);
  Napi::Value GetApplicationId(const Napi::CallbackInfo& info);
  Napi::Value GetCurrentUser(const Napi::CallbackInfo& info);
  Napi::Value GetBackend(const Napi::CallbackInfo& info);
  Napi::Value GetSdkVersion(const Napi::CallbackInfo& info);
  Napi::Value GetFeatures(const Napi::CallbackInfo& info);  // () -> { messageAdditionalName, voiceSettings }

  static void ReadBackendOptions(Napi::Object from, sdk::ClientOptions& options);

  // Lobbies and lobby messages (client_wrap_lobbies.cc).
  void SetLobbyCallbacks();
  Napi::Value CreateOrJoinLobby(const Napi::CallbackInfo& info);  // (requestId, secret, lobbyMetadata?, memberMetadata?)
  Napi::Value LeaveLobby(const Napi::CallbackInfo& info);         // (requestId, lobbyId)
  Napi::Value GetLobby(const Napi::CallbackInfo& info);           // (lobbyId) -> lobby | null
  Napi::Value GetLobbyIds(const Napi::CallbackInfo& info);        // () -> string[]
  Napi::Value SendLobbyMessage(const Napi::CallbackInfo& info);   // (requestId, lobbyId, content, metadata)
  Napi::Value GetLobbyMessages(const Napi::CallbackInfo& info);   // (requestId, lobbyId, limit)

  // Voice calls, voice settings and voice logs (client_wrap_voice.cc).
  void SetVoiceCallbacks(sdk::LogSeverity minSeverity);
  Napi::Value StartCall(const Napi::CallbackInfo& info);         // (lobbyId) -> failure | null
  Napi::Value EndCall(const Napi::CallbackInfo& info);           // (requestId, lobbyId)
  Napi::Value EndCalls(const Napi::CallbackInfo& info);          // (requestId)
  Napi::Value GetCall(const Napi::CallbackInfo& info);           // (lobbyId) -> call | null
  Napi::Value SetSelfMute(const Napi::CallbackInfo& info);       // (lobbyId, mute) -> whether there is a call
  Napi::Value SetSelfDeaf(const Napi::CallbackInfo& info);       // (lobbyId, deaf) -> whether there is a call
  Napi::Value SetSelfMuteAll(const Napi::CallbackInfo& info);    // (mute)
  Napi::Value SetSelfDeafAll(const Napi::CallbackInfo& info);    // (deaf)
  Napi::Value GetSelfMuteAll(const Napi::CallbackInfo& info);
  Napi::Value GetSelfDeafAll(const Napi::CallbackInfo& info);
  Napi::Value GetVoiceSettings(const Napi::CallbackInfo& info);  // (requestId)
  // Guilds and channels (client_wrap_guilds.cc).
  Napi::Value GetUserGuilds(const Napi::CallbackInfo& info);      // (requestId)
  Napi::Value GetGuildChannels(const Napi::CallbackInfo& info);   // (requestId, guildId)

  // Direct messages (client_wrap_user_messages.cc).
  void SetUserMessageCallbacks();
  Napi::Value SendUserMessage(const Napi::CallbackInfo& info);    // (requestId, recipientId, content, metadata)
  Napi::Value EditUserMessage(const Napi::CallbackInfo& info);    // (requestId, recipientId, messageId, content)
  Napi::Value DeleteUserMessage(const Napi::CallbackInfo& info);  // (requestId, recipientId, messageId)
  Napi::Value GetUserMessages(const Napi::CallbackInfo& info);    // (requestId, recipientId, limit)
  Napi::Value GetUserMessageSummaries(const Napi::CallbackInfo& info);  // (requestId)
  // Rich presence, the user cache and the creation options (client_wrap_presence.cc).
  void SetPresenceCallbacks();
  Napi::Value UpdateRichPresence(const Napi::CallbackInfo& info);  // (requestId, activity)
  Napi::Value ClearRichPresence(const Napi::CallbackInfo& info);   // ()
  Napi::Value GetUser(const Napi::CallbackInfo& info);             // (userId) -> user | null
  Napi::Value GetCpuAffinityMask(const Napi::CallbackInfo& info);  // () -> bigint | null

  // The backend callback that settles request `requestId`: a Result event carrying the failure, or
  // the callback's value (if any) on success. Captures only the pump and ids, so it stays valid
  // after this wrapper is collected.
  template <typename... Value>
  auto SettleRequest(uint32_t requestId) {
    Pump* pump = &addon_->pump;
    const uint32_t id = id_;
    return [pump, id, requestId](const sdk::Result& result, Value... value) {
      pump->Emit(ResultEvent(id, requestId, result, JsPayload(std::move(value)...)));
    };
  }

  // The wrapped client, or a JS Error when it is closed.
  sdk::Client& Live(const Napi::CallbackInfo& info);

  Addon* addon_;
  uint32_t id_ = 0;
  std::shared_ptr<sdk::Backend> backend_;
  std::unique_ptr<sdk::Client> client_;
  sdk::Snowflake applicationId_ = 0;
  std::string backendName_;
  sdk::Version sdkVersion_;
  struct {
    bool messageAdditionalName = false;
    bool voiceSettings = false;
  } features_;
};
