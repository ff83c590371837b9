// The compile gate of the vendor adapter (`npm run check:vendor`) against the shape of SDK 1.6: it
// passes with the adapter as it is, and fails when an API newer than 1.6 is used outside its
// feature macro. The adapter files that use those APIs are copied with every such macro of
// native/vendor/features.h replaced by 1 (the calls ungated, as if the #if were forgotten).
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { root } from './sdk.js';

/** The macros of the APIs that arrived after 1.6 but before 1.10, and a name each call uses. */
const GATED: Record<string, string> = {
  SOCIAL_SDK_VENDOR_HAS_CPU_AFFINITY_MASK: 'SetCpuAffinityMask',
  SOCIAL_SDK_VENDOR_HAS_GUILD_CHANNEL_DETAILS: 'ParentId',
  SOCIAL_SDK_VENDOR_HAS_MODERATION_METADATA: 'ModerationMetadata',
  SOCIAL_SDK_VENDOR_HAS_INVITE_COVER_IMAGE: 'InviteCoverImage',
  SOCIAL_SDK_VENDOR_HAS_NOISE_CANCELLATION: 'SetNoiseCancellation',
};
const FILES = ['native/vendor/translate.cc', 'native/vendor/vendor_client.cc', 'native/vendor/vendor_client_voice_controls.cc'];

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'social-sdk-gate-'));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

function gate(files: string[]): Promise<{ code: number; output: string }> {
  const args = [path.join(root, 'scripts', 'vendor-shape-check.cjs'), '--minor', '6', ...files.flatMap((file) => ['--file', file])];
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: root, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, output: stdout + stderr });
    });
  });
}

describe('the compile gate against the shape of SDK 1.6', () => {
  it('passes with every newer API behind its feature macro', async () => {
    const result = await gate(FILES.map((file) => path.join(root, file)));
    expect(result.output).toContain('shape of SDK 1.6: features none');
    expect(result.code).toBe(0);
  });

  it('fails, naming each call, when the 1.7, 1.8 and 1.9 APIs are used ungated', async () => {
    const sources = FILES.map((file) => fs.readFileSync(path.join(root, file), 'utf8'));
    // Each macro gates something in these files (else the test would prove nothing about it).
    for (const macro of Object.keys(GATED)) expect(sources.some((text) => text.includes(macro)), macro).toBe(true);
    const copies = FILES.map((file, i) => {
      let text = sources[i]!;
      for (const macro of Object.keys(GATED)) text = text.replaceAll(macro, '1');
      const copy = path.join(temp, path.basename(file));
      fs.writeFileSync(copy, text);
      return copy;
    });
    const result = await gate(copies);
    expect(result.code).toBe(1);
    expect(result.output).toContain('FAIL shape of SDK 1.6');
    for (const name of Object.values(GATED)) expect(result.output).toMatch(new RegExp(`no member named .${name}.`));
  });
});
