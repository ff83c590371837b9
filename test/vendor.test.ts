// The vendor backend as far as a machine without the SDK can check it: choosing it without the
// library gives clear errors and leaves the simulator unaffected; the build's SDK check names what
// is missing; optional APIs are detected from the header. (The compile gate of the adapter itself
// is `npm run check:vendor`, a step of .ci/run.)
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';

import { afterAll, describe, expect, it } from 'vitest';

import { world } from './helpers.js';
import { root, sdk } from './sdk.js';

const run = promisify(execFile);
const load = createRequire(import.meta.url);
const native = load(path.join(root, 'dist', 'addon', 'native.js')) as typeof import('../lib/addon/native.js');
const shapeHeader = path.join(root, 'test', 'vendor-shape', 'discordpp.h');

interface VendorConfig {
  includeDir: string;
  link: string;
  linkFlags: string[];
  runtime: string;
  defines: string[];
  sources: string[];
  rpath: string;
  features: Record<string, boolean>;
}

/** Runs scripts/vendor-sdk.cjs as the builds do; never rejects. */
async function vendorSdk(args: string[], env: Record<string, string | undefined> = {}) {
  const merged: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete merged[key];
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(root, 'scripts', 'vendor-sdk.cjs'), ...args], { env: merged });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'social-sdk-vendor-'));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

/** An SDK directory laid out like the vendor archive, with the parts asked for. */
function sdkDir(name: string, parts: { header?: string; cHeader?: boolean; library?: boolean }): string {
  const dir = path.join(temp, name);
  fs.mkdirSync(path.join(dir, 'include'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'lib', 'release'), { recursive: true });
  if (parts.header !== undefined) fs.writeFileSync(path.join(dir, 'include', 'discordpp.h'), parts.header);
  if (parts.cHeader) fs.writeFileSync(path.join(dir, 'include', 'cdiscord.h'), '/* C API */\n');
  if (parts.library) fs.writeFileSync(path.join(dir, 'lib', 'release', 'libdiscord_partner_sdk.so'), '');
  return dir;
}

const shape = fs.readFileSync(shapeHeader, 'utf8');

describe('choosing the vendor backend without the SDK library', () => {
  it('fails with an error that says how to build it, from the option and from SOCIAL_SDK_BACKEND', () => {
    expect(sdk.Client).toBeDefined();
    expect(() => new sdk.Client({ backend: 'vendor' })).toThrow(/options\.backend=vendor, but this build of social-sdk-node has no vendor backend.*SOCIAL_SDK_DIR/);
    const saved = process.env.SOCIAL_SDK_BACKEND;
    try {
      process.env.SOCIAL_SDK_BACKEND = 'vendor';
      expect(() => new sdk.Client()).toThrow(/SOCIAL_SDK_BACKEND=vendor, but this build .* has no vendor backend/);
    } finally {
      if (saved === undefined) delete process.env.SOCIAL_SDK_BACKEND;
      else process.env.SOCIAL_SDK_BACKEND = saved;
    }
  });

  it('leaves the simulator path unaffected: a client given a simulator runs on it even with SOCIAL_SDK_BACKEND=vendor', async () => {
    const { sim, app, grant } = world();
    const saved = process.env.SOCIAL_SDK_BACKEND;
    try {
      process.env.SOCIAL_SDK_BACKEND = 'vendor';
      const client = new sdk.Client({ simulator: sim, applicationId: app.id });
      expect(client.backend).toBe('sim');
      await client.updateToken(grant.accessToken);
      await client.connect();
      expect(client.status).toBe('ready');
      await client.close();
    } finally {
      if (saved === undefined) delete process.env.SOCIAL_SDK_BACKEND;
      else process.env.SOCIAL_SDK_BACKEND = saved;
    }
  });

  it('rejects an unknown backend name and a simulator given to the vendor backend', () => {
    expect(() => new sdk.Client({ backend: 'real' as 'vendor' })).toThrow(RangeError);
    expect(() => new sdk.Client({ backend: 'real' as 'vendor' })).toThrow(new RangeError('options.backend must be one of sim, vendor, got a string of 4 characters'));
    // Without a vendor build the missing backend is reported first; either way it never runs.
    expect(() => new sdk.Client({ backend: 'vendor', simulator: new sdk.Simulator() })).toThrow();
  });

  it('explains a vendor build whose library is missing next to the addon', () => {
    const message = native.vendorLibraryMissing('libdiscord_partner_sdk.so: cannot open shared object file: No such file or directory');
    expect(message).toContain('this build uses the vendor SDK, but its library');
    expect(message).toContain('must sit next to the addon');
    expect(message).toContain('Cause: libdiscord_partner_sdk.so: cannot open shared object file');
    expect(message).toContain('SOCIAL_SDK_DIR=/path/to/discord_social_sdk npm rebuild social-sdk-node --build-from-source');
  });
});

