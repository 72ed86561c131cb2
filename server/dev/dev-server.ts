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
import { openStore } from '../db/database.js';
import { seedDemoStore } from '../db/seed.js';
import { Theme } from '../theme.js';
import { websites } from '../db/schema.js';
import { writeSiteDocument } from '../site-documents.js';
import { siteTweakValues, type StoredTweakValues, TWEAKS_DOCUMENT, withTweakValues } from '../theme/tweaks/site-tweaks.js';
import { ensureThemeContentSafely } from '../theme-content/ensure-theme-content.js';
import { checkThemeDir, defaultThemeDir } from '../theme/theme-dir.js';
import { describeWithFrame } from './code-frame.js';
import { contextApp, type PageContext, readContextFile } from './context-page.js';
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
  /** Resolves after the next change has been compiled and the reload sent (for tests). */
  nextReload(): Promise<{ path: string; clients: number }>;
  close(): Promise<void>;
}

/** The theme file a problem names, as text, for code frames (the theme's own, else the system template). */
function sourceReader(themeDir: string): (file: string) => string | null {
  return (file) => {
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
  const sourceOf = sourceReader(themeDir);
  const problems = new DevProblems((p: DevProblem) => print(describeWithFrame(p, p.filename, sourceOf(p.filename))));
  const theme = new Theme(themeDir, true);
  theme.observe(problems);
  theme.followChanges();

  let context: PageContext | null = null;
  const contextFile = options.contextFile === undefined ? null : resolve(options.contextFile);
  if (contextFile !== null) context = readContextFile(contextFile);

  let store: ReturnType<typeof openStore> | null = null;
  let app: FastifyInstance;
  const flagged: StoredTweakValues = Object.freeze({ ...options.tweaks });
  if (context !== null) app = await contextApp(theme, () => withTweakValues(context!, flagged));
  else {
    store = openStore(':memory:');
    seedDemoStore(store);
    const site = store.select({ id: websites.id }).from(websites).get();
    if (site !== undefined && Object.keys(flagged).length > 0) writeSiteDocument(store, site.id, TWEAKS_DOCUMENT, { values: flagged });
    app = await buildApp({ store, theme });
  }
  /** The tweak values the pages are rendered with. */
  const siteValues = () => (store === null ? flagged : siteTweakValues(store));
  const fileOf = (error: Error) => {
    const path = (error as NodeJS.ErrnoException).path;
    return typeof path === 'string' && path.startsWith(themeDir + sep) ? relative(themeDir, path) : null;
  };
  const events = installDevTools(app, { problems, boot: randomBytes(8).toString('hex'), sourceOf, fileOf });

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
      if (!existsSync(join(themeDir, path))) problems.forget(path);
      // problems print again from here on, once each, as the changed theme meets them
      problems.changed();
      // compiled again now, alone: its problems are printed (and on the page) before the browser asks
      const start = performance.now();
      const before = path.startsWith('styles/') ? { tweaks: tweakState(), broken: problems.brokenFiles() } : null;
      theme.changed(path);
      // a collection type or custom type added while serving gets its demo collection now (server/theme-content/)
      if (store !== null && /^(template\.conf|collections\/[^/]+\.conf)$/.test(path)) ensureThemeContentSafely(store, theme, (message) => print(`tessera dev: ${message}`));
      // a saved stylesheet is built now, with the site's tweak values, so its problems are told at once
      const sheet = theme.stylesheet(siteValues());
      const ms = performance.now() - start;
      // a stylesheet that leaves the page classes, the scripts' tweak values and the overlay as they were is
      // swapped in place (no reload: the page keeps its scroll and what is open); anything else reloads, so the
      // page shows the new overlay or classes (a LESS error that stays as it was keeps the last good sheet)
      const swap = before !== null && sheet !== null && tweakState() === before.tweaks && problems.brokenFiles() === before.broken;
      reload(path, ms, swap ? sheet.url : undefined);
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
            try {
              context = readContextFile(contextFile);
              problems.changed();
              reload(relative(process.cwd(), contextFile));
            } catch (e) {
              // broken: keep the last good context and say why
              print(`tessera dev: ${e instanceof Error ? e.message : String(e)}`);
            }
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
    nextReload: () => new Promise((r) => waiting.push(r)),
    async close() {
      watcher.close();
      contextWatcher?.close();
      await app.close();
      store?.$client.close();
    },
  };
}
