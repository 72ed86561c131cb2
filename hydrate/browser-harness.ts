/**
 * Browser tests of the storefront and its islands: Debian's Chromium (its headless shell, package
 * `chromium-headless-shell`, else the browser of package `chromium`; never a downloaded browser) driven by
 * playwright-core against the real storefront, started in-process on 127.0.0.1 over a fresh temporary SQLite
 * file seeded with the demo shop.
 *
 *   const harness = await startBrowserHarness();           // builds the islands if stale, starts server + browser
 *   const tab = await harness.open('/shop/p/field-shirt', { javaScript: false, width: 390 });
 *   await tab.page.getByRole('button', { name: 'Add To Cart' }).click();
 *   tab.expectNoConsoleProblems();                        // console warnings/errors, page errors
 *   await tab.expectNoLayoutShift();                      // CLS after load is 0 (JavaScript on only)
 *   await tab.screenshot('product');                      // test-results/screenshots/product-390px.png
 *   await harness.close();
 *
 * Test files wrap their suite in `describeBrowser(...)`: without Chromium it is skipped with a notice, or
 * fails when `CI` is set. Inside it, `const harness = useBrowserHarness()` starts the harness before the
 * suite and closes it after (`harness().open(...)` in the tests); a file that serves several storefronts (one per
 * theme) takes `const startHarness = useOneChromium()` instead, one browser for all of them. `startStorefront`
 * and `ensureIslandsBuilt` need no browser (`npm run size` uses them).
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, ConsoleMessage, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildApp } from '../server/app.js';
import { openStore, repoRoot, type Store } from '../server/db/database.js';
import { seedDemoStore } from '../server/db/seed.js';
import { testDatabase } from '../server/db/pg-test-database.js';
import { demoApp, TEST_STORE_ON_POSTGRES } from '../server/test-support.js';
import { allowedOriginsFromEnv } from '../server/security/allowed-origins.js';
import type { GuardOptions } from '../server/security/install.js';
import { Theme } from '../server/theme.js';
import { FONT_SETS, type FontSetName, fontconfigFile, isFontSetName } from './browser-fonts.js';

/**
 * Debian's Chromium builds, the first one installed is launched: the headless shell (package
 * `chromium-headless-shell`, the same Blink without the desktop browser around it; playwright's own default for
 * headless runs) and the full browser (package `chromium`). The shell costs a quarter of the CPU per tab: a new
 * context, page and load of /about took 0.54 s of CPU against 1.98 s (2026-11-27, 2 cores, the browser process
 * alone 0.5 s of it), and the browser suites are CPU-bound in CI.
 */
export const CHROMIUM_PATHS: readonly string[] = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'];
/** The packages that provide them, in the same order. */
const CHROMIUM_PACKAGES = 'chromium-headless-shell chromium';
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The two widths every page is checked at. */
export const WIDTHS = { desktop: 1280, mobile: 390 } as const;
const ACTION_TIMEOUT_MS = 5_000;
const NAVIGATION_TIMEOUT_MS = 15_000;
/** The viewport height a tab opens with at each width (a phone's 844 at 390 px). */
export const HEIGHTS: Readonly<Record<number, number>> = { 1280: 800, 390: 844 };

export const ISLANDS_DIR = resolve(repoRoot(), 'dist/islands');
export const MANIFEST_FILE = join(ISLANDS_DIR, 'manifest.json');
export const SCREENSHOT_DIR = resolve(repoRoot(), 'test-results/screenshots');

// ---------------------------------------------------------------------------------------------------------
// Chromium present? (skip locally, fail on CI)

export type ChromiumStatus = { readonly state: 'ready'; readonly path: string } | { readonly state: 'skip' | 'fail'; readonly message: string };

export function chromiumStatus(env: NodeJS.ProcessEnv = process.env, exists: (file: string) => boolean = existsSync): ChromiumStatus {
  const path = CHROMIUM_PATHS.find((file) => exists(file));
  if (path !== undefined) return { state: 'ready', path };
  const where = CHROMIUM_PATHS.join(' or ');
  const install = `install it with \`apt-get update && apt-get install -y ${CHROMIUM_PACKAGES}\` (.ci/run does this)`;
  return env['CI'] !== undefined && env['CI'] !== ''
    ? { state: 'fail', message: `Browser tests need Chromium at ${where}, which is missing on CI: ${install}.` }
    : { state: 'skip', message: `Skipping the browser tests: no Chromium at ${where}; ${install}.` };
}

