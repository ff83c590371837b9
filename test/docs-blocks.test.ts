// Every code block of the README and of docs/*.md is checked: a JavaScript or TypeScript block runs
// against the built package (dist/, as `social-sdk-node`), in one child process
// (test/fixtures/docs-blocks-runner.mjs), and fails the test when it throws, rejects, sets a non-zero
// exit code or hangs; a block shown verbatim from examples/ (`<!-- example: path -->`) is compared
// and run by test/examples.test.ts; a `json` block must parse; any other block (a shell command,
// Electron, the real SDK, a fragment) carries `<!-- not-run: the reason -->` on the line before it.
// `text` and untagged blocks are output and diagrams, not code.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

import { fixturePath } from './helpers.js';
import { root } from './sdk.js';

/** One fenced block of a Markdown file, with the marker on the line before it, if any. */
interface Block {
  file: string;
  line: number;
  lang: string;
  code: string;
  marker: string | undefined;
}

const RUN_LANGS = new Set(['js', 'javascript', 'mjs', 'cjs', 'ts', 'typescript']);
const SHELL_LANGS = new Set(['sh', 'bash', 'shell', 'console']);
const TEXT_LANGS = new Set(['', 'text']);
const MARKER = /^<!--\s*(not-run|example)\b(.*?)-->$/;

/** The README and the guides (docs/*.md; the generated API reference in docs/api/ is not read). */
function documentationFiles(): string[] {
  const guides = readdirSync(path.join(root, 'docs')).filter((name) => name.endsWith('.md'));
  return ['README.md', ...guides.map((name) => path.join('docs', name))];
}

/** The fenced blocks of `text`; a fence may be indented (a block inside a list item). */
function extractBlocks(file: string, text: string): Block[] {
  const lines = text.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(\S*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const [, indent = '', lang = ''] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !/^\s*```\s*$/.test(lines[j]!); j++) body.push(lines[j]!.startsWith(indent) ? lines[j]!.slice(indent.length) : lines[j]!);
    let before = i - 1;
    while (before >= 0 && lines[before]!.trim() === '') before--;
    const previous = before >= 0 ? lines[before]!.trim() : '';
    blocks.push({ file, line: i + 1, lang, code: body.join('\n') + '\n', marker: MARKER.test(previous) ? previous : undefined });
    i = j;
  }
  return blocks;
}

/** What is wrong with the blocks and markers of one file (empty when all is well). */
function problemsOf(file: string, text: string): string[] {
  const problems: string[] = [];
  const blocks = extractBlocks(file, text);
  const markedLines = new Set<number>();
  for (const block of blocks) {
    const where = `${block.file}:${block.line}`;
    const marker = block.marker === undefined ? undefined : MARKER.exec(block.marker);
    if (marker) {
      const rest = marker[2]!.trim();
      const reason = rest.replace(/^:\s*/, '');
      if (marker[1] === 'not-run' && (!rest.startsWith(':') || reason === '')) problems.push(`${where}: a not-run marker without a reason: ${block.marker}`);
      if (marker[1] === 'example' && !existsSync(path.join(root, reason))) problems.push(`${where}: the example ${reason} does not exist`);
      if (TEXT_LANGS.has(block.lang)) problems.push(`${where}: a marker before a ${block.lang || 'untagged'} block, which is not code`);
    }
    if (TEXT_LANGS.has(block.lang) || marker) continue;
    if (SHELL_LANGS.has(block.lang)) problems.push(`${where}: a ${block.lang} block runs nowhere: mark it <!-- not-run: the reason -->`);
    else if (block.lang === 'json') {
      try {
        JSON.parse(block.code);
      } catch (error) {
        problems.push(`${where}: the json block does not parse: ${(error as Error).message}`);
      }
    } else if (!RUN_LANGS.has(block.lang)) problems.push(`${where}: a block in ${block.lang}, which this test cannot run: mark it <!-- not-run: the reason -->`);
  }
  for (const block of blocks) if (block.marker) markedLines.add(block.line);
  // A marker must stand right before a block (only blank lines between).
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    if (!/^\s*<!--\s*(not-run|example)\b/.test(line)) return;
    let next = index + 1;
    while (next < lines.length && lines[next]!.trim() === '') next++;
    if (!/^\s*```/.test(lines[next] ?? '') || !markedLines.has(next + 1)) problems.push(`${file}:${index + 1}: a marker that is not right before a code block: ${line.trim()}`);
  });
  return problems;
}

