// The simulated client's activity invites: sending, requesting, replying and accepting are round
// trips to the world like every call (latency, faults); the world's notices become the invite and
// join callbacks. Launch commands are kept by the client and recorded on its user's chat client
// whenever it signs in (the vendor writes them locally, connected or not).
#include "sim/client/sim_client.h"

namespace sim {

void SimClient::SendActivityInvite(sdk::Snowflake userId, std::string content, ResultCallback done) {
  const uint64_t op = BeginOperation(std::move(done));
  Call(CallKind::SendActivityInvite, op, [this, op, userId, content = std::move(content)](sdk::Snowflake app, sdk::Snowflake user) {
    CompleteOperation(op, world_->SendActivityInvite(app, user, userId, content));
  });
}

void SimClient::SendActivityJoinRequest(sdk::Snowflake userId, ResultCallback done) {
  const uint64_t op = BeginOperation(std::move(done));
  Call(CallKind::SendActivityJoinRequest, op, [this, op, userId](sdk::Snowflake app, sdk::Snowflake user) {
    CompleteOperation(op, world_->SendActivityJoinRequest(app, user, userId));
  });
}

void SimClient::SendActivityJoinRequestReply(sdk::ActivityInvite invite, ResultCallback done) {
  const uint64_t op = BeginOperation(std::move(done));
  Call(CallKind::SendActivityJoinRequestReply, op, [this, op, invite](sdk::Snowflake app, sdk::Snowflake user) {
    CompleteOperation(op, world_->ReplyToJoinRequest(app, user, invite));
  });
}

void SimClient::AcceptActivityInvite(sdk::ActivityInvite invite, JoinSecretCallback done) {
  // The secret travels in the delivered value only; a failure carries none.
  auto slot = std::make_shared<JoinSecretCallback>(std::move(done));
  const uint64_t op = BeginOperation([slot](const sdk::Result& failure) { (*slot)(failure, std::string()); });
  Call(CallKind::AcceptActivityInvite, op, [this, op, invite, slot](sdk::Snowflake, sdk::Snowflake user) {
    std::string joinSecret;
    sdk::Result result = world_->AcceptActivityInvite(user, invite, &joinSecret);
    if (!result.ok()) return CompleteOperation(op, result);
    FinishOperation(op, [slot, joinSecret = std::move(joinSecret)] { (*slot)(sdk::Result::Success(), joinSecret); });
  });
}

bool SimClient::RegisterLaunchCommand(sdk::Snowflake applicationId, std::string command) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    launchCommands_.Ensure()[applicationId] = command;
  }
  const sdk::Snowflake user = sessionUserId_.load();
  if (user != 0) world_->RegisterLaunchCommand(user, applicationId, std::move(command));
  return true;
}

bool SimClient::RegisterLaunchSteamApplication(sdk::Snowflake applicationId, uint32_t steamAppId) {
  // The vendor says only that Discord learns the game's Steam id; the chat client of the simulator
  // records it as the Steam URL that starts the game (our choice), so it launches like a command.
  return RegisterLaunchCommand(applicationId, "steam://rungameid/" + std::to_string(steamAppId));
}

void SimClient::RecordLaunchCommands(sdk::Snowflake user) {
  std::map<sdk::Snowflake, std::string> commands;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!launchCommands_) return;  // none registered
    commands = *launchCommands_;
  }
  for (auto& [app, command] : commands) world_->RegisterLaunchCommand(user, app, std::move(command));
}

void SimClient::SetActivityInviteCreatedCallback(ActivityInviteCallback cb) {
  std::lock_guard<std::mutex> lock(mutex_);
  callbacks_.Set(&ClientCallbacks::inviteCreated, std::move(cb));
}

void SimClient::SetActivityInviteUpdatedCallback(ActivityInviteCallback cb) {
  std::lock_guard<std::mutex> lock(mutex_);
  callbacks_.Set(&ClientCallbacks::inviteUpdated, std::move(cb));
}

void SimClient::SetActivityJoinCallback(ActivityJoinCallback cb) {
  std::lock_guard<std::mutex> lock(mutex_);
  callbacks_.Set(&ClientCallbacks::join, std::move(cb));
}

void SimClient::SetActivityJoinWithApplicationCallback(ActivityJoinWithApplicationCallback cb) {
  std::lock_guard<std::mutex> lock(mutex_);
  callbacks_.Set(&ClientCallbacks::joinWithApplication, std::move(cb));
}

void SimClient::OnActivityInvite(const sdk::ActivityInvite& invite, bool created) {
  Post([this, invite, created] {
    if (status_.load() != sdk::Status::Ready) return;
    std::shared_ptr<const ActivityInviteCallback> cb;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      cb = callbacks_.Get(created ? &ClientCallbacks::inviteCreated : &ClientCallbacks::inviteUpdated);
    }
    if (cb) Deliver([cb = std::move(cb), invite] { (*cb)(invite); });
  });
}

void SimClient::OnActivityJoin(const sdk::ActivityJoin& join) {
  Post([this, join] {
    if (status_.load() != sdk::Status::Ready) return;
    std::shared_ptr<const ActivityJoinCallback> plain;
    std::shared_ptr<const ActivityJoinWithApplicationCallback> withApplication;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      plain = callbacks_.Get(&ClientCallbacks::join);
      withApplication = callbacks_.Get(&ClientCallbacks::joinWithApplication);
    }
    if (plain) Deliver([plain = std::move(plain), secret = join.joinSecret] { (*plain)(secret); });
    if (withApplication) Deliver([withApplication = std::move(withApplication), join] { (*withApplication)(join); });
  });
}

}  // namespace sim
