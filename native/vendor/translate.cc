#include "vendor/translate.h"

#include <memory>
#include <utility>

namespace vendor {

// The casts in translate.h rely on these: a header whose values moved fails to compile here.
static_assert(SameValue(discordpp::Client::Status::Disconnected, sdk::Status::Disconnected) &&
              SameValue(discordpp::Client::Status::Connecting, sdk::Status::Connecting) &&
              SameValue(discordpp::Client::Status::Connected, sdk::Status::Connected) &&
              SameValue(discordpp::Client::Status::Ready, sdk::Status::Ready) &&
              SameValue(discordpp::Client::Status::Reconnecting, sdk::Status::Reconnecting) &&
              SameValue(discordpp::Client::Status::Disconnecting, sdk::Status::Disconnecting) &&
              SameValue(discordpp::Client::Status::HttpWait, sdk::Status::HttpWait));
static_assert(SameValue(discordpp::Client::Error::None, sdk::ConnectionError::None) &&
              SameValue(discordpp::Client::Error::ConnectionFailed, sdk::ConnectionError::ConnectionFailed) &&
              SameValue(discordpp::Client::Error::UnexpectedClose, sdk::ConnectionError::UnexpectedClose) &&
              SameValue(discordpp::Client::Error::ConnectionCanceled, sdk::ConnectionError::ConnectionCanceled));
static_assert(SameValue(discordpp::ErrorType::None, sdk::ErrorType::None) &&
              SameValue(discordpp::ErrorType::NetworkError, sdk::ErrorType::NetworkError) &&
              SameValue(discordpp::ErrorType::HTTPError, sdk::ErrorType::HTTPError) &&
              SameValue(discordpp::ErrorType::ClientNotReady, sdk::ErrorType::ClientNotReady) &&
              SameValue(discordpp::ErrorType::Disabled, sdk::ErrorType::Disabled) &&
              SameValue(discordpp::ErrorType::ClientDestroyed, sdk::ErrorType::ClientDestroyed) &&
              SameValue(discordpp::ErrorType::ValidationError, sdk::ErrorType::ValidationError) &&
              SameValue(discordpp::ErrorType::Aborted, sdk::ErrorType::Aborted) &&
              SameValue(discordpp::ErrorType::AuthorizationFailed, sdk::ErrorType::AuthorizationFailed) &&
              SameValue(discordpp::ErrorType::RPCError, sdk::ErrorType::RPCError));
static_assert(SameValue(discordpp::LoggingSeverity::Verbose, sdk::LogSeverity::Verbose) &&
              SameValue(discordpp::LoggingSeverity::Info, sdk::LogSeverity::Info) &&
              SameValue(discordpp::LoggingSeverity::Warning, sdk::LogSeverity::Warning) &&
              SameValue(discordpp::LoggingSeverity::Error, sdk::LogSeverity::Error) &&
              SameValue(discordpp::LoggingSeverity::None, sdk::LogSeverity::None));
static_assert(SameValue(discordpp::Client::Thread::Client, sdk::Thread::Client) &&
              SameValue(discordpp::Client::Thread::Voice, sdk::Thread::Voice) &&
              SameValue(discordpp::Client::Thread::Network, sdk::Thread::Network));
static_assert(SameValue(discordpp::AuthorizationTokenType::User, sdk::TokenType::User) &&
              SameValue(discordpp::AuthorizationTokenType::Bearer, sdk::TokenType::Bearer));
static_assert(SameValue(discordpp::AuthenticationExternalAuthType::OIDC, sdk::ExternalAuthType::OIDC) &&
              SameValue(discordpp::AuthenticationExternalAuthType::EpicOnlineServicesAccessToken,
                        sdk::ExternalAuthType::EpicOnlineServicesAccessToken) &&
              SameValue(discordpp::AuthenticationExternalAuthType::EpicOnlineServicesIdToken,
                        sdk::ExternalAuthType::EpicOnlineServicesIdToken) &&
              SameValue(discordpp::AuthenticationExternalAuthType::SteamSessionTicket,
                        sdk::ExternalAuthType::SteamSessionTicket) &&
              SameValue(discordpp::AuthenticationExternalAuthType::UnityServicesIdToken,
                        sdk::ExternalAuthType::UnityServicesIdToken) &&
              SameValue(discordpp::AuthenticationExternalAuthType::DiscordBotIssuedAccessToken,
                        sdk::ExternalAuthType::DiscordBotIssuedAccessToken) &&
              SameValue(discordpp::AuthenticationExternalAuthType::AppleIdToken, sdk::ExternalAuthType::AppleIdToken) &&
              SameValue(discordpp::AuthenticationExternalAuthType::PlayStationNetworkIdToken,
                        sdk::ExternalAuthType::PlayStationNetworkIdToken));

static_assert(SameValue(discordpp::ActivityTypes::Playing, sdk::ActivityType::Playing) &&
              SameValue(discordpp::ActivityTypes::Streaming, sdk::ActivityType::Streaming) &&
              SameValue(discordpp::ActivityTypes::Listening, sdk::ActivityType::Listening) &&
              SameValue(discordpp::ActivityTypes::Watching, sdk::ActivityType::Watching) &&
              SameValue(discordpp::ActivityTypes::CustomStatus, sdk::ActivityType::CustomStatus) &&
              SameValue(discordpp::ActivityTypes::Competing, sdk::ActivityType::Competing));
static_assert(SameValue(discordpp::StatusDisplayTypes::Name, sdk::StatusDisplayType::Name) &&
              SameValue(discordpp::StatusDisplayTypes::State, sdk::StatusDisplayType::State) &&
              SameValue(discordpp::StatusDisplayTypes::Details, sdk::StatusDisplayType::Details));
static_assert(SameValue(discordpp::ActivityGamePlatforms::Desktop, sdk::ActivityGamePlatform::Desktop) &&
              SameValue(discordpp::ActivityGamePlatforms::Xbox, sdk::ActivityGamePlatform::Xbox) &&
              SameValue(discordpp::ActivityGamePlatforms::Samsung, sdk::ActivityGamePlatform::Samsung) &&
              SameValue(discordpp::ActivityGamePlatforms::IOS, sdk::ActivityGamePlatform::IOS) &&
              SameValue(discordpp::ActivityGamePlatforms::Android, sdk::ActivityGamePlatform::Android) &&
              SameValue(discordpp::ActivityGamePlatforms::Embedded, sdk::ActivityGamePlatform::Embedded) &&
              SameValue(discordpp::ActivityGamePlatforms::PS4, sdk::ActivityGamePlatform::PS4) &&
              SameValue(discordpp::ActivityGamePlatforms::PS5, sdk::ActivityGamePlatform::PS5));
static_assert(SameValue(discordpp::IntegrationType::GuildInstall, sdk::IntegrationType::GuildInstall) &&
              SameValue(discordpp::IntegrationType::UserInstall, sdk::IntegrationType::UserInstall));
static_assert(SameValue(discordpp::AudioSystem::Standard, sdk::AudioSystem::Standard) &&
              SameValue(discordpp::AudioSystem::Game, sdk::AudioSystem::Game));
static_assert(SameValue(discordpp::ActivityPartyPrivacy::Private, sdk::ActivityPartyPrivacy::Private) &&
              SameValue(discordpp::ActivityPartyPrivacy::Public, sdk::ActivityPartyPrivacy::Public));
static_assert(SameValue(discordpp::ExternalIdentityProviderType::OIDC, sdk::ExternalIdentityProviderType::OIDC) &&
              SameValue(discordpp::ExternalIdentityProviderType::Steam, sdk::ExternalIdentityProviderType::Steam) &&
              SameValue(discordpp::ExternalIdentityProviderType::Unknown, sdk::ExternalIdentityProviderType::Unknown));
static_assert(SameValue(discordpp::ChannelType::GuildText, sdk::ChannelType::GuildText) &&
              SameValue(discordpp::ChannelType::GuildVoice, sdk::ChannelType::GuildVoice) &&
              SameValue(discordpp::ChannelType::GuildCategory, sdk::ChannelType::GuildCategory) &&
              SameValue(discordpp::ChannelType::GuildForum, sdk::ChannelType::GuildForum) &&
              SameValue(discordpp::ChannelType::Lobby, sdk::ChannelType::Lobby) &&
              SameValue(discordpp::ChannelType::EphemeralDm, sdk::ChannelType::EphemeralDm));

static_assert(SameValue(discordpp::DisclosureTypes::MessageDataVisibleOnDiscord, sdk::DisclosureType::MessageDataVisibleOnDiscord));
static_assert(SameValue(discordpp::AdditionalContentType::Other, sdk::AdditionalContentType::Other) &&
              SameValue(discordpp::AdditionalContentType::Attachment, sdk::AdditionalContentType::Attachment) &&
              SameValue(discordpp::AdditionalContentType::Poll, sdk::AdditionalContentType::Poll) &&
              SameValue(discordpp::AdditionalContentType::VoiceMessage, sdk::AdditionalContentType::VoiceMessage) &&
              SameValue(discordpp::AdditionalContentType::Thread, sdk::AdditionalContentType::Thread) &&
              SameValue(discordpp::AdditionalContentType::Embed, sdk::AdditionalContentType::Embed) &&
              SameValue(discordpp::AdditionalContentType::Sticker, sdk::AdditionalContentType::Sticker));

static_assert(SameValue(discordpp::StatusType::Online, sdk::StatusType::Online) &&
              SameValue(discordpp::StatusType::Offline, sdk::StatusType::Offline) &&
              SameValue(discordpp::StatusType::Idle, sdk::StatusType::Idle) &&
              SameValue(discordpp::StatusType::Dnd, sdk::StatusType::Dnd) &&
              SameValue(discordpp::StatusType::Invisible, sdk::StatusType::Invisible) &&
              SameValue(discordpp::StatusType::Unknown, sdk::StatusType::Unknown));

namespace {
std::optional<std::string> Text(const std::optional<std::string>& value) {
  return value ? std::optional<std::string>(std::string(*value)) : std::nullopt;
}
}  // namespace

std::string NotAvailableIn(const char* what, const char* needs) {
  const int32_t major = discordpp::Client::GetVersionMajor();
  const int32_t minor = discordpp::Client::GetVersionMinor();
  const int32_t build = discordpp::Client::GetVersionPatch();
  return std::string(what) + " is not available in SDK " + std::to_string(major) + "." + std::to_string(minor) + "." +
         std::to_string(build) + " (it needs " + needs + ")";
}

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

static_assert(SameValue(discordpp::RelationshipType::None, sdk::RelationshipType::None) &&
                  SameValue(discordpp::RelationshipType::Friend, sdk::RelationshipType::Friend) &&
                  SameValue(discordpp::RelationshipType::Blocked, sdk::RelationshipType::Blocked) &&
                  SameValue(discordpp::RelationshipType::PendingIncoming, sdk::RelationshipType::PendingIncoming) &&
                  SameValue(discordpp::RelationshipType::PendingOutgoing, sdk::RelationshipType::PendingOutgoing) &&
                  SameValue(discordpp::RelationshipType::Implicit, sdk::RelationshipType::Implicit) &&
                  SameValue(discordpp::RelationshipType::Suggestion, sdk::RelationshipType::Suggestion),
              "RelationshipType values differ from the SDK's");
static_assert(SameValue(discordpp::RelationshipGroupType::OnlinePlayingGame, sdk::RelationshipGroupType::OnlinePlayingGame) &&
                  SameValue(discordpp::RelationshipGroupType::OnlineElsewhere, sdk::RelationshipGroupType::OnlineElsewhere) &&
                  SameValue(discordpp::RelationshipGroupType::Offline, sdk::RelationshipGroupType::Offline),
              "RelationshipGroupType values differ from the SDK's");
static_assert(SameValue(discordpp::ActivityActionTypes::Invalid, sdk::ActivityActionType::Invalid) &&
                  SameValue(discordpp::ActivityActionTypes::Join, sdk::ActivityActionType::Join) &&
                  SameValue(discordpp::ActivityActionTypes::JoinRequest, sdk::ActivityActionType::JoinRequest),
              "ActivityActionTypes values differ from the SDK's");

sdk::Relationship ToRelationship(const discordpp::RelationshipHandle& relationship) {
  sdk::Relationship out;
  out.id = relationship.Id();
  out.discordType = static_cast<sdk::RelationshipType>(static_cast<int32_t>(relationship.DiscordRelationshipType()));
  out.gameType = static_cast<sdk::RelationshipType>(static_cast<int32_t>(relationship.GameRelationshipType()));
  out.isSpamRequest = relationship.IsSpamRequest();
  if (auto user = relationship.User()) out.user = ToUser(*user);
  return out;
}

namespace {
// UserHandle::Relationship without its user (that is the user it is read from).
sdk::UserRelationship ToUserRelationship(const discordpp::RelationshipHandle& relationship) {
  return sdk::UserRelationship{
      static_cast<sdk::RelationshipType>(static_cast<int32_t>(relationship.DiscordRelationshipType())),
      static_cast<sdk::RelationshipType>(static_cast<int32_t>(relationship.GameRelationshipType())),
      relationship.IsSpamRequest()};
}
}  // namespace

sdk::User ToUser(const discordpp::UserHandle& user) {
  sdk::User out;
  out.id = user.Id();
  out.username = std::string(user.Username());
  if (auto global = user.GlobalName()) out.globalName = std::string(*global);
  if (auto avatar = user.Avatar()) out.avatar = std::string(*avatar);
  out.relationship = ToUserRelationship(user.Relationship());
  out.isProvisional = user.IsProvisional();
  out.status = static_cast<sdk::StatusType>(static_cast<int32_t>(user.Status()));
  if (auto activity = user.GameActivity()) out.gameActivity = ToActivity(*activity);
  for (const auto& profile : user.UserApplicationProfiles()) {
    sdk::UserApplicationProfile to;
    // The handle does not say which application a profile belongs to: applicationId stays 0.
    to.providerType = static_cast<sdk::ExternalIdentityProviderType>(static_cast<int32_t>(profile.ProviderType()));
    if (auto providerId = profile.ProviderId()) to.providerId = std::string(*providerId);
    to.providerIssuedUserId = std::string(profile.ProviderIssuedUserId());
    to.username = std::string(profile.Username());
    to.avatarHash = std::string(profile.AvatarHash());
    to.metadata = std::string(profile.Metadata());
    out.applicationProfiles.push_back(std::move(to));
  }
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
    sdk::LobbyMember to{member.Id(), ToMetadata(member.Metadata()), member.Connected(), member.CanLinkLobby(), std::nullopt};
    if (auto user = member.User()) to.user = ToUser(*user);
    out.members.push_back(std::move(to));
  }
  if (auto channel = lobby.LinkedChannel()) {
    out.linkedChannel = sdk::LinkedChannel{channel->Id(), std::string(channel->Name()), channel->GuildId()};
  }
  if (auto call = lobby.GetCallInfoHandle()) {
    sdk::LobbyCallInfo& to = out.callInfo.emplace();
    to.channelId = call->ChannelId();
    to.guildId = call->GuildId();
    for (uint64_t userId : call->GetParticipants()) {
      sdk::CallParticipant participant{userId};
      if (auto state = call->GetVoiceStateHandle(userId)) {
        participant.selfMute = state->SelfMute();
        participant.selfDeaf = state->SelfDeaf();
      }
      to.participants.push_back(participant);
    }
  }
  return out;
}

