// The port's callbacks, each turned into its event on the pump with the event's generated
// constructor (generated/js_events.h). They run on the JS thread inside the pump and capture only
// the pump and the client's id, so they stay valid after the wrapper is collected.
#include "napi/client_wrap.h"

// Custom glue (seam.json): the subscription is what makes the chat client offer account linking,
// so it is made when JS asks, not at construction as the other callbacks are.
Napi::Value ClientWrap::RegisterAuthorizeRequestCallback(const Napi::CallbackInfo& info) {
  if (!client_) return info.Env().Undefined();
  Pump* pump = &addon_->pump;
  const uint32_t id = id_;
  client_->Auth().RegisterAuthorizeRequestCallback([pump, id] { EmitAuthorizeRequestEvent(*pump, id); });
  return info.Env().Undefined();
}

void ClientWrap::SetEventCallbacks(sdk::LogSeverity minSeverity) {
  Pump* pump = &addon_->pump;
  const uint32_t id = id_;
  client_->SetStatusChangedCallback([pump, id](sdk::Status status, sdk::ConnectionError error, int32_t detail) {
    EmitStatusChangedEvent(*pump, id, status, error, detail);
  });
  client_->SetLogCallback(
      [pump, id](const std::string& message, sdk::LogSeverity level) {
        EmitLogEvent(*pump, id, level, sdk::LogSource::Sdk, message);
      },
      minSeverity);

  client_->Lobbies().SetLobbyEventCallback([pump, id](sdk::LobbyEvent event, sdk::Snowflake lobbyId, sdk::Snowflake memberId) {
    EmitLobbyEvent(*pump, id, event, lobbyId, memberId);
  });

  sdk::MessagesApi& messages = client_->Messages();
  messages.SetMessageEventCallback([pump, id](sdk::MessageEvent event, sdk::MessagePtr message) {
    EmitMessageEvent(*pump, id, event, std::move(message));
  });
  messages.SetMessageDeletedCallback([pump, id](sdk::Snowflake messageId, sdk::Snowflake channelId) {
    EmitMessageDeletedEvent(*pump, id, messageId, channelId);
  });

  sdk::VoiceApi& voice = client_->Voice();
  voice.SetCallStatusCallback([pump, id](sdk::Snowflake lobbyId, sdk::CallStatus status, sdk::CallError error, int32_t detail) {
    EmitCallStatusEvent(*pump, id, status, error, detail, lobbyId);
  });
  voice.SetVoiceEventCallback([pump, id](sdk::VoiceEvent event, sdk::Snowflake lobbyId, sdk::Snowflake userId) {
    if (event == sdk::VoiceEvent::VoiceStateChanged) {
      EmitVoiceStateEvent(*pump, id, lobbyId, userId);
    } else if (event == sdk::VoiceEvent::SpeakingStarted || event == sdk::VoiceEvent::SpeakingStopped) {
      EmitSpeakingChangedEvent(*pump, id, event == sdk::VoiceEvent::SpeakingStarted, lobbyId, userId);
    } else {
      EmitVoiceParticipantEvent(*pump, id, event == sdk::VoiceEvent::ParticipantAdded, lobbyId, userId);
    }
  });
  voice.SetVoiceParticipantChangedCallback([pump, id](sdk::Snowflake lobbyId, sdk::Snowflake userId, bool added) {
    EmitLobbyVoiceParticipantEvent(*pump, id, added, lobbyId, userId);
  });
  voice.SetVoiceSettingsUpdatedCallback([pump, id](const sdk::VoiceSettings& settings) {
    EmitVoiceSettingsUpdatedEvent(*pump, id, settings);
  });
  voice.SetAudioDevicesChangedCallback([pump, id](const sdk::AudioDevicesChange& change) {
    EmitAudioDevicesChangedEvent(*pump, id, change);
  });
  voice.SetNoAudioInputCallback([pump, id](bool inputDetected) { EmitNoAudioInputEvent(*pump, id, inputDetected); });
  // Voice engine lines are Log events too, marked with their source.
  voice.SetVoiceLogCallback(
      [pump, id](const std::string& message, sdk::LogSeverity level) {
        EmitLogEvent(*pump, id, level, sdk::LogSource::Voice, message);
      },
      minSeverity);

  client_->Auth().SetTokenExpirationCallback([pump, id] { EmitTokenExpiringEvent(*pump, id); });
  client_->Auth().SetAuthorizeDeviceScreenClosedCallback([pump, id] { EmitAuthorizeDeviceScreenClosedEvent(*pump, id); });
  client_->Presence().SetUserUpdatedCallback([pump, id](sdk::Snowflake userId) {
    EmitUserUpdatedEvent(*pump, id, userId);
  });

  sdk::RelationshipsApi& relationships = client_->Relationships();
  relationships.SetRelationshipCreatedCallback([pump, id](sdk::Snowflake userId, bool isDiscord) {
    EmitRelationshipCreatedEvent(*pump, id, isDiscord, userId);
  });
  relationships.SetRelationshipDeletedCallback([pump, id](sdk::Snowflake userId, bool isDiscord) {
    EmitRelationshipDeletedEvent(*pump, id, isDiscord, userId);
  });
  relationships.SetRelationshipGroupsUpdatedCallback([pump, id](sdk::Snowflake userId) {
    EmitRelationshipGroupsUpdatedEvent(*pump, id, userId);
  });

  sdk::InvitesApi& invites = client_->Invites();
  invites.SetActivityInviteCreatedCallback([pump, id](const sdk::ActivityInvite& invite) {
    EmitActivityInviteCreatedEvent(*pump, id, invite);
  });
  invites.SetActivityInviteUpdatedCallback([pump, id](const sdk::ActivityInvite& invite) {
    EmitActivityInviteUpdatedEvent(*pump, id, invite);
  });
  invites.SetActivityJoinCallback([pump, id](const std::string& joinSecret) { EmitActivityJoinEvent(*pump, id, joinSecret); });
  invites.SetActivityJoinWithApplicationCallback([pump, id](const sdk::ActivityJoin& join) {
    EmitActivityJoinWithApplicationEvent(*pump, id, join);
  });
}
