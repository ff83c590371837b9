// World's voice (sdk/voice_api.h): calls, each user's chat client and machine, defined in
// world_voice.cc. Included inside class World (world.h), not a header of its own: the
// declarations of one feature, beside its definitions.

 public:
  // Voice calls (world_voice.cc). A lobby member joins the lobby's call; anyone else is refused
  // with CallError::Forbidden.
  sdk::CallError JoinCall(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId, Session* session,
                          bool selfMute, bool selfDeaf);
  void LeaveCall(sdk::Snowflake lobbyId, Session* session);
  void SetVoiceState(sdk::Snowflake lobbyId, Session* session, bool selfMute, bool selfDeaf);
  std::vector<sdk::VoiceState> CallParticipants(sdk::Snowflake lobbyId) const;
  // What `listener` hears in the lobby's call: each other participant whose voice goes out, with
  // the level its machine's microphone picks up (the simulated raw audio's received frames).
  std::vector<std::pair<sdk::Snowflake, float>> VoicesHeard(sdk::Snowflake lobbyId, const Session* listener) const;

  // Each user's local chat client (world_voice.cc). Changes reach the user's signed-in sessions
  // only while the chat client is reachable. Bad input: std::invalid_argument.
  ChatClient ChatClientOf(sdk::Snowflake user) const;
  void SetChatClientRunning(sdk::Snowflake user, bool running);
  void SetChatClientRpcConnected(sdk::Snowflake user, bool connected);
  void SetChatClientVoiceSettings(sdk::Snowflake user, const sdk::VoiceSettings& settings);
  sdk::Result ReadVoiceSettings(sdk::Snowflake user, sdk::VoiceSettings* out) const;
  // Each user's machine (world_voice.cc; MachineAudio has the rules): its audio devices and its
  // microphone's level. Changes reach every session of the user. Harness input: unknown user or
  // bad input, std::invalid_argument. SetSpeaking: a participant's voice engine starts or stops
  // sending voice in a call; the participants hear it.
  Machine MachineOf(sdk::Snowflake user) const;
  // The settings of each ready SDK client of the user, by application (its clients in no set order).
  std::vector<SdkSettings> SdkSettingsOf(sdk::Snowflake user) const;
  void PlugAudioDevice(sdk::Snowflake user, bool input, sdk::AudioDevice device, bool makeDefault);
  void UnplugAudioDevice(sdk::Snowflake user, const std::string& deviceId);
  void SetInputLevel(sdk::Snowflake user, float level);
  void SetSpeaking(sdk::Snowflake lobbyId, Session* session, bool speaking);

 private:
  // Hands voice notices to their sessions. Called with mutex_ held.
  void DispatchVoiceLocked(const Calls::Change& change);
  // Tells every session of `user` that its machine's audio changed. Called with mutex_ held.
  void MachineAudioChangedLocked(sdk::Snowflake user, bool devicesChanged);
