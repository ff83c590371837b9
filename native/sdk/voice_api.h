// The port's voice: calls in lobbies (discordpp StartCall, EndCall, EndCalls, GetCall,
// Call::SetSelfMute/Deaf, SetSelfMuteAll/DeafAll), the local chat client's voice settings over RPC,
// and the voice engine's logs.
#pragma once

#include <functional>
#include <optional>

#include "sdk/callbacks.h"
#include "sdk/voice.h"

// StartCall fails (ClientNotReady, or ValidationError when this client is already in the lobby's
// call: the vendor then returns a null Call); otherwise progress and the outcome (e.g.
// CallError::Forbidden for a non-member) arrive through the call status callback.
// SetSelfMute, SetSelfDeaf: false when there is no call in that lobby.
// GetVoiceSettings, SetVoiceSettingsUpdatedCallback: the local chat client's voice settings over
// RPC (SDK 1.10). RPCError when the chat client is not running or not connected; the updated
// callback fires again once it is back.
// SetVoiceLogCallback: voice engine logs (discordpp AddVoiceLogCallback); the client's
// SetLogCallback excludes them.
#define SDK_VOICE_API_METHODS(X)                                                            \
  X(sdk::Result, StartCall, (sdk::Snowflake lobbyId), )                                     \
  X(void, EndCall, (sdk::Snowflake lobbyId, DoneCallback done), )                           \
  X(void, EndCalls, (DoneCallback done), )                                                  \
  X(std::optional<sdk::CallInfo>, GetCall, (sdk::Snowflake lobbyId), const)                 \
  X(bool, SetSelfMute, (sdk::Snowflake lobbyId, bool mute), )                               \
  X(bool, SetSelfDeaf, (sdk::Snowflake lobbyId, bool deaf), )                               \
  X(void, SetSelfMuteAll, (bool mute), )                                                    \
  X(void, SetSelfDeafAll, (bool deaf), )                                                    \
  X(bool, GetSelfMuteAll, (), const)                                                        \
  X(bool, GetSelfDeafAll, (), const)                                                        \
  X(void, SetCallStatusCallback, (CallStatusCallback cb), )                                 \
  X(void, SetVoiceEventCallback, (VoiceEventCallback cb), )                                 \
  X(void, GetVoiceSettings, (VoiceSettingsCallback done), )                                 \
  X(void, SetVoiceSettingsUpdatedCallback, (VoiceSettingsUpdatedCallback cb), )             \
  X(void, SetVoiceLogCallback, (LogCallback cb, sdk::LogSeverity minSeverity), )

namespace sdk {

class VoiceApi : public CallbackTypes {
 public:
  using CallStatusCallback =
      std::function<void(Snowflake lobbyId, CallStatus status, CallError error, int32_t errorDetail)>;
  using VoiceEventCallback = std::function<void(VoiceEvent, Snowflake lobbyId, Snowflake userId)>;
  using VoiceSettingsCallback = std::function<void(const Result&, VoiceSettings settings)>;
  using VoiceSettingsUpdatedCallback = std::function<void(const VoiceSettings& settings)>;
  using DoneCallback = std::function<void()>;

  SDK_VOICE_API_METHODS(SDK_PURE_VIRTUAL)

 protected:
  ~VoiceApi() = default;
};

}  // namespace sdk
