// The simulated service: applications, users, access tokens and a virtual clock, shared by every
// simulated client attached to it. Thread-safe: clients call in from their service threads, the
// harness from the JS thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "sdk/auth_api.h"
#include "sdk/lobby.h"
#include "sdk/types.h"
#include "sim/service/activity_invites.h"
#include "sim/service/calls.h"
#include "sim/service/channel_invites.h"
#include "sim/service/chat_clients.h"
#include "sim/service/presence.h"
#include "sim/service/provisional_accounts.h"
#include "sim/service/oauth2.h"
#include "sdk/guilds.h"
#include "sdk/user_messages.h"
#include "sim/service/browser.h"
#include "sim/service/direct_messages.h"
#include "sim/service/webhook_outbox.h"
#include "sim/service/guilds.h"
#include "sim/service/interference.h"
#include "sim/service/lobbies.h"
#include "sim/service/machine_audio.h"
#include "sim/service/service_pool.h"
#include "sim/service/snowflake.h"
#include "sdk/relationships.h"
#include "sim/service/relationships.h"

namespace sim {

// What the world needs from a connected simulated client. Calls arrive on the caller's thread
// (JS thread for harness operations) and must only post work to the client's service thread.
class Session {
 public:
  using Task = sdk::Task;

  virtual ~Session() = default;
  // 0 while not signed in.
  virtual sdk::Snowflake SessionUserId() const = 0;
  virtual void OnTokenRevoked(const std::string& token) = 0;
  // A refresh invalidated `token` (discordpp.h RefreshToken): a session on it keeps its connection,
  // but its service calls are refused until UpdateToken gives it another token (our choice: the
  // header is silent on a connected session; see world_auth.cc).
  virtual void OnTokenReplaced(const std::string& token) = 0;
  virtual void OnConnectionDropped() = 0;
  virtual void OnLoadLogs(uint32_t count, sdk::LogSeverity severity, std::string message, bool voice) = 0;
  virtual void OnLobbyEvent(sdk::LobbyEvent event, sdk::Snowflake lobbyId, sdk::Snowflake memberId) = 0;
  virtual void OnMessageEvent(sdk::MessageEvent event, sdk::MessagePtr message) = 0;
  // A user the session knows changed (its activity or application profiles).
  virtual void OnUserUpdated(sdk::Snowflake userId) = 0;
  // Runs `task` on the session's service thread (a delayed call whose time has come).
  virtual void Enqueue(Task task) = 0;
  // Voice: an event of a call the session is in; the service ended its participation in a
  // lobby's call (its user is no longer a member); its user's chat client has new voice settings.
  virtual void OnVoiceEvent(sdk::VoiceEvent event, sdk::Snowflake lobbyId, sdk::Snowflake userId) = 0;
  virtual void OnCallEnded(sdk::Snowflake lobbyId) = 0;
  virtual void OnVoiceSettingsUpdated(const sdk::VoiceSettings& settings) = 0;
  // The user's machine changed: devices plugged or unplugged (`devicesChanged`), or the level its
  // microphone picks up. `machine` is the machine as of this change (each change in order).
  virtual void OnMachineAudioChanged(const Machine& machine, bool devicesChanged) = 0;
  // A message of `channelId` (a direct message) was deleted.
  virtual void OnMessageDeleted(sdk::Snowflake messageId, sdk::Snowflake channelId) = 0;
  // Relationships: the session's user's relationship with `other` was created or changed type
  // (`created`) or removed, in its Discord or game type; a friend moved to another group.
  virtual void OnRelationshipChanged(sdk::Snowflake other, bool isDiscord, bool created) = 0;
  virtual void OnRelationshipGroupsUpdated(sdk::Snowflake userId) = 0;
  // Activity invites: one arrived for the session's user (`created`) or changed (no longer valid);
  // the user accepted one in the chat client (the join secret, with the invite's application).
  virtual void OnActivityInvite(const sdk::ActivityInvite& invite, bool created) = 0;
  virtual void OnActivityJoin(const sdk::ActivityJoin& join) = 0;
};

// Why an access token was refused.
enum class AuthFailure { None, UnknownToken, Revoked, Expired, WrongApplication, UnknownUser };
const char* AuthFailureText(AuthFailure failure);

struct Application {
  sdk::Snowflake id = 0;
  std::string name;
  // The application's bot user: who the game backend's bot token acts as (guild permissions,
  // audit log entries).
  sdk::Snowflake botUserId = 0;
  // The invite cover image uploaded in the developer portal: the fallback of activities that
  // carry no assets.inviteCoverImage.
  std::optional<std::string> inviteCoverImage;
  // Publisher-level account linking (world_publisher.cc): the publisher application this game
  // belongs to (0: none), and whether this application is approved to exchange its users' tokens
  // for tokens of its child applications.
  sdk::Snowflake parentId = 0;
  bool publisherLinking = false;
  // The Connection Entrypoint URL set in the developer portal (spec "Authentication" rule 9): the
  // page a chat client's account-linking prompt opens when no running game takes the request.
  std::string connectionEntrypointUrl;
};

struct TokenGrant {
  std::string accessToken;
  sdk::Snowflake userId = 0;
  sdk::Snowflake applicationId = 0;
  uint64_t expiresAtMs = 0;  // world clock
};

class World {
 public:
  struct UserSpec {
    std::optional<sdk::Snowflake> id;  // minted when absent
    std::string username;
    std::optional<std::string> globalName;
    bool provisional = false;
  };

  explicit World(sdk::Version version);

