// The simulated client's relationships: the friend-request operations are round trips to the
// world like every call (latency, faults); the reads answer from the world's view of this user's
// relationships (the vendor reads its cache); the world's notices become the relationship events.
#include "sim/client/sim_client.h"

namespace sim {

namespace {

sdk::Relationship NoRelationship(sdk::Snowflake userId) {
  sdk::Relationship none;
  none.id = userId;
  return none;
}

}  // namespace

std::vector<sdk::Relationship> SimClient::GetRelationships() const {
  sdk::Snowflake app = 0, user = 0;
  sdk::Result failure;
  if (!SignedIn(&app, &user, &failure)) return {};
  return world_->RelationshipsOf(app, user);
}

std::vector<sdk::Relationship> SimClient::GetRelationshipsByGroup(sdk::RelationshipGroupType group) const {
  sdk::Snowflake app = 0, user = 0;
  sdk::Result failure;
  if (!SignedIn(&app, &user, &failure)) return {};
  return world_->RelationshipsByGroup(app, user, group);
}

sdk::Relationship SimClient::GetRelationshipHandle(sdk::Snowflake userId) const {
  sdk::Snowflake app = 0, user = 0;
  sdk::Result failure;
  if (!SignedIn(&app, &user, &failure)) return NoRelationship(userId);
  return world_->RelationshipOf(app, user, userId);
}

std::vector<sdk::User> SimClient::SearchFriendsByUsername(std::string search) const {
  sdk::Snowflake app = 0, user = 0;
  sdk::Result failure;
  if (!SignedIn(&app, &user, &failure)) return {};
  return world_->SearchFriends(app, user, search);
}

void SimClient::RelationshipCall(CallKind kind, ResultCallback done,
                                 std::function<sdk::Result(sdk::Snowflake user)> body) {
  const uint64_t op = BeginOperation(std::move(done));
  Call(kind, op, [this, op, body = std::move(body)](sdk::Snowflake, sdk::Snowflake user) {
    CompleteOperation(op, body(user));
  });
}

void SimClient::SendDiscordFriendRequest(std::string username, ResultCallback done) {
  RelationshipCall(CallKind::SendDiscordFriendRequest, std::move(done), [this, username](sdk::Snowflake user) {
    return world_->SendFriendRequestByName(user, username, true);
  });
}

void SimClient::SendGameFriendRequest(std::string username, ResultCallback done) {
  RelationshipCall(CallKind::SendGameFriendRequest, std::move(done), [this, username](sdk::Snowflake user) {
    return world_->SendFriendRequestByName(user, username, false);
  });
}

void SimClient::SendDiscordFriendRequestById(sdk::Snowflake userId, ResultCallback done) {
  RelationshipCall(CallKind::SendDiscordFriendRequestById, std::move(done), [this, userId](sdk::Snowflake user) {
    return world_->SendFriendRequest(user, userId, true);
  });
}

void SimClient::SendGameFriendRequestById(sdk::Snowflake userId, ResultCallback done) {
  RelationshipCall(CallKind::SendGameFriendRequestById, std::move(done), [this, userId](sdk::Snowflake user) {
    return world_->SendFriendRequest(user, userId, false);
  });
}

#define SIM_RELATIONSHIP_OP(Method, Op)                                                             \
  void SimClient::Method(sdk::Snowflake userId, ResultCallback done) {                              \
    RelationshipCall(CallKind::Method, std::move(done), [this, userId](sdk::Snowflake user) {       \
      return world_->UpdateRelationship(user, userId, World::RelationshipOp::Op);                   \
    });                                                                                             \
  }

SIM_RELATIONSHIP_OP(AcceptDiscordFriendRequest, AcceptDiscord)
SIM_RELATIONSHIP_OP(AcceptGameFriendRequest, AcceptGame)
SIM_RELATIONSHIP_OP(RejectDiscordFriendRequest, RejectDiscord)
SIM_RELATIONSHIP_OP(RejectGameFriendRequest, RejectGame)
SIM_RELATIONSHIP_OP(CancelDiscordFriendRequest, CancelDiscord)
SIM_RELATIONSHIP_OP(CancelGameFriendRequest, CancelGame)
SIM_RELATIONSHIP_OP(RemoveGameFriend, RemoveGame)
SIM_RELATIONSHIP_OP(RemoveDiscordAndGameFriend, RemoveDiscordAndGame)
SIM_RELATIONSHIP_OP(BlockUser, Block)
SIM_RELATIONSHIP_OP(UnblockUser, Unblock)
#undef SIM_RELATIONSHIP_OP

void SimClient::SetRelationshipCreatedCallback(RelationshipCallback cb) {
  std::lock_guard<std::mutex> lock(mutex_);
  callbacks_.Set(&ClientCallbacks::relationshipCreated, std::move(cb));
}

void SimClient::SetRelationshipDeletedCallback(RelationshipCallback cb) {
  std::lock_guard<std::mutex> lock(mutex_);
  callbacks_.Set(&ClientCallbacks::relationshipDeleted, std::move(cb));
}

void SimClient::SetRelationshipGroupsUpdatedCallback(RelationshipGroupsCallback cb) {
  std::lock_guard<std::mutex> lock(mutex_);
  callbacks_.Set(&ClientCallbacks::relationshipGroups, std::move(cb));
}

void SimClient::OnRelationshipChanged(sdk::Snowflake other, bool isDiscord, bool created) {
  Post([this, other, isDiscord, created] {
    if (status_.load() != sdk::Status::Ready) return;
    std::shared_ptr<const RelationshipCallback> cb;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      cb = callbacks_.Get(created ? &ClientCallbacks::relationshipCreated : &ClientCallbacks::relationshipDeleted);
    }
    if (cb) Deliver([cb = std::move(cb), other, isDiscord] { (*cb)(other, isDiscord); });
  });
}

void SimClient::OnRelationshipGroupsUpdated(sdk::Snowflake userId) {
  Post([this, userId] {
    if (status_.load() != sdk::Status::Ready) return;
    std::shared_ptr<const RelationshipGroupsCallback> cb;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      cb = callbacks_.Get(&ClientCallbacks::relationshipGroups);
    }
    if (cb) Deliver([cb = std::move(cb), userId] { (*cb)(userId); });
  });
}

}  // namespace sim
