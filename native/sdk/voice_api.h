// The port's voice: calls in lobbies (discordpp StartCall, EndCall, EndCalls, GetCall,
// Call::SetSelfMute/Deaf, SetSelfMuteAll/DeafAll), the local chat client's voice settings over RPC,
// and the voice engine's logs.
#pragma once

#include <functional>
#include <optional>

#include "sdk/callbacks.h"
#include "sdk/voice.h"

namespace sdk {

class VoiceApi : public CallbackTypes {
 public:
  using CallStatusCallback =
      std::function<void(Snowflake lobbyId, CallStatus status, CallError error, int32_t errorDetail)>;
  using VoiceEventCallback = std::function<void(VoiceEvent, Snowflake lobbyId, Snowflake userId)>;
  using VoiceSettingsCallback = std::function<void(const Result&, VoiceSettings settings)>;
  using VoiceSettingsUpdatedCallback = std::function<void(const VoiceSettings& settings)>;
  using DoneCallback = std::function<void()>;

  // StartCall fails (ClientNotReady, or ValidationError when this client is already in the lobby's
  // call: the vendor then returns a null Call); otherwise progress and the outcome (e.g.
  // CallError::Forbidden for a non-member) arrive through the call status callback.
  virtual Result StartCall(Snowflake lobbyId) = 0;
  virtual void EndCall(Snowflake lobbyId, DoneCallback done) = 0;
  virtual void EndCalls(DoneCallback done) = 0;
  virtual std::optional<CallInfo> GetCall(Snowflake lobbyId) const = 0;
  // The self mute/deaf setters return false when there is no call in that lobby.
  virtual bool SetSelfMute(Snowflake lobbyId, bool mute) = 0;
  virtual bool SetSelfDeaf(Snowflake lobbyId, bool deaf) = 0;
  virtual void SetSelfMuteAll(bool mute) = 0;
  virtual void SetSelfDeafAll(bool deaf) = 0;
  virtual bool GetSelfMuteAll() const = 0;
  virtual bool GetSelfDeafAll() const = 0;
  virtual void SetCallStatusCallback(CallStatusCallback cb) = 0;
  virtual void SetVoiceEventCallback(VoiceEventCallback cb) = 0;

  // The local chat client's voice settings over RPC (discordpp GetVoiceSettings,
  // SetVoiceSettingsUpdatedCallback, SDK 1.10). RPCError when the chat client is not running or
  // not connected; the updated callback fires again once it is back.
  virtual void GetVoiceSettings(VoiceSettingsCallback done) = 0;
  virtual void SetVoiceSettingsUpdatedCallback(VoiceSettingsUpdatedCallback cb) = 0;

  // Voice engine logs (discordpp AddVoiceLogCallback); the client's SetLogCallback excludes them.
  virtual void SetVoiceLogCallback(LogCallback cb, LogSeverity minSeverity) = 0;

 protected:
  ~VoiceApi() = default;
};

}  // namespace sdk
