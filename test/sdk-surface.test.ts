// The SDK surface check (issue 36, `npm run check:surface`): every public method of the vendor's
// Client in the shape header is served by a TypeScript member or given a documented reason in
// seam/sdk-surface.json. The check reads lib/'s sources; here the served members are also looked
// up on the compiled package, so a member declared but never installed fails too, and the guide's
// counts are held to the description.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { root, sdk } from './sdk.js';

const load = createRequire(import.meta.url);
const SCRIPT = path.join(root, 'scripts', 'sdk-surface.cjs');
const SURFACE = path.join(root, 'seam', 'sdk-surface.json');

interface Entry {
  vendor: string;
  served?: string;
  reason?: string;
  missing?: string;
}
const surface = JSON.parse(fs.readFileSync(SURFACE, 'utf8')) as { methods: Entry[] };
const { clientEventNames } = load(path.join(root, 'dist', 'client', 'event-names.js')) as typeof import('../lib/client/event-names.js');

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'social-sdk-surface-'));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

function run(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [SCRIPT, ...args], { cwd: root, encoding: 'utf8' });
}

/** The check against a copy of the description changed by `edit`. */
function runEdited(name: string, edit: (methods: Entry[]) => Entry[]): ReturnType<typeof run> {
  const file = path.join(temp, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify({ ...surface, methods: edit(structuredClone(surface.methods)) }));
  return run('--surface', file);
}

describe('the SDK surface check', () => {
  it('passes: every vendor Client method is served, reasoned or tracked as missing', () => {
    const result = run();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/served +\d+/);
    expect(result.stdout).toContain(`total    ${surface.methods.length}`);
  });

  it('fails, naming it, when a method of the header has no entry', () => {
    const result = runEdited('no-entry', (methods) => methods.filter((entry) => entry.vendor !== 'GetLobbyIds'));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('GetLobbyIds: a public Client method of the shape header with no entry');
  });

  it('fails on a served member the public Client does not declare, and on an entry for no header method', () => {
    const result = runEdited('bad-served', (methods) => [
      ...methods.map((entry) => (entry.vendor === 'GetCall' ? { vendor: 'GetCall', served: 'getCallz' } : entry)),
      { vendor: 'NotAVendorMethod', reason: 'deprecated: never existed' },
    ]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("GetCall: served by 'getCallz', but the public Client has no member 'getCallz'");
    expect(result.stderr).toContain('NotAVendorMethod: described, but class Client of the shape header declares no such method');
  });

  it('agrees with the counts docs/real-sdk.md gives', () => {
    const guide = fs.readFileSync(path.join(root, 'docs', 'real-sdk.md'), 'utf8').replace(/\s+/g, ' ');
    const count = (key: 'served' | 'reason' | 'missing') => surface.methods.filter((entry) => entry[key] !== undefined).length;
    const total = surface.methods.length;
    expect(guide).toContain(`Today ${count('served')} of the ${total} methods are served, ${count('reason')} have a reason and ${count('missing')} are missing.`);
  });

  it('names members the compiled package has', () => {
    const events = clientEventNames();
    const exported = sdk as unknown as Record<string, { prototype?: object } | undefined>;
    const absent = surface.methods.flatMap(({ vendor, served }) => {
      if (served === undefined) return [];
      const event = /^event:(\w+)$/.exec(served);
      if (event) return events.includes(event[1]!) ? [] : [`${vendor}: ${served}`];
      const [owner, member] = served.includes('.') ? served.split('.') : ['Client', served];
      const value = exported[owner!];
      // A qualified name is a static member or one of the class's instances'.
      const found = value !== undefined && (served.includes('.') ? member! in value || member! in (value.prototype ?? {}) : member! in (value.prototype ?? {}));
      return found ? [] : [`${vendor}: ${served}`];
    });
    expect(absent).toEqual([]);
  });
});
