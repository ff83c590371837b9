// The shape of lib/: no module imports itself back through others at run time, so that load
// order never matters and each module can be read on its own. Type-only imports are left out:
// they are erased from the JavaScript (Client and Simulator name each other in their signatures).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

import { root } from './sdk.js';

const LIB = path.join(root, 'lib');

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
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

  it('finds a cycle when there is one (the check itself works)', () => {
    const a = path.join(LIB, 'a.ts');
    const b = path.join(LIB, 'b.ts');
    expect(cycles(new Map([[a, [b]], [b, [a]]]))).toEqual([[a, b, a]]);
    expect(runtimeImports(path.join(LIB, 'index.ts')).length).toBeGreaterThan(5);
  });
});
