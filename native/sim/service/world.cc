#include "sim/service/world.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>

namespace sim {

const char* AuthFailureText(AuthFailure failure) {
  switch (failure) {
    case AuthFailure::None: return "ok";
    case AuthFailure::UnknownToken: return "the access token is not known to the service";
    case AuthFailure::Revoked: return "the access token was revoked";
    case AuthFailure::Expired: return "the access token has expired";
    case AuthFailure::WrongApplication: return "the access token was issued for another application";
    case AuthFailure::UnknownUser: return "the token's user no longer exists";
  }
  return "authentication failed";
}

namespace {
uint64_t WallClockMs() {
  using namespace std::chrono;
  return static_cast<uint64_t>(
      duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count());
}
}  // namespace

World::World(sdk::Version version, std::optional<uint64_t> startMs)
    : version_(std::move(version)), nowMs_(std::min(startMs.value_or(WallClockMs()), kClockEndMs)),
      clockMirror_(nowMs_), random_(std::random_device{}()) {}

uint64_t World::Now() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return nowMs_;
}

void World::Advance(uint64_t ms) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (ms > kClockEndMs - nowMs_) {
    throw std::invalid_argument("ms would move the clock past the last instant snowflake IDs can encode "
                                "(2^42 ms after 2015-01-01, less a day of margin); at most " +
                                std::to_string(kClockEndMs - nowMs_) + " ms are left");
  }
  nowMs_ += ms;
  clockMirror_.store(nowMs_, std::memory_order_relaxed);
  for (auto& [session, task] : interference_.TakeDue(nowMs_)) session->Enqueue(std::move(task));
  // Time moves only here (the virtual clock and the real-time mode alike), so this is where idle
  // lobbies reach their deadline.
  DispatchLocked(lobbies_.DeleteIdle(nowMs_));
}

sdk::Snowflake World::NewIdLocked() {
  // Explicit user IDs are the harness's choice; a minted ID never takes one of them (or an
  // application's) for something else.
  sdk::Snowflake id = minter_.Mint(nowMs_);
  while (users_.count(id) || applications_.count(id)) id = minter_.Mint(nowMs_);
  return id;
}

Application World::CreateApplication(std::string name, sdk::Snowflake parentId, bool publisherLinking) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (parentId != 0) {
    auto parent = applications_.find(parentId);
    if (parent == applications_.end()) throw std::invalid_argument("no application with id " + std::to_string(parentId));
    if (parent->second.parentId != 0) {
      throw std::invalid_argument("application " + std::to_string(parentId) +
                                  " is a child application: a publisher's children have no children");
    }
  }
  Application app;
  app.parentId = parentId;
  app.publisherLinking = publisherLinking;
  app.id = NewIdLocked();
  app.name = std::move(name);
  applications_.emplace(app.id, app);  // first, so the bot's id is not the application's
  sdk::User bot;
  bot.id = NewIdLocked();
  bot.username = app.name.empty() ? "bot" : app.name;
  users_.emplace(bot.id, bot);
  app.botUserId = bot.id;
  applications_[app.id] = app;
  return app;
}

sdk::User World::CreateUser(const UserSpec& spec) {
  std::lock_guard<std::mutex> lock(mutex_);
  sdk::User user;
  user.id = spec.id ? *spec.id : NewIdLocked();
  user.username = spec.username;
  user.globalName = spec.globalName;
  user.avatar = spec.avatar;
  user.isProvisional = spec.provisional;
  if (user.id == 0) throw std::invalid_argument("user id 0 is reserved (it means \"no user\")");
  if (applications_.count(user.id)) throw std::invalid_argument("an application has that id");
  if (!users_.emplace(user.id, user).second) {
    throw std::invalid_argument("a user with id " + std::to_string(user.id) + " already exists");
  }
  return user;
}

std::optional<sdk::User> World::FindUser(sdk::Snowflake id) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = users_.find(id);
  if (it == users_.end()) return std::nullopt;
  return ShownUserLocked(it->second, true);
}

std::string World::NewTokenValue() {
  static const char kHex[] = "0123456789abcdef";
  std::string value = "sim.";
  for (int i = 0; i < 2; ++i) {
    uint64_t bits = random_();
    for (int n = 0; n < 16; ++n, bits >>= 4) value.push_back(kHex[bits & 0xF]);
  }
  return value;
}

