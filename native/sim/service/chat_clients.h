// The local chat client of each simulated user (their desktop chat app, one per user's machine):
// whether it is running, whether the game's SDK has an RPC connection to it, and the voice
// settings the user chose in it. The SDK reads the settings over that RPC channel
// (Client::GetVoiceSettings), so they are unavailable while it is stopped or disconnected. Pure
// state; the world locks around it.
#pragma once

#include <map>

#include "sdk/types.h"
#include "sdk/voice.h"

namespace sim {

struct ChatClient {
  // A user's chat client runs, connected, with default settings until the harness says otherwise.
  bool running = true;
  bool rpcConnected = true;
  sdk::VoiceSettings voiceSettings;

  // Whether the SDK can talk to it right now.
  bool reachable() const { return running && rpcConnected; }
};

class ChatClients {
 public:
  ChatClient Of(sdk::Snowflake user) const;
  // Stopping drops the RPC connection; starting brings it back (the SDK reconnects).
  void SetRunning(sdk::Snowflake user, bool running);
  void SetRpcConnected(sdk::Snowflake user, bool connected);
  // The user changes settings in the chat client. Returns whether SDK clients hear about it (the
  // chat client is reachable). Throws std::invalid_argument when it is not running.
  bool SetVoiceSettings(sdk::Snowflake user, const sdk::VoiceSettings& settings);
  // What an RPC read returns: the settings, or the RPCError why not.
  sdk::Result Read(sdk::Snowflake user, sdk::VoiceSettings* out) const;

 private:
  std::map<sdk::Snowflake, ChatClient> clients_;
};

}  // namespace sim
