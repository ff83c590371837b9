// The shape of lib/ and native/: no module imports itself back through others at run time, so that
// load order never matters and each module can be read on its own; type-only imports form no cycle
// either, but for Client and Simulator, which name each other in their signatures. Each feature's
// methods live in its own module, where the seam description says; no source file outgrows a
// reader.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

import { root } from './sdk.js';

const LIB = path.join(root, 'lib');

function files(dir: string, extensions: readonly string[] = ['.ts']): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full, extensions);
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

  it('has no import cycle', () => {
    const shown = cycles(graph).map((cycle) => cycle.map((file) => path.relative(LIB, file)).join(' -> '));
    expect(shown).toEqual([]);
  });

  it('has no cycle of type imports either, but Client <-> Simulator (each names the other in its signatures)', () => {
    const typeGraph = new Map(files(LIB).map((file) => [file, allImports(file)]));
    const shown = cycles(typeGraph).map((cycle) => cycle.map((file) => path.relative(LIB, file)).join(' -> '));
    expect(shown).toEqual(['sim/simulator.ts -> features/index.ts -> client/client.ts -> sim/simulator.ts']);
  });

  it('puts each client method of the seam description in its feature module (lib/features/<feature>.ts)', () => {
    const seam = JSON.parse(fs.readFileSync(path.join(root, 'seam', 'seam.json'), 'utf8')) as { methods: { js: string; feature: string }[] };
    const misplaced: string[] = [];
    let found = 0;
    for (const { js, feature } of seam.methods) {
      // The core's methods belong to the Client itself (lib/client/).
      const home = (file: string) => (feature === 'core' ? path.dirname(file) === path.join(LIB, 'client') : file === path.join(LIB, 'features', `${feature}.ts`));
      const callers = files(LIB).filter((file) => fs.readFileSync(file, 'utf8').includes(`native.${js}(`));
      if (callers.length > 0) found++;
      if (!callers.every(home)) misplaced.push(`${js} (${feature}): ${callers.map((f) => path.relative(LIB, f)).join(', ')}`);
    }
    expect(misplaced).toEqual([]);
    expect(found).toBeGreaterThan(30);
  });

  it('keeps every source file under 700 lines', () => {
    const sources = [...files(LIB), ...files(path.join(root, 'native'), ['.cc', '.h'])].filter((file) => !file.includes(`${path.sep}generated${path.sep}`));
    const long = sources
      .map((file) => [path.relative(root, file), fs.readFileSync(file, 'utf8').split('\n').length] as const)
      .filter(([, lines]) => lines > 700);
    expect(sources.length).toBeGreaterThan(100);
    expect(long).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself works)', () => {
    const a = path.join(LIB, 'a.ts');
    const b = path.join(LIB, 'b.ts');
    expect(cycles(new Map([[a, [b]], [b, [a]]]))).toEqual([[a, b, a]]);
    expect(runtimeImports(path.join(LIB, 'index.ts')).length).toBeGreaterThan(5);
  });
});
