// Which optional vendor APIs the header we compile against has. The build detects them in
// discordpp.h at configure time (scripts/vendor-sdk.cjs) and defines these macros to 1; a header
// without them (SDK 1.9) builds with 0, and the feature reports "not available in SDK x.y".
#pragma once

// MessageHandle::AdditionalName() (SDK 1.10.18247+).
#ifndef SOCIAL_SDK_VENDOR_HAS_ADDITIONAL_NAME
#define SOCIAL_SDK_VENDOR_HAS_ADDITIONAL_NAME 0
#endif

// Client::GetVoiceSettings / SetVoiceSettingsUpdatedCallback (SDK 1.10).
#ifndef SOCIAL_SDK_VENDOR_HAS_VOICE_SETTINGS
#define SOCIAL_SDK_VENDOR_HAS_VOICE_SETTINGS 0
#endif
