// A fake of the vendor library, for the end-to-end test of the vendor backend (never shipped).
// It implements test/vendor-shape/discordpp.h: the behaviour below is what the test drives
// (sign-in, connect, logs, lobbies, a process-wide callback queue run by RunCallbacks, results
// for destroyed clients delivered late); every other method gets a default definition generated
// by scripts/vendor-fake-sdk.cjs. Like the real library, callbacks run only inside RunCallbacks().
#include <discordpp.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <utility>

#include "shape_access.h"

namespace discordpp {

namespace {

struct ResultState {
  ErrorType type = ErrorType::None;
  std::string error;
};

struct UserState {
  uint64_t id = 0;
  std::string username;
};

struct ContentState {
  AdditionalContentType type = AdditionalContentType::Other;
  std::optional<std::string> title;
  uint8_t count = 0;
};

struct MessageState {
  uint64_t id = 0;
  std::string content;
  uint64_t authorId = 0;
  uint64_t channelId = 0;
  std::optional<DisclosureTypes> disclosure;
  bool sentFromGame = false;
  std::optional<ContentState> additionalContent;
};

using Map = std::unordered_map<std::string, std::string>;

// A lobby as the service holds it: the user's member metadata is the only member (the fake has one
// user per client). LobbyHandle reads it live, as the real handles do.
struct LobbyState {
  uint64_t id = 0;
  Map metadata;
  Map memberMetadata;
};

struct LobbyHandleState {
  const LobbyState* lobby = nullptr;
};

struct MemberState {
  uint64_t id = 0;
  Map metadata;
};

struct OptionsState {
  std::string apiBase;
  std::optional<uint64_t> cpuAffinityMask;
};

// The library's callback queue: one per process, like the real one.
std::mutex queueMutex;
std::vector<std::function<void()>> queue;

void Queue(std::function<void()> callback) {
  std::lock_guard<std::mutex> lock(queueMutex);
  queue.push_back(std::move(callback));
}

ClientResult MakeResult(ErrorType type, std::string error = {}) {
  ClientResult result = ShapeAccess::Make<ClientResult>();
  ShapeAccess::Of<ResultState>(result) = new ResultState{type, std::move(error)};
  return result;
}

struct FakeClient {
  OptionsState options;
  std::string token;
  Client::Status status = Client::Status::Disconnected;
  Client::OnStatusChanged onStatus;
  std::vector<std::pair<Client::LogCallback, LoggingSeverity>> logs;
  std::vector<std::pair<Client::LogCallback, LoggingSeverity>> voiceLogs;
  Client::LobbyCreatedCallback onLobbyCreated;
  Client::MessageCreatedCallback onMessageCreated;
  // The messages the library holds (GetMessageHandle), by id.
  std::map<uint64_t, MessageState> messages;
  uint64_t nextMessage = 5000;
  // Operations that never complete on their own (token "hang"): ClientDestroyed when dropped.
  std::vector<Client::UpdateTokenCallback> hanging;
  uint64_t nextLobby = 1000;
  std::map<std::string, LobbyState> lobbies;  // by secret

