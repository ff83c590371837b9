import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Native code: each test file in its own child process (the default `forks` pool), so a crash
    // is reported against its file and worker_threads are only those a test starts on purpose.
    pool: 'forks',
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
