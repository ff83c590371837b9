// The shape of lib/ and native/: no module imports itself back through others at run time, so that
// load order never matters and each module can be read on its own; type-only imports form no cycle
// either, but for Client and Simulator, which name each other in their signatures. lib/'s rooms are
// layers, and no module imports from a room above its own (so the entries without the addon cannot
// reach it). Each feature's methods live in its own module, where the seam description says; no
// hand-written source file outgrows a reader.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

import { root } from './sdk.js';

const LIB = path.join(root, 'lib');

function files(dir: string, extensions: readonly string[] = ['.ts']): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : files(full, extensions);
    return extensions.some((extension) => entry.name.endsWith(extension)) ? [full] : [];
  });
}

/** The lib/ modules a file imports or re-exports, types included. */
function allImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const match of text.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gms)) out.push(path.resolve(path.dirname(file), match[1]!.replace(/\.js$/, '.ts')));
  for (const match of text.matchAll(/^import\s+'(\.[^']+)'/gm)) out.push(path.resolve(path.dirname(file), match[1]!.replace(/\.js$/, '.ts')));
  return out;
}

/** The lib/ modules a file imports or re-exports at run time (not `import type`/`export type`). */
function runtimeImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const match of text.matchAll(/^(import|export)\s+(type\s+)?([^;]*?)\s+from\s+'(\.[^']+)'/gms)) {
    if (match[2]) continue;
    // `import { type A, type B } from` is type-only too.
    const names = match[3]!.replace(/^[{\s]+|[}\s]+$/g, '').split(',').map((n) => n.trim()).filter(Boolean);
    if (names.length > 0 && names.every((n) => n.startsWith('type '))) continue;
    out.push(path.resolve(path.dirname(file), match[4]!.replace(/\.js$/, '.ts')));
  }
  for (const match of text.matchAll(/^import\s+'(\.[^']+)'/gm)) out.push(path.resolve(path.dirname(file), match[1]!.replace(/\.js$/, '.ts')));
  return out;
}

/**
 * lib/'s rooms (a directory, or a file at the top), lowest first: a module imports only from its own
 * layer or one below. Every file of lib/ is in one of them.
 */
export const LAYERS: readonly (readonly string[])[] = [
  // The seam's shapes: generated from seam/seam.json, and the hand-written ones.
  ['generated/', 'seam/'],
  // Errors, limits and the validators every entry shares.
  ['common/'],
  // The public data shapes and their conversion from the seam.
  ['model/'],
  // The route table, the webhook receiver and the version-support table: no addon.
  ['routes/', 'webhooks/', 'support/'],
  // The RestClient (`social-sdk-node/rest`): no addon.
  ['rest/'],
  // Loads the addon: the loader, the backend choice, the runtime (the JS end of the pump); the remote
  // link (a client or harness of a world served by another process, over a WebSocket).
  ['addon/', 'remote/'],
  // The Client's core, then its feature modules (features/index.ts assembles them).
  ['client/'],
  ['features/'],
  // The simulator's harness and the simulated service over HTTP.
  ['sim/'],
  // The Electron bridge and the CLI.
  ['electron/', 'bin/'],
  // The package entry.
  ['index.ts'],
];

/** The position in LAYERS of a lib/ file's room, -1 when it is in none. */
export function layerOf(file: string): number {
  const parts = path.relative(LIB, file).split(path.sep);
  const room = parts.length > 1 ? `${parts[0]}/` : parts[0]!;
  return LAYERS.findIndex((layer) => layer.includes(room));
}

/** Every import of the graph from a layer to a higher one, as `from -> to`, but those `allowed` says. */
export function upwardImports(graph: Map<string, string[]>, allowed: (from: string, to: string) => boolean = () => false): string[] {
  const found: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) if (layerOf(to) > layerOf(from) && !allowed(from, to)) found.push(`${path.relative(LIB, from)} -> ${path.relative(LIB, to)}`);
  }
  return found;
}

/**
 * The type-only imports that may go up: addon/native.ts re-exports the seam's shapes (seam/,
 * generated/), the lowest layer, which every layer names (a type import loads nothing); and
 * client.ts names Simulator (the `simulator` option), as the Simulator creates clients.
 */
function typeImportMayGoUp(from: string, to: string): boolean {
  return to === path.join(LIB, 'addon', 'native.ts') || (from === path.join(LIB, 'client', 'client.ts') && to === path.join(LIB, 'sim', 'simulator.ts'));
}

const MAX_LINES = 500;

/**
 * Allowed over the limit, each for its reason: test/vendor-shape/discordpp.h is the shape of the
 * vendor's one header (the compile gate compiles against it as that header, the fake vendor
 * library is built from it, and scripts/vendor-sdk.cjs detects features in one file, as in the
 * real SDK), not code of ours to divide by responsibility.
 */
const OVER_THE_LIMIT = ['test/vendor-shape/discordpp.h'];

const SOURCE_EXTENSIONS = ['.ts', '.cts', '.mts', '.js', '.cjs', '.mjs', '.cc', '.h', '.inc'];

