// The port's presence and game-identity values: what discordpp's Activity (with ActivityAssets,
// ActivityParty, ActivitySecrets, ActivityButton, ActivityTimestamps) and
// UserApplicationProfileHandle expose, as plain data both backends can produce.
// Enum values are the vendor's.
#pragma once

#include "generated/sdk_enums.h"  // the vendor enums, generated from seam/seam.json

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sdk {

// ms since the Unix epoch; 0: not set.
struct ActivityTimestamps {
  uint64_t start = 0;
  uint64_t end = 0;
};

struct ActivityParty {
  std::string id;
  int32_t currentSize = 1;
  int32_t maxSize = 0;  // 0: no maximum shown
  ActivityPartyPrivacy privacy = ActivityPartyPrivacy::Private;
};

struct ActivitySecrets {
  std::string join;
};

struct ActivityButton {
  std::string label;
  std::string url;
};

// Image fields take an asset key or a URL.
struct ActivityAssets {
  std::optional<std::string> largeImage;
  std::optional<std::string> largeText;
  std::optional<std::string> largeUrl;
  std::optional<std::string> smallImage;
  std::optional<std::string> smallText;
  std::optional<std::string> smallUrl;
  // The banner of game invites. When absent, the service uses the image uploaded in the developer
  // portal for the application (spec: Client::UpdateRichPresence).
  std::optional<std::string> inviteCoverImage;
};

struct Activity {
  ActivityType type = ActivityType::Playing;
  // The displayed (custom) application name; empty: the service shows the application's name.
  std::string name;
  std::optional<std::string> details;
  std::optional<std::string> detailsUrl;
  std::optional<std::string> state;
  std::optional<std::string> stateUrl;
  // Set by the service from the session that published the activity (not settable by games).
  std::optional<uint64_t> applicationId;
  // Set by the service too: the parent application of the one that published it, when it has one
  // (Activity::ParentApplicationId: "cannot be set by the SDK").
  std::optional<uint64_t> parentApplicationId;
  // Which field the user's status message shows (Activity::StatusDisplayType); nullopt: not set.
  std::optional<StatusDisplayType> statusDisplayType;
  // A mask of ActivityGamePlatform bits: where the activity is joinable (Activity::
  // SupportedPlatforms); 0: not set.
  uint32_t supportedPlatforms = 0;
  std::optional<ActivityAssets> assets;
  std::optional<ActivityTimestamps> timestamps;
  std::optional<ActivityParty> party;
  std::optional<ActivitySecrets> secrets;
  std::vector<ActivityButton> buttons;  // at most 2
};

// discordpp::UserApplicationProfileHandle: the user's game identity in one application.
struct UserApplicationProfile {
  // The application the profile belongs to (a user has at most one per application). The vendor
  // handle does not expose it; the simulator's harness and ordering use it.
  uint64_t applicationId = 0;
  ExternalIdentityProviderType providerType = ExternalIdentityProviderType::None;
  std::optional<std::string> providerId;
  std::string providerIssuedUserId;
  std::string username;
  std::string avatarHash;
  std::string metadata;
};

}  // namespace sdk
