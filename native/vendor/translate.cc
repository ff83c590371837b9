#include "vendor/translate.h"

#include <memory>
#include <utility>

namespace vendor {

namespace {
template <typename A, typename B>
constexpr bool Same(A a, B b) {
  return static_cast<int32_t>(a) == static_cast<int32_t>(b);
}
}  // namespace

// The casts in translate.h rely on these: a header whose values moved fails to compile here.
static_assert(Same(discordpp::Client::Status::Disconnected, sdk::Status::Disconnected) &&
              Same(discordpp::Client::Status::Connecting, sdk::Status::Connecting) &&
              Same(discordpp::Client::Status::Connected, sdk::Status::Connected) &&
              Same(discordpp::Client::Status::Ready, sdk::Status::Ready) &&
              Same(discordpp::Client::Status::Reconnecting, sdk::Status::Reconnecting) &&
              Same(discordpp::Client::Status::Disconnecting, sdk::Status::Disconnecting) &&
              Same(discordpp::Client::Status::HttpWait, sdk::Status::HttpWait));
static_assert(Same(discordpp::Client::Error::None, sdk::ConnectionError::None) &&
              Same(discordpp::Client::Error::ConnectionFailed, sdk::ConnectionError::ConnectionFailed) &&
              Same(discordpp::Client::Error::UnexpectedClose, sdk::ConnectionError::UnexpectedClose) &&
              Same(discordpp::Client::Error::ConnectionCanceled, sdk::ConnectionError::ConnectionCanceled));
static_assert(Same(discordpp::ErrorType::None, sdk::ErrorType::None) &&
              Same(discordpp::ErrorType::NetworkError, sdk::ErrorType::NetworkError) &&
              Same(discordpp::ErrorType::HTTPError, sdk::ErrorType::HTTPError) &&
              Same(discordpp::ErrorType::ClientNotReady, sdk::ErrorType::ClientNotReady) &&
              Same(discordpp::ErrorType::Disabled, sdk::ErrorType::Disabled) &&
              Same(discordpp::ErrorType::ClientDestroyed, sdk::ErrorType::ClientDestroyed) &&
              Same(discordpp::ErrorType::ValidationError, sdk::ErrorType::ValidationError) &&
              Same(discordpp::ErrorType::Aborted, sdk::ErrorType::Aborted) &&
              Same(discordpp::ErrorType::AuthorizationFailed, sdk::ErrorType::AuthorizationFailed) &&
              Same(discordpp::ErrorType::RPCError, sdk::ErrorType::RPCError));
static_assert(Same(discordpp::LoggingSeverity::Verbose, sdk::LogSeverity::Verbose) &&
              Same(discordpp::LoggingSeverity::Info, sdk::LogSeverity::Info) &&
              Same(discordpp::LoggingSeverity::Warning, sdk::LogSeverity::Warning) &&
              Same(discordpp::LoggingSeverity::Error, sdk::LogSeverity::Error) &&
              Same(discordpp::LoggingSeverity::None, sdk::LogSeverity::None));
static_assert(Same(discordpp::AuthorizationTokenType::User, sdk::TokenType::User) &&
              Same(discordpp::AuthorizationTokenType::Bearer, sdk::TokenType::Bearer));

sdk::Result ToResult(const discordpp::ClientResult& result) {
  sdk::Result out;
  out.type = static_cast<sdk::ErrorType>(static_cast<int32_t>(result.Type()));
  if (out.ok()) return out;
  out.code = result.ErrorCode();
  out.status = static_cast<int32_t>(result.Status());
  out.retryable = result.Retryable();
  out.retryAfter = result.RetryAfter();
  // Error() is the description; ResponseBody() (raw HTTP body) is left out: it is unbounded and
  // could echo request data.
  out.message = std::string(result.Error());
  return out;
}

sdk::User ToUser(const discordpp::UserHandle& user) {
  sdk::User out;
  out.id = user.Id();
  out.username = std::string(user.Username());
  if (auto global = user.GlobalName()) out.globalName = std::string(*global);
  out.isProvisional = user.IsProvisional();
  return out;
}

sdk::Metadata ToMetadata(const VendorMetadata& metadata) {
  return sdk::Metadata(metadata.begin(), metadata.end());
}

VendorMetadata FromMetadata(const sdk::Metadata& metadata) {
  return VendorMetadata(metadata.begin(), metadata.end());
}

sdk::Lobby ToLobby(const discordpp::LobbyHandle& lobby) {
  sdk::Lobby out;
  out.id = lobby.Id();
  out.metadata = ToMetadata(lobby.Metadata());
  for (const discordpp::LobbyMemberHandle& member : lobby.LobbyMembers()) {
    out.members.push_back(sdk::LobbyMember{member.Id(), ToMetadata(member.Metadata()), member.Connected()});
  }
  if (auto channel = lobby.LinkedChannel()) {
    out.linkedChannel = sdk::LinkedChannel{channel->Id(), std::string(channel->Name()), channel->GuildId()};
  }
  return out;
}

sdk::MessagePtr ToMessage(const discordpp::MessageHandle& message) {
  auto out = std::make_shared<sdk::Message>();
  out->id = message.Id();
  out->content = std::string(message.Content());
  out->authorId = message.AuthorId();
  out->channelId = message.ChannelId();
  if (auto lobby = message.Lobby()) out->lobbyId = lobby->Id();
  out->sentAtMs = message.SentTimestamp();
  out->editedAtMs = message.EditedTimestamp();
  out->metadata = ToMetadata(message.Metadata());
  out->moderationMetadata = ToMetadata(message.ModerationMetadata());
#if SOCIAL_SDK_VENDOR_HAS_ADDITIONAL_NAME
  if (auto name = message.AdditionalName()) out->additionalName = std::string(*name);
#endif
  return out;
}

#if SOCIAL_SDK_VENDOR_HAS_VOICE_SETTINGS
sdk::VoiceSettings ToVoiceSettings(const discordpp::VoiceSettings& settings) {
  sdk::VoiceSettings out;
  out.selfMute = settings.SelfMute();
  out.selfDeaf = settings.SelfDeaf();
  // VoiceInputModeType: voice activity 0, push-to-talk 1 (the enumerators' spelling is not public).
  out.inputMode = static_cast<sdk::VoiceInputMode>(static_cast<int32_t>(settings.InputMode()));
  out.pttKey = std::string(settings.PttKey());
  out.inputVolume = settings.InputVolume();
  out.outputVolume = settings.OutputVolume();
  out.automaticGainControl = settings.AutomaticGainControl();
  out.echoCancellation = settings.EchoCancellation();
  out.noiseSuppression = settings.NoiseSuppression();
  out.noiseCancellation = settings.NoiseCancellation();
  return out;
}
#endif

}  // namespace vendor
