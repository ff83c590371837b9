// The supported-versions section of docs/versions-and-support.md is generated from the support
// table and must match it.
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import { describe, expect, it } from 'vitest';

import { root, sdk } from './sdk.js';

const SCRIPT = path.join(root, 'scripts', 'support-table.cjs');

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT, ...args], { cwd: root }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

describe("the guide's supported-versions section (docs/versions-and-support.md)", () => {
  it('matches the support table (run `npm run docs:support` after changing lib/support/table.ts)', async () => {
    const result = await run(['--check']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('is rendered from every row of the table', async () => {
    const { stdout } = await run([]);
    for (const row of sdk.SDK_SUPPORT_TABLE.minors) {
      expect(stdout).toMatch(new RegExp(`^\\| ${row.major}\\.${row.minor}( and earlier)? \\| ${row.released ?? ''} \\| `, 'm'));
      for (const hotfix of row.hotfixes) expect(stdout).toContain(`${row.major}.${row.minor}.${hotfix.build} ${hotfix.fixes}`);
    }
    for (const minimum of sdk.SDK_SUPPORT_TABLE.minors[0]?.platformMinimums ?? []) {
      expect(stdout).toContain(`| ${minimum.name} | `);
    }
  });

  it('fails the check when the guide drifts from the table', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'support-docs-'));
    try {
      const copy = path.join(dir, 'versions-and-support.md');
      const text = fs.readFileSync(path.join(root, 'docs', 'versions-and-support.md'), 'utf8');
      fs.writeFileSync(copy, text.replace('| 1.9 | 2026-05 | supported | 1.9.18337', '| 1.9 | 2026-05 | supported | 1.9.18000'));
      const drifted = await run(['--check', copy]);
      expect(drifted.code).toBe(1);
      expect(drifted.stderr).toContain('differs from lib/support/table.ts; run `npm run docs:support`');
      expect((await run(['--write', copy])).code).toBe(0);
      expect(fs.readFileSync(copy, 'utf8')).toBe(text);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