sdk::MessagePtr ToMessage(const discordpp::MessageHandle& message) {
  auto out = std::make_shared<sdk::Message>();
  out->id = message.Id();
  out->content = std::string(message.Content());
  out->rawContent = std::string(message.RawContent());
  out->applicationId = message.ApplicationId();
  out->authorId = message.AuthorId();
  out->channelId = message.ChannelId();
  out->recipientId = message.RecipientId();
  if (auto lobby = message.Lobby()) out->lobbyId = lobby->Id();
  out->sentAtMs = message.SentTimestamp();
  out->editedAtMs = message.EditedTimestamp();
  out->metadata = ToMetadata(message.Metadata());
#if SOCIAL_SDK_VENDOR_HAS_MODERATION_METADATA
  out->moderationMetadata = ToMetadata(message.ModerationMetadata());
#endif
#if SOCIAL_SDK_VENDOR_HAS_ADDITIONAL_NAME
  if (auto name = message.AdditionalName()) out->additionalName = std::string(*name);
#endif
  if (auto disclosure = message.DisclosureType()) {
    out->disclosureType = static_cast<sdk::DisclosureType>(static_cast<int32_t>(*disclosure));
  }
  out->sentFromGame = message.SentFromGame();
  if (auto content = message.AdditionalContent()) {
    sdk::AdditionalContent to;
    to.type = static_cast<sdk::AdditionalContentType>(static_cast<int32_t>(content->Type()));
    to.title = Text(content->Title());
    to.count = content->Count();
    out->additionalContent = std::move(to);
  }
  return out;
}

