import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/bench/**', 'node_modules/**'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two cores: two files at once. Most CLI tests run the command in the test's
    // own process; the sandbox answering it shares that process too.
    maxWorkers: 2,
  },
});
