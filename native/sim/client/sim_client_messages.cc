// The simulated client's messages (sdk/messages_api.h): lobby messages, each call a round trip to
// the world, run on the client's service thread after the injected latency, unless a planned fault
// answers first; direct messages: sends, edits, deletes and summaries are round trips too; reads
// are served from the local cache when it holds enough, and only otherwise fetched from the
// service (GetUserMessagesWithLimit "checks the local cache first"). The message notices
// themselves (OnMessageEvent, the fan-out's hot path) stay in sim_client.cc beside Post and Deliver.
#include <algorithm>

#include "sim/client/sim_client.h"

namespace sim {

namespace {
// Where `id` is or would go in messages sorted by id.
std::vector<sdk::MessagePtr>::const_iterator FindById(const std::vector<sdk::MessagePtr>& messages, sdk::Snowflake id) {
  return std::lower_bound(messages.begin(), messages.end(), id, MessageIdBelow);
}
}  // namespace

void SimClient::SetMessageEventCallback(MessageEventCallback cb) {
  std::lock_guard<std::mutex> lock(mutex_);
  messageCallback_.Set(std::move(cb));
}

void SimClient::SendLobbyMessage(sdk::Snowflake lobbyId, std::string content, sdk::Metadata metadata,
                                 MessageIdCallback done) {
  const uint64_t op = BeginValueOperation(done);
  Call(CallKind::SendLobbyMessage, op,
       [this, op, done, lobbyId, content = std::move(content),
        metadata = std::move(metadata)](sdk::Snowflake app, sdk::Snowflake user) {
         // Built only where Verbose lines are made (see Call): a send is a hot path.
         if (BuildLogs(sdk::LogSeverity::Verbose)) {
           Log(sdk::LogSeverity::Verbose, "SendLobbyMessage lobby=" + std::to_string(lobbyId) + " content=\"" + content + "\"");
         }
         Lobbies::Outcome outcome = world_->SendLobbyMessage(app, user, lobbyId, content, metadata);
         if (!outcome.result.ok()) return CompleteOperation(op, std::move(outcome.result));
         FinishOperation(op, [done, id = outcome.id] { done(sdk::Result::Success(), id); });
       });
}

void SimClient::GetLobbyMessages(sdk::Snowflake lobbyId, int32_t limit, MessagesCallback done) {
  const uint64_t op = BeginValueOperation(done);
  Call(CallKind::GetLobbyMessages, op,
       [this, op, done, lobbyId, limit](sdk::Snowflake app, sdk::Snowflake user) {
         std::vector<sdk::MessagePtr> messages;
         sdk::Result result = world_->ReadLobbyMessages(app, user, lobbyId, limit, &messages);
         if (!result.ok()) return CompleteOperation(op, std::move(result));
         FinishOperation(op, [done, messages = std::move(messages)] { done(sdk::Result::Success(), messages); });
       });
}

void SimClient::SetMessageDeletedCallback(MessageDeletedCallback cb) {
  std::lock_guard<std::mutex> lock(mutex_);
  callbacks_.Set(&ClientCallbacks::messageDeleted, std::move(cb));
}

void SimClient::SendUserMessage(sdk::Snowflake recipientId, std::string content, sdk::Metadata metadata,
                                MessageIdCallback done) {
  const uint64_t op = BeginValueOperation(done);
  Call(CallKind::SendUserMessage, op,
       [this, op, done, recipientId, content = std::move(content),
        metadata = std::move(metadata)](sdk::Snowflake app, sdk::Snowflake user) {
         DirectMessages::Outcome outcome = world_->SendUserMessage(app, user, recipientId, content, metadata);
         if (!outcome.result.ok()) return CompleteOperation(op, std::move(outcome.result));
         FinishOperation(op, [done, id = outcome.id] { done(sdk::Result::Success(), id); });
       });
}

void SimClient::EditUserMessage(sdk::Snowflake recipientId, sdk::Snowflake messageId, std::string content,
                                ResultCallback done) {
  const uint64_t op = BeginOperation(std::move(done));
  Call(CallKind::EditUserMessage, op,
       [this, op, recipientId, messageId, content = std::move(content)](sdk::Snowflake app, sdk::Snowflake user) {
         CompleteOperation(op, world_->EditUserMessage(app, user, recipientId, messageId, content).result);
       });
}

void SimClient::DeleteUserMessage(sdk::Snowflake recipientId, sdk::Snowflake messageId, ResultCallback done) {
  const uint64_t op = BeginOperation(std::move(done));
  Call(CallKind::DeleteUserMessage, op, [this, op, recipientId, messageId](sdk::Snowflake, sdk::Snowflake user) {
    CompleteOperation(op, world_->DeleteUserMessage(user, recipientId, messageId).result);
  });
}

void SimClient::GetUserMessageSummaries(UserMessageSummariesCallback done) {
  const uint64_t op = BeginValueOperation(done);
  Call(CallKind::GetUserMessageSummaries, op, [this, op, done](sdk::Snowflake, sdk::Snowflake user) {
    FinishOperation(op, [done, summaries = world_->UserMessageSummaries(user)] {
      done(sdk::Result::Success(), summaries);
    });
  });
}

void SimClient::GetUserMessages(sdk::Snowflake recipientId, int32_t limit, MessagesCallback done) {
  const uint64_t op = BeginValueOperation(done);
  const bool posted = Post([this, op, done, recipientId, limit] {
    sdk::Snowflake app = 0, user = 0;
    sdk::Result failure;
    if (!SignedIn(&app, &user, &failure)) return CompleteOperation(op, std::move(failure));
    const size_t wanted = limit <= 0 ? DirectMessages::kMessagesReturned
                                     : std::min(static_cast<size_t>(limit), DirectMessages::kMessagesReturned);
    auto& cache = UserMessageCache();
    auto cached = cache.find(recipientId);
    if (cached != cache.end()) {
      const uint64_t now = world_->Now();
      const uint64_t oldest = now > DirectMessages::kMessageReadWindowMs ? now - DirectMessages::kMessageReadWindowMs : 0;
      std::vector<sdk::MessagePtr> served;
      for (auto it = cached->second.rbegin(); it != cached->second.rend() && served.size() < wanted; ++it) {
        if ((*it)->sentAtMs < oldest) break;
        served.push_back(*it);  // newest first
      }
      if (served.size() == wanted) {
        return FinishOperation(op, [done, served = std::move(served)] { done(sdk::Result::Success(), served); });
      }
    }
    // Not enough cached: a round trip to the service, which then fills the cache.
    Call(CallKind::GetUserMessages, op, [this, op, done, recipientId, limit](sdk::Snowflake, sdk::Snowflake user) {
      std::vector<sdk::MessagePtr> messages;
      sdk::Result result = world_->ReadUserMessages(user, recipientId, limit, &messages);
      if (!result.ok()) return CompleteOperation(op, std::move(result));
      CacheFetchedUserMessages(recipientId, messages);
      FinishOperation(op, [done, messages = std::move(messages)] { done(sdk::Result::Success(), messages); });
    });
  });
  if (!posted) CompleteOperation(op, sdk::Result::Failure(sdk::ErrorType::ClientDestroyed, "the client was closed"));
}

void SimClient::OnMessageDeleted(sdk::Snowflake messageId, sdk::Snowflake channelId) {
  Post([this, messageId, channelId] {
    if (status_.load() != sdk::Status::Ready) return;
    for (auto& [peer, messages] : UserMessageCache()) {
      messages.erase(std::remove_if(messages.begin(), messages.end(),
                                    [messageId](const sdk::MessagePtr& m) { return m->id == messageId; }),
                     messages.end());
    }
    ForgetMessage(messageId, channelId);
    std::shared_ptr<const MessageDeletedCallback> cb;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      cb = callbacks_.Get(&ClientCallbacks::messageDeleted);
    }
    if (cb) Deliver([cb = std::move(cb), messageId, channelId] { (*cb)(messageId, channelId); });
  });
}