discordpp::Activity FromActivity(const sdk::Activity& activity) {
  discordpp::Activity out;
  out.SetType(static_cast<discordpp::ActivityTypes>(static_cast<int32_t>(activity.type)));
  if (!activity.name.empty()) out.SetName(activity.name);
  if (activity.statusDisplayType) {
    out.SetStatusDisplayType(static_cast<discordpp::StatusDisplayTypes>(static_cast<int32_t>(*activity.statusDisplayType)));
  }
  // 0 is "not set": the library's own default stays.
  if (activity.supportedPlatforms != 0) {
    out.SetSupportedPlatforms(static_cast<discordpp::ActivityGamePlatforms>(activity.supportedPlatforms));
  }
  out.SetDetails(activity.details);
  out.SetDetailsUrl(activity.detailsUrl);
  out.SetState(activity.state);
  out.SetStateUrl(activity.stateUrl);
  if (activity.assets) {
    const sdk::ActivityAssets& from = *activity.assets;
    discordpp::ActivityAssets assets;
    assets.SetLargeImage(from.largeImage);
    assets.SetLargeText(from.largeText);
    assets.SetLargeUrl(from.largeUrl);
    assets.SetSmallImage(from.smallImage);
    assets.SetSmallText(from.smallText);
    assets.SetSmallUrl(from.smallUrl);
#if SOCIAL_SDK_VENDOR_HAS_INVITE_COVER_IMAGE
    assets.SetInviteCoverImage(from.inviteCoverImage);
#endif  // else refused before: VendorClient::UpdateRichPresence
    out.SetAssets(assets);
  }
  if (activity.timestamps) {
    discordpp::ActivityTimestamps timestamps;
    timestamps.SetStart(activity.timestamps->start);
    timestamps.SetEnd(activity.timestamps->end);
    out.SetTimestamps(timestamps);
  }
  if (activity.party) {
    discordpp::ActivityParty party;
    party.SetId(activity.party->id);
    party.SetCurrentSize(activity.party->currentSize);
    party.SetMaxSize(activity.party->maxSize);
    party.SetPrivacy(static_cast<discordpp::ActivityPartyPrivacy>(static_cast<int32_t>(activity.party->privacy)));
    out.SetParty(party);
  }
  if (activity.secrets) {
    discordpp::ActivitySecrets secrets;
    secrets.SetJoin(activity.secrets->join);
    out.SetSecrets(secrets);
  }
  for (const sdk::ActivityButton& from : activity.buttons) {
    discordpp::ActivityButton button;
    button.SetLabel(from.label);
    button.SetUrl(from.url);
    out.AddButton(button);
  }
  return out;
}