/** The blocks this test runs: JavaScript and TypeScript, unmarked. */
function runnable(block: Block): boolean {
  return RUN_LANGS.has(block.lang) && block.marker === undefined;
}

/**
 * A block as a module: TypeScript is transpiled to JavaScript; a block with `import` statements is
 * an ES module (top-level await allowed); any other is CommonJS, its body in an async function whose
 * promise the module exports, so a `require` block may `await` as the docs show it.
 */
function moduleOf(block: Block): { extension: string; source: string } {
  let code = block.code;
  if (block.lang === 'ts' || block.lang === 'typescript') {
    code = ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
  }
  if (/^\s*(import\s|export\s)/m.test(code)) return { extension: '.mjs', source: code };
  return { extension: '.cjs', source: `module.exports = (async () => {\n${code}\n})();\n` };
}

interface RunOutcome {
  results: Map<string, { passed: boolean; error?: string }>;
  started: string[];
  code: number | null;
  output: string;
}

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs `modules` (each an id, a file extension and its source) in one child process. The scratch
 * folder has a node_modules/social-sdk-node link to the repository, so blocks import the built
 * package by name.
 */
function runBlocks(modules: { id: string; extension: string; source: string }[], timeoutMs: number): Promise<RunOutcome> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docs-blocks-'));
  scratch.push(dir);
  mkdirSync(path.join(dir, 'node_modules'));
  symlinkSync(root, path.join(dir, 'node_modules', 'social-sdk-node'), 'dir');
  const manifest = modules.map(({ id, extension, source }, index) => {
    const file = path.join(dir, `block-${index}${extension}`);
    writeFileSync(file, source);
    return { id, file };
  });
  const manifestPath = path.join(dir, 'manifest.json');
  writeFileSync(manifestPath, JSON.stringify(manifest));
  const child = spawn(process.execPath, [fixturePath('docs-blocks-runner.mjs'), manifestPath, String(timeoutMs)], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const outcome: RunOutcome = { results: new Map(), started: [], code: null, output: '' };
  child.stdout?.on('data', (chunk: Buffer) => (outcome.output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (outcome.output += chunk.toString()));
  child.on('message', (message: { id: string; event: 'start' | 'pass' | 'fail'; error?: string }) => {
    if (message.event === 'start') outcome.started.push(message.id);
    else outcome.results.set(message.id, message.event === 'pass' ? { passed: true } : { passed: false, error: message.error ?? '' });
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      outcome.code = code;
      resolve(outcome);
    });
  });
}

const BLOCK_TIMEOUT_MS = 20_000;