/** The source files people write and read: lib/, native/, scripts/, test/, bench/, examples/, but what is generated. */
function handWrittenSources(): string[] {
  const generated = [path.join(LIB, 'generated'), path.join(root, 'native', 'generated')];
  return ['lib', 'native', 'scripts', 'test', 'bench', 'examples']
    .flatMap((dir) => files(path.join(root, dir), SOURCE_EXTENSIONS))
    .filter((file) => !generated.some((dir) => file.startsWith(dir + path.sep)));
}

function lineCount(text: string): number {
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** Every cycle of the import graph, each as the list of files around it. */
export function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

describe('lib/ architecture', () => {
  const graph = new Map(files(LIB).map((file) => [file, runtimeImports(file)]));
  const typeGraph = new Map(files(LIB).map((file) => [file, allImports(file)]));

  it('has no import cycle', () => {
    const shown = cycles(graph).map((cycle) => cycle.map((file) => path.relative(LIB, file)).join(' -> '));
    expect(shown).toEqual([]);
  });

  it('has no cycle of type imports either, but Client <-> Simulator (each names the other in its signatures)', () => {
    const shown = cycles(typeGraph).map((cycle) => cycle.map((file) => path.relative(LIB, file)).join(' -> '));
    expect(shown).toEqual(['sim/simulator.ts -> features/index.ts -> client/client.ts -> sim/simulator.ts']);
  });

  it('places every file of lib/ in a layer', () => {
    expect(files(LIB).filter((file) => layerOf(file) < 0).map((file) => path.relative(LIB, file))).toEqual([]);
  });

  it('has no run-time import from a layer to a higher one', () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it('has no type import from a layer to a higher one, but the seam shapes of native.ts and Client naming Simulator', () => {
    expect(upwardImports(typeGraph, typeImportMayGoUp)).toEqual([]);
  });

  it('finds an upward import when there is one (the check itself works)', () => {
    const at = (file: string) => path.join(LIB, file);
    const upward = new Map([
      [at('common/errors.ts'), [at('addon/runtime.ts'), at('common/limits.ts')]],
      [at('rest/client.ts'), [at('addon/native.ts'), at('routes/table.ts')]],
      [at('sim/simulator.ts'), [at('features/index.ts'), at('model/ids.ts')]],
    ]);
    expect(upwardImports(upward)).toEqual(['common/errors.ts -> addon/runtime.ts', 'rest/client.ts -> addon/native.ts']);
    expect(upwardImports(upward, (_from, to) => to === at('addon/native.ts'))).toEqual(['common/errors.ts -> addon/runtime.ts']);
    expect(layerOf(at('routes/table.ts'))).toBeLessThan(layerOf(at('addon/native.ts')));
    expect(layerOf(at('webhooks/verify.ts'))).toBeLessThan(layerOf(at('addon/runtime.ts')));
    expect(layerOf(at('nowhere/x.ts'))).toBe(-1);
  });

  it('puts each client method of the seam description in its feature module (lib/features/<feature>.ts)', () => {
    const seam = JSON.parse(fs.readFileSync(path.join(root, 'seam', 'seam.json'), 'utf8')) as { methods: { js: string; feature: string }[] };
    const misplaced: string[] = [];
    let found = 0;
    for (const { js, feature } of seam.methods) {
      // The core's methods belong to the Client itself (lib/client/).
      const home = (file: string) => (feature === 'core' ? path.dirname(file) === path.join(LIB, 'client') : file === path.join(LIB, 'features', `${feature}.ts`));
      // The remote link's serving side is a transport: it applies every method by name for the
      // other process, and closes its sessions' clients when their link drops.
      const transport = (file: string) => file === path.join(LIB, 'sim', 'remote', 'door.ts');
      const callers = files(LIB).filter((file) => !transport(file) && fs.readFileSync(file, 'utf8').includes(`native.${js}(`));
      if (callers.length > 0) found++;
      if (!callers.every(home)) misplaced.push(`${js} (${feature}): ${callers.map((f) => path.relative(LIB, f)).join(', ')}`);
    }
    expect(misplaced).toEqual([]);
    expect(found).toBeGreaterThan(30);
  });

  it('keeps every hand-written source file within 500 lines', () => {
    const long = handWrittenSources()
      .map((file) => [path.relative(root, file), lineCount(fs.readFileSync(file, 'utf8'))] as const)
      .filter(([file, lines]) => lines > MAX_LINES && !OVER_THE_LIMIT.includes(file));
    expect(handWrittenSources().length).toBeGreaterThan(300);
    expect(long).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself works)', () => {
    const a = path.join(LIB, 'a.ts');
    const b = path.join(LIB, 'b.ts');
    expect(cycles(new Map([[a, [b]], [b, [a]]]))).toEqual([[a, b, a]]);
    expect(runtimeImports(path.join(LIB, 'index.ts')).length).toBeGreaterThan(5);
  });

  it('keeps the backends below the N-API layer: nothing under native/vendor/ or native/sim/ includes a napi/ header (or N-API itself)', () => {
    const backends = ['vendor', 'sim'].flatMap((dir) => files(path.join(root, 'native', dir), ['.cc', '.h']));
    const upward = backends.flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/^\s*#\s*include\s*[<"]((?:napi\/[^>"]+)|napi\.h|node_api\.h)[>"]/gm)].map((match) => `${path.relative(root, file)}: ${match[1]}`),
    );
    expect(backends.length).toBeGreaterThan(50);
    expect(upward).toEqual([]);
  });
});