  void SetStatus(Client::Status next) {
    Queue([this, next] {
      status = next;
      if (onStatus) onStatus(next, Client::Error::None, 0);
    });
  }
  // Holds `message` and tells the game about it (messageCreated), from RunCallbacks.
  uint64_t AddMessage(MessageState message) {
    message.id = nextMessage++;
    messages[message.id] = message;
    Queue([this, id = message.id] {
      if (onMessageCreated) onMessageCreated(id);
    });
    return message.id;
  }
  void Log(bool voice, std::string message, LoggingSeverity severity) {
    for (auto& [callback, min] : voice ? voiceLogs : logs) {
      if (severity >= min) Queue([callback = callback, message, severity] { callback(message, severity); });
    }
  }
};

}  // namespace

void RunCallbacks() {
  std::vector<std::function<void()>> batch;
  {
    std::lock_guard<std::mutex> lock(queueMutex);
    batch.swap(queue);
  }
  for (auto& callback : batch) callback();
}

// ---- ClientResult, UserHandle, ClientCreateOptions: the state the test reads -------------------
ClientResult::ClientResult(const ClientResult& other) {
  if (auto* state = ShapeAccess::Of<ResultState>(other)) ShapeAccess::Of<ResultState>(*this) = new ResultState(*state);
}
ClientResult& ClientResult::operator=(const ClientResult& other) {
  if (this == &other) return *this;
  delete ShapeAccess::Of<ResultState>(*this);
  ShapeAccess::Of<ResultState>(*this) = nullptr;
  if (auto* state = ShapeAccess::Of<ResultState>(other)) ShapeAccess::Of<ResultState>(*this) = new ResultState(*state);
  return *this;
}
ClientResult::~ClientResult() { delete ShapeAccess::Of<ResultState>(*this); }
ErrorType ClientResult::Type() const {
  auto* state = ShapeAccess::Of<ResultState>(*this);
  return state ? state->type : ErrorType::None;
}
std::string ClientResult::Error() const {
  auto* state = ShapeAccess::Of<ResultState>(*this);
  return state ? state->error : std::string();
}

UserHandle::UserHandle(const UserHandle& other) {
  if (auto* state = ShapeAccess::Of<UserState>(other)) ShapeAccess::Of<UserState>(*this) = new UserState(*state);
}
UserHandle& UserHandle::operator=(const UserHandle& other) {
  if (this == &other) return *this;
  delete ShapeAccess::Of<UserState>(*this);
  ShapeAccess::Of<UserState>(*this) = nullptr;
  if (auto* state = ShapeAccess::Of<UserState>(other)) ShapeAccess::Of<UserState>(*this) = new UserState(*state);
  return *this;
}
UserHandle::~UserHandle() { delete ShapeAccess::Of<UserState>(*this); }
uint64_t UserHandle::Id() const { return ShapeAccess::Of<UserState>(*this)->id; }
std::string UserHandle::Username() const { return ShapeAccess::Of<UserState>(*this)->username; }

ClientCreateOptions::ClientCreateOptions() { ShapeAccess::Of<OptionsState>(*this) = new OptionsState(); }
ClientCreateOptions::ClientCreateOptions(const ClientCreateOptions& other) {
  ShapeAccess::Of<OptionsState>(*this) = new OptionsState(*ShapeAccess::Of<OptionsState>(other));
}
ClientCreateOptions& ClientCreateOptions::operator=(const ClientCreateOptions& other) {
  *ShapeAccess::Of<OptionsState>(*this) = *ShapeAccess::Of<OptionsState>(other);
  return *this;
}
ClientCreateOptions::~ClientCreateOptions() { delete ShapeAccess::Of<OptionsState>(*this); }
void ClientCreateOptions::SetApiBase(std::string ApiBase) { ShapeAccess::Of<OptionsState>(*this)->apiBase = ApiBase; }
void ClientCreateOptions::SetCpuAffinityMask(std::optional<uint64_t> mask) {
  ShapeAccess::Of<OptionsState>(*this)->cpuAffinityMask = mask;
}

// ---- Client ------------------------------------------------------------------------------------
namespace {
FakeClient& Fake(Client& client) { return *ShapeAccess::Of<FakeClient>(client); }
const FakeClient& Fake(const Client& client) { return *ShapeAccess::Of<FakeClient>(client); }
}  // namespace

Client::Client(ClientCreateOptions options) {
  auto* fake = new FakeClient();
  fake->options = *ShapeAccess::Of<OptionsState>(options);
  ShapeAccess::Of<FakeClient>(*this) = fake;
}

Client::~Client() {
  FakeClient* fake = ShapeAccess::Of<FakeClient>(*this);
  // As the real library: pending operations report ClientDestroyed, later, from RunCallbacks.
  for (auto& callback : fake->hanging) {
    Queue([callback] { callback(MakeResult(ErrorType::ClientDestroyed, "client destroyed")); });
  }
  // Status changes still queued refer to `fake`: keep it alive (a test process is short-lived).
  fake->onStatus = nullptr;
}

int32_t Client::GetVersionMajor() { return 1; }
int32_t Client::GetVersionMinor() { return 10; }
int32_t Client::GetVersionPatch() { return 18369; }
std::string Client::GetVersionHash() { return "fake-sdk"; }

void Client::UpdateToken(AuthorizationTokenType, std::string token, UpdateTokenCallback callback) {
  FakeClient& fake = Fake(*this);
  // A careless build echoes the token it replaces: the adapter must filter every token it was
  // given, not only the current one (and this line has no "Bearer" before either).
  if (!fake.token.empty()) fake.Log(false, "token refreshed: " + fake.token + " -> " + token, LoggingSeverity::Warning);
  fake.token = token;
  if (token == "hang") {
    fake.hanging.push_back(std::move(callback));
    return;
  }
  Queue([callback] { callback(MakeResult(ErrorType::None)); });
}

void Client::Connect() {
  FakeClient& fake = Fake(*this);
  // Log lines that carry the token and the options, as a careless library build might.
  fake.Log(false, "connecting to " + fake.options.apiBase + " with Authorization: Bearer " + fake.token,
           LoggingSeverity::Info);
  fake.Log(false, "cpu affinity mask " + (fake.options.cpuAffinityMask ? std::to_string(*fake.options.cpuAffinityMask) : std::string("none")),
           LoggingSeverity::Warning);
  fake.Log(true, "voice engine ready for token " + fake.token, LoggingSeverity::Warning);
  fake.SetStatus(Status::Connecting);
  fake.SetStatus(Status::Connected);
  fake.SetStatus(Status::Ready);
}

void Client::Disconnect() {
  FakeClient& fake = Fake(*this);
  fake.SetStatus(Status::Disconnecting);
  fake.SetStatus(Status::Disconnected);
}

Client::Status Client::GetStatus() const { return Fake(*this).status; }

std::optional<UserHandle> Client::GetCurrentUserV2() const {
  if (Fake(*this).status != Status::Ready) return std::nullopt;
  UserHandle user = ShapeAccess::Make<UserHandle>();
  ShapeAccess::Of<UserState>(user) = new UserState{42, "fake-user"};
  return user;
}

void Client::SetStatusChangedCallback(OnStatusChanged cb) { Fake(*this).onStatus = std::move(cb); }
void Client::AddLogCallback(LogCallback callback, LoggingSeverity minSeverity) {
  Fake(*this).logs.emplace_back(std::move(callback), minSeverity);
}
void Client::AddVoiceLogCallback(LogCallback callback, LoggingSeverity minSeverity) {
  Fake(*this).voiceLogs.emplace_back(std::move(callback), minSeverity);
}
void Client::SetLobbyCreatedCallback(LobbyCreatedCallback cb) { Fake(*this).onLobbyCreated = std::move(cb); }

// The fake's chat client is never running, so every voice-settings read fails (RPCError). Like a debug
// build of the real library, reading the settings object of a failed result aborts the process.
void Client::GetVoiceSettings(GetVoiceSettingsCallback callback) {
  Queue([callback] {
    callback(MakeResult(ErrorType::RPCError, "the chat client is not running"), ShapeAccess::Make<VoiceSettings>());
  });
}

bool VoiceSettings::SelfMute() const {
  if (!ShapeAccess::HasState(*this)) {
    std::fputs("fake discordpp: VoiceSettings read from a failed result\n", stderr);
    std::abort();
  }
  return false;
}

namespace {
// The lobby of `secret`, created (with lobbyCreated) when it is new.
LobbyState& Join(FakeClient& fake, const std::string& secret, bool* created) {
  auto found = fake.lobbies.find(secret);
  *created = found == fake.lobbies.end();
  if (!*created) return found->second;
  LobbyState& lobby = fake.lobbies[secret];
  lobby.id = fake.nextLobby++;
  Queue([&fake, id = lobby.id] {
    if (fake.onLobbyCreated) fake.onLobbyCreated(id);
  });
  return lobby;
}
}  // namespace

// As the service: a request with metadata replaces both the lobby's and the member's maps.
void Client::CreateOrJoinLobbyWithMetadata(std::string const& secret, Map const& lobbyMetadata, Map const& memberMetadata,
                                           CreateOrJoinLobbyCallback callback) {
  bool created = false;
  LobbyState& lobby = Join(Fake(*this), secret, &created);
  lobby.metadata = lobbyMetadata;
  lobby.memberMetadata = memberMetadata;
  Queue([callback, id = lobby.id] { callback(MakeResult(ErrorType::None), id); });
}

std::optional<LobbyHandle> Client::GetLobbyHandle(uint64_t lobbyId) const {
  for (const auto& [secret, lobby] : Fake(*this).lobbies) {
    if (lobby.id != lobbyId) continue;
    LobbyHandle handle = ShapeAccess::Make<LobbyHandle>();
    ShapeAccess::Of<LobbyHandleState>(handle) = new LobbyHandleState{&lobby};
    return handle;
  }
  return std::nullopt;
}

LobbyHandle::LobbyHandle(const LobbyHandle& other) {
  if (auto* state = ShapeAccess::Of<LobbyHandleState>(other)) ShapeAccess::Of<LobbyHandleState>(*this) = new LobbyHandleState(*state);
}
LobbyHandle& LobbyHandle::operator=(const LobbyHandle& other) {
  if (this == &other) return *this;
  delete ShapeAccess::Of<LobbyHandleState>(*this);
  ShapeAccess::Of<LobbyHandleState>(*this) = nullptr;
  if (auto* state = ShapeAccess::Of<LobbyHandleState>(other)) ShapeAccess::Of<LobbyHandleState>(*this) = new LobbyHandleState(*state);
  return *this;
}
LobbyHandle::~LobbyHandle() { delete ShapeAccess::Of<LobbyHandleState>(*this); }
uint64_t LobbyHandle::Id() const { return ShapeAccess::Of<LobbyHandleState>(*this)->lobby->id; }
Map LobbyHandle::Metadata() const { return ShapeAccess::Of<LobbyHandleState>(*this)->lobby->metadata; }
std::vector<LobbyMemberHandle> LobbyHandle::LobbyMembers() const {
  LobbyMemberHandle member = ShapeAccess::Make<LobbyMemberHandle>();
  ShapeAccess::Of<MemberState>(member) = new MemberState{42, ShapeAccess::Of<LobbyHandleState>(*this)->lobby->memberMetadata};
  return {member};
}

LobbyMemberHandle::LobbyMemberHandle(const LobbyMemberHandle& other) {
  if (auto* state = ShapeAccess::Of<MemberState>(other)) ShapeAccess::Of<MemberState>(*this) = new MemberState(*state);
}
LobbyMemberHandle& LobbyMemberHandle::operator=(const LobbyMemberHandle& other) {
  if (this == &other) return *this;
  delete ShapeAccess::Of<MemberState>(*this);
  ShapeAccess::Of<MemberState>(*this) = nullptr;
  if (auto* state = ShapeAccess::Of<MemberState>(other)) ShapeAccess::Of<MemberState>(*this) = new MemberState(*state);
  return *this;
}
LobbyMemberHandle::~LobbyMemberHandle() { delete ShapeAccess::Of<MemberState>(*this); }
uint64_t LobbyMemberHandle::Id() const { return ShapeAccess::Of<MemberState>(*this)->id; }
Map LobbyMemberHandle::Metadata() const { return ShapeAccess::Of<MemberState>(*this)->metadata; }
bool LobbyMemberHandle::Connected() const { return true; }

void Client::CreateOrJoinLobby(std::string const& secret, CreateOrJoinLobbyCallback callback) {
  FakeClient& fake = Fake(*this);
  bool created = false;
  const uint64_t lobbyId = Join(fake, secret, &created).id;
  Queue([callback, lobbyId] { callback(MakeResult(ErrorType::None), lobbyId); });
  if (!created) return;
  // As the real library does in a conversation that is visible on Discord: a legal-disclosure
  // notice it injects itself. Then a message someone sent from the Discord client, with two
  // attachments the SDK does not render.
  fake.AddMessage({0, "Messages in this lobby are visible on Discord.", 0, lobbyId, DisclosureTypes::MessageDataVisibleOnDiscord, false, std::nullopt});
  fake.AddMessage({0, "", 43, lobbyId, std::nullopt, false, ContentState{AdditionalContentType::Attachment, std::nullopt, 2}});
}

// ---- Messages ----------------------------------------------------------------------------------
void Client::SetMessageCreatedCallback(MessageCreatedCallback cb) { Fake(*this).onMessageCreated = std::move(cb); }

void Client::SendLobbyMessageWithMetadata(uint64_t lobbyId, std::string const& content,
                                          std::unordered_map<std::string, std::string> const&, SendUserMessageCallback cb) {
  const uint64_t id = Fake(*this).AddMessage({0, content, 42, lobbyId, std::nullopt, true, std::nullopt});
  Queue([cb, id] { cb(MakeResult(ErrorType::None), id); });
}

std::optional<MessageHandle> Client::GetMessageHandle(uint64_t messageId) const {
  const FakeClient& fake = Fake(*this);
  auto found = fake.messages.find(messageId);
  if (found == fake.messages.end()) return std::nullopt;
  MessageHandle handle = ShapeAccess::Make<MessageHandle>();
  ShapeAccess::Of<MessageState>(handle) = new MessageState(found->second);
  return handle;
}

MessageHandle::MessageHandle(const MessageHandle& other) {
  if (auto* state = ShapeAccess::Of<MessageState>(other)) ShapeAccess::Of<MessageState>(*this) = new MessageState(*state);
}
MessageHandle& MessageHandle::operator=(const MessageHandle& other) {
  if (this == &other) return *this;
  delete ShapeAccess::Of<MessageState>(*this);
  ShapeAccess::Of<MessageState>(*this) = nullptr;
  if (auto* state = ShapeAccess::Of<MessageState>(other)) ShapeAccess::Of<MessageState>(*this) = new MessageState(*state);
  return *this;
}
MessageHandle::~MessageHandle() { delete ShapeAccess::Of<MessageState>(*this); }
uint64_t MessageHandle::Id() const { return ShapeAccess::Of<MessageState>(*this)->id; }
std::string MessageHandle::Content() const { return ShapeAccess::Of<MessageState>(*this)->content; }
uint64_t MessageHandle::AuthorId() const { return ShapeAccess::Of<MessageState>(*this)->authorId; }
uint64_t MessageHandle::ChannelId() const { return ShapeAccess::Of<MessageState>(*this)->channelId; }
std::optional<DisclosureTypes> MessageHandle::DisclosureType() const { return ShapeAccess::Of<MessageState>(*this)->disclosure; }
bool MessageHandle::SentFromGame() const { return ShapeAccess::Of<MessageState>(*this)->sentFromGame; }
std::optional<discordpp::AdditionalContent> MessageHandle::AdditionalContent() const {
  const auto& content = ShapeAccess::Of<MessageState>(*this)->additionalContent;
  if (!content) return std::nullopt;
  discordpp::AdditionalContent out;
  *ShapeAccess::Of<ContentState>(out) = *content;
  return out;
}

AdditionalContent::AdditionalContent() { ShapeAccess::Of<ContentState>(*this) = new ContentState(); }
AdditionalContent::AdditionalContent(const AdditionalContent& other) {
  ShapeAccess::Of<ContentState>(*this) = new ContentState(*ShapeAccess::Of<ContentState>(other));
}
AdditionalContent& AdditionalContent::operator=(const AdditionalContent& other) {
  *ShapeAccess::Of<ContentState>(*this) = *ShapeAccess::Of<ContentState>(other);
  return *this;
}
AdditionalContent::~AdditionalContent() { delete ShapeAccess::Of<ContentState>(*this); }
AdditionalContentType AdditionalContent::Type() const { return ShapeAccess::Of<ContentState>(*this)->type; }
std::optional<std::string> AdditionalContent::Title() const { return ShapeAccess::Of<ContentState>(*this)->title; }
uint8_t AdditionalContent::Count() const { return ShapeAccess::Of<ContentState>(*this)->count; }

}  // namespace discordpp
