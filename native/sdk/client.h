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

#include <vector>

#include "sdk/guilds.h"
#include "sdk/lobby.h"
#include "sdk/types.h"
#include "sdk/voice.h"
#include "sdk/user_messages.h"

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
};

class Client {
 public:
  using ResultCallback = std::function<void(const Result&)>;
  using StatusCallback = std::function<void(Status, ConnectionError, int32_t errorDetail)>;
  using LogCallback = std::function<void(const std::string& message, LogSeverity)>;
  using LobbyIdCallback = std::function<void(const Result&, Snowflake lobbyId)>;
  using MessageIdCallback = std::function<void(const Result&, Snowflake messageId)>;
  using MessagesCallback = std::function<void(const Result&, std::vector<MessagePtr> messages)>;
  // memberId is 0 for the events about the lobby itself.
  using LobbyEventCallback = std::function<void(LobbyEvent, Snowflake lobbyId, Snowflake memberId)>;
  using MessageEventCallback = std::function<void(MessageEvent, const MessagePtr& message)>;
  using UserUpdatedCallback = std::function<void(Snowflake userId)>;

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

  // Lobbies (discordpp CreateOrJoinLobbyWithMetadata ... GetLobbyIds). Metadata left out
  // (nullopt) is not changed when joining an existing lobby.
  virtual void CreateOrJoinLobby(std::string secret, std::optional<Metadata> lobbyMetadata,
                                 std::optional<Metadata> memberMetadata, LobbyIdCallback done) = 0;
  virtual void LeaveLobby(Snowflake lobbyId, ResultCallback done) = 0;
  // The lobby as this client sees it; nullopt unless ready and a member.
  virtual std::optional<Lobby> GetLobby(Snowflake lobbyId) const = 0;
  virtual std::vector<Snowflake> GetLobbyIds() const = 0;

  // Lobby messages (SendLobbyMessageWithMetadata, GetLobbyMessagesWithLimit: newest first).
  virtual void SendLobbyMessage(Snowflake lobbyId, std::string content, Metadata metadata,
                                MessageIdCallback done) = 0;
  virtual void GetLobbyMessages(Snowflake lobbyId, int32_t limit, MessagesCallback done) = 0;

  // Rich presence (discordpp UpdateRichPresence, ClearRichPresence). Needs a Ready client here:
  // otherwise the result is ClientNotReady. ClearRichPresence reports nothing (vendor: void).
  virtual void UpdateRichPresence(Activity activity, ResultCallback done) = 0;
  virtual void ClearRichPresence() = 0;
  // A user this client knows (itself, and the members of its lobbies), from its cache
  // (discordpp GetUser); nullopt otherwise or when not ready.
  virtual std::optional<User> GetUser(Snowflake userId) const = 0;
  // The affinity mask the client was created with (the vendor adapter returns what it passed to
  // ClientCreateOptions::SetCpuAffinityMask; the SDK has no getter).
  virtual std::optional<uint64_t> GetCpuAffinityMask() const = 0;
  // discordpp SetUserUpdatedCallback: a known user's data (e.g. its activity) changed.
  virtual void SetUserUpdatedCallback(UserUpdatedCallback cb) = 0;

  // Registering again replaces the previous callback (vendor behaviour).
  virtual void SetStatusChangedCallback(StatusCallback cb) = 0;
  virtual void SetLogCallback(LogCallback cb, LogSeverity minSeverity) = 0;
  virtual void SetLobbyEventCallback(LobbyEventCallback cb) = 0;
  virtual void SetMessageEventCallback(MessageEventCallback cb) = 0;

  // Voice in lobbies (discordpp StartCall, EndCall, EndCalls, GetCall, Call::SetSelfMute/Deaf,
  // SetSelfMuteAll/DeafAll). StartCall fails (ClientNotReady, or ValidationError when this client
  // is already in the lobby's call: the vendor then returns a null Call); otherwise progress and
  // the outcome (e.g. CallError::Forbidden for a non-member) arrive through the call status
  // callback. The self mute/deaf setters return false when there is no call in that lobby.
  using CallStatusCallback =
      std::function<void(Snowflake lobbyId, CallStatus status, CallError error, int32_t errorDetail)>;
  using VoiceEventCallback = std::function<void(VoiceEvent, Snowflake lobbyId, Snowflake userId)>;
  using VoiceSettingsCallback = std::function<void(const Result&, VoiceSettings settings)>;
  using VoiceSettingsUpdatedCallback = std::function<void(const VoiceSettings& settings)>;
  using DoneCallback = std::function<void()>;
  virtual Result StartCall(Snowflake lobbyId) = 0;
  virtual void EndCall(Snowflake lobbyId, DoneCallback done) = 0;
  virtual void EndCalls(DoneCallback done) = 0;
  virtual std::optional<CallInfo> GetCall(Snowflake lobbyId) const = 0;
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

  // Voice engine logs (discordpp AddVoiceLogCallback); SetLogCallback excludes them.
  virtual void SetVoiceLogCallback(LogCallback cb, LogSeverity minSeverity) = 0;
  // Guilds and channels (GetUserGuilds, GetGuildChannels). Channels come ordered by position, ties
  // by id; channels the user cannot view are left out.
  using GuildsCallback = std::function<void(const Result&, std::vector<GuildMinimal> guilds)>;
  using GuildChannelsCallback = std::function<void(const Result&, std::vector<GuildChannel> channels)>;
  virtual void GetUserGuilds(GuildsCallback done) = 0;
  virtual void GetGuildChannels(Snowflake guildId, GuildChannelsCallback done) = 0;

  // Direct messages (SendUserMessageWithMetadata, EditUserMessage, DeleteUserMessage,
  // GetUserMessagesWithLimit: newest first, served from the local cache when it holds enough,
  // GetUserMessageSummaries, SetMessageDeletedCallback).
  using UserMessageSummariesCallback = std::function<void(const Result&, std::vector<UserMessageSummary> summaries)>;
  using MessageDeletedCallback = std::function<void(Snowflake messageId, Snowflake channelId)>;
  virtual void SendUserMessage(Snowflake recipientId, std::string content, Metadata metadata,
                               MessageIdCallback done) = 0;
  virtual void EditUserMessage(Snowflake recipientId, Snowflake messageId, std::string content,
                               ResultCallback done) = 0;
  virtual void DeleteUserMessage(Snowflake recipientId, Snowflake messageId, ResultCallback done) = 0;
  virtual void GetUserMessages(Snowflake recipientId, int32_t limit, MessagesCallback done) = 0;
  virtual void GetUserMessageSummaries(UserMessageSummariesCallback done) = 0;
  virtual void SetMessageDeletedCallback(MessageDeletedCallback cb) = 0;

  // Tears the client down: stops and joins every thread it owns, then queues a ClientDestroyed
  // result for every operation still pending. Idempotent. After Close() no callback of this client
  // is queued any more, except those pending results.
  virtual void Close() = 0;
};

}  // namespace sdk
