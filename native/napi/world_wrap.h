// The harness's JS face of one simulated world (sim::World), and the simulator's module init.
// Lives beside the simulator (not in native/) because it is the one N-API file that knows sim/.
#pragma once

#include <memory>
#include <stdexcept>

#include <napi.h>

#include "napi/addon.h"
#include "sim/client/backend.h"

namespace sim {

// World operations report bad harness input as std::invalid_argument; JS gets a RangeError.
template <typename Fn>
auto Guarded(Napi::Env env, Fn&& fn) -> decltype(fn()) {
  try {
    return fn();
  } catch (const std::invalid_argument& error) {
    throw Napi::RangeError::New(env, error.what());
  }
}

class WorldWrap final : public Napi::ObjectWrap<WorldWrap> {
 public:
  static void Init(Napi::Env env, Napi::Object exports);
  // Throws a JS TypeError unless `value` is a NativeWorld.
  static std::shared_ptr<sdk::Backend> BackendOf(Napi::Value value);

  // new NativeWorld({ major, minor, build, hash })
  explicit WorldWrap(const Napi::CallbackInfo& info);

 private:
  Napi::Value Now(const Napi::CallbackInfo& info);
  Napi::Value Advance(const Napi::CallbackInfo& info);                  // (ms)
  Napi::Value CreateApplication(const Napi::CallbackInfo& info);        // (name)
  Napi::Value CreateUser(const Napi::CallbackInfo& info);               // ({ id?, username, globalName?, provisional })
  Napi::Value GetUser(const Napi::CallbackInfo& info);                  // (id)
  Napi::Value IssueToken(const Napi::CallbackInfo& info);               // (userId, applicationId, ttlMs)
  Napi::Value RevokeToken(const Napi::CallbackInfo& info);              // (token)
  Napi::Value DropConnections(const Napi::CallbackInfo& info);          // (userId)
  Napi::Value EmitLogs(const Napi::CallbackInfo& info);                 // (userId, count, severity, message, voice?)
  Napi::Value GetVersion(const Napi::CallbackInfo& info);

  // The game backend's lobby operations and the harness controls (world_wrap_harness.cc).
  Napi::Value CreateLobby(const Napi::CallbackInfo& info);              // (applicationId, secret?, metadata)
  Napi::Value BulkUpdateLobbyMembers(const Napi::CallbackInfo& info);   // (lobbyId, [{ userId, remove, metadata?, additionalName? }])
  Napi::Value SetMessageModeration(const Napi::CallbackInfo& info);     // (lobbyId, messageId, metadata)
  Napi::Value LinkLobbyChannel(const Napi::CallbackInfo& info);         // (lobbyId, { id, name, guildId } | null)
  Napi::Value DeleteLobby(const Napi::CallbackInfo& info);              // (lobbyId)
  Napi::Value GetLobby(const Napi::CallbackInfo& info);                 // (lobbyId) -> server view | null
  Napi::Value SetLatency(const Napi::CallbackInfo& info);               // (ms)
  Napi::Value FailNext(const Napi::CallbackInfo& info);                 // (kind, count, failure, userId)
  Napi::Value ClearFailures(const Napi::CallbackInfo& info);
  Napi::Value Settle(const Napi::CallbackInfo& info);                   // (requestId): Result event for client 0
  Napi::Value Generation(const Napi::CallbackInfo& info);               // () -> decimal string

  // The local chat clients and the log build (world_wrap_voice.cc).
  Napi::Value SetDebugLogs(const Napi::CallbackInfo& info);               // (debug)
  Napi::Value GetChatClient(const Napi::CallbackInfo& info);              // (userId) -> { running, rpcConnected, voiceSettings }
  Napi::Value SetChatClientRunning(const Napi::CallbackInfo& info);       // (userId, running)
  Napi::Value SetChatClientRpcConnected(const Napi::CallbackInfo& info);  // (userId, connected)
  Napi::Value SetChatClientVoiceSettings(const Napi::CallbackInfo& info); // (userId, settings)
  // Guilds, channels and direct-message moderation of the harness (world_wrap_guilds.cc).
  Napi::Value CreateGuild(const Napi::CallbackInfo& info);              // (name, ownerId) -> id
  Napi::Value AddGuildMember(const Napi::CallbackInfo& info);           // (guildId, userId, permissions)
  Napi::Value RemoveGuildMember(const Napi::CallbackInfo& info);        // (guildId, userId)
  Napi::Value CreateGuildChannel(const Napi::CallbackInfo& info);       // (guildId, { name, type, position, parentId?, overwrites? }) -> id
  Napi::Value UpdateGuildChannel(const Napi::CallbackInfo& info);       // (channelId, { name?, position?, parentId?, overwrites? })
  Napi::Value SetUserMessageModeration(const Napi::CallbackInfo& info); // (messageId, metadata)
  // Presence and game identity (world_wrap_presence.cc).
  Napi::Value SetApplicationInviteCoverImage(const Napi::CallbackInfo& info);  // (applicationId, image | null)
  Napi::Value SetApplicationProfiles(const Napi::CallbackInfo& info);          // (userId, profiles) -> user

  World& world() { return *backend_->world(); }

  std::shared_ptr<WorldBackend> backend_;
};

}  // namespace sim