describe('backend options of a client', () => {
  it('lists the optional SDK features: the simulator has them all', async () => {
    const { sim } = world();
    const client = sim.createClient();
    expect(client.features).toEqual({
      messageAdditionalName: true,
      voiceSettings: true,
      cpuAffinityMask: true,
      guildChannelDetails: true,
      messageModerationMetadata: true,
      inviteCoverImage: true,
      noiseCancellation: true,
    });
    expect(Object.isFrozen(client.features)).toBe(true);
    await client.close();
  });

  it('checks apiBase, webBase and runCallbacksIntervalMs, and the simulator accepts valid ones', async () => {
    const { sim } = world();
    expect(() => sim.createClient({ apiBase: 5 as unknown as string })).toThrow(new TypeError('apiBase must be a string, got number'));
    expect(() => sim.createClient({ apiBase: 'not a url' })).toThrow(new RangeError('apiBase must be an absolute http(s) URL, got a string that is not a URL'));
    expect(() => sim.createClient({ webBase: 'ftp://example.test/' })).toThrow(new RangeError('webBase must be an http(s) URL, got a URL of another scheme'));
    for (const bad of [0, 1001, 1.5, Number.NaN]) {
      expect(() => sim.createClient({ runCallbacksIntervalMs: bad })).toThrow(RangeError);
    }
    expect(() => sim.createClient({ runCallbacksIntervalMs: '10' as unknown as number })).toThrow(TypeError);
    const client = sim.createClient({ apiBase: 'https://api.example.test/', webBase: 'http://localhost:8080', runCallbacksIntervalMs: 1000 });
    expect(client.backend).toBe('sim');
    await client.close();
  });
});