  const sdk::Version& version() const { return version_; }

  // Virtual clock, in milliseconds since the Unix epoch. Starts at the host's wall clock and only
  // moves when advanced, so time-based behaviour (token expiry, the lobby message read window,
  // injected latency) is deterministic in tests. Advancing releases delayed calls now due and
  // deletes the lobbies idle for more than their idle timeout (Lobbies::UpdateIdle).
  uint64_t Now() const;
  // Throws std::invalid_argument past kClockEndMs (IDs minted later would wrap and repeat).
  void Advance(uint64_t ms);
  // The clock's end: the last millisecond a snowflake can encode, less a day, so that minting
  // more than 4,096 IDs in its last millisecond (which borrows the next ones) cannot wrap either.
  static constexpr uint64_t kClockEndMs = SnowflakeMinter::kLastMs - 86400000ULL;

  // `parentId`: the publisher application (one that is not a child itself); `publisherLinking`:
  // approved for publisher-level linking. Bad parent: std::invalid_argument.
  Application CreateApplication(std::string name, sdk::Snowflake parentId = 0, bool publisherLinking = false);
  // Throws std::invalid_argument for a duplicate or zero id.
  sdk::User CreateUser(const UserSpec& spec);
  std::optional<sdk::User> FindUser(sdk::Snowflake id) const;
  // Throws std::invalid_argument for an unknown user or application.
  // `scopes` (space-separated) are what the token was granted (the client_credentials grant's).
  TokenGrant IssueToken(sdk::Snowflake userId, sdk::Snowflake applicationId, uint64_t ttlMs,
                        const std::string& scopes = {});
  // Returns false when the token is unknown or already revoked. Sessions using it are closed.
  bool RevokeToken(const std::string& token);

  // Checks a token as the gateway does at identify time. `applicationId` 0 accepts any. On
  // success, fills the user and the application the token was issued for (and, when asked, its
  // granted scopes and its expiry on the world clock).
  AuthFailure Authenticate(const std::string& token, sdk::Snowflake applicationId,
                           sdk::User* userOut, sdk::Snowflake* applicationOut,
                           std::string* scopesOut = nullptr, uint64_t* expiresAtOut = nullptr) const;

  // A session's user is signed in to `applicationId` (Ready), or no longer is. Lobby members see
  // a user's connected flag change when the first of its sessions arrives or the last one leaves.
  void SessionReady(Session* session, sdk::Snowflake applicationId, sdk::Snowflake userId);
  void SessionGone(Session* session);

  // Lobby operations of a signed-in client (run on its service thread).
  Lobbies::Outcome CreateOrJoinLobby(sdk::Snowflake app, sdk::Snowflake user, const std::string& secret,
                                     const std::optional<sdk::Metadata>& lobbyMetadata,
                                     const std::optional<sdk::Metadata>& memberMetadata);
  Lobbies::Outcome LeaveLobby(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId);
  Lobbies::Outcome SendLobbyMessage(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId,
                                    std::string content, sdk::Metadata metadata,
                                    size_t maxContentLength = Lobbies::kMaxContentLength);
  sdk::Result ReadLobbyMessages(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId,
                                int32_t limit, std::vector<sdk::MessagePtr>* out) const;
  std::optional<sdk::Lobby> ViewLobby(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId) const;
  std::vector<sdk::Snowflake> LobbyIdsOf(sdk::Snowflake app, sdk::Snowflake user) const;

  // Lobby operations of the game backend (the server API). A refused request throws ServiceError
  // (status and service code; an invalid_argument) and changes nothing.
  sdk::Snowflake CreateLobby(sdk::Snowflake app, std::optional<std::string> secret, sdk::Metadata metadata,
                             const std::vector<MemberUpdate>& members = {},
                             uint32_t idleTimeoutSeconds = Lobbies::kDefaultIdleTimeoutSeconds);
  // Bulk Update Lobby Members: a user at the lobby cap is dropped silently (Lobbies::AtLobbyCap).
  void BulkUpdateLobbyMembers(sdk::Snowflake lobbyId, const std::vector<MemberUpdate>& updates);
  void ModifyLobby(sdk::Snowflake lobbyId, const LobbyChanges& changes);
  void SetMessageModerationMetadata(sdk::Snowflake lobbyId, sdk::Snowflake messageId, sdk::Metadata metadata);
  void LinkLobbyChannel(sdk::Snowflake lobbyId, std::optional<sdk::LinkedChannel> channel);
  void DeleteLobby(sdk::Snowflake lobbyId);
  // Harness: the author edits or deletes a lobby message in the lobby's linked channel, from
  // their chat client (see Lobbies::EditMessageInLinkedChannel): members get the update or the
  // deletion, the application LOBBY_MESSAGE_UPDATE / _DELETE. Bad input: std::invalid_argument.
  void EditLobbyMessageInLinkedChannel(sdk::Snowflake user, sdk::Snowflake lobbyId, sdk::Snowflake messageId,
                                       std::string content);
  void DeleteLobbyMessageInLinkedChannel(sdk::Snowflake user, sdk::Snowflake lobbyId, sdk::Snowflake messageId);
  std::optional<ServerLobby> GetServerLobby(sdk::Snowflake lobbyId) const;

