import { defineConfig } from 'vitest/config';

// Two tiers (test/README.md): `fast`, every test file but *.e2e.test.ts, runs
// the CLI in this process against sandboxes reached in memory (no socket, no
// terminal); `e2e`, the *.e2e.test.ts files, runs what needs the real thing:
// pseudo-terminals, the packed and installed package, the 100,000-space
// sandbox, hostile loopback servers, in-process runs over loopback.
// `npm test` runs the fast tier, `npm run test:e2e` the other, `npm run
// test:all` both (CI).
const E2E = 'test/**/*.e2e.test.ts';

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two cores: two files at once. Most CLI tests run the command in the test's
    // own process; the sandbox answering it shares that process too.
    maxWorkers: 2,
    projects: [
      // One module graph per worker for the whole tier (no test mocks a module): each file does not pay 2-3 s to load src/ again.
      { extends: true, test: { name: 'fast', include: ['test/**/*.test.ts'], exclude: [E2E, 'test/bench/**', 'node_modules/**'], isolate: false } },
      { extends: true, test: { name: 'e2e', include: [E2E], exclude: ['test/bench/**', 'node_modules/**'], env: { DOCPLAT_TEST_TIER: 'e2e' } } },
    ],
  },
});
