#include "sim/service/chat_clients.h"

#include <stdexcept>
#include <string>

namespace sim {

ChatClient ChatClients::Of(sdk::Snowflake user) const {
  auto it = clients_.find(user);
  return it == clients_.end() ? ChatClient{} : it->second;
}

void ChatClients::SetRunning(sdk::Snowflake user, bool running) {
  ChatClient& client = clients_[user];
  client.running = running;
  client.rpcConnected = running;
}

void ChatClients::SetRpcConnected(sdk::Snowflake user, bool connected) {
  ChatClient& client = clients_[user];
  if (connected && !client.running) {
    throw std::invalid_argument("the chat client of user " + std::to_string(user) + " is not running");
  }
  client.rpcConnected = connected;
}

bool ChatClients::SetVoiceSettings(sdk::Snowflake user, const sdk::VoiceSettings& settings) {
  ChatClient& client = clients_[user];
  if (!client.running) {
    throw std::invalid_argument("the chat client of user " + std::to_string(user) +
                                " is not running: start it before changing its settings");
  }
  client.voiceSettings = settings;
  return client.reachable();
}

sdk::Result ChatClients::Read(sdk::Snowflake user, sdk::VoiceSettings* out) const {
  const ChatClient client = Of(user);
  if (!client.running) {
    return sdk::Result::Failure(sdk::ErrorType::RPCError,
                                "the chat client is not running on this machine (no RPC connection)");
  }
  if (!client.rpcConnected) {
    return sdk::Result::Failure(sdk::ErrorType::RPCError, "the RPC connection to the chat client is down");
  }
  *out = client.voiceSettings;
  return sdk::Result::Success();
}

bool ChatClients::AnyReachable(const std::vector<sdk::Snowflake>& users) const {
  for (sdk::Snowflake user : users) {
    if (Of(user).reachable()) return true;
  }
  return false;
}

uint64_t ChatClients::AddPrompt(ConsentPrompt prompt) {
  prompt.id = nextPromptId_++;
  prompts_.push_back(std::move(prompt));
  return prompts_.back().id;
}

bool ChatClients::RemovePrompt(uint64_t id) {
  for (auto it = prompts_.begin(); it != prompts_.end(); ++it) {
    if (it->id == id) {
      prompts_.erase(it);
      return true;
    }
  }
  return false;
}

void ChatClients::ForgetOwner(const void* owner) {
  for (auto it = prompts_.begin(); it != prompts_.end();) {
    it = it->owner == owner ? prompts_.erase(it) : it + 1;
  }
  subscriptions_.erase(owner);
  for (auto& entry : clients_) entry.second.showingChat.erase(owner);
}

void ChatClients::SetShowingChat(sdk::Snowflake user, const void* owner, bool showing) {
  // Only the user's own chat client hears of it; a session moving to another user is forgotten first.
  for (auto& entry : clients_) entry.second.showingChat.erase(owner);
  if (showing) clients_[user].showingChat.insert(owner);
}

void ChatClients::Subscribe(const void* owner, AuthorizeRequestSubscription subscription) {
  subscriptions_[owner] = std::move(subscription);
}

void ChatClients::Unsubscribe(const void* owner) { subscriptions_.erase(owner); }

size_t ChatClients::RequestAccountLink(sdk::Snowflake applicationId) const {
  size_t notified = 0;
  for (const auto& entry : subscriptions_) {
    if (entry.second.applicationId != applicationId) continue;
    entry.second.notify();
    ++notified;
  }
  return notified;
}

std::optional<ConsentPrompt> ChatClients::TakeOldestPrompt() {
  if (prompts_.empty()) return std::nullopt;
  ConsentPrompt prompt = std::move(prompts_.front());
  prompts_.pop_front();
  return prompt;
}

void ChatClients::RegisterLaunchCommand(sdk::Snowflake user, sdk::Snowflake app, std::string command) {
  launchCommands_[user][app] = std::move(command);
}

std::map<sdk::Snowflake, std::string> ChatClients::LaunchCommandsOf(sdk::Snowflake user) const {
  auto found = launchCommands_.find(user);
  return found == launchCommands_.end() ? std::map<sdk::Snowflake, std::string>{} : found->second;
}

std::vector<std::string> ChatClients::LaunchesOf(sdk::Snowflake user) const {
  auto found = launches_.find(user);
  return found == launches_.end() ? std::vector<std::string>{} : found->second;
}

bool ChatClients::Launch(sdk::Snowflake user, sdk::Snowflake app) {
  auto commands = launchCommands_.find(user);
  if (commands == launchCommands_.end() || commands->second.count(app) == 0) return false;
  launches_[user].push_back(commands->second.at(app));
  return true;
}

}  // namespace sim