let skipNoticePrinted = false;

/**
 * `describe` for browser suites: runs `body` when Chromium is there; otherwise skips it (printing why, once),
 * or on CI (`CI` set) registers one failing test that says what is missing.
 */
export function describeBrowser(name: string, body: () => void): void {
  const status = chromiumStatus();
  if (status.state === 'ready') {
    describe(name, body);
  } else if (status.state === 'fail') {
    describe(name, () => {
      it('needs Chromium', () => {
        throw new Error(status.message);
      });
    });
  } else {
    if (!skipNoticePrinted) {
      skipNoticePrinted = true;
      console.warn(status.message);
    }
    describe.skip(name, body);
  }
}

/** How long starting the harness may take: the islands build, the storefront and Chromium. */
const HARNESS_START_TIMEOUT_MS = 120_000;

/**
 * For the body of `describeBrowser`: starts a harness (with `options`) before the suite's tests and closes it
 * after them. Answers the running harness, for the tests and later hooks (not before the suite starts).
 */
export function useBrowserHarness(options: HarnessOptions = {}): () => BrowserHarness {
  let harness: BrowserHarness | undefined;
  beforeAll(async () => {
    harness = await startBrowserHarness(options);
  }, HARNESS_START_TIMEOUT_MS);
  afterAll(async () => {
    await harness?.close();
  });
  return () => {
    if (harness === undefined) throw new Error('the browser harness is not running (it starts in beforeAll of the suite)');
    return harness;
  };
}

/**
 * For the body of `describeBrowser` in a file that serves several storefronts (one per theme): launches one
 * Chromium before the suite and closes it after; answers a function that starts a harness over that browser
 * (its tabs still each a context of their own), which the caller closes. A launch is seconds on a busy machine.
 */
export function useOneChromium(): (options?: StorefrontOptions) => Promise<BrowserHarness> {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  }, HARNESS_START_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
  });
  return (options = {}) => {
    if (browser === undefined) throw new Error('Chromium is not running (it starts in beforeAll of the suite)');
    return startBrowserHarness({ ...options, browser });
  };
}

// ---------------------------------------------------------------------------------------------------------
// The islands build

export type IslandsState =
  | { readonly available: true; readonly manifestFile: string; readonly rebuilt: boolean }
  | { readonly available: false; readonly reason: string };

/** Files of hydrate/ that are not island sources (tests and tooling): changing them needs no rebuild. */
const NOT_ISLAND_SOURCE = /(\.test\.tsx?|\.d\.ts|^browser-harness\.ts|^browser-fonts\.ts|^browser-helpers\.ts|^dom-testing\.tsx|^size\.ts)$/;

/** Newest modification time (ms) of the island sources under `dir` (recursive), 0 if none. */
export function newestSourceTime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceTime(path));
    else if (/\.(tsx?|css|json)$/.test(entry.name) && !NOT_ISLAND_SOURCE.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** The folders the islands are bundled from: hydrate/ and the commerce/ logic its components import. */
const ISLAND_SOURCE_DIRS = ['hydrate', 'commerce'];

function islandsAreFresh(): boolean {
  if (!existsSync(MANIFEST_FILE)) return false;
  const built = statSync(MANIFEST_FILE).mtimeMs;
  return ISLAND_SOURCE_DIRS.every((dir) => {
    const path = resolve(repoRoot(), dir);
    return !existsSync(path) || built >= newestSourceTime(path);
  });
}

type BuildModule = { buildIslands?: (outdir: string) => Promise<void> };

/** hydrate/build.ts (from sources, under vitest) or dist/hydrate/build.js (compiled), if it exists yet. */
async function loadBuildModule(): Promise<BuildModule | null> {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, 'build.ts'), join(here, 'build.js')];
  if (!candidates.some((file) => existsSync(file))) return null;
  // A computed specifier: the module is written in parallel with this harness and may not exist yet.
  const specifier = './build.js';
  return (await import(specifier)) as BuildModule;
}