sdk::Activity ToActivity(const discordpp::Activity& activity) {
  sdk::Activity out;
  out.type = static_cast<sdk::ActivityType>(static_cast<int32_t>(activity.Type()));
  out.name = std::string(activity.Name());
  out.details = Text(activity.Details());
  out.detailsUrl = Text(activity.DetailsUrl());
  out.state = Text(activity.State());
  out.stateUrl = Text(activity.StateUrl());
  out.applicationId = activity.ApplicationId();
  out.parentApplicationId = activity.ParentApplicationId();
  if (auto display = activity.StatusDisplayType()) {
    out.statusDisplayType = static_cast<sdk::StatusDisplayType>(static_cast<int32_t>(*display));
  }
  out.supportedPlatforms = static_cast<uint32_t>(activity.SupportedPlatforms());
  if (auto assets = activity.Assets()) {
    sdk::ActivityAssets to;
    to.largeImage = Text(assets->LargeImage());
    to.largeText = Text(assets->LargeText());
    to.largeUrl = Text(assets->LargeUrl());
    to.smallImage = Text(assets->SmallImage());
    to.smallText = Text(assets->SmallText());
    to.smallUrl = Text(assets->SmallUrl());
#if SOCIAL_SDK_VENDOR_HAS_INVITE_COVER_IMAGE
    to.inviteCoverImage = Text(assets->InviteCoverImage());
#endif
    out.assets = std::move(to);
  }
  if (auto timestamps = activity.Timestamps()) out.timestamps = sdk::ActivityTimestamps{timestamps->Start(), timestamps->End()};
  if (auto party = activity.Party()) {
    out.party = sdk::ActivityParty{std::string(party->Id()), party->CurrentSize(), party->MaxSize(),
                                   static_cast<sdk::ActivityPartyPrivacy>(static_cast<int32_t>(party->Privacy()))};
  }
  if (auto secrets = activity.Secrets()) out.secrets = sdk::ActivitySecrets{std::string(secrets->Join())};
  for (const auto& button : activity.GetButtons()) {
    out.buttons.push_back(sdk::ActivityButton{std::string(button.Label()), std::string(button.Url())});
  }
  return out;
}

