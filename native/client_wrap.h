// The JS face of one sdk::Client. Knows only the port (sdk/), never a backend. Backend callbacks
// become JsEvents on the pump; results of operations carry the request id JS gave.
#pragma once

#include <memory>
#include <string>

#include <napi.h>

#include "addon.h"
#include "sdk/backend.h"
#include "sdk/client.h"

class ClientWrap final : public Napi::ObjectWrap<ClientWrap>, public Closable {
 public:
  static void Init(Napi::Env env, Napi::Object exports);

  // new NativeClient(backendSource, clientId, applicationId, minLogSeverity, options?)
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

  // Lobbies and lobby messages (client_wrap_lobbies.cc).
  void SetLobbyCallbacks();
  Napi::Value CreateOrJoinLobby(const Napi::CallbackInfo& info);  // (requestId, secret, lobbyMetadata?, memberMetadata?)
  Napi::Value LeaveLobby(const Napi::CallbackInfo& info);         // (requestId, lobbyId)
  Napi::Value GetLobby(const Napi::CallbackInfo& info);           // (lobbyId) -> lobby | null
  Napi::Value GetLobbyIds(const Napi::CallbackInfo& info);        // () -> string[]
  Napi::Value SendLobbyMessage(const Napi::CallbackInfo& info);   // (requestId, lobbyId, content, metadata)
  Napi::Value GetLobbyMessages(const Napi::CallbackInfo& info);   // (requestId, lobbyId, limit)

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
};