  // Latency and fault injection. A client call of `kind` by `session` runs `task` (with the
  // planned failure, if any) on the session's service thread once the latency has passed on the
  // virtual clock; with no latency, at once.
  void SetLatency(uint64_t ms);
  uint64_t Latency() const;
  void FailNext(CallKind kind, uint32_t count, sdk::Result failure, sdk::Snowflake userId);
  void ClearFailures();
  // A service call as Schedule takes it: move-only, with room for a few pointers inline, so the
  // call itself fits a service queue's task without a heap block of its own.
  using ServiceCall = sdk::InlineFunction<void(std::optional<sdk::Result> failure), 40>;
  void Schedule(Session* session, CallKind kind, sdk::Snowflake userId, ServiceCall task);

  // The workers that run every session's service queue.
  ServicePool& Pool() { return pool_; }
  // settle(): work on the service queues is counted. A task posted to a session is in flight
  // while it is queued or running; once none is, the settle callbacks run (on the thread that
  // ended the last) with the generation, which counts every task ever posted.
  void WhenSettled(std::function<void(uint64_t generation)> callback);
  uint64_t generation() const;

  // Harness faults and load: affect every attached session of the user; return how many.
  size_t DropConnections(sdk::Snowflake userId);
  size_t EmitLogs(sdk::Snowflake userId, uint32_t count, sdk::LogSeverity severity,
                  const std::string& message, bool voice = false);

  void Attach(Session* session);
  void Detach(Session* session);

  // Logging like the vendor's debug build (Info and Verbose lines too) rather than the release
  // build (Error and Warning only, the default). Read by clients on every log line.
  void SetDebugLogs(bool debug) { debugLogs_.store(debug); }
  bool DebugLogs() const { return debugLogs_.load(); }

  // Voice calls (world_voice.cc). A lobby member joins the lobby's call; anyone else is refused
  // with CallError::Forbidden.
  sdk::CallError JoinCall(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId, Session* session,
                          bool selfMute, bool selfDeaf);
  void LeaveCall(sdk::Snowflake lobbyId, Session* session);
  void SetVoiceState(sdk::Snowflake lobbyId, Session* session, bool selfMute, bool selfDeaf);
  std::vector<sdk::VoiceState> CallParticipants(sdk::Snowflake lobbyId) const;

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
  void PlugAudioDevice(sdk::Snowflake user, bool input, sdk::AudioDevice device, bool makeDefault);
  void UnplugAudioDevice(sdk::Snowflake user, const std::string& deviceId);
  void SetInputLevel(sdk::Snowflake user, float level);
  void SetSpeaking(sdk::Snowflake lobbyId, Session* session, bool speaking);
  // Guilds of the game backend's harness. Bad input: std::invalid_argument.
  sdk::Snowflake CreateGuild(std::string name, sdk::Snowflake ownerId);
  void AddGuildMember(sdk::Snowflake guildId, sdk::Snowflake userId, uint64_t permissions);
  void RemoveGuildMember(sdk::Snowflake guildId, sdk::Snowflake userId);
  sdk::Snowflake CreateGuildChannel(sdk::Snowflake guildId, ChannelSpec spec);
  void UpdateGuildChannel(sdk::Snowflake channelId, const ChannelUpdate& update);
  // Guilds as a signed-in client sees them; channels carry the lobby linked to them.
  std::vector<sdk::GuildMinimal> GuildsOf(sdk::Snowflake user) const;
  // Link Channel To Lobby and Unlink: the caller is a member with CanLinkLobby, the channel one
  // it may link (see Guilds::LinkableChannel); the members get lobbyUpdated when it changes.
  sdk::Result LinkChannelToLobby(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId,
                                 sdk::Snowflake channelId);
  sdk::Result UnlinkChannelFromLobby(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId);
  // Join Linked Lobby Guild: a lobby channel invite for the member itself (see
  // CreateLobbyChannelInvite), as a URL; provisional accounts are refused (merge required).
  sdk::Result JoinLinkedLobbyGuild(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake lobbyId, std::string* inviteUrl);
  sdk::Result ReadGuildChannels(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake guildId,
                                std::vector<sdk::GuildChannel>* out) const;

  // The server API's channel operations (world_server_api.cc). A refused request throws
  // ServiceError and changes nothing.
  // Create Lobby Channel Invite: for `targetUser`, a member of the lobby of `app`, to its linked
  // channel. `byMember`: the member asked for itself (a user token); else the game backend did.
  ChannelInvite CreateLobbyChannelInvite(sdk::Snowflake app, sdk::Snowflake lobbyId, sdk::Snowflake targetUser);
  // Someone uses an invite: its target joins the channel's guild (no grants). Returns the invite.
  ChannelInvite AcceptChannelInvite(const std::string& code, sdk::Snowflake user);
  // Harness: the application's bot user is connected to a voice channel, or no longer is (see
  // Guilds::SetVoiceConnection). std::invalid_argument: unknown application, bad channel.
  void SetBotVoiceConnection(sdk::Snowflake app, sdk::Snowflake channelId, bool connected);
  // Set Voice Channel Status as the application's bot user (see Guilds::SetVoiceStatus).
  void SetVoiceChannelStatus(sdk::Snowflake app, sdk::Snowflake channelId, std::optional<std::string> status,
                             std::optional<std::string> reason);
  std::optional<std::string> VoiceChannelStatus(sdk::Snowflake channelId) const;
  // A guild channel as the server API's channel objects show it; nullopt when unknown.
  std::optional<sdk::GuildChannel> GuildChannel(sdk::Snowflake channelId) const;
  std::vector<AuditLogEntry> AuditLog(sdk::Snowflake guildId) const;
  // The application, or ServiceError 404 (for the harness: an invalid_argument, as elsewhere).
  Application ApplicationOf(sdk::Snowflake app) const;

