// The seam is described once (seam/seam.json) and its glue generated on both sides. These tests
// fail when a generated file is stale, and when the C++ the addon was compiled from and the
// TypeScript tables disagree on any number (events, fault-injectable calls, vendor enums).
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

import { root } from './sdk.js';

const load = createRequire(import.meta.url);
const GENERATOR = path.join(root, 'scripts', 'generate-seam.cjs');
const seamTs = load(path.join(root, 'dist', 'generated', 'seam.js')) as Record<string, unknown> & {
  EventKind: Record<string, number>;
  CALL_KINDS: Record<string, number>;
  EVENT_INTS: number;
};
const binding = (load(path.join(root, 'dist', 'native.js')) as { loadBinding(): { seamTables(): NativeTables } }).loadBinding();
const description = JSON.parse(fs.readFileSync(path.join(root, 'seam', 'seam.json'), 'utf8')) as { enums: { name: string }[] };

interface NativeTables {
  enums: Record<string, Record<string, number>>;
  events: Record<string, number>;
  calls: Record<string, number>;
  eventInts: number;
}

describe('the generated seam', () => {
  it('is up to date with seam/seam.json (run `npm run seam` after changing it)', () => {
    const result = spawnSync(process.execPath, [GENERATOR, '--check'], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('--check names a generated file edited by hand, and writing restores it', () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'seam-check-'));
    try {
      for (const dir of ['seam', 'scripts', 'native/generated', 'lib/generated']) fs.cpSync(path.join(root, dir), path.join(copy, dir), { recursive: true });
      const edited = path.join(copy, 'native', 'generated', 'sim_calls.h');
      fs.writeFileSync(edited, fs.readFileSync(edited, 'utf8').replace('SendLobbyMessage = 3', 'SendLobbyMessage = 4'));
      const stale = spawnSync(process.execPath, [path.join(copy, 'scripts', 'generate-seam.cjs'), '--check'], { encoding: 'utf8' });
      expect(stale.status).toBe(1);
      expect(stale.stderr).toContain('native/generated/sim_calls.h');
      execFileSync(process.execPath, [path.join(copy, 'scripts', 'generate-seam.cjs')]);
      expect(fs.readFileSync(edited, 'utf8')).toBe(fs.readFileSync(path.join(root, 'native', 'generated', 'sim_calls.h'), 'utf8'));
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });

  it('refuses a description that numbers something twice', () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'seam-dup-'));
    try {
      for (const dir of ['seam', 'scripts']) fs.cpSync(path.join(root, dir), path.join(copy, dir), { recursive: true });
      const file = path.join(copy, 'seam', 'seam.json');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('["Connecting", 1]', '["Connecting", 0]'));
      const result = spawnSync(process.execPath, [path.join(copy, 'scripts', 'generate-seam.cjs'), '--check'], { encoding: 'utf8' });
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain('Status number 0 appears twice');
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });

  describe('the compiled C++ and the TypeScript tables agree', () => {
    const native = binding.seamTables();
    it('event kinds and the batch layout', () => {
      expect(native.events).toEqual(seamTs.EventKind);
      expect(native.eventInts).toBe(seamTs.EVENT_INTS);
    });
    it('fault-injectable calls', () => {
      expect(native.calls).toEqual(seamTs.CALL_KINDS);
    });
    for (const { name } of description.enums) {
      it(`enum ${name}`, () => {
        expect(native.enums[name]).toEqual(seamTs[name]);
      });
    }
  });

  it('every event kind has a handler once the package is loaded (the core\'s, or a feature module\'s)', () => {
    load(path.join(root, 'dist', 'index.js'));
    const { getRuntime } = load(path.join(root, 'dist', 'addon', 'runtime.js')) as { getRuntime(): { handlers: Record<string, unknown> } };
    const handlers = getRuntime().handlers;
    const missing = Object.keys(seamTs.EventKind).filter((kind) => typeof handlers[kind] !== 'function');
    expect(missing).toEqual([]);
    expect(Object.keys(handlers).sort()).toEqual(Object.keys(seamTs.EventKind).sort());
  });
});
