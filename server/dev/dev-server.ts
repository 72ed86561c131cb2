/**
 * `tessera dev`: a theme served over the demo store (a fresh in-memory SQLite store, seeded), or over a
 * captured page context, with the dev tools mounted: every saved file is compiled again on its own (the theme
 * is told which file changed by the watcher; nothing is statted per request), open pages reload over
 * server-sent events, and template errors show as an overlay on the page. A broken, deleted, half-saved or
 * binary file never stops the server: it is a problem on the page until the file is fixed.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, relative, resolve, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { openStore, type Store } from '../db/database.js';
import { seedDemoStore } from '../db/seed.js';
import { Theme } from '../theme.js';
import { websites } from '../db/schema.js';
import { writeSiteDocument } from '../site-documents.js';
import { siteTweakValues, type StoredTweakValues, TWEAKS_DOCUMENT, withTweakValues } from '../theme/tweaks/site-tweaks.js';
import { checkThemeDir, defaultThemeDir } from '../theme/theme-dir.js';
import { describeWithFrame } from './code-frame.js';
import { contextApp, type PageContext, readContextFile } from './context-page.js';
import { DEMO_CONTENT, demoContentProblems, SAVE, saveProblems, thrownProblem, TWEAK_VALUES, tweakValueProblems } from './dev-checks.js';
import { type DevProblem, DevProblems } from './dev-problems.js';
import { installDevTools } from './dev-tools.js';
import { watchFile, watchTheme } from './watcher.js';

export interface DevServerOptions {
  /** The theme folder (default: the default theme). */
  readonly themeDir?: string;
  /** A captured page context (`?format=json`): every address renders the theme with it. */
  readonly contextFile?: string;
  readonly port?: number;
  readonly host?: string;
  /** Where problems and changes are printed (the terminal). */
  readonly print?: (line: string) => void;
  /** How long a file's events must be quiet before it is compiled (ms). */
  readonly settleMs?: number;
  /**
   * Tweak values by name (`--tweak name=value`, already checked against the theme's tweaks): stored as the demo
   * site's, or given to the captured context.
   */
  readonly tweaks?: Readonly<Record<string, string>>;
}

export interface DevServer {
  readonly url: string;
  readonly app: FastifyInstance;
  readonly theme: Theme;
  /** The demo store the pages are rendered from (null over a captured context). */
  readonly store: Store | null;
  /** Resolves after the next change has been compiled and the reload sent (for tests). */
  nextReload(): Promise<{ path: string; clients: number }>;
  close(): Promise<void>;
}

/**
 * The file a problem names, as text, for code frames: the theme's own, else the system template; or the captured
 * context (named relative to the working directory).
 */
function sourceReader(themeDir: string, contextFile: string | null): (file: string) => string | null {
  return (file) => {
    if (contextFile !== null && resolve(file) === contextFile) {
      try {
        return readFileSync(contextFile, 'utf8');
      } catch {
        return null;
      }
    }
    for (const dir of [themeDir, defaultThemeDir()]) {
      const path = resolve(dir, file);
      if (!path.startsWith(dir + sep)) continue;
      try {
        return readFileSync(path, 'utf8');
      } catch {
        // not there: the next folder, or no frame
      }
    }
    return null;
  };
}