  // Direct messages of a signed-in client of `app` (run on its service thread). Sending and
  // editing need MayMessageLocked's permission.
  DirectMessages::Outcome SendUserMessage(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake recipient,
                                          std::string content, sdk::Metadata metadata);
  DirectMessages::Outcome EditUserMessage(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake recipient,
                                          sdk::Snowflake messageId, std::string content);
  DirectMessages::Outcome DeleteUserMessage(sdk::Snowflake user, sdk::Snowflake recipient, sdk::Snowflake messageId);
  sdk::Result ReadUserMessages(sdk::Snowflake user, sdk::Snowflake peer, int32_t limit,
                               std::vector<sdk::MessagePtr>* out) const;
  std::vector<sdk::UserMessageSummary> UserMessageSummaries(sdk::Snowflake user) const;
  // The game backend sets a direct message's moderation metadata. Bad input: std::invalid_argument.
  // `application`: the caller's (the server API), which must be the game the message was sent from.
  void SetUserMessageModerationMetadata(sdk::Snowflake messageId, sdk::Metadata metadata,
                                        std::optional<std::pair<sdk::Snowflake, sdk::Snowflake>> participants = {},
                                        std::optional<sdk::Snowflake> application = {});
  // Presence and game identity (world_presence.cc). Harness: bad input is std::invalid_argument.
  void SetApplicationInviteCoverImage(sdk::Snowflake app, std::optional<std::string> image);
  // Replaces the user's application profiles (at most one per application); returns the user.
  sdk::User SetApplicationProfiles(sdk::Snowflake userId, std::vector<sdk::UserApplicationProfile> profiles);
  // A signed-in session publishes or clears its user's activity; the users who know it are told.
  void UpdateRichPresence(sdk::Snowflake app, sdk::Snowflake user, sdk::Activity activity);
  // The status the user chose (Client::SetOnlineStatus); ValidationError for a status a user
  // cannot choose (only Online, Idle, Dnd, Invisible). Users who know the user are told.
  sdk::Result SetOnlineStatus(sdk::Snowflake user, sdk::StatusType status);
  void ClearRichPresence(sdk::Snowflake app, sdk::Snowflake user);
  // The profile privacy the user chose in its chat client (spec: Presence Update). Friends Only:
  // its custom status (an activity of type CustomStatus, 4) is shown to its friends only, not to
  // the other users who see its presence (lobby co-members). Friends & Small Servers Only applies
  // the same in guilds of more than 200 members, whose guild presence the simulator does not
  // deliver, so it changes nothing here. Users who know the user are told. Unknown user:
  // std::invalid_argument.
  enum class ProfilePrivacy { Everyone = 0, FriendsAndSmallServers = 1, FriendsOnly = 2 };
  void SetProfilePrivacy(sdk::Snowflake user, ProfilePrivacy privacy);
  // `userId` as a client of (app, viewer) sees it: only users it knows (itself and the members of
  // its lobbies in `app`), else nullopt.
  std::optional<sdk::User> ViewUser(sdk::Snowflake app, sdk::Snowflake viewer, sdk::Snowflake userId) const;

