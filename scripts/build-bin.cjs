#!/usr/bin/env node
// Makes the package's "bin" files (compiled by tsc, which writes them 0644) executable, and checks
// that each starts with a shebang, so `npx social-sdk-node` and a linked bin run them directly.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const { bin } = require(path.join(root, 'package.json'));
for (const file of Object.values(bin ?? {})) {
  const full = path.join(root, file);
  if (!fs.readFileSync(full, 'utf8').startsWith('#!/usr/bin/env node\n')) throw new Error(`${file} has no '#!/usr/bin/env node' line`);
  fs.chmodSync(full, 0o755);
  console.log(`${file}: executable`);
}
