// The package's declarations, as a TypeScript consumer gets them (self-reference through the
// package.json "exports", so dist/ as packed), type-checked by strict consumers (CommonJS and ESM,
// test/fixtures/types/) on TypeScript 5.9, 6 and 7 with nodenext and bundler resolution. The
// consumers set no "types", "lib" or "skipLibCheck": what the declarations need, they reference.
//
// `npm test` runs the quick part (TypeScript 7, the native compiler, both resolutions; and the
// TypeScript the package builds with, nodenext); SOCIAL_SDK_TYPES_MATRIX=full runs all six, and
// SOCIAL_SDK_TYPES_MATRIX=rest the three the quick part leaves out (the CI step after `npm test`).
import { execFile } from 'node:child_process';
import * as path from 'node:path';

import { describe, expect, it } from 'vitest';

import { root } from './sdk.js';

const COMPILERS = [
  { name: 'TypeScript 5.9', pkg: 'typescript-5.9', major: '5.9' },
  { name: 'TypeScript 6', pkg: 'typescript', major: '6.' },
  { name: 'TypeScript 7', pkg: 'typescript-7', major: '7.' },
] as const;
const PROJECTS = [
  { resolution: 'nodenext', file: 'tsconfig.json' },
  { resolution: 'bundler', file: 'tsconfig.bundler.json' },
] as const;
const QUICK = new Set(['TypeScript 7 nodenext', 'TypeScript 7 bundler', 'TypeScript 6 nodenext']);
const matrix = process.env.SOCIAL_SDK_TYPES_MATRIX;
const runs = (label: string): boolean => (matrix === 'full' ? true : matrix === 'rest' ? !QUICK.has(label) : QUICK.has(label));

// A compiler run over the whole declarations: 8 s on a quiet 2-core machine, past vitest's 30 s
// default when the machine is busy (it failed a CI run so). The child's own limit bounds it.
const COMPILE_TIMEOUT_MS = 120_000;

function tsc(pkg: string, args: string[]): Promise<{ code: number; output: string }> {
  const bin = path.join(root, 'node_modules', pkg, 'bin', 'tsc');
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd: root, timeout: COMPILE_TIMEOUT_MS }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

describe.each(COMPILERS)('a strict consumer on $name', (compiler) => {
  it('runs that compiler', async () => {
    const { output } = await tsc(compiler.pkg, ['--version']);
    expect(output).toContain(`Version ${compiler.major}`);
  });

  for (const project of PROJECTS) {
    const label = `${compiler.name} ${project.resolution}`;
    it.runIf(runs(label))(`type-checks with ${project.resolution} resolution (CJS and ESM)`, async () => {
      const result = await tsc(compiler.pkg, ['-p', path.join('test', 'fixtures', 'types', project.file)]);
      expect(result.output).toBe('');
      expect(result.code).toBe(0);
    }, COMPILE_TIMEOUT_MS + 5_000);
  }
});