  // Relationships (world_relationships.cc; rules in sim/relationships.h). Client operations
  // answer with a Result; both users' signed-in sessions get relationship created/deleted.
  enum class RelationshipOp {
    AcceptDiscord, AcceptGame, RejectDiscord, RejectGame, CancelDiscord, CancelGame,
    RemoveGame, RemoveDiscordAndGame, Block, Unblock,
  };
  sdk::Result SendFriendRequest(sdk::Snowflake user, sdk::Snowflake target, bool discord);
  // By username (case-insensitive); an unknown one is 400 80004.
  sdk::Result SendFriendRequestByName(sdk::Snowflake user, const std::string& username, bool discord);
  sdk::Result UpdateRelationship(sdk::Snowflake user, sdk::Snowflake other, RelationshipOp op);
  // What a client of (app, viewer) reads: every relationship; the friends of one group, ordered
  // by display name (case-insensitive) then id, in OnlineElsewhere those who have played `app`
  // first; one relationship (None types when none); the friends whose username or display name
  // matches `text` (Relationships::SearchDistance), the closest first.
  std::vector<sdk::Relationship> RelationshipsOf(sdk::Snowflake app, sdk::Snowflake viewer) const;
  std::vector<sdk::Relationship> RelationshipsByGroup(sdk::Snowflake app, sdk::Snowflake viewer,
                                                      sdk::RelationshipGroupType group) const;
  sdk::Relationship RelationshipOf(sdk::Snowflake app, sdk::Snowflake viewer, sdk::Snowflake other) const;
  std::vector<sdk::User> SearchFriends(sdk::Snowflake app, sdk::Snowflake viewer, const std::string& text) const;
  // Harness: makes two users friends at once. Bad input (unknown user, oneself, a provisional
  // account as a Discord friend, a block between them): std::invalid_argument.
  void SetFriends(sdk::Snowflake a, sdk::Snowflake b, bool discord, bool game);
  // Activity invites (world_activity_invites.cc; rules in sdk/invites_api.h). Client operations
  // answer with a Result; the recipient's signed-in sessions in the application get the invite.
  sdk::Result SendActivityInvite(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake target, std::string content);
  sdk::Result SendActivityJoinRequest(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake target);
  sdk::Result ReplyToJoinRequest(sdk::Snowflake app, sdk::Snowflake user, const sdk::ActivityInvite& request);
  sdk::Result AcceptActivityInvite(sdk::Snowflake user, const sdk::ActivityInvite& invite, std::string* joinSecret);
  // The launch command a game registered (Client::RegisterLaunchCommand) on the user's chat client.
  void RegisterLaunchCommand(sdk::Snowflake user, sdk::Snowflake app, std::string command);
  // Harness, the user's chat client: the Join invites it shows (oldest first); the launch commands
  // registered, by application; the commands it ran. Bad input: std::invalid_argument.
  std::vector<SentInvite> ActivityInvitesOf(sdk::Snowflake user) const;
  std::map<sdk::Snowflake, std::string> LaunchCommandsOf(sdk::Snowflake user) const;
  std::vector<std::string> LaunchesOf(sdk::Snowflake user) const;
  // The user accepts invite `messageId` in the chat client: the user's sessions in its application
  // get the join (SetActivityJoinCallback); with none signed in, the chat client runs the
  // registered launch command and the join waits for the game's first session. Refused (the
  // invite is unknown, not the user's, no longer valid; no session and no command; the chat
  // client not running): std::invalid_argument.
  void AcceptActivityInviteInChatClient(sdk::Snowflake user, sdk::Snowflake messageId);
  // Sign-in (world_auth.cc). Authorize shows a consent prompt in the local chat client (any
  // reachable one: the simulated machine's), or fails with RPCError when none runs. `answer` is
  // enqueued on the session with the authorization, or AuthorizationFailed when denied. Returns
  // the prompt's id (0 on failure).
  struct AuthorizeRequest {
    sdk::Snowflake applicationId = 0;
    std::string scopes;
    std::string codeChallenge;
    std::string state;  // carried by the browser fallback's authorize page and redirect
  };
  uint64_t RequestAuthorization(Session* session, AuthorizeRequest request,
                                std::function<void(const sdk::Result&, sdk::Authorization)> answer,
                                sdk::Result* failure);
  void CancelAuthorization(uint64_t promptId);
  // The prompts the chat client of `user` shows (none while it is unreachable), oldest first.
  std::vector<ConsentPrompt> ConsentPromptsOf(sdk::Snowflake user) const;
  // The user answers the oldest prompt. std::invalid_argument: no prompt, or the chat client is
  // not reachable, or the user is unknown.
  void AnswerConsent(sdk::Snowflake user, bool approve);
  // The web browser (browser.h). The pages `user`'s browser shows, oldest first. Opening a page:
  // a plain one, or the service's authorize page of a game's web flow (std::invalid_argument:
  // unknown user or application, a child application). The user answers the oldest authorize
  // page: a code (approve) or access_denied; the redirect goes to the SDK's local server when an
  // SDK authorization waits on it, and is returned. std::invalid_argument: unknown user, no page.
  std::deque<BrowserPage> BrowserPagesOf(sdk::Snowflake user) const;
  void OpenBrowserPage(sdk::Snowflake user, std::string url);
  void OpenAuthorizePage(sdk::Snowflake user, AuthorizePage page);
  AuthorizeRedirect AnswerAuthorizePage(sdk::Snowflake user, bool approve);
  // The developer portal's Connection Entrypoint URL ("" clears it). std::invalid_argument: unknown app.
  void SetConnectionEntrypointUrl(sdk::Snowflake app, std::string url);
  // Account-link requests (RegisterAuthorizeRequestCallback): a session subscribes for its
  // application (`notify` is enqueued on it for each request) until it unsubscribes or detaches.
  void SubscribeAuthorizeRequests(Session* session, sdk::Snowflake applicationId, std::function<void()> notify);
  void UnsubscribeAuthorizeRequests(Session* session);
  // The user asks, in their chat client, to link their account with the application: every
  // subscribed session of it is told (the connected game flow); when none is, the chat client
  // opens the application's Connection Entrypoint URL in the user's browser (the web flow).
  // Returns how many sessions were told. std::invalid_argument: unknown user or application, or
  // the chat client is not reachable.
  size_t RequestAccountLink(sdk::Snowflake user, sdk::Snowflake applicationId);
  // Provisional accounts (world_provisional.cc). The harness, as the application's identity
  // provider, issues a token of `type` for the player `subject`, valid `ttlMs`.
  // std::invalid_argument: unknown application, empty subject.
  // An OIDC token names `issuer` (default: the application's configured issuer).
  std::string IssueExternalToken(sdk::Snowflake app, sdk::ExternalAuthType type, const std::string& subject,
                                 uint64_t ttlMs, const std::optional<std::string>& issuer = std::nullopt);
  // POST /partner-sdk/token: see sdk/auth_api.h (GetProvisionalToken) for the rules.
  sdk::Result GetProvisionalToken(sdk::Snowflake app, sdk::ExternalAuthType type, const std::string& externalToken,
                                  sdk::TokenExchange* out);
  // UpdateProvisionalAccountDisplayName: see sdk/auth_api.h.
  sdk::Result SetProvisionalDisplayName(sdk::Snowflake user, const std::string& name);
  // GetTokenFromProvisionalMerge: see sdk/auth_api.h.
  sdk::Result MergeProvisional(sdk::Snowflake app, const std::string& code, const std::string& verifier,
                               const std::string& redirectUri, sdk::ExternalAuthType type,
                               const std::string& externalToken, sdk::TokenExchange* out);
  // Harness: bans `user` (its tokens are deleted at once, through the app removal's path; each
  // identity bound to it moves to a new restricted provisional account), or lifts the ban (merges
  // work again). Return how many identities moved / accounts were freed. std::invalid_argument:
  // unknown user.
  // UnmergeIntoProvisionalAccount: see sdk/auth_api.h.
  sdk::Result UnmergeProvisional(sdk::Snowflake app, sdk::ExternalAuthType type, const std::string& externalToken);
  size_t BanUser(sdk::Snowflake user);
  void UnbanUser(sdk::Snowflake user);
  // The game server's provisional accounts (world_provisional_server.cc; server-api.md §4.5-4.6).
  // Tokens last kServerProvisionalTokenTtlMs (expires_in 604800). ExchangeExternalToken: POST
  // /partner-sdk/token (client credentials checked by the caller), GetProvisionalToken's rules;
  // an OIDC exchange also answers a refresh token. BotProvisionalToken: POST
  // /partner-sdk/token/bot, the identity is `externalUserId` (DiscordBotIssuedAccessToken),
  // `preferredName` names a new account. Both: 530010 once the identity is a full account's.
  // UnmergeBotIdentity: POST /partner-sdk/provisional-accounts/unmerge/bot, UnmergeProvisional's
  // rules (404 unknown identity, 400 50229 provisional).
  static constexpr uint64_t kServerProvisionalTokenTtlMs = 7ULL * 24 * 60 * 60 * 1000;
  sdk::Result ExchangeExternalToken(sdk::Snowflake app, sdk::ExternalAuthType type, const std::string& externalToken,
                                    sdk::TokenExchange* out);
  sdk::Result BotProvisionalToken(sdk::Snowflake app, const std::string& externalUserId,
                                  const std::optional<std::string>& preferredName, sdk::TokenExchange* out);
  sdk::Result UnmergeBotIdentity(sdk::Snowflake app, const std::string& externalUserId);
  // The HTTP service's application-identity routes: every identity of `app` bound to an account,
  // with the account; and the deletion of one bound to `user` (false: none such). Throw
  // std::invalid_argument for an unknown application.
  std::vector<std::pair<ExternalToken, sdk::Snowflake>> ApplicationIdentities(sdk::Snowflake app) const;
  bool DeleteApplicationIdentity(sdk::Snowflake app, sdk::Snowflake user, sdk::ExternalAuthType type,
                                 const std::string& subject);
  // Harness: the application's OIDC issuer configuration (oidc_issuers.h), or nullopt to remove
  // it (OIDC exchanges then fail with 530008). A configuration that breaks the issuer rules is
  // refused (std::invalid_argument, nothing changed) unless `grandfathered`, which only the first
  // configuration of an application may be. std::invalid_argument: unknown application.
  void ConfigureOidc(sdk::Snowflake app, std::optional<OidcConfiguration> config);
  std::optional<OidcConfiguration> OidcConfigurationOf(sdk::Snowflake app) const;
  // The token endpoints (POST /oauth2/token, /oauth2/token/revoke): see sdk/auth_api.h for the
  // rules. Access tokens last kAccessTokenTtlMs (expires_in 604800).
  static constexpr uint64_t kAccessTokenTtlMs = 7ULL * 24 * 60 * 60 * 1000;
  sdk::Result ExchangeCode(sdk::Snowflake app, const std::string& code, const std::string& verifier,
                           const std::string& redirectUri, sdk::TokenExchange* out);
  sdk::Result RefreshGrant(sdk::Snowflake app, const std::string& refreshToken, sdk::TokenExchange* out);
  sdk::Result RevokeGrant(sdk::Snowflake app, const std::string& token);
  // The user removes the application (harness): every token of the authorization is deleted and
  // sessions using them end. Returns how many access and refresh tokens (and codes) went.
  size_t RemoveAuthorization(sdk::Snowflake user, sdk::Snowflake app);
  // Publisher-level linking (POST /partner-sdk/child-token, ExchangeChildToken): see
  // sdk/auth_api.h for the rules.
  sdk::Result ExchangeChildToken(const std::string& parentToken, sdk::Snowflake childApp, sdk::TokenExchange* out);
  // When an access token expires on the clock (0: unknown token).
  uint64_t TokenExpiresAt(const std::string& token) const;