TokenGrant World::IssueToken(sdk::Snowflake userId, sdk::Snowflake applicationId, uint64_t ttlMs,
                             const std::string& scopes) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (users_.count(userId) == 0) {
    throw std::invalid_argument("no user with id " + std::to_string(userId));
  }
  if (applications_.count(applicationId) == 0) {
    throw std::invalid_argument("no application with id " + std::to_string(applicationId));
  }
  TokenRecord record;
  record.grant.accessToken = NewTokenValue();
  record.grant.userId = userId;
  record.grant.applicationId = applicationId;
  record.grant.expiresAtMs = nowMs_ + ttlMs;
  record.scopes = scopes;
  tokens_.emplace(record.grant.accessToken, record);
  return record.grant;
}

bool World::RevokeToken(const std::string& token) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = tokens_.find(token);
  if (it == tokens_.end() || it->second.revoked) return false;
  it->second.revoked = true;
  for (Session* session : sessions_) session->OnTokenRevoked(token);
  RevokeOrphanedChildTokensLocked();
  return true;
}

AuthFailure World::Authenticate(const std::string& token, sdk::Snowflake applicationId,
                                sdk::User* userOut, sdk::Snowflake* applicationOut,
                                std::string* scopesOut, uint64_t* expiresAtOut) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = tokens_.find(token);
  if (it == tokens_.end()) return AuthFailure::UnknownToken;
  const TokenRecord& record = it->second;
  if (record.revoked) return AuthFailure::Revoked;
  if (nowMs_ >= record.grant.expiresAtMs) return AuthFailure::Expired;
  if (applicationId != 0 && applicationId != record.grant.applicationId) {
    return AuthFailure::WrongApplication;
  }
  auto user = users_.find(record.grant.userId);
  if (user == users_.end()) return AuthFailure::UnknownUser;
  if (userOut) *userOut = user->second;
  if (applicationOut) *applicationOut = record.grant.applicationId;
  if (scopesOut) *scopesOut = record.scopes;
  if (expiresAtOut) *expiresAtOut = record.grant.expiresAtMs;
  return AuthFailure::None;
}

size_t World::DropConnections(sdk::Snowflake userId) {
  std::lock_guard<std::mutex> lock(mutex_);
  size_t affected = 0;
  for (Session* session : sessions_) {
    if (session->SessionUserId() != userId) continue;
    session->OnConnectionDropped();
    ++affected;
  }
  return affected;
}

size_t World::EmitLogs(sdk::Snowflake userId, uint32_t count, sdk::LogSeverity severity,
                       const std::string& message, bool voice) {
  std::lock_guard<std::mutex> lock(mutex_);
  size_t affected = 0;
  for (Session* session : sessions_) {
    if (session->SessionUserId() != userId) continue;
    session->OnLoadLogs(count, severity, message, voice);
    ++affected;
  }
  return affected;
}

void World::Attach(Session* session) {
  std::lock_guard<std::mutex> lock(mutex_);
  sessions_.insert(session);
}

void World::Detach(Session* session) {
  std::lock_guard<std::mutex> lock(mutex_);
  ServicePool::DeferPosts defer;  // the notices of its going (lobbies, presence) under one lock of the pool
  sessions_.erase(session);
  interference_.Forget(session);
  ForgetReadyLocked(session);
  chatClients_.ForgetOwner(session);
  browser_.ForgetOwner(session);
  deviceScreens_.ForgetOwner(session);
}

bool World::IsAttachedLocked(Session* session) const {
  return sessions_.count(session) > 0;
}

bool World::IsConnectedLocked(sdk::Snowflake app, sdk::Snowflake user) const {
  return ReadySessionsLocked(app, user) != nullptr;
}

const std::set<Session*>* World::ReadySessionsLocked(sdk::Snowflake app, sdk::Snowflake user) const {
  auto found = readyByKey_.find({app, user});
  return found == readyByKey_.end() ? nullptr : found->second;
}

void World::SessionReady(Session* session, sdk::Snowflake app, sdk::Snowflake user) {
  std::lock_guard<std::mutex> lock(mutex_);
  ServicePool::DeferPosts defer;  // the notices of its coming under one lock of the pool
  if (!IsAttachedLocked(session) || readyKey_.count(session)) return;
  const bool wasOnline = UserConnectedLocked(user);
  readyKey_[session] = {app, user};
  playHistory_.Note(app, user);
  auto& sessions = ready_[{app, user}];
  sessions.insert(session);
  if (sessions.size() == 1) {
    readyByKey_[{app, user}] = &sessions;
    ++readyApplicationsOfUser_[user];
    DispatchLocked(lobbies_.ConnectedChanged(app, user));
    UpdateLobbiesIdleLocked(app, user);
  }
  DeliverPendingJoinsLocked(app, user);
  // Its first client anywhere: the user comes online (userUpdated; friends' groups).
  if (!wasOnline) UserUpdatedLocked(user);
}

