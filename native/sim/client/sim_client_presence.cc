// The simulated client's rich presence, online status and user cache: UpdateRichPresence,
// ClearRichPresence and SetOnlineStatus are
// round trips to the world like every call (latency, faults); GetUser reads the world's view of
// the users this client knows.
#include "sim/client/sim_client.h"

namespace sim {

void SimClient::UpdateRichPresence(sdk::Activity activity, ResultCallback done) {
  const uint64_t op = BeginOperation(std::move(done));
  Call(CallKind::UpdateRichPresence, op,
       [this, op, activity = std::move(activity)](sdk::Snowflake app, sdk::Snowflake user) {
         world_->UpdateRichPresence(app, user, activity);
         CompleteOperation(op, sdk::Result::Success());
       });
}

void SimClient::ClearRichPresence() {
  world_->Schedule(this, CallKind::ClearRichPresence, sessionUserId_.load(),
                   [this](std::optional<sdk::Result> fault) {
                     if (fault) return Log(sdk::LogSeverity::Warning, "ClearRichPresence failed: " + fault->message);
                     sdk::Snowflake app = 0, user = 0;
                     sdk::Result failure;
                     // Not signed in: there is nothing published to clear.
                     if (SignedIn(&app, &user, &failure)) world_->ClearRichPresence(app, user);
                   });
}

void SimClient::SetOnlineStatus(sdk::StatusType status, ResultCallback done) {
  const uint64_t op = BeginOperation(std::move(done));
  Call(CallKind::SetOnlineStatus, op, [this, op, status](sdk::Snowflake, sdk::Snowflake user) {
    CompleteOperation(op, world_->SetOnlineStatus(user, status));
  });
}

std::optional<sdk::User> SimClient::GetUser(sdk::Snowflake userId) const {
  sdk::Snowflake app = 0, user = 0;
  sdk::Result failure;
  if (!SignedIn(&app, &user, &failure)) return std::nullopt;
  return world_->ViewUser(app, user, userId);
}

void SimClient::SetUserUpdatedCallback(UserUpdatedCallback cb) {
  std::lock_guard<std::mutex> lock(mutex_);
  userCallback_.Set(std::move(cb));
}

void SimClient::OnUserUpdated(sdk::Snowflake userId) {
  Post([this, userId] {
    if (status_.load() != sdk::Status::Ready) return;
    if (const UserUpdatedCallback* cb = userCallback_.Get()) Deliver([cb, userId] { (*cb)(userId); });
  });
}

void SimClient::GetDiscordClientConnectedUser(sdk::Snowflake, sdk::ValueCallback<std::vector<sdk::User>> done) {
  // The Discord app asked is the one on this client's machine, which the simulator knows by the
  // signed-in user (World::MachineOf): a client not ready fails with ClientNotReady (our choice).
  const uint64_t op = BeginValueOperation(done);
  Call(CallKind::GetDiscordClientConnectedUser, op, [this, op, done](sdk::Snowflake app, sdk::Snowflake user) {
    std::optional<sdk::User> account;
    sdk::Result result = world_->DiscordClientConnectedUser(app, user, &account);
    if (!result.ok()) return CompleteOperation(op, std::move(result));
    std::vector<sdk::User> users;
    if (account) users.push_back(std::move(*account));
    FinishOperation(op, [done, users = std::move(users)] { done(sdk::Result::Success(), users); });
  });
}

}  // namespace sim