  // Webhook events (world_webhooks.cc): notices for the applications that set an events URL in
  // the simulated HTTP service, which takes them on the JS thread. Unknown app: invalid_argument.
  void SetWebhookSubscribed(sdk::Snowflake app, bool subscribed);
  WebhookOutbox::Taken TakeWebhookNotices();
  // Runs `task` on the session's thread once the clock reaches `dueMs` (at once when it has).
  // Dropped when the session detaches first.
  void ScheduleAt(Session* session, uint64_t dueMs, std::function<void()> task);

 private:
  struct TokenRecord {
    TokenGrant grant;
    bool revoked = false;
    std::string scopes;
    // A child application's token: the parent application's token it was exchanged from (it
    // ends with it).
    std::string parent;
  };

  std::string NewTokenValue();
  // Issues an access and a refresh token for (app, user, scopes) (world_auth.cc).
  sdk::TokenExchange IssueTokenSetLocked(sdk::Snowflake app, sdk::Snowflake user, const std::string& scopes);
  // Revokes every token of (app, user), and the child tokens exchanged from them; returns how many.
  size_t RevokeAuthorizationLocked(sdk::Snowflake app, sdk::Snowflake user);
  // Invalidates the access token a refresh replaces: refused from now on, its sessions told
  // (OnTokenReplaced), the child tokens exchanged from it revoked (world_auth.cc).
  void InvalidateReplacedTokenLocked(const std::string& accessToken);
  // Revokes the child tokens whose parent token was revoked (world_publisher.cc).
  void RevokeOrphanedChildTokensLocked();
  // Refuses OAuth2 and provisional-account calls made with a child application's id (see
  // sdk/auth_api.h); Success otherwise.
  sdk::Result RefuseChildApplicationLocked(sdk::Snowflake app) const;
  // Webhook notices (world_webhooks.cc); called with mutex_ held.
  void NoteAuthorizationLocked(bool authorized, sdk::Snowflake app, sdk::Snowflake user, const std::string& scopes);
  void NoteLobbyMessageLocked(const Lobbies::Outcome& outcome);
  // LOBBY_MESSAGE_UPDATE / _DELETE for an edit or deletion in a linked channel (a metadata-only
  // update fires none: server-api.md §1.4).
  void NoteLobbyMessageChangeLocked(const Notices& notices);
  void NoteDirectMessageLocked(const DirectMessages::Outcome& outcome);
  // Lobbies::UpdateIdle for the lobby, or for every lobby of (app, user), on the world's clock.
  void UpdateLobbyIdleLocked(sdk::Snowflake lobbyId);
  void UpdateLobbiesIdleLocked(sdk::Snowflake app, sdk::Snowflake user);
  // ServiceError 404 Unknown User for the first update that adds a user the service does not know.
  void CheckUsersExistLocked(const std::vector<MemberUpdate>& updates) const;
  // A fresh snowflake from the clock that is no user's or application's ID.
  sdk::Snowflake NewIdLocked();
  // A new provisional user (world_provisional.cc).
  sdk::Snowflake NewProvisionalAccountLocked();
  // Provisional accounts (world_provisional.cc, world_provisional_server.cc): the identity an
  // external token proves (a bot-issued account's: its live access token); the OIDC rules of an
  // exchange (530008, 530002, 530004); a token of the identity's account, made on first use
  // (530010 for a full account); an unmerge of the identity (404, 50229).
  std::optional<ExternalToken> ExternalIdentityLocked(sdk::Snowflake app, sdk::ExternalAuthType type,
                                                      const std::string& externalToken) const;
  sdk::Result CheckOidcLocked(const ExternalToken& identity) const;
  // A provisional-account token call's identity: the application is no child, the provider token
  // is one its provider issued for `type` and unexpired (else 403 50025), OIDC's issuer checks
  // pass. Fills `identity` on success.
  sdk::Result ProvisionalIdentityLocked(sdk::Snowflake app, sdk::ExternalAuthType type, const std::string& externalToken,
                                        ExternalToken* identity) const;
  sdk::Result GrantProvisionalLocked(const ExternalToken& identity, uint64_t ttlMs, bool withRefresh,
                                     const std::optional<std::string>& preferredName, sdk::TokenExchange* out);
  sdk::Result UnmergeIdentityLocked(const ExternalToken& identity);
  static ExternalToken BotIdentity(sdk::Snowflake app, const std::string& externalUserId);
  // Ownership rule: the world holds a Session* only while the session is attached. Every entry
  // that stores one (Schedule, SessionReady, JoinCall, SetVoiceState) checks this under mutex_,
  // and Detach removes every copy under the same lock, so nothing queued in the world can outlive
  // the client it points at, whatever its thread does while it closes.
  bool IsAttachedLocked(Session* session) const;
  bool IsConnectedLocked(sdk::Snowflake app, sdk::Snowflake user) const;
  // The signed-in sessions of `user` in `app`, or nullptr when it has none.
  const std::set<Session*>* ReadySessionsLocked(sdk::Snowflake app, sdk::Snowflake user) const;
  // Hands notices to the signed-in sessions of their recipients. Called with mutex_ held.
  void DispatchLocked(const Notices& notices);
  // Every guild channel linked to a lobby, with its lobby.
  LinkedLobbies LinkedLobbiesLocked() const;
  // The session is no longer signed in; members see its user go when it was the last one.
  void ForgetReadyLocked(Session* session);
  // Hands voice notices to their sessions. Called with mutex_ held.
  void DispatchVoiceLocked(const Calls::Change& change);
  // Hands user notices to every signed-in session of their recipients, whatever the application.
  void DispatchToUsersLocked(const UserNotices& notices);
  // Whether `user`, signed in to `app`, may message `target` (a direct message, or an activity
  // invite, which is sent as one): 403 50007 unless one of discordpp.h's three cases holds
  // (world_direct_messages.cc).
  sdk::Result MayMessageLocked(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake target) const;
  // The user as the service shows it to a viewer: its online status (offline without a connected
  // client; invisible shows as offline unless `self`, the viewer is the user) and its published
  // activity (secrets only to itself; see sim/presence.h). Scans the signed-in sessions: O(sessions).
  sdk::User ShownUserLocked(sdk::User user, bool self) const;
  // Tells every signed-in session that knows `userId` (its own included) that it changed.
  void UserUpdatedLocked(sdk::Snowflake userId);
  // The last session of (app, user) went: the activity it published goes with it. Returns whether
  // there was one (the caller tells those who know the user).
  bool PresenceGoneLocked(sdk::Snowflake app, sdk::Snowflake user);
  // Whether the user has a signed-in session in any application (online to others, unless invisible).
  bool UserConnectedLocked(sdk::Snowflake user) const;

