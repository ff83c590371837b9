// The simulated service: applications, users, access tokens and a virtual clock, shared by every
// simulated client attached to it. Thread-safe: clients call in from their service threads, the
// harness from the JS thread; one lock, mutex_, taken by every entry, guards the world and every
// rule class it holds (the rule classes have no lock of their own). World keeps what ties the
// features together; each feature's state is in its rule class, and its operations are declared
// in world_<feature>.h (included into the class below) and defined in world_<feature>.cc.
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
#include "sim/service/device_authorizations.h"
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
#include "sim/service/sdk_settings.h"
#include "sim/service/world_view.h"

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
  // A user joined or left the call of a lobby this session's user is a member of.
  virtual void OnLobbyVoiceParticipant(sdk::Snowflake lobbyId, sdk::Snowflake userId, bool added) = 0;
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
  // The settings the game gave this client for its machine-side work (sdk_settings.h), read by
  // the harness with World::mutex_ held: an implementation takes no lock but a leaf one.
  virtual SdkSettings Settings() const { return {}; }
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
    std::optional<std::string> avatar;  // the profile avatar's hash (UserHandle::Avatar)
    bool provisional = false;
  };

  // startMs: where the clock starts (a simulated date before the host's, so dated rules can be
  // tested on both sides of their date); the host's wall clock when absent.
  explicit World(sdk::Version version, std::optional<uint64_t> startMs = std::nullopt);

  const sdk::Version& version() const { return version_; }

  // Virtual clock, in milliseconds since the Unix epoch. Starts at the host's wall clock and only
  // moves when advanced, so time-based behaviour (token expiry, the lobby message read window,
  // injected latency) is deterministic in tests. Advancing releases delayed calls now due and
  // deletes the lobbies idle for more than their idle timeout (Lobbies::UpdateIdle).
  uint64_t Now() const;
  // Now() without the world's lock, for readers that may run under it or under a client's lock
  // (a log line's time stamp): the value of the last Advance, at most that late.
  uint64_t NowWithoutLock() const { return clockMirror_.load(std::memory_order_relaxed); }
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

  // The application, or ServiceError 404 (for the harness: an invalid_argument, as elsewhere).
  Application ApplicationOf(sdk::Snowflake app) const;

  // Webhook events (world_webhooks.cc): notices for the applications that set an events URL in
  // the simulated HTTP service, which takes them on the JS thread. Unknown app: invalid_argument.
  void SetWebhookSubscribed(sdk::Snowflake app, bool subscribed);
  WebhookOutbox::Taken TakeWebhookNotices();
  // Runs `task` on the session's thread once the clock reaches `dueMs` (at once when it has).
  // Dropped when the session detaches first.
  void ScheduleAt(Session* session, uint64_t dueMs, std::function<void()> task);

  // The features' operations, each declared in its room beside the file that defines it
  // (world_<feature>.h, world_<feature>.cc), as the port groups them (sdk/<feature>_api.h). Each
  // opens with public: and ends in private:.
#include "sim/service/world_lobbies.h"
#include "sim/service/world_messages.h"
#include "sim/service/world_voice.h"
#include "sim/service/world_discord_app.h"
#include "sim/service/world_guilds.h"
#include "sim/service/world_presence.h"
#include "sim/service/world_relationships.h"
#include "sim/service/world_invites.h"
#include "sim/service/world_auth.h"
#include "sim/service/world_describe.h"

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
  // A fresh snowflake from the clock that is no user's or application's ID.
  sdk::Snowflake NewIdLocked();
  // Webhook notices (world_webhooks.cc); called with mutex_ held.
  void NoteAuthorizationLocked(bool authorized, sdk::Snowflake app, sdk::Snowflake user, const std::string& scopes);
  void NoteLobbyMessageLocked(const Lobbies::Outcome& outcome);
  // LOBBY_MESSAGE_UPDATE / _DELETE for an edit or deletion in a linked channel (a metadata-only
  // update fires none: server-api.md §1.4).
  void NoteLobbyMessageChangeLocked(const Notices& notices);
  void NoteDirectMessageLocked(const DirectMessages::Outcome& outcome);
  // Ownership rule: the world holds a Session* only while the session is attached. Every entry
  // that stores one (Schedule, SessionReady, JoinCall, SetVoiceState) checks this under mutex_,
  // and Detach removes every copy under the same lock, so nothing queued in the world can outlive
  // the client it points at, whatever its thread does while it closes.
  bool IsAttachedLocked(Session* session) const;
  bool IsConnectedLocked(sdk::Snowflake app, sdk::Snowflake user) const;
  // The signed-in sessions of `user` in `app`, or nullptr when it has none.
  const std::set<Session*>* ReadySessionsLocked(sdk::Snowflake app, sdk::Snowflake user) const;
  // Calls `tell(session)` for every signed-in session of each of `users` in `app` (what a user
  // not signed in misses is not kept for later). Called with mutex_ held.
  template <typename Tell>
  void TellReadySessionsLocked(sdk::Snowflake app, const std::vector<sdk::Snowflake>& users, const Tell& tell) const {
    for (sdk::Snowflake user : users) {
      const std::set<Session*>* sessions = ReadySessionsLocked(app, user);
      if (sessions == nullptr) continue;
      for (Session* session : *sessions) tell(session);
    }
  }
  // Hands notices to the signed-in sessions of their recipients. Called with mutex_ held.
  void DispatchLocked(const Notices& notices);
  // The session is no longer signed in; members see its user go when it was the last one.
  void ForgetReadyLocked(Session* session);
  // Hands user notices to every signed-in session of their recipients, whatever the application.
  void DispatchToUsersLocked(const UserNotices& notices);
  // Whether the user has a signed-in session in any application (online to others, unless invisible).
  bool UserConnectedLocked(sdk::Snowflake user) const;

  // The world's state: what ties the features together (the lock, the clock, users and
  // applications, tokens, sessions, the pool) and one rule class per feature, each called with
  // mutex_ held.
  const sdk::Version version_;
  SnowflakeMinter minter_;
  mutable std::mutex mutex_;
  uint64_t nowMs_;
  std::atomic<uint64_t> clockMirror_;  // nowMs_, for NowWithoutLock
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
  ProvisionalAccounts provisional_;
  OAuth2 oauth2_;
  // Device sign-in (world_device.cc): the device authorization requests and the SDK's screens.
  DeviceAuthorizations deviceAuthorizations_;
  DeviceScreens deviceScreens_;
  WebhookOutbox webhooks_;
  std::atomic<bool> debugLogs_{false};
  Guilds guilds_;
  ChannelInvites channelInvites_;
  DirectMessages directMessages_;
  Presences presences_;
  Relationships relationships_;
  // Who has signed in to which application, ever (noted in SessionReady).
  PlayHistory playHistory_;
  ActivityInvites activityInvites_;

  // Last: its workers are joined before anything above is destroyed.
  ServicePool pool_{ServicePool::DefaultWorkers()};
};

}  // namespace sim
