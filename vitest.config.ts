import { readdirSync, readFileSync } from 'node:fs';
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

const ALL = ['**/*.test.ts', '**/*.test.tsx'];
const NEVER = ['**/node_modules/**', 'dist/**'];
/**
 * Files that share their worker's modules (vitest's `isolate: false`): the node-side tests of the engine, the
 * commerce rules, the server, the theme and the benchmarks, which import the same large graph (fastify, the
 * app, the engine) and change no global state they do not restore. Importing it once per worker instead of once
 * per file is most of their time. The browser suites share theirs in a project of their own; hydrate/ and
 * runtime/ (DOM environments, module mocks) and bin/ (spies on stdout, TESSERA_DB set) keep a fresh process each.
 */
const SHARED = ['engine', 'commerce', 'server', 'templates', 'bench'].map((dir) => `${dir}/**/!(*.browser).test.ts`);
/** The browser suites (a storefront and a Chromium each). */
const BROWSER = ['**/*.browser.test.ts'];

/**
 * The server's app tests, run a second time on PostgreSQL (issue 25, server/db/README.md "The server's app tests
 * on PostgreSQL"): every non-browser server test file that builds the demo app (`demoApp()`,
 * `listeningDemoApp()`, or `buy()` of orders/order-test-support.ts), found by reading the files so that a new one
 * is included without a list to keep. Left out: `server/db/pg-*.test.ts`, which run each case on both databases
 * themselves. The rest of the suite (the engine, pure functions, the stores' own tests, which take both
 * dialects through describe-stores.ts) does not depend on the app's database.
 */
const SERVER = new URL('server/', import.meta.url);
const APP_TESTS_ON_POSTGRES = readdirSync(SERVER, { recursive: true, encoding: 'utf8' })
  .filter((file) => /(?<!\.browser)\.test\.ts$/.test(file) && !/(^|\/)pg-[^/]*\.test\.ts$/.test(file))
  .filter((file) => /\b(demoApp|listeningDemoApp)\(|order-test-support\.js/.test(readFileSync(new URL(file, SERVER), 'utf8')))
  .map((file) => `server/${file}`)
  .sort();

/**
 * The browser suites, run a second time on PostgreSQL (issue 25, server/db/README.md "The browser suites on
 * PostgreSQL"): the default theme's and the platform themes' (whose tags read the site loaded ahead there: "A
 * platform theme on PostgreSQL"). But two suites whose every check is a function of the page and its stylesheet
 * (axe, targets, focus, motion, CLS and LCP; a corpus theme's styles, scripts and navigation), run on SQLite alone:
 * that their pages are the same bytes on PostgreSQL is tested without a browser (server/db/pg-theme-pages.test.ts,
 * server/theme-content/corpus-themes-pg.test.ts), for about a sixth of their time in Chromium (24 s against 154 s), which CI's 20 minutes
 * need (2026-11-27: the whole run 937 s of vitest with them on both databases).
 */
const SAME_PAGES_ON_POSTGRES = ['templates/theme.browser.test.ts', 'server/theme/corpus-themes.browser.test.ts'];

/** What every file runs with. */
const COMMON = {
  testTimeout: 60_000,
  // property tests from a fixed seed (FC_SEED to change it)
  setupFiles: ['vitest.setup.ts'],
  // every server the tests start (in process or as a child) signs crumbs with the secret of test-support.ts
  env: { TESSERA_CRUMB_SECRET: 'tessera-test-crumb-secret' },
};

export default defineConfig({
  test: {
    // two files at a time on CI's two cores (vitest's default keeps a core for itself: one file at a time there);
    // much of a browser suite's time is waiting for pages, which the other file uses. More cores, vitest's default
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: BrowserSuitesFirst },
    // the islands' scripts and the platform runtime, built once per run: the server serves them and the browser tests load them;
    // and one PostgreSQL cluster per run, started by the first file that needs it (server/db/pg-shared-cluster.ts)
    globalSetup: ['hydrate/test-global-setup.ts', 'runtime/test-global-setup.ts', 'server/db/pg-test-global-setup.ts'],
    projects: [
      // COMMON, not `extends: true`: a project that extends the root runs its globalSetup again
      { test: { ...COMMON, name: 'shared', include: SHARED, exclude: NEVER, isolate: false } },
      // the browser suites share their worker's modules too (the app, playwright-core): each fresh process spent
      // seconds importing them again (import time of the 29 suites: 102 s against 16 s; 2026-11-27)
      { test: { ...COMMON, name: 'browser', include: BROWSER, exclude: NEVER, isolate: false } },
      { test: { ...COMMON, name: 'isolated', include: ALL, exclude: [...NEVER, ...SHARED, ...BROWSER] } },
      // the browser suites again (but SAME_PAGES_ON_POSTGRES), each storefront on a fresh copy of the demo PostgreSQL
      // database (its demoApp()), with the postgresql project's longer hooks
      { test: { ...COMMON, name: 'browser-postgresql', include: BROWSER, exclude: [...NEVER, ...SAME_PAGES_ON_POSTGRES], isolate: false, hookTimeout: 30_000, env: { ...COMMON.env, TESSERA_TEST_DATABASE: 'postgresql' } } },
      // the app tests again, each app on a fresh copy of a demo PostgreSQL database (server/db/pg-test-database.ts);
      // an app there costs a database copy and every read a round trip, so hooks get longer than vitest's 10 s
      { test: { ...COMMON, name: 'postgresql', include: APP_TESTS_ON_POSTGRES, exclude: NEVER, isolate: false, hookTimeout: 30_000, env: { ...COMMON.env, TESSERA_TEST_DATABASE: 'postgresql' } } },
    ],
  },
});