  const sdk::Version version_;
  SnowflakeMinter minter_;
  mutable std::mutex mutex_;
  uint64_t nowMs_;
  std::mt19937_64 random_;
  std::map<sdk::Snowflake, Application> applications_;
  std::map<sdk::Snowflake, sdk::User> users_;
  std::unordered_map<std::string, TokenRecord> tokens_;
  std::set<Session*> sessions_;
  // Signed-in sessions by (application, user), in that order (presence walks them by application).
  std::map<std::pair<sdk::Snowflake, sdk::Snowflake>, std::set<Session*>> ready_;
  // The same sets by key, for lookups: a lobby message looks up each of up to 1,000 members, and
  // the ordered map's walk was a quarter of the simulator's time in a 1,000-member fan-out. Points
  // into ready_'s values (a std::map never moves them); kept in step by SessionReady and
  // ForgetReadyLocked. Read through ReadySessionsLocked.
  struct AppUserHash {
    size_t operator()(const std::pair<sdk::Snowflake, sdk::Snowflake>& key) const {
      return std::hash<uint64_t>{}(key.first * 0x9E3779B97F4A7C15ULL ^ key.second);
    }
  };
  std::unordered_map<std::pair<sdk::Snowflake, sdk::Snowflake>, const std::set<Session*>*, AppUserHash> readyByKey_;
  std::map<Session*, std::pair<sdk::Snowflake, sdk::Snowflake>> readyKey_;
  // Per user signed in anywhere: how many applications it is signed in to (keys of ready_), so
  // "is the user online" is a lookup, not a walk over every session (10,000 clients connecting
  // would walk 10,000 x 10,000).
  std::unordered_map<sdk::Snowflake, size_t> readyApplicationsOfUser_;
  Lobbies lobbies_;
  Interference interference_;
  Calls calls_;
  ChatClients chatClients_;
  Browser browser_;
  MachineAudio machineAudio_;
  // Tells every session of `user` that its machine's audio changed. Called with mutex_ held.
  void MachineAudioChangedLocked(sdk::Snowflake user, bool devicesChanged);
  ProvisionalAccounts provisional_;
  OAuth2 oauth2_;
  WebhookOutbox webhooks_;
  std::atomic<bool> debugLogs_{false};
  Guilds guilds_;
  ChannelInvites channelInvites_;
  DirectMessages directMessages_;
  std::map<sdk::Snowflake, sdk::Activity> activities_;  // by user; applicationId: the publishing app
  std::map<sdk::Snowflake, sdk::StatusType> chosenStatus_;  // by user; absent: Online
  std::map<sdk::Snowflake, ProfilePrivacy> profilePrivacy_;  // by user; absent: Everyone

