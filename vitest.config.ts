import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['**/node_modules/**', 'dist/**'],
    testTimeout: 60_000,
    // every server the tests start (in process or as a child) signs crumbs with the secret of test-support.ts
    env: { TESSERA_CRUMB_SECRET: 'tessera-test-crumb-secret' },
    // the islands' scripts and the platform runtime, built once per run: the server serves them and the browser tests load them
    globalSetup: ['hydrate/test-global-setup.ts', 'runtime/test-global-setup.ts'],
  },
});