bool World::UserConnectedLocked(sdk::Snowflake user) const { return readyApplicationsOfUser_.count(user) > 0; }

void World::SessionGone(Session* session) {
  std::lock_guard<std::mutex> lock(mutex_);
  ForgetReadyLocked(session);
}

void World::ForgetReadyLocked(Session* session) {
  DispatchVoiceLocked(calls_.LeaveAll(session));  // a session that is gone is in no call
  auto key = readyKey_.find(session);
  if (key == readyKey_.end()) return;
  const auto [app, user] = key->second;
  readyKey_.erase(key);
  auto& sessions = ready_[{app, user}];
  sessions.erase(session);
  if (!sessions.empty()) return;
  readyByKey_.erase({app, user});
  ready_.erase({app, user});
  auto applications = readyApplicationsOfUser_.find(user);
  if (--applications->second == 0) readyApplicationsOfUser_.erase(applications);
  const bool activityGone = presences_.Clear(app, user);  // the activity it published goes with it
  DispatchLocked(lobbies_.ConnectedChanged(app, user));
  UpdateLobbiesIdleLocked(app, user);
  // Its activity went, or its last client anywhere (offline): userUpdated; friends' groups.
  if (activityGone || !UserConnectedLocked(user)) UserUpdatedLocked(user);
}

void World::DispatchLocked(const Notices& notices) {
  // Every recipient's task is queued under one lock of the pool, not one each (a lobby message
  // goes to up to 1,000 members).
  ServicePool::DeferPosts defer;
  for (const Notice& notice : notices) {
    // A user who is no longer a member of the lobby is no longer in its call either.
    if (notice.lobbyEvent == sdk::LobbyEvent::Deleted) {
      for (sdk::Snowflake user : notice.recipients) DispatchVoiceLocked(calls_.RemoveUser(notice.lobbyId, user));
    }
    TellReadySessionsLocked(notice.applicationId, notice.recipients, [&notice](Session* session) {
      if (notice.lobbyEvent) session->OnLobbyEvent(*notice.lobbyEvent, notice.lobbyId, notice.memberId);
      if (notice.messageEvent) session->OnMessageEvent(*notice.messageEvent, notice.message);
      if (notice.deletedMessageId != 0) session->OnMessageDeleted(notice.deletedMessageId, notice.lobbyId);
    });
  }
}

void World::SetLatency(uint64_t ms) {
  std::lock_guard<std::mutex> lock(mutex_);
  interference_.SetLatency(ms);
}

uint64_t World::Latency() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return interference_.latency();
}

void World::FailNext(CallKind kind, uint32_t count, sdk::Result failure, sdk::Snowflake userId) {
  std::lock_guard<std::mutex> lock(mutex_);
  interference_.FailNext(kind, count, std::move(failure), userId);
}

void World::ClearFailures() {
  std::lock_guard<std::mutex> lock(mutex_);
  interference_.ClearFailures();
}

void World::Schedule(Session* session, CallKind kind, sdk::Snowflake userId, ServiceCall task) {
  // Nothing injected (the usual case): straight to the session's queue, without the world's lock,
  // which the workers' calls into the world hold much of the time (it was the JS thread's costliest
  // wait per call). The world keeps no pointer to the session on this path; a session that is
  // closing drops the task, and its Close fails the operation.
  if (interference_.Quiet()) {
    session->Enqueue([task = std::move(task)] { task(std::nullopt); });
    return;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  // A closing client's thread may still schedule a call after Detach: its operations are failed
  // by the client's Close, and the world must not keep a pointer to it.
  if (!IsAttachedLocked(session)) return;
  auto run = [task = std::move(task), failure = interference_.TakeFailure(kind, userId)] { task(failure); };
  if (interference_.latency() == 0) {
    session->Enqueue(std::move(run));
  } else {
    interference_.Delay(nowMs_ + interference_.latency(), session, std::move(run));
  }
}

void World::WhenSettled(std::function<void(uint64_t generation)> callback) { pool_.WhenIdle(std::move(callback)); }

uint64_t World::generation() const { return pool_.Posted(); }

}  // namespace sim