let islandsNoticePrinted = false;

/**
 * Build the islands into dist/islands/ when its manifest is missing or older than the sources in hydrate/
 * (and commerce/, which the islands bundle).
 * Parallel test files share one build (a lock directory beside dist/islands). When hydrate/build.ts does not
 * exist yet, says so (once) and answers `available: false`; the storefront then serves pages as they are.
 */
export async function ensureIslandsBuilt(): Promise<IslandsState> {
  if (islandsAreFresh()) return { available: true, manifestFile: MANIFEST_FILE, rebuilt: false };
  const build = await loadBuildModule();
  if (build === null || typeof build.buildIslands !== 'function') {
    const reason = 'hydrate/build.ts (buildIslands) does not exist yet: the islands are not built';
    if (!islandsNoticePrinted) {
      islandsNoticePrinted = true;
      console.warn(reason);
    }
    return existsSync(MANIFEST_FILE) ? { available: true, manifestFile: MANIFEST_FILE, rebuilt: false } : { available: false, reason };
  }
  const release = await lock(`${ISLANDS_DIR}.build-lock`);
  try {
    if (islandsAreFresh()) return { available: true, manifestFile: MANIFEST_FILE, rebuilt: false };
    await buildBeside(build.buildIslands, ISLANDS_DIR);
    return { available: true, manifestFile: MANIFEST_FILE, rebuilt: true };
  } finally {
    release();
  }
}

/**
 * Build into a scratch folder, then publish into `outdir` without ever emptying it: other test files may be
 * reading dist/islands at this moment (every Theme loads it). The new content-hashed files are copied first
 * (a name that exists already has the same content), the manifest last, by an atomic rename; so a reader sees
 * the old build or the new one, complete. Files of older builds stay until the next `npm run build`.
 */
async function buildBeside(buildIslands: (outdir: string) => Promise<unknown>, outdir: string): Promise<void> {
  const scratch = `${outdir}.build-${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  try {
    await buildIslands(scratch);
    const manifest = join(scratch, 'manifest.json');
    if (!existsSync(manifest)) throw new Error(`buildIslands(${scratch}) wrote no manifest.json`);
    mkdirSync(outdir, { recursive: true });
    for (const name of readdirSync(scratch)) {
      if (name !== 'manifest.json' && !existsSync(join(outdir, name))) copyFileSync(join(scratch, name), join(outdir, name));
    }
    const next = join(outdir, `manifest.json.${process.pid}`);
    copyFileSync(manifest, next);
    renameSync(next, join(outdir, 'manifest.json'));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** A cross-process lock: a directory made atomically; a lock older than two minutes is taken as abandoned. */
async function lock(path: string): Promise<() => void> {
  mkdirSync(dirname(path), { recursive: true });
  for (;;) {
    try {
      mkdirSync(path);
      return () => rmSync(path, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(path).mtimeMs > 120_000) rmSync(path, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// The storefront, in-process

export interface Storefront {
  /** `http://127.0.0.1:PORT` */
  readonly baseUrl: string;
  readonly app: FastifyInstance;
  readonly store: Store;
  readonly dbFile: string;
  /** Problems the theme reported while rendering (expected to stay empty). */
  readonly themeProblems: string[];
  close(): Promise<void>;
}

export interface StorefrontOptions {
  readonly guards?: GuardOptions;
  /** Routes a test adds before the server starts (a stand-in for an API another branch serves). */
  readonly routes?: (app: FastifyInstance) => void;
  /** The theme to serve (default: the default theme in templates/), e.g. a fixture under fixtures/themes/. */
  readonly themeDir?: string;
  /** The demo seeded in this shipped language (server/db/demo-language.ts); default English, whatever the environment says. */
  readonly language?: string;
}

/** A harness's storefront, and the font set its Chromium gets alone (default: the machine's, or TESSERA_BROWSER_FONTS's). */
export interface HarnessOptions extends StorefrontOptions {
  readonly fonts?: FontSetName;
  /**
   * A running Chromium to open the tabs in (its fonts are its own: `fonts` is then ignored), left running by
   * `close()`: suites that start several storefronts (one per theme) launch the browser once.
   */
  readonly browser?: Browser;
}

