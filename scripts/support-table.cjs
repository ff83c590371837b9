#!/usr/bin/env node
// The "Supported SDK versions and platforms" tables of docs/versions-and-support.md, rendered from
// the built support table (dist/support/markdown.js, from lib/support/table.ts).
//   node scripts/support-table.cjs                  print the tables
//   node scripts/support-table.cjs --write [FILE]   replace the section between the markers (docs/versions-and-support.md)
//   node scripts/support-table.cjs --check [FILE]   exit 1 if the section differs from the table
// `npm run docs:support` builds the TypeScript and writes docs/versions-and-support.md.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const BEGIN = '<!-- support-table:begin (generated from lib/support/table.ts by `npm run docs:support`; do not edit) -->';
const END = '<!-- support-table:end -->';

const { renderSupportMarkdown } = require(path.join(root, 'dist', 'support', 'markdown.js'));
const rendered = renderSupportMarkdown();

const [mode, file = path.join(root, 'docs', 'versions-and-support.md')] = process.argv.slice(2);
if (mode === undefined) {
  process.stdout.write(rendered);
  process.exit(0);
}
if (mode !== '--write' && mode !== '--check') {
  console.error('usage: support-table.cjs [--write|--check] [FILE]');
  process.exit(2);
}
const text = fs.readFileSync(file, 'utf8');
const begin = text.indexOf(BEGIN);
const end = text.indexOf(END);
if (begin < 0 || end < begin) {
  console.error(`${file}: the markers are missing:\n${BEGIN}\n${END}`);
  process.exit(1);
}
const current = text.slice(begin + BEGIN.length, end);
const wanted = `\n${rendered}`;
if (mode === '--check') {
  if (current === wanted) process.exit(0);
  console.error(`${file}: the supported-versions section differs from lib/support/table.ts; run \`npm run docs:support\``);
  process.exit(1);
}
fs.writeFileSync(file, text.slice(0, begin + BEGIN.length) + wanted + text.slice(end));
console.log(`${path.relative(root, file)}: supported-versions section ${current === wanted ? 'unchanged' : 'updated'}`);