export async function startDevServer(options: DevServerOptions = {}): Promise<DevServer> {
  const themeDir = resolve(options.themeDir ?? defaultThemeDir());
  checkThemeDir(themeDir);
  const print = options.print ?? ((line: string) => process.stderr.write(line + '\n'));
  const contextFile = options.contextFile === undefined ? null : resolve(options.contextFile);
  const sourceOf = sourceReader(themeDir, contextFile);
  const problems = new DevProblems((p: DevProblem) => print(describeWithFrame(p, p.filename, sourceOf(p.filename))));
  const theme = new Theme(themeDir, true);
  theme.observe(problems);
  theme.followChanges();

  let context: PageContext | null = null;
  if (contextFile !== null) context = readContextFile(contextFile);

  let store: Store | null = null;
  let app: FastifyInstance;
  const flagged: StoredTweakValues = Object.freeze({ ...options.tweaks });
  if (context !== null) app = await contextApp(theme, () => withTweakValues(context!, flagged));
  else {
    store = openStore(':memory:');
    seedDemoStore(store);
    const site = store.select({ id: websites.id }).from(websites).get();
    if (site !== undefined && Object.keys(flagged).length > 0) writeSiteDocument(store, site.id, TWEAKS_DOCUMENT, { values: flagged });
    // the theme's demo content, before the app (which would only log a failure): a failure is on every page
    problems.compiled(DEMO_CONTENT, demoContentProblems(store, theme));
    app = await buildApp({ store, theme });
  }
  /** The tweak values the pages are rendered with. */
  const siteValues = () => (store === null ? flagged : siteTweakValues(store));
  /** The site's tweak values the theme's tweaks refuse now (checked at start and after each change). */
  const checkTweakValues = () => problems.compiled(TWEAK_VALUES, tweakValueProblems(theme.tweaks(), siteValues()));
  checkTweakValues();
  const problemOf = (error: Error) => thrownProblem(error, themeDir, contextFile);
  const events = installDevTools(app, { problems, boot: randomBytes(8).toString('hex'), sourceOf, problemOf });

  let waiting: ((change: { path: string; clients: number }) => void)[] = [];
  /** Tells open pages: `reload`, or `stylesheet` (`{ href }`: the page swaps its stylesheet without reloading). */
  const reload = (path: string, compileMs?: number, stylesheet?: string) => {
    const clients = stylesheet === undefined ? events.send('reload', { path }) : events.send('stylesheet', { path, href: stylesheet });
    const done = stylesheet === undefined ? 'reloaded' : 'given the new stylesheet';
    print(`tessera dev: ${path} changed${compileMs === undefined ? '' : ` (compiled in ${compileMs.toFixed(1)} ms)`}, ${clients} page${clients === 1 ? '' : 's'} ${done}`);
    for (const resolveWaiting of waiting) resolveWaiting({ path, clients });
    waiting = [];
  };
  /** The page classes and script values the tweaks give: a stylesheet that changes them needs the pages rendered again. */
  const tweakState = () => {
    const state = theme.tweakState(siteValues());
    return `${state.classes.join(' ')}\n${JSON.stringify(state.json)}`;
  };
  const watcher = watchTheme(
    themeDir,
    (path) => {
      try {
        if (!existsSync(join(themeDir, path))) problems.forget(path);
        // problems print again from here on, once each, as the changed theme meets them
        problems.changed();
        // compiled again now, alone: its problems are printed (and on the page) before the browser asks
        const start = performance.now();
        const before = path.startsWith('styles/') ? { tweaks: tweakState(), broken: problems.brokenFiles() } : null;
        theme.changed(path);
        // a collection type or custom type added while serving gets its demo collection now (server/theme-content/)
        if (store !== null && /^(template\.conf|collections\/[^/]+\.conf)$/.test(path)) problems.compiled(DEMO_CONTENT, demoContentProblems(store, theme));
        checkTweakValues();
        // a saved stylesheet is built now, with the site's tweak values, so its problems are told at once
        const sheet = theme.stylesheet(siteValues());
        const ms = performance.now() - start;
        // taken in: a save that failed before is no longer a problem
        problems.compiled(SAVE, []);
        // a stylesheet that leaves the page classes, the scripts' tweak values and the overlay as they were is
        // swapped in place (no reload: the page keeps its scroll and what is open); anything else reloads, so the
        // page shows the new overlay or classes (a LESS error that stays as it was keeps the last good sheet)
        const swap = before !== null && sheet !== null && tweakState() === before.tweaks && problems.brokenFiles() === before.broken;
        reload(path, ms, swap ? sheet.url : undefined);
      } catch (e) {
        // a step that throws (a file gone while it was read, a bug of ours) must not stop the server: the overlay says so
        problems.compiled(SAVE, saveProblems(path, e));
        reload(path);
      }
    },
    options.settleMs,
  );
  // the captured context is watched too: saving it shows the page with the new data
  const contextWatcher =
    contextFile === null
      ? null
      : watchFile(
          contextFile,
          () => {
            const name = relative(process.cwd(), contextFile);
            problems.changed();
            try {
              context = readContextFile(contextFile);
              problems.compiled(name, []);
            } catch (e) {
              // broken: the pages keep the last good context, the overlay says why
              const problem = e instanceof Error ? thrownProblem(e, themeDir, contextFile) : null;
              problems.compiled(name, [problem ?? { severity: 'error', code: 'INVALID_CONTEXT', message: String(e), filename: name, line: 1, column: 1 }]);
            }
            reload(name);
          },
          options.settleMs,
        );

  await app.listen({ port: options.port ?? 3000, host: options.host ?? 'localhost' });
  const address = app.server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    app,
    theme,
    store,
    nextReload: () => new Promise((r) => waiting.push(r)),
    async close() {
      watcher.close();
      contextWatcher?.close();
      await app.close();
      store?.$client.close();
    },
  };
}