/**
 * The real storefront (default theme in templates/, or `themeDir`) on 127.0.0.1, port 0, over a fresh seeded SQLite
 * file; under `TESSERA_TEST_DATABASE=postgresql` over a fresh copy of the demo PostgreSQL database instead (as the
 * server's app tests, server/db/pg-test-database.ts), where `store` and `dbFile` say so when a test touches them.
 */
export async function startStorefront(options: StorefrontOptions = {}): Promise<Storefront> {
  if (testDatabase() === 'postgresql') return startStorefrontOnPg(options);
  const dir = mkdtempSync(join(tmpdir(), 'tessera-browser-'));
  const dbFile = join(dir, 'store.db');
  const store = openStore(dbFile);
  seedDemoStore(store, undefined, options.language ?? null);
  const themeProblems: string[] = [];
  const theme = new Theme(options.themeDir ?? resolve(repoRoot(), 'templates'), false, (problem) => themeProblems.push(problem));
  const app = await buildApp({ store, theme, ...(options.guards === undefined ? {} : { guards: options.guards }) });
  return listening(app, options, { store, dbFile: () => dbFile, themeProblems }, () => {
    store.$client.close();
    rmSync(dir, { recursive: true, force: true });
  });
}

async function startStorefrontOnPg(options: StorefrontOptions): Promise<Storefront> {
  const themeProblems: string[] = [];
  const { app, store } = await demoApp({
    log: (problem) => themeProblems.push(problem),
    // as buildApp reads it on SQLite (startStorefront): a test may name origins the policy lets through
    allowedOrigins: allowedOriginsFromEnv(),
    // the e-mail sender as on SQLite (buildApp's default; demoApp's is none): the admin suites read its mail at a test SMTP server
    mail: {},
    ...(options.themeDir === undefined ? {} : { themeDir: options.themeDir }),
    ...(options.guards === undefined ? {} : { guards: options.guards }),
    ...(options.language === undefined ? {} : { demoLanguage: options.language }),
  });
  const dbFile = () => {
    throw new Error(TEST_STORE_ON_POSTGRES);
  };
  // the app's own close drops its database
  return listening(app, options, { store, dbFile, themeProblems }, () => {});
}