describe('the code blocks of the README and the guides', () => {
  const files = documentationFiles();
  const blocks = files.flatMap((file) => extractBlocks(file, readFileSync(path.join(root, file), 'utf8')));

  it('are each run, shown from examples/, valid JSON, or marked not-run with a reason', () => {
    const problems = files.flatMap((file) => problemsOf(file, readFileSync(path.join(root, file), 'utf8')));
    expect(problems).toEqual([]);
    expect(blocks.filter(runnable).length).toBeGreaterThan(10);
  });

  it('run without an error, in one child process', async () => {
    const toRun = blocks.filter(runnable).map((block) => ({ id: `${block.file}:${block.line}`, ...moduleOf(block) }));
    const outcome = await runBlocks(toRun, BLOCK_TIMEOUT_MS);
    const failures = toRun.flatMap(({ id }) => {
      const result = outcome.results.get(id);
      if (result === undefined) return [`${id}: ${outcome.started.at(-1) === id ? `ended the process (exit code ${outcome.code})` : 'did not run'}`];
      // The error's message and the block's own frames; the loader's frames say nothing.
      const error = (result.error ?? '').split('\n').filter((line) => !/^\s+at /.test(line) || line.includes('/block-'));
      return result.passed ? [] : [`${id}: ${error.join('\n')}`];
    });
    expect(failures, `the blocks' output:\n${outcome.output.slice(-4000)}`).toEqual([]);
    expect(outcome.code).toBe(0);
  }, 240_000);
});

describe('the docs-blocks check itself', () => {
  it('fails a block that throws, rejects late, sets an exit code or hangs, and passes one that asserts truly', async () => {
    const modules = [
      { id: 'passes', extension: '.mjs', source: "import assert from 'node:assert/strict';\nassert.equal(1 + 1, 2);\n" },
      { id: 'asserts-wrongly', extension: '.mjs', source: "import assert from 'node:assert/strict';\nassert.equal(1 + 1, 3);\n" },
      { id: 'rejects-in-cjs', ...moduleOf({ file: 'x', line: 1, lang: 'js', code: "await Promise.reject(new Error('no'));\n", marker: undefined }) },
      { id: 'rejects-unawaited', extension: '.mjs', source: "Promise.reject(new Error('left behind'));\n" },
      { id: 'sets-exit-code', extension: '.cjs', source: 'process.exitCode = 1;\n' },
      { id: 'hangs', extension: '.mjs', source: 'await new Promise(() => setTimeout(() => {}, 60_000));\n' },
      { id: 'after-the-hang', extension: '.mjs', source: 'export {};\n' },
      { id: 'exits', extension: '.cjs', source: 'process.exit(3);\n' },
      { id: 'never-reached', extension: '.mjs', source: 'export {};\n' },
    ];
    const outcome = await runBlocks(modules, 1_000);
    const passed = (id: string) => outcome.results.get(id)?.passed;
    expect(passed('passes')).toBe(true);
    expect(passed('after-the-hang')).toBe(true);
    for (const id of ['asserts-wrongly', 'rejects-in-cjs', 'rejects-unawaited', 'sets-exit-code', 'hangs']) expect(passed(id), id).toBe(false);
    expect(outcome.results.get('hangs')?.error).toContain('did not finish within 1000 ms');
    expect(outcome.started.at(-1)).toBe('exits');
    expect(outcome.results.has('exits')).toBe(false);
    expect(outcome.code).toBe(3);
  }, 60_000);

  it('flags an unmarked shell block, a marker without a reason, a stray marker and broken JSON', () => {
    const text = [
      '```sh',
      'npm test',
      '```',
      '<!-- not-run -->',
      '```js',
      'x;',
      '```',
      '<!-- not-run: -->',
      '```ts',
      'y;',
      '```',
      '<!-- not-run: a fragment -->',
      'Prose between the marker and its block.',
      '```json',
      '{ "a": 1, }',
      '```',
      '<!-- not-run: needs Electron -->',
      '```js',
      "require('electron');",
      '```',
      '```text',
      'output',
      '```',
    ].join('\n');
    const problems = problemsOf('guide.md', text);
    expect(problems).toEqual([
      'guide.md:1: a sh block runs nowhere: mark it <!-- not-run: the reason -->',
      'guide.md:5: a not-run marker without a reason: <!-- not-run -->',
      'guide.md:9: a not-run marker without a reason: <!-- not-run: -->',
      expect.stringMatching(/^guide\.md:14: the json block does not parse: /),
      'guide.md:12: a marker that is not right before a code block: <!-- not-run: a fragment -->',
    ]);
  });
});