sdk::Channel ToChannel(const discordpp::ChannelHandle& channel) {
  sdk::Channel out;
  out.id = channel.Id();
  out.name = std::string(channel.Name());
  out.type = static_cast<sdk::ChannelType>(static_cast<int32_t>(channel.Type()));
  for (uint64_t recipient : channel.Recipients()) out.recipients.push_back(recipient);
  return out;
}

sdk::GuildChannel ToGuildChannel(const discordpp::GuildChannel& channel, [[maybe_unused]] int32_t index) {
  sdk::GuildChannel out;
  out.id = channel.Id();
  out.name = std::string(channel.Name());
#if SOCIAL_SDK_VENDOR_HAS_GUILD_CHANNEL_DETAILS
  out.type = static_cast<sdk::ChannelType>(static_cast<int32_t>(channel.Type()));
  out.position = channel.Position();
  out.parentId = channel.ParentId();
#else
  // Before SDK 1.7 a channel has no type, position or parent: the type is unknown, and the place in
  // the list (which 1.6 sorts by position) stands for the position.
  out.type = std::nullopt;
  out.position = index;
#endif
  out.isLinkable = channel.IsLinkable();
  out.isViewableAndWriteableByAllMembers = channel.IsViewableAndWriteableByAllMembers();
  if (auto lobby = channel.LinkedLobby()) out.linkedLobby = sdk::LinkedLobby{lobby->ApplicationId(), lobby->LobbyId()};
  return out;
}

sdk::ActivityInvite ToActivityInvite(const discordpp::ActivityInvite& invite) {
  sdk::ActivityInvite out;
  out.senderId = invite.SenderId();
  out.channelId = invite.ChannelId();
  out.messageId = invite.MessageId();
  out.applicationId = invite.ApplicationId();
  out.parentApplicationId = invite.ParentApplicationId();
  out.type = static_cast<sdk::ActivityActionType>(static_cast<int32_t>(invite.Type()));
  out.partyId = invite.PartyId();
  out.sessionId = invite.SessionId();
  out.isValid = invite.IsValid();
  return out;
}

discordpp::ActivityInvite FromActivityInvite(const sdk::ActivityInvite& invite) {
  discordpp::ActivityInvite out;
  out.SetSenderId(invite.senderId);
  out.SetChannelId(invite.channelId);
  out.SetMessageId(invite.messageId);
  out.SetApplicationId(invite.applicationId);
  out.SetParentApplicationId(invite.parentApplicationId);
  out.SetType(static_cast<discordpp::ActivityActionTypes>(static_cast<int32_t>(invite.type)));
  out.SetPartyId(invite.partyId);
  out.SetSessionId(invite.sessionId);
  out.SetIsValid(invite.isValid);
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