describe('the build-time SDK check (scripts/vendor-sdk.cjs)', () => {
  it('is off without SOCIAL_SDK_DIR, and names the variable when a build asks for the SDK anyway', async () => {
    expect((await vendorSdk(['enabled'], { SOCIAL_SDK_DIR: undefined })).stdout).toBe('0');
    expect((await vendorSdk(['enabled'], { SOCIAL_SDK_DIR: '/somewhere' })).stdout).toBe('1');
    const result = await vendorSdk(['json'], { SOCIAL_SDK_DIR: undefined });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('SOCIAL_SDK_DIR is not set');
  });

  it('names a directory that does not exist', async () => {
    const missing = path.join(temp, 'nowhere');
    const result = await vendorSdk(['json', missing]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`SOCIAL_SDK_DIR=${missing}: no such directory`);
  });

  it('names the missing header, C header or library', async () => {
    const noHeader = sdkDir('no-header', { cHeader: true, library: true });
    let result = await vendorSdk(['json', noHeader]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`the C++ header ${path.join(noHeader, 'include', 'discordpp.h')}`);

    const noCHeader = sdkDir('no-c-header', { header: shape, library: true });
    result = await vendorSdk(['json', noCHeader]);
    expect(result.stderr).toContain(`the C header ${path.join(noCHeader, 'include', 'cdiscord.h')}`);

    const noLibrary = sdkDir('no-library', { header: shape, cHeader: true });
    result = await vendorSdk(['json', noLibrary]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`the library ${path.join(noLibrary, 'lib', 'release', 'libdiscord_partner_sdk.so')}`);
  });

  it('refuses a header that is not the social SDK header', async () => {
    const wrong = sdkDir('wrong-header', { header: '#pragma once\nint x;\n', cHeader: true, library: true });
    const result = await vendorSdk(['json', wrong]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('does not declare namespace discordpp');
  });

  it.runIf(process.platform === 'linux')('configures a complete SDK directory: sources, defines, rpath, library paths', async () => {
    const dir = sdkDir('complete', { header: shape, cHeader: true, library: true });
    const result = await vendorSdk(['json', dir]);
    expect(result.code).toBe(0);
    const config = JSON.parse(result.stdout) as VendorConfig;
    expect(config.includeDir).toBe(path.join(dir, 'include'));
    expect(config.link).toBe(path.join(dir, 'lib', 'release', 'libdiscord_partner_sdk.so'));
    expect(config.runtime).toBe(config.link);
    // By directory and name, never by path (a library without a SONAME would be recorded by it).
    expect(config.linkFlags).toEqual([`-L${path.join(dir, 'lib', 'release')}`, '-ldiscord_partner_sdk']);
    expect((await vendorSdk(['linkFlags', dir])).stdout).toBe(config.linkFlags.join(' '));
    expect(config.rpath).toBe('$ORIGIN');
    expect(config.defines).toEqual([
      'SOCIAL_SDK_WITH_VENDOR=1',
      'SOCIAL_SDK_VENDOR_HAS_ADDITIONAL_NAME=0',
      'SOCIAL_SDK_VENDOR_HAS_VOICE_SETTINGS=0',
      'SOCIAL_SDK_VENDOR_HAS_CPU_AFFINITY_MASK=1',
      'SOCIAL_SDK_VENDOR_HAS_GUILD_CHANNEL_DETAILS=1',
      'SOCIAL_SDK_VENDOR_HAS_MODERATION_METADATA=1',
      'SOCIAL_SDK_VENDOR_HAS_INVITE_COVER_IMAGE=1',
      'SOCIAL_SDK_VENDOR_HAS_NOISE_CANCELLATION=1',
    ]);
    expect(config.sources).toEqual(load(path.join(root, 'native', 'sources.json')).vendor_sources);
    for (const source of config.sources) expect(fs.existsSync(path.join(root, source))).toBe(true);
    // gyp reads single fields, space-separated.
    expect((await vendorSdk(['defines', dir])).stdout).toBe(config.defines.join(' '));
  });
});

describe('detecting optional SDK APIs in the header', () => {
  it('finds each API newer than 1.6 only in the shapes of the releases that have it', async () => {
    const none = { messageAdditionalName: false, voiceSettings: false, cpuAffinityMask: false, guildChannelDetails: false, messageModerationMetadata: false, inviteCoverImage: false, noiseCancellation: false };
    const as17 = { ...none, cpuAffinityMask: true, guildChannelDetails: true, inviteCoverImage: true };
    const as18 = { ...as17, messageModerationMetadata: true };
    const as19 = { ...as18, noiseCancellation: true };
    const expected: Record<number, typeof none> = { 6: none, 7: as17, 8: as18, 9: as19, 10: { ...as19, messageAdditionalName: true, voiceSettings: true } };
    for (const [minor, features] of Object.entries(expected)) {
      const result = await vendorSdk(['features', shapeHeader, `-DVENDOR_SHAPE_SDK_MINOR=${minor}`]);
      expect({ minor, features: JSON.parse(result.stdout) }).toEqual({ minor, features });
    }
    // Without a minor the shape is 1.9.
    expect(JSON.parse((await vendorSdk(['features', shapeHeader])).stdout)).toEqual(as19);
  });

  it('does not take a name mentioned in a comment for a declaration', async () => {
    const header = path.join(temp, 'commented.h');
    fs.writeFileSync(
      header,
      [
        'namespace discordpp {',
        '// std::optional<std::string> AdditionalName() const; (1.10 only)',
        '/* void GetVoiceSettings(Callback cb); */',
        'class Client { public: void GetVoiceSettings(int cb); };',
        '}',
      ].join('\n'),
    );
    const result = await vendorSdk(['features', header]);
    expect(JSON.parse(result.stdout)).toMatchObject({ messageAdditionalName: false, voiceSettings: true });
  });
});
