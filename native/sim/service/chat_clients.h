// The local chat client of each simulated user (their desktop chat app, one per user's machine):
// whether it is running, whether the game's SDK has an RPC connection to it, and the voice
// settings the user chose in it. The SDK reads the settings over that RPC channel
// (Client::GetVoiceSettings), so they are unavailable while it is stopped or disconnected. Pure
// state; the world locks around it.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "sdk/types.h"
#include "sdk/voice.h"

namespace sim {

struct ChatClient {
  // A user's chat client runs, connected, with default settings until the harness says otherwise.
  bool running = true;
  bool rpcConnected = true;
  sdk::VoiceSettings voiceSettings;
  // The SDK clients (sessions) whose game shows chat now (Client::SetShowingChat): while any does,
  // the chat client keeps its own notifications of those messages quiet.
  std::set<const void*> showingChat;
  // What the games opened in it, oldest first: messages (Client::OpenMessageInDiscord), and how
  // often the Connected Games settings (Client::OpenConnectedGamesSettingsInDiscord).
  std::vector<sdk::Snowflake> openedMessages;
  uint32_t connectedGamesSettingsOpened = 0;
  // The Discord account it is signed into, when the harness chose one (0: signed out); absent:
  // the machine's user, or signed out for a provisional account (which cannot sign into it).
  std::optional<sdk::Snowflake> account;
  // As ChatClientOf answers it: the account signed in now (0: none).
  sdk::Snowflake signedInAs = 0;

  // Whether the SDK can talk to it right now.
  bool reachable() const { return running && rpcConnected; }
};

// A sign-in request waiting in the chat client for the user's consent (Client::Authorize). The
// chat client shows it while it runs; whoever answers first decides it.
struct ConsentPrompt {
  uint64_t id = 0;
  const void* owner = nullptr;  // the SDK session that asked (forgotten when it goes)
  sdk::Snowflake applicationId = 0;
  std::string scopes;
  std::string codeChallenge;
  // The process whose window the Discord overlay shows the prompt over, in game (the vendor's
  // SetGameWindowPid: by default the game's own process).
  uint32_t windowPid = 0;
  // What the game's AuthorizationArgs asked besides the scopes: the installation context (an
  // sdk::IntegrationType value, -1: none) and the custom URI scheme of mobile redirects ('': none).
  int32_t integrationType = -1;
  std::string customSchemeParam;
  // Called once with the user who approved it, or 0 when denied (the world holds its lock).
  std::function<void(sdk::Snowflake approvedBy)> answer;
};

// A game's subscription to account-link requests (RegisterAuthorizeRequestCallback): the chat
// client offers "link your account" for the application while one exists.
struct AuthorizeRequestSubscription {
  sdk::Snowflake applicationId = 0;
  // Tells the SDK client (the world holds its lock; the callee enqueues).
  std::function<void()> notify;
};

class ChatClients {
 public:
  // Whether any of `users` has a reachable chat client (users never touched have one).
  bool AnyReachable(const std::vector<sdk::Snowflake>& users) const;
  // Consent prompts, oldest first.
  uint64_t AddPrompt(ConsentPrompt prompt);
  bool RemovePrompt(uint64_t id);
  void ForgetOwner(const void* owner);
  const std::deque<ConsentPrompt>& Prompts() const { return prompts_; }
  // The oldest prompt, removed; nullopt when none.
  std::optional<ConsentPrompt> TakeOldestPrompt();

  // Account-link subscriptions, one per SDK client (`owner`); a new one replaces the old.
  void Subscribe(const void* owner, AuthorizeRequestSubscription subscription);
  void Unsubscribe(const void* owner);
  // Notifies the subscriptions of `applicationId`; returns how many.
  size_t RequestAccountLink(sdk::Snowflake applicationId) const;

  ChatClient Of(sdk::Snowflake user) const;
  // Stopping drops the RPC connection; starting brings it back (the SDK reconnects).
  void SetRunning(sdk::Snowflake user, bool running);
  void SetRpcConnected(sdk::Snowflake user, bool connected);
  // The user changes settings in the chat client. Returns whether SDK clients hear about it (the
  // chat client is reachable). Throws std::invalid_argument when it is not running.
  bool SetVoiceSettings(sdk::Snowflake user, const sdk::VoiceSettings& settings);
  // What an RPC read returns: the settings, or the RPCError why not.
  sdk::Result Read(sdk::Snowflake user, sdk::VoiceSettings* out) const;

  // The games' requests to the chat client (world_discord_app.cc has the rules). ForgetOwner
  // also forgets a session's SetShowingChat.
  ChatClient& Mutable(sdk::Snowflake user) { return clients_[user]; }
  void SetShowingChat(sdk::Snowflake user, const void* owner, bool showing);

  // Launch commands games registered on the user's chat client (Client::RegisterLaunchCommand),
  // by application, one each (a new one replaces the old), and the commands the chat client ran.
  void RegisterLaunchCommand(sdk::Snowflake user, sdk::Snowflake app, std::string command);
  std::map<sdk::Snowflake, std::string> LaunchCommandsOf(sdk::Snowflake user) const;
  std::vector<std::string> LaunchesOf(sdk::Snowflake user) const;
  // Runs the command `app` registered on the user's chat client; false when it registered none.
  bool Launch(sdk::Snowflake user, sdk::Snowflake app);

 private:
  std::map<sdk::Snowflake, ChatClient> clients_;
  std::deque<ConsentPrompt> prompts_;
  std::map<const void*, AuthorizeRequestSubscription> subscriptions_;
  uint64_t nextPromptId_ = 1;
  std::map<sdk::Snowflake, std::map<sdk::Snowflake, std::string>> launchCommands_;  // [user][app]
  std::map<sdk::Snowflake, std::vector<std::string>> launches_;                     // by user
};

}  // namespace sim