/** `app` with the test's routes, listening on a free loopback port; `dispose` runs once after the app closed. */
async function listening(
  app: FastifyInstance,
  options: StorefrontOptions,
  parts: { store: Store; dbFile: () => string; themeProblems: string[] },
  dispose: () => void,
): Promise<Storefront> {
  options.routes?.(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  let closed = false;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    app,
    store: parts.store,
    get dbFile() {
      return parts.dbFile();
    },
    themeProblems: parts.themeProblems,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      dispose();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Pages in the browser

export interface ConsoleRecord {
  readonly type: string;
  readonly text: string;
  /** `url:line:column` of the message, when the browser gives one. */
  readonly location: string;
}

export interface LayoutShiftEntry {
  readonly value: number;
  readonly startTime: number;
  /** The shifted nodes, as `tag#id.class`. */
  readonly sources: readonly string[];
}

export interface LayoutShiftReport {
  /** Cumulative layout shift: the sum of the entries without recent input. */
  readonly value: number;
  readonly entries: readonly LayoutShiftEntry[];
}

export interface OpenOptions {
  /** Default true. */
  readonly javaScript?: boolean;
  /** Viewport width in CSS px (default 1280; the tests use WIDTHS.desktop and WIDTHS.mobile). */
  readonly width?: number;
}

export interface BrowserTab {
  readonly page: Page;
  /** The tab's own context: its own cookies (cart, crumb), so every `open` is a new visitor. */
  readonly context: BrowserContext;
  readonly javaScript: boolean;
  readonly width: number;
  /** Every console message since the tab opened. */
  readonly console: ConsoleRecord[];
  /** Every uncaught error in the page. */
  readonly pageErrors: string[];
  /** Every response with a status of 400 or more (`status method url`; not the browser's own /favicon.ico), and every failed request. */
  readonly failedResponses: string[];
  /** The URL of every request the page made (documents, scripts, images, fetches). */
  readonly requests: string[];
  /**
   * Requests to another host, which would have left the machine: every one is refused (aborted), so no result
   * depends on the network; a test that needs an answer routes the host to a local stand-in on its context. One
   * the page's content policy blocks never gets that far, so is not listed.
   */
  readonly reachedOtherHosts: string[];
  /** Go to a path of the storefront (or a full URL). */
  goto(path: string): Promise<Response | null>;
  /** Throws, listing them, if any console warning or error (hydration warnings included) or page error happened. */
  expectNoConsoleProblems(): void;
  /** CLS once the page has loaded, the network is idle and `settleMs` more have passed (JavaScript on only). */
  layoutShift(settleMs?: number): Promise<LayoutShiftReport>;
  /** Throws, with the shifted nodes, unless the CLS after load is 0. */
  expectNoLayoutShift(settleMs?: number): Promise<void>;
  /** Full-page screenshot to test-results/screenshots/{name}-{width}px.png (unless TESSERA_SCREENSHOTS=0); answers the file. */
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

export interface BrowserHarness {
  readonly storefront: Storefront;
  readonly browser: Browser;
  readonly islands: IslandsState;
  /** A new visitor (new context) with JavaScript on or off at a width, showing `path`. */
  open(path: string, options?: OpenOptions): Promise<BrowserTab>;
  close(): Promise<void>;
}

const CONSOLE_PROBLEMS = new Set(['warning', 'error', 'assert']);

/** Collects layout-shift entries from the first paint on; read back by `layoutShift()`. */
const LAYOUT_SHIFT_SCRIPT = `(() => {
  const state = { value: 0, entries: [], error: null };
  Object.defineProperty(window, '__tesseraLayoutShift', { value: state });
  const describeNode = (node) => {
    if (!node || node.nodeType !== 1) return node ? node.nodeName : '?';
    const id = node.id ? '#' + node.id : '';
    const classes = typeof node.className === 'string' && node.className ? '.' + node.className.trim().split(/\\s+/).join('.') : '';
    return node.tagName.toLowerCase() + id + classes;
  };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.hadRecentInput) continue;
        state.value += entry.value;
        state.entries.push({ value: entry.value, startTime: entry.startTime, sources: (entry.sources || []).map((s) => describeNode(s.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  } catch (error) {
    state.error = String(error);
  }
})();`;

/**
 * Chromium asks for /favicon.ico by itself (once per browser, whatever the page says) and logs a 404 when
 * the storefront has none: not the page's doing, and it would fail whichever test happens to run first.
 */
function isBrowserFaviconRequest(message: ConsoleRecord): boolean {
  return message.type === 'error' && /^https?:\/\/[^/]+\/favicon\.ico:/.test(message.location);
}

function consoleRecord(message: ConsoleMessage): ConsoleRecord {
  const { url, lineNumber, columnNumber } = message.location();
  return { type: message.type(), text: message.text(), location: url === '' ? '' : `${url}:${lineNumber}:${columnNumber}` };
}

/**
 * Launch Chromium (playwright-core, imported here so that `npm run size` needs no browser library), with the
 * machine's fonts, or only those of `fonts` (default: TESSERA_BROWSER_FONTS's set, if it names one).
 */
export async function launchChromium(fonts: FontSetName | undefined = browserFontsFromEnv()): Promise<Browser> {
  const status = chromiumStatus();
  if (status.state !== 'ready') throw new Error(status.message);
  const { chromium } = await import('playwright-core');
  const env = fonts === undefined ? undefined : { ...process.env, FONTCONFIG_FILE: fontconfigFile(fonts) };
  return chromium.launch({ executablePath: status.path, headless: true, args: [...CHROMIUM_ARGS], ...(env === undefined ? {} : { env }) });
}

/** TESSERA_BROWSER_FONTS: a font set for every browser of the run (`dejavu`, `liberation`); unset, the machine's. */
export function browserFontsFromEnv(): FontSetName | undefined {
  const name = process.env['TESSERA_BROWSER_FONTS'];
  if (name === undefined || name === '') return undefined;
  if (!isFontSetName(name)) throw new Error(`TESSERA_BROWSER_FONTS=${name}: not a font set (${Object.keys(FONT_SETS).join(', ')})`);
  return name;
}

/** Build the islands if needed, start the storefront, launch Chromium (unless `options.browser` is given). */
export async function startBrowserHarness(options: HarnessOptions = {}): Promise<BrowserHarness> {
  const islands = await ensureIslandsBuilt();
  const storefront = await startStorefront(options);
  let browser: Browser;
  try {
    browser = options.browser ?? (await launchChromium(options.fonts));
  } catch (error) {
    await storefront.close();
    throw error;
  }
  const tabs = new Set<BrowserTab>();
  return {
    storefront,
    browser,
    islands,
    async open(path, openOptions = {}) {
      const tab = await openTab(browser, storefront.baseUrl, openOptions);
      tabs.add(tab);
      await tab.goto(path);
      return tab;
    },
    async close() {
      for (const tab of tabs) await tab.close().catch(() => {});
      if (options.browser === undefined) await browser.close().catch(() => {});
      await storefront.close();
    },
  };
}

/**
 * Refuses (aborts) every request of `context` to a host other than `baseUrl`'s, so no result depends on the
 * network; returns the list the refused URLs are added to. A route on the context sees a request just before it
 * would go to the network.
 */
export async function refuseOtherHosts(context: BrowserContext, baseUrl: string): Promise<string[]> {
  const refused: string[] = [];
  const host = new URL(baseUrl).host;
  await context.route(
    (url) => /^(?:https?|wss?):$/.test(url.protocol) && url.host !== host,
    (route) => {
      refused.push(route.request().url());
      return route.abort('internetdisconnected');
    },
  );
  return refused;
}

async function openTab(browser: Browser, baseUrl: string, { javaScript = true, width = WIDTHS.desktop }: OpenOptions): Promise<BrowserTab> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    javaScriptEnabled: javaScript,
    viewport: { width, height: HEIGHTS[width] ?? 800 },
  });
  // fail fast on a missing control rather than after playwright's 30 s
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  const reachedOtherHosts = await refuseOtherHosts(context, baseUrl);
  const page = await context.newPage();
  if (javaScript) await page.addInitScript({ content: LAYOUT_SHIFT_SCRIPT });
  const consoleRecords: ConsoleRecord[] = [];
  const pageErrors: string[] = [];
  const failedResponses: string[] = [];
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => consoleRecords.push(consoleRecord(message)));
  page.on('pageerror', (error) => pageErrors.push(error.stack ?? `${error.name}: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400 && new URL(response.url()).pathname !== '/favicon.ico') failedResponses.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => failedResponses.push(`failed (${request.failure()?.errorText ?? '?'}) ${request.method()} ${request.url()}`));

  const tab: BrowserTab = {
    page,
    context,
    javaScript,
    width,
    console: consoleRecords,
    pageErrors,
    failedResponses,
    requests,
    reachedOtherHosts,
    goto: (path) => page.goto(path, { waitUntil: 'load' }),
    expectNoConsoleProblems() {
      const problems = consoleRecords.filter((m) => CONSOLE_PROBLEMS.has(m.type) && !isBrowserFaviconRequest(m));
      if (problems.length === 0 && pageErrors.length === 0) return;
      const lines = [
        ...problems.map((m) => `console.${m.type}: ${m.text}${m.location === '' ? '' : ` (at ${m.location})`}`),
        ...pageErrors.map((e) => `page error: ${e}`),
        ...(failedResponses.length > 0 ? ['responses over 400:', ...failedResponses.map((r) => `  ${r}`)] : []),
      ];
      throw new Error(`${page.url()} (${width}px, JavaScript ${javaScript ? 'on' : 'off'}): ${problems.length} console warning(s)/error(s), ${pageErrors.length} page error(s):\n${lines.join('\n')}`);
    },
    async layoutShift(settleMs = 500) {
      if (!javaScript) throw new Error('layoutShift() measures with a script in the page: open the page with JavaScript on');
      await page.waitForLoadState('load');
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(settleMs);
      // two frames: entries of the last layout reach the observer
      await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
      const state = (await page.evaluate('window.__tesseraLayoutShift')) as (LayoutShiftReport & { error: string | null }) | undefined;
      if (state === undefined) throw new Error('the layout-shift observer did not run in this page');
      if (state.error !== null) throw new Error(`layout-shift observer failed: ${state.error}`);
      return { value: state.value, entries: state.entries };
    },
    async expectNoLayoutShift(settleMs) {
      const report = await tab.layoutShift(settleMs);
      if (report.value === 0) return;
      const lines = report.entries.map((e) => `  ${e.value.toFixed(4)} at ${Math.round(e.startTime)} ms: ${e.sources.join(', ') || '(no source)'}`);
      throw new Error(`${page.url()} (${width}px): cumulative layout shift ${report.value.toFixed(4)} after load, expected 0:\n${lines.join('\n')}`);
    },
    screenshot: (name) => saveScreenshot(page, `${name}-${width}px`),
    close: () => context.close(),
  };
  return tab;
}

/**
 * Whether the browser tests write their screenshots: yes unless `TESSERA_SCREENSHOTS=0`. They are for people to
 * look at (no test reads one back), and a full-page capture is a large share of a page check's time (the corpus
 * themes' suite: 158 s with them, 113 s without, 2026-11-27), so `.ci/run`, where nobody looks, turns them off.
 */
export function screenshotsWanted(): boolean {
  return process.env['TESSERA_SCREENSHOTS'] !== '0';
}

/** A full-page screenshot to test-results/screenshots/{name}.png (unless screenshots are off); answers the file. */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  const file = join(SCREENSHOT_DIR, `${name.replace(/[^A-Za-z0-9._-]+/g, '-')}.png`);
  if (!screenshotsWanted()) return file;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
  return file;
}

/** For scripts: true when `importMetaUrl` is the module node was started with. */
export function isMainModule(importMetaUrl: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && importMetaUrl === pathToFileURL(resolve(entry)).href;
}

// ---------------------------------------------------------------------------------------------------------
// Accessibility (axe-core)

/** The axe-core rule tags a page must pass: WCAG 2.0/2.1/2.2 levels A and AA, and axe's best practices. */
export const AXE_TAGS: readonly string[] = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

export interface AxeNode {
  /** CSS selector(s) of the node (one per frame level). */
  readonly target: readonly string[];
  readonly html: string;
  readonly failureSummary: string;
}

export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly helpUrl: string;
  readonly nodes: readonly AxeNode[];
}

export interface AxeOptions {
  /** Rule ids to leave out (none by default). */
  readonly disableRules?: readonly string[];
  /** Look into iframes too (default false: embeds from other origins are not the theme's, and may not load here). */
  readonly iframes?: boolean;
}

/**
 * Run axe-core over the whole document of `page` (the script injected from node_modules, never fetched) with
 * the WCAG 2.x A/AA and best-practice rules; answers the violations with their nodes.
 */
export async function runAxe(page: Page, options: AxeOptions = {}): Promise<AxeViolation[]> {
  const hasAxe = await page.evaluate('typeof window.axe === "object"');
  if (hasAxe !== true) {
    const { createRequire } = await import('node:module');
    await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  }
  const rules = Object.fromEntries((options.disableRules ?? []).map((id) => [id, { enabled: false }]));
  const runOptions = { runOnly: { type: 'tag', values: [...AXE_TAGS] }, rules, iframes: options.iframes ?? false, resultTypes: ['violations'] };
  return page.evaluate(async (opts) => {
    type RawNode = { target: unknown[]; html: string; failureSummary?: string };
    type RawResult = { id: string; impact?: string | null; help: string; helpUrl: string; nodes: RawNode[] };
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: RawResult[] }> } }).axe;
    const result = await axe.run(document, opts);
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t))), html: n.html, failureSummary: n.failureSummary ?? '' })),
    }));
  }, runOptions);
}

/** Violations as readable lines: id, impact, help, then each node's target (and its failure summary's first line). */
export function formatAxeViolations(violations: readonly AxeViolation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.map((n) => {
        const why = n.failureSummary.split('\n').map((s) => s.trim()).filter((s) => s !== '' && !/^Fix (any|all) of the following:$/.test(s));
        return `    ${n.target.join(' ')}${why.length > 0 ? ` — ${why.slice(0, 2).join('; ')}` : ''}`;
      });
      return `  [${v.impact ?? 'n/a'}] ${v.id}: ${v.help} (${v.nodes.length} node${v.nodes.length === 1 ? '' : 's'})\n${nodes.join('\n')}`;
    })
    .join('\n');
}
