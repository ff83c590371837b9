// The seam is described once (seam/seam.json, seam/payloads.json) and its glue generated on both
// sides. These tests fail when a generated file is stale, when the C++ the addon was compiled from
// and the TypeScript tables disagree on any number (events, fault-injectable calls, vendor enums),
// and when the compiled payload converters or the JS message factory disagree with the payloads'
// description.
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
const nativeModule = load(path.join(root, 'dist', 'addon', 'native.js')) as typeof import('../lib/addon/native.js');
const binding = nativeModule.loadBinding();
const description = JSON.parse(fs.readFileSync(path.join(root, 'seam', 'seam.json'), 'utf8')) as { enums: { name: string }[] };
// The payloads as the generator reads them (seam/payloads.json, the Features flags expanded).
const payloadModel = (load(path.join(root, 'scripts', 'seam', 'payloads.cjs')) as {
  load(root: string, enums: unknown[]): { payloads: { name: string; fields: { js: string; kind: string }[] }[] };
}).load(root, description.enums);
const payloadFields = Object.fromEntries(payloadModel.payloads.map((p) => [p.name, p.fields.map((f) => f.js)]));

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
    it('payloads: every field, its kind and its place (seam/payloads.json)', () => {
      const described = Object.fromEntries(payloadModel.payloads.map((p) => [p.name, p.fields.map((f) => `${f.js}:${f.kind}`)]));
      expect(native.payloads).toEqual(described);
    });
  });

  it('the objects the addon builds have the described fields, in order (the message through its JS factory)', () => {
    const world = new binding.NativeWorld({ major: 1, minor: 10, build: 0, hash: 'seam' });
    const app = world.createApplication('game');
    const user = world.createUser({ username: 'ada', provisional: false });
    expect(Object.keys(user)).toEqual(payloadFields.User);
    expect(Object.keys(world.version())).toEqual(payloadFields.Version);
    const lobbyId = world.userCreateOrJoinLobby(app.id, user.id, 'seam-secret', undefined, undefined);
    const message = world.userSendLobbyMessage(app.id, user.id, lobbyId, 'hello', { k: 'v' }, 2000);
    expect(Object.keys(message)).toEqual(payloadFields.Message);
    expect(Object.isFrozen(message) && Object.isFrozen(message.metadata) && Object.isFrozen(message.moderationMetadata)).toBe(true);
    expect(message).toMatchObject({ content: 'hello', authorId: user.id, lobbyId, metadata: { k: 'v' }, moderationMetadata: {}, editedAt: null, additionalContent: null });
  });

  it('the harness\'s views have the described fields, in order (side: harness)', () => {
    const world = new binding.NativeWorld({ major: 1, minor: 10, build: 0, hash: 'seam' });
    const app = world.createApplication('game');
    const user = world.createUser({ username: 'ada', provisional: false });
    expect(Object.keys(app)).toEqual(payloadFields.Application);
    expect(Object.keys(world.issueToken(user.id, app.id, 60_000))).toEqual(payloadFields.Grant);
    const lobbyId = world.createLobby(app.id, 'secret', {}, [{ userId: user.id, remove: false, additionalName: 'Ace', flags: 1 }]);
    const lobby = world.getLobby(lobbyId)!;
    expect(Object.keys(lobby)).toEqual(payloadFields.ServerLobby);
    expect(Object.keys(lobby.members[0]!)).toEqual(payloadFields.ServerLobbyMember);
    expect(lobby.members[0]).toMatchObject({ id: user.id, additionalName: 'Ace', flags: 1 });
    expect(Object.keys(world.getChatClient(user.id))).toEqual(payloadFields.ChatClient);
    expect(Object.keys(world.getMachineAudio(user.id))).toEqual(payloadFields.MachineAudio);
    const oidc = world.getOidcConfiguration(app.id)!;
    expect(Object.keys(oidc)).toEqual(payloadFields.OidcConfiguration);
    expect(Object.keys(oidc.discovery)).toEqual(payloadFields.OidcDiscovery);
    // A webhook notice leaves out the keys of fields without a value (absentWhenEmpty).
    world.setWebhookSubscribed(app.id, true);
    world.userSendLobbyMessage(app.id, user.id, lobbyId, 'hello', {}, 2000);
    const taken = world.takeWebhookNotices();
    expect(Object.keys(taken)).toEqual(payloadFields.WebhookNotices);
    expect(Object.keys(taken.notices[0]!)).toEqual(['type', 'applicationId', 'at', 'message', 'lobbyId']);
  });

  it('refuses a message factory that is not a function, and keeps the one it has', () => {
    expect(() => binding.setMessageFactory(42 as never)).toThrow(new TypeError('factory must be a function'));
    const world = new binding.NativeWorld({ major: 1, minor: 10, build: 0, hash: 'seam' });
    const app = world.createApplication('game');
    const user = world.createUser({ username: 'ada', provisional: false });
    const lobbyId = world.userCreateOrJoinLobby(app.id, user.id, 'seam-secret', undefined, undefined);
    expect(world.userSendLobbyMessage(app.id, user.id, lobbyId, 'still built', {}, 2000).content).toBe('still built');
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

// The harness face (NativeWorld) is described once too, in seam/world.json: the compiled method
// table and the TypeScript interface are both generated from it, so a method added by hand to one
// of them, or left out, shows here.
describe('the generated harness table (seam/world.json)', () => {
  const world = JSON.parse(fs.readFileSync(path.join(root, 'seam', 'world.json'), 'utf8')) as { rooms: { file: string; methods: { js: string; cpp: string }[] }[] };
  const described = world.rooms.flatMap((room) => room.methods.map((method) => method.js));
  const NativeWorld = (binding as unknown as { NativeWorld: { prototype: object } }).NativeWorld;

  it('the compiled NativeWorld has exactly the described methods', () => {
    const compiled = Object.getOwnPropertyNames(NativeWorld.prototype).filter((name) => name !== 'constructor');
    expect([...compiled].sort()).toEqual([...described].sort());
    expect(new Set(described).size).toBe(described.length);
  });

  it('each method names the WorldWrap member its room’s file defines', () => {
    const misplaced = world.rooms.flatMap((room) => {
      const source = fs.readFileSync(path.join(root, room.file), 'utf8');
      return room.methods.filter((method) => !source.includes(`Napi::Value WorldWrap::${method.cpp}(`)).map((method) => `${method.js} (${method.cpp}) in ${room.file}`);
    });
    expect(misplaced).toEqual([]);
  });
});
