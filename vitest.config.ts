import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The longest files first, so that neither worker is left with one at the end: the browser suites (a
 * storefront and a Chromium each, most of the run), then the others; each group in vitest's own order (the
 * last run's durations when they are known, else the larger file first).
 */
class BrowserSuitesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = (file: TestSpecification) => /\.browser\.test\.tsx?$/.test(file.moduleId);
    return [...sorted.filter(browser), ...sorted.filter((file) => !browser(file))];
  }
}

export default defineConfig({
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['**/node_modules/**', 'dist/**'],
    testTimeout: 60_000,
    // two files at a time on CI's two cores (vitest's default keeps a core for itself: one file at a time there);
    // much of a browser suite's time is waiting for pages, which the other file uses. More cores, vitest's default
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: BrowserSuitesFirst },
    // every server the tests start (in process or as a child) signs crumbs with the secret of test-support.ts
    env: { TESSERA_CRUMB_SECRET: 'tessera-test-crumb-secret' },
    // the islands' scripts and the platform runtime, built once per run: the server serves them and the browser tests load them
    globalSetup: ['hydrate/test-global-setup.ts', 'runtime/test-global-setup.ts'],
  },
});