  // Relationships (world_relationships.cc). What others can see of a user's presence, for the
  // friends list's groups: online, and the application of the activity it shows.
  struct ShownPresence {
    bool online = false;
    sdk::Snowflake activityApp = 0;
    bool operator==(const ShownPresence& other) const { return online == other.online && activityApp == other.activityApp; }
  };
  static sdk::RelationshipGroupType GroupOf(const ShownPresence& presence, sdk::Snowflake app, bool discordFriend);
  ShownPresence ShownPresenceLocked(sdk::Snowflake userId) const;
  // Tells the sessions of `userId`'s friends whose group of it changed (relationshipGroupsUpdated).
  void RelationshipGroupsChangedLocked(sdk::Snowflake userId);
  void DispatchRelationshipsLocked(const RelationshipNotices& notices);
  sdk::Relationship RelationshipLocked(sdk::Snowflake app, sdk::Snowflake viewer, sdk::Snowflake other) const;
  // `user` as (app, viewer) sees it: its presence only to itself, its friends and its lobbies'
  // members, never across a block (then offline, no activity).
  sdk::User ViewUserLocked(sdk::Snowflake app, sdk::Snowflake viewer, const sdk::User& user) const;
  Relationships relationships_;
  std::map<sdk::Snowflake, ShownPresence> shownPresence_;
  // Who has signed in to which application, ever (noted in SessionReady).
  PlayHistory playHistory_;
  // Activity invites (world_activity_invites.cc).
  // Whether a Join invite can still be accepted: the sender still shows, in its application, the
  // party and join secret it had when sending, and the party is not full.
  bool InviteAcceptableLocked(const SentInvite& sent) const;
  // Refused for an unknown user, oneself, or a user `user` may not message (MayMessageLocked).
  sdk::Result CheckInviteTargetLocked(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake target) const;
  // Sends a Join invite from `user` (its published activity in `app`) to `target`.
  sdk::Result SendJoinInviteLocked(sdk::Snowflake app, sdk::Snowflake user, sdk::Snowflake target, std::string content);
  void DeliverInviteLocked(const SentInvite& sent, bool created);
  // The user's presence changed: the invites it sent that are no longer acceptable are updated.
  void ActivityInvitesChangedLocked(sdk::Snowflake userId);
  // Joins waiting for a session of (app, user) (the chat client launched the game), delivered in
  // SessionReady.
  void DeliverPendingJoinsLocked(sdk::Snowflake app, sdk::Snowflake user);
  ActivityInvites activityInvites_;
  std::map<sdk::Snowflake, std::map<sdk::Snowflake, std::string>> launchCommands_;  // [user][app]
  std::map<sdk::Snowflake, std::vector<std::string>> launches_;                     // by user
  std::map<std::pair<sdk::Snowflake, sdk::Snowflake>, std::vector<sdk::ActivityJoin>> pendingJoins_;  // (app, user)  // by user: the last presence groups were told of

  // Last: its workers are joined before anything above is destroyed.
  ServicePool pool_{ServicePool::DefaultWorkers()};
};

}  // namespace sim