sdk::MessagePtr SimClient::GetMessageHandle(sdk::Snowflake messageId) const {
  std::lock_guard<std::mutex> lock(handlesMutex_);
  for (const auto& [channelId, held] : heldChannels_) {
    if (sdk::MessagePtr found = held.messages.Find(messageId)) return found;
  }
  return nullptr;
}

std::optional<sdk::Channel> SimClient::GetChannelHandle(sdk::Snowflake channelId) const {
  {
    std::lock_guard<std::mutex> lock(handlesMutex_);
    auto held = heldChannels_.find(channelId);
    if (held != heldChannels_.end()) return held->second.channel;
  }
  // "For convenience this API will also work with lobbies": a lobby the user is a member of,
  // though no message of it arrived yet.
  sdk::Snowflake app = 0, user = 0;
  sdk::Result failure;
  if (!SignedIn(&app, &user, &failure) || !world_->ViewLobby(app, user, channelId)) return std::nullopt;
  sdk::Channel channel;
  channel.id = channelId;
  channel.type = sdk::ChannelType::Lobby;
  return channel;
}

bool SimClient::CanOpenMessageInDiscord(sdk::Snowflake messageId) {
  // The SDK checks its own copy of the message (GetMessageHandle's).
  sdk::MessagePtr message = GetMessageHandle(messageId);
  sdk::Snowflake app = 0, user = 0;
  sdk::Result failure;
  if (!message || !SignedIn(&app, &user, &failure)) return false;
  return world_->CanOpenMessageInDiscord(app, user, *message);
}

