/**
 * A vitest setup file, the other half of the hang watchdog (hang-watchdog.ts): before each test,
 * the fork writes the test's name to `running-<pid>.txt` in SOCIAL_SDK_HANG_DIR, synchronously, so
 * the watchdog can name the test a blocked fork is in. vitest's own reports of a test's start
 * travel in batches that a blocked JS thread never sends. Does nothing unless
 * SOCIAL_SDK_FILE_LIMIT_S is set.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { afterAll, beforeEach, expect } from 'vitest';

const { fileLimitMs, hangDir } = createRequire(import.meta.url)('../../scripts/process-stacks.cjs') as typeof import('../../scripts/process-stacks.cjs');

if (fileLimitMs() > 0) {
  const dir = hangDir();
  const file = path.join(dir, `running-${process.pid}.txt`);
  mkdirSync(dir, { recursive: true });
  beforeEach(() => {
    const { testPath, currentTestName } = expect.getState();
    writeFileSync(file, `${path.relative(process.cwd(), testPath ?? '')} > ${currentTestName ?? ''}`);
  });
  afterAll(() => rmSync(file, { force: true }));
}
