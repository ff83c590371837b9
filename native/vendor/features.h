// Which vendor APIs newer than SDK 1.6 (the oldest supported minor) the header we compile against
// has. The build detects them in discordpp.h at configure time (scripts/vendor-sdk.cjs, FEATURES)
// and defines these macros to 1 or 0; a header without one builds with 0, and the feature reports
// "not available in SDK x.y" (client.features, doctor). The compile gate (npm run check:vendor)
// builds the adapter against the shape of every supported minor, so a call outside its #if fails it.
#pragma once

// MessageHandle::AdditionalName() (SDK 1.10.18247+).
#ifndef SOCIAL_SDK_VENDOR_HAS_ADDITIONAL_NAME
#define SOCIAL_SDK_VENDOR_HAS_ADDITIONAL_NAME 0
#endif

// Client::GetVoiceSettings / SetVoiceSettingsUpdatedCallback (SDK 1.10).
#ifndef SOCIAL_SDK_VENDOR_HAS_VOICE_SETTINGS
#define SOCIAL_SDK_VENDOR_HAS_VOICE_SETTINGS 0
#endif

// ClientCreateOptions::SetCpuAffinityMask (SDK 1.7).
#ifndef SOCIAL_SDK_VENDOR_HAS_CPU_AFFINITY_MASK
#define SOCIAL_SDK_VENDOR_HAS_CPU_AFFINITY_MASK 0
#endif

// GuildChannel::Type, Position and ParentId (SDK 1.7).
#ifndef SOCIAL_SDK_VENDOR_HAS_GUILD_CHANNEL_DETAILS
#define SOCIAL_SDK_VENDOR_HAS_GUILD_CHANNEL_DETAILS 0
#endif

// MessageHandle::ModerationMetadata (SDK 1.8.13395).
#ifndef SOCIAL_SDK_VENDOR_HAS_MODERATION_METADATA
#define SOCIAL_SDK_VENDOR_HAS_MODERATION_METADATA 0
#endif

// ActivityAssets::InviteCoverImage / SetInviteCoverImage (SDK 1.6.12170).
#ifndef SOCIAL_SDK_VENDOR_HAS_INVITE_COVER_IMAGE
#define SOCIAL_SDK_VENDOR_HAS_INVITE_COVER_IMAGE 0
#endif

// Client::SetNoiseCancellation (Krisp, SDK 1.9.15780).
#ifndef SOCIAL_SDK_VENDOR_HAS_NOISE_CANCELLATION
#define SOCIAL_SDK_VENDOR_HAS_NOISE_CANCELLATION 0
#endif