void SimClient::OpenMessageInDiscord(sdk::Snowflake messageId, sdk::ValueCallback<std::string> done) {
  const uint64_t op = BeginValueOperation(done);
  Call(CallKind::OpenMessageInDiscord, op, [this, op, done, messageId](sdk::Snowflake app, sdk::Snowflake user) {
    sdk::MessagePtr message = GetMessageHandle(messageId);
    if (!message) {
      return CompleteOperation(op, sdk::Result::Failure(sdk::ErrorType::ValidationError,
                                                        "message " + std::to_string(messageId) + " is not held by this client (GetMessageHandle)"));
    }
    bool mergeRequired = false;
    sdk::Result result = world_->OpenMessageInDiscord(app, user, *message, &mergeRequired);
    if (!result.ok()) return CompleteOperation(op, std::move(result));
    FinishOperation(op, [done, mergeRequired] {
      done(sdk::Result::Success(), mergeRequired ? "provisionalUserMergeRequired" : "opened");
    });
  });
}

void SimClient::OpenConnectedGamesSettingsInDiscord(ResultCallback done) {
  const uint64_t op = BeginOperation(std::move(done));
  Call(CallKind::OpenConnectedGamesSettingsInDiscord, op, [this, op](sdk::Snowflake, sdk::Snowflake user) {
    CompleteOperation(op, world_->OpenConnectedGamesSettingsInDiscord(user));
  });
}

void SimClient::SetShowingChat(bool showingChat) {
  showingChat_.store(showingChat);
  Post([this] { TellShowingChat(); });
}

void SimClient::TellShowingChat() {
  // Service thread: at each change, and when the client is ready (the machine is the user's).
  const sdk::Snowflake user = sessionUserId_.load();
  if (status_.load() == sdk::Status::Ready && user != 0) world_->SetShowingChat(this, user, showingChat_.load());
}

void SimClient::RememberMessage(sdk::MessageEvent event, const sdk::MessagePtr& message) {
  std::lock_guard<std::mutex> lock(handlesMutex_);
  auto [at, added] = heldChannels_.try_emplace(message->channelId);
  HeldChannel& held = at->second;
  if (added) {
    held.channel.id = message->channelId;
    if (message->lobbyId) {
      held.channel.type = sdk::ChannelType::Lobby;
    } else {
      // A direct-message channel: its two members (our choice: the header's "the user IDs of the
      // members of the channel", the current user included), lowest id first.
      held.channel.type = sdk::ChannelType::Dm;
      held.channel.recipients = {std::min(message->authorId, message->recipientId),
                                 std::max(message->authorId, message->recipientId)};
    }
  }
  held.messages.Note(event != sdk::MessageEvent::Updated, message);
}

void SimClient::ForgetMessage(sdk::Snowflake messageId, sdk::Snowflake channelId) {
  std::lock_guard<std::mutex> lock(handlesMutex_);
  auto held = heldChannels_.find(channelId);
  if (held == heldChannels_.end()) return;
  held->second.messages.Forget(messageId);
}

std::map<sdk::Snowflake, std::vector<sdk::MessagePtr>>& SimClient::UserMessageCache() {
  // A new connection: what was cached before may have missed events while away.
  if (userMessageCacheAttempt_ != connectAttempt_ && userMessageCache_) {
    userMessageCache_->clear();
  }
  userMessageCacheAttempt_ = connectAttempt_;
  return userMessageCache_.Ensure();
}

void SimClient::CacheUserMessage(sdk::MessageEvent event, const sdk::MessagePtr& message) {
  const sdk::Snowflake me = sessionUserId_.load();
  const sdk::Snowflake peer = message->authorId == me ? message->recipientId : message->authorId;
  auto& cache = UserMessageCache();
  if (event == sdk::MessageEvent::Updated) {
    // Only a cached message is replaced: an older one would leave a gap in the newest run.
    auto conversation = cache.find(peer);
    if (conversation == cache.end()) return;
    for (auto& held : conversation->second) {
      if (held->id == message->id) held = message;
    }
    return;
  }
  CacheFetchedUserMessages(peer, {message});
}

void SimClient::CacheFetchedUserMessages(sdk::Snowflake peer, const std::vector<sdk::MessagePtr>& newestFirst) {
  auto& cache = UserMessageCache();
  auto& messages = cache[peer];
  for (const sdk::MessagePtr& message : newestFirst) {
    const auto at = FindById(messages, message->id);
    if (at != messages.cend() && (*at)->id == message->id) {
      messages[static_cast<size_t>(at - messages.cbegin())] = message;  // the service's copy is the current one
    } else {
      messages.insert(at, message);
    }
  }
  if (messages.size() > kCachedPerConversation) {
    messages.erase(messages.begin(), messages.end() - static_cast<std::ptrdiff_t>(kCachedPerConversation));
  }
  // Too many conversations: forget the one that has been quiet longest.
  if (cache.size() > kCachedConversations) {
    auto quietest = cache.end();
    for (auto it = cache.begin(); it != cache.end(); ++it) {
      if (it->first == peer) continue;
      const sdk::Snowflake newest = it->second.empty() ? 0 : it->second.back()->id;
      if (quietest == cache.end() || newest < (quietest->second.empty() ? 0 : quietest->second.back()->id)) {
        quietest = it;
      }
    }
    if (quietest != cache.end()) cache.erase(quietest);
  }
}

}  // namespace sim
