// Tests exercise the package as users get it: the built CommonJS entry (dist/), loaded with Node's
// own require so that the addon and the module state are the real ones. Types come from lib/.
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const load = createRequire(import.meta.url);

export const sdk = load(path.join(root, 'dist', 'index.js')) as typeof import('../lib/index.js');
export type * from '../lib/index.js';
