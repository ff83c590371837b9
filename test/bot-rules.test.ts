// docs/bot-rules.md lists every bot-side rule of the platform behaviour document with the test that
// checks it. This keeps the table honest: each named test exists (its file holds a test whose title
// contains the named text), a row without a test says which issue keeps it open, and a rule that
// cannot be built says which source it would need ("cannot be modelled: no public source names ...").
import { readFileSync, existsSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');
const table = readFileSync(path.join(root, 'docs', 'bot-rules.md'), 'utf8');

interface Row {
  rule: string;
  test: string;
}

/** The body rows of the document's tables (not the header and separator lines). */
function rows(): Row[] {
  const found: Row[] = [];
  for (const line of table.split('\n')) {
    if (!line.startsWith('| ') || line.startsWith('| Rule |')) continue;
    const cells = line.split(' | ').map((cell) => cell.replace(/^\| ?| ?\|$/g, '').trim());
    found.push({ rule: cells[0] ?? '', test: cells[2] ?? '' });
  }
  return found;
}

/** Whether `file` holds an it()/test() whose title contains `title`. */
function hasTest(file: string, title: string): boolean {
  const source = readFileSync(path.join(root, file), 'utf8');
  const titles = [...source.matchAll(/\b(?:it|test)\(\s*(['"`])((?:\\.|(?!\1).)*)\1/g)].map((match) => match[2] ?? '');
  return titles.some((candidate) => candidate.includes(title));
}

describe('docs/bot-rules.md', () => {
  it('lists the rules, each with a test that exists, an open issue, or the source it lacks', () => {
    const all = rows();
    expect(all.length).toBeGreaterThanOrEqual(30);
    const problems: string[] = [];
    let tested = 0;
    let unmodellable = 0;
    for (const row of all) {
      const named = /^(test\/[\w./-]+\.test\.ts): (.+)$/.exec(row.test);
      if (named) {
        const [, file = '', title = ''] = named;
        if (!existsSync(path.join(root, file))) problems.push(`${row.rule}: no file ${file}`);
        else if (!hasTest(file, title)) problems.push(`${row.rule}: no test titled "${title}" in ${file}`);
        else tested++;
      } else if (/^cannot be modelled: no public source names .{10,}$/.test(row.test)) {
        unmodellable++;
      } else if (!/^open \(issue \d+\)$/.test(row.test)) {
        problems.push(`${row.rule}: neither a test nor an open issue ("${row.test}")`);
      }
    }
    console.log(`bot-side rules: ${tested} of ${all.length} tested, ${unmodellable} that no public source lets us build`);
    expect(problems).toEqual([]);
  });
});
