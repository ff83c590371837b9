#!/usr/bin/env node
// Where the vendor SDK is, and what the build needs from it. CMakeLists.txt and binding.gyp both
// ask this script, so the two builds cannot disagree.
//
//   node scripts/vendor-sdk.cjs json [dir]       the whole configuration as JSON (CMake)
//   node scripts/vendor-sdk.cjs enabled          1 when SOCIAL_SDK_DIR is set, else 0 (gyp condition)
//   node scripts/vendor-sdk.cjs <field> [dir]    one field, space-separated (gyp): sources,
//                                                includeDir, defines, link, linkFlags, runtime, rpath
//   node scripts/vendor-sdk.cjs features <header> [-D...]   features a discordpp.h declares (JSON)
//
// The SDK directory is the unpacked vendor archive (`discord_social_sdk/`): include/discordpp.h
// and the library under lib/release (and bin/release for the Windows DLL). A missing or wrong
// directory is an error that names what is missing, and exits 1 (failing the build).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const root = path.resolve(__dirname, '..');

/**
 * Features the adapter compiles in when the header declares them (see native/vendor/features.h):
 * every vendor API the adapter uses that arrived after SDK 1.6. `name` is the key in
 * client.features; each pattern matches the declaration in the real header and in the shape header.
 */
const FEATURES = [
  {
    define: 'SOCIAL_SDK_VENDOR_HAS_ADDITIONAL_NAME',
    name: 'messageAdditionalName',
    // MessageHandle::AdditionalName() const (1.10.18247+)
    pattern: /\bAdditionalName\s*\(\s*\)\s*const\s*;/,
  },
  {
    define: 'SOCIAL_SDK_VENDOR_HAS_VOICE_SETTINGS',
    name: 'voiceSettings',
    // Client::GetVoiceSettings(callback) (1.10)
    pattern: /\bvoid\s+GetVoiceSettings\s*\(/,
  },
  {
    define: 'SOCIAL_SDK_VENDOR_HAS_CPU_AFFINITY_MASK',
    name: 'cpuAffinityMask',
    // ClientCreateOptions::SetCpuAffinityMask(std::optional<uint64_t>) (1.7)
    pattern: /\bvoid\s+SetCpuAffinityMask\s*\(/,
  },
  {
    define: 'SOCIAL_SDK_VENDOR_HAS_GUILD_CHANNEL_DETAILS',
    name: 'guildChannelDetails',
    // GuildChannel::ParentId() const (1.7, with Type() and Position())
    pattern: /std::optional\s*<\s*uint64_t\s*>\s*ParentId\s*\(\s*\)\s*const\s*;/,
  },
  {
    define: 'SOCIAL_SDK_VENDOR_HAS_MODERATION_METADATA',
    name: 'messageModerationMetadata',
    // MessageHandle::ModerationMetadata() const (1.8.13395)
    pattern: /\bModerationMetadata\s*\(\s*\)\s*const\s*;/,
  },
  {
    define: 'SOCIAL_SDK_VENDOR_HAS_INVITE_COVER_IMAGE',
    name: 'inviteCoverImage',
    // ActivityAssets::InviteCoverImage() const (1.6.12170)
    pattern: /\bInviteCoverImage\s*\(\s*\)\s*const\s*;/,
  },
  {
    define: 'SOCIAL_SDK_VENDOR_HAS_NOISE_CANCELLATION',
    name: 'noiseCancellation',
    // Client::SetNoiseCancellation(bool) (Krisp, 1.9.15780)
    pattern: /\bvoid\s+SetNoiseCancellation\s*\(/,
  },
];

class SdkError extends Error {}

/**
 * The library files of `platform` inside the SDK directory, and the linker arguments that name it.
 *
 * linkFlags links by directory and name (-L<dir> -l<name>), never by the library's path: a library
 * without a SONAME (install name) linked by path is recorded in the addon by that absolute path,
 * so the addon would load it from the SDK directory, ignore the copy beside it (rpath $ORIGIN) and
 * break once the SDK directory moves. By name, the addon records only the file name.
 */
function libraryLayout(dir, platform) {
  const release = path.join(dir, 'lib', 'release');
  if (platform === 'win32') {
    // The import library names the DLL; the loader looks beside the addon first.
    const lib = path.join(release, 'discord_partner_sdk.lib');
    return { link: lib, linkFlags: [lib], runtime: path.join(dir, 'bin', 'release', 'discord_partner_sdk.dll') };
  }
  if (platform === 'darwin') {
    const dylib = path.join(release, 'libdiscord_partner_sdk.dylib');
    const framework = path.join(release, 'discord_partner_sdk.framework');
    // From 1.10.18247 the macOS library ships as a framework.
    if (!fs.existsSync(dylib) && fs.existsSync(framework)) {
      return { link: framework, linkFlags: [`-F${release}`, '-framework discord_partner_sdk'], runtime: framework };
    }
    return { link: dylib, linkFlags: [`-L${release}`, '-ldiscord_partner_sdk'], runtime: dylib };
  }
  const so = path.join(release, 'libdiscord_partner_sdk.so');
  return { link: so, linkFlags: [`-L${release}`, '-ldiscord_partner_sdk'], runtime: so };
}

/** Comments removed, so that a name mentioned in a comment is not taken for a declaration. */
function stripComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ');
}

/**
 * The text of `header` as the compiler sees it: preprocessed (so #if'd-out declarations do not
 * count) when a C++ compiler is at hand, else with comments stripped.
 */
function headerText(header, defines) {
  const cxx = process.env.CXX || 'c++';
  const args = ['-E', '-P', '-x', 'c++', '-std=c++17', `-I${path.dirname(header)}`, ...defines, header];
  const run = spawnSync(cxx, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status === 0 && run.stdout) return run.stdout;
  return stripComments(fs.readFileSync(header, 'utf8'));
}

function detectFeatures(header, defines = []) {
  const text = headerText(header, defines);
  if (!/\bnamespace\s+discordpp\b/.test(text)) {
    throw new SdkError(`${header} does not declare namespace discordpp: is it the social SDK's discordpp.h?`);
  }
  return Object.fromEntries(FEATURES.map((feature) => [feature.name, feature.pattern.test(text)]));
}

/** The build configuration for the SDK in `dir`, or throws SdkError naming what is wrong. */
function configure(dir, platform = process.platform) {
  const hint = 'SOCIAL_SDK_DIR must be the unpacked social SDK archive (the discord_social_sdk directory, with include/ and lib/release/)';
  if (!dir) throw new SdkError(`SOCIAL_SDK_DIR is not set. ${hint}`);
  const sdkDir = path.resolve(dir);
  if (!fs.existsSync(sdkDir) || !fs.statSync(sdkDir).isDirectory()) {
    throw new SdkError(`SOCIAL_SDK_DIR=${dir}: no such directory. ${hint}`);
  }
  const includeDir = path.join(sdkDir, 'include');
  const header = path.join(includeDir, 'discordpp.h');
  const missing = [];
  if (!fs.existsSync(header)) missing.push(`the C++ header ${header}`);
  else if (!fs.existsSync(path.join(includeDir, 'cdiscord.h'))) missing.push(`the C header ${path.join(includeDir, 'cdiscord.h')} (discordpp.h includes it)`);
  const { link, linkFlags, runtime } = libraryLayout(sdkDir, platform);
  if (!fs.existsSync(link)) missing.push(`the library ${link}`);
  if (runtime !== link && !fs.existsSync(runtime)) missing.push(`the runtime library ${runtime}`);
  if (missing.length > 0) {
    throw new SdkError(`SOCIAL_SDK_DIR=${dir} is missing ${missing.join(' and ')}. ${hint}`);
  }
  const features = detectFeatures(header);
  const sources = require(path.join(root, 'native', 'sources.json')).vendor_sources;
  return {
    sdkDir,
    includeDir,
    header,
    link,
    linkFlags,
    runtime,
    features,
    sources,
    defines: [
      'SOCIAL_SDK_WITH_VENDOR=1',
      ...FEATURES.map((feature) => `${feature.define}=${features[feature.name] ? 1 : 0}`),
    ],
    // Where the addon looks for the library at run time: its own directory.
    rpath: platform === 'darwin' ? '@loader_path' : platform === 'win32' ? '' : '$ORIGIN',
  };
}

function main(argv) {
  const [command = 'json', ...rest] = argv;
  if (command === 'enabled') {
    process.stdout.write(process.env.SOCIAL_SDK_DIR ? '1' : '0');
    return;
  }
  if (command === 'features') {
    const [header, ...defines] = rest;
    process.stdout.write(`${JSON.stringify(detectFeatures(path.resolve(header), defines))}\n`);
    return;
  }
  const config = configure(rest[0] ?? process.env.SOCIAL_SDK_DIR);
  if (command === 'json') {
    process.stdout.write(`${JSON.stringify(config)}\n`);
    return;
  }
  if (!Object.hasOwn(config, command)) throw new SdkError(`unknown field '${command}'`);
  const value = config[command];
  process.stdout.write(Array.isArray(value) ? value.join(' ') : String(value));
}

if (require.main === module) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof SdkError)) throw error;
    process.stderr.write(`social-sdk-node: ${error.message}\n`);
    process.exitCode = 1;
  }
}

module.exports = { configure, detectFeatures, FEATURES, SdkError };
